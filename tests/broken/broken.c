/*
 * broken.c - plugins the loader must refuse, one per -D flag:
 * BROKEN_ABI2 (built for ABI 2.0), BROKEN_NEWMINOR (ABI 1.<newer>),
 * BROKEN_SMALL (a descriptor smaller than ABI 1.0's), BROKEN_NOENTRY (no
 * entry symbol), BROKEN_INITFAIL (init refuses), BROKEN_SIGNATURE (built
 * with other build facts), BROKEN_SHORT (stamped with this minor, but
 * its descriptor ends where the first 1.3 header's did).  OLD_MINOR=N
 * with OLD_END=MEMBER and OLD_NAME=NAME builds a valid plugin of ABI 1.N
 * whose descriptor ends at MEMBER (old10: 1.0; old13: the first 1.3 header)
 * that the loader must accept.  Each is otherwise a valid, minimal game so
 * that nothing but the defect under test is wrong.  BROKEN_DESCRIPTOR
 * builds one plugin, baddesc, whose descriptor has the defect that the
 * environment variable BROKEN_FAULT names when the entry point is called
 * (see descriptor() below), or none.
 */
#include <stdlib.h>
#include <string.h>

#include "tablero.h"

struct tbl_state {
	const struct tbl_host *host;
	int done;
};

static struct tbl_state *
b_create(const struct tbl_host *h, const struct tbl_optval *o, uint64_t seed,
    char *err, size_t errlen)
{
	struct tbl_state *s = h->calloc(sizeof *s);

	(void)o, (void)seed, (void)err, (void)errlen;
	s->host = h;
	return s;
}

static struct tbl_state *
b_clone(const struct tbl_state *s)
{
	struct tbl_state *c = s->host->alloc(sizeof *c);

	*c = *s;
	return c;
}

static void b_copy(struct tbl_state *d, const struct tbl_state *s) { *d = *s; }
static void b_destroy(struct tbl_state *s) { if (s) s->host->free(s); }
static int b_players(const struct tbl_state *s) { (void)s; return 1; }
static const char *b_name(const struct tbl_state *s, int p) { (void)s, (void)p; return "solo"; }
static int b_to_move(const struct tbl_state *s) { return s->done ? TBL_END : 0; }

static int
b_legal(const struct tbl_state *s, tbl_move *out, int cap)
{
	if (s->done)
		return 0;
	if (cap > 0)
		out[0] = 0;
	return 1;
}

static int
b_chance(const struct tbl_state *s, tbl_move *o, double *p, int cap)
{
	(void)s, (void)o, (void)p, (void)cap;
	return 0;
}

static int
b_apply(struct tbl_state *s, tbl_move m)
{
	if (s->done || m != 0)
		return -1;
	s->done = 1;
	return 0;
}

static int
b_parse(const struct tbl_state *s, const char *t, tbl_move *m, size_t *u,
    char *err, size_t errlen)
{
	(void)s;
	if (strncmp(t, "go", 2) != 0) {
		tbl_error(err, errlen, "expected 'go'");
		return -1;
	}
	*m = 0;
	*u = 2;
	return 0;
}

static int
b_text(const struct tbl_state *s, char *buf, size_t len)
{
	size_t n = 0;

	tbl_bprintf(buf, len, &n, "%s", s->done ? "done" : "start");
	return (int)n;
}

static int
b_format(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	size_t n = 0;

	(void)s, (void)m;
	tbl_bprintf(buf, len, &n, "go");
	return (int)n;
}

static int
b_set(struct tbl_state *s, const char *pos, char *err, size_t errlen)
{
	if (strcmp(pos, "start") && strcmp(pos, "done")) {
		tbl_error(err, errlen, "expected start or done");
		return -1;
	}
	s->done = strcmp(pos, "done") == 0;
	return 0;
}

static int
b_result(const struct tbl_state *s, double *out)
{
	if (!s->done)
		return -1;
	out[0] = 1;
	return 0;
}

static int
b_init(const struct tbl_host *h, char *err, size_t errlen)
{
	(void)h;
#ifdef BROKEN_INITFAIL
	tbl_error(err, errlen, "needs a table that is not there");
	return -1;
#else
	(void)err, (void)errlen;
	return 0;
#endif
}

static const struct tbl_game game = {
#if defined(BROKEN_ABI2)
	.name = "abi2",
#elif defined(BROKEN_NEWMINOR)
	.name = "newminor",
#elif defined(BROKEN_SMALL)
	.name = "small",
#elif defined(BROKEN_INITFAIL)
	.name = "initfail",
#elif defined(BROKEN_SIGNATURE)
	.name = "badsig",
#elif defined(BROKEN_SHORT)
	.name = "short",
#elif defined(OLD_MINOR)
	.name = TBL_STR(OLD_NAME),
#elif defined(BROKEN_DESCRIPTOR)
	.name = "baddesc",
#else
	.name = "noentry",
#endif
	.title = "a plugin the loader must refuse",
	.version = "0",
	.init = b_init,
	.create = b_create, .clone = b_clone, .copy = b_copy,
	.destroy = b_destroy, .players = b_players, .player_name = b_name,
	.to_move = b_to_move, .legal_moves = b_legal,
	.chance_outcomes = b_chance, .apply = b_apply, .parse_move = b_parse,
	.format_move = b_format, .render = b_text, .get_position = b_text,
	.set_position = b_set, .result = b_result,
};

