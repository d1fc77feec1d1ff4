/*
 * endways.c - the ways games end other than by the rules.
 */
#include "config.h"

#include <string.h>

#include "run/endways.h"

/*
 * The start of a termination reason (after "engine NAME " for an
 * engine's own end) and the name of its way; a name given twice is one
 * way.
 */
static const struct {
	const char *start;
	int way;
} starts[] = {
	{ "lost on time", 0 },
	{ "did not answer in time", 0 },
	{ "illegal move", 1 },
	{ "garbage", 2 },
	{ "does not read its input", 3 },
	{ "killed by signal", 4 },
	{ "exited", 5 },
	{ "closed its output", 6 },
	{ "adjudicated", 7 },
	{ "draw: no progress", 8 },
	{ "", 9 }		/* the handshake; last */
};

static const char *const names[ENDWAYS] = {
	"lost on time", "illegal move", "garbage", "did not read its input",
	"crashed", "exited", "closed its output", "adjudicated",
	"drawn for no progress", "did not start"
};

void
endways_count(struct endways *e, const char *why)
{
	size_t k;

	if (why[0] == '\0')
		return;
	if (strncmp(why, "engine ", 7) == 0 && strchr(why + 7, ' ') != NULL)
		why = strchr(why + 7, ' ') + 1;		/* its own end */
	for (k = 0; k < sizeof starts / sizeof *starts; k++)
		if (strncmp(why, starts[k].start, strlen(starts[k].start)) == 0) {
			e->n[starts[k].way]++;
			return;
		}
}

int
endways_any(const struct endways *e)
{
	int k;

	for (k = 0; k < ENDWAYS; k++)
		if (e->n[k] > 0)
			return 1;
	return 0;
}

void
endways_text(const struct endways *e, char *buf, size_t len)
{
	size_t n = 0;
	int k;

	if (len > 0)
		buf[0] = '\0';
	for (k = 0; k < ENDWAYS; k++)
		if (e->n[k] > 0 && n < len)
			n += (size_t)snprintf(buf + n, len - n, "%s%s %ld",
			    n ? ", " : "", names[k], e->n[k]);
}

void
endways_json(const struct endways *e, struct sbuf *b)
{
	int k, first = 1;

	for (k = 0; k < ENDWAYS; k++)
		if (e->n[k] > 0) {
			sbuf_printf(b, "%s\"%s\":%ld", first ? ",\"ends\":{" : ",",
			    names[k], e->n[k]);
			first = 0;
		}
	if (!first)
		sbuf_puts(b, "}");
}
