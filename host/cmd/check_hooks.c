/*
 * check_hooks.c - the value hooks check judges raw (see check_hooks.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd/check_hooks.h"
#include "core/game.h"

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
