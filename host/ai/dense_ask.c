/*
 * dense_ask.c - the values of positions another process holds, when the
 * dense solver's levels are shared by processes (dense_share.c): who
 * holds a position (a process's block of a level), asking the owners for
 * a list of positions (the keys sorted, sent with MPI_Alltoallv as
 * struct procs carries it) and for their values, and what the
 * processes agree on at the end: a failure, and every process's
 * figures.  dense.c builds the report's positions and a level gathered
 * for --db on these.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "ai/dense_level.h"
#include "base/util.h"

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

void
dense_block(uint64_t n, int rank, int size, uint64_t *lo, uint64_t *hi)
{
	uint64_t chunks = (n + CHUNK - 1) / CHUNK;

	*lo = chunks * (uint64_t)rank / (uint64_t)size * CHUNK;
	*hi = chunks * (uint64_t)(rank + 1) / (uint64_t)size * CHUNK;
	*lo = *lo < n ? *lo : n;
	*hi = *hi < n ? *hi : n;
}

void
dense_share(const struct dense *d, int level, uint64_t *lo, uint64_t *hi)
{
	*lo = 0;
	*hi = d->size[level];
	if (d->comm != NULL)
		dense_block(d->size[level], d->comm->rank, d->comm->size, lo, hi);
}

/* The process holding position j of a level of n positions. */
int
dense_owner(uint64_t n, int size, uint64_t j)
{
	uint64_t chunks = (n + CHUNK - 1) / CHUNK, c = j / CHUNK;
	int r = (int)(c * (uint64_t)size / chunks);

	while (r + 1 < size && chunks * (uint64_t)(r + 1) / size <= c)
		r++;
	while (r > 0 && chunks * (uint64_t)r / size > c)
		r--;
	return r;
}

static int
owner_key(const struct dense *d, uint64_t key)
{
	return dense_owner(d->size[KEY_LEVEL(key)], d->comm->size,
	    KEY_INDEX(key));
}

void
dense_ask_free(struct ask *a)
{
	free(a->key);
	free(a->scount);
	free(a->got);
	free(a->rcount);
	free(a->start);
	memset(a, 0, sizeof *a);
}

/*
 * Send the n keys k[] (sorted, no two alike) to their owners: a->key
 * the same keys by owner, a->got what the others sent.  Takes k.  0 or
 * -1.
 */
int
dense_ask(struct dense *d, uint64_t *k, size_t n, struct ask *a)
{
	const struct procs *cm = d->comm;
	uint64_t *at = xcalloc((size_t)cm->size, sizeof *at);
	size_t i;
	int r, rc, sorted = 1, last = 0;

	memset(a, 0, sizeof *a);
	a->scount = xcalloc((size_t)cm->size, sizeof *a->scount);
	a->rcount = xcalloc((size_t)cm->size, sizeof *a->rcount);
	for (i = 0; i < n; i++) {
		r = owner_key(d, k[i]);
		a->scount[r]++;
		sorted = sorted && r >= last;
		last = r;
	}
	for (r = 1; r < cm->size; r++)
		at[r] = at[r - 1] + a->scount[r - 1];
	a->start = xmalloc((size_t)cm->size * sizeof *a->start);
	memcpy(a->start, at, (size_t)cm->size * sizeof *a->start);
	if (sorted) {		/* the keys of one level: in owners' order */
		a->key = k;
	} else {
		a->key = xmalloc((n ? n : 1) * sizeof *a->key);
		for (i = 0; i < n; i++)
			a->key[at[owner_key(d, k[i])]++] = k[i];
		free(k);
	}
	a->nkey = n;
	free(at);
	rc = cm->counts(cm->ctx, a->scount, a->rcount);
	for (r = 0; r < cm->size; r++)
		a->ngot += a->rcount[r];
	a->got = xmalloc((a->ngot ? a->ngot : 1) * sizeof *a->got);
	if (rc == 0)
		rc = cm->exchange(cm->ctx, a->key, a->scount, a->got, a->rcount,
		    sizeof *a->key);
	return rc;
}

