/*
 * solve_dense.c - `tablero solve --method dense`: the game solved level
 * by level (ai/dense.c) up to the root's level or --levels N, the tables
 * read from and written to --db DIR (ai/dense_db.c), and the report: the
 * value with the margin the winner can force, the value of each move,
 * and the figures (levels, positions, sweeps, threads, time, bytes).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai/dense.h"
#include "ai/dense_db.h"
#include "ai/solve_setup.h"
#include "base/interrupt.h"
#include "base/movebuf.h"
#include "base/util.h"
#include "cmd/solve_dense.h"
#include "core/game.h"
#include "core/session.h"
#include "run/jsonl.h"

/* Where the run is: the progress line's figures, kept to say how far a
 * run that Ctrl-C stopped got; shown on a terminal. */
struct where {
	int tty;
	struct dense_where at;
};

static void
progress(void *arg, int level, int levels, unsigned sweep, uint64_t done,
    uint64_t total)
{
	struct where *w = arg;

	dense_where_note(&w->at, level, levels, sweep, done, total);
	if (!w->tty)
		return;
	fprintf(stderr, "\rsolve: level %d of %d, sweep %u, %llu of %llu"
	    "\033[K", level, levels - 1, sweep + 1, (unsigned long long)done,
	    (unsigned long long)total);
	fflush(stderr);
}

int
solve_method_check(const char *method, const struct solve_dense_args *a,
    long threads)
{
	const char *which = threads > 0 ? "--threads" : a->levels >= 0 ?
	    "--levels" : a->db != NULL ? "--db" : NULL;

	if (method != NULL && strcmp(method, "dense") != 0 &&
	    strcmp(method, "hash") != 0) {
		fprintf(stderr, "tablero: solve: --method is dense or hash, not "
		    "'%s'\n", method);
		return -1;
	}
	if (method != NULL && strcmp(method, "hash") == 0 && which != NULL) {
		fprintf(stderr, "tablero: solve: %s goes with --method dense, "
		    "not hash\n", which);
		return -1;
	}
	if (threads > 256) {
		fprintf(stderr, "tablero: solve: --threads %ld: at most 256\n",
		    threads);
		return -1;
	}
	return 0;
}

int
solve_dense_cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 256 ? 256 : (int)n;
}

int
solve_dense_fits(const struct tbl_game *g, const struct tbl_state *s)
{
	char err[TBL_ERRLEN];

	return dense_offered(g) && game_players(g, s) == 2 &&
	    g->dense_levels(s, err, sizeof err) >= 0;
}

/* A move of the root and its value. */
struct dmove {
	char *text;
	struct dense_value v;
};

struct dreport {
	const struct tbl_game *g;
	const struct solve_dense_args *a;
	char *pos;
	int mover, top, poslevel;
	const char *side;	/* NULL: the position's level is not solved */
	struct dense_value v;
	const struct dense_stats *st;
	struct dmove *mv;
	int nmv;
	uint64_t calls, sent;	/* shared: the collective calls, the bytes
				   the processes sent each other */
};

/* "win", "draw" or "loss" for the mover (the result when it is over). */
static const char *
word_of(const struct dreport *r, const struct dense_value *v)
{
	if (r->mover < 0)
		return v->winner < 0 ? "draw" : "win";
	return solve_value_word(v->winner, r->mover);
}

static void
print_text(const struct dreport *r)
{
	const struct dense_stats *st = r->st;
	char mem[32], peak[32];
	int i;

	format_bytes(st->bytes, mem, sizeof mem);
	format_bytes(st->peak, peak, sizeof peak);
	printf("solve %s%s%s\n", r->g->name, *r->a->desc ? " " : "",
	    r->a->desc);
	if (r->pos != NULL)
		printf("position: %s\n", r->pos);
	if (r->side == NULL) {
		printf("value: not solved (the position is on level %d)\n",
		    r->poslevel);
	} else {
		printf("value: %s%s%s", word_of(r, &r->v), *r->side ?
		    " for " : "", r->side);
		if (r->v.winner >= 0 && r->v.margin >= 0)
			printf(" by %d", r->v.margin);
		printf("%s\n", r->mover < 0 ? " (the game is over)" : "");
	}
	printf("levels: 0 to %d, %llu positions, %llu read from the "
	    "database\n", r->top, (unsigned long long)st->positions,
	    (unsigned long long)st->loaded);
	printf("sweeps: %u; %llu positions evaluated on %d thread%s\n",
	    st->sweeps, (unsigned long long)st->evaluated, st->threads,
	    st->threads == 1 ? "" : "s");
	printf("time: %.2f s (%.2f s of processor), %.0f positions/s\n",
	    st->seconds, st->cpu, st->cpu > 0 ?
	    (double)(st->positions - st->loaded) / st->cpu : 0);
	printf("memory: %s of tables, %.1f bytes/position; %s at most",
	    mem, st->positions ? (double)st->bytes / (double)st->positions : 0,
	    peak);
	format_bytes(st->scratch, mem, sizeof mem);
	printf(st->scratch > 0 ? "; moves kept on disk: %s\n" : "\n", mem);
	for (i = 0; st->proc != NULL && i < st->processes; i++) {
		char t[32], p[32], rss[32];
		format_bytes(st->proc[3 * i], t, sizeof t);
		format_bytes(st->proc[3 * i + 1], p, sizeof p);
		format_bytes(st->proc[3 * i + 2], rss, sizeof rss);
		printf("process %d of %d: %s of tables; %s at most; %s resident "
		    "at most\n", i, st->processes, t, p, rss);
	}
	if (st->proc != NULL)
		printf("exchanged: %llu bytes in %llu collective calls\n",
		    (unsigned long long)r->sent, (unsigned long long)r->calls);
	for (i = 0; i < r->nmv; i++) {
		printf("  %s %s", r->mv[i].text, word_of(r, &r->mv[i].v));
		if (r->mv[i].v.winner >= 0 && r->mv[i].v.margin >= 0)
			printf(" by %d", r->mv[i].v.margin);
		printf("\n");
	}
}

