/*
 * test_jsonl.c - the JSON lines of match, survey and check, and their
 * reading back by merge (run/jsonl.c): strings and numbers written so
 * that they read back the same, every malformed line refused with where,
 * and each getter's answer for a member that is absent, of another type
 * or out of range.  A \u escape cut short at the end of a string was read
 * past the string (and past the line).
 */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/util.h"
#include "run/jsonl.h"

static void
test_write(void **state)
{
	struct sbuf b = { 0 };
	char *v[] = { "a\"b", "c\\d" };

	(void)state;
	json_string(&b, "q\"b\\n\nt\t\x01\x1f \xc3\xa9 \xff \xe0\x80\x80 "
	    "\xed\xa0\x80 \xf0\x9f\x98\x80 \xf4\x90\x80\x80");
	assert_string_equal(sbuf_str(&b), "\"q\\\"b\\\\n\\nt\\t\\u0001\\u001f "
	    "\xc3\xa9 \xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd "
	    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd \xf0\x9f\x98\x80 "
	    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");
	sbuf_reset(&b);
	json_number(&b, 3);
	sbuf_puts(&b, " ");
	json_number(&b, -0.1);
	sbuf_puts(&b, " ");
	json_number(&b, 1e300);
	sbuf_puts(&b, " ");
	json_number(&b, NAN);
	sbuf_puts(&b, " ");
	json_number(&b, -INFINITY);
	assert_string_equal(sbuf_str(&b),
	    "3 -0.10000000000000001 1.0000000000000001e+300 null null");
	sbuf_reset(&b);
	json_member_strings(&b, "seats", v, 2);
	assert_string_equal(sbuf_str(&b), ",\"seats\":[\"a\\\"b\",\"c\\\\d\"]");
	sbuf_free(&b);
}

static void
test_refused(void **state)
{
	static const struct {
		const char *line, *err;
	} cases[] = {
		{ "  [1]", "not a JSON object (column 3)" },
		{ "{} x", "malformed JSON at column 4" },
		{ "{\"a\" 1}", "malformed JSON at column 6" },
		{ "{\"a\":}", "malformed JSON at column 6" },
		{ "{\"a\":1 \"b\":2}", "malformed JSON at column 8" },
		{ "{\"a\":1} x", "malformed JSON at column 7" },
		{ "{a:1}", "malformed JSON at column 2" },
		{ "{\"a\":\"open}", "malformed JSON at column 6" },
		{ "{\"a\":[1,2}", "malformed JSON at column 6" },
		{ "{\"a\":[1 2]}", "malformed JSON at column 6" },
		{ "{\"a\":[{\"b\" 1}]}", "malformed JSON at column 6" },
		{ "{\"a\":{\"b\":}}", "malformed JSON at column 6" },
		/* Nine objects in one: more than a line of tablero's has. */
		{ "{\"a\":{\"b\":{\"c\":{\"d\":{\"e\":{\"f\":{\"g\":{\"h\":"
		    "{\"i\":{}}}}}}}}}}", "malformed JSON at column 6" },
		{ "{\"a\":tru}", "malformed JSON at column 6" },
	};
	struct jobject o;
	char err[128], line[1024];
	size_t i;
	int k;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		strcpy(err, "unset");
		assert_int_equal(json_parse(cases[i].line, &o, err, sizeof err), -1);
		assert_string_equal(err, cases[i].err);
	}
	/* 65 members: more than a line of tablero's ever has. */
	strcpy(line, "{");
	for (k = 0; k <= JSON_MAXFIELDS; k++)
		sprintf(line + strlen(line), "%s\"m%d\":%d", k ? "," : "", k, k);
	strcat(line, "}");
	assert_int_equal(json_parse(line, &o, err, sizeof err), -1);
	assert_string_equal(err, "more than 64 members");
	assert_int_equal(json_parse(" { } ", &o, err, sizeof err), 0);
	assert_int_equal(o.n, 0);
}

/* A match header with engines: an object of objects (merge once refused
 * it at the column of its "engines"). */
