/*
 * test_toolkit.c - the SDK's header-only text toolkit: words and blanks,
 * numbers, key=value fields, square names, option values and bit helpers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <limits.h>

#include "tablero.h"

static void
test_words_treat_every_blank_alike(void **unused)
{
	const char *p = " \tab\t c\r\n  d ";
	struct tbl_word w;

	(void)unused;
	assert_true(tbl_next_word(&p, &w));
	assert_true(tbl_word_is(w, "ab"));
	assert_false(tbl_word_is(w, "a"));
	assert_false(tbl_word_is(w, "abc"));
	assert_true(tbl_next_word(&p, &w));
	assert_true(tbl_word_is(w, "c"));
	assert_true(tbl_next_word(&p, &w));
	assert_true(tbl_word_is(w, "d"));
	assert_false(tbl_next_word(&p, &w));
	assert_int_equal(w.len, 0);
	assert_int_equal(*p, '\0');
	assert_int_equal(tbl_word_len("x\ty"), 1);
	assert_int_equal(tbl_word_len(""), 0);
	assert_string_equal(tbl_skip_blanks("\t \nz"), "z");
}

static void
test_read_uint_bounds(void **unused)
{
	unsigned long v = 99;

	(void)unused;
	assert_int_equal(tbl_read_uint("123x", 1000, &v), 3);
	assert_int_equal(v, 123);
	assert_int_equal(tbl_read_uint("1000", 1000, &v), 4);
	assert_int_equal(v, 1000);
	v = 7;
	assert_int_equal(tbl_read_uint("1001", 1000, &v), -1);
	assert_int_equal(v, 7);
	assert_int_equal(tbl_read_uint("x1", 1000, &v), 0);
	assert_int_equal(tbl_read_uint("-1", 1000, &v), 0);
	assert_int_equal(tbl_read_uint(" 1", 1000, &v), 0);
	assert_int_equal(tbl_read_uint("0", 0, &v), 1);
	assert_int_equal(v, 0);
	assert_int_equal(tbl_read_uint("5", 4, &v), -1);
	assert_int_equal(tbl_read_uint("18446744073709551615", ULONG_MAX, &v),
	    ULONG_MAX == 18446744073709551615UL ? 20 : -1);
	assert_int_equal(tbl_read_uint("18446744073709551616", ULONG_MAX, &v),
	    -1);
	assert_int_equal(tbl_read_uint("99999999999999999999999", ULONG_MAX,
	    &v), -1);
}

static void
test_word_uint(void **unused)
{
	struct tbl_word w = { "42 tail", 2 };
	unsigned long v = 0;

	(void)unused;
	assert_int_equal(tbl_word_uint(w, 100, &v), 0);
	assert_int_equal(v, 42);
	assert_int_equal(tbl_word_uint(w, 41, &v), -2);
	w.len = 3;
	assert_int_equal(tbl_word_uint(w, 100, &v), -1);
	w.len = 0;
	assert_int_equal(tbl_word_uint(w, 100, &v), -1);
}

static void
test_fields_report_twice_and_unknown(void **unused)
{
	static const char *const keys[] = { "hand", "at", "over", NULL };
	const char *p = "hand=3 at=b4 junk hand=4 colour=red";
	struct tbl_word w;
	struct tbl_field f;
	uint32_t seen = 0;
	char err[TBL_ERRLEN];

	(void)unused;
	assert_true(tbl_next_word(&p, &w));
	assert_int_equal(tbl_field_split(w, &f), 1);
	assert_true(tbl_word_is(f.key, "hand"));
	assert_true(tbl_word_is(f.val, "3"));
	assert_int_equal(tbl_field_lookup(&f, keys, &seen, err, sizeof err),
	    0);
	assert_true(tbl_next_word(&p, &w));
	tbl_field_split(w, &f);
	assert_int_equal(tbl_field_lookup(&f, keys, &seen, err, sizeof err),
	    1);
	assert_true(tbl_word_is(f.val, "b4"));
	assert_true(tbl_next_word(&p, &w));
	assert_int_equal(tbl_field_split(w, &f), 0);
	assert_true(tbl_word_is(f.val, "junk"));
	assert_int_equal(f.key.len, 0);
	assert_true(tbl_next_word(&p, &w));
	tbl_field_split(w, &f);
	assert_int_equal(tbl_field_lookup(&f, keys, &seen, err, sizeof err),
	    -1);
	assert_string_equal(err, "hand= given twice");
	assert_true(tbl_next_word(&p, &w));
	tbl_field_split(w, &f);
	assert_int_equal(tbl_field_lookup(&f, keys, &seen, err, sizeof err),
	    -1);
	assert_string_equal(err, "unknown field 'colour=' (expected hand=, "
	    "at= or over=)");
	assert_int_equal(seen, 3);
	/* an empty value and a NULL error buffer */
	w.p = "over=";
	w.len = 5;
	tbl_field_split(w, &f);
	assert_int_equal(f.val.len, 0);
	assert_int_equal(tbl_field_lookup(&f, keys, &seen, NULL, 0), 2);
}