/* Shared by processes: each one's figures, by rank, and the exchanges. */
static void
json_processes(struct sbuf *b, const struct dreport *r)
{
	const struct dense_stats *st = r->st;
	static const char *const name[3] = { "table_bytes", "memory_bytes",
	    "rss_bytes" };
	int i, k;

	sbuf_printf(b, ",\"processes\":%d", st->processes);
	for (k = 0; k < 3; k++) {
		sbuf_printf(b, ",\"process_%s\":[", name[k]);
		for (i = 0; i < st->processes; i++)
			sbuf_printf(b, "%s%llu", i ? "," : "",
			    (unsigned long long)st->proc[3 * i + k]);
		sbuf_puts(b, "]");
	}
	sbuf_printf(b, ",\"exchanges\":%llu,\"exchanged_bytes\":%llu",
	    (unsigned long long)r->calls, (unsigned long long)r->sent);
}

static void
print_json(const struct dreport *r)
{
	const struct dense_stats *st = r->st;
	struct sbuf b = { 0 };
	int i;

	sbuf_puts(&b, "{\"game\":");
	json_string(&b, r->g->name);
	sbuf_puts(&b, ",\"options\":");
	json_string(&b, r->a->desc);
	sbuf_puts(&b, ",\"method\":\"dense\"");
	if (r->pos != NULL) {
		sbuf_puts(&b, ",\"position\":");
		json_string(&b, r->pos);
	}
	if (r->side != NULL) {
		sbuf_puts(&b, ",\"value\":");
		json_string(&b, word_of(r, &r->v));
		sbuf_puts(&b, ",\"side\":");
		json_string(&b, r->side);
	}
	if (r->side != NULL && r->v.winner >= 0 && r->v.margin >= 0)
		sbuf_printf(&b, ",\"margin\":%d", r->v.margin);
	sbuf_printf(&b, ",\"levels\":%d,\"positions\":%llu,\"loaded\":%llu,"
	    "\"evaluated\":%llu,\"sweeps\":%u,\"threads\":%d,\"seconds\":",
	    r->top + 1, (unsigned long long)st->positions,
	    (unsigned long long)st->loaded, (unsigned long long)st->evaluated,
	    st->sweeps, st->threads);
	json_number(&b, st->seconds);
	sbuf_puts(&b, ",\"cpu_seconds\":");
	json_number(&b, st->cpu);
	sbuf_printf(&b, ",\"table_bytes\":%zu,\"memory_bytes\":%zu,"
	    "\"scratch_bytes\":%zu,\"value_bytes\":2", st->bytes, st->peak,
	    st->scratch);
	if (st->proc != NULL)
		json_processes(&b, r);
	sbuf_puts(&b, ",\"moves\":[");
	for (i = 0; i < r->nmv; i++) {
		sbuf_puts(&b, i ? ",{\"move\":" : "{\"move\":");
		json_string(&b, r->mv[i].text);
		sbuf_puts(&b, ",\"value\":");
		json_string(&b, word_of(r, &r->mv[i].v));
		if (r->mv[i].v.winner >= 0 && r->mv[i].v.margin >= 0)
			sbuf_printf(&b, ",\"margin\":%d", r->mv[i].v.margin);
		sbuf_puts(&b, "}");
	}
	sbuf_puts(&b, "]}\n");
	fputs(b.s, stdout);
	sbuf_free(&b);
}

