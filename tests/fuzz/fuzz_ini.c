/*
 * fuzz_ini.c - libFuzzer target: the configuration path (inih, the
 * line-length guard, key and value validation against the plugins in
 * $TABLERO_FUZZ_PLUGINS).  Any input is read or refused with a message;
 * nothing may crash, leak or read out of bounds.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/loader.h"
#include "core/settings.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

static struct pluginset plugins;
static char path[64];

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct config cfg;
	char err[1024];
	FILE *fp;

	if (path[0] == '\0') {
		int fd;
		pluginset_add_path(&plugins, getenv("TABLERO_FUZZ_PLUGINS"));
		pluginset_scan(&plugins, NULL);
		snprintf(path, sizeof path, "/tmp/tablero-fuzz-ini.XXXXXX");
		fd = mkstemp(path);
		if (fd < 0)
			abort();
		close(fd);
	}
	fp = fopen(path, "w");
	if (fp == NULL)
		abort();
	fwrite(data, 1, n, fp);
	fclose(fp);
	memset(&cfg, 0, sizeof cfg);
	if (config_read_file(&cfg, path, 1, err, sizeof err) == 0)
		(void)config_validate(&cfg, &plugins, err, sizeof err);
	config_free(&cfg);
	return 0;
}
