/*
 * narrate.c - what a move does, in one line (SDK ABI 1.3): the move is
 * played on a copy by mc_apply(), the same code that plays every move,
 * with the sowing engine told to report to a narration sink (struct
 * mc_tell: the laps, each relay, capture, take, extra capture, four in
 * passing and the end of the move, as they happen); this file only puts
 * the report into words.  "a1: 2 laps, relayed at b3; the last man made
 * four at a4 and took it; a four formed in passing at b2 went to Q".
 */
#include <stdio.h>
#include <string.h>

#include "mancala.h"

/* A count in words where a sentence reads better so ("made four"). */
static const char *
count_word(unsigned k, char *buf, size_t len)
{
	static const char *const words[] = {
		"none", "one", "two", "three", "four", "five", "six", "seven",
		"eight", "nine", "ten", "eleven", "twelve"
	};

	if (k <= 12)
		return words[k];
	snprintf(buf, len, "%u", k);
	return buf;
}

/* Hole h's name ("b6") in buf, which holds 8 bytes. */
static const char *
hole(const struct rules *r, int h, char *buf)
{
	tbl_write_square(buf, 8, h / r->n, h % r->n);
	return buf;
}

/* "N laps, relayed at x, y and z" (or "relayed K times, last at z"). */
static void
say_laps(const struct rules *r, const struct mc_tell *t, char *buf,
    size_t len, size_t *n)
{
	char a[8];
	int i;

	tbl_bprintf(buf, len, n, "%u lap%s", t->laps, t->laps == 1 ? "" : "s");
	if (t->relays == 0)
		return;
	if (t->relays > 4) {
		tbl_bprintf(buf, len, n, ", relayed %d times, last at %s",
		    t->relays, hole(r, t->last_relay, a));
		return;
	}
	tbl_bprintf(buf, len, n, ", relayed at");
	for (i = 0; i < t->relays; i++)
		tbl_bprintf(buf, len, n, "%s %s", i == 0 ? "" :
		    i == t->relays - 1 ? " and" : ",", hole(r, t->relay_at[i], a));
}

/* A last man's take, and the chain of takes behind it: e[i] on. */
static int
say_take(const struct rules *r, const struct mc_tell *t, int i, char *buf,
    size_t len, size_t *n)
{
	const struct mc_event *e = &t->e[i];
	unsigned all = e->more, count = e->men;
	char w[16], a[8], b[8];
	int extra = e->b != NOHOLE;

	tbl_bprintf(buf, len, n, "; the last man made %s at %s and took it",
	    count_word(count, w, sizeof w), hole(r, e->a, a));
	if (e->b != NOHOLE)
		tbl_bprintf(buf, len, n, " with %s", hole(r, e->b, b));
	for (i++; i < t->n && t->e[i].ev == 'T'; i++) {
		e = &t->e[i];
		tbl_bprintf(buf, len, n, ", then the %s at %s",
		    count_word(e->men, w, sizeof w), hole(r, e->a, a));
		if (e->b != NOHOLE)
			tbl_bprintf(buf, len, n, " with %s", hole(r, e->b, b));
		all += e->more;
		extra = 1;
	}
	if (extra)
		tbl_bprintf(buf, len, n, " (%u men in all)", all);
	return i;
}

/* The captures, takes, extra captures and the end of the move, in order. */
static void
say_events(const struct rules *r, const struct mc_tell *t, int p,
    char *buf, size_t len, size_t *n)
{
	const struct mc_event *e;
	char a[8], b[8], c[8];
	int i = 0, ended = 0;

	while (i < t->n) {
		e = &t->e[i];
		switch (e->ev) {
		case 'T':
			i = say_take(r, t, i, buf, len, n);
			ended = 1;
			continue;
		case 'C':
			tbl_bprintf(buf, len, n, "; the last man in %s captured "
			    "%s and %s (%u men)%s", hole(r, e->more, c),
			    hole(r, e->a, a), hole(r, e->b, b), e->men, r->captured == CD_SOW ?
			    " and sowed them on" : "");
			ended = r->captured != CD_SOW;
			break;
		case 'X':
			tbl_bprintf(buf, len, n, "%stook %s", i ? "; " : "",
			    hole(r, e->a, a));
			if (e->b != NOHOLE)
				tbl_bprintf(buf, len, n, " and %s", hole(r, e->b, b));
			tbl_bprintf(buf, len, n, " (%u men)%s", e->men,
			    r->captured == CD_SOW ? " and sowed them on" : "");
			break;
		case 'L':
			tbl_bprintf(buf, len, n, "; the lap limit (%u laps) "
			    "stopped it in %s", r->lap_limit, hole(r, e->a, a));
			ended = 1;
			break;
		case 'E':
			if (!ended)
				tbl_bprintf(buf, len, n, e->men == 1 ? "; the last man "
				    "fell into empty %s" : "; the last man stayed in "
				    "%s", hole(r, e->a, a));
			ended = 1;
			break;
		}
		i++;
	}
	(void)p;
}

