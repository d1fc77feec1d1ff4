/*
 * endways.h - the ways games end other than by the rules (lost on time,
 * an illegal move, adjudicated...), counted from the games' termination
 * reasons, as the reports of match and survey (and merge's) say them.
 */
#ifndef TABLERO_ENDWAYS_H
#define TABLERO_ENDWAYS_H

#include <stdio.h>

#include "base/util.h"

#define ENDWAYS 10		/* the ways, each with its name */

struct endways {
	long n[ENDWAYS];	/* games ended each way */
};

/* Count a game whose termination reason is why ("" for the rules). */
void endways_count(struct endways *e, const char *why);

/* Any game counted? */
int endways_any(const struct endways *e);

/*
 * The ways as text, "lost on time 2, illegal move 1" (into buf of len),
 * or as a JSON member ,"ends":{"lost on time":2,"illegal move":1} into b;
 * nothing when no game is counted.
 */
void endways_text(const struct endways *e, char *buf, size_t len);
void endways_json(const struct endways *e, struct sbuf *b);

#endif /* TABLERO_ENDWAYS_H */
