/*
 * playgame.c - one game between computer players and its measures.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/game.h"
#include "base/interrupt.h"
#include "run/isolate.h"
#include "run/jsonl.h"
#include "base/movebuf.h"
#include "run/playgame.h"
#include "core/record.h"
#include "base/safefile.h"
#include "run/contender.h"
#include "run/terms.h"
#include "core/session.h"
#include "base/util.h"

void
playgame_seating(long index, uint64_t seed, int np, uint64_t *game_seed,
    int *seating)
{
	int k;

	*game_seed = seed + (uint64_t)(index / np);
	/* Player p sits in seat (p + r) mod P, so seat k holds player k - r. */
	for (k = 0; k < np; k++)
		seating[k] = (int)((k - index % np + np) % np);
}

/*
 * The record's [Result] for a game that a fault or adjudication ended:
 * the reason in [Termination], the scores, and with `timed` each seat's
 * seconds in [Time]; into text (from record_text()).
 */
static char *
record_end(char *text, const struct game_out *o, int timed)
{
	const char *cut = strstr(text, "[Result \"");
	const char *rest = cut ? strchr(cut, '\n') : NULL;
	struct sbuf b = { 0 };
	int k;

	if (rest == NULL)
		return text;
	sbuf_add(&b, text, (size_t)(cut - text));
	if (o->why[0]) {
		if (strstr(rest, "[Scores") == NULL) {
			sbuf_printf(&b, "[Result \"%s\"]\n[Scores \"", o->result);
			for (k = 0; k < o->np; k++)
				sbuf_printf(&b, "%s%g", k ? " " : "", o->score[k]);
			sbuf_puts(&b, "\"]\n");
		} else
			sbuf_add(&b, cut, (size_t)(rest + 1 - cut));
		sbuf_printf(&b, "[Termination \"%s\"]\n", o->why);
	} else
		sbuf_add(&b, cut, (size_t)(rest + 1 - cut));
	if (timed) {
		sbuf_puts(&b, "[Time \"");
		for (k = 0; k < o->np; k++)
			sbuf_printf(&b, "%s%.3f", k ? " " : "", o->used[k]);
		sbuf_puts(&b, "\"]\n");
	}
	sbuf_puts(&b, rest + 1);
	free(text);
	return b.s;
}

/* Write the record of the moves mv[0..n) played from s's start. */
static int
save_record(struct session *s, const struct seat_spec *players,
    const struct terms *t, const struct opening *op, const struct game_out *o,
    const tbl_move *mv, const char *dir, char *err, size_t errlen)
{
	struct seat_spec seats[TBL_MAX_PLAYERS];
	struct session *r = session_new(s->plugin, &s->opts, o->seed, err,
	    errlen);
	char *path, *text;
	long i;
	int k, rc = 0;

	if (r == NULL)
		return -1;
	for (k = 0; k < o->np; k++) {
		seats[k] = players[o->seating[k]];
		/* A record is replayed without its engines: people's seats. */
		if (seats[k].kind == SEAT_ENGINE)
			seats[k].kind = SEAT_HUMAN;
	}
	if (op && op->setup)
		rc = session_setup(r, op->setup, err, errlen);
	for (i = 0; i < o->moves && rc == 0; i++)
		rc = session_apply(r, mv[i], err, errlen);
	path = xasprintf("%s/game-%06ld.tbr", dir, o->index + 1);
	if (rc == 0) {
		text = record_end(record_text(r, seats, o->np), o,
		    timectl_on(&t->tc) || t->nengines > 0);
		rc = safefile_replace(path, text, strlen(text), err, errlen);
		free(text);
	}
	free(path);
	session_free(r);
	return rc;
}

/* A game under way. */
struct game {
	const struct tbl_game *g;
	const struct terms *t;
	struct tbl_state *st;
	struct contender *seat[TBL_MAX_PLAYERS];	/* by player */
	tbl_move *mv;			/* the moves, for the record */
	long mvcap;
	int quiet;			/* moves without progress */
	double eval[TBL_MAX_PLAYERS];	/* evaluate() after the last move */
	int have_eval;
	double said[TBL_MAX_PLAYERS];	/* each seat's last estimate; -1 */
	int losing, streak;		/* --resign: the seat, its moves */
};