/* The fours formed in passing, after the end of the move. */
static void
say_fours(const struct rules *r, const struct mc_tell *t, char *buf,
    size_t len, size_t *n)
{
	char a[8];
	int i;

	for (i = 0; i < t->n; i++)
		if (t->e[i].ev == 'F')
			tbl_bprintf(buf, len, n, "; a four formed in passing at %s "
			    "went to %s", hole(r, t->e[i].a, a),
			    mc_player_names[t->e[i].b]);
}

/*
 * What follows the move: a choice, the end of a game (a pass the host
 * tells from the passes hook).
 */
static void
say_after(const struct rules *r, const struct pos *b, const struct pos *a,
    char *buf, size_t len, size_t *n)
{
	int p = b->side;

	if (a->pending && a->side == p)
		tbl_bprintf(buf, len, n, "; %s takes one more %s (x and a "
		    "hole)", mc_player_names[p], r->extra == EX_PAIR ?
		    "column pair" : "hole");
	if (a->over != OV_NO) {
		tbl_bprintf(buf, len, n, "; the game is over: %s",
		    a->over == OV_DRAW ? "drawn" : a->over == OV_P ? "P wins" :
		    "Q wins");
		return;
	}
	if (a->gains[P] != b->gains[P] || a->gains[Q] != b->gains[Q] ||
	    a->turn < b->turn) {
		tbl_bprintf(buf, len, n, "; the game is over (gains P %u, Q %u) "
		    "and %s begins the next", a->gains[P], a->gains[Q],
		    mc_player_names[a->side]);
		return;
	}
}

/*
 * The end of a game of a match that m brings about, as game_over() tells
 * the sink: "Q wins 42-27, gains P 0, Q 15" (the winner's score first).
 */
int
mc_match_game_end(const struct tbl_state *s, tbl_move m, char *buf,
    size_t len)
{
	struct tbl_state t;
	struct mc_tell tell;
	size_t n = 0;
	int w;

	if (len > 0)
		buf[0] = '\0';
	if (s->r.match_target == 0)
		return 0;
	t = *s;
	memset(&tell, 0, sizeof tell);
	mc_tell_engine(&t.r, &tell);
	if (mc_apply(&t.r, &t.p, m) != 0 || !tell.game_end)
		return 0;
	w = tell.end_over == OV_Q ? Q : P;
	if (tell.end_over == OV_DRAW)
		tbl_bprintf(buf, len, &n, "drawn %u-%u", tell.end_score[P],
		    tell.end_score[Q]);
	else
		tbl_bprintf(buf, len, &n, "%s wins %u-%u", mc_player_names[w],
		    tell.end_score[w], tell.end_score[1 - w]);
	tbl_bprintf(buf, len, &n, ", gains P %u, Q %u", t.p.gains[P],
	    t.p.gains[Q]);
	return (int)n;
}

int
mc_narrate(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	struct tbl_state t = *s;
	struct mc_tell tell;
	const struct rules *r = &s->r;
	size_t n = 0;
	char name[8];
	int k, p = s->p.side, h = (int)(m & MV_WHERE);

	if (len > 0)
		buf[0] = '\0';
	memset(&tell, 0, sizeof tell);
	mc_tell_engine(&t.r, &tell);
	if (mc_apply(&t.r, &t.p, m) != 0)
		return 0;
	k = mc_format_move(r, m, buf, len);
	n = k > 0 ? (size_t)k : 0;	/* the whole text, as snprintf */
	switch (m & MV_KIND) {
	case MV_DROP:
		tbl_bprintf(buf, len, &n, ": a man dropped into %s (%u still "
		    "to deal)", hole(r, h, name), t.p.deal);
		break;
	case MV_BOARD:
		tbl_bprintf(buf, len, &n, ": %s %s the board as dealt",
		    mc_player_names[p], h ? "turns" : "accepts");
		break;
	case MV_TRANSFER:
		tbl_bprintf(buf, len, &n, ": the opening transfer, sown into "
		    "the inner row; ");
		say_laps(r, &tell, buf, len, &n);
		break;
	case MV_EXTRA:
		tbl_bprintf(buf, len, &n, ": ");
		break;
	default:
		tbl_bprintf(buf, len, &n, ": ");
		say_laps(r, &tell, buf, len, &n);
		break;
	}
	say_events(r, &tell, p, buf, len, &n);
	if ((m & MV_KIND) == MV_EXTRA && tell.laps > 0) {
		tbl_bprintf(buf, len, &n, "; ");
		say_laps(r, &tell, buf, len, &n);
	}
	say_fours(r, &tell, buf, len, &n);
	/* The sink keeps MC_TELL_MAX events: any of the kinds may be lost. */
	if (tell.lost > 0)
		tbl_bprintf(buf, len, &n, "; and %d more event%s", tell.lost,
		    tell.lost == 1 ? "" : "s");
	say_after(r, &s->p, &t.p, buf, len, &n);
	return (int)n;
}
