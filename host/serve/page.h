/*
 * page.h - the one page of `tablero serve`: HTML, its style sheet and
 * its script in one document held in memory (nothing is fetched but the
 * API's answers), which plays the tab's game through the JSON API.
 */
#ifndef TABLERO_SERVE_PAGE_H
#define TABLERO_SERVE_PAGE_H

struct sbuf;

/* Append the page to out. */
void page_html(struct sbuf *out);

#endif /* TABLERO_SERVE_PAGE_H */
