/*
 * catalog.c - GET /api/games (see catalog.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "core/host.h"
#include "core/session.h"
#include "core/settings.h"
#include "run/jsonl.h"
#include "serve/catalog.h"
#include "serve/server.h"

static const char *const type_names[] = { "bool", "int", "enum", "string" };

/* {"key":..,"type":..,"default":..,"value":..,...,"doc":..} */
static void
option(struct sbuf *out, const struct tbl_option *o, const char *value)
{
	int k;

	sbuf_puts(out, "{\"key\":");
	json_string(out, o->key);
	sbuf_printf(out, ",\"type\":\"%s\",\"default\":", (unsigned)o->type < 4 ?
	    type_names[o->type] : "string");
	json_string(out, o->def ? o->def : "");
	sbuf_puts(out, ",\"value\":");
	json_string(out, value ? value : "");
	if (o->type == TBL_OPT_INT)
		sbuf_printf(out, ",\"min\":%ld,\"max\":%ld", o->min, o->max);
	if (o->type == TBL_OPT_ENUM && o->choices) {
		sbuf_puts(out, ",\"choices\":[");
		for (k = 0; o->choices[k]; k++) {
			sbuf_puts(out, k ? "," : "");
			json_string(out, o->choices[k]);
		}
		sbuf_puts(out, "]");
	}
	sbuf_puts(out, ",\"doc\":");
	json_string(out, o->doc ? o->doc : "");
	sbuf_puts(out, "}");
}

/* One game: its name, title and options with the configured values. */
static void
game(struct sbuf *out, struct host *h, const struct tbl_game *g)
{
	struct optset os;
	int i;

	optset_init(&os, g, &h->cfg);
	sbuf_puts(out, "{\"name\":");
	json_string(out, g->name);
	sbuf_puts(out, ",\"title\":");
	json_string(out, g->title ? g->title : g->name);
	sbuf_puts(out, ",\"options\":[");
	for (i = 0; i < g->noptions; i++) {
		sbuf_puts(out, i ? "," : "");
		option(out, &g->options[i], os.text[i]);
	}
	sbuf_puts(out, "]}");
	optset_free(&os);
}

unsigned
catalog_games(struct server *sv, struct sbuf *out)
{
	struct host *h = sv->host;
	struct game *g;
	int i;

	sbuf_puts(out, "{\"default\":");
	json_string(out, sv->opts->game ? sv->opts->game :
	    config_host(&h->cfg, "game"));
	sbuf_puts(out, ",\"games\":[");
	for (i = 0; i < h->plugins.n; i++) {
		sbuf_puts(out, i ? "," : "");
		game(out, h, &h->plugins.v[i]->game);
	}
	sbuf_puts(out, "],\"playing\":[");
	pthread_mutex_lock(&sv->games.lock);
	for (i = 0; i < sv->games.n; i++) {
		g = sv->games.v[i];
		sbuf_printf(out, "%s{\"id\":%u,\"game\":", i ? "," : "", g->id);
		json_string(out, g->sess->g->name);
		sbuf_printf(out, ",\"moves\":%d}", session_count_moves(g->sess));
	}
	pthread_mutex_unlock(&sv->games.lock);
	sbuf_puts(out, "]}");
	return 200;
}
