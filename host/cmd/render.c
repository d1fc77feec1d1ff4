/*
 * render.c - `tablero render`: a game record drawn as an SVG diagram or
 * an HTML page, through the view room (host/view/page.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/render.h"
#include "cmd/subcmd.h"
#include "core/record.h"
#include "core/session.h"
#include "base/util.h"
#include "core/host.h"
#include "view/page.h"

static void
usage(FILE *fp)
{
	char *syn = subcmd_synopsis(&subcmd_render, 7);

	fprintf(fp, "usage: %s\n", syn);
	free(syn);
}

/* Parse argv: the record, the output and --move N (-1: the last). */
static int
render_args(int argc, char **argv, const char **in, const char **out,
    long *move)
{
	int k, nwords = 0;

	for (k = 1; k < argc; k++) {
		if (strcmp(argv[k], "--help") == 0) {
			static const struct flag help[] = {
				{ "--move", FLAG_COUNT, NULL, "N", "draw the "
				    "position after move N (0: the start; "
				    "default: the last)" },
				{ NULL, FLAG_SWITCH, NULL, NULL, NULL }
			};
			struct subcmd c = { &subcmd_render, help, NULL,
			    { NULL }, 0 };
			subcmd_help(&c, stdout);
			return 0;
		}
		if (strcmp(argv[k], "--move") == 0) {
			if (k + 1 >= argc || parse_long(argv[k + 1], 0, 1L << 30,
			    move) != 0) {
				fprintf(stderr, "tablero: render: --move needs a move "
				    "number, 0 or more\n");
				return 2;
			}
			k++;
		} else if (argv[k][0] == '-' && argv[k][1] != '\0') {
			fprintf(stderr, "tablero: render: unknown option '%s'\n",
			    argv[k]);
			usage(stderr);
			return 2;
		} else if (nwords++ == 0)
			*in = argv[k];
		else if (nwords == 2)
			*out = argv[k];
	}
	if (nwords != 2 || !view_is_picture(*out)) {
		fprintf(stderr, "tablero: render: %s\n", nwords != 2 ?
		    "give a record and a picture to write" :
		    "the picture is FILE.svg or FILE.html");
		usage(stderr);
		return 2;
	}
	return -1;
}

const struct subcmd_entry subcmd_render = {
	.name = "render",
	.usage = "RECORD OUT.svg|OUT.html",
	.flags = "[--move N]",
	.run = render_main,
	.page = "tablero-render(1)"
};

int
render_main(struct host *host, int argc, char **argv)
{
	const char *in = NULL, *out = NULL;
	long move = -1;
	char err[1024], *text;
	struct session *s;
	int rc;

	if ((rc = render_args(argc, argv, &in, &out, &move)) >= 0)
		return rc;
	if ((text = record_read(in, err, sizeof err)) == NULL) {
		fprintf(stderr, "tablero: render: %s\n", err);
		return 1;
	}
	err[0] = '\0';
	if ((s = record_parse(in, text, &host->plugins, err, sizeof err)) == NULL) {
		fprintf(stderr, "tablero: render: %s\n", err);
		free(text);
		return 1;
	}
	rc = 0;
	if (move > view_steps(s)) {
		fprintf(stderr, "tablero: render: --move %ld: %s has %d move%s\n",
		    move, in, view_steps(s), view_steps(s) == 1 ? "" : "s");
		rc = 1;
	} else if (view_save(s, text, move < 0 ? view_steps(s) : (int)move, out,
	    err, sizeof err) != 0) {
		fprintf(stderr, "tablero: render: %s\n", err);
		rc = 1;
	}
	session_free(s);
	free(text);
	return rc;
}
