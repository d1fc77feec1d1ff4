/*
 * solve_setup.c - what the faces of the solver (`tablero solve`, the
 * REPL's `solve` and `hint`) share around the engine of solve.c: the
 * options a game is solved under (its limits off), the memory a solver
 * may use, and the values of the moves of one position.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai/solve.h"
#include "ai/solve_setup.h"
#include "base/movebuf.h"
#include "base/util.h"
#include "core/game.h"
#include "core/options.h"
#include "core/settings.h"

int
solve_parse_bytes(const char *text, size_t *out)
{
	const char *end = text;
	uint64_t v = 0;
	int shift = -1;

	/* Digits only: no sign, blank, hexadecimal, fraction or exponent. */
	for (; *end >= '0' && *end <= '9'; end++) {
		if (v > (UINT64_MAX - 9) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*end - '0');
	}
	if (end == text || v == 0)
		return -1;
	switch (*end) {
	case 'K': case 'k': shift = 10; break;
	case 'M': case 'm': shift = 20; break;
	case 'G': case 'g': shift = 30; break;
	case 'T': case 't': shift = 40; break;
	case 'B': shift = 0; break;
	default: return -1;	/* a unit is wanted */
	}
	end++;
	if (shift > 0 && (strcmp(end, "iB") == 0 || strcmp(end, "B") == 0))
		end += strlen(end);
	if (*end != '\0' || v > (UINT64_MAX >> shift) ||
	    (v << shift) >= (uint64_t)1e18 || (v << shift) > SIZE_MAX)
		return -1;
	*out = (size_t)(v << shift);
	return 0;
}

/* Do texts a and b give option o the same value? */
static int
same_value(const struct tbl_option *o, const char *a, const char *b)
{
	struct tbl_optval va, vb;
	char e[TBL_ERRLEN];

	if (opt_parse(o, a, &va, e, sizeof e) != 0 ||
	    opt_parse(o, b, &vb, e, sizeof e) != 0)
		return strcmp(a, b) == 0;
	if (o->type == TBL_OPT_STRING)
		return strcmp(va.s, vb.s) == 0;
	return va.i == vb.i;
}

int
solve_unlimit(const struct tbl_game *g, struct optset *os, int force,
    struct sbuf *applied, char *err, size_t errlen)
{
	const char *const *w;

	for (w = g->unlimited; w != NULL && *w != NULL; w++) {
		const char *eq = strchr(*w, '=');
		char *key;
		int i;

		if (eq == NULL)
			continue;
		key = xstrndup(*w, (size_t)(eq - *w));
		i = opt_find(g->options, g->noptions, key);
		if (i < 0 || (os->text[i] != NULL &&
		    same_value(&g->options[i], os->text[i], eq + 1))) {
			free(key);
			continue;
		}
		if (os->set[i] && !force) {
			snprintf(err, errlen, "%s=%s: solve needs %s, as a "
			    "position key leaves out what this limit counts",
			    key, os->text[i], *w);
			free(key);
			return -1;
		}
		if (optset_assign(os, g, key, eq + 1, err, errlen) != 0) {
			free(key);
			return -1;
		}
		if (applied != NULL)
			sbuf_printf(applied, "%s%s", applied->len ? " " : "", *w);
		free(key);
	}
	return 0;
}

size_t
solve_machine_memory(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);

	if (pages <= 0 || size <= 0)
		return 0;
	return (size_t)pages * (size_t)size;
}

size_t
solve_default_cap(void)
{
	size_t m = solve_machine_memory();

	return m ? m / 2 : (size_t)1 << 30;
}

int
solve_check_cap(size_t cap, char *err, size_t errlen)
{
	size_t m = solve_machine_memory();
	char a[32], b[32];

	format_bytes(cap, a, sizeof a);
	if (cap < SOLVE_MIN_CAP) {
		format_bytes(SOLVE_MIN_CAP, b, sizeof b);
		snprintf(err, errlen, "a memory cap of %s is too small to "
		    "start: solve needs at least %s", a, b);
		return -1;
	}
	if (m != 0 && cap > m) {
		format_bytes(m, b, sizeof b);
		snprintf(err, errlen, "a memory cap of %s is more than this "
		    "machine's %s: solving would swap", a, b);
		return -1;
	}
	return 0;
}

int
solve_move_values(const struct solver *sv, const struct tbl_game *g,
    const struct tbl_state *s, struct solve_move **out)
{
	struct tbl_state *c = g->clone(s);
	struct movebuf mb;
	tbl_move *mv;
	int n, i, k = 0;

	movebuf_init(&mb);
	n = movebuf_fill(&mb, g, s, game_to_move(g, s));
	mv = mb.m;
	*out = xcalloc(n > 0 ? (size_t)n : 1, sizeof **out);
	for (i = 0; i < n; i++) {
		struct solve_move *m = &(*out)[k];
		g->copy(c, s);
		if (g->apply(c, mv[i]) != 0 ||
		    solver_lookup(sv, c, &m->winner, &m->plies) != 0)
			continue;
		if (m->winner >= 0)
			m->plies++;	/* the move itself */
		m->move = mv[i];
		m->text = game_move_text(g, s, mv[i]);
		k++;
	}
	movebuf_free(&mb);
	g->destroy(c);
	return k;
}

void
solve_moves_free(struct solve_move *m, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(m[i].text);
	free(m);
}

const char *
solve_value_word(int winner, int side)
{
	return winner < 0 ? "draw" : winner == side ? "win" : "loss";
}

void
solve_how_far(const struct solve_stats *st, char *buf, size_t len)
{
	if (st->phase == SOLVE_ENUMERATE)
		snprintf(buf, len, "%llu positions found, %llu of them "
		    "expanded", (unsigned long long)st->positions,
		    (unsigned long long)st->expanded);
	else if (st->phase == SOLVE_LINK)
		snprintf(buf, len, "all %llu positions found, before linking "
		    "them", (unsigned long long)st->positions);
	else
		snprintf(buf, len, "all %llu positions found, %llu of them "
		    "known won so far", (unsigned long long)st->positions,
		    (unsigned long long)(st->won[0] + st->won[1]));
}

void
solve_progress_text(enum solve_phase ph, uint64_t done, uint64_t total,
    char *buf, size_t len)
{
	if (ph == SOLVE_ENUMERATE)
		snprintf(buf, len, "solve: %llu positions found, %llu expanded",
		    (unsigned long long)total, (unsigned long long)done);
	else if (ph == SOLVE_LINK)
		snprintf(buf, len, "solve: %llu positions; linking parents",
		    (unsigned long long)total);
	else
		snprintf(buf, len, "solve: %llu of %llu positions won so far",
		    (unsigned long long)done, (unsigned long long)total);
}
