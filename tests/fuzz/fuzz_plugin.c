/*
 * fuzz_plugin.c - libFuzzer target: any game plugin, driven through the
 * SDK (sdk/tablero.h) alone, against the contract that header states.
 *
 * The plugins are the shipped games, built by `make fuzz` into
 * instrumented shared objects (tests/fuzz/bin/plugins/NAME.so) and loaded
 * with dlopen() as the host loads them; $TABLERO_FUZZ_PLUGIN_DIR names
 * another directory, $TABLERO_FUZZ_GAMES another comma-separated list of
 * games (any plugin: the target knows nothing game-specific).
 *
 * An input is one line of text, then bytes:
 *
 *	GAME key=value ...\n	the game and its options, read with the
 *				host's own option parser (host/core/options.c);
 *				a bad key or value is left out, an unknown
 *				game is chosen by its first byte
 *	OP ARG... OP ARG...	what to do, one operation after another
 *
 * The operations (OP is a byte, taken modulo their number):
 *
 *	0 K		play listed move (or chance outcome) K mod n
 *	1 L TEXT	parse TEXT (L bytes) as a move; play it when it is
 *			listed, else expect apply() to refuse it
 *	2 B0..B3	apply the 32-bit value B0..B3: refused unless listed
 *	3 K B		listed move K with bit B set: refused unless listed
 *	4 L TEXT	set_position(TEXT); refused or taken, see below
 *	5 C {I V}*C	set_position() of the current position string with C
 *			bytes replaced (byte I mod length becomes V)
 *	6 K R		play K mod 64 random listed moves (generator seed R)
 *	7		clone, play on the clone, copy() the original back
 *	8 L		the text functions with buffers of L bytes (and more)
 *
 * After the options and after every operation the state is checked
 * (check_state): to_move() is a player, TBL_CHANCE or TBL_END and agrees
 * with legal_moves(), chance_outcomes() and result(); listings ascend and
 * give the same count with no buffer; set_position(get_position(s)) gives
 * the same string, side to move and listing; every listed move's
 * format_move() text parses back to it using exactly the formatted bytes;
 * the text functions keep to the snprintf contract (canary bytes past
 * the buffer stay).  An unlisted move is refused by apply() with the
 * state unchanged, and so is a refused set_position(): "unchanged" is
 * the same position string, side to move and listing.
 * A violation aborts with a line naming the oracle, the game and the
 * position.
 */
#include "config.h"

#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/options.h"
#include "core/services.h"
#include "tablero.h"
#include "base/util.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

#ifndef FUZZ_PLUGIN_DIR
#define FUZZ_PLUGIN_DIR "tests/fuzz/bin/plugins"
#endif
#ifndef FUZZ_SRCDIR
#define FUZZ_SRCDIR "."
#endif

/* The shipped games, in the order an unknown name's first byte picks. */
#define SHIPPED "mancala,tuknanavuhpi,awithlaknakwe,yucata,recuay,example"

#define MAXGAMES 32
#define MAXOPTS 64
#define MAXMOVES 4096	/* more than any shipped game lists */
#define CANARY 0xA5
#define GUARD 16
#define NOPS 9

static struct tbl_game games[MAXGAMES];
static int ngames;
static char *data_dir;

/* ---- the host table ------------------------------------------------ */

static void *
fz_alloc(size_t n)
{
	return xmalloc(n ? n : 1);
}

static void *
fz_calloc(size_t n)
{
	return xcalloc(1, n ? n : 1);
}

static void
fz_warn(const char *fmt, ...)
{
	(void)fmt;	/* a warning is no failure; keep the run quiet */
}

static const char *
fz_data_dir(void)
{
	return data_dir;
}

/* The host's reader of data files (core/services.c), below data_dir. */
static char *
fz_open_data(const char *game, const char *name, size_t max, size_t *len,
    char *err, size_t errlen)
{
	return services_read_data(data_dir, game, name, max, len, err, errlen);
}

/* services.c's table names it; this target has no paths.c. */
const char *paths_data_dir(void);
const char *
paths_data_dir(void)
{
	return data_dir;
}

static const struct tbl_host host = {
	sizeof(struct tbl_host), TABLERO_ABI_MAJOR, TABLERO_ABI_MINOR,
	fz_alloc, fz_calloc, free, fz_warn,
	/* ABI 1.2 and later */
	fz_data_dir,
	/* ABI 1.4 and later */
	fz_open_data, services_read_file
};

