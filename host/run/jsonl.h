/*
 * jsonl.h - the JSON lines of `match`, `survey` and `check` (--json and
 * --shard) and their reading back by `merge`.
 *
 * Only what tablero writes is read: one object a line whose values are
 * strings, numbers, true/false/null, arrays of strings or numbers, or
 * objects (the "engines" of a header), nested at most 8 deep; the
 * getters read the members of the top object.
 */
#ifndef TABLERO_JSONL_H
#define TABLERO_JSONL_H

#include <stddef.h>
#include <stdint.h>

struct sbuf;

/* Append s as a JSON string (quoted and escaped). */
void json_string(struct sbuf *b, const char *s);

/* Append a number so that reading it back gives the same double. */
void json_number(struct sbuf *b, double v);

/* Append ,"name":["v0","v1",...] for v[0..n). */
void json_member_strings(struct sbuf *b, const char *name, char *const *v,
    long n);

#define JSON_MAXFIELDS 64

/* One member of a parsed object: where its key and value text lie. */
struct jfield {
	const char *key, *val;
	size_t klen, vlen;
};

struct jobject {
	struct jfield f[JSON_MAXFIELDS];
	int n;
};

/*
 * Split the object on `line` into its members (pointing into line).
 * Returns 0, or -1 with a message saying what is wrong and where.
 */
int json_parse(const char *line, struct jobject *o, char *err, size_t errlen);

/* The value of member `key` as a number; 0, or -1 when absent or not one. */
int json_get_num(const struct jobject *o, const char *key, double *out);

/*
 * As a whole number in [min, max] (bounds within +-2^53); 0, or -1 when
 * absent, not a number, not whole or out of range.
 */
int json_get_long(const struct jobject *o, const char *key, long min,
    long max, long *out);

/* As a non-negative integer (exactly, beyond 2^53); 0, or -1. */
int json_get_u64(const struct jobject *o, const char *key, uint64_t *out);

/* As a string, unescaped, in a new string the caller frees; NULL if none. */
char *json_get_str(const struct jobject *o, const char *key);

/* As true/false; -1 when absent or neither. */
int json_get_bool(const struct jobject *o, const char *key);

/*
 * An array of numbers into out[0..max); returns the count, or -1 when
 * absent, not an array of numbers, or longer than max.
 */
int json_get_nums(const struct jobject *o, const char *key, double *out,
    int max);

/* An array of strings: new strings the caller frees; as json_get_nums. */
int json_get_strs(const struct jobject *o, const char *key, char **out,
    int max);

#endif /* TABLERO_JSONL_H */
