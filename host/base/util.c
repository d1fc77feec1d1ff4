/*
 * util.c - allocation that never fails, growable strings, suggestions.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tablero.h"
#include "base/util.h"

static void
out_of_memory(void)
{
	fputs("tablero: out of memory\n", stderr);
	abort();
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		out_of_memory();
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (p == NULL)
		out_of_memory();
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		out_of_memory();
	return p;
}

void *
xmalloc_lines(size_t n)
{
	size_t r = n ? (n + LINE_BYTES - 1) / LINE_BYTES * LINE_BYTES :
	    LINE_BYTES;
	void *p;

	if (r < n)
		out_of_memory();
	p = aligned_alloc(LINE_BYTES, r);
	if (p == NULL)
		out_of_memory();
	return p;
}

void *
xcalloc_lines(size_t n)
{
	void *p = xmalloc_lines(n);

	memset(p, 0, n);
	return p;
}

void *
xrealloc_lines(void *p, size_t used, size_t n)
{
	void *q = xmalloc_lines(n);

	if (p != NULL)
		memcpy(q, p, used < n ? used : n);
	free(p);
	return q;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
xasprintf(const char *fmt, ...)
{
	struct sbuf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	sbuf_vprintf(&b, fmt, ap);
	va_end(ap);
	return b.s ? b.s : xstrdup("");
}

static void
sbuf_reserve(struct sbuf *b, size_t extra)
{
	if (b->len + extra + 1 <= b->cap)
		return;
	while (b->len + extra + 1 > b->cap)
		b->cap = b->cap ? b->cap * 2 : 128;
	b->s = xrealloc(b->s, b->cap);
}

void
sbuf_vprintf(struct sbuf *b, const char *fmt, va_list ap)
{
	va_list ap2;
	int n;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		return;
	sbuf_reserve(b, (size_t)n);
	vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
	b->len += (size_t)n;
}

void
sbuf_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sbuf_vprintf(b, fmt, ap);
	va_end(ap);
}

void
sbuf_add(struct sbuf *b, const char *s, size_t n)
{
	sbuf_reserve(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void
sbuf_puts(struct sbuf *b, const char *s)
{
	sbuf_add(b, s, strlen(s));
}

void
sbuf_reset(struct sbuf *b)
{
	b->len = 0;
	if (b->s)
		b->s[0] = '\0';
}

void
sbuf_free(struct sbuf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

const char *
sbuf_str(const struct sbuf *b)
{
	return b->s ? b->s : "";
}

/*
 * The length of the valid UTF-8 sequence at p (whose first byte is 0x80
 * or above), or 0: no lone continuation bytes, overlong forms,
 * surrogates or code points above U+10FFFF (RFC 3629).
 */
size_t
utf8_seq_len(const unsigned char *p)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4;
	else
		return 0;
	if (p[0] == 0xe0)
		lo = 0xa0;
	else if (p[0] == 0xed)
		hi = 0x9f;
	else if (p[0] == 0xf0)
		lo = 0x90;
	else if (p[0] == 0xf4)
		hi = 0x8f;
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return n;
}

