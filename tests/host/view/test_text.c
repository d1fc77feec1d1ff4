/*
 * test_text.c - text the host writes for other programs and for people
 * from what it was given: XML/HTML escaping of UTF-8 (view/escape.c) and
 * a plugin's narration of a move (core/game.c), through a game whose
 * narrate hook answers as each case needs.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/util.h"
#include "core/game.h"
#include "view/escape.h"

static char *
escaped(const char *s)
{
	static struct sbuf b;

	sbuf_reset(&b);
	xml_escape(&b, s);
	return b.s ? b.s : "";
}

/* Valid UTF-8 of every length passes; anything else becomes U+FFFD. */
static void
test_xml_escape(void **state)
{
	(void)state;
	assert_string_equal(escaped("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&#39;");
	assert_string_equal(escaped("\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"),
	    "\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");	/* é € 😀 */
	assert_string_equal(escaped("tab\there\nnl"), "tab\there\nnl");
	/* Control bytes, DEL, a lone continuation byte, 0xc0/0xf5 leads. */
	assert_string_equal(escaped("\x1b[\x7f\x80\xc0\xaf\xf5"),
	    "\xef\xbf\xbd[\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
	    "\xef\xbf\xbd");
	/* A sequence cut short, then ASCII. */
	assert_string_equal(escaped("\xe2\x82x"), "\xef\xbf\xbd\xef\xbf\xbdx");
	/* Overlong 3 and 4 byte forms, a surrogate, U+FFFE, past U+10FFFF. */
	assert_string_equal(escaped("\xe0\x80\xaf"),
	    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
	assert_string_equal(escaped("\xf0\x80\x80\xaf"),
	    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
	assert_string_equal(escaped("\xed\xa0\x80"),
	    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
	assert_string_equal(escaped("\xef\xbf\xbe"),
	    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
	assert_string_equal(escaped("\xf4\x90\x80\x80"),
	    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
}

/* What the fake narrate hook does, and its calls. */
static enum { SAY_SHORT, SAY_LONG, SAY_NOTHING, SAY_GROWING, SAY_LINES } how;
static int calls;

static int
fake_narrate(const struct tbl_state *s, tbl_move m, char *buf, size_t len)
{
	char text[600];
	int n;

	(void)s;
	calls++;
	switch (how) {
	case SAY_SHORT:
		return snprintf(buf, len, "move %u sows", (unsigned)m);
	case SAY_LONG:
		memset(text, 'x', 299);
		text[299] = '\0';
		return snprintf(buf, len, "%s!", text);
	case SAY_NOTHING:
		return 0;
	case SAY_GROWING:	/* a longer text at every call */
		n = 300 + calls * 10;
		memset(text, 'y', (size_t)n);
		text[n] = '\0';
		return snprintf(buf, len, "%s", text);
	case SAY_LINES:
		return snprintf(buf, len, "first line\nsecond line");
	}
	return 0;
}

static void
test_narrate(void **state)
{
	struct tbl_game g = { .name = "fake" };
	char *t;

	(void)state;
	t = game_narrate(&g, NULL, 7, "b6");
	assert_string_equal(t, "b6: fake does not tell what its moves do");
	free(t);
	g.narrate = fake_narrate;
	how = SAY_SHORT;
	t = game_narrate(&g, NULL, 7, "b6");
	assert_string_equal(t, "move 7 sows");
	free(t);
	how = SAY_LONG, calls = 0;	/* 300 bytes: asked again with room */
	t = game_narrate(&g, NULL, 7, "b6");
	assert_int_equal(strlen(t), 300);
	assert_int_equal(t[299], '!');
	assert_int_equal(calls, 2);
	free(t);
	how = SAY_NOTHING;
	t = game_narrate(&g, NULL, 7, "b6");
	assert_string_equal(t, "b6");
	free(t);
	how = SAY_GROWING, calls = 0;	/* a length that changed: the move */
	t = game_narrate(&g, NULL, 7, "b6");
	assert_string_equal(t, "b6");
	assert_int_equal(calls, 2);
	free(t);
	how = SAY_LINES;
	t = game_narrate(&g, NULL, 7, "b6");
	assert_string_equal(t, "first line");
	free(t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_xml_escape),
		cmocka_unit_test(test_narrate),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
