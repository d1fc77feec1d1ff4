/*
 * fuzz_render.c - libFuzzer target: `tablero render` from record text.
 * Any input is refused with a message by the record reader, or loads as
 * a game whose pictures (the page of the whole game, the diagram of its
 * first and last positions) are drawn; nothing may crash, leak or read
 * out of bounds, and a page always closes its document.  The games are
 * the plugins in $TABLERO_FUZZ_PLUGINS (`make fuzz` sets the build
 * tree's); the seed corpus is records of every shipped game.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "core/record.h"
#include "core/session.h"
#include "view/page.h"

#include "fuzz_records.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	char err[1024], *text;
	struct session *s;
	struct sbuf b = { 0 };

	if ((text = fuzz_record_text(data, n)) == NULL)
		return 0;
	s = record_parse("fuzz", text, &fuzz_plugins, err, sizeof err);
	if (s != NULL) {
		if (view_page(s, text, view_steps(s), &b, err, sizeof err) == 0 &&
		    (b.len < 8 || strcmp(b.s + b.len - 8, "</html>\n") != 0))
			abort();
		sbuf_free(&b);
		(void)view_svg(s, 0, &b, err, sizeof err);
		sbuf_free(&b);
		(void)view_svg(s, view_steps(s), &b, err, sizeof err);
		sbuf_free(&b);
	}
	session_free(s);
	free(text);
	return 0;
}
