/*
 * terms.c - engines, time control, openings and adjudication of a run.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/readfile.h"
#include "base/util.h"
#include "core/game.h"
#include "core/session.h"
#include "run/contender.h"
#include "run/jsonl.h"
#include "run/terms.h"

int
terms_engine(struct terms *t, const char *text, char *err, size_t errlen)
{
	struct engine_def d;
	char spare[64];
	struct seat_spec spec;
	int k;

	if (t->nengines == MAX_ENGINES) {
		snprintf(err, errlen, "too many engines (at most %d)", MAX_ENGINES);
		return -1;
	}
	if (engine_def_parse(text, &d, err, errlen) != 0)
		return -1;
	for (k = 0; k < t->nengines; k++)
		if (strcmp(t->engines[k].name, d.name) == 0) {
			snprintf(err, errlen, "--engine: two engines are named '%s'",
			    d.name);
			engine_def_free(&d);
			return -1;
		}
	if (strlen(d.name) > 32 || seat_parse(d.name, &spec, spare,
	    sizeof spare) == 0) {
		snprintf(err, errlen, "--engine: '%s' %s", d.name,
		    strlen(d.name) > 32 ? "is too long a name (at most 32 "
		    "bytes)" : "is a built-in player's name");
		engine_def_free(&d);
		return -1;
	}
	t->engines[t->nengines++] = d;
	return 0;
}

void
terms_logs(struct terms *t, const char *dir)
{
	int k;

	for (k = 0; k < t->nengines; k++) {
		char *name = xasprintf("%s.log", t->engines[k].name);
		free(t->engines[k].log);
		t->engines[k].log = path_join(dir ? dir : ".", name);
		free(name);
	}
}

int
terms_players(const struct terms *t, const char *text,
    struct seat_spec *specs, int *np, char *err, size_t errlen)
{
	char *copy = xstrdup(text), *tok, *save = NULL;
	int n = 0, rc = 0, k;

	for (tok = strtok_r(copy, ",", &save); tok && rc == 0;
	    tok = strtok_r(NULL, ",", &save)) {
		tok = strtrim(tok);
		for (k = 0; k < t->nengines && strcmp(t->engines[k].name, tok); k++)
			;
		if (n == TBL_MAX_PLAYERS) {
			snprintf(err, errlen, "too many players (at most %d)",
			    TBL_MAX_PLAYERS);
			rc = -1;
		} else if (k < t->nengines) {
			memset(&specs[n], 0, sizeof specs[n]);
			specs[n].kind = SEAT_ENGINE;
			specs[n].budget = k;
			n++;
		} else if (seat_parse(tok, &specs[n], err, errlen) != 0)
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
terms_resign(struct terms *t, const char *text, char *err, size_t errlen)
{
	const char *comma = strchr(text, ',');
	char *head = comma ? xstrndup(text, (size_t)(comma - text)) : NULL, *end;
	double v = head ? strtod(head, &end) : -1;
	int bad = head == NULL || *head == '\0' || *end != '\0' || !(v >= 0 &&
	    v < 0.5) || parse_long(comma + 1, 1, 100000, &t->resign_moves) != 0;

	free(head);
	if (bad) {
		t->resign_moves = 0;
		snprintf(err, errlen, "--resign wants SCORE,MOVES: a win chance "
		    "below 0.5 and a number of moves (0.05,6), not '%s'", text);
		return -1;
	}
	t->resign_score = v;
	return 0;
}

/* Read line as moves from the start of s (after setup); 0 or -1. */
static int
opening_moves(const struct session *s, const char *line, struct opening *o,
    char *err, size_t errlen)
{
	const struct tbl_game *g = s->g;
	struct tbl_state *st = g->clone(s->start);
	struct movebuf mb;
	const char *p = line;
	int rc = 0;

	movebuf_init(&mb);
	while (rc == 0 && *(p += strspn(p, " \t")) != '\0') {
		tbl_move m;
		size_t used;
		int who = game_to_move(g, st), n, i;
		if (who == TBL_END) {
			snprintf(err, errlen, "the game is over before '%s'", p);
			rc = -1;
			break;
		}
		if (game_parse_move(g, st, p, &m, &used, err, errlen) != 0) {
			rc = -1;
			break;
		}
		n = movebuf_fill(&mb, g, st, who);
		for (i = 0; i < n && mb.m[i] != m; i++)
			;
		if (i == n || g->apply(st, m) != 0) {
			snprintf(err, errlen, "'%.*s' is not legal there", (int)used, p);
			rc = -1;
			break;
		}
		p += used;
		o->mv = xrealloc(o->mv, (size_t)(o->n + 1) * sizeof *o->mv);
		o->mv[o->n++] = m;
	}
	if (rc == 0 && game_to_move(g, st) == TBL_END) {
		snprintf(err, errlen, "the game is over after these moves");
		rc = -1;
	}
	movebuf_free(&mb);
	g->destroy(st);
	return rc;
}