/* ---- reporting ----------------------------------------------------- */

static const struct tbl_game *cur;	/* the game of the current input */

static void fail(const struct tbl_state *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3), noreturn));

/* Abort with "fuzz_plugin: GAME: what (position P)". */
static void
fail(const struct tbl_state *s, const char *fmt, ...)
{
	char pos[4096] = "";
	va_list ap;

	fprintf(stderr, "fuzz_plugin: %s: ", cur ? cur->name : "?");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (s != NULL && cur != NULL) {
		cur->get_position(s, pos, sizeof pos);
		pos[sizeof pos - 1] = '\0';
		fprintf(stderr, " (position '%s')", pos);
	}
	fputc('\n', stderr);
	abort();
}

/* ---- loading ------------------------------------------------------- */

/* Load dir/name.so as the host does; abort when it cannot be used. */
static void
load_game(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s.so", dir, name), err[TBL_ERRLEN] = "";
	const struct tbl_plugin_info *info;
	struct tbl_game *g = &games[ngames];
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	tbl_entry_fn entry;

	if (h == NULL || (entry = (tbl_entry_fn)(uintptr_t)dlsym(h,
	    TABLERO_ENTRY_SYMBOL)) == NULL) {
		fprintf(stderr, "fuzz_plugin: cannot load %s: %s\n", path,
		    dlerror());
		exit(2);
	}
	info = entry();
	if (info->abi_major != TABLERO_ABI_MAJOR ||
	    info->abi_minor > TABLERO_ABI_MINOR ||
	    strcmp(info->signature, TABLERO_SIGNATURE) != 0) {
		fprintf(stderr, "fuzz_plugin: %s: ABI %u.%u (%s), not ours\n",
		    path, info->abi_major, info->abi_minor, info->signature);
		exit(2);
	}
	/* The host-sized copy: fields the plugin lacks read as NULL. */
	memset(g, 0, sizeof *g);
	memcpy(g, info->game, info->size < sizeof *g ? info->size : sizeof *g);
	if (g->noptions > MAXOPTS || (g->init != NULL &&
	    g->init(&host, err, sizeof err) != 0)) {
		fprintf(stderr, "fuzz_plugin: %s: init fails: %s\n", path, err);
		exit(2);
	}
	ngames++;
	free(path);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *dir = getenv("TABLERO_FUZZ_PLUGIN_DIR");
	const char *list = getenv("TABLERO_FUZZ_GAMES");
	char *names, *name, *save = NULL;

	(void)argc;
	(void)argv;
	data_dir = xasprintf("%s/conf", FUZZ_SRCDIR);
	names = xstrdup(list && *list ? list : SHIPPED);
	for (name = strtok_r(names, ",", &save); name && ngames < MAXGAMES;
	    name = strtok_r(NULL, ",", &save))
		load_game(dir && *dir ? dir : FUZZ_PLUGIN_DIR, name);
	free(names);
	return 0;
}

/* ---- reading the input --------------------------------------------- */

struct input {
	const uint8_t *p;
	size_t n;
};

static unsigned
byte(struct input *in)
{
	if (in->n == 0)
		return 0;
	in->n--;
	return *in->p++;
}

/*
 * The next L bytes (L a byte of the input) as a NUL-terminated string,
 * cut at the first NUL, a newline read as a blank: the host hands a
 * plugin text from one line.  The caller frees it.
 */
static char *
text(struct input *in)
{
	size_t len = byte(in);
	char *t, *nl;

	if (len > in->n)
		len = in->n;
	t = xstrndup((const char *)in->p, len);
	in->p += len;
	in->n -= len;
	while ((nl = strchr(t, '\n')) != NULL)
		*nl = ' ';
	return t;
}

/* ---- the contract of text functions --------------------------------- */

/*
 * Call fn (snprintf style) with no buffer (NULL, 0), then with buffers of
 * the full length plus one, of `len` bytes (modulo the full length plus
 * two, so 0 too) and of the full length (one byte short), each followed
 * by canary bytes; check that it never writes past the buffer, always
 * terminates the text it writes, returns the same full length and gives
 * the start of the text.  Returns the text in a new string.
 */
typedef int (*textfn)(const void *ctx, char *buf, size_t len);