int
edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	int *row, d;

	row = xmalloc((lb + 1) * sizeof *row);
	for (j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (i = 1; i <= la; i++) {
		int diag = row[0];
		row[0] = (int)i;
		for (j = 1; j <= lb; j++) {
			int up = row[j];
			int cost = tolower((unsigned char)a[i - 1]) !=
			    tolower((unsigned char)b[j - 1]);
			int best = diag + cost;
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	d = row[lb];
	free(row);
	return d;
}

const char *
nearest(const char *word, const char *const *cands)
{
	const char *best = NULL;
	size_t lw = strlen(word), lc;
	int bestd = 1 << 30, limit, i, d;

	if (cands == NULL)
		return NULL;
	/* Close enough to be a slip: a third of the word, at least 2. */
	limit = (int)(lw / 3 < 2 ? 2 : lw / 3);
	for (i = 0; cands[i]; i++) {
		/* The lengths' difference bounds the distance from below:
		 * a long line costs no quadratic work for nothing. */
		lc = strlen(cands[i]);
		if ((lw > lc ? lw - lc : lc - lw) > (size_t)limit)
			continue;
		d = edit_distance(word, cands[i]);
		if (d < bestd) {
			bestd = d;
			best = cands[i];
		}
	}
	return bestd <= limit ? best : NULL;
}

char *
strtrim(char *s)
{
	char *e;

	s = (char *)tbl_skip_blanks(s);
	e = s + strlen(s);
	while (e > s && tbl_is_blank((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

int
split_words(char *s, char **words, int max)
{
	int n = 0;

	while (*s && n < max) {
		s = (char *)tbl_skip_blanks(s);
		if (*s == '\0')
			break;
		words[n++] = s;
		s += tbl_word_len(s);
		if (*s)
			*s++ = '\0';
	}
	return n;
}

char *
path_join(const char *dir, const char *name)
{
	size_t n = strlen(dir);

	if (n > 0 && dir[n - 1] == '/')
		return xasprintf("%s%s", dir, name);
	return xasprintf("%s/%s", dir, name);
}

int
parse_u64(const char *text, uint64_t *out)
{
	unsigned long long v;
	char *end;

	if (*text < '0' || *text > '9')
		return -1;
	errno = 0;
	v = strtoull(text, &end, 10);
	if (*end != '\0' || errno == ERANGE)
		return -1;
	*out = v;
	return 0;
}

int
parse_long(const char *text, long min, long max, long *out)
{
	const char *p = text;
	long v;
	char *end;

	if (*p == '-')
		p++;
	if (*p < '0' || *p > '9')
		return -1;
	errno = 0;
	v = strtol(text, &end, 10);
	if (*end != '\0' || errno == ERANGE || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int
size_mul(size_t a, size_t b, size_t *out)
{
	if (b != 0 && a > SIZE_MAX / b)
		return -1;
	*out = a * b;
	return 0;
}

double
now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
write_all(int fd, const void *buf, size_t n)
{
	const char *s = buf;

	while (n > 0) {
		ssize_t w = write(fd, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

void
format_bytes(size_t n, char *buf, size_t len)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	double v = (double)n;
	int u = 0;

	while (v >= 1024 && u < 4) {
		v /= 1024;
		u++;
	}
	if (u == 0)
		snprintf(buf, len, "%zu B", n);
	else
		snprintf(buf, len, "%.1f %s", v, unit[u]);
}

#if defined(TABLERO_COVERAGE) && !defined(TABLERO_FUZZ)
void __gcov_dump(void);

static struct {
	const void *owner;
	void (*dump)(void);
} dumps[64];

void
coverage_add(const void *owner, void (*dump)(void))
{
	size_t i;

	for (i = 0; i < sizeof dumps / sizeof *dumps; i++)
		if (dumps[i].owner == NULL) {
			dumps[i].owner = owner;
			dumps[i].dump = dump;
			return;
		}
}

void
coverage_remove(const void *owner)
{
	size_t i;

	for (i = 0; i < sizeof dumps / sizeof *dumps; i++)
		if (dumps[i].owner == owner)
			dumps[i].owner = NULL;
}

void
coverage_dump_all(void)
{
	size_t i;

	__gcov_dump();
	for (i = 0; i < sizeof dumps / sizeof *dumps; i++)
		if (dumps[i].owner != NULL)
			dumps[i].dump();
}

/*
 * The counts of a process about to end, with every signal blocked: gcov's
 * writing is not reentrant, and a handler that writes them again (a
 * worker's SIGTERM from its parent, say) would wait for ever on the lock
 * this writing holds.  The process ends next anyway.
 */
void
coverage_dump_final(void)
{
	sigset_t all;

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, NULL);
	coverage_dump_all();
}
#endif