/* One line of an openings file into o; 0 or -1 with why. */
static int
opening_read(const struct session *s, const char *line, struct opening *o,
    char *err, size_t errlen)
{
	const struct tbl_game *g = s->g;
	struct tbl_state *st = g->clone(s->start);
	char perr[TBL_ERRLEN], merr[TBL_ERRLEN];
	int rc = 0;

	memset(o, 0, sizeof *o);
	if (game_set_position(g, st, line, perr, sizeof perr) == 0) {
		if (game_to_move(g, st) == TBL_END) {
			snprintf(err, errlen, "the position is the end of a game");
			rc = -1;
		} else
			o->setup = xstrdup(line);
	} else if (opening_moves(s, line, o, merr, sizeof merr) != 0) {
		snprintf(err, errlen, "neither a position (%s) nor moves from the "
		    "start (%s)", perr, merr);
		free(o->mv);
		o->mv = NULL;
		rc = -1;
	}
	g->destroy(st);
	return rc;
}

int
terms_openings(struct terms *t, const struct session *s, const char *file,
    char *err, size_t errlen)
{
	size_t len;
	char *text = readfile(file, OPENINGS_MAX_BYTES, &len, err, errlen);
	char *line, *next, why[512];
	long no = 0;
	int rc = 0;
	struct opening o;

	if (text == NULL) {
		char tmp[256];
		snprintf(tmp, sizeof tmp, "%s", err);
		snprintf(err, errlen, "%s: %s", file, tmp);
		return -1;
	}
	if (memchr(text, '\0', len) != NULL) {
		snprintf(err, errlen, "%s: a NUL byte in the file", file);
		free(text);
		return -1;
	}
	for (line = text; rc == 0 && line != NULL; line = next) {
		char *l;
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		else if (*line == '\0')
			break;
		l = strtrim(line);
		no++;
		if (*l == '\0' || *l == '#')
			continue;
		if (opening_read(s, l, &o, why, sizeof why) != 0) {
			snprintf(err, errlen, "%s:%ld: %s", file, no, why);
			rc = -1;
			break;
		}
		opening_free(&o);
		t->openings = xrealloc(t->openings, (size_t)(t->nopenings + 1) *
		    sizeof *t->openings);
		t->openings[t->nopenings++] = xstrdup(l);
	}
	if (rc == 0 && t->nopenings == 0) {
		snprintf(err, errlen, "%s: no opening in the file", file);
		rc = -1;
	}
	free(text);
	return rc;
}

int
terms_openings_check(const struct terms *t, const struct session *s,
    char *err, size_t errlen)
{
	struct opening o;
	char why[512];
	long i;

	for (i = 0; i < t->nopenings; i++) {
		if (opening_read(s, t->openings[i], &o, why, sizeof why) != 0) {
			snprintf(err, errlen, "opening %ld ('%s'): %s", i + 1,
			    t->openings[i], why);
			return -1;
		}
		opening_free(&o);
	}
	return 0;
}

int
terms_check(const struct terms *t, const struct session *s, int np,
    char *err, size_t errlen)
{
	if (t->draw_after > 0 && s->g->evaluate == NULL) {
		snprintf(err, errlen, "--draw-after: %s cannot tell progress (it "
		    "has no evaluate hook)", s->g->name);
		return -1;
	}
	if (t->resign_moves > 0 && np != 2) {
		snprintf(err, errlen, "--resign adjudicates two-player games, "
		    "not %d players", np);
		return -1;
	}
	return terms_check_engines(t, err, errlen);
}

