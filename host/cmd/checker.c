/*
 * checker.c - the contract checks of `tablero check`: one random game of
 * a plugin, every position on the way held to tablero-sdk(3).
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/check_diagram.h"
#include "cmd/check_hooks.h"
#include "cmd/checker.h"
#include "cmd/check_random.h"
#include "base/interrupt.h"
#include "run/jsonl.h"
#include "base/movebuf.h"
#include "core/game.h"
#include "core/record.h"
#include "base/rng.h"
#include "core/session.h"
#include "core/sessiontext.h"
#include "base/util.h"

/* A reproducer longer than this goes into a record file. */
#define REPRO_MAX 4096

/*
 * Write the moves of the failing game to a record (check-GAME-SEED.tbr in
 * the current directory) and return its name, or NULL with err set.
 */
static char *
repro_record(struct checker *c, char *err, size_t errlen)
{
	struct session *s = session_new(c->plugin, c->os, c->seed, err, errlen);
	char *file, *moves, *m, *next;
	int rc = 0;

	if (s == NULL)
		return NULL;
	moves = xstrdup(sbuf_str(&c->moves));
	for (m = moves; m && *m && rc == 0; m = next) {
		next = strstr(m, "; ");
		if (next) {
			*next = '\0';
			next += 2;
		}
		rc = session_play(s, m, NULL, err, errlen) == PLAY_OK ? 0 : -1;
	}
	free(moves);
	file = xasprintf("check-%s-%" PRIu64 ".tbr", c->g->name, c->seed);
	if (rc == 0)
		rc = record_save(s, NULL, 0, file, err, errlen);
	session_free(s);
	if (rc != 0) {
		free(file);
		return NULL;
	}
	return file;
}

/*
 * Pass one failure's report on, as a line holding it as a JSON string:
 * down the pipe of the game's process at once (so that a crash later in
 * the game does not lose it), or into c->found in the checking process.
 */
static void
report(struct checker *c, const char *text)
{
	struct sbuf b = { 0 };

	json_string(&b, text);
	sbuf_puts(&b, "\n");
	if (c->out_fd < 0 || write_all(c->out_fd, b.s, b.len) != 0)
		sbuf_add(&c->found, b.s, b.len);
	sbuf_free(&b);
}

/*
 * Append s as one word of the POSIX shell: as it is when it holds only
 * characters the shell leaves alone, else in single quotes, each ' as '\''.
 */
static void
shell_word(struct sbuf *b, const char *s)
{
	if (*s && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789_-+=./:,@%") == strlen(s)) {
		sbuf_puts(b, s);
		return;
	}
	sbuf_puts(b, "'");
	for (; *s; s++)
		sbuf_puts(b, *s == '\'' ? "'\\''" : (char[2]){ *s, 0 });
	sbuf_puts(b, "'");
}

/* "\n  reproduce: tablero[ -P DIR] " */
static void
repro_start(struct sbuf *b, const struct checker *c)
{
	sbuf_puts(b, "\n  reproduce: tablero ");
	if (c->pdir) {
		sbuf_puts(b, "-P ");
		shell_word(b, c->pdir);
		sbuf_puts(b, " ");
	}
}