size_t
dense_find(const uint64_t *u, size_t n, uint64_t key)
{
	size_t lo = 0, hi = n, mid;

	while (lo + 1 < hi) {
		mid = lo + (hi - lo) / 2;
		if (u[mid] <= key)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

size_t
dense_ask_find(const struct dense *d, const struct ask *a, uint64_t key)
{
	int o = owner_key(d, key);

	return a->start[o] + dense_find(a->key + a->start[o], a->scount[o],
	    key);
}

/* Sort u[0 .. n) and keep one of each key: the count kept. */
size_t
dense_uniq(uint64_t *u, size_t n)
{
	size_t i, j = 0;

	qsort(u, n, sizeof *u, cmp_u64);
	for (i = 0; i < n; i++)
		if (j == 0 || u[j - 1] != u[i])
			u[j++] = u[i];
	return j;
}

/*
 * The values of the positions keys[0 .. n) (KEY(), on solved levels,
 * held anywhere) into val[0 .. n).  Collective.  0 or -1.
 */
int
dense_fetch(struct dense *d, const uint64_t *keys, size_t n, uint16_t *val)
{
	const struct procs *cm = d->comm;
	struct ask a;
	uint16_t *ans, *back;
	uint64_t *u = xmalloc((n ? n : 1) * sizeof *u);
	size_t nu, i;
	int rc;

	if (n > 0)
		memcpy(u, keys, n * sizeof *u);
	nu = dense_uniq(u, n);
	rc = dense_ask(d, u, nu, &a);

	ans = xmalloc((a.ngot ? a.ngot : 1) * sizeof *ans);
	back = xmalloc((nu ? nu : 1) * sizeof *back);
	for (i = 0; i < a.ngot; i++) {
		int l = KEY_LEVEL(a.got[i]);
		uint64_t j = KEY_INDEX(a.got[i]) - d->base[l];
		ans[i] = d->tab[l] != NULL && d->solved[l] ? d->tab[l][j] :
		    UNKNOWN;
	}
	if (rc == 0)
		rc = cm->exchange(cm->ctx, ans, a.rcount, back, a.scount,
		    sizeof *ans);
	for (i = 0; rc == 0 && i < n; i++)
		val[i] = back[dense_ask_find(d, &a, keys[i])];
	free(ans);
	free(back);
	dense_ask_free(&a);
	return rc;
}

int
dense_share_agree(struct dense *d, int rc, char *err, size_t errlen)
{
	uint64_t v[2] = { rc < 0, rc == 1 };

	d->comm->reduce(d->comm->ctx, v, 2, 0);
	if (v[0] && rc >= 0)
		snprintf(err, errlen, "another process failed");
	return v[0] ? -1 : v[1] ? 1 : 0;
}

void
dense_share_figures(struct dense *d)
{
	const struct procs *cm = d->comm;
	uint64_t *v = xcalloc((size_t)cm->size * 5, sizeof *v), sum[2] = { 0 };
	struct rusage ru;
	int r;

	free(d->proc);
	v[cm->rank * 5] = d->st.bytes;
	v[cm->rank * 5 + 1] = d->st.peak;
	if (getrusage(RUSAGE_SELF, &ru) == 0)
		v[cm->rank * 5 + 2] = (uint64_t)ru.ru_maxrss * 1024;
	v[cm->rank * 5 + 3] = (uint64_t)(d->st.cpu * 1e6);
	v[cm->rank * 5 + 4] = d->st.evaluated;
	cm->reduce(cm->ctx, v, cm->size * 5, 1);
	d->proc = xcalloc((size_t)cm->size * 3, sizeof *d->proc);
	for (r = 0; r < cm->size; r++) {
		memcpy(d->proc + 3 * r, v + 5 * r, 3 * sizeof *v);
		sum[0] += v[5 * r + 3];
		sum[1] += v[5 * r + 4];
	}
	d->st.cpu = (double)sum[0] / 1e6;
	d->st.evaluated = sum[1];
	d->st.proc = d->proc;
	free(v);
}
