/*
 * check_hooks.c - the value and text hooks check judges raw beside the
 * rules of checker.c (see check_hooks.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/check_hooks.h"
#include "base/movebuf.h"
#include "base/util.h"
#include "core/game.h"
#include "core/options.h"

/* Guard bytes after a buffer handed to a text hook. */
#define GUARD 16

/* What is wrong with the name of player p in st, into what; 0 if none. */
static int
bad_name(const struct tbl_game *g, const struct tbl_state *st, int p,
    char *what, size_t len)
{
	const char *name = g->player_name(st, p);

	if (name == NULL)
		snprintf(what, len, "player_name() is NULL for player %d", p + 1);
	else if (strnlen(name, 65) > 64 || !game_text_is_clean(name, 0))
		snprintf(what, len, "player_name() of player %d is not "
		    "printable UTF-8 of at most 64 bytes", p + 1);
	else
		return 0;
	return 1;
}

int
check_hooks(const struct tbl_game *g, const struct tbl_state *st, int np,
    char *what, size_t len)
{
	double v[TBL_MAX_PLAYERS];
	int p;

	for (p = 0; p < np && p < TBL_MAX_PLAYERS; p++)
		if (bad_name(g, st, p, what, len))
			return 1;
	if (g->evaluate == NULL || g->evaluate(st, v) != 0)
		return 0;
	for (p = 0; p < np && p < TBL_MAX_PLAYERS; p++)
		if (!(v[p] >= 0 && v[p] <= 1)) {
			snprintf(what, len, "evaluate() gives player %d %g, not a "
			    "number in [0, 1]", p + 1, v[p]);
			return 1;
		}
	return 0;
}

/* The calls of one text at the lengths check_text() tries; 1 on a fault. */
static int
text_lengths(const char *what, check_text_fn call, const void *ctx,
    const char *full, int n, char *why, size_t wlen)
{
	size_t lens[4] = { 1, (size_t)n / 2, (size_t)n, (size_t)n + 1 }, i;
	char *buf = xmalloc((size_t)n + 1 + GUARD);
	int k, r, bad = 1;

	for (k = 0; k < 4; k++) {
		size_t len = lens[k];
		if (len == 0)
			continue;
		memset(buf, 0xA5, (size_t)n + 1 + GUARD);
		r = call(ctx, buf, len);
		for (i = len; i < len + GUARD; i++)
			if ((unsigned char)buf[i] != 0xA5)
				break;
		if (i < len + GUARD)
			snprintf(why, wlen, "%s writes past a buffer of %zu bytes",
			    what, len);
		else if (r != n)
			snprintf(why, wlen, "%s returns %d for a buffer of %zu bytes, "
			    "not the full length %d", what, r, len, n);
		else if (memchr(buf, '\0', len) == NULL ||
		    strncmp(buf, full, len - 1) != 0)
			snprintf(why, wlen, "%s: a buffer of %zu bytes does not get "
			    "the start of the text, NUL-terminated", what, len);
		else
			continue;
		goto out;
	}
	bad = 0;
out:
	free(buf);
	return bad;
}

int
check_text(const char *what, check_text_fn call, const void *ctx, int line,
    char *why, size_t wlen)
{
	char *full;
	int n = call(ctx, NULL, 0), bad = 1;

	if (n < 0 || (size_t)n > TEXT_MAX) {
		snprintf(why, wlen, "%s returns %d for an empty buffer", what, n);
		return 1;
	}
	if (line && n == 0)
		return 0;	/* nothing to say: the buffer is the host's */
	full = xcalloc(1, (size_t)n + 1);
	if (call(ctx, full, (size_t)n + 1) != n || full[n] != '\0' ||
	    strlen(full) != (size_t)n)
		snprintf(why, wlen, "%s: the text does not have the length it "
		    "returns (%d)", what, n);
	else if (line && !game_text_is_clean(full, 0))
		snprintf(why, wlen, "%s is not one line of printable UTF-8",
		    what);
	else
		bad = text_lengths(what, call, ctx, full, n, why, wlen);
	free(full);
	return bad;
}

/* A hook's text for one state, option and move, as check_text calls. */
struct hook_call {
	const struct tbl_game *g;
	const struct tbl_state *st;
	int opt;
	tbl_move m;
};

static int
call_option_value(const void *ctx, char *buf, size_t len)
{
	const struct hook_call *h = ctx;

	return h->g->option_value(h->st, h->opt, buf, len);
}

static int
call_explain_illegal(const void *ctx, char *buf, size_t len)
{
	const struct hook_call *h = ctx;

	return h->g->explain_illegal(h->st, h->m, buf, len);
}

static int
call_narrate(const void *ctx, char *buf, size_t len)
{
	const struct hook_call *h = ctx;

	return h->g->narrate(h->st, h->m, buf, len);
}