/* The values of s's legal moves into r->mv. */
static void
move_values(struct dreport *r, const struct dense *d,
    const struct tbl_state *s)
{
	const struct tbl_game *g = r->g;
	struct tbl_state *c = g->clone(s);
	struct movebuf mb;
	tbl_move *mv;
	int n, i;

	movebuf_init(&mb);
	n = movebuf_fill(&mb, g, s, game_to_move(g, s));
	mv = mb.m;
	r->mv = xcalloc(n > 0 ? (size_t)n : 1, sizeof *r->mv);
	for (i = 0; i < n; i++) {
		g->copy(c, s);
		if (g->apply(c, mv[i]) != 0 ||
		    dense_value(d, c, &r->mv[r->nmv].v) != 0)
			continue;
		r->mv[r->nmv++].text = game_move_text(g, s, mv[i]);
	}
	movebuf_free(&mb);
	g->destroy(c);
}

/* Shared by processes p (or NULL): rc (0, 1, -1) agreed, the worst. */
static int
shared_rc(const struct procs *p, int rc, char *err, size_t errlen)
{
	uint64_t v[2] = { rc < 0, rc == 1 };

	if (p == NULL)
		return rc;
	p->reduce(p->ctx, v, 2, 0);
	if (v[0] && rc >= 0)
		snprintf(err, errlen, "another process failed");
	return v[0] ? -1 : v[1] ? 1 : 0;
}

/* Shared: the levels 0 .. top written to dir by rank 0, each gathered
 * there in turn.  Collective.  0 or -1. */
static int
save_shared(const struct procs *p, struct dense *d, const char *dir,
    int top, char *err, size_t errlen)
{
	uint16_t *full;
	uint64_t has;
	int level, rc = 0;

	for (level = 0; level <= top && rc == 0; level++) {
		has = p->rank == 0 && dense_db_has(dir, level);
		p->reduce(p->ctx, &has, 1, 0);
		if (has)
			continue;
		rc = dense_share_gather(d, level, &full, err, errlen);
		if (rc == 0 && p->rank == 0)
			rc = dense_db_save_level(d, dir, level, full, err,
			    errlen);
		free(full);
		rc = shared_rc(p, rc, err, errlen);
	}
	return rc;
}

/* Shared: the values of s and of its moves fetched from the processes
 * that hold them.  Collective.  0 or -1. */
static int
pin_shared(const struct procs *p, struct dense *d,
    const struct session *ses, char *err, size_t errlen)
{
	const struct tbl_game *g = ses->g;
	struct tbl_state **st;
	struct movebuf mb;
	int n, i, rc;

	movebuf_init(&mb);
	n = game_to_move(g, ses->cur) < 0 ? 0 :
	    movebuf_fill(&mb, g, ses->cur, game_to_move(g, ses->cur));
	n = n < 0 ? 0 : n;
	st = xcalloc((size_t)n + 1, sizeof *st);
	st[0] = g->clone(ses->cur);
	for (i = 0; i < n; i++) {
		st[i + 1] = g->clone(ses->cur);
		(void)g->apply(st[i + 1], mb.m[i]);
	}
	rc = dense_share_pin(d, st, n + 1, err, errlen);
	for (i = 0; i <= n; i++)
		g->destroy(st[i]);
	free(st);
	movebuf_free(&mb);
	return shared_rc(p, rc, err, errlen);
}

/* Shared: the collective calls and the bytes sent, over the processes. */
static void
exchanged(const struct procs *p, struct dreport *r)
{
	uint64_t v[2] = { p->calls, p->sent };

	p->reduce(p->ctx, v, 2, 1);
	r->calls = v[0] / (uint64_t)p->size;	/* the same in each */
	r->sent = v[1];
}

/* Report the solved d from s.  An exit status. */
static int
report(struct session *s, struct dense *d, const struct solve_dense_args *a,
    int top)
{
	const struct tbl_game *g = s->g;
	struct dreport r;
	int i;

	memset(&r, 0, sizeof r);
	r.g = g;
	r.a = a;
	r.top = top;
	r.st = dense_stats(d);
	r.mover = game_to_move(g, s->cur);
	r.poslevel = dense_root_level(d);
	r.pos = a->posgiven ? session_position(s) : NULL;
	if (a->procs != NULL)
		exchanged(a->procs, &r);
	if (dense_value(d, s->cur, &r.v) == 0) {
		r.side = game_player_name(g, s->cur, r.mover >= 0 ? r.mover :
		    r.v.winner >= 0 ? r.v.winner : 0);
		if (r.mover < 0 && r.v.winner < 0)
			r.side = "";
		if (r.mover >= 0)
			move_values(&r, d, s->cur);
	}
	if (a->json)
		print_json(&r);
	else
		print_text(&r);
	for (i = 0; i < r.nmv; i++)
		free(r.mv[i].text);
	free(r.mv);
	free(r.pos);
	return 0;
}

