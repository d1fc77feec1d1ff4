/*
 * fuzz_journal.c - libFuzzer target: the autosave journal as --recover
 * and `recover` read it (host/repl/journal.c).  The input is written as
 * the journal file, then `recover` runs.  The oracles: no crash,
 * sanitizer report, leak or hang; a refused journal leaves no game
 * behind and says why; a recovered game saves as a record that loads
 * again at the same position.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"
#include "core/host.h"
#include "core/loader.h"
#include "core/record.h"
#include "core/session.h"
#include "repl/app.h"
#include "repl/commands.h"
#include "repl/journal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

static struct pluginset plugins;
static char dir[64], path[96];

static void
setup(void)
{
	pluginset_add_path(&plugins, getenv("TABLERO_FUZZ_PLUGINS"));
	pluginset_scan(&plugins, NULL);
	snprintf(dir, sizeof dir, "/tmp/tablero-fuzz-journal.XXXXXX");
	if (plugins.n == 0 || mkdtemp(dir) == NULL || chdir(dir) != 0)
		abort();
	setenv("HOME", dir, 1);
	setenv("XDG_STATE_HOME", dir, 1);
	setenv("XDG_DATA_HOME", dir, 1);
	setenv("XDG_CONFIG_HOME", dir, 1);
	/* Where recover looks: $XDG_STATE_HOME/tablero/journal. */
	snprintf(path, sizeof path, "%s/tablero", dir);
	if (mkdir(path, 0700) != 0)
		abort();
	snprintf(path, sizeof path, "%s/tablero/journal", dir);
}

/* The recovered game saves and loads again at the same position. */
static void
check_game(struct app *a)
{
	char *text = record_text(a->sess, NULL, 0), err[1024];
	struct session *t = record_parse("again", text, &plugins, err,
	    sizeof err);
	char *p1, *p2;

	if (t == NULL) {
		fprintf(stderr, "fuzz_journal: recovered, then: %s\n", err);
		abort();
	}
	p1 = session_position(a->sess);
	p2 = session_position(t);
	if (strcmp(p1, p2) != 0)
		abort();
	free(p1);
	free(p2);
	free(text);
	session_free(t);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct sbuf out = { 0 };
	struct host host;
	struct app a;
	char err[1024];
	FILE *fp;

	if (dir[0] == '\0')
		setup();
	if ((fp = fopen(path, "wb")) == NULL)
		abort();
	if (n > 0 && fwrite(data, 1, n, fp) != n)
		abort();
	fclose(fp);
	memset(&host, 0, sizeof host);
	host.plugins = plugins;		/* borrowed: scanned once */
	host.seed = 1;
	app_init(&a, &host);
	err[0] = '\0';
	if (app_run(&a, "recover", &out, err, sizeof err) == 0) {
		if (a.sess == NULL)
			abort();
		check_game(&a);
	} else if (err[0] == '\0' || a.sess != NULL)
		abort();	/* a refusal says why and installs nothing */
	unlink(path);
	sbuf_free(&out);
	app_free(&a);
	memset(&host.plugins, 0, sizeof host.plugins);
	host_free(&host);
	return 0;
}