int
terms_check_engines(const struct terms *t, char *err, size_t errlen)
{
	char why[CONTENDER_WHY];
	int k, rc;

	/* What would fail every game fails the run, before its first. */
	for (k = 0; k < t->nengines; k++)
		if ((rc = contender_check(&t->engines[k], why)) != 0) {
			snprintf(err, errlen, "%s", rc == 2 ? "interrupted" : why);
			return -1;
		}
	return 0;
}

int
terms_opening(const struct terms *t, const struct session *s, long index,
    int np, struct opening *o, char *err, size_t errlen)
{
	memset(o, 0, sizeof *o);
	if (t == NULL || t->nopenings == 0)
		return 0;
	if (opening_read(s, t->openings[(index / np) % t->nopenings], o, err,
	    errlen) != 0)
		return -1;
	return 1;
}

void
opening_free(struct opening *o)
{
	free(o->setup);
	free(o->mv);
	memset(o, 0, sizeof *o);
}

void
terms_name_players(const struct terms *t, const struct seat_spec *specs,
    int np, char **players)
{
	int k;

	for (k = 0; k < np; k++)
		if (specs[k].kind == SEAT_ENGINE) {
			free(players[k]);
			players[k] = xstrdup(t->engines[specs[k].budget].name);
		}
}

void
terms_report(const struct terms *t, FILE *fp)
{
	int k;

	for (k = 0; k < t->nengines; k++)
		fprintf(fp, "engine %s: %s, stderr in %s\n", t->engines[k].name,
		    t->engines[k].command, t->engines[k].log);
}

void
terms_report_budgets(const struct terms *t, const struct seat_spec *specs,
    int np, FILE *fp)
{
	char tc[128], name[SEAT_TEXT_MAX];
	int k, n = 0;

	if (!timectl_on(&t->tc))
		return;
	timectl_format(&t->tc, tc, sizeof tc);
	for (k = 0; k < np; k++) {
		if (specs[k].kind != SEAT_MCTS)
			continue;
		seat_format(&specs[k], name, sizeof name);
		fprintf(fp, "%s%s", n++ ? ", " : "the clock replaced the budgets "
		    "(", name);
	}
	if (n)
		fprintf(fp, "): %s searched for its share of the time of %s\n",
		    n == 1 ? "it" : "each", tc);
}

void
terms_header(const struct terms *t, struct sbuf *b)
{
	char tc[128];
	int k;

	if (b->len == 0 || b->s[b->len - 1] != '}')
		return;
	b->s[--b->len] = '\0';
	timectl_format(&t->tc, tc, sizeof tc);
	if (*tc) {
		sbuf_puts(b, ",\"time\":");
		json_string(b, tc);
	}
	if (t->nopenings)
		sbuf_printf(b, ",\"openings\":%ld", t->nopenings);
	if (t->draw_after)
		sbuf_printf(b, ",\"draw_after\":%ld", t->draw_after);
	if (t->resign_moves)
		sbuf_printf(b, ",\"resign\":[%g,%ld]", t->resign_score,
		    t->resign_moves);
	for (k = 0; k < t->nengines; k++) {
		sbuf_puts(b, k ? "," : ",\"engines\":{");
		json_string(b, t->engines[k].name);
		sbuf_puts(b, ":{\"command\":");
		json_string(b, t->engines[k].command);
		sbuf_puts(b, ",\"log\":");
		json_string(b, t->engines[k].log);
		sbuf_puts(b, "}");
	}
	sbuf_puts(b, t->nengines ? "}}" : "}");
}

void
terms_free(struct terms *t)
{
	long i;
	int k;

	for (k = 0; k < t->nengines; k++)
		engine_def_free(&t->engines[k]);
	for (i = 0; i < t->nopenings; i++)
		free(t->openings[i]);
	free(t->openings);
	memset(t, 0, sizeof *t);
}