static char *
checked_text(const char *what, const struct tbl_state *s, textfn fn,
    const void *ctx, size_t len)
{
	int n = fn(ctx, NULL, 0), r;
	size_t sizes[3], k, i;
	char *full, *buf;

	if (n < 0 || (size_t)n > TEXT_MAX)
		fail(s, "%s returns %d for an empty buffer", what, n);
	full = xmalloc((size_t)n + 1 + GUARD);
	sizes[0] = (size_t)n + 1, sizes[1] = len % ((size_t)n + 2),
	    sizes[2] = (size_t)n;
	for (k = 0; k < 3; k++) {
		size_t sz = sizes[k];
		buf = k == 0 ? full : xmalloc(sz + GUARD);
		memset(buf, CANARY, sz + GUARD);
		r = fn(ctx, sz ? buf : NULL, sz);
		for (i = sz; i < sz + GUARD; i++)
			if ((unsigned char)buf[i] != CANARY)
				fail(s, "%s writes past a buffer of %zu bytes", what,
				    sz);
		if (r != n)
			fail(s, "%s returns %d for a buffer of %zu bytes, %d for "
			    "none", what, r, sz, n);
		if (sz > 0 && (memchr(buf, '\0', sz) != buf + (sz - 1 <
		    (size_t)n ? sz - 1 : (size_t)n) ||
		    (k > 0 && memcmp(buf, full, strlen(buf)) != 0)))
			fail(s, "%s: a buffer of %zu bytes does not get the start "
			    "of its %d-byte text, NUL-terminated", what, sz, n);
		if (k > 0)
			free(buf);
	}
	return full;
}

struct tctx {
	const struct tbl_state *s;
	int (*fn)(const struct tbl_state *, char *, size_t);
	tbl_move m;
	int opt;
};

static int
call_state(const void *ctx, char *buf, size_t len)
{
	const struct tctx *t = ctx;

	return t->fn(t->s, buf, len);
}

static int
call_format(const void *ctx, char *buf, size_t len)
{
	const struct tctx *t = ctx;

	return cur->format_move(t->s, t->m, buf, len);
}

static int
call_explain(const void *ctx, char *buf, size_t len)
{
	const struct tctx *t = ctx;

	return cur->explain_illegal(t->s, t->m, buf, len);
}

static int
call_option(const void *ctx, char *buf, size_t len)
{
	const struct tctx *t = ctx;

	return cur->option_value(t->s, t->opt, buf, len);
}

/*
 * The text of fn (snprintf style) in a new string, without the checks of
 * checked_text() (check_texts() makes those once per state): a negative
 * or runaway length, or a length that changes with the buffer, fails.
 */
static char *
fetch(const char *what, const struct tbl_state *s, textfn fn,
    const void *ctx)
{
	size_t len = 512;
	char *buf = xmalloc(len);
	int n = fn(ctx, buf, len), r;

	if (n < 0 || (size_t)n > TEXT_MAX)
		fail(s, "%s returns %d", what, n);
	if ((size_t)n >= len) {
		free(buf);
		buf = xmalloc((size_t)n + 1);
		if ((r = fn(ctx, buf, (size_t)n + 1)) != n)
			fail(s, "%s returns %d, then %d", what, n, r);
	}
	if (memchr(buf, '\0', (size_t)n + 1) != buf + n)
		fail(s, "%s: the text does not have the length it returns (%d)",
		    what, n);
	return buf;
}

static char *
position(const struct tbl_state *s)
{
	struct tctx t = { s, cur->get_position, 0, 0 };

	return fetch("get_position", s, call_state, &t);
}

static char *
move_text(const struct tbl_state *s, tbl_move m)
{
	struct tctx t = { s, NULL, m, 0 };

	return fetch("format_move", s, call_format, &t);
}

/* An error message: one line, not empty, inside its buffer. */
static void
check_err(const struct tbl_state *s, const char *what, const char *err,
    size_t errlen)
{
	size_t i;

	for (i = errlen; i < errlen + GUARD; i++)
		if ((unsigned char)err[i] != CANARY)
			fail(s, "%s writes its message past the %zu-byte buffer",
			    what, errlen);
	if (memchr(err, '\0', errlen) == NULL)
		fail(s, "%s leaves its message unterminated", what);
	if (err[0] == '\0' || (unsigned char)err[0] == CANARY)
		fail(s, "%s fails without a message", what);
	if (strchr(err, '\n') != NULL)
		fail(s, "%s: the message is more than one line: '%s'", what, err);
}

