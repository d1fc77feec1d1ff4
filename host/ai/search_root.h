/*
 * search_root.h - each thread's own figures of the root's children
 * while several threads search one tree (see search_root.c).  Internal
 * to ai/.
 */
#ifndef TABLERO_AI_SEARCH_ROOT_H
#define TABLERO_AI_SEARCH_ROOT_H

#include "ai/search.h"

/* Worker w's figures emptied for a search of the root as it is now
 * (none with one thread). */
void root_ready(struct worker *w);

/* Give w's arrays back. */
void root_free(struct worker *w);

/* A playout of w through the root's child k, outcome x for its mover
 * (x < 0: none). */
void root_add(struct worker *w, int k, double x);

/* A copy of the other workers' figures for w's UCT. */
void root_refresh(struct worker *w);

/* The visits of the root's child c as w sees them. */
long root_child_visits(const struct worker *w, const struct node *c);

/* tree_select() at the root (counted `visits` times) on the figures w
 * sees. */
struct node *root_select(struct worker *w, long visits, double explore);

/* Add w's own figures to the root's children (the search has ended for
 * w); w has none after. */
void root_fold(struct worker *w);

#endif /* TABLERO_AI_SEARCH_ROOT_H */
