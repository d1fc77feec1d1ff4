/*
 * solve_table.c - what the hash solver's two passes call down to (see
 * solve_table.h): the memory of its tables counted against the cap, a
 * position restored from its key, and the progress tick that also
 * notices Ctrl-C.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/solve_table.h"
#include "base/interrupt.h"
#include "base/util.h"

/*
 * Resize *p from `old` to `new` bytes, charged against the cap.  Returns
 * 0, or -1 with a message naming the cap (or the allocator's refusal).
 */
int
solve_resize(struct solver *sv, void *pp, size_t old, size_t new,
    const char *what)
{
	void **p = pp;
	void *q;
	char a[32], b[32];

	if (new > old && sv->used - old + new > sv->cap) {
		format_bytes(sv->used - old + new, a, sizeof a);
		format_bytes(sv->cap, b, sizeof b);
		snprintf(sv->err, sv->errlen, "stopped at %llu positions: the "
		    "%s would bring the tables to %s, past the memory cap of "
		    "%s (--memory)", (unsigned long long)sv->n, what, a, b);
		return -1;
	}
	if (new == 0) {
		free(*p);
		q = NULL;
	} else if ((q = realloc(*p, new)) == NULL) {
		format_bytes(new, a, sizeof a);
		snprintf(sv->err, sv->errlen, "stopped at %llu positions: no "
		    "memory for %s of %s", (unsigned long long)sv->n, what, a);
		return -1;
	}
	*p = q;
	sv->used = sv->used - old + new;
	if (sv->used > sv->st.peak)
		sv->st.peak = sv->used;
	return 0;
}

/* Restore the position of key k into s. */
int
solve_restore(struct solver *sv, struct tbl_state *s, const unsigned char *k,
    uint64_t i)
{
	if (sv->flat) {
		memcpy((void *)s, k, sv->klen);
		return 0;
	}
	if (sv->g->set_key(s, k, sv->klen) == 0)
		return 0;
	snprintf(sv->err, sv->errlen, "%s refuses its own key of position %llu",
	    sv->g->name, (unsigned long long)i);
	return -1;
}

/* Report progress about 5 times a second; 1 when Ctrl-C stops the run. */
int
solve_tick(struct ticker *t, enum solve_phase ph, uint64_t done,
    uint64_t total)
{
	double now;

	if (interrupt_pending())
		return 1;
	if (t->fn == NULL || (now = now_seconds()) < t->next)
		return 0;
	t->next = now + 0.2;
	t->fn(t->arg, ph, done, total);
	return 0;
}
