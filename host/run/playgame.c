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

#include "base/interrupt.h"
#include "run/jsonl.h"
#include "base/movebuf.h"
#include "run/playgame.h"
#include "core/record.h"
#include "core/session.h"
#include "base/util.h"

/* The seed and seating of game `index` of a run seeded `seed`. */
static void
playgame_seating(long index, uint64_t seed, int np, uint64_t *game_seed,
    int *seating)
{
	int k;

	*game_seed = seed + (uint64_t)(index / np);
	/* Player p sits in seat (p + r) mod P, so seat k holds player k - r. */
	for (k = 0; k < np; k++)
		seating[k] = (int)((k - index % np + np) % np);
}

/* Write the record of the moves mv[0..n) played from s's start. */
static int
save_record(struct session *s, const struct seat_spec *players, int np,
    const int *seating, uint64_t seed, const tbl_move *mv, long n,
    const char *dir, long index, char *err, size_t errlen)
{
	struct seat_spec seats[MAX_SEATS];
	struct session *r = session_new(s->plugin, &s->opts, seed, err, errlen);
	char *path;
	long i;
	int k, rc = 0;

	if (r == NULL)
		return -1;
	for (k = 0; k < np; k++)
		seats[k] = players[seating[k]];
	for (i = 0; i < n && rc == 0; i++)
		rc = session_apply(r, mv[i], err, errlen);
	path = xasprintf("%s/game-%06ld.tbr", dir, index + 1);
	if (rc == 0)
		rc = record_save(r, seats, np, path, err, errlen);
	free(path);
	session_free(r);
	return rc;
}

/* A decision among n moves by `who` into out's measures (*last: the
 * previous decision's mover). */
static void
count_decision(struct game_out *out, int who, int n, int *last)
{
	out->decisions++;
	out->branching += n;
	if (n == 1)
		out->forced++;
	if (who != *last)
		out->turns++;
	*last = who;
}

/* Move m as the k-th of *mv (room for *cap, grown as needed). */
static void
keep_move(tbl_move **mv, long *cap, long k, tbl_move m)
{
	if (k == *cap) {
		*cap = *cap ? 2 * *cap : 256;
		*mv = xrealloc(*mv, (size_t)*cap * sizeof **mv);
	}
	(*mv)[k] = m;
}

/*
 * Play game `index` of s's game (its start position and options) between
 * players[0..np), at most `cap` moves, into *out.  When records is not
 * NULL, the game is also written as the record RECORDS/game-NNNNNN.tbr
 * (the index counted from 1).  Returns 0; 1 when Ctrl-C, SIGTERM or
 * SIGHUP (interrupt_pending()) stopped it: the game is abandoned, *out
 * is no result and no record is written; or -1 with a message in err
 * when writing the record fails.
 */
static int
playgame(struct session *s, const struct seat_spec *players, int np, long cap,
    long index, uint64_t seed, const char *records, struct game_out *out,
    char *err, size_t errlen)
{
	const struct tbl_game *g = s->g;
	struct tbl_state *st = g->clone(s->start);
	struct ai_player *pl[MAX_SEATS];
	struct rng chance, prng[MAX_SEATS];
	struct movebuf mb;
	tbl_move m, *mv = NULL;
	long mvcap = 0;
	int who, last = -1, k, rc = 0;

	memset(out, 0, sizeof *out);
	out->index = index;
	out->np = np;
	playgame_seating(index, seed, np, &out->seed, out->seating);
	rng_seed(&chance, out->seed);
	for (k = 0; k < np; k++) {
		rng_seed(&prng[k], out->seed * 0x9E3779B97F4A7C15ULL + (uint64_t)k + 1);
		pl[k] = ai_player_new(&players[k]);
	}
	movebuf_init(&mb);
	while ((who = g->to_move(st)) != TBL_END) {
		int n;
		if (interrupt_pending()) {
			/* Ctrl-C: the game is abandoned, not cut short. */
			rc = 1;
			break;
		}
		if (out->moves >= cap) {
			out->capped = 1;
			break;
		}
		n = movebuf_fill(&mb, g, st, who);
		if (n <= 0)
			break;		/* a plugin bug; `check` reports it */
		if (who == TBL_CHANCE)
			m = mb.m[rng_pick(&chance, mb.prob, n)];
		else {
			int p = who < np ? out->seating[who] : 0;
			count_decision(out, who, n, &last);
			if (n == 1)
				m = mb.m[0];
			else if (ai_player_choose(pl[p], g, st, &prng[p], &m, NULL) != 0)
				break;
		}
		for (k = 0; k < np; k++)
			ai_player_observe(pl[k], g, st, m);
		if (records)
			keep_move(&mv, &mvcap, out->moves, m);
		if (g->apply(st, m) != 0)
			break;
		out->moves++;
	}
	if (g->to_move(st) != TBL_END || g->result(st, out->score) != 0)
		for (k = 0; k < np; k++)
			out->score[k] = 1.0 / np;
	if (g->to_move(st) != TBL_END)
		out->capped = 1;
	else if (g->end_kind != NULL && g->end_kind(st) == TBL_END_LIMIT)
		out->limit = 1;
	if (records && rc == 0)
		rc = save_record(s, players, np, out->seating, out->seed, mv,
		    out->moves, records, index, err, errlen);
	for (k = 0; k < np; k++)
		ai_player_free(pl[k]);
	g->destroy(st);
	movebuf_free(&mb);
	free(mv);
	return rc;
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
	    "\"turns\":%ld,\"branching\":%ld,\"forced\":%ld%s}",
	    o->capped ? "true" : "false", o->moves, o->decisions, o->turns,
	    o->branching, o->forced,
	    /* Only when true, so lines stay as older runs wrote them. */
	    o->limit ? ",\"limit\":true" : "");
}

