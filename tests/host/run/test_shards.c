/*
 * test_shards.c - the shards of a run read back (run/shards.c): headers
 * of one run but for "shard", "path" and an engine's "log"; game lines
 * kept, summaries skipped, an interrupted shard told; the files that are
 * refused (empty, not a run, another run, a FIFO); game lines put in
 * order, a game given twice or missing named; and the games of a match
 * read and checked.  The lines are those `tablero match example
 * --players random,random --games 4 --json --shard K/2` writes.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/util.h"
#include "run/playgame.h"
#include "run/shards.h"
#include "slurp.h"

#define HEAD(k) "{\"type\":\"match\",\"game\":\"example\",\"version\":" \
	"\"1.0\",\"options\":\"\",\"seed\":1,\"games\":4,\"cap\":100000," \
	"\"players\":[\"random\",\"random\"],\"seats\":[\"X\",\"O\"]," \
	"\"shard\":\"" k "/2\"}\n"
#define G0 "{\"type\":\"game\",\"index\":0,\"seed\":1,\"seating\":[1,2]," \
	"\"result\":[1,0],\"capped\":false,\"moves\":5,\"decisions\":5," \
	"\"turns\":5,\"branching\":35,\"forced\":0}\n"
#define G1 "{\"type\":\"game\",\"index\":1,\"seed\":1,\"seating\":[2,1]," \
	"\"result\":[0.5,0.5],\"capped\":false,\"moves\":9,\"decisions\":9," \
	"\"turns\":9,\"branching\":45,\"forced\":1}\n"
#define G2 "{\"type\":\"game\",\"index\":2,\"seed\":2,\"seating\":[1,2]," \
	"\"result\":[0,1],\"capped\":false,\"moves\":8,\"decisions\":8," \
	"\"turns\":8,\"branching\":44,\"forced\":0}\n"
#define G3 "{\"type\":\"game\",\"index\":3,\"seed\":2,\"seating\":[2,1]," \
	"\"result\":[1,0],\"capped\":false,\"moves\":9,\"decisions\":9," \
	"\"turns\":9,\"branching\":45,\"forced\":1}\n"

static char dir[] = "/tmp/tablero-test-shards.XXXXXX";
static char *said;		/* what the last quiet() call printed */