/* ---- listings ------------------------------------------------------ */

struct listing {
	int who;		/* to_move() */
	int n;			/* moves or outcomes */
	tbl_move m[MAXMOVES];
	double prob[MAXMOVES];
};

/* Fill l with the listing of s and check it against the contract. */
static void
list(const struct tbl_state *s, struct listing *l)
{
	int np = cur->players(s), nl, nc, i;
	double res[17], sum = 0;

	l->who = cur->to_move(s);
	if (np < 1 || np > 16)
		fail(s, "players() is %d", np);
	if (l->who != TBL_CHANCE && l->who != TBL_END &&
	    (l->who < 0 || l->who >= np))
		fail(s, "to_move() is %d, not a player, chance or the end",
		    l->who);
	if (l->who >= 0 && cur->player_name(s, l->who) == NULL)
		fail(s, "player %d has no name", l->who);
	nl = cur->legal_moves(s, NULL, 0);
	nc = cur->chance_outcomes(s, NULL, NULL, 0);
	if (nl < 0 || nl > MAXMOVES || nc < 0 || nc > MAXMOVES)
		fail(s, "%d legal moves and %d chance outcomes", nl, nc);
	if (l->who == TBL_END && (nl || nc || cur->result(s, res) != 0))
		fail(s, "at the end: %d moves, %d outcomes, result() %s", nl,
		    nc, cur->result(s, res) ? "fails" : "answers");
	if (l->who == TBL_CHANCE && (nl || !nc))
		fail(s, "at a chance point: %d moves, %d outcomes", nl, nc);
	if (l->who >= 0 && (!nl || nc))
		fail(s, "player to move: %d moves, %d outcomes", nl, nc);
	if (l->who != TBL_END && cur->result(s, res) == 0)
		fail(s, "result() answers before the end");
	l->n = l->who == TBL_CHANCE ? nc : nl;
	if (l->n < MAXMOVES)
		l->m[l->n] = 0xA5A5A5A5u;
	if ((l->who == TBL_CHANCE ? cur->chance_outcomes(s, l->m, l->prob, l->n) :
	    cur->legal_moves(s, l->m, l->n)) != l->n)
		fail(s, "the listing's count changes with the buffer");
	if (l->n < MAXMOVES && l->m[l->n] != (tbl_move)0xA5A5A5A5u)
		fail(s, "the listing writes past its %d-move buffer", l->n);
	for (i = 0; i < l->n; i++) {
		if (i > 0 && l->m[i] <= l->m[i - 1])
			fail(s, "the listing is not ascending (%u after %u)",
			    (unsigned)l->m[i], (unsigned)l->m[i - 1]);
		if (l->who == TBL_CHANCE) {
			if (!(l->prob[i] > 0 && l->prob[i] <= 1))
				fail(s, "outcome %u has probability %g",
				    (unsigned)l->m[i], l->prob[i]);
			sum += l->prob[i];
		}
	}
	if (l->who == TBL_CHANCE && fabs(sum - 1) > 1e-9)
		fail(s, "chance probabilities sum to %.12g", sum);
	if (l->who == TBL_END)
		for (i = 0; i < np; i++)
			if (!(res[i] >= 0 && res[i] <= 1))
				fail(s, "result for player %d is %g", i, res[i]);
}

