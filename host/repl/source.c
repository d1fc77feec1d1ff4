/*
 * source.c - `source FILE`.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fuzzsandbox.h"
#include "base/interrupt.h"
#include "base/util.h"
#include "repl/app.h"
#include "repl/commands.h"
#include "repl/repl.h"
#include "repl/source.h"

/* Scripts that source scripts: a loop of them stops here. */
#define SOURCE_DEPTH 16

/*
 * Run the commands of FILE one after the other, their output into out,
 * until one fails ("FILE:LINE: why" in err), `quit` or Ctrl-C.
 */
int
cmd_source(struct app *a, char *args, struct sbuf *out, char *err,
    size_t errlen)
{
	static int depth;
	char *path = strtrim(args), *line = NULL, e[1024];
	size_t cap = 0;
	ssize_t n;
	int lineno = 0, rc = 0;
	FILE *fp;

	if (FUZZ_SANDBOX_REFUSES(path, err, errlen))
		return -1;
	if (depth >= SOURCE_DEPTH) {
		snprintf(err, errlen, "%s: scripts source each other more than "
		    "%d deep", path, SOURCE_DEPTH);
		return -1;
	}
	if ((fp = fopen(path, "r")) == NULL) {
		snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	depth++;
	while (rc == 0 && !a->quit && !interrupt_pending() &&
	    (n = getline(&line, &cap, fp)) >= 0) {
		lineno++;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		repl_strip_comment(line);
		if (app_run(a, line, out, e, sizeof e) != 0) {
			snprintf(err, errlen, "%s:%d: %s", path, lineno, e);
			rc = -1;
		}
	}
	depth--;
	free(line);
	fclose(fp);
	return rc;
}