static void
failure(struct checker *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Count a failure and start its report: "FAIL game N: what". */
static void
begin_report(struct checker *c, struct sbuf *b, const char *fmt, va_list ap)
{
	c->failures++;
	sbuf_printf(b, "FAIL game %d: ", c->game);
	sbuf_vprintf(b, fmt, ap);
}

static void
failure(struct checker *c, const char *fmt, ...)
{
	struct sbuf b = { 0 };
	va_list ap;
	char *cmd;

	va_start(ap, fmt);
	begin_report(c, &b, fmt, ap);
	va_end(ap);
	if (c->moves.len > REPRO_MAX && c->plugin != NULL) {
		/* A command line this long fails (E2BIG): a record loads. */
		char e[TBL_ERRLEN], *file = repro_record(c, e, sizeof e);
		if (file != NULL) {
			cmd = xasprintf("load %s; position", file);
			repro_start(&b, c);
			sbuf_puts(&b, "-c ");
			shell_word(&b, cmd);
			sbuf_puts(&b, "\n");
			free(cmd);
			report(c, sbuf_str(&b));
			sbuf_free(&b);
			free(file);
			return;
		}
		sbuf_printf(&b, "\n  (no record of the %zu-byte reproducer: %s)",
		    c->moves.len, e);
	}
	cmd = xasprintf("set chance=manual; new %s%s%s; %s", c->g->name,
	    *c->opts ? " " : "", c->opts,
	    c->moves.len ? sbuf_str(&c->moves) : "position");
	repro_start(&b, c);
	sbuf_printf(&b, "-s %" PRIu64 " -c ", c->seed);
	shell_word(&b, cmd);
	sbuf_puts(&b, "\n");
	free(cmd);
	report(c, sbuf_str(&b));
	sbuf_free(&b);
}

void
check_failure_plain(struct checker *c, const char *fmt, ...)
{
	struct sbuf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	begin_report(c, &b, fmt, ap);
	va_end(ap);
	repro_start(&b, c);
	sbuf_printf(&b, "check %s%s%s --games 1 --seed %" PRIu64 "\n",
	    c->g->name, *c->opts ? " " : "", c->opts, c->seed);
	report(c, sbuf_str(&b));
	sbuf_free(&b);
}

void
check_failed(struct checker *c, const char *what)
{
	failure(c, "%s", what);
}

/* A failure of play_random() that check_play_random() found, if any. */
static void
report_random(struct checker *c, char *msg)
{
	if (msg != NULL)
		check_failed(c, msg);
	free(msg);
}

static char *
pos_of(const struct tbl_game *g, const struct tbl_state *s)
{
	return game_position(g, s);
}

int
check_options(const struct tbl_game *g, struct sbuf *out)
{
	int i, bad = 0;

	/* The loader has refused a plugin whose default is invalid. */
	for (i = 0; i < g->noptions; i++)
		if (g->options[i].doc == NULL || g->options[i].doc[0] == '\0') {
			sbuf_printf(out, "FAIL option '%s' has no one-line doc\n",
			    g->options[i].key);
			bad++;
		}
	return bad;
}

/* The moves (or outcomes) of st into a new array; *n their number. */
static tbl_move *
moves_of(const struct tbl_game *g, const struct tbl_state *st, int *n)
{
	struct movebuf mb;
	tbl_move *v;

	movebuf_init(&mb);
	*n = movebuf_fill(&mb, g, st, g->to_move(st));
	v = mb.m;
	free(mb.prob);
	return v;
}

/*
 * get -> set -> get on a clone gives the same string, and the position
 * read back has the same legal moves (or outcomes), in the same order.
 */
static void
check_roundtrip(struct checker *c, const struct tbl_state *st)
{
	const struct tbl_game *g = c->g;
	struct tbl_state *t = g->clone(st);
	char *p1 = pos_of(g, st), *p2, err[TBL_ERRLEN] = "";
	tbl_move *m1, *m2;
	int n1, n2;

	if (game_set_position(g, t, p1, err, sizeof err) != 0) {
		failure(c, "set_position refuses its own position string '%s': %s",
		    p1, err);
	} else {
		p2 = pos_of(g, t);
		if (strcmp(p1, p2) != 0)
			failure(c, "position string does not round-trip: '%s' "
			    "reads back as '%s'", p1, p2);
		else if (g->to_move(t) != g->to_move(st))
			failure(c, "after set_position('%s') the side to move "
			    "differs (%d, not %d)", p1, g->to_move(t), g->to_move(st));
		else {
			m1 = moves_of(g, st, &n1);
			m2 = moves_of(g, t, &n2);
			if (n1 != n2 || memcmp(m1, m2, (size_t)n1 * sizeof *m1) != 0)
				failure(c, "after set_position('%s') the legal moves "
				    "differ (%d moves, not %d, or others)", p1, n2, n1);
			free(m1);
			free(m2);
		}
		free(p2);
	}
	free(p1);
	g->destroy(t);
}

/* Every legal move's text parses back to the same move, wholly. */
static void
check_notation(struct checker *c, const struct tbl_state *st,
    const tbl_move *mv, int n)
{
	const struct tbl_game *g = c->g;
	int i;

	for (i = 0; i < n; i++) {
		char buf[256], err[TBL_ERRLEN] = "";
		tbl_move back;
		size_t used = 0;
		int len;

		buf[sizeof buf - 1] = '\0';
		len = g->format_move(st, mv[i], buf, sizeof buf);
		if (len > 0 && (size_t)len < sizeof buf)
			buf[len] = '\0';	/* check_texts() reports a missing NUL */
		if (len <= 0 || (size_t)len >= sizeof buf) {
			failure(c, "format_move gives no usable text for move %u",
			    (unsigned)mv[i]);
			return;
		}
		if (game_parse_move(g, st, buf, &back, &used, err,
		    sizeof err) != 0) {
			game_clean_text(buf);	/* check_texts() reports it */
			failure(c, "move text '%s' does not parse: %s", buf, err);
			return;
		}
		if (back != mv[i] || used != (size_t)len) {
			game_clean_text(buf);
			failure(c, "move text '%s' parses as move %u using %zu bytes "
			    "(expected %u, %d bytes)", buf, (unsigned)back, used,
			    (unsigned)mv[i], len);
			return;
		}
	}
}

static int
listed(const tbl_move *mv, int n, tbl_move m)
{
	int i;

	for (i = 0; i < n; i++)
		if (mv[i] == m)
			return 1;
	return 0;
}

/* Applying the unlisted move `bad` is refused and changes nothing. */
static void
check_refused(struct checker *c, const struct tbl_state *st, tbl_move bad)
{
	const struct tbl_game *g = c->g;
	struct tbl_state *t = g->clone(st);
	char *p1 = pos_of(g, t), *p2;

	if (g->apply(t, bad) == 0) {
		failure(c, "apply accepts move %u (0x%x), which legal_moves does "
		    "not list", (unsigned)bad, (unsigned)bad);
	} else {
		p2 = pos_of(g, t);
		if (strcmp(p1, p2) != 0)
			failure(c, "a refused move %u changed the position from '%s' "
			    "to '%s'", (unsigned)bad, p1, p2);
		free(p2);
	}
	free(p1);
	g->destroy(t);
}

/*
 * A move that is not legal is refused and changes nothing: the smallest
 * unlisted value, and listed moves with a high bit set (a plugin that
 * decodes only the low bits of a move accepts those).
 */
static void
check_illegal(struct checker *c, const struct tbl_state *st,
    const tbl_move *mv, int n)
{
	static const int bits[] = { 8, 12, 16, 20, 24, 28, 31 };
	tbl_move bad = 0;
	int i, found;
	size_t b;

	for (b = 0; b < sizeof bits / sizeof bits[0] && n > 0; b++) {
		tbl_move hi = mv[(size_t)b % (size_t)n] | (tbl_move)1u << bits[b];
		if (!listed(mv, n, hi))
			check_refused(c, st, hi);
	}

	/* The smallest value not among the legal moves, in any order. */
	do {
		found = 0;
		for (i = 0; i < n; i++)
			if (mv[i] == bad) {
				found = 1;
				bad++;
			}
	} while (found);
	check_refused(c, st, bad);
}

/* The snprintf contract of a text function (check_hooks.h). */
static void
check_text_of(struct checker *c, const char *what, check_text_fn call,
    const void *ctx)
{
	char why[320];

	if (check_text(what, call, ctx, 0, why, sizeof why) != 0)
		failure(c, "%s", why);
}

struct text_ctx {
	const struct tbl_game *g;
	const struct tbl_state *st;
	int (*fn)(const struct tbl_state *, char *, size_t);
	tbl_move m;
};

static int
call_state_text(const void *ctx, char *buf, size_t len)
{
	const struct text_ctx *t = ctx;

	return t->fn(t->st, buf, len);
}

static int
call_format_move(const void *ctx, char *buf, size_t len)
{
	const struct text_ctx *t = ctx;

	return t->g->format_move(t->st, t->m, buf, len);
}

/* Every text function of st, and the text of its first moves. */
static void
check_texts(struct checker *c, const struct tbl_state *st,
    const tbl_move *mv, int n)
{
	const struct tbl_game *g = c->g;
	struct text_ctx t = { g, st, NULL, 0 };
	int i;

	t.fn = g->get_position;
	check_text_of(c, "get_position", call_state_text, &t);
	t.fn = g->render;
	check_text_of(c, "render", call_state_text, &t);
	if (g->describe_result && g->to_move(st) == TBL_END) {
		t.fn = g->describe_result;
		check_text_of(c, "describe_result", call_state_text, &t);
	}
	for (i = 0; i < n && i < 3; i++) {
		t.m = mv[i];
		check_text_of(c, "format_move", call_format_move, &t);
	}
}

static void
check_order(struct checker *c, const tbl_move *mv, int n, const char *what)
{
	int i;

	for (i = 1; i < n; i++)
		if (mv[i] <= mv[i - 1]) {
			failure(c, "%s are not in strictly ascending order (%u after %u)",
			    what, (unsigned)mv[i], (unsigned)mv[i - 1]);
			return;
		}
}

/* The checks at the end of a game: its result and no moves listed. */
static void
check_end(struct checker *c, const struct tbl_state *st, int np,
    double *res, struct movebuf *mb)
{
	const struct tbl_game *g = c->g;
	int i;

	check_texts(c, st, NULL, 0);
	if (g->result(st, res) != 0)
		failure(c, "the game is over but result() fails");
	else
		for (i = 0; i < np; i++)
			if (!(res[i] >= 0 && res[i] <= 1)) {
				failure(c, "result for player %d is %g, "
				    "outside [0, 1]", i, res[i]);
				break;
			}
	if (g->legal_moves(st, mb->m, mb->cap) != 0)
		failure(c, "legal moves listed after the end");
}

/*
 * Fill mb with the moves (or chance outcomes) of `who` at st and check
 * the listing; returns their count, or -1 after a failure.
 */
static int
check_listing(struct checker *c, const struct tbl_state *st, int who,
    struct movebuf *mb)
{
	const struct tbl_game *g = c->g;
	const char *fn = who == TBL_CHANCE ? "chance_outcomes" : "legal_moves";
	int n = movebuf_fill(mb, g, st, who);

	if (mb->broken) {
		failure(c, "%s reports %d moves after the host made room "
		    "for %d", fn, mb->broken, mb->cap);
		return -1;
	}
	if (n > 0 && (who == TBL_CHANCE ?
	    g->chance_outcomes(st, NULL, NULL, 0) :
	    g->legal_moves(st, NULL, 0)) != n) {
		failure(c, "%s with no buffer (NULL, 0) does not return "
		    "the count %d", fn, n);
		return -1;
	}
	check_texts(c, st, mb->m, n);
	if (n <= 0) {
		failure(c, "%s to move but no %s", who == TBL_CHANCE ?
		    "chance is" : "a player is", who == TBL_CHANCE ?
		    "outcomes" : "legal moves");
		return -1;
	}
	return n;
}

/* The n chance outcomes at st: probabilities in (0, 1] summing to 1. */
static void
check_chance(struct checker *c, const struct tbl_state *st,
    struct movebuf *mb, int n)
{
	const double *prob = mb->prob;
	double sum = 0;
	int i;

	for (i = 0; i < n; i++) {
		if (!(prob[i] > 0 && prob[i] <= 1))
			failure(c, "chance outcome %d has probability %g",
			    i, prob[i]);
		sum += prob[i];
	}
	if (fabs(sum - 1) > 1e-9)
		failure(c, "chance probabilities sum to %.12g, not 1", sum);
	if (c->g->legal_moves(st, mb->m, 0) != 0)
		failure(c, "legal_moves lists moves at a chance point");
}

/*
 * Play m (by `who`) on a clone of st, check that st is left alone, then
 * copy the clone back into st and add the move's text to c->moves.
 * Returns 0, or -1 when apply() refuses the move.
 */
static int
play_on_clone(struct checker *c, struct tbl_state *st, int who,
    const struct movebuf *mb, int n, int k)
{
	const struct tbl_game *g = c->g;
	tbl_move m = mb->m[k];
	char *before = pos_of(g, st), *after, *text, why[320];
	struct tbl_state *cl = g->clone(st);
	struct check_move cm = { st, cl, mb->m, n, k, who, g->players(st) };

	if (g->apply(cl, m) != 0) {
		failure(c, "apply refuses a listed %s %u",
		    who == TBL_CHANCE ? "outcome" : "legal move", (unsigned)m);
		g->destroy(cl);
		free(before);
		return -1;
	}
	after = pos_of(g, st);
	if (strcmp(before, after) != 0)
		failure(c, "playing on a clone changed the original");
	free(after);
	if (check_played(g, &cm, why, sizeof why) != 0)
		failure(c, "%s", why);
	text = game_move_text(g, st, m);
	g->copy(st, cl);
	g->destroy(cl);
	free(before);
	sbuf_printf(&c->moves, "%s%s", c->moves.len ? "; " : "", text);
	free(text);
	return 0;
}

/*
 * Why the game ended (end_kind, ABI 1.3): a value the SDK defines, and a
 * limit end noted in c (and told to the checking process down the pipe).
 */
static void
check_end_kind(struct checker *c, const struct tbl_state *st)
{
	int k;

	if (c->g->end_kind == NULL)
		return;
	k = c->g->end_kind(st);
	if (k != TBL_END_RULES && k != TBL_END_LIMIT) {
		failure(c, "end_kind() is %d, not TBL_END_RULES (0) or "
		    "TBL_END_LIMIT (1)", k);
		return;
	}
	c->limit_end = k == TBL_END_LIMIT;
	if (c->limit_end && c->out_fd >= 0)
		(void)write_all(c->out_fd, CHECK_LIMIT_LINE,
		    strlen(CHECK_LIMIT_LINE));
}

void
check_game(struct checker *c, const struct tbl_state *start, long cap)
{
	const struct tbl_game *g = c->g;
	struct tbl_state *st = g->clone(start);
	struct rng rng;
	int np = g->players(start);
	struct movebuf mb;
	double *res = xcalloc((size_t)np + 1, sizeof *res);
	long len = 0, f0 = c->failures;
	char why[320];
	struct check_diagram *cd = check_diagram_new(g, start);

	movebuf_init(&mb);
	rng_seed(&rng, c->seed);
	sbuf_reset(&c->moves);
	c->limit_end = 0;
	if (check_option_values(g, st, why, sizeof why) != 0)
		check_failed(c, why);
	while (!interrupt_pending()) {
		int who = g->to_move(st), n, k;

		check_roundtrip(c, st);
		if (check_hooks(g, st, np, why, sizeof why) != 0)
			check_failed(c, why);
		if (check_diagram(cd, st, why, sizeof why) != 0)
			check_failed(c, why);
		if (who == TBL_END) {
			report_random(c, check_random_declines(g, st,
			    "at the end of the game"));
			report_random(c, check_playout(g, st, c->seed, 1));
			check_end(c, st, np, res, &mb);
			check_end_kind(c, st);
			break;
		}
		if (g->result(st, res) == 0) {
			failure(c, "result() answers before the end of the game");
			break;
		}
		if (who != TBL_CHANCE && (who < 0 || who >= np)) {
			failure(c, "to_move() is %d, not a player, chance or end", who);
			break;
		}
		if (len >= cap) {
			failure(c, "the game did not end within %ld moves", cap);
			break;
		}
		if ((n = check_listing(c, st, who, &mb)) < 0)
			break;
		if (who == TBL_CHANCE) {
			report_random(c, check_random_declines(g, st,
			    "at a chance point"));
			check_chance(c, st, &mb, n);
			k = rng_pick(&rng, mb.prob, n);
		} else {
			check_order(c, mb.m, n, "legal moves");
			check_notation(c, st, mb.m, n);
			k = (int)rng_below(&rng, (uint32_t)n);
			report_random(c, check_play_random(c->g, st, mb.m,
			    n, k));
		}
		/* playout() from here, up to 1 to 16 moves (it declines at a
		 * chance point and at the end: checked there too). */
		report_random(c, check_playout(g, st, c->seed + (uint64_t)len,
		    1 + len % 16));
		check_illegal(c, st, mb.m, n);
		check_diagram_played(cd, st, who, mb.m[k]);
		if (c->failures > f0 || play_on_clone(c, st, who, &mb, n, k) != 0)
			break;
		len++;
		if (c->failures > f0)
			break;
	}
	check_diagram_free(cd);
	g->destroy(st);
	movebuf_free(&mb);
	free(res);
}