/* Read a game's JSON object back; 0, or -1 with a message. */
static int
playgame_read(const struct jobject *obj, int np, struct game_out *o,
    char *err, size_t errlen)
{
	double v[MAX_SEATS], x;
	int k, n;
	static const char *const counts[] = { "moves", "decisions", "turns",
	    "branching", "forced" };
	long *dst[5];

	memset(o, 0, sizeof *o);
	o->np = np;
	dst[0] = &o->moves;
	dst[1] = &o->decisions;
	dst[2] = &o->turns;
	dst[3] = &o->branching;
	dst[4] = &o->forced;
	if (json_get_num(obj, "index", &x) != 0 || x < 0) {
		snprintf(err, errlen, "a game without an index");
		return -1;
	}
	o->index = (long)x;
	if (json_get_num(obj, "combo", &x) == 0)
		o->combo = (long)x;
	if (json_get_u64(obj, "seed", &o->seed) != 0) {
		snprintf(err, errlen, "game %ld has no seed", o->index + 1);
		return -1;
	}
	if (json_get_nums(obj, "seating", v, MAX_SEATS) != np) {
		snprintf(err, errlen, "game %ld: 'seating' does not name %d "
		    "players", o->index + 1, np);
		return -1;
	}
	for (k = 0; k < np; k++) {
		if (v[k] < 1 || v[k] > np) {
			snprintf(err, errlen, "game %ld: no player %g", o->index + 1,
			    v[k]);
			return -1;
		}
		o->seating[k] = (int)v[k] - 1;
	}
	if ((n = json_get_nums(obj, "result", o->score, MAX_SEATS)) != np) {
		snprintf(err, errlen, "game %ld: 'result' has %d scores, not %d",
		    o->index + 1, n, np);
		return -1;
	}
	if ((o->capped = json_get_bool(obj, "capped")) < 0) {
		snprintf(err, errlen, "game %ld: 'capped' is not true or false",
		    o->index + 1);
		return -1;
	}
	/* Absent in the lines of a tablero before ABI 1.3: no limit end. */
	o->limit = json_get_bool(obj, "limit") == 1;
	for (k = 0; k < 5; k++) {
		if (json_get_num(obj, counts[k], &x) != 0 || x < 0) {
			snprintf(err, errlen, "game %ld: no count '%s'", o->index + 1,
			    counts[k]);
			return -1;
		}
		*dst[k] = (long)x;
	}
	return 0;
}

int
playgame_parse(const char *line, int np, struct game_out *o, char *err,
    size_t errlen)
{
	struct jobject obj;

	if (json_parse(line, &obj, err, errlen) != 0)
		return -1;
	return playgame_read(&obj, np, o, err, errlen);
}

int
playgame_line(struct session *s, const struct seat_spec *players, int np,
    long cap, long index, long combo, uint64_t seed, const char *records,
    const char *cmd, struct sbuf *line)
{
	struct game_out o;
	char err[1024];
	int rc = playgame(s, players, np, cap, index, seed, records, &o, err,
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

int
playgame_players(const char *text, struct seat_spec *specs, int *np, char *err,
    size_t errlen)
{
	char *copy = xstrdup(text), *tok, *save = NULL;
	int n = 0, rc = 0;

	for (tok = strtok_r(copy, ",", &save); tok && rc == 0;
	    tok = strtok_r(NULL, ",", &save)) {
		if (n == MAX_SEATS) {
			snprintf(err, errlen, "too many players (at most %d)", MAX_SEATS);
			rc = -1;
		} else if (seat_parse(strtrim(tok), &specs[n], err, errlen) != 0)
			rc = -1;
		else if (specs[n].kind == SEAT_HUMAN) {
			snprintf(err, errlen, "games here are played by computer "
			    "players, not 'human'");
			rc = -1;
		} else
			n++;
	}
	free(copy);
	if (rc == 0 && n == 0) {
		snprintf(err, errlen, "--players names no player");
		rc = -1;
	}
	*np = n;
	return rc;
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
		char spec[64];
		seat_format(&specs[k], spec, sizeof spec);
		h->players[k] = xstrdup(spec);
		h->names[k] = xstrdup(g->player_name(start, k));
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
	int n = json_get_strs(o, "players", h->players, MAX_SEATS);

	h->np = n > 0 ? n : 0;
	if (n < 1 || json_get_strs(o, "seats", h->names, MAX_SEATS) != n) {
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