/* Seat w's player is at fault (or resigned): it loses, why says so. */
static void
lose(struct game_out *o, struct game *gm, int w, const char *why)
{
	int k;

	snprintf(o->why, sizeof o->why, "%s", why);
	snprintf(o->result, sizeof o->result, "%s loses: %s",
	    game_player_name(gm->g, gm->st, w), why);
	for (k = 0; k < o->np; k++)
		o->score[k] = k == w ? 0 : o->np > 1 ? 1.0 / (o->np - 1) : 0;
	o->ended = 1;
}

/* Note move m (about to be played) for the record and every player. */
static void
note_move(struct game *gm, struct game_out *o, tbl_move m)
{
	int k;

	for (k = 0; k < o->np; k++)
		contender_observe(gm->seat[k], gm->g, gm->st, m);
	if (o->moves == gm->mvcap) {
		gm->mvcap = gm->mvcap ? 2 * gm->mvcap : 256;
		gm->mv = xrealloc(gm->mv, (size_t)gm->mvcap * sizeof *gm->mv);
	}
	gm->mv[o->moves] = m;
}

/*
 * Adjudicate after a move by seat `who` that estimated `score`: --draw-
 * after when the game's evaluation has not changed for N moves,
 * --resign when both players' estimates agree that one is lost.
 */
static void
adjudicate(struct game *gm, struct game_out *o, int who, double score)
{
	const struct terms *t = gm->t;
	double v[TBL_MAX_PLAYERS];
	int k, same, np = o->np;
	char why[CONTENDER_WHY];

	if (t->draw_after > 0 && who >= 0) {
		same = game_evaluate(gm->g, gm->st, v) == 0 && gm->have_eval;
		for (k = 0; same && k < np; k++)
			same = v[k] == gm->eval[k];
		gm->have_eval = game_evaluate(gm->g, gm->st, gm->eval) == 0;
		gm->quiet = same ? gm->quiet + 1 : 0;
		if (gm->quiet >= t->draw_after) {
			snprintf(o->why, sizeof o->why, "draw: no progress for %ld "
			    "moves", t->draw_after);
			snprintf(o->result, sizeof o->result, "%s", o->why);
			for (k = 0; k < np; k++)
				o->score[k] = 1.0 / np;
			o->ended = 1;
			return;
		}
	}
	if (t->resign_moves <= 0 || who < 0 || who > 1)
		return;
	gm->said[who] = score;
	for (k = 0; k < 2; k++)
		if (gm->said[k] >= 0 && gm->said[k] <= t->resign_score &&
		    gm->said[1 - k] >= 1 - t->resign_score)
			break;
	gm->streak = k < 2 && k == gm->losing ? gm->streak + 1 : k < 2;
	gm->losing = k;
	if (k < 2 && gm->streak >= t->resign_moves) {
		snprintf(why, sizeof why, "adjudicated lost (both estimates for "
		    "%ld moves)", t->resign_moves);
		lose(o, gm, k, why);
	}
}

/*
 * Start the game: the opening on the board and every player told.
 * Returns 0, 1 when a player was at fault (the game is over), 2 when
 * stopped.
 */
static int
game_begin(struct game *gm, struct session *s, const struct seat_spec *players,
    const struct opening *op, struct game_out *o, char *err, size_t errlen)
{
	const struct terms *t = gm->t;
	char why[CONTENDER_WHY];
	long i;
	int k, rc;

	gm->losing = -1;
	for (k = 0; k < o->np; k++) {
		gm->said[k] = -1;
		gm->seat[k] = contender_new(&players[k],
		    players[k].kind == SEAT_ENGINE ?
		    &t->engines[players[k].budget] : NULL, &t->tc,
		    o->seed * 0x9E3779B97F4A7C15ULL + (uint64_t)k + 1);
	}
	if (op && op->setup && game_set_position(gm->g, gm->st, op->setup, err,
	    errlen) != 0)
		return -1;
	for (k = 0; k < o->np; k++) {
		rc = contender_begin(gm->seat[k], s, op ? op->setup : NULL,
		    why);
		if (rc != 0) {
			for (i = 0; i < o->np && o->seating[i] != k; i++)
				;
			if (rc == 1)
				lose(o, gm, (int)i, why);
			return rc;
		}
	}
	for (i = 0; op && i < op->n; i++) {
		note_move(gm, o, op->mv[i]);
		if (gm->g->apply(gm->st, op->mv[i]) != 0)
			return -1;
		o->moves++;
	}
	return 0;
}

/*
 * The decision of seat `who` in a position with n legal moves in mb:
 * 0 with the move in *m, 1 when the game ended (a fault, adjudication),
 * 2 when stopped.
 */
