/*
 * fuzz_board.c - libFuzzer target: recuay's board files
 * (plugins/recuay/board.c, rc_board_parse()).  Any text must be refused
 * with a message or give a board that check_board() accepted; a board
 * that parses must parse again from the same text to the same board.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	static struct rc_board a, b;
	char err[512], *text;

	if (n > 65535 || memchr(data, '\0', n) != NULL)
		return 0;	/* rc_board_load() refuses these first */
	if ((text = malloc(n + 1)) == NULL)
		return 0;
	memcpy(text, data, n);
	text[n] = '\0';
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	if (rc_board_parse(&a, text, "fuzz", err, sizeof err) == 0) {
		if (rc_board_parse(&b, text, "fuzz", err, sizeof err) != 0 ||
		    memcmp(&a, &b, sizeof a) != 0)
			abort();
	} else if (err[0] == '\0')
		abort();	/* a refusal says why */
	free(text);
	return 0;
}
