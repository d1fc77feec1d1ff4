/*
 * fuzz_records.h - what the targets reading record text share
 * (fuzz_record.c, fuzz_render.c): the games of $TABLERO_FUZZ_PLUGINS
 * (`make fuzz` sets the build tree's), scanned once, and the input as
 * the text of a record.
 */
#ifndef TABLERO_FUZZ_RECORDS_H
#define TABLERO_FUZZ_RECORDS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/loader.h"

static struct pluginset fuzz_plugins;

/*
 * The input as a NUL-terminated text the caller frees, or NULL for
 * binary data (the record reader refuses it before parsing) or when
 * memory runs out.  The first call scans the plugins.
 */
static char *
fuzz_record_text(const uint8_t *data, size_t n)
{
	static int ready;
	char *text;

	if (!ready) {
		pluginset_add_path(&fuzz_plugins,
		    getenv("TABLERO_FUZZ_PLUGINS"));
		pluginset_scan(&fuzz_plugins, NULL);
		ready = 1;
	}
	if (memchr(data, '\0', n) != NULL || (text = malloc(n + 1)) == NULL)
		return NULL;
	memcpy(text, data, n);
	text[n] = '\0';
	return text;
}

#endif
