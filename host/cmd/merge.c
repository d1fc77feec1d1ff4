/*
 * merge.c - `tablero merge`: read the JSON lines of several shards of
 * one run (run/shards.c) and print the single run's report, made by the
 * kind of run the header names.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/check_merge.h"
#include "cmd/match.h"
#include "cmd/merge.h"
#include "cmd/subcmd.h"
#include "cmd/survey.h"
#include "run/jsonl.h"
#include "run/shards.h"

/* The report of the shards read, in the form asked, and the plot. */
static int
merge_report(const struct shards *sh, int json, int csv, const char *plotfile)
{
	const char *kind = shards_kind(sh);
	struct jobject hdr;
	char err[1024];

	if (json_parse(sh->header, &hdr, err, sizeof err) != 0) {
		fprintf(stderr, "tablero: merge: %s:1: %s\n", sh->first, err);
		return 1;
	}
	if ((csv || json) && strcmp(kind, "survey") != 0 &&
	    (csv || strcmp(kind, "match") != 0)) {
		/* What the run's own report cannot give is refused, not ignored. */
		fprintf(stderr, "tablero: merge: --%s is for %s; %s is a %s's\n",
		    csv ? "csv" : "json", csv ? "a survey's shards" :
		    "a match's or a survey's shards", sh->first, kind);
		return 2;
	}
	if (strcmp(kind, "match") == 0)
		return match_merge(&hdr, sh, json, plotfile);
	if (strcmp(kind, "survey") == 0)
		return survey_merge(&hdr, sh, json ? 'j' : csv ? 'c' : 't',
		    plotfile);
	if (plotfile) {
		fprintf(stderr, "tablero: merge: --plot draws a match or a "
		    "survey, not a check\n");
		return 2;
	}
	return check_merge(&hdr, sh);
}

const struct subcmd_entry subcmd_merge = {
	.name = "merge",
	.usage = "FILE...",
	.flags = "[--csv | --json] [--plot FILE.svg]",
	.run = merge_main,
	.page = "tablero-merge(1)"
};

int
merge_main(struct host *host, int argc, char **argv)
{
	struct shards sh = { 0 };
	const char *plotfile = NULL;
	int json = 0, csv = 0, nfiles = 0, rc = 0, k;
	const struct flag flags[] = {
		{ "--json", FLAG_SWITCH, &json, NULL,
		    "print the merged run as JSON lines, as the shards "
		    "were" },
		{ "--csv", FLAG_SWITCH, &csv, NULL,
		    "print a survey's table as comma-separated values" },
		{ "--plot", FLAG_TEXT, &plotfile, "FILE.svg",
		    "also draw the report into FILE.svg" },
		{ NULL, FLAG_SWITCH, NULL, NULL, NULL }
	};
	struct subcmd c = { &subcmd_merge, flags, NULL, { NULL }, 0 };

	(void)host;
	for (k = 1; k < argc && rc == 0; k++) {
		if (strcmp(argv[k], "--help") == 0) {
			subcmd_help(&c, stdout);
			return 0;
		}
		if (strcmp(argv[k], "--json") == 0 || strcmp(argv[k], "--csv") == 0) {
			*(argv[k][2] == 'j' ? &json : &csv) = 1;
			continue;
		}
		if (strcmp(argv[k], "--plot") == 0) {
			if (k + 1 >= argc) {
				fprintf(stderr, "tablero: merge: --plot needs a file "
				    "name (FILE.svg)\n");
				return 2;
			}
			plotfile = argv[++k];
			continue;
		}
		if (argv[k][0] == '-' && argv[k][1] != '\0') {
			fprintf(stderr, "tablero: merge: unknown option '%s'\n", argv[k]);
			subcmd_usage(&c, stderr);
			return 2;
		}
		nfiles++;
		if (shards_read(&sh, argv[k]) != 0)
			rc = 1;
	}
	if (rc == 0 && nfiles == 0) {
		fprintf(stderr, "tablero: merge: no files\n");
		subcmd_usage(&c, stderr);
		rc = 2;
	} else if (rc == 0)
		rc = merge_report(&sh, json, csv, plotfile);
	shards_free(&sh);
	return rc;
}
