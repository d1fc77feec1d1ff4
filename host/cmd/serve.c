/*
 * serve.c - `tablero serve`: its command line, then the server of
 * host/serve/ (server.h), or a message when the build has none
 * (configure found no libmicrohttpd).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cmd/serve.h"
#include "cmd/subcmd.h"
#include "core/host.h"
#ifdef HAVE_MICROHTTPD
#include "serve/server.h"
#endif

const struct subcmd_entry subcmd_serve = {
	.name = "serve",
	.usage = "[GAME [key=value ...]]",
	.flags = "[--seats P1,P2,...] [--port N] [--bind ADDR] [--recover] "
	    "[--workers N]",
	.run = serve_main,
	.page = "tablero-serve(1)"
};

/* Is there a GAME word among argv's, past the flags and their values? */
static int
has_game(const struct flag *flags, int argc, char **argv)
{
	const struct flag *f;
	int i;

	for (i = 1; i < argc; i++) {
		if (argv[i][0] == '-') {
			for (f = flags; f->name && strcmp(f->name, argv[i]); f++)
				;
			i += f->name && f->kind != FLAG_SWITCH;
		} else if (strchr(argv[i], '=') == NULL)
			return 1;
	}
	return 0;
}

int
serve_main(struct host *host, int argc, char **argv)
{
	const char *seats = NULL, *port = "0", *bind = NULL;
	long workers = 0, nport = 0;
	int recover = 0, rc, k;
	const struct flag flags[] = {
		{ "--seats", FLAG_TEXT, &seats, "P1,P2,...", "who plays "
		    "each seat of a new game: human, random or mcts[:N]" },
		{ "--port", FLAG_TEXT, &port, "N", "the port, 0 to 65535 "
		    "(default 0: any free port, which the URL names)" },
		{ "--bind", FLAG_TEXT, &bind, "ADDR", "the IPv4 address to "
		    "listen on (default 127.0.0.1)" },
		{ "--recover", FLAG_SWITCH, &recover, NULL, "serve again the "
		    "games a stopped server left in its journal" },
		{ "--workers", FLAG_COUNT, &workers, "N", "the threads on "
		    "which computer seats think (default: one a processor, "
		    "at most 4)" },
		{ NULL, 0, NULL, NULL, NULL }
	};
	struct subcmd c = { &subcmd_serve, flags, NULL, { 0 }, 0 };
	char **args = xcalloc((size_t)argc + 2, sizeof *args);

	/* GAME is optional: the configured game when none is named. */
	for (k = 0; k < argc; k++)
		args[k] = argv[k];
	if (!has_game(flags, argc, argv))
		args[argc++] = (char *)config_host(&host->cfg, "game");
	rc = subcmd_parse(&c, argc, args);
	if (rc < 0 && parse_long(port, 0, 65535, &nport) != 0) {
		fprintf(stderr, "tablero: serve: --port wants a port, 0 to "
		    "65535 (0: any free port), not '%s'\n", port);
		rc = 2;
	}
	if (rc < 0 && subcmd_game(host, &c) == NULL)
		rc = 1;
#ifdef HAVE_MICROHTTPD
	if (rc < 0) {
		struct serve_opts o = { c.target, c.kv, c.nkv, seats, nport,
			bind, recover, workers };
		rc = serve_run(host, &o);
	}
#else
	if (rc < 0) {
		fprintf(stderr, "tablero: serve: this tablero was built without "
		    "libmicrohttpd (install libmicrohttpd-dev, then configure "
		    "and build again)\n");
		rc = 1;
	}
#endif
	free(args);
	return rc;
}
