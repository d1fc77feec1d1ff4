/*
 * util.h - allocation that never fails, growable strings, and the
 * nearest-name suggestion used by every error message.
 */
#ifndef TABLERO_UTIL_H
#define TABLERO_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* Allocation wrappers: abort with a message when memory runs out. */
void *xmalloc(size_t n);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
/*
 * Memory on cache lines of its own: aligned to LINE_BYTES and rounded up
 * to a multiple of it, so that no other allocation shares a line with it.
 * For what one thread writes all the time while another thread writes its
 * own (a search's scratch positions, outcomes and paths): two small blocks
 * malloc() puts side by side would bounce their line between the cores.
 * Freed with free().  xrealloc_lines keeps the first `used` bytes.
 */
#define LINE_BYTES 128	/* two cache lines: the prefetcher pulls pairs */
void *xmalloc_lines(size_t n);
void *xcalloc_lines(size_t n);
void *xrealloc_lines(void *p, size_t used, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A growable NUL-terminated string; zero-initialise before use. */
struct sbuf {
	char *s;
	size_t len, cap;
};

void sbuf_printf(struct sbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void sbuf_vprintf(struct sbuf *b, const char *fmt, va_list ap);
void sbuf_add(struct sbuf *b, const char *s, size_t n);
void sbuf_puts(struct sbuf *b, const char *s);
void sbuf_reset(struct sbuf *b);
void sbuf_free(struct sbuf *b);
/* The text so far, "" when empty (never NULL). */
const char *sbuf_str(const struct sbuf *b);

/*
 * The length of the valid UTF-8 sequence at p (whose first byte is 0x80
 * or above), 2 to 4, or 0: no lone continuation bytes, overlong forms,
 * surrogates or code points above U+10FFFF (RFC 3629).
 */
size_t utf8_seq_len(const unsigned char *p);

/* Edit distance between a and b (Levenshtein, ASCII case-insensitive). */
int edit_distance(const char *a, const char *b);

/*
 * The candidate nearest to `word` if it is close enough to be a likely
 * misspelling, else NULL.  `cands` is NULL-terminated.
 */
const char *nearest(const char *word, const char *const *cands);

/* Strip leading and trailing blanks in place; returns s advanced. */
char *strtrim(char *s);

/* Split s in place at blanks into at most max words; returns the count. */
int split_words(char *s, char **words, int max);

/* Join dir and name with one slash; the caller frees the result. */
char *path_join(const char *dir, const char *name);

/*
 * Read a non-negative decimal number that fills all of text into *out.
 * Returns 0, or -1 (out untouched) for anything else.
 */
int parse_u64(const char *text, uint64_t *out);

/*
 * Read a decimal integer (an optional '-', then digits, nothing else: no
 * blanks, no '+', no overflow) from min to max into *out.  Returns 0, or
 * -1 (out untouched).  Every number a user types goes through this or
 * parse_u64, so "4294967297" is never read as 1.
 */
int parse_long(const char *text, long min, long max, long *out);

/* *out = a * b, or -1 when that overflows a size_t. */
int size_mul(size_t a, size_t b, size_t *out);

/* "1.5 GiB", "640 KiB", "12 B": n bytes for a person, into buf. */
void format_bytes(size_t n, char *buf, size_t len);

/* Monotonic time in seconds. */
double now_seconds(void);

/* Write all n bytes of buf to fd, again after EINTR; 0, or -1. */
int write_all(int fd, const void *buf, size_t n);

/*
 * A process that ends without exit() (_exit in a child, or a signal it
 * raises against itself) writes its coverage counts first in a coverage
 * build (configure --enable-coverage, `make coverage`): those of the host
 * and of each plugin loaded, whose gcov dump function the loader adds
 * (coverage_add) and removes before it unloads the plugin.  Other builds
 * are unchanged.
 */
#if defined(TABLERO_COVERAGE) && !defined(TABLERO_FUZZ)
void coverage_add(const void *owner, void (*dump)(void));
void coverage_remove(const void *owner);
void coverage_dump_all(void);
void coverage_dump_final(void);
#define coverage_dump() coverage_dump_all()
#else
#define coverage_dump() ((void)0)
#define coverage_dump_final() ((void)0)
#endif
/* _exit(status) for a child process (needs <unistd.h>); in a coverage
 * build its counts written first, every signal blocked meanwhile. */
#define child_exit(status) do { \
	int child_exit_status_ = (status); \
	coverage_dump_final(); \
	_exit(child_exit_status_); \
} while (0)

#endif /* TABLERO_UTIL_H */