static void
test_squares_read_and_write(void **unused)
{
	int file = -1, rank = -1;
	char buf[8];
	volatile size_t short_len = 2;

	(void)unused;
	assert_int_equal(tbl_read_square("c3", 8, 8, &file, &rank), 2);
	assert_int_equal(file, 2);
	assert_int_equal(rank, 2);
	assert_int_equal(tbl_read_square("a12xb3", 4, 12, &file, &rank), 3);
	assert_int_equal(file, 0);
	assert_int_equal(rank, 11);
	assert_int_equal(tbl_read_square("a13", 4, 12, &file, &rank), -1);
	assert_int_equal(tbl_read_square("e1", 4, 12, &file, &rank), -1);
	assert_int_equal(tbl_read_square("a0", 4, 12, &file, &rank), -1);
	assert_int_equal(tbl_read_square("a01", 4, 12, &file, &rank), -1);
	assert_int_equal(tbl_read_square("a", 4, 12, &file, &rank), 0);
	assert_int_equal(tbl_read_square("A1", 4, 12, &file, &rank), 0);
	assert_int_equal(tbl_read_square("1a", 4, 12, &file, &rank), 0);
	assert_int_equal(tbl_read_square("", 4, 12, &file, &rank), 0);
	assert_int_equal(tbl_read_square("a99999999999999999999", 4, 12,
	    &file, &rank), -1);
	assert_int_equal(file, 0);
	assert_int_equal(rank, 11);
	assert_int_equal(tbl_write_square(buf, sizeof buf, 3, 9), 3);
	assert_string_equal(buf, "d10");
	/* truncated as snprintf truncates (a volatile length keeps the
	 * compiler from refusing the deliberate truncation) */
	assert_int_equal(tbl_write_square(buf, short_len, 0, 0), 2);
	assert_string_equal(buf, "a");
}

static void
test_option_value_or_default(void **unused)
{
	struct tbl_optval o[2] = { { 5, NULL, 1 }, { 0, NULL, 0 } };
	struct tbl_optval s[2] = { { 0, "file.txt", 1 }, { 0, NULL, 0 } };

	(void)unused;
	assert_int_equal(tbl_opt_or(o, 0, 9), 5);
	assert_int_equal(tbl_opt_or(o, 1, 9), 9);
	assert_string_equal(tbl_opt_str_or(s, 0, "d"), "file.txt");
	assert_string_equal(tbl_opt_str_or(s, 1, "d"), "d");
}

static void
test_bits(void **unused)
{
	(void)unused;
	assert_int_equal(tbl_popcount64(0), 0);
	assert_int_equal(tbl_popcount64(0xF0F0), 8);
	assert_int_equal(tbl_popcount64(UINT64_MAX), 64);
	assert_int_equal(tbl_lowbit64(1), 0);
	assert_int_equal(tbl_lowbit64(0x50), 4);
	assert_int_equal(tbl_lowbit64((uint64_t)1 << 63), 63);
}

