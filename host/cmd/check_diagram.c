/*
 * check_diagram.c - `tablero check` judges a plugin's diagram() hook raw
 * at each position (see check_diagram.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/util.h"
#include "cmd/check_diagram.h"
#include "core/game.h"
#include "view/drawing.h"

struct check_diagram {
	const struct tbl_game *g;
	const struct tbl_state *start;	/* the game's first position */
	struct drawing first, again;
	struct tbl_state *before;	/* where the last move was made */
	int moved;			/* a player has moved */
	tbl_move last;
};

struct check_diagram *
check_diagram_new(const struct tbl_game *g, const struct tbl_state *start)
{
	struct check_diagram *cd;

	if (g->diagram == NULL)
		return NULL;
	cd = xcalloc(1, sizeof *cd);
	cd->g = g;
	cd->start = start;
	drawing_init(&cd->first);
	drawing_init(&cd->again);
	cd->before = g->clone(start);
	return cd;
}

void
check_diagram_free(struct check_diagram *cd)
{
	if (cd == NULL)
		return;
	drawing_free(&cd->first);
	drawing_free(&cd->again);
	cd->g->destroy(cd->before);
	free(cd);
}

void
check_diagram_played(struct check_diagram *cd, const struct tbl_state *st,
    int who, tbl_move m)
{
	if (cd == NULL || who == TBL_CHANCE)
		return;
	cd->g->copy(cd->before, st);
	cd->last = m;
	cd->moved = 1;
}

/* The hook's answer for st, described into dr (raw: check judges it). */
static int
draw(struct check_diagram *cd, const struct tbl_state *st,
    struct drawing *dr)
{
	const struct tbl_draw *d = drawing_begin(dr, cd->g->players(st));
	int rc = cd->g->diagram(st, cd->moved ? cd->before : NULL,
	    cd->moved ? cd->last : 0, d);

	if (rc == 0)
		drawing_end(dr);
	return rc;
}

/*
 * Asked again of st, as st itself, a clone of it and the position read
 * back from st's string (pos) into a clone of the game's start, the hook
 * answers rc and the drawing of cd->first; what differs into why.
 */
static int
differs(struct check_diagram *cd, const struct tbl_state *st,
    const char *pos, int rc, char *why, size_t wlen)
{
	static const char *const as[] = { "asked again",
	    "asked of a clone", "asked of the position read back from its "
	    "string" };
	const struct tbl_game *g = cd->g;
	struct tbl_state *t = g->clone(st);
	char err[TBL_ERRLEN];
	int k, bad = 0;

	for (k = 0; k < 3 && !bad; k++) {
		const struct tbl_state *of = k == 0 ? st : t;
		if (k == 2) {
			g->copy(t, cd->start);
			if (game_set_position(g, t, pos, err, sizeof err) != 0)
				break;	/* the round trip's check reports it */
		}
		if (draw(cd, of, &cd->again) != rc ||
		    (rc == 0 && !drawing_same(&cd->first, &cd->again))) {
			snprintf(why, wlen, "diagram() at position '%s' %s "
			    "describes another picture", pos, as[k]);
			bad = 1;
		}
	}
	g->destroy(t);
	return bad;
}

int
check_diagram(struct check_diagram *cd, const struct tbl_state *st,
    char *why, size_t wlen)
{
	char *pos;
	int rc, bad = 1;

	if (cd == NULL)
		return 0;
	rc = draw(cd, st, &cd->first);
	pos = game_position(cd->g, st);
	if (rc != 0 && rc != -1)
		snprintf(why, wlen, "diagram() at position '%s' returns %d, "
		    "not 0 or -1", pos, rc);
	else if (rc == 0 && cd->first.err[0])
		snprintf(why, wlen, "diagram() at position '%s' describes "
		    "what the host cannot draw: %s", pos, cd->first.err);
	else if (rc == 0 && cd->first.lax[0])
		snprintf(why, wlen, "diagram() at position '%s' draws %s",
		    pos, cd->first.lax);
	else
		bad = differs(cd, st, pos, rc, why, wlen);
	free(pos);
	return bad;
}