/* A file named `name` in the scratch directory holding text. */
static const char *
file(const char *name, const char *text)
{
	static char paths[8][256];
	static int next;
	char *p = paths[next++ % 8];
	FILE *fp;

	snprintf(p, 256, "%s/%s", dir, name);
	fp = fopen(p, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
	return p;
}

static int saved_fd = -1;

/* Send stderr to a file until unhush(), which keeps it in `said`. */
static void
hush(void)
{
	char *out = xasprintf("%s/stderr", dir);
	int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	saved_fd = dup(2);
	assert_true(fd >= 0 && saved_fd >= 0);
	fflush(stderr);
	dup2(fd, 2);
	close(fd);
	free(out);
}

static void
unhush(void)
{
	char *out = xasprintf("%s/stderr", dir);

	fflush(stderr);
	dup2(saved_fd, 2);
	close(saved_fd);
	free(said);
	said = slurp(out);
	free(out);
}

/* shards_read() with stderr kept in `said`. */
static int
quiet_read(struct shards *s, const char *path)
{
	int rc;

	hush();
	rc = shards_read(s, path);
	unhush();
	return rc;
}

static int
make_dir(void **state)
{
	(void)state;
	return mkdtemp(dir) == NULL ? -1 : 0;
}

static int
remove_dir(void **state)
{
	char *cmd = xasprintf("rm -rf '%s'", dir);
	int rc = system(cmd);

	(void)state;
	free(cmd);
	free(said);
	return rc == 0 ? 0 : -1;
}

static void
test_read_two_shards(void **state)
{
	struct shards s = { 0 };
	const char *a = file("a.jsonl", HEAD("1") G0 G2
	    "{\"type\":\"summary\",\"games\":2}\n");
	const char *b = file("b.jsonl", HEAD("2") "\n" G1 G3);

	(void)state;
	assert_int_equal(quiet_read(&s, a), 0);
	assert_int_equal(quiet_read(&s, b), 0);
	assert_string_equal(said, "");
	assert_string_equal(shards_kind(&s), "match");
	assert_ptr_equal(s.first, a);
	assert_int_equal(s.n, 4);	/* the summary is no game */
	assert_ptr_equal(s.lines[0].file, a);
	assert_int_equal(s.lines[1].lineno, 3);
	assert_ptr_equal(s.lines[2].file, b);
	assert_int_equal(s.lines[2].lineno, 3);	/* after a blank line */
	assert_int_equal(strncmp(s.lines[3].text, G3, strlen(G3) - 1), 0);
	assert_int_equal(strlen(s.lines[3].text), strlen(G3) - 1);
	shards_free(&s);
	assert_null(s.header);
	assert_int_equal(s.n, 0);
}

static void
test_refused_files(void **state)
{
	struct shards s = { 0 };
	const char *a = file("a.jsonl", HEAD("1") G0);
	char *fifo = xasprintf("%s/fifo", dir), *want;

	(void)state;
	assert_int_equal(quiet_read(&s, file("e.jsonl", "")), -1);
	want = xasprintf("tablero: merge: %s/e.jsonl: empty\n", dir);
	assert_string_equal(said, want);
	free(want);
	assert_int_equal(quiet_read(&s, file("n.jsonl", G0)), -1);
	want = xasprintf("tablero: merge: %s/n.jsonl:1: not the header of a "
	    "match, survey or check run (--shard or --json output)\n", dir);
	assert_string_equal(said, want);
	free(want);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_int_equal(quiet_read(&s, fifo), -1);
	want = xasprintf("tablero: merge: %s: not a regular file (a FIFO or a "
	    "device?)\n", fifo);
	assert_string_equal(said, want);
	free(want);
	assert_null(s.header);
	/* Another run: a member differs, or only one header has it. */
	assert_int_equal(quiet_read(&s, a), 0);
	assert_int_equal(quiet_read(&s, file("o.jsonl",
	    "{\"type\":\"match\",\"game\":\"example\",\"version\":\"1.0\","
	    "\"options\":\"\",\"seed\":2,\"games\":4,\"cap\":100000,"
	    "\"players\":[\"random\",\"random\"],\"seats\":[\"X\",\"O\"],"
	    "\"shard\":\"2/2\"}\n" G1)), -1);
	want = xasprintf("tablero: merge: %s/o.jsonl is from another run than "
	    "%s: its \"seed\" is 2, not 1\n", dir, a);
	assert_string_equal(said, want);
	free(want);
	assert_int_equal(quiet_read(&s, file("p.jsonl",
	    "{\"type\":\"match\",\"game\":\"example\",\"version\":\"1.0\","
	    "\"options\":\"\",\"seed\":1,\"games\":4,"
	    "\"players\":[\"random\",\"random\"],\"seats\":[\"X\",\"O\"]}\n")),
	    -1);
	want = xasprintf("tablero: merge: %s/p.jsonl is from another run than "
	    "%s: only the first has \"cap\"\n", dir, a);
	assert_string_equal(said, want);
	free(want);
	assert_int_equal(quiet_read(&s, file("q.jsonl", HEAD("2")
	    "{\"type\":\"match\",\"x\":1}\n")), 0);
	assert_int_equal(quiet_read(&s, file("r.jsonl",
	    "{\"type\":\"match\",\"game\":\"example\",\"version\":\"1.0\","
	    "\"options\":\"\",\"seed\":1,\"games\":4,\"cap\":100000,"
	    "\"players\":[\"random\",\"random\"],\"seats\":[\"X\",\"O\"],"
	    "\"shard\":\"2/2\",\"rules\":\"house\"}\n")), -1);
	want = xasprintf("tablero: merge: %s/r.jsonl is from another run than "
	    "%s: only it has \"rules\"\n", dir, a);
	assert_string_equal(said, want);
	free(want);
	/* What was read before a refusal stays; a line of another type
	 * after the header (q.jsonl's) is no game. */
	assert_int_equal(s.n, 1);
	shards_free(&s);
	free(fifo);
}

static void
test_same_run(void **state)
{
	struct shards s = { 0 };

	(void)state;
	/* "path" (where the plugin is on each host) and an engine's "log"
	 * may differ; an interrupted shard is told, its games kept. */
	assert_int_equal(quiet_read(&s, file("a.jsonl",
	    "{\"type\":\"survey\",\"path\":\"/a/example.so\",\"engines\":"
	    "[{\"name\":\"e\",\"command\":\"x\",\"log\":\"/a/e.log\"}],"
	    "\"shard\":\"1/2\"}\n" G0)), 0);
	assert_int_equal(quiet_read(&s, file("b.jsonl",
	    "{\"type\":\"survey\",\"path\":\"/b/example.so\",\"engines\":"
	    "[{\"name\":\"e\",\"command\":\"x\",\"log\":\"/b/q\\\"e.log\"}],"
	    "\"shard\":\"2/2\"}\n" G1
	    "{\"type\":\"interrupted\",\"games\":1,\"of\":2}\n")), 0);
	assert_string_equal(shards_kind(&s), "survey");
	assert_int_equal(s.n, 2);
	{
		char *want = xasprintf("tablero: merge: %s/b.jsonl:3: this run "
		    "was interrupted: it holds only part of its games\n", dir);
		assert_string_equal(said, want);
		free(want);
	}
	/* But another engine command is another run. */
	assert_int_equal(quiet_read(&s, file("c.jsonl",
	    "{\"type\":\"survey\",\"path\":\"/a/example.so\",\"engines\":"
	    "[{\"name\":\"e\",\"command\":\"y\",\"log\":\"/a/e.log\"}],"
	    "\"shard\":\"2/2\"}\n")), -1);
	assert_non_null(strstr(said, "is from another run than"));
	assert_non_null(strstr(said, "its \"engines\" is"));
	shards_free(&s);
}

/* The slot of a line: the number after "slot ". */
static int
slot_of(void *ctx, long i, const char *text, long *slot, char *err,
    size_t errlen)
{
	const char *p = strstr(text, "\"slot\":");

	(void)ctx;
	(void)i;
	if (p == NULL) {
		snprintf(err, errlen, "no slot");
		return -1;
	}
	*slot = atol(p + 7);
	return 0;
}

/* shards_order() over the game lines of `text` (after a header). */
static int
order_of(const char *text, long games, long ncombos, long *order, long *m)
{
	struct shards s = { 0 };
	char *body = xasprintf("{\"type\":\"check\"}\n%s", text);
	int rc;

	assert_int_equal(quiet_read(&s, file("s.jsonl", body)), 0);
	free(body);
	hush();
	rc = shards_order(&s, games, ncombos, slot_of, NULL, order, m);
	if (rc == 0 && *m < games * ncombos)
		shards_missing(*m, games, ncombos);
	unhush();
	shards_free(&s);
	return rc;
}

#define L(k) "{\"type\":\"game\",\"slot\":" #k "}\n"

static void
test_order(void **state)
{
	long order[8], m;
	char *want;

	(void)state;
	assert_int_equal(order_of(L(2) L(0) L(3) L(1), 4, 1, order, &m), 0);
	assert_int_equal(m, 4);
	assert_true(order[0] == 1 && order[1] == 3 && order[2] == 0 &&
	    order[3] == 2);
	assert_string_equal(said, "");
	/* A gap: the slots before it in order, the first missing named. */
	assert_int_equal(order_of(L(0) L(3) L(1), 4, 1, order, &m), 0);
	assert_int_equal(m, 2);
	assert_true(order[0] == 0 && order[1] == 2);
	assert_string_equal(said, "tablero: merge: game 3 of 4 is in none of "
	    "the files\n");
	/* Of a survey: the game and the combination. */
	assert_int_equal(order_of(L(0) L(1) L(2), 2, 2, order, &m), 0);
	assert_int_equal(m, 3);
	assert_string_equal(said, "tablero: merge: game 2 of combination 2 is "
	    "in none of the files\n");
	/* Twice: both places named. */
	assert_int_equal(order_of(L(1) L(0) L(1), 2, 1, order, &m), 1);
	want = xasprintf("tablero: merge: game 2 is in %s/s.jsonl:2 and "
	    "%s/s.jsonl:4\n", dir, dir);
	assert_string_equal(said, want);
	free(want);
	/* A line the slot function refuses, with its place. */
	assert_int_equal(order_of(L(0) "{\"type\":\"game\"}\n", 2, 1, order,
	    &m), 1);
	want = xasprintf("tablero: merge: %s/s.jsonl:3: no slot\n", dir);
	assert_string_equal(said, want);
	free(want);
}

static void
test_games_of_a_match(void **state)
{
	struct shards s = { 0 };
	struct game_out *res;
	char *want;
	long m;

	(void)state;
	assert_int_equal(quiet_read(&s, file("a.jsonl", HEAD("1") G2 G0)), 0);
	assert_int_equal(quiet_read(&s, file("b.jsonl", HEAD("2") G3 G1)), 0);
	assert_int_equal(shards_games(&s, 2, 1, 100000, 4, 1, &res, &m), 0);
	assert_int_equal(m, 4);
	assert_true(res[0].index == 0 && res[1].index == 1 &&
	    res[2].index == 2 && res[3].index == 3);
	assert_true(res[1].score[0] == 0.5 && res[1].score[1] == 0.5);
	assert_true(res[3].seating[0] == 1 && res[3].seating[1] == 0);
	assert_true(res[2].moves == 8 && res[2].branching == 44);
	free(res);
	/* Read as a run of another seed, the seeds are not those of their
	 * index: refused, naming the file and line. */
	hush();
	assert_int_equal(shards_games(&s, 2, 7, 100000, 4, 1, &res, &m), 1);
	unhush();
	free(res);
	want = xasprintf("tablero: merge: %s/a.jsonl:2: game 3: its seed or "
	    "seating is not the one of its index in this run\n", dir);
	assert_string_equal(said, want);
	free(want);
	shards_free(&s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_two_shards),
		cmocka_unit_test(test_refused_files),
		cmocka_unit_test(test_same_run),
		cmocka_unit_test(test_order),
		cmocka_unit_test(test_games_of_a_match),
	};

	return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
