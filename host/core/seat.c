/*
 * seat.c - a seat's player spec as text and back.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "core/seat.h"

int
seat_parse(const char *text, struct seat_spec *out, char *err, size_t errlen)
{
	char *num, *word, *save = NULL;
	size_t len;
	long v = 0;
	int bad, ms;

	memset(out, 0, sizeof *out);
	if (strcmp(text, "human") == 0) {
		out->kind = SEAT_HUMAN;
		return 0;
	}
	if (strcmp(text, "random") == 0) {
		out->kind = SEAT_RANDOM;
		return 0;
	}
	if (strncmp(text, "mcts", 4) == 0 && (text[4] == '\0' || text[4] == ':')) {
		out->kind = SEAT_MCTS;
		out->budget = SEAT_DEFAULT_PLAYOUTS;
		if (text[4] == '\0')
			return 0;
		/* "mcts:2000" playouts or "mcts:500ms", then ":tT", ":fresh". */
		num = xstrdup(text + 5);
		bad = 0;
		for (word = strtok_r(num, ":", &save); word && !bad;
		    word = strtok_r(NULL, ":", &save)) {
			len = strlen(word);
			/* The budget may be left out: "mcts:t2". */
			if (word == num && !(word[0] == 't' && word[1] >= '0' &&
			    word[1] <= '9') && strcmp(word, "fresh") != 0 &&
			    strncmp(word, "db=", 3) != 0) {
				ms = len > 2 && strcmp(word + len - 2, "ms") == 0;
				if (ms)
					word[len - 2] = '\0';
				if (parse_long(word, 1, 100000000L, &v) != 0) {
					snprintf(err, errlen, "bad MCTS budget '%s': want a "
					    "number of playouts (mcts:2000) or milliseconds "
					    "(mcts:500ms)", text + 5);
					bad = 1;
				}
				out->budget = v;
				out->ms = ms;
			} else if (word[0] == 't' && !out->threads &&
			    parse_long(word + 1, 1, SEAT_MAX_THREADS, &v) == 0)
				out->threads = (int)v;
			else if (strcmp(word, "fresh") == 0 && !out->fresh)
				out->fresh = 1;
			else if (strncmp(word, "db=", 3) == 0 && !out->db[0] &&
			    len > 3 && len - 3 < sizeof out->db)
				memcpy(out->db, word + 3, len - 2);
			else {
				snprintf(err, errlen, "bad MCTS option ':%s' in '%s': want "
				    ":tT for T threads (1 to %d), :fresh for a new tree "
				    "at every decision or :db=DIR for an endgame database "
				    "(a path of at most %d bytes), each once", word, text,
				    SEAT_MAX_THREADS, SEAT_DB_MAX - 1);
				bad = 1;
			}
		}
		free(num);
		return bad ? -1 : 0;
	}
	{
		static const char *const kinds[] = { "human", "random", "mcts",
		    NULL };
		const char *near = nearest(text, kinds);
		if (near)
			snprintf(err, errlen, "unknown player '%s' (did you mean "
			    "'%s'?)", text, near);
		else
			snprintf(err, errlen, "unknown player '%s' (human, random, "
			    "mcts, mcts:PLAYOUTS, mcts:MSms, each with :tT and "
			    ":fresh)", text);
	}
	return -1;
}

void
seat_format(const struct seat_spec *s, char *buf, size_t len)
{
	switch (s->kind) {
	case SEAT_HUMAN:
		snprintf(buf, len, "human");
		break;
	case SEAT_RANDOM:
		snprintf(buf, len, "random");
		break;
	case SEAT_MCTS:
		if (s->threads > 1)
			snprintf(buf, len, "mcts:%ld%s:t%d%s%s%s", s->budget,
			    s->ms ? "ms" : "", s->threads, s->fresh ? ":fresh" : "",
			    s->db[0] ? ":db=" : "", s->db);
		else
			snprintf(buf, len, "mcts:%ld%s%s%s%s", s->budget,
			    s->ms ? "ms" : "", s->fresh ? ":fresh" : "",
			    s->db[0] ? ":db=" : "", s->db);
		break;
	case SEAT_ENGINE:
		snprintf(buf, len, "engine:%ld", s->budget + 1);
		break;
	}
}

int
seat_parse_list(const char *text, int nplayers, const char *game,
    struct seat_spec *seats, char *err, size_t errlen)
{
	struct seat_spec v[TBL_MAX_PLAYERS];
	char *copy = xstrdup(text), *tok, *next;
	int i = 0, rc = 0;

	memset(v, 0, sizeof v);
	for (tok = *text ? copy : NULL; tok && rc == 0; tok = next, i++) {
		next = strchr(tok, ',');
		if (next)
			*next++ = '\0';
		if (i >= nplayers || i >= TBL_MAX_PLAYERS) {
			snprintf(err, errlen, "seats names more players than the "
			    "%d of %s", nplayers, game);
			rc = -1;
		} else if (*strtrim(tok))
			rc = seat_parse(strtrim(tok), &v[i], err, errlen);
	}
	free(copy);
	if (rc == 0)
		memcpy(seats, v, sizeof v);
	return rc;
}

char *
seat_format_list(const struct seat_spec *seats, int n)
{
	struct sbuf b = { 0 };
	char one[SEAT_TEXT_MAX];
	int i;

	for (i = 0; i < n && i < TBL_MAX_PLAYERS; i++) {
		seat_format(&seats[i], one, sizeof one);
		sbuf_printf(&b, "%s%s", i ? "," : "", one);
	}
	return b.s ? b.s : xstrdup("");
}
