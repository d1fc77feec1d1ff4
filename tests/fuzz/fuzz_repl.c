/*
 * fuzz_repl.c - libFuzzer target: the REPL's line dispatcher.  The lines
 * of the input go, one by one, to app_run() (commands.c), which the
 * interactive REPL and scripts feed in the same way (repl.c: the
 * trailing comment cut, then app_run()).
 *
 * The input: byte 0 chooses the game the session starts with (STARTS
 * below) and whether the autosave journal runs; the rest is split at
 * newlines into command lines, as a script is.
 *
 * The sandbox: the process works in a fresh temporary directory (in
 * /dev/shm when it can), emptied before every input, with HOME and the
 * XDG directories inside it; stdin is /dev/null.  The fuzz build
 * (-DTABLERO_FUZZ, host/base/fuzzsandbox.h) refuses file names with a '/' or
 * a leading '.' and cuts every search to a few playouts; saving skips
 * fsync.  `quit` only sets a flag (the lines after it are not run);
 * nothing in the commands exits or forks.
 *
 * The oracles: no crash, no sanitizer report, no leak, no hang; a failed
 * command says why in one line and leaves the game as it was (but for
 * the chance rolls the host owed after an undo); no command but undo N
 * and redo N leaves a computer seat to move unplayed; what `save` wrote
 * loads again as the same record at the same position; with the journal
 * on, `recover` restores the same game as resuming play in place.
 * The games are the plugins in $TABLERO_FUZZ_PLUGINS (`make fuzz` sets
 * the build tree's).
 */
#include "config.h"

#include <dirent.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "repl/app.h"
#include "repl/commands.h"
#include "repl/journal.h"
#include "core/game.h"
#include "core/record.h"
#include "repl/repl.h"
#include "base/safefile.h"
#include "core/session.h"
#include "base/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

/* Durability is not under test here, and a synced write costs
 * milliseconds: saving skips fsync (safefile.h's test seam). */
static int
no_fsync(int fd)
{
	(void)fd;
	return 0;
}

/* The first line of every input: the game to play. */
static const char *const STARTS[] = {
	"new example",
	"new example width=4 height=4 k=3 first=O",
	"new mancala",
	"new mancala variant=maruba",
	"new mancala variant=tschuba",
	"new mancala variant=chuba",
	"new mancala variant=annana",
	"new mancala variant=mankalah",
	"new mancala variant=mangala",
	"new mancala variant=gabatta",
	"new tuknanavuhpi",
	"new tuknanavuhpi variant=kharbaga",
	"new tuknanavuhpi variant=aiyawatstani capture=optional",
	"new awithlaknakwe",
	"new awithlaknakwe players=4",
	"new yucata",
	"new yucata players=3 layout=random first=random",
	"new recuay",
	"new recuay ruleset=jaguar",
	"new recuay dice=uniform zero=mover",
};
#define NSTARTS (sizeof STARTS / sizeof STARTS[0])

static struct pluginset plugins;
static char sandbox[64];

/* Empty the sandbox of what the last input saved (names never start
 * with '.', so the XDG directories stay). */
static void
sandbox_clean(void)
{
	DIR *d = opendir(".");
	struct dirent *e;

	if (d == NULL)
		abort();
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] != '.' && unlink(e->d_name) != 0)
			abort();	/* save makes only files */
	closedir(d);
	unlink(".state/tablero/journal");
}

static int
remove_one(const char *path, const struct stat *sb, int flag, struct FTW *f)
{
	(void)sb;
	(void)flag;
	(void)f;
	return remove(path);
}

