/*
 * gentables.c - writes tables.h, the precomputed board of awithlaknakwe.
 *
 * The board is a 14 x 14 frame (files a-n, ranks 1-14) of which 168
 * squares exist: the 12 x 12 core b2-m13 and four arms of six squares,
 * e1-j1, e14-j14, a5-a10 and n5-n10.  Squares are numbered 0..167 rank by
 * rank from rank 1, left to right, the order of the position string.
 * Number 168 (AWK_NONE) stands for "no square" in every table, so that a
 * lookup never needs a bounds test.
 *
 * Sides are numbered clockwise seen from above with North at the top:
 * South 0, West 1, North 2, East 3.  Forward is up for South, right for
 * West, down for North and left for East.
 *
 * Build and run by hand when the geometry changes:
 *	cc -std=c11 -o gentables plugins/awithlaknakwe/gentables.c
 *	./gentables > plugins/awithlaknakwe/tables.h
 * The unit tests recompute every table from the same rules and compare.
 */
#include <stdio.h>

#define W 14
#define NONE 168

static int
exists(int f, int r)
{
	if (f < 0 || f >= W || r < 0 || r >= W)
		return 0;
	if (f >= 1 && f <= 12 && r >= 1 && r <= 12)
		return 1;
	if ((r == 0 || r == 13) && f >= 4 && f <= 9)
		return 1;
	if ((f == 0 || f == 13) && r >= 4 && r <= 9)
		return 1;
	return 0;
}

/* Forward (df, dr) per side: South, West, North, East. */
static const int fwd_df[4] = { 0, 1, 0, -1 };
static const int fwd_dr[4] = { 1, 0, -1, 0 };
static const int diag_df[4] = { 1, -1, 1, -1 };
static const int diag_dr[4] = { 1, 1, -1, -1 };

static int at[W][W];
static int sqf[NONE], sqr[NONE];

static int
sq(int f, int r)
{
	return exists(f, r) ? at[f][r] : NONE;
}

static int
progress(int side, int f, int r)
{
	switch (side) {
	case 0: return r;
	case 1: return f;
	case 2: return W - 1 - r;
	default: return W - 1 - f;
	}
}

/* Sort a small list ascending (NONE sorts last). */
static void
sort(int *v, int n)
{
	int i, j, t;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && v[j - 1] > v[j]; j--) {
			t = v[j]; v[j] = v[j - 1]; v[j - 1] = t;
		}
}

/*
 * A warrior's forward-diagonal steps from square i for `side`, ascending
 * in v[0..1], NONE where the step leaves the board (and for i == NONE).
 */
static void
warrior_steps(int side, int i, int *v)
{
	int pf = fwd_dr[side], pr = fwd_df[side], f, r;

	v[0] = v[1] = NONE;
	if (i == NONE)
		return;
	f = sqf[i];
	r = sqr[i];
	v[0] = sq(f + fwd_df[side] + pf, r + fwd_dr[side] + pr);
	v[1] = sq(f + fwd_df[side] - pf, r + fwd_dr[side] - pr);
	sort(v, 2);
}

/* Number the squares rank by rank; returns how many exist. */
static int
number_squares(void)
{
	int f, r, n = 0;

	for (r = 0; r < W; r++)
		for (f = 0; f < W; f++)
			if (exists(f, r)) {
				at[f][r] = n;
				sqf[n] = f;
				sqr[n] = r;
				n++;
			}
	return n;
}

/* One row of a per-square table of numbers, 24 to a line. */
static void
put_row(const char *name, const int *v)
{
	int i;

	printf("static const uint8_t %s[AWK_NSQ + 1] = {", name);
	for (i = 0; i <= NONE; i++)
		printf("%s%d,", i % 24 ? " " : "\n\t", v[i]);
	printf("\n};\n");
}

static void
put_coordinates(void)
{
	int f[NONE + 1], r[NONE + 1], i, fl, rk;

	for (i = 0; i <= NONE; i++) {
		f[i] = i < NONE ? sqf[i] : 255;
		r[i] = i < NONE ? sqr[i] : 255;
	}
	printf("/* File (0 = a) and rank (0 = rank 1) of each square. */\n");
	put_row("awk_file", f);
	put_row("awk_rank", r);
	printf("\n/* The square at [file][rank], AWK_NONE where none exists. */\n");
	printf("static const uint8_t awk_at[14][14] = {\n");
	for (fl = 0; fl < W; fl++) {
		printf("\t{");
		for (rk = 0; rk < W; rk++)
			printf("%s%d", rk ? ", " : " ", sq(fl, rk));
		printf(" },\n");
	}
	printf("};\n\n");
}

static void
put_forward(void)
{
	int side, i;

	printf("/*\n * How far forward a square is for each side: 0 on the side's home\n"
	    " * rank, 13 on its goal rank (the opposite home).\n */\n");
	printf("static const uint8_t awk_fwd[4][AWK_NSQ + 1] = {\n");
	for (side = 0; side < 4; side++) {
		printf("\t{");
		for (i = 0; i <= NONE; i++)
			printf("%s%d,", i % 24 ? " " : "\n\t\t",
			    i < NONE ? progress(side, sqf[i], sqr[i]) : 0);
		printf("\n\t},\n");
	}
	printf("};\n\n");
}