#if defined(BROKEN_NOENTRY)
/* Exports a function, but not the entry symbol. */
const struct tbl_game *tablero_game(void);
const struct tbl_game *tablero_game(void) { return &game; }
#else
# if defined(BROKEN_ABI2)
#  define MAJ 2
#  define MIN 0
# elif defined(BROKEN_NEWMINOR)
#  define MAJ TABLERO_ABI_MAJOR
#  define MIN (TABLERO_ABI_MINOR + 1)
# else
#  define MAJ TABLERO_ABI_MAJOR
#  define MIN TABLERO_ABI_MINOR
# endif
# if defined(OLD_MINOR)
#  undef MIN
#  define MIN OLD_MINOR
# endif
# define END_OF(m) ((uint32_t)(offsetof(struct tbl_game, m) + \
	sizeof(((struct tbl_game *)0)->m)))
# if defined(BROKEN_SMALL)
#  define SIZE ((uint32_t)offsetof(struct tbl_game, render))
# elif defined(BROKEN_SHORT)
#  define SIZE END_OF(end_kind)
# elif defined(OLD_MINOR)
#  define SIZE END_OF(OLD_END)
# else
#  define SIZE ((uint32_t)sizeof(struct tbl_game))
# endif
# if defined(BROKEN_SIGNATURE)
#  define SIG "tablero-abi-1:move8:ptr4:long4"
# else
#  define SIG TABLERO_SIGNATURE
# endif
# if defined(BROKEN_DESCRIPTOR)
static const char *const no_choices[] = { NULL };
static const struct tbl_option opt_nokey[] = {
	{ "a", TBL_OPT_BOOL, NULL, 0, 0, NULL, NULL },
	{ "", TBL_OPT_BOOL, NULL, 0, 0, NULL, NULL } };
static const struct tbl_option opt_twice[] = {
	{ "a", TBL_OPT_BOOL, NULL, 0, 0, NULL, NULL },
	{ "a", TBL_OPT_INT, NULL, 0, 9, NULL, NULL } };
static const struct tbl_option opt_type[] = {
	{ "a", (enum tbl_opt_type)9, NULL, 0, 0, NULL, NULL } };
static const struct tbl_option opt_enum[] = {
	{ "a", TBL_OPT_ENUM, NULL, 0, 0, no_choices, NULL } };
static const struct tbl_option opt_minmax[] = {
	{ "a", TBL_OPT_INT, NULL, 5, 4, NULL, NULL } };
static const struct tbl_option opt_default[] = {
	{ "a", TBL_OPT_INT, "12", 0, 9, NULL, NULL } };

/* The game with the defect BROKEN_FAULT names, or NULL for "null". */
static const struct tbl_game *
descriptor(void)
{
	static struct tbl_game g;
	const char *f = getenv("BROKEN_FAULT");

	g = game;
	if (f == NULL)
		return &g;
	if (strcmp(f, "null") == 0)
		return NULL;
	if (strcmp(f, "noname") == 0)
		g.name = "";
	if (strcmp(f, "nocreate") == 0)
		g.create = NULL;
	if (strcmp(f, "noresult") == 0)
		g.result = NULL;
	if (strcmp(f, "notable") == 0)
		g.noptions = 2;
	if (strcmp(f, "negative") == 0)
		g.noptions = -1;
#  define OPTS(name, v) if (strcmp(f, name) == 0) { \
	g.options = v; g.noptions = (int)(sizeof v / sizeof *v); }
	OPTS("nokey", opt_nokey);
	OPTS("twice", opt_twice);
	OPTS("type", opt_type);
	OPTS("enum", opt_enum);
	OPTS("minmax", opt_minmax);
	OPTS("default", opt_default);
	return &g;
}

TBL_EXPORT const struct tbl_plugin_info *tablero_plugin(void);
TBL_EXPORT const struct tbl_plugin_info *
tablero_plugin(void)
{
	static struct tbl_plugin_info info = { MAJ, MIN, SIZE, SIG, NULL };

	info.game = descriptor();
	return info.game ? &info : NULL;
}
# else
/* Written by hand (not TABLERO_PLUGIN) to stamp the wrong facts. */
TBL_EXPORT const struct tbl_plugin_info *tablero_plugin(void);
TBL_EXPORT const struct tbl_plugin_info *
tablero_plugin(void)
{
	static const struct tbl_plugin_info info = { MAJ, MIN, SIZE, SIG, &game };
	return &info;
}
# endif
#endif
