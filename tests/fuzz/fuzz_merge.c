/*
 * fuzz_merge.c - libFuzzer target: `tablero merge`, its shard reader
 * (host/run/shards.c) and the reports of a match, survey or check made
 * from what it read.  The input is split at each "\n--\n" into up to
 * three files, given to merge in order (with --json when the first byte
 * is odd); any input must give a report or a one-line refusal, with no
 * crash, leak, undefined behaviour or huge allocation.  Run it with
 * -close_fd_mask=3 to keep the reports off the terminal.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/merge.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

/* The first needle[0..n) in h[0..len), or NULL (memmem, portably). */
static const void *
find(const void *h, size_t len, const char *needle, size_t n)
{
	const char *p = h;
	size_t i;

	for (i = 0; i + n <= len; i++)
		if (memcmp(p + i, needle, n) == 0)
			return p + i;
	return NULL;
}


static char dir[64];

/* Write data[0..n) to file i of the sandbox; its name in name. */
static void
put(int i, const uint8_t *data, size_t n, char *name, size_t len)
{
	FILE *fp;

	snprintf(name, len, "%s/shard%d", dir, i);
	if ((fp = fopen(name, "wb")) == NULL)
		abort();
	if (n > 0 && fwrite(data, 1, n, fp) != n)
		abort();
	fclose(fp);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	char names[3][96], *argv[6];
	const uint8_t *p = data, *end = data + n, *cut;
	int argc = 0, k;

	if (dir[0] == '\0') {
		snprintf(dir, sizeof dir, "/tmp/tablero-fuzz-merge.XXXXXX");
		if (mkdtemp(dir) == NULL)
			abort();
	}
	argv[argc++] = "merge";
	if (n > 0 && (data[0] & 1))
		argv[argc++] = "--json";
	for (k = 0; k < 3 && p <= end; k++) {
		cut = find(p, (size_t)(end - p), "\n--\n", 4);
		put(k, p, (size_t)((cut ? cut : end) - p), names[k],
		    sizeof names[k]);
		argv[argc++] = names[k];
		if (cut == NULL)
			break;
		p = cut + 4;
	}
	argv[argc] = NULL;
	(void)merge_main(NULL, argc, argv);
	for (k = 0; k < 3; k++) {
		snprintf(names[k], sizeof names[k], "%s/shard%d", dir, k);
		unlink(names[k]);
	}
	return 0;
}
