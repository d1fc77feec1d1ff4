/*
 * host.c - the host without a face: finding a game, and the end.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/util.h"
#include "core/host.h"

struct plugin *
host_find_game(struct host *h, const char *name, char *err, size_t errlen)
{
	struct plugin *p = pluginset_find(&h->plugins, name);
	const char **names;
	const char *near;

	if (p != NULL)
		return p;
	names = pluginset_names(&h->plugins);
	near = nearest(name, names);
	if (near)
		snprintf(err, errlen, "unknown game '%s' (did you mean '%s'?)", name, near);
	else if (h->plugins.n == 0)
		snprintf(err, errlen, "unknown game '%s' (no game plugins were found)", name);
	else
		snprintf(err, errlen, "unknown game '%s' (try 'games')", name);
	free(names);
	return NULL;
}

void
host_free(struct host *h)
{
	pluginset_free(&h->plugins);
	config_free(&h->cfg);
}