static int
decide(struct game *gm, struct game_out *o, int who, const struct movebuf *mb,
    int n, tbl_move *m)
{
	int p = who < o->np ? o->seating[who] : 0, rc;
	double score = -1;
	char why[CONTENDER_WHY];

	if (n == 1) {
		/* A forced move costs no time and asks no player. */
		*m = mb->m[0];
		return 0;
	}
	rc = contender_choose(gm->seat[p], gm->g, gm->st, mb, n, m, &score,
	    why);
	if (rc == 1)
		lose(o, gm, who, why);
	if (rc == 0 && who < o->np && gm->t->resign_moves > 0)
		gm->said[who] = score;
	return rc;
}

/* The scores of a game not ended by a fault; free it, each seat's time
 * kept in o. */
static void
game_end(struct game *gm, struct game_out *o)
{
	const struct tbl_game *g = gm->g;
	int k;

	if (!o->ended) {
		/* The rules ended it, or the cap cut it: points shared. */
		if (game_to_move(g, gm->st) != TBL_END ||
		    game_result(g, gm->st, o->score) != 0)
			for (k = 0; k < o->np; k++)
				o->score[k] = 1.0 / o->np;
		if (game_to_move(g, gm->st) != TBL_END)
			o->capped = 1;
		else if (game_end_kind(g, gm->st) == TBL_END_LIMIT)
			o->limit = 1;
	}
	for (k = 0; k < o->np; k++) {
		if (gm->seat[o->seating[k]] != NULL)
			o->used[k] = contender_used(gm->seat[o->seating[k]]);
	}
	for (k = 0; k < o->np; k++)
		contender_free(gm->seat[k]);
	gm->g->destroy(gm->st);
}

/*
 * Play game `index` of s's game (its start position and options) between
 * players[0..np), at most `cap` moves, into *out, on terms t (engines,
 * time control, openings, adjudication; NULL: none).  A player at fault
 * (an engine that dies, hangs or answers what is not a legal move; a
 * player past its time) loses the game, out->why says why.  When
 * records is not NULL, the game is also written as the record
 * RECORDS/game-NNNNNN.tbr (the index counted from 1).  Returns 0; 1 when
 * Ctrl-C, SIGTERM or SIGHUP (interrupt_pending()) stopped it: the game
 * is abandoned, *out is no result and no record is written; or -1 with a
 * message in err when writing the record fails.
 */
static int
playgame(struct session *s, const struct seat_spec *players, int np, long cap,
    long index, uint64_t seed, const char *records, const struct terms *t,
    struct game_out *out, char *err, size_t errlen)
{
	static const struct terms none;
	const struct tbl_game *g = s->g;
	struct opening opening, *op = &opening;
	struct game gm;
	struct rng chance;
	struct movebuf mb;
	tbl_move m;
	int who, last = -1, rc;

	if (t == NULL)
		t = &none;
	memset(out, 0, sizeof *out);
	memset(&gm, 0, sizeof gm);
	out->index = index;
	out->np = np;
	playgame_seating(index, seed, np, &out->seed, out->seating);
	if ((rc = terms_opening(t, s, index, np, op, err, errlen)) < 0)
		return -1;
	if (rc == 0)
		op = NULL;
	rng_seed(&chance, out->seed);
	out->timed = timectl_on(&t->tc) || t->nengines > 0;
	gm.g = g;
	gm.t = t;
	gm.st = g->clone(s->start);
	movebuf_init(&mb);
	rc = game_begin(&gm, s, players, op, out, err, errlen);
	while (rc == 0 && (who = game_to_move(g, gm.st)) != TBL_END) {
		int n;
		if (interrupt_pending()) {
			/* Ctrl-C: the game is abandoned, not cut short. */
			rc = 2;
			break;
		}
		if (out->moves >= cap) {
			out->capped = 1;
			break;
		}
		n = movebuf_fill(&mb, g, gm.st, who);
		if (n <= 0)
			break;		/* a plugin bug; `check` reports it */
		if (who == TBL_CHANCE)
			m = mb.m[rng_pick(&chance, mb.prob, n)];
		else {
			/* A decision counts once made: a fault is no move. */
			if ((rc = decide(&gm, out, who, &mb, n, &m)) != 0)
				break;
			out->decisions++;
			out->branching += n;
			out->forced += n == 1;
			out->turns += who != last;
			last = who;
		}
		note_move(&gm, out, m);
		if (g->apply(gm.st, m) != 0)
			break;
		out->moves++;
		/* Only a game still in play is adjudicated. */
		if (game_to_move(g, gm.st) != TBL_END)
			adjudicate(&gm, out, who == TBL_CHANCE ? -1 : who,
			    who >= 0 && who < np ? gm.said[who] : -1);
		if (out->ended)
			break;
	}
	if (rc == 1)
		rc = 0;		/* a fault ended the game */
	game_end(&gm, out);
	if (records && rc == 0)
		rc = save_record(s, players, t, op, out, gm.mv, records, err,
		    errlen);
	free(gm.mv);
	opening_free(&opening);
	movebuf_free(&mb);
	return rc == 2 ? 1 : rc;
}

