/*
 * fuzz_framed.c - libFuzzer target: the framed protocol (--framed,
 * repl.c) that programs drive tablero with.  The input is a script: its
 * lines go to repl_run_stream() in framed mode, after a first line that
 * byte 0 chooses (a game to start).  The oracles: no crash, sanitizer
 * report, leak or hang, and the output stays framed: every answer starts
 * with '=' or '?' and ends with an empty line, so that a program reading
 * it never loses its place.  The sandbox is fuzz_repl.c's, in short: a
 * fresh directory, file names without '/' (host/base/fuzzsandbox.h).
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "core/host.h"
#include "core/loader.h"
#include "repl/app.h"
#include "repl/repl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

/* The first needle[0..n) in h[0..len), or NULL (memmem, portably). */
static const void *
find(const void *h, size_t len, const char *needle, size_t n)
{
	const char *p = h;
	size_t i;

	for (i = 0; i + n <= len; i++)
		if (memcmp(p + i, needle, n) == 0)
			return p + i;
	return NULL;
}


static const char *const STARTS[] = {
	"new example\n", "new mancala\n", "new tuknanavuhpi\n",
	"new awithlaknakwe\n", "new yucata\n", "new recuay\n", "",
};
#define NSTARTS (sizeof STARTS / sizeof STARTS[0])

static struct pluginset plugins;
static char dir[64];

static void
setup(void)
{
	pluginset_add_path(&plugins, getenv("TABLERO_FUZZ_PLUGINS"));
	pluginset_scan(&plugins, NULL);
	snprintf(dir, sizeof dir, "/tmp/tablero-fuzz-framed.XXXXXX");
	if (plugins.n == 0 || mkdtemp(dir) == NULL || chdir(dir) != 0)
		abort();
	setenv("HOME", dir, 1);
	setenv("XDG_DATA_HOME", dir, 1);
	setenv("XDG_STATE_HOME", dir, 1);
	setenv("XDG_CONFIG_HOME", dir, 1);
}

/* Is out (len bytes) a run of frames: "=" or "?" ... "\n\n"? */
static int
framed(const char *out, size_t len)
{
	size_t i = 0;

	while (i < len) {
		const char *end;
		if (out[i] != '=' && out[i] != '?')
			return 0;
		end = find(out + i, len - i, "\n\n", 2);
		if (end == NULL)
			return 0;
		i = (size_t)(end - out) + 2;
	}
	return 1;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct runopts ro = { 0, 1, 1, 0 };
	struct host host;
	struct app a;
	struct sbuf in = { 0 };
	char *out = NULL;
	size_t outlen = 0;
	FILE *fin, *fout, *saved;

	if (dir[0] == '\0')
		setup();
	if (n == 0 || memchr(data, '\0', n) != NULL)
		return 0;
	sbuf_puts(&in, STARTS[data[0] % NSTARTS]);
	sbuf_add(&in, (const char *)data + 1, n - 1);
	memset(&host, 0, sizeof host);
	host.plugins = plugins;		/* borrowed: scanned once */
	host.seed = 1;
	app_init(&a, &host);
	fin = fmemopen(in.s, in.len, "r");
	fout = open_memstream(&out, &outlen);
	if (fin == NULL || fout == NULL)
		abort();
	fflush(stdout);
	saved = stdout;
	stdout = fout;
	(void)repl_run_stream(&a, fin, "fuzz", &ro);
	fflush(stdout);
	stdout = saved;
	fclose(fin);
	fclose(fout);
	if (!framed(out, outlen)) {
		fprintf(stderr, "fuzz_framed: not framed:\n%.*s\n", (int)outlen,
		    out);
		abort();
	}
	free(out);
	sbuf_free(&in);
	app_free(&a);
	memset(&host.plugins, 0, sizeof host.plugins);
	host_free(&host);
	return 0;
}