/* A state with a narration sink, as a plugin keeps one. */
struct tbl_state {
	struct tbl_tell *tell;
	int men;
};

/* TBL_TELL writes only while the sink is set, each phrase after "; ". */
/*
 * Is pdep fast: Intel with BMI2; AMD from family 19h (Zen 3, Zen 4) on,
 * Zen 5's 1Ah too; not AMD's 17h (Zen, Zen 2), Hygon's 18h, nor any
 * processor without BMI2.  On this machine, what its vendor and BMI2
 * say where that is known.
 */
static void
test_pdep_fast(void **unused)
{
	(void)unused;
	assert_int_equal(tbl_pdep_fast_on(TBL_CPU_INTEL, 6, 1), 1);
	assert_int_equal(tbl_pdep_fast_on(TBL_CPU_INTEL, 6, 0), 0);
	assert_int_equal(tbl_pdep_fast_on(TBL_CPU_AMD, 0x15, 1), 0);
	assert_int_equal(tbl_pdep_fast_on(TBL_CPU_AMD, 0x17, 1), 0);
	assert_int_equal(tbl_pdep_fast_on(TBL_CPU_AMD, 0x19, 1), 1);
	assert_int_equal(tbl_pdep_fast_on(TBL_CPU_AMD, 0x1A, 1), 1);
	assert_int_equal(tbl_pdep_fast_on(TBL_CPU_AMD, 0x19, 0), 0);
	assert_int_equal(tbl_pdep_fast_on(TBL_CPU_OTHER, 0x18, 1), 0);
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
	__builtin_cpu_init();
	if (!__builtin_cpu_supports("bmi2") || !__builtin_cpu_supports("popcnt"))
		assert_int_equal(tbl_pdep_fast(), 0);
	else if (__builtin_cpu_is("intel"))
		assert_int_equal(tbl_pdep_fast(), 1);
	else if (__builtin_cpu_is("amdfam17h"))
		assert_int_equal(tbl_pdep_fast(), 0);
	else if (__builtin_cpu_is("amdfam19h"))
		assert_int_equal(tbl_pdep_fast(), 1);
#else
	assert_int_equal(tbl_pdep_fast(), 0);
#endif
}

static void
test_tell(void **unused)
{
	struct tbl_tell tell = { "", 0 };
	struct tbl_state s = { NULL, 3 };
	char long_name[600];

	(void)unused;
	TBL_TELL(&s, "nobody listens to %d", s.men);
	assert_null(tbl_told(&tell));
	s.tell = &tell;
	TBL_TELL(&s, "%d men move", s.men);
	TBL_TELL(&s, "it captures");
	assert_string_equal(tbl_told(&tell), "3 men move; it captures");
	assert_int_equal(tell.n, strlen("; 3 men move; it captures"));
	/* Cut to the buffer; the count goes on as tbl_bprintf's. */
	memset(long_name, 'x', sizeof long_name - 1);
	long_name[sizeof long_name - 1] = '\0';
	TBL_TELL(&s, "%s", long_name);
	assert_int_equal(strlen(tell.buf), sizeof tell.buf - 1);
	assert_int_equal(tell.n, strlen("; 3 men move; it captures; ") + 599);
	s.tell = NULL;
	TBL_TELL(&s, "after");
	assert_int_equal(tell.n, strlen("; 3 men move; it captures; ") + 599);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_words_treat_every_blank_alike),
		cmocka_unit_test(test_read_uint_bounds),
		cmocka_unit_test(test_word_uint),
		cmocka_unit_test(test_fields_report_twice_and_unknown),
		cmocka_unit_test(test_squares_read_and_write),
		cmocka_unit_test(test_option_value_or_default),
		cmocka_unit_test(test_bits),
		cmocka_unit_test(test_pdep_fast),
		cmocka_unit_test(test_tell),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
