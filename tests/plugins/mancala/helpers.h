/*
 * helpers.h - what the mancala unit tests (test_mancala.c, test_rows.c)
 * share: the trace buffer the plugin's trace hooks write into, and short
 * names for the fake host's helpers on the game G.  Include it once, after
 * "fakehost.h"; the including file defines trace_reset(), which play()
 * calls before each turn.
 */
#ifndef TABLERO_TESTS_MANCALA_HELPERS_H
#define TABLERO_TESTS_MANCALA_HELPERS_H

/* ---- trace ---------------------------------------------------------- */

static char trace_buf[1 << 16];
static size_t trace_len;

void mancala_trace(int ev, int n, int a, int b, unsigned men);
void mancala_lap(const uint16_t *c, int rows, int n);

/* Clear the trace (and whatever else the test counts per turn). */
static void trace_reset(void);

static void
trace_add(const char *fmt, ...)
{
	va_list ap;

	if (trace_len >= sizeof trace_buf - 64)
		return;
	va_start(ap, fmt);
	trace_len += (size_t)vsnprintf(trace_buf + trace_len,
	    sizeof trace_buf - trace_len, fmt, ap);
	va_end(ap);
}

/* ---- helpers -------------------------------------------------------- */

static const struct tbl_game *G;

#define POS(s) fake_position(G, (s))

static struct tbl_state *
mk(const char *opts)
{
	return fake_create(G, opts);
}

static void
setpos(struct tbl_state *s, const char *pos)
{
	fake_must_set(G, s, pos);
}

/* Play a turn (one or more moves on a line); return the trace. */
static const char *
play(struct tbl_state *s, const char *moves)
{
	trace_reset();
	fake_must_play(G, s, moves);
	return trace_buf;
}

/* The legal moves, formatted and separated by blanks. */
static const char *
moves_of(const struct tbl_state *s)
{
	return fake_moves(G, s);
}

static const char *
result_of(const struct tbl_state *s)
{
	return fake_result_text(G, s);
}

static int
group_setup(void **state)
{
	(void)state;
	G = fake_game();
	return 0;
}

#endif /* TABLERO_TESTS_MANCALA_HELPERS_H */