static int
call_match_game_end(const void *ctx, char *buf, size_t len)
{
	const struct hook_call *h = ctx;

	return h->g->match_game_end(h->st, h->m, buf, len);
}

int
check_option_values(const struct tbl_game *g, const struct tbl_state *st,
    char *why, size_t wlen)
{
	struct hook_call h = { g, st, 0, 0 };
	char what[96], val[256], err[TBL_ERRLEN];
	struct tbl_optval v;

	if (g->option_value == NULL)
		return 0;
	for (h.opt = 0; h.opt < g->noptions; h.opt++) {
		const struct tbl_option *o = &g->options[h.opt];
		snprintf(what, sizeof what, "option_value of option '%s'", o->key);
		if (check_text(what, call_option_value, &h, 1, why, wlen))
			return 1;
		if (g->option_value(st, h.opt, val, sizeof val) <= 0 ||
		    opt_parse(o, val, &v, err, sizeof err) == 0)
			continue;
		game_clean_text(val);
		snprintf(why, wlen, "option_value of option '%s' is '%.64s', "
		    "which the option does not take: %s", o->key, val, err);
		return 1;
	}
	return 0;
}

/*
 * passes(before, m, after): at most cap players, each a player of the
 * game, and the same count with no room (cap 0, nothing written).
 */
static int
bad_passes(const struct tbl_game *g, const struct tbl_state *before,
    tbl_move m, const struct tbl_state *after, int np, char *why,
    size_t wlen)
{
	int who[TBL_MAX_PLAYERS + GUARD], n, i;

	for (i = 0; i < TBL_MAX_PLAYERS + GUARD; i++)
		who[i] = -99;
	n = g->passes(before, m, after, who, TBL_MAX_PLAYERS);
	if (n < 0 || n > TBL_MAX_PLAYERS) {
		snprintf(why, wlen, "passes() returns %d players, not 0 to %d",
		    n, TBL_MAX_PLAYERS);
		return 1;
	}
	for (i = 0; i < n; i++)
		if (who[i] < 0 || who[i] >= np) {
			snprintf(why, wlen, "passes() names %d, not a player "
			    "(0 to %d)", who[i], np - 1);
			return 1;
		}
	for (i = 0; i < TBL_MAX_PLAYERS + GUARD; i++)
		who[i] = -99;
	if (g->passes(before, m, after, who, 0) != n || who[0] != -99) {
		snprintf(why, wlen, "passes() with no room (cap 0) does not "
		    "return the count %d without writing", n);
		return 1;
	}
	return 0;
}

/*
 * explain_illegal() for the moves of before whose text parses in after
 * as a move that is not legal there (at most three).
 */
static int
bad_explain(const struct tbl_game *g, const struct tbl_state *after,
    const tbl_move *mv, int n, const struct tbl_state *before, char *why,
    size_t wlen)
{
	struct hook_call h = { g, after, 0, 0 };
	char err[TBL_ERRLEN], what[160];
	int i, j, k, nl, tried = 0, bad = 0;
	struct movebuf mb;

	movebuf_init(&mb);
	nl = movebuf_fill(&mb, g, after, g->to_move(after));
	for (i = 0; i < n && tried < 3 && !bad; i++) {
		char *text = game_move_text(g, before, mv[i]);
		size_t used;
		if (game_parse_move(g, after, text, &h.m, &used, err,
		    sizeof err) == 0) {
			for (j = 0, k = 0; j < nl && !k; j++)
				k = mb.m[j] == h.m;
			if (!k) {
				tried++;
				snprintf(what, sizeof what, "explain_illegal of move "
				    "'%.64s'", text);
				bad = check_text(what, call_explain_illegal, &h, 1,
				    why, wlen);
			}
		}
		free(text);
	}
	movebuf_free(&mb);
	return bad;
}

int
check_played(const struct tbl_game *g, const struct check_move *cm,
    char *why, size_t wlen)
{
	struct hook_call h = { g, cm->before, 0, cm->mv[cm->k] };
	char what[160], *text = game_move_text(g, cm->before, h.m);
	int who = g->to_move(cm->after), bad = 0;

	snprintf(what, sizeof what, "narrate of move '%.64s'", text);
	if (g->narrate != NULL)
		bad = check_text(what, call_narrate, &h, 1, why, wlen);
	snprintf(what, sizeof what, "match_game_end of move '%.64s'", text);
	if (!bad && g->match_game_end != NULL && cm->who != TBL_CHANCE)
		bad = check_text(what, call_match_game_end, &h, 1, why, wlen);
	free(text);
	if (!bad && g->passes != NULL)
		bad = bad_passes(g, cm->before, h.m, cm->after, cm->np, why,
		    wlen);
	if (!bad && g->explain_illegal != NULL && cm->who != TBL_CHANCE &&
	    who >= 0 && who < cm->np)
		bad = bad_explain(g, cm->after, cm->mv, cm->n, cm->before, why,
		    wlen);
	return bad;
}