/* The three tables of a warrior's steps: targets, packed facts, moves. */
static void
put_warrior_steps(void)
{
	int side, i, v[2];

	printf("/* A warrior's forward-diagonal steps, ascending, AWK_NONE padded. */\n");
	printf("static const uint8_t awk_wdst[4][AWK_NSQ + 1][2] = {\n");
	for (side = 0; side < 4; side++) {
		printf("\t{");
		for (i = 0; i <= NONE; i++) {
			warrior_steps(side, i, v);
			printf("%s{%d,%d},", i % 8 ? " " : "\n\t\t", v[0], v[1]);
		}
		printf("\n\t},\n");
	}
	printf("};\n\n");

	printf("/*\n * What a warrior step needs to know of a square, packed: the two steps\n"
	    " * of awk_wdst, 1 if the square is on the side's goal rank, 1 if a\n"
	    " * warrior has a step from it at all.\n */\n");
	printf("static const uint8_t awk_wstep[4][AWK_NSQ + 1][4] = {\n");
	for (side = 0; side < 4; side++) {
		printf("\t{");
		for (i = 0; i <= NONE; i++) {
			warrior_steps(side, i, v);
			printf("%s{%d,%d,%d,%d},", i % 6 ? " " : "\n\t\t",
			    v[0], v[1], i < NONE &&
			    progress(side, sqf[i], sqr[i]) == W - 1, v[0] != NONE);
		}
		printf("\n\t},\n");
	}
	printf("};\n\n");

	printf("/*\n * The same steps as moves, (from << 8) | to, ascending; a missing step\n"
	    " * has target AWK_NONE, so that its move names the sentinel square.\n */\n");
	printf("static const uint32_t awk_wmove[4][AWK_NSQ + 1][2] = {\n");
	for (side = 0; side < 4; side++) {
		printf("\t{");
		for (i = 0; i <= NONE; i++) {
			warrior_steps(side, i, v);
			printf("%s{%d,%d},", i % 4 ? " " : "\n\t\t",
			    i << 8 | v[0], i << 8 | v[1]);
		}
		printf("\n\t},\n");
	}
	printf("};\n\n");
}

static void
put_priest_steps(void)
{
	int side, i, f, r;

	printf("/*\n * A priest's steps (sideways, forward, forward-diagonal), ascending,\n"
	    " * AWK_NONE padded.\n */\n");
	printf("static const uint8_t awk_pdst[4][AWK_NSQ + 1][5] = {\n");
	for (side = 0; side < 4; side++) {
		printf("\t{");
		for (i = 0; i <= NONE; i++) {
			int v[5] = { NONE, NONE, NONE, NONE, NONE };
			if (i < NONE) {
				int df = fwd_df[side], dr = fwd_dr[side];
				int pf = dr, pr = df;
				f = sqf[i]; r = sqr[i];
				v[0] = sq(f + pf, r + pr);
				v[1] = sq(f - pf, r - pr);
				v[2] = sq(f + df, r + dr);
				v[3] = sq(f + df + pf, r + dr + pr);
				v[4] = sq(f + df - pf, r + dr - pr);
				sort(v, 5);
			}
			printf("%s{%d,%d,%d,%d,%d},", i % 6 ? " " : "\n\t\t",
			    v[0], v[1], v[2], v[3], v[4]);
		}
		printf("\n\t},\n");
	}
	printf("};\n\n");
}

/* The squares `dist` steps along each diagonal, as table `name`. */
static void
put_diagonals(const char *comment, const char *name, int dist)
{
	int i, k;

	printf("%s", comment);
	printf("static const uint8_t %s[AWK_NSQ + 1][4] = {", name);
	for (i = 0; i <= NONE; i++) {
		printf("%s{", i % 6 ? " " : "\n\t");
		for (k = 0; k < 4; k++)
			printf("%s%d", k ? "," : "", i < NONE ?
			    sq(sqf[i] + dist * diag_df[k], sqr[i] + dist *
			    diag_dr[k]) : NONE);
		printf("},");
	}
	printf("\n};\n\n");
}

static void
put_homes(void)
{
	int side, i, k, h[NONE + 1];

	printf("/* The home rank of each side, ascending. */\n");
	printf("static const uint8_t awk_home[4][6] = {\n");
	for (side = 0; side < 4; side++) {
		printf("\t{");
		k = 0;
		for (i = 0; i < NONE; i++)
			if (progress(side, sqf[i], sqr[i]) == 0)
				printf("%s%d", k++ ? ", " : " ", i);
		printf(" },\n");
	}
	printf("};\n\n");
	for (i = 0; i <= NONE; i++) {
		h[i] = 4;
		for (side = 0; i < NONE && side < 4; side++)
			if (progress(side, sqf[i], sqr[i]) == 0)
				h[i] = side;
	}
	printf("/* Which side's home a square is (4 for none). */\n");
	put_row("awk_home_side", h);
	printf("\n");
}

int
main(void)
{
	int n = number_squares();

	if (n != NONE) {
		fprintf(stderr, "gentables: %d squares, expected 168\n", n);
		return 1;
	}
	printf("/* tables.h - generated by gentables.c; do not edit. */\n");
	printf("#ifndef AWK_TABLES_H\n#define AWK_TABLES_H\n\n");
	printf("#define AWK_NSQ 168\n#define AWK_NONE 168\n\n");
	put_coordinates();
	put_forward();
	put_warrior_steps();
	put_priest_steps();
	put_diagonals("/*\n * Diagonal neighbours (up-right, up-left, down-right, "
	    "down-left);\n * AWK_NONE maps to itself so that a line can be followed "
	    "blindly.\n */\n", "awk_diag", 1);
	put_diagonals("/* The square two steps along each diagonal (AWK_NONE if "
	    "none). */\n", "awk_diag2", 2);
	put_homes();
	printf("#endif /* AWK_TABLES_H */\n");
	return 0;
}
