/*
 * slurp.h - the whole of a file as a string, for the unit tests that link
 * host/libhost (sbuf, xstrdup from util.h).  Include it after <cmocka.h>
 * and "util.h".
 */
#ifndef TABLERO_TESTS_SLURP_H
#define TABLERO_TESTS_SLURP_H

/* The text of file path ("" if empty); fails the test if it cannot be
 * opened.  The caller frees it. */
static char *
slurp(const char *path)
{
	struct sbuf b = { 0 };
	char buf[512];
	size_t n;
	FILE *fp = fopen(path, "r");

	if (fp == NULL)
		fail_msg("cannot open %s", path);
	while ((n = fread(buf, 1, sizeof buf, fp)) > 0)
		sbuf_add(&b, buf, n);
	fclose(fp);
	return b.s ? b.s : xstrdup("");
}

#endif /* TABLERO_TESTS_SLURP_H */