/*
 * Refuse up front a cap below what the tables of levels 0 .. top need
 * (2 bytes a position of each; the moves kept while a level is solved
 * take only what room is left): 0, or -1 with a message.  Under several
 * processes, each process's: its share of the tables and what solving
 * its largest block takes before any move is kept (dense_need()), the
 * most any process needs checked by all, refused by all at once (told
 * by rank 0: err is empty on the others).  Collective.
 */
static int
tables_fit(const struct session *s, struct dense *d, int top,
    const struct solve_dense_args *a, char *err, size_t errlen)
{
	const struct procs *p = a->procs;
	char why[TBL_ERRLEN], need[32], cap[32];
	uint64_t v[2];
	int levels = s->g->dense_levels(s->cur, why, sizeof why);

	if (levels < 0 || top >= levels)
		return 0;
	v[0] = dense_need(d, top, &v[1]);
	if (p != NULL)
		p->reduce(p->ctx, v, 2, 0);
	if (v[0] <= a->cap)
		return 0;
	format_bytes((size_t)v[0], need, sizeof need);
	format_bytes(a->cap, cap, sizeof cap);
	if (p == NULL)
		snprintf(err, errlen, "%s needs %s for the tables of levels 0 "
		    "to %d (%llu positions, 2 bytes each), --memory is %s",
		    s->g->name, need, top, (unsigned long long)v[1], cap);
	else if (p->rank == 0)
		snprintf(err, errlen, "%s needs %s in each of %d processes: "
		    "its share of the tables of levels 0 to %d (up to %llu "
		    "positions, 2 bytes each) and %.3f bytes a position of the "
		    "largest block it solves; --memory (each process's) is %s",
		    s->g->name, need, p->size, top, (unsigned long long)v[1],
		    SHARE_BYTES, cap);
	else
		*err = '\0';
	return -1;
}

/*
 * Solve levels 0 .. top.  With --db in one process, each level is written
 * to DIR as soon as it is solved, so that a run that stops (Ctrl-C, a
 * crash, the machine) keeps what it finished and a later run reads it;
 * *saved is the highest level DIR then holds from this run or before
 * (-1: none).  Shared by processes, the levels are gathered and written
 * once all are solved (save_shared()).  As dense_run().
 */
static int
run_saving(struct dense *d, const struct solve_dense_args *a, int top,
    struct where *w, int *saved, char *err, size_t errlen)
{
	int level, rc = 0;

	*saved = -1;
	if (a->db == NULL || a->procs != NULL)
		return dense_run(d, top, progress, w, err, errlen);
	for (level = 0; level <= top && rc == 0; level++) {
		rc = dense_run(d, level, progress, w, err, errlen);
		if (rc == 0)
			rc = dense_db_save(d, a->db, level, err, errlen);
		if (rc == 0)
			*saved = level;
	}
	return rc;
}

int
solve_dense(struct session *s, const struct solve_dense_args *a)
{
	const struct tbl_game *g = s->g;
	struct dense *d;
	char err[1024], far[160];
	int rc, top, saved = -1, tty = !a->json && isatty(2);
	struct where w;

	d = dense_new(g, s->cur, a->cap, a->threads, err, sizeof err);
	if (d == NULL) {
		fprintf(stderr, "tablero: solve: %s\n", err);
		return 2;
	}
	if (a->procs != NULL) {
		dense_set_comm(d, a->procs);
		tty = tty && a->procs->rank == 0;
	}
	top = a->levels >= 0 ? (int)a->levels : dense_root_level(d);
	rc = tables_fit(s, d, top, a, err, sizeof err);
	if (rc == 0 && a->db != NULL)
		rc = dense_db_load(d, a->db, top, err, sizeof err);
	rc = shared_rc(a->procs, rc, err, sizeof err);
	memset(&w, 0, sizeof w);
	w.tty = tty;
	if (rc == 0)
		rc = run_saving(d, a, top, &w, &saved, err, sizeof err);
	if (tty)
		fprintf(stderr, "\r\033[K");
	if (rc == 0 && a->db != NULL && a->procs != NULL)
		rc = save_shared(a->procs, d, a->db, top, err, sizeof err);
	if (rc == 0 && a->procs != NULL)
		rc = pin_shared(a->procs, d, s, err, sizeof err);
	if (rc != 0) {
		if (rc == 1) {	/* how far it got */
			dense_where_text(&w.at, far, sizeof far);
			if (saved >= 0)
				fprintf(stderr, "tablero: solve: interrupted %s; "
				    "levels 0 to %d are in %s\n", far, saved,
				    a->db);
			else
				fprintf(stderr, "tablero: solve: interrupted %s; "
				    "nothing is solved\n", far);
		} else if (*err != '\0')
			fprintf(stderr, "tablero: solve: %s\n", err);
		dense_free(d);
		return rc == 1 ? interrupt_exit_status() : 1;
	}
	rc = report(s, d, a, top);
	dense_free(d);
	return rc;
}
