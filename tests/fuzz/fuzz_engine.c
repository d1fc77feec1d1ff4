/*
 * fuzz_engine.c - libFuzzer target: `tablero engine PLAYER`, the engine
 * side of tablero-engine(5) (host/cmd/engine.c): its bounded line reader,
 * the session of `game`, `option`, `new`, `position`, `play` and `go`
 * lines, and the input it polls while it searches (`stop`, `quit`).
 *
 * The input: byte 0 chooses the player (PLAYERS below); the rest is the
 * engine's standard input, as the host would write it.  Any input must
 * end in a move, a refusal in one line, or the end of the input, with no
 * crash, sanitizer report, leak or hang.  A line that a game could not
 * follow once kept the old game's state under the new game's hooks (a
 * `game` after `new`), and a refused `new` freed twice.
 *
 * The sandbox: the input is a file in a fresh temporary directory,
 * standard input while engine_main() runs (/dev/null after); the fuzz
 * build (-DTABLERO_FUZZ) cuts every search to a few playouts.  Run it
 * with -close_fd_mask=3: the moves go to standard output, the refusals
 * to standard error.  The games are the plugins in $TABLERO_FUZZ_PLUGINS.
 */
#include "config.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/interrupt.h"
#include "cmd/engine.h"
#include "core/host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

static const char *const PLAYERS[] = {
	"random", "mcts:40", "mcts:30:t2", "mcts:20:fresh", "mcts:50ms",
};
#define NPLAYERS (sizeof PLAYERS / sizeof PLAYERS[0])

static struct pluginset plugins;
static char dir[64], input[96];

static void
sandbox_remove(void)
{
	unlink(input);
	rmdir(dir);
}

static void
sandbox_init(void)
{
	pluginset_add_path(&plugins, getenv("TABLERO_FUZZ_PLUGINS"));
	pluginset_scan(&plugins, NULL);
	if (plugins.n == 0) {
		fprintf(stderr, "fuzz_engine: no plugins in "
		    "$TABLERO_FUZZ_PLUGINS\n");
		abort();
	}
	snprintf(dir, sizeof dir, "/tmp/tablero-fuzz-engine.XXXXXX");
	if (mkdtemp(dir) == NULL)
		abort();
	snprintf(input, sizeof input, "%s/input", dir);
	atexit(sandbox_remove);
	if (freopen("/dev/null", "r", stdin) == NULL)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct host host;
	char *argv[3];
	FILE *fp;
	int fd;

	if (dir[0] == '\0')
		sandbox_init();
	if (n == 0)
		return 0;
	if ((fp = fopen(input, "wb")) == NULL)
		abort();
	if (n > 1 && fwrite(data + 1, 1, n - 1, fp) != n - 1)
		abort();
	fclose(fp);
	if ((fd = open(input, O_RDONLY)) < 0 || dup2(fd, 0) != 0)
		abort();
	close(fd);
	memset(&host, 0, sizeof host);
	host.plugins = plugins;		/* borrowed: scanned once */
	argv[0] = "engine";
	argv[1] = (char *)PLAYERS[data[0] % NPLAYERS];
	argv[2] = NULL;
	(void)engine_main(&host, 2, argv);
	fflush(stdout);
	/* A `stop` or `quit` left for no search is served here. */
	interrupt_clear();
	if ((fd = open("/dev/null", O_RDONLY)) < 0 || dup2(fd, 0) != 0)
		abort();
	close(fd);
	return 0;
}
