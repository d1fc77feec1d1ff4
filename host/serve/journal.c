/*
 * journal.c - the journalled games of a server (see journal.h); the
 * writing is games.c's, after every change.
 */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/paths.h"
#include "base/util.h"
#include "core/game.h"
#include "core/host.h"
#include "core/record.h"
#include "core/seat.h"
#include "core/session.h"
#include "serve/journal.h"
#include "serve/server.h"

char *
serve_journal_dir(void)
{
	char err[1024], *dir = paths_user_dir_made(PATHS_STATE, "serve",
	    err, sizeof err);

	if (dir == NULL)
		fprintf(stderr, "tablero: serve: games are not journalled: %s\n",
		    *err ? err : "neither XDG_STATE_HOME nor HOME is set");
	return dir;
}

static int
is_record(const char *name)
{
	size_t n = strlen(name);

	return name[0] != '.' && n > 4 && strcmp(name + n - 4, ".tbr") == 0;
}

/* Serve the record in path as a game of sv; 0 or -1 (said). */
static int
recover_one(struct server *sv, const char *path, const char *base)
{
	struct seat_spec seats[TBL_MAX_PLAYERS];
	char err[1024], why[512];
	struct session *s = record_load(path, &sv->host->plugins, err,
	    sizeof err);
	struct game *g;

	memset(seats, 0, sizeof seats);
	if (s && s->players && seat_parse_list(s->players,
	    game_players(s->g, s->cur), s->g->name, seats, why, sizeof why) != 0) {
		snprintf(err, sizeof err, "%s: Players: %s", path, why);
		session_free(s);
		s = NULL;
	}
	if (s == NULL) {
		fprintf(stderr, "tablero: serve: not recovered: %s\n", err);
		return -1;
	}
	if ((g = games_add(&sv->games, s, seats, path)) == NULL) {
		fprintf(stderr, "tablero: serve: not recovered: %s: the "
		    "server holds %d games\n", path, GAMES_MAX);
		return -1;
	}
	g->paused = 1;
	games_changed(&sv->games, g);
	fprintf(stderr, "tablero: serve: recovered game %u, %s after %d "
	    "moves: %s#game=%u\n", g->id, g->sess->g->name,
	    session_count_moves(g->sess), base, g->id);
	return 0;
}

int
serve_recover(struct server *sv, const char *dir, const char *base,
    int recover)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char *path;
	int n = 0, found = 0;

	if (d == NULL)
		return 0;
	pthread_mutex_lock(&sv->games.lock);
	while ((e = readdir(d)) != NULL) {
		if (!is_record(e->d_name))
			continue;
		found++;
		if (!recover)
			continue;
		path = path_join(dir, e->d_name);
		n += recover_one(sv, path, base) == 0;
		free(path);
	}
	pthread_mutex_unlock(&sv->games.lock);
	closedir(d);
	if (!recover && found)
		fprintf(stderr, "tablero: serve: %d game%s of an earlier server "
		    "can be recovered: tablero serve --recover\n", found,
		    found == 1 ? "" : "s");
	return n;
}