void
playgame_json(const struct game_out *o, struct sbuf *b)
{
	int k;

	sbuf_printf(b, "{\"type\":\"game\",\"index\":%ld,", o->index);
	if (o->combo)
		sbuf_printf(b, "\"combo\":%ld,", o->combo);
	sbuf_printf(b, "\"seed\":%" PRIu64 ",\"seating\":[", o->seed);
	for (k = 0; k < o->np; k++)
		sbuf_printf(b, "%s%d", k ? "," : "", o->seating[k] + 1);
	sbuf_puts(b, "],\"result\":[");
	for (k = 0; k < o->np; k++) {
		if (k)
			sbuf_puts(b, ",");
		json_number(b, o->score[k]);
	}
	sbuf_printf(b, "],\"capped\":%s,\"moves\":%ld,\"decisions\":%ld,"
	    "\"turns\":%ld,\"branching\":%ld,\"forced\":%ld",
	    o->capped ? "true" : "false", o->moves, o->decisions, o->turns,
	    o->branching, o->forced);
	/* Only when true, so lines stay as older runs wrote them. */
	if (o->limit)
		sbuf_puts(b, ",\"limit\":true");
	if (o->why[0]) {
		sbuf_puts(b, ",\"termination\":");
		json_string(b, o->why);
	}
	if (o->timed) {
		sbuf_puts(b, ",\"time\":[");
		for (k = 0; k < o->np; k++)
			sbuf_printf(b, "%s%.3f", k ? "," : "", o->used[k]);
		sbuf_puts(b, "]");
	}
	if (o->failed)
		sbuf_puts(b, ",\"failed\":true");
	sbuf_puts(b, "}");
}

int
playgame_line(struct session *s, const struct seat_spec *players, int np,
    long cap, long index, long combo, uint64_t seed, const char *records,
    const struct terms *t, const char *cmd, struct sbuf *line)
{
	struct game_out o;
	char err[1024];
	int rc = playgame(s, players, np, cap, index, seed, records, t, &o, err,
	    sizeof err);

	if (rc > 0)
		return 1;	/* interrupted: no line */
	if (rc != 0) {
		fprintf(stderr, "tablero: %s: %s\n", cmd, err);
		return -1;
	}
	o.combo = combo;
	playgame_json(&o, line);
	return 0;
}

/* One game to play in a child process, and where its line goes. */
struct timed_game {
	struct session *s;
	const struct seat_spec *players;
	int np;
	long cap, index, combo;
	uint64_t seed;
	const char *records, *cmd;
	const struct terms *terms;
};

/* The child's work: the game's line down fd. */
static int
timed_work(void *ctx, int fd)
{
	struct timed_game *t = ctx;
	struct sbuf line = { 0 };
	int rc = playgame_line(t->s, t->players, t->np, t->cap, t->index,
	    t->combo, t->seed, t->records, t->terms, t->cmd, &line);

	if (rc == 0)
		rc = write_all(fd, line.s, line.len);
	sbuf_free(&line);
	return rc;
}

int
playgame_line_timed(struct session *s, const struct seat_spec *players,
    int np, long cap, long index, long combo, uint64_t seed,
    const char *records, const struct terms *terms, const char *cmd,
    double timeout, struct sbuf *line)
{
	struct timed_game t = { s, players, np, cap, index, combo, seed,
	    records, cmd, terms };
	struct isolate_result r;
	struct game_out o;
	char why[256];
	int k;

	if (timeout <= 0)
		return playgame_line(s, players, np, cap, index, combo, seed,
		    records, terms, cmd, line);
	r = isolate_run(timed_work, &t, timeout, line);
	if (r.end == ISOLATE_OK && line->len > 0)
		return 0;
	if (r.end == ISOLATE_INTERRUPTED || interrupt_pending())
		return 1;
	isolate_describe(&r, timeout, why, sizeof why);
	fprintf(stderr, "tablero: %s: game %ld: %s\n", cmd, index + 1, why);
	memset(&o, 0, sizeof o);
	o.index = index;
	o.combo = combo;
	o.np = np;
	o.failed = 1;
	playgame_seating(index, seed, np, &o.seed, o.seating);
	for (k = 0; k < np; k++)
		o.score[k] = 1.0 / np;
	sbuf_reset(line);
	playgame_json(&o, line);
	return 0;
}