static void
test_nested(void **state)
{
	const char *line = "{\"type\":\"match\",\"engines\":{\"me\":"
	    "{\"command\":\"a \\\"}\\\" b\",\"log\":\"./me.log\"},\"x\":{}},"
	    "\"deep\":{\"a\":{\"b\":{\"c\":{\"d\":{\"e\":{\"f\":{\"g\":[1,"
	    "2]}}}}}}},\"games\":4}";
	struct jobject o;
	char err[128], *s;
	long l;

	(void)state;
	assert_int_equal(json_parse(line, &o, err, sizeof err), 0);
	assert_int_equal(o.n, 4);
	assert_null(json_get_str(&o, "engines"));
	assert_int_equal(json_get_long(&o, "games", 1, 10, &l), 0);
	assert_int_equal(l, 4);
	s = json_get_str(&o, "type");
	assert_string_equal(s, "match");
	free(s);
}

static void
test_read(void **state)
{
	const char *line = "{\"n\":2.5,\"w\":7,\"big\":18446744073709551615,"
	    "\"neg\":-3,\"nul\":null,\"t\":true,\"f\":false,"
	    "\"s\":\"a\\\"b\\\\c\\n\\t\\r\\u0041\\u00e9\\u12\",\"cut\":\"x\\u\","
	    "\"nums\":[1, null ,2e1],\"strs\":[\"p\",\"q\\u0042\"],"
	    "\"mixed\":[\"p\",3],\"empty\":[],\"bad\":[1,\"x\"]}";
	struct jobject o;
	char err[128], *s, *strs[4];
	double x, nums[4];
	long l;
	uint64_t u;

	(void)state;
	assert_int_equal(json_parse(line, &o, err, sizeof err), 0);
	assert_int_equal(o.n, 14);
	assert_int_equal(json_get_num(&o, "n", &x), 0);
	assert_true(x == 2.5);
	assert_int_equal(json_get_num(&o, "nul", &x), 0);
	assert_true(isnan(x));
	assert_int_equal(json_get_num(&o, "s", &x), -1);
	assert_int_equal(json_get_num(&o, "absent", &x), -1);
	assert_int_equal(json_get_long(&o, "w", 0, 10, &l), 0);
	assert_int_equal(l, 7);
	assert_int_equal(json_get_long(&o, "w", 0, 6, &l), -1);
	assert_int_equal(json_get_long(&o, "neg", 0, 10, &l), -1);
	assert_int_equal(json_get_long(&o, "n", 0, 10, &l), -1);
	assert_int_equal(json_get_u64(&o, "big", &u), 0);
	assert_true(u == UINT64_MAX);
	assert_int_equal(json_get_u64(&o, "neg", &u), -1);
	assert_int_equal(json_get_u64(&o, "absent", &u), -1);
	assert_int_equal(json_get_bool(&o, "t"), 1);
	assert_int_equal(json_get_bool(&o, "f"), 0);
	assert_int_equal(json_get_bool(&o, "w"), -1);
	assert_int_equal(json_get_bool(&o, "absent"), -1);
	s = json_get_str(&o, "s");	/* é and a short \u12 are dropped */
	assert_string_equal(s, "a\"b\\c\n\t\rA");
	free(s);
	s = json_get_str(&o, "cut");
	assert_string_equal(s, "x");
	free(s);
	assert_null(json_get_str(&o, "w"));
	assert_int_equal(json_get_nums(&o, "nums", nums, 4), 3);
	assert_true(nums[0] == 1 && isnan(nums[1]) && nums[2] == 20);
	assert_int_equal(json_get_nums(&o, "nums", nums, 2), -1);
	assert_int_equal(json_get_nums(&o, "bad", nums, 4), -1);
	assert_int_equal(json_get_nums(&o, "w", nums, 4), -1);
	assert_int_equal(json_get_nums(&o, "empty", nums, 4), 0);
	assert_int_equal(json_get_strs(&o, "strs", strs, 4), 2);
	assert_string_equal(strs[0], "p");
	assert_string_equal(strs[1], "qB");
	free(strs[0]);
	free(strs[1]);
	/* A failure part way frees what was read and leaves NULLs. */
	assert_int_equal(json_get_strs(&o, "mixed", strs, 4), -1);
	assert_null(strs[0]);
	assert_int_equal(json_get_strs(&o, "absent", strs, 4), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_write),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_read),
		cmocka_unit_test(test_nested),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
