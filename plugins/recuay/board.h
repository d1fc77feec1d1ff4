/*
 * board.h - the Recuay gaming board as data: spaces grouped into
 * compartments, their kind, owner and level, the neighbours of each space
 * with a compass direction, each player's race track and the drawing.
 * Private to the recuay plugin.
 *
 * A board is read from the text format described in tablero-recuay(7)
 * (the shipped conf/recuay/schaedel.board is the default, embedded in the
 * plugin as rc_default_board) and checked: every name a line refers to is
 * declared, neighbours are symmetric (A lists B to the east exactly when
 * B lists A to the west), a track steps only between neighbours and never
 * through a neutral compartment, and each player has a home of four
 * places, a raised compartment and a track.
 */
#ifndef RECUAY_BOARD_H
#define RECUAY_BOARD_H

#include <stddef.h>
#include <stdint.h>

struct tbl_host;

#define RC_MAXSP	32	/* spaces on a board (bit masks are 32 bits) */
#define RC_MAXNB	8	/* neighbours of one space */
#define RC_NAMELEN	8	/* space names, NUL included */
#define RC_ARTLEN	1536	/* the drawing, all lines */
#define RC_HOMEPLACES	4	/* places on the lower level of a home */

/* Kinds of compartments. */
enum rc_kind { RC_SMALL, RC_CENTRE, RC_NEUTRAL, RC_HOME, RC_RAISED };

/* Directions, so that (d + 2) % 4 is the opposite of d. */
enum rc_dir { RC_N, RC_E, RC_S, RC_W };

struct rc_board {
	uint8_t n;			/* spaces 0 .. n-1, in file order */
	uint8_t ncomp;			/* compartments */
	char name[RC_MAXSP][RC_NAMELEN];
	uint8_t kind[RC_MAXSP];		/* enum rc_kind */
	int8_t owner[RC_MAXSP];		/* 0 (P), 1 (Q) or -1 */
	uint8_t level[RC_MAXSP];
	uint8_t comp[RC_MAXSP];		/* compartment index of the space */
	uint8_t nnb[RC_MAXSP];
	uint8_t nb[RC_MAXSP][RC_MAXNB];	/* neighbour space */
	uint8_t nbdir[RC_MAXSP][RC_MAXNB];	/* its direction */
	uint32_t fwd[2][RC_MAXSP];	/* race: forward successors per player */
	uint32_t back[2][RC_MAXSP];	/* race: backward steps (enemy seven) */
	uint8_t entry[2];		/* race: where a man enters */
	uint8_t raised[2];		/* each player's raised compartment */
	uint8_t home[2][RC_HOMEPLACES];	/* the places of each lower home */
	uint8_t centre;
	uint32_t field;			/* spaces a soldier may stand on */
	uint8_t dist[2][RC_MAXSP];	/* race: steps to the opponent's home */
	char title[48];
	uint16_t artlen;
	char art[RC_ARTLEN];		/* drawing lines, '\n' separated */
};

/* The shipped board's text (conf/recuay/schaedel.board). */
extern const char rc_default_board[];

/*
 * Parse and check a board from `text`; `file` names it in messages
 * ("FILE:LINE: ...").  Returns 0, or -1 with a one-line message in err.
 */
int rc_board_parse(struct rc_board *b, const char *text, const char *file,
    char *err, size_t errlen);

/*
 * Read board file `path` through the host (open_file: a regular file of
 * less than 64 KiB) and parse it.  Returns 0, or -1 with a message in
 * err.
 */
int rc_board_load(struct rc_board *b, const struct tbl_host *host,
    const char *path, char *err, size_t errlen);

/*
 * The board of option board=VALUE: a path, a file in the current
 * directory, or a shipped board of the host's data directory (open_data).
 */
int rc_board_open(struct rc_board *b, const char *value,
    const struct tbl_host *host, char *err, size_t errlen);

/* The index of the space called name (len bytes), or -1. */
int rc_board_find(const struct rc_board *b, const char *name, size_t len);

#endif /* RECUAY_BOARD_H */
