/*
 * dispatch.c - the list of the subcommands, the one file of cmd/ that
 * knows them all; each entry lives in its subcommand's file.
 */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "cmd/bench.h"
#include "cmd/check.h"
#include "cmd/dispatch.h"
#include "cmd/engine.h"
#include "cmd/match.h"
#include "cmd/merge.h"
#include "cmd/perft.h"
#include "cmd/render.h"
#include "cmd/serve.h"
#include "cmd/solve.h"
#include "cmd/survey.h"

const struct subcmd_entry *const subcmd_table[] = {
	&subcmd_bench,
	&subcmd_check,
	&subcmd_match,
	&subcmd_survey,
	&subcmd_merge,
	&subcmd_perft,
	&subcmd_render,
	&subcmd_engine,
	&subcmd_solve,
	&subcmd_serve,
	NULL
};

const struct subcmd_entry *
subcmd_find(const char *name)
{
	const struct subcmd_entry *const *sc;

	for (sc = subcmd_table; *sc; sc++)
		if (strcmp((*sc)->name, name) == 0)
			return *sc;
	return NULL;
}