/* At exit: the sandbox goes. */
static void
sandbox_remove(void)
{
	if (chdir("/") == 0)
		nftw(sandbox, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void
sandbox_init(void)
{
	static const char *const vars[][2] = {
		{ "HOME", ".home" }, { "XDG_CONFIG_HOME", ".config" },
		{ "XDG_DATA_HOME", ".data" }, { "XDG_STATE_HOME", ".state" },
		{ "XDG_CACHE_HOME", ".cache" },
	};
	size_t i;

	pluginset_add_path(&plugins, getenv("TABLERO_FUZZ_PLUGINS"));
	pluginset_scan(&plugins, NULL);
	if (plugins.n == 0) {
		fprintf(stderr, "fuzz_repl: no plugins in $TABLERO_FUZZ_PLUGINS\n");
		abort();
	}
	/* In memory where there is a tmpfs: saving creates files often. */
	snprintf(sandbox, sizeof sandbox, "/dev/shm/tablero-fuzz-repl.XXXXXX");
	if (mkdtemp(sandbox) == NULL) {
		snprintf(sandbox, sizeof sandbox, "/tmp/tablero-fuzz-repl.XXXXXX");
		if (mkdtemp(sandbox) == NULL)
			abort();
	}
	if (chdir(sandbox) != 0)
		abort();
	atexit(sandbox_remove);
	for (i = 0; i < sizeof vars / sizeof vars[0]; i++) {
		char *v = path_join(sandbox, vars[i][1]);
		setenv(vars[i][0], v, 1);
		free(v);
	}
	safefile_io.fsync = no_fsync;
	/* No command may read the terminal or the fuzzer's input. */
	if (freopen("/dev/null", "r", stdin) == NULL)
		abort();
}

/* The record of the game in progress, as `save` writes it. */
static char *
record_of(const struct app *a, const struct session *s)
{
	return record_text(s, a->seats, game_players(s->g, s->cur));
}

/* s and the game in progress have the same record and position. */
static void
same_game(const struct app *a, const struct session *s)
{
	char *r1 = record_of(a, a->sess), *r2 = record_of(a, s);
	char *p1 = session_position(a->sess), *p2 = session_position(s);

	if (strcmp(r1, r2) != 0 || strcmp(p1, p2) != 0) {
		fprintf(stderr, "fuzz_repl: records differ:\n%s\n---\n%s\n"
		    "positions: %s | %s\n", r1, r2, p1, p2);
		abort();
	}
	free(r1);
	free(r2);
	free(p1);
	free(p2);
}

/* After `save NAME` succeeded: NAME loads as the same game. */
static void
check_saved(struct app *a, const char *line)
{
	char *copy = xstrdup(line), *w = strtrim(copy), err[1024];
	struct session *s;

	w = strtrim(w + strcspn(w, " \t"));
	s = record_load(w, &a->host->plugins, err, sizeof err);
	if (s == NULL) {
		fprintf(stderr, "fuzz_repl: '%s' saved, then: %s\n", line, err);
		abort();
	}
	same_game(a, s);
	session_free(s);
	free(copy);
}

/* With the journal on: `recover` restores the game in progress. */
static void
check_recover(struct app *a)
{
	struct sbuf out = { 0 };
	char err[1024];
	struct session *before;

	if (a->sess == NULL || a->journal == NULL || a->journal->held)
		return;
	/*
	 * Recovering resumes play as `load` does: it rolls what the host
	 * owes and lets computer seats move.  Resumed in place, the game in
	 * progress must come out the same.
	 */
	app_autoplay(a, &out);
	journal_update(a->journal, a->sess, a->seats);
	if (a->journal->written == NULL)
		return;
	before = a->sess;
	a->sess = NULL;		/* keep it from app_install() */
	if (app_run(a, "recover", &out, err, sizeof err) != 0) {
		fprintf(stderr, "fuzz_repl: recover: %s\n", err);
		abort();
	}
	same_game(a, before);
	session_free(before);
	sbuf_free(&out);
}

/*
 * What a failed command must leave as it was: the game in progress (its
 * moves with the redo tail, chance generator, setup and position), the
 * seats and the host's settings.  Options and seed cannot change
 * without a new session, which a failed command must not install.
 */
struct snapshot {
	const struct session *s;
	int nmoves, ntotal, chance_manual;
	tbl_move *moves;
	int *movers;
	struct rng rng;
	uint64_t next_seed;
	char *setup, *pos;
	struct seat_spec seats[TBL_MAX_PLAYERS];
};

static void
snap_take(struct snapshot *sn, const struct app *a)
{
	const struct session *s = a->sess;
	size_t n;

	memset(sn, 0, sizeof *sn);
	sn->s = s;
	sn->chance_manual = a->chance_manual;
	sn->next_seed = a->host->seed;
	memcpy(sn->seats, a->seats, sizeof sn->seats);
	if (s == NULL)
		return;
	sn->nmoves = s->nmoves;
	sn->ntotal = s->ntotal;
	n = (size_t)s->ntotal + 1;
	sn->moves = xmalloc(n * sizeof *sn->moves);
	sn->movers = xmalloc(n * sizeof *sn->movers);
	if (s->ntotal > 0) {
		memcpy(sn->moves, s->moves, (size_t)s->ntotal * sizeof *sn->moves);
		memcpy(sn->movers, s->movers, (size_t)s->ntotal * sizeof *sn->movers);
	}
	sn->rng = s->rng;
	sn->setup = s->setup ? xstrdup(s->setup) : NULL;
	sn->pos = session_position(s);
}

static int
same_spec(const struct seat_spec *x, const struct seat_spec *y)
{
	return x->kind == y->kind && x->budget == y->budget && x->ms == y->ms &&
	    x->threads == y->threads && x->fresh == y->fresh;
}

/* Is a as sn saw it?  Else "what changed" in why. */
static int
snap_same(const struct snapshot *sn, const struct app *a, const char **why)
{
	const struct session *s = a->sess;
	char *pos;
	int i, same;

	*why = "the host settings or seats";
	if (a->chance_manual != sn->chance_manual || a->host->seed != sn->next_seed)
		return 0;
	for (i = 0; i < TBL_MAX_PLAYERS; i++)
		if (!same_spec(&a->seats[i], &sn->seats[i]))
			return 0;
	*why = "the game in progress";
	if (s != sn->s)
		return 0;
	if (s == NULL)
		return 1;
	*why = "the moves or the chance generator";
	if (s->nmoves != sn->nmoves || s->ntotal != sn->ntotal ||
	    memcmp(&s->rng, &sn->rng, sizeof s->rng) != 0 || (s->ntotal > 0 &&
	    (memcmp(s->moves, sn->moves, (size_t)s->ntotal * sizeof *s->moves) ||
	    memcmp(s->movers, sn->movers, (size_t)s->ntotal * sizeof *s->movers))))
		return 0;
	*why = "the setup position";
	if ((s->setup == NULL) != (sn->setup == NULL) ||
	    (s->setup && strcmp(s->setup, sn->setup) != 0))
		return 0;
	*why = "the position";
	pos = session_position(s);
	same = strcmp(pos, sn->pos) == 0;
	free(pos);
	return same;
}

static void
snap_free(struct snapshot *sn)
{
	free(sn->moves);
	free(sn->movers);
	free(sn->setup);
	free(sn->pos);
}

/*
 * Did the host roll the chance points it owed (after an undo) before
 * the command failed?  A move or `ai` rolls them first, by design
 * (app.c, app_play); nothing else may change.
 */
static int
rolled(const struct app *a, const struct snapshot *sn)
{
	const struct session *s = a->sess;
	int i;

	if (s == NULL || s != sn->s || s->nmoves <= sn->nmoves)
		return 0;
	for (i = sn->nmoves; i < s->nmoves; i++)
		if (s->movers[i] != TBL_CHANCE)
			return 0;
	return 1;
}

/* Is a computer seat to move, waiting for a command to play it? */
static int
computer_waits(const struct app *a)
{
	int who;

	if (a->sess == NULL)
		return 0;
	who = a->sess->g->to_move(a->sess->cur);
	return who >= 0 && who < TBL_MAX_PLAYERS &&
	    a->seats[who].kind != SEAT_HUMAN;
}

/* Is t the command `name N`, with an explicit count? */
static int
counted(const char *t, const char *name)
{
	size_t n = strlen(name);

	return strncmp(t, name, n) == 0 && (t[n] == ' ' || t[n] == '\t') &&
	    t[n + strspn(t + n, " \t")] != '\0';
}

/* Run one line as a script does; check what a command promises. */
static void
run_line(struct app *a, char *line)
{
	struct sbuf out = { 0 };
	struct snapshot before;
	const char *what;
	char err[1024], *t;
	int rc, waited;

	repl_strip_comment(line);
	waited = computer_waits(a);
	snap_take(&before, a);
	rc = app_run(a, line, &out, err, sizeof err);
	if (rc != 0 && (err[0] == '\0' || strchr(err, '\n') != NULL)) {
		fprintf(stderr, "fuzz_repl: '%s' failed with '%s': want one "
		    "line saying why\n", line, err);
		abort();
	}
	if (rc != 0 && !rolled(a, &before) && !snap_same(&before, a, &what)) {
		fprintf(stderr, "fuzz_repl: '%s' failed (%s) but changed %s\n",
		    line, err, what);
		abort();
	}
	snap_free(&before);
	t = strtrim(line);
	/* Only undo N and redo N may stop where a computer seat is to move. */
	if (rc == 0 && !waited && computer_waits(a) && !counted(t, "undo") &&
	    !counted(t, "redo")) {
		fprintf(stderr, "fuzz_repl: after '%s' a computer seat is to "
		    "move and nothing plays it\n", t);
		abort();
	}
	if (rc == 0 && strncmp(t, "save", 4) == 0 && (t[4] == ' ' || t[4] == '\t'))
		check_saved(a, t);
	sbuf_free(&out);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct host host;
	struct app a;
	char *text, *line, *next, *end;

	if (sandbox[0] == '\0')
		sandbox_init();
	if (n == 0)
		return 0;
	sandbox_clean();
	memset(&host, 0, sizeof host);
	host.plugins = plugins;		/* borrowed: scanned once */
	host.seed = 1 + data[0] / NSTARTS;
	app_init(&a, &host);
	if ((data[0] / NSTARTS) % 4 == 3)
		journal_start(&a.journal);
	line = xstrdup(STARTS[data[0] % NSTARTS]);
	run_line(&a, line);
	free(line);
	/* The lines, as getline() reads them: a NUL ends its line's text. */
	text = xmalloc(n);
	memcpy(text, data + 1, n - 1);
	text[n - 1] = '\0';
	end = text + n - 1;
	for (line = text; line < end && !a.quit; line = next) {
		next = memchr(line, '\n', (size_t)(end - line));
		next = next != NULL ? next : end;
		*next++ = '\0';
		run_line(&a, line);
	}
	check_recover(&a);
	free(text);
	app_free(&a);
	memset(&host.plugins, 0, sizeof host.plugins);
	host_free(&host);
	return 0;
}
