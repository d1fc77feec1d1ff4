/*
 * fuzz_record.c - libFuzzer target: the game-record loader.  Any input
 * must be refused with a message or load as a game; nothing may crash,
 * leak or read out of bounds.  The games are the plugins in
 * $TABLERO_FUZZ_PLUGINS (`make fuzz` sets the build tree's).
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/record.h"
#include "core/session.h"

#include "fuzz_records.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	char err[1024], *text;
	struct session *s;

	if ((text = fuzz_record_text(data, n)) == NULL)
		return 0;
	s = record_parse("fuzz", text, &fuzz_plugins, err, sizeof err);
	if (s != NULL) {
		/* What loads must save and load again to the same position. */
		char *again = record_text(s, NULL, 0), *p1, *p2;
		struct session *t = record_parse("again", again,
		    &fuzz_plugins, err, sizeof err);
		if (t == NULL)
			abort();
		p1 = session_position(s);
		p2 = session_position(t);
		if (strcmp(p1, p2) != 0)
			abort();
		free(p1);
		free(p2);
		free(again);
		session_free(t);
	}
	session_free(s);
	free(text);
	return 0;
}