int
playgame_shard(const char *text, long *k, long *n, char *err, size_t errlen)
{
	const char *slash = strchr(text, '/');
	char *head = slash ? xstrndup(text, (size_t)(slash - text)) : NULL;
	long kk, nn;
	int bad = head == NULL || parse_long(head, 1, LONG_MAX, &kk) != 0 ||
	    parse_long(slash + 1, 1, LONG_MAX, &nn) != 0 || kk > nn;

	free(head);
	if (bad) {
		snprintf(err, errlen, "--shard wants K/N with 1 <= K <= N (this "
		    "run's share, 1/4 to 4/4 for four shards), not '%s'", text);
		return -1;
	}
	*k = kk;
	*n = nn;
	return 0;
}

int
playgame_mkdir(const char *dir, char *err, size_t errlen)
{
	struct stat sb;

	if (mkdir(dir, 0777) == 0)
		return 0;
	if (errno == EEXIST && stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode))
		return 0;
	snprintf(err, errlen, "%s: cannot make the directory: %s", dir,
	    errno == EEXIST ? "a file is in the way" : strerror(errno));
	return -1;
}

void
run_head_free(struct run_head *h)
{
	int k;

	free(h->game);
	free(h->options);
	free(h->version);
	for (k = 0; k < h->np; k++) {
		free(h->players[k]);
		free(h->names[k]);
	}
	memset(h, 0, sizeof *h);
}

void
run_head_set(struct run_head *h, const struct tbl_game *g,
    const struct tbl_state *start, const struct seat_spec *specs, int np,
    uint64_t seed, long games, long cap)
{
	int k;

	h->game = xstrdup(g->name);
	h->version = xstrdup(g->version ? g->version : "");
	h->seed = seed;
	h->games = games;
	h->cap = cap;
	h->np = np;
	for (k = 0; k < np; k++) {
		char spec[SEAT_TEXT_MAX];
		seat_format(&specs[k], spec, sizeof spec);
		h->players[k] = xstrdup(spec);
		h->names[k] = xstrdup(game_player_name(g, start, k));
	}
}

void
run_head_json(const struct run_head *h, const char *type, struct sbuf *b)
{
	sbuf_printf(b, "{\"type\":\"%s\",\"game\":", type);
	json_string(b, h->game);
	if (h->version != NULL) {
		sbuf_puts(b, ",\"version\":");
		json_string(b, h->version);
	}
	sbuf_puts(b, ",\"options\":");
	json_string(b, h->options);
	sbuf_printf(b, ",\"seed\":%" PRIu64 ",\"games\":%ld,\"cap\":%ld",
	    h->seed, h->games, h->cap);
	json_member_strings(b, "players", h->players, h->np);
	json_member_strings(b, "seats", h->names, h->np);
}

void
run_head_close(long shard_k, long shard_n, struct sbuf *b)
{
	if (shard_n > 1)
		sbuf_printf(b, ",\"shard\":\"%ld/%ld\"", shard_k, shard_n);
	sbuf_puts(b, "}");
}

int
run_head_read_seats(const struct jobject *o, const char *type,
    struct run_head *h, char *err, size_t errlen)
{
	int n = json_get_strs(o, "players", h->players, TBL_MAX_PLAYERS), m, k;

	h->np = n > 0 ? n : 0;
	m = n < 1 ? -1 : json_get_strs(o, "seats", h->names, TBL_MAX_PLAYERS);
	for (k = h->np; k < m; k++) {
		free(h->names[k]);	/* more seats than players */
		h->names[k] = NULL;
	}
	if (n < 1 || m != n) {
		snprintf(err, errlen, "the %s header's players and seats do not "
		    "match", type);
		return -1;
	}
	return 0;
}

void
run_interrupted_json(long games, long of, struct sbuf *b)
{
	sbuf_printf(b, "{\"type\":\"interrupted\",\"games\":%ld,\"of\":%ld}",
	    games, of);
}
