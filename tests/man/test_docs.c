/*
 * test_docs.c - the documentation names what the code has: every REPL
 * command of the table (with its usage and alias) in tablero(1), every
 * subcommand and its --flags in the SYNOPSIS of its page tablero-NAME(1),
 * and every host key in tablero.conf(5) and in conf/tablero.conf.
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "repl/commands.h"
#include "core/settings.h"
#include "cmd/dispatch.h"
#include "base/util.h"
#include "slurp.h"

/* The whole of file TEST_SRCDIR/../rel; caller frees. */
static char *
src_slurp(const char *rel)
{
	char *path = xasprintf("%s/../%s", TEST_SRCDIR, rel);
	char *text = slurp(path);

	free(path);
	return text;
}

/* The line of text that starts with `start`, as a new string, or NULL. */
static char *
line_starting(const char *text, const char *start)
{
	const char *p = text;
	size_t n = strlen(start);

	while (p && *p) {
		if (strncmp(p, start, n) == 0 && (p[n] == ' ' || p[n] == '\n')) {
			const char *e = strchr(p, '\n');
			return xstrndup(p, e ? (size_t)(e - p) : strlen(p));
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return NULL;
}

/*
 * An mdoc line as the reader sees it, lower case and without blanks:
 * ".It Ic new Oo Ar game Oc Op Ar key Ns = Ns Ar value ..." is
 * "new[game][key=value...]".  Enough mdoc for command synopses.
 */
static char *
render(const char *line)
{
	static const char *const skip[] = { ".It", "Ic", "Ar", "Ns", "Cm", "Pa",
	    "Li", "Fl", NULL };
	char *copy = xstrdup(line), *words[64];
	struct sbuf b = { 0 };
	int n = split_words(copy, words, 64), i, k, open = 0;

	for (i = 0; i < n; i++) {
		for (k = 0; skip[k] && strcmp(words[i], skip[k]) != 0; k++)
			;
		if (skip[k]) {
			if (strcmp(words[i], "Fl") == 0)
				sbuf_puts(&b, "-");
			continue;
		}
		if (strcmp(words[i], "Op") == 0) {
			sbuf_puts(&b, "[");
			open++;
		} else if (strcmp(words[i], "Oo") == 0)
			sbuf_puts(&b, "[");
		else if (strcmp(words[i], "Oc") == 0)
			sbuf_puts(&b, "]");
		else
			sbuf_puts(&b, words[i]);
	}
	while (open-- > 0)
		sbuf_puts(&b, "]");
	free(copy);
	return b.s ? b.s : xstrdup("");
}

/* s lower case and without blanks. */
static char *
squeeze(const char *s)
{
	char *r = xstrdup(s), *w = r;

	for (; *s; s++)
		if (!isspace((unsigned char)*s))
			*w++ = (char)tolower((unsigned char)*s);
	*w = '\0';
	return r;
}

static void
test_commands_in_tablero_1(void **state)
{
	char *man = src_slurp("man/tablero.1");
	const struct command *c;

	(void)state;
	for (c = commands; c->name; c++) {
		char *key = xasprintf(".It Ic %s", c->name);
		char *line = line_starting(man, key), *got, *want;

		if (line == NULL)
			fail_msg("tablero(1) does not document the command '%s' "
			    "(no '%s' line)", c->name, key);
		got = render(line);
		want = squeeze(c->usage);
		if (strcmp(got, want) != 0)
			fail_msg("tablero(1) gives '%s' the usage '%s'; the "
			    "command table says '%s'", c->name, got, want);
		/* `help NAME` shows an example that runs the command. */
		if (c->example == NULL || strncmp(c->example, c->name,
		    strlen(c->name)) != 0 || (c->example[strlen(c->name)] != ' ' &&
		    c->example[strlen(c->name)] != '\0'))
			fail_msg("the command '%s' has no example of itself",
			    c->name);
		if (c->alias) {
			char *alias = xasprintf("alias: Ic %s", c->alias);
			if (strstr(man, alias) == NULL)
				fail_msg("tablero(1) does not name '%s' as an alias "
				    "of '%s'", c->alias, c->name);
			free(alias);
		}
		free(got);
		free(want);
		free(line);
		free(key);
	}
	free(man);
}

/* The SYNOPSIS of man/REL, cut at the next section; caller frees. */
static char *
synopsis_of(const char *rel)
{
	char *man = src_slurp(rel), *syn, *end;

	syn = strstr(man, ".Sh SYNOPSIS");
	if (syn == NULL)
		fail_msg("%s has no SYNOPSIS", rel);
	end = strstr(syn + 1, "\n.Sh ");
	if (end != NULL)
		*end = '\0';
	syn = xstrdup(syn);
	free(man);
	return syn;
}

/* Each subcommand's SYNOPSIS, in its own page (tablero-NAME(1)), names
 * it and each --flag of its usage. */
static void
test_subcommands_in_synopsis(void **state)
{
	const struct subcmd_entry *const *scp, *sc;

	(void)state;
	for (scp = subcmd_table; (sc = *scp) != NULL; scp++) {
		char *key = xasprintf("\n.Cm %s\n", sc->name), *block, *stop;
		char *key2 = xasprintf("\n.Ic tablero %s\n", sc->name);
		char *flags = xasprintf("%s %s", sc->usage, sc->flags), *p;
		char name[64], sect[8], *rel, *syn;

		assert_non_null(sc->page);
		assert_int_equal(sscanf(sc->page, "%63[^(](%7[^)])", name, sect), 2);
		rel = xasprintf("man/%s.%s", name, sect);
		syn = synopsis_of(rel);
		if ((block = strstr(syn, key)) == NULL &&
		    (block = strstr(syn, key2)) == NULL)
			fail_msg("the SYNOPSIS of %s lacks '%s'", rel, sc->name);
		block = xstrdup(block + 1);
		stop = strstr(block, "\n.Nm");
		if (stop)
			*stop = '\0';
		for (p = strstr(flags, "--"); p; p = strstr(p + 2, "--")) {
			size_t n = strcspn(p, " ]");
			char *fl = xasprintf("Fl -%.*s", (int)n - 2, p + 2);
			if (strstr(block, fl) == NULL)
				fail_msg("the SYNOPSIS of %s lacks %.*s of '%s'",
				    rel, (int)n, p, sc->name);
			free(fl);
		}
		free(block);
		free(syn);
		free(rel);
		free(flags);
		free(key2);
		free(key);
	}
}

static void
test_host_keys_documented(void **state)
{
	char *man = src_slurp("man/tablero.conf.5"), *conf = src_slurp("conf/tablero.conf");
	int i;

	(void)state;
	for (i = 0; i < host_noptions; i++) {
		const char *k = host_options[i].key;
		char *it = xasprintf(".It Cm %s", k), *line = line_starting(man, it);
		char *set = xasprintf("%s =", k), *plain = line_starting(conf, set);
		char *hash = xasprintf("# %s =", k), *commented = line_starting(conf, hash);

		if (line == NULL)
			fail_msg("tablero.conf(5) does not document the key '%s'", k);
		if (plain == NULL && commented == NULL)
			fail_msg("conf/tablero.conf does not show the key '%s'", k);
		free(it);
		free(line);
		free(set);
		free(plain);
		free(hash);
		free(commented);
	}
	free(man);
	free(conf);
}

/* Every page's footer names the package and its version (not the OS). */
static void
test_footers(void **state)
{
	char *dir = xasprintf("%s/../man", TEST_SRCDIR), *want;
	DIR *d = opendir(dir);
	struct dirent *de;
	int pages = 0;

	(void)state;
	assert_non_null(d);
	want = xasprintf(".Os %s %s", "Tablero", PACKAGE_VERSION);
	while ((de = readdir(d)) != NULL) {
		char *rel, *text, *os;
		if (de->d_name[0] == '.' || strncmp(de->d_name, "tablero", 7) != 0)
			continue;
		rel = xasprintf("man/%s", de->d_name);
		text = src_slurp(rel);
		os = line_starting(text, ".Os");
		if (os == NULL || strcmp(os, want) != 0)
			fail_msg("%s: '%s', not '%s'", rel, os ? os : "no .Os",
			    want);
		pages++;
		free(os);
		free(text);
		free(rel);
	}
	closedir(d);
	assert_true(pages >= 4);
	free(want);
	free(dir);
}

/* The renderer itself: a drift it must catch. */
static void
test_render_catches_drift(void **state)
{
	char *r;

	(void)state;
	r = render(".It Ic hint Op Ar player");
	assert_string_equal(r, "hint[player]");
	assert_string_not_equal(r, "hint[mcts:n]");
	free(r);
	r = render(".It Ic new Oo Ar game Oc Op Ar key Ns = Ns Ar value ...");
	assert_string_equal(r, "new[game][key=value...]");
	free(r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_render_catches_drift),
		cmocka_unit_test(test_commands_in_tablero_1),
		cmocka_unit_test(test_subcommands_in_synopsis),
		cmocka_unit_test(test_host_keys_documented),
		cmocka_unit_test(test_footers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