static int
listed(const struct listing *l, tbl_move m)
{
	int lo = 0, hi = l->n;

	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (l->m[mid] == m)
			return 1;
		if (l->m[mid] < m)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* ---- what "unchanged" means ---------------------------------------- */

/*
 * What the SDK shows of a state: the position string, the side to move
 * and the listing.  (The drawing adds nothing the position string lacks
 * and costs most of the time.)
 */
struct print {
	char *pos;
	int who, n;
	tbl_move *m;
};

static struct print
fingerprint(const struct tbl_state *s)
{
	static struct listing l;
	struct print p;

	p.pos = position(s);
	list(s, &l);
	p.who = l.who;
	p.n = l.n;
	p.m = xmalloc(sizeof *p.m * (size_t)(l.n + 1));
	memcpy(p.m, l.m, sizeof *p.m * (size_t)l.n);
	return p;
}

static void
print_free(struct print *p)
{
	free(p->pos);
	free(p->m);
}

/* s must look as it did when `before` was taken. */
static void
same(const struct tbl_state *s, const struct print *before, const char *what)
{
	struct print after = fingerprint(s);

	if (strcmp(before->pos, after.pos) != 0)
		fail(s, "%s changed the position from '%s'", what, before->pos);
	if (before->who != after.who || before->n != after.n ||
	    memcmp(before->m, after.m, sizeof *after.m * (size_t)after.n) != 0)
		fail(s, "%s changed the side to move (%d, was %d) or the "
		    "%d listed moves (were %d)", what, after.who, before->who,
		    after.n, before->n);
	print_free(&after);
}

/* ---- the checks after every step ----------------------------------- */

/* set_position(get_position(s)) on a clone gives the same string, side
 * to move and listing. */
static void
check_roundtrip(const struct tbl_state *s)
{
	struct print fp = fingerprint(s);
	char err[TBL_ERRLEN + GUARD];
	struct tbl_state *t = cur->clone(s);

	same(t, &fp, "clone()");
	memset(err, CANARY, sizeof err);
	if (cur->set_position(t, fp.pos, err, TBL_ERRLEN) != 0) {
		check_err(s, "set_position", err, TBL_ERRLEN);
		fail(s, "set_position refuses its own string: %s", err);
	}
	same(t, &fp, "set_position(get_position())");
	cur->destroy(t);
	print_free(&fp);
}

/* Each listed move's text parses back to it, using all of the text. */
static void
check_notation(const struct tbl_state *s, const struct listing *l)
{
	char err[TBL_ERRLEN + GUARD], *t;
	tbl_move back;
	size_t used;
	int i;

	for (i = 0; i < l->n; i++) {
		t = move_text(s, l->m[i]);
		if (t[0] == '\0')
			fail(s, "move %u has no text", (unsigned)l->m[i]);
		memset(err, CANARY, sizeof err);
		back = ~l->m[i];
		used = (size_t)-1;
		if (cur->parse_move(s, t, &back, &used, err, TBL_ERRLEN) != 0) {
			check_err(s, "parse_move", err, TBL_ERRLEN);
			fail(s, "the text '%s' of listed move %u does not parse: %s",
			    t, (unsigned)l->m[i], err);
		}
		if (back != l->m[i] || used != strlen(t))
			fail(s, "the text '%s' of move %u parses as move %u using "
			    "%zu of its %zu bytes", t, (unsigned)l->m[i],
			    (unsigned)back, used, strlen(t));
		free(t);
	}
}

/*
 * The snprintf contract of the text functions of a state, with buffers
 * of `len` bytes among others: position, drawing, the result, and the
 * text of two moves; and evaluate().
 */
static void
check_texts(const struct tbl_state *s, const struct listing *l,
    size_t len)
{
	struct tctx t = { s, cur->get_position, 0, 0 };
	double out[17];
	int i, np = cur->players(s);

	free(checked_text("get_position", s, call_state, &t, len));
	t.fn = cur->render;
	free(checked_text("render", s, call_state, &t, len));
	for (i = 0; i < 2 && l->n > 0; i++) {
		t.m = l->m[i == 0 ? 0 : len % (size_t)l->n];
		free(checked_text("format_move", s, call_format, &t, len));
	}
	if (l->who == TBL_END && cur->describe_result != NULL) {
		t.fn = cur->describe_result;
		free(checked_text("describe_result", s, call_state, &t, len));
	}
	if (cur->evaluate != NULL && l->who != TBL_END &&
	    cur->evaluate(s, out) == 0)
		for (i = 0; i < np; i++)
			if (!(out[i] >= 0 && out[i] <= 1))
				fail(s, "evaluate() gives player %d %g", i, out[i]);
}

/* option_value() of every option (it does not change in a game). */
static void
check_option_values(const struct tbl_state *s)
{
	struct tctx t = { s, NULL, 0, 0 };

	if (cur->option_value != NULL)
		for (t.opt = 0; t.opt < cur->noptions; t.opt++)
			free(checked_text("option_value", s, call_option, &t,
			    (size_t)t.opt));
}

static struct listing now;	/* the listing of the current state */

/*
 * What the contract says of every state: listing, round trip, notation;
 * fills `now`.  The text functions' buffer handling (the costly part) is
 * checked when `texts` is set, and at the end of the game.
 */
static void
check_state(const struct tbl_state *s, size_t len, int texts)
{
	list(s, &now);
	check_roundtrip(s);
	check_notation(s, &now);
	if (texts || now.who == TBL_END)
		check_texts(s, &now, len);
}

/* ---- the operations ------------------------------------------------ */

/* Play listed move m on s: apply() accepts it; passes() is sane. */
static void
play(struct tbl_state *s, tbl_move m)
{
	struct tbl_state *before = cur->passes ? cur->clone(s) : NULL;
	int out[16], np = cur->players(s), k, i;

	if (cur->apply(s, m) != 0)
		fail(s, "apply() refuses listed move %u", (unsigned)m);
	if (before == NULL)
		return;
	k = cur->passes(before, m, s, out, 16);
	if (k < 0)
		fail(s, "passes() returns %d", k);
	for (i = 0; i < k && i < 16; i++)
		if (out[i] < 0 || out[i] >= np)
			fail(s, "passes() names player %d", out[i]);
	cur->destroy(before);
}

/* Apply m, which `now` does not list: refused, nothing changed. */
static void
refused(struct tbl_state *s, tbl_move m)
{
	struct print fp = fingerprint(s);

	if (cur->apply(s, m) == 0)
		fail(s, "apply() accepts move %u (0x%x), which is not listed",
		    (unsigned)m, (unsigned)m);
	same(s, &fp, "a refused apply()");
	print_free(&fp);
}

/* Play m if listed, else expect it refused. */
static void
try_move(struct tbl_state *s, tbl_move m)
{
	if (listed(&now, m))
		play(s, m);
	else
		refused(s, m);
}

/* Parse move text; play it or see it refused (and explained). */
static void
op_parse(struct tbl_state *s, const char *txt)
{
	char err[TBL_ERRLEN + GUARD];
	size_t used = (size_t)-1;
	tbl_move m;

	memset(err, CANARY, sizeof err);
	if (cur->parse_move(s, txt, &m, &used, err, TBL_ERRLEN) != 0) {
		check_err(s, "parse_move", err, TBL_ERRLEN);
		return;
	}
	if (used == 0 || used > strlen(txt))
		fail(s, "parse_move('%s') uses %zu bytes", txt, used);
	if (!listed(&now, m)) {
		struct tctx t = { s, NULL, m, 0 };
		if (cur->explain_illegal != NULL && now.who >= 0)
			free(checked_text("explain_illegal", s, call_explain, &t,
			    used));
		free(checked_text("format_move", s, call_format, &t, used));
	}
	try_move(s, m);
}

/* set_position(pos): refused with nothing changed, or taken. */
static void
op_setpos(struct tbl_state *s, const char *pos)
{
	struct print fp = fingerprint(s);
	char err[TBL_ERRLEN + GUARD];

	memset(err, CANARY, sizeof err);
	if (cur->set_position(s, pos, err, TBL_ERRLEN) != 0) {
		check_err(s, "set_position", err, TBL_ERRLEN);
		same(s, &fp, "a refused set_position()");
	}
	print_free(&fp);
}

/* The current position string with some bytes replaced, set. */
static void
op_mutate(struct tbl_state *s, struct input *in)
{
	char *p = position(s);
	size_t len = strlen(p);
	unsigned c = byte(in) % 8 + 1, i;

	for (i = 0; i < c; i++) {
		size_t at = byte(in);
		unsigned v = byte(in);
		if (len > 0)
			p[(at * 7) % len] = v && v != '\n' ? (char)v : ' ';
	}
	op_setpos(s, p);
	free(p);
}

/* Play up to k random listed moves, checking only the listings. */
static void
op_run(struct tbl_state *s, unsigned k, uint32_t r)
{
	unsigned i;

	r = r * 2654435761u + 1;
	for (i = 0; i < k; i++) {
		list(s, &now);
		if (now.n == 0)
			break;
		r ^= r << 13, r ^= r >> 17, r ^= r << 5;
		play(s, now.m[r % (uint32_t)now.n]);
	}
}

/* clone() and copy(): playing on a clone leaves the original alone, and
 * the clone copied back looks like the original. */
static void
op_copy(struct tbl_state *s)
{
	struct tbl_state *c = cur->clone(s);
	struct print fp = fingerprint(s);

	if (now.n > 0) {
		play(c, now.m[now.n - 1]);
		same(s, &fp, "playing on a clone");
	}
	cur->copy(c, s);
	same(c, &fp, "copy()");
	cur->destroy(c);
	print_free(&fp);
}

static void
op(struct tbl_state *s, struct input *in)
{
	unsigned code = byte(in) % NOPS, k, b;
	char *t;
	tbl_move m;

	switch (code) {
	case 0:
		k = byte(in);
		if (now.n > 0)
			play(s, now.m[k % (unsigned)now.n]);
		break;
	case 1:
		op_parse(s, t = text(in));
		free(t);
		break;
	case 2:
		m = byte(in);
		m |= byte(in) << 8;
		m |= byte(in) << 16;
		m |= (tbl_move)byte(in) << 24;
		try_move(s, m);
		break;
	case 3:
		k = byte(in), b = byte(in) % 32;
		if (now.n > 0)
			try_move(s, now.m[k % (unsigned)now.n] | (tbl_move)1 << b);
		break;
	case 4:
		op_setpos(s, t = text(in));
		free(t);
		break;
	case 5:
		op_mutate(s, in);
		break;
	case 6:
		k = byte(in) % 64;
		op_run(s, k, byte(in));
		break;
	case 7:
		op_copy(s);
		break;
	default:
		break;	/* 8: the texts, checked below with this length */
	}
}

/* ---- one input ----------------------------------------------------- */

/* The game named by the first word of the header, or picked by its
 * first byte. */
static const struct tbl_game *
pick_game(const char *name, unsigned first)
{
	int i;

	for (i = 0; i < ngames; i++)
		if (strcmp(games[i].name, name) == 0)
			return &games[i];
	return &games[first % (unsigned)ngames];
}

/*
 * Create the game of the header line "GAME key=value ...": the declared
 * defaults, then each valid key=value.  Returns the state, or NULL after
 * checking create()'s message.
 */
static struct tbl_state *
create(char *line)
{
	struct tbl_optval vals[MAXOPTS], v;
	char err[TBL_ERRLEN + GUARD], *w, *save = NULL, *paths[MAXOPTS];
	struct tbl_state *s;
	int i, np = 0;

	w = strtok_r(line, " \t", &save);
	cur = pick_game(w ? w : "", (unsigned char)line[0]);
	memset(vals, 0, sizeof vals);
	for (i = 0; i < cur->noptions; i++)
		if (cur->options[i].def != NULL)
			opt_parse(&cur->options[i], cur->options[i].def, &vals[i],
			    err, TBL_ERRLEN);
	for (i = 0; i < cur->noptions; i++)
		vals[i].set = 0;
	while ((w = strtok_r(NULL, " \t", &save)) != NULL) {
		char *eq = strchr(w, '=');
		if (eq == NULL || (*eq = '\0', i = opt_find(cur->options,
		    cur->noptions, w)) < 0)
			continue;
		eq++;
		/* A relative path (with a slash) is one in the source tree. */
		if (cur->options[i].type == TBL_OPT_STRING && eq[0] != '/' &&
		    strchr(eq, '/') != NULL && np < MAXOPTS)
			eq = paths[np++] = xasprintf("%s/%s", FUZZ_SRCDIR, eq);
		if (opt_parse(&cur->options[i], eq, &v, err, TBL_ERRLEN) == 0)
			vals[i] = v;
	}
	memset(err, CANARY, sizeof err);
	s = cur->create(&host, vals, 1, err, TBL_ERRLEN);
	if (s == NULL)
		check_err(NULL, "create", err, TBL_ERRLEN);
	for (i = 0; i < np; i++)
		free(paths[i]);
	return s;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	const uint8_t *nl = memchr(data, '\n', n);
	size_t hl = nl ? (size_t)(nl - data) : n;
	struct input in = { data + hl + (nl != NULL), n - hl - (nl != NULL) };
	char *line = xstrndup((const char *)data, hl);
	struct tbl_state *s;

	s = create(line);
	free(line);
	if (s == NULL)
		return 0;
	check_state(s, 0, 1);
	check_option_values(s);
	while (in.n > 0) {
		/* Operation 8 checks the texts with buffers of L bytes. */
		size_t len = in.n > 1 ? in.p[1] : 0;
		int texts = in.p[0] % NOPS == 8;
		op(s, &in);
		check_state(s, len, texts);
	}
	cur->destroy(s);
	return 0;
}
