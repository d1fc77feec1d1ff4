/*
 * server.c - `tablero serve` from start to end (see server.h): the
 * token, the address, the games and their workers, the journal, the
 * URL on standard output, then requests until SIGINT or SIGTERM.
 */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/interrupt.h"
#include "base/util.h"
#include "core/host.h"
#include "serve/http.h"
#include "serve/journal.h"
#include "serve/server.h"

/* 32 hex digits from the system's random source; 0 or -1. */
static int
make_token(char *token)
{
	unsigned char raw[16];
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC), i;
	ssize_t n = fd >= 0 ? read(fd, raw, sizeof raw) : -1;

	if (fd >= 0)
		close(fd);
	if (n != (ssize_t)sizeof raw)
		return -1;
	for (i = 0; i < 16; i++)
		snprintf(token + 2 * i, 3, "%02x", raw[i]);
	return 0;
}

/* The worker threads: --workers, else one per CPU (at most 4). */
static int
workers(const struct serve_opts *o)
{
	long n = o->workers;

	if (n <= 0) {
		n = sysconf(_SC_NPROCESSORS_ONLN);
		if (n > 4)
			n = 4;
	}
	return n < 1 ? 1 : (int)n;
}

/* Set up sv from the command line; 0 or -1 (said on stderr). */
static int
setup(struct server *sv, struct host *h, const struct serve_opts *o)
{
	const char *bind = o->bind ? o->bind : "127.0.0.1";

	memset(sv, 0, sizeof *sv);
	sv->host = h;
	sv->opts = o;
	sv->port = (unsigned)o->port;
	if (strlen(bind) >= sizeof sv->bind) {
		fprintf(stderr, "tablero: serve: --bind %s: not an address\n",
		    bind);
		return -1;
	}
	strcpy(sv->bind, bind);
	sv->any_host = strcmp(bind, "0.0.0.0") == 0;
	if (make_token(sv->token) != 0) {
		fprintf(stderr, "tablero: serve: cannot read /dev/urandom for "
		    "the token\n");
		return -1;
	}
	return 0;
}

/* Wait for SIGINT, SIGTERM or SIGHUP. */
static void
wait_signal(void)
{
	struct timespec t = { 0, 50 * 1000 * 1000 };

	while (!interrupt_pending())
		nanosleep(&t, NULL);
}

int
serve_run(struct host *h, const struct serve_opts *o)
{
	struct server sv;
	char *dir, *url;
	int clean;

	if (setup(&sv, h, o) != 0)
		return 1;
	interrupt_install();
	shutdown_install();
	dir = serve_journal_dir();
	games_init(&sv.games, h, dir);
	if (http_start(&sv) != 0 || games_start(&sv.games, workers(o)) != 0) {
		games_free(&sv.games, 0);
		free(dir);
		return 1;
	}
	url = xasprintf("http://%s:%u/?token=%s", sv.any_host ? "127.0.0.1" :
	    sv.bind, sv.port, sv.token);
	printf("%s\n", url);
	fflush(stdout);
	if (strcmp(sv.bind, "127.0.0.1") != 0)
		fprintf(stderr, "tablero: serve: listening on %s: anyone who has "
		    "the URL can play\n", sv.bind);
	if (dir)
		serve_recover(&sv, dir, url, o->recover);
	wait_signal();
	clean = shutdown_signal() == 0;
	http_stop(&sv);
	games_free(&sv.games, clean);
	fprintf(stderr, "tablero: serve: stopped%s\n", clean || dir == NULL ?
	    "" : " (the games are journalled: tablero serve --recover)");
	free(url);
	free(dir);
	return 0;
}
