/*
 * main.c - tablero: command line, configuration, plugins, then the REPL,
 * a script, or a subcommand.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "interrupt.h"
#include "paths.h"
#include "repl.h"
#include "session.h"
#include "subcmd.h"
#include "util.h"

static void
usage(FILE *fp)
{
	const struct subcommand *sc;

	fputs("Usage: tablero [OPTION]... [SCRIPT]\n", fp);
	for (sc = subcommands; sc->name; sc++) {
		char *s = subcommand_synopsis(sc, 7);
		fprintf(fp, "       %s\n", s);
		free(s);
	}
	fputs(
"Play board games loaded as plugins: an interactive REPL on a terminal,\n"
"or the commands of SCRIPT, -f FILE, -c CMDS or standard input.\n"
"\n"
"  -c, --command=CMDS     run CMDS (separated by ';' or newlines), then exit;\n"
"                         several -c and -f run in the order given\n"
"  -f, --file=FILE        run the commands in FILE ('-' for standard input)\n"
"  -g, --game='GAME [key=value ...]'  start with GAME (and these options)\n"
"                         instead of the configured default\n"
"  -o, --option=KEY=VALUE set an option of the starting game (repeatable)\n"
"  -s, --seed=N           seed the chance generator and the AI players with N\n"
"                         (bench, check and match: the default --seed)\n"
"  -C, --config=FILE      read FILE after the system and user configuration\n"
"  -n, --no-config        read neither the system nor the user configuration\n"
"  -P, --plugin-path=DIR  search DIR for game plugins first (repeatable)\n"
"  -k, --keep-going       in a script, go on after a failing command\n"
"  -e, --echo             print each script command before its output\n"
"      --framed           answer each command '= ...' or '? ...' and a blank\n"
"                         line (for programs driving tablero)\n"
"  -i, --interactive      use the REPL even when not on a terminal; with -c\n"
"                         or -f, stay in it after their commands\n"
"  -b, --batch            read commands plainly even on a terminal\n"
"      --recover          restore the game an interrupted session autosaved\n"
"      --allow-unsafe-plugins  load plugins that others than you and root\n"
"                         could have written (see SECURITY in tablero(1))\n"
"  -h, --help             display this help and exit\n"
"  -V, --version          output version information and exit\n"
"\n"
"Inside, 'help' lists the commands.  Exit status: 0 if every command\n"
"succeeded, 1 if a command failed, 2 for a usage or configuration error.\n"
"Environment: TABLERO_PLUGIN_PATH, XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_STATE_HOME.\n"
"See tablero(1), tablero.conf(5) and tablero-sdk(3).\n"
"Report bugs to: " PACKAGE_BUGREPORT "\n", fp);
}

/* The scripts of the command line, -c and -f, in the order given. */
struct source {
	char kind;		/* 'c' commands, 'f' a file ("-": stdin) */
	char *text;		/* owned */
};

static void
add_source(struct source **v, int *n, char kind, const char *text)
{
	/* Adjacent -c options are one script, numbered line after line. */
	if (kind == 'c' && *n > 0 && (*v)[*n - 1].kind == 'c') {
		char *joined = xasprintf("%s\n%s", (*v)[*n - 1].text, text);
		free((*v)[*n - 1].text);
		(*v)[*n - 1].text = joined;
		return;
	}
	*v = xrealloc(*v, (size_t)(*n + 1) * sizeof **v);
	(*v)[*n].kind = kind;
	(*v)[*n].text = xstrdup(text);
	(*n)++;
}

/*
 * Run the sources one after the other until one fails (unless told to
 * go on), `quit` or Ctrl-C.  Returns the first failure's status.
 */
static int
run_sources(struct app *a, const struct source *v, int n,
    const struct runopts *ro)
{
	int i, rc = 0, r;

	for (i = 0; i < n && !a->quit; i++) {
		if (v[i].kind == 'c')
			r = repl_run_string(a, v[i].text, "-c", ro);
		else if (strcmp(v[i].text, "-") == 0)
			r = repl_run_stream(a, stdin, "<stdin>", ro);
		else {
			FILE *fp = fopen(v[i].text, "r");
			if (fp == NULL) {
				fprintf(stderr, "tablero: %s: cannot open: %s\n",
				    v[i].text, strerror(errno));
				return 2;
			}
			r = repl_run_stream(a, fp, v[i].text, ro);
			fclose(fp);
		}
		if (r != 0 && rc == 0)
			rc = r;
		if (r == 130 || (r != 0 && !ro->keep_going && !ro->framed))
			break;
	}
	return rc;
}

/*
 * The starting game: -g's game (or the configured one) with -g's and
 * -o's options.  A failure here is a configuration error, reported even
 * when a script follows.
 */
static int
start_game(struct app *a, const char *gamearg, char **opts, int nopts,
    char *err, size_t errlen)
{
	char *copy = xstrdup(gamearg ? gamearg : ""), *words[256];
	int n = split_words(copy, words, 256), i, rc;
	struct sbuf out = { 0 };
	const char *name = NULL;

	if (n > 0 && strchr(words[0], '=') == NULL)
		name = words[0];
	for (i = 0; i < nopts && n < 256; i++)
		words[n++] = opts[i];
	rc = app_new_game_with(a, name, words + (name != NULL),
	    n - (name != NULL), &out, err, errlen);
	if (rc != 0 && name == NULL) {
		/* Name the file and line of a misspelt `game = ...`. */
		const struct setting *set = NULL;
		for (i = 0; i < a->cfg.n; i++)
			if (strcmp(a->cfg.v[i].section, "tablero") == 0 &&
			    strcmp(a->cfg.v[i].key, "game") == 0)
				set = &a->cfg.v[i];
		if (set && pluginset_find(&a->plugins, set->value) == NULL) {
			char *e = xstrdup(err);
			snprintf(err, errlen, "%s:%d: %s", set->file, set->line, e);
			free(e);
		}
	}
	fputs(sbuf_str(&out), stdout);
	sbuf_free(&out);
	free(copy);
	return rc;
}

static void
warn_plugin(const char *msg)
{
	fprintf(stderr, "tablero: refusing plugin %s\n", msg);
}

/* --recover: the game the autosave journal holds; 0 or -1 (reported). */
static int
recover_game(struct app *a)
{
	struct sbuf out = { 0 };
	char err[1024];
	int rc = app_run(a, "recover", &out, err, sizeof err);

	fputs(sbuf_str(&out), stdout);
	if (rc != 0)
		fprintf(stderr, "tablero: %s\n", err);
	sbuf_free(&out);
	return rc;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "command", required_argument, NULL, 'c' },
		{ "file", required_argument, NULL, 'f' },
		{ "game", required_argument, NULL, 'g' },
		{ "option", required_argument, NULL, 'o' },
		{ "seed", required_argument, NULL, 's' },
		{ "config", required_argument, NULL, 'C' },
		{ "no-config", no_argument, NULL, 'n' },
		{ "plugin-path", required_argument, NULL, 'P' },
		{ "keep-going", no_argument, NULL, 'k' },
		{ "echo", no_argument, NULL, 'e' },
		{ "framed", no_argument, NULL, 'F' },
		{ "interactive", no_argument, NULL, 'i' },
		{ "batch", no_argument, NULL, 'b' },
		{ "allow-unsafe-plugins", no_argument, NULL, 'U' },
		{ "recover", no_argument, NULL, 'R' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct app a;
	struct runopts ro = { 0, 0, 0, 0 };
	const char *game = NULL, *seedarg = NULL;
	struct source *srcs = NULL;
	char **confs = NULL, **pdirs = NULL, **gopts = NULL, err[1024];
	int nconfs = 0, npdirs = 0, noconf = 0, interactive = -1, c, rc, i;
	const struct subcommand *sub = NULL;
	int nsrcs = 0, ngopts = 0, nfiles = 0;
	int bench = 0, recover = 0;

	memset(&a, 0, sizeof a);
	a.exit_status = -1;
	interrupt_install();
	/* "tablero bench ..." is a subcommand with its own arguments. */
	for (i = 1; i < argc; i++) {
		if ((sub = subcommand_find(argv[i])) != NULL) {
			bench = i;
			break;
		}
		if (argv[i][0] != '-')
			break;
		/* Skip the separate argument of an option that takes one. */
		if ((argv[i][1] && strchr("cfgosCP", argv[i][1]) && argv[i][2] == '\0') ||
		    (strncmp(argv[i], "--", 2) == 0 && strchr(argv[i], '=') == NULL &&
		    (strcmp(argv[i], "--command") == 0 || strcmp(argv[i], "--file") == 0 ||
		    strcmp(argv[i], "--game") == 0 || strcmp(argv[i], "--seed") == 0 ||
		    strcmp(argv[i], "--option") == 0 ||
		    strcmp(argv[i], "--config") == 0 ||
		    strcmp(argv[i], "--plugin-path") == 0)))
			i++;
	}
	while ((c = getopt_long(bench ? bench : argc, argv,
	    "+c:f:g:o:s:C:nP:keibhV", longopts, NULL)) != -1) {
		switch (c) {
		case 'c': add_source(&srcs, &nsrcs, 'c', optarg); break;
		case 'f':
			add_source(&srcs, &nsrcs, 'f', optarg);
			nfiles++;
			break;
		case 'g': game = optarg; break;
		case 'o':
			if (strchr(optarg, '=') == NULL) {
				fprintf(stderr, "tablero: -o wants key=value, not '%s'\n"
				    "Try 'tablero --help' for more information.\n", optarg);
				return 2;
			}
			gopts = xrealloc(gopts, (size_t)(ngopts + 1) * sizeof *gopts);
			gopts[ngopts++] = optarg;
			break;
		case 's': seedarg = optarg; break;
		case 'C':
			confs = xrealloc(confs, (size_t)(nconfs + 1) * sizeof *confs);
			confs[nconfs++] = optarg;
			break;
		case 'n': noconf = 1; break;
		case 'P':
			pdirs = xrealloc(pdirs, (size_t)(npdirs + 1) * sizeof *pdirs);
			pdirs[npdirs++] = optarg;
			break;
		case 'k': ro.keep_going = 1; break;
		case 'e': ro.echo = 1; break;
		case 'F': ro.framed = 1; break;
		case 'i': interactive = 1; break;
		case 'b': interactive = 0; break;
		case 'U': a.plugins.flags |= PLUGIN_UNSAFE_OK; break;
		case 'R': recover = 1; break;
		case 'h': usage(stdout); return 0;
		case 'V':
			printf("tablero %s (SDK ABI %d.%d)\n", PACKAGE_VERSION,
			    TABLERO_ABI_MAJOR, TABLERO_ABI_MINOR);
			return 0;
		default:
			fputs("Try 'tablero --help' for more information.\n", stderr);
			return 2;
		}
	}
	if (!bench && optind < argc) {
		if (nfiles > 0 || optind + 1 < argc) {
			fprintf(stderr, "tablero: unexpected argument '%s'\n"
			    "Try 'tablero --help' for more information.\n",
			    argv[nfiles ? optind : optind + 1]);
			return 2;
		}
		add_source(&srcs, &nsrcs, 'f', argv[optind]);
		nfiles++;
	}

	/* Configuration: system < user < -C files. */
	if (!noconf) {
		const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
		char *sys = xasprintf("%s/tablero/tablero.conf", SYSCONFDIR), *user = NULL;
		if (xdg && *xdg)
			user = xasprintf("%s/tablero/tablero.conf", xdg);
		else if (home && *home)
			user = xasprintf("%s/.config/tablero/tablero.conf", home);
		rc = config_read_file(&a.cfg, sys, 0, err, sizeof err);
		if (rc == 0 && user)
			rc = config_read_file(&a.cfg, user, 0, err, sizeof err);
		free(sys);
		free(user);
		if (rc != 0) {
			fprintf(stderr, "tablero: %s\n", err);
			rc = 2;
			goto out;
		}
	}
	for (i = 0; i < nconfs; i++)
		if (config_read_file(&a.cfg, confs[i], 1, err, sizeof err) != 0) {
			fprintf(stderr, "tablero: %s\n", err);
			rc = 2;
			goto out;
		}

	/* Plugin path: -P, TABLERO_PLUGIN_PATH, config, build tree, pkglibdir. */
	for (i = 0; i < npdirs; i++)
		pluginset_add_path(&a.plugins, pdirs[i]);
	pluginset_add_path(&a.plugins, getenv("TABLERO_PLUGIN_PATH"));
	pluginset_add_path(&a.plugins, config_host(&a.cfg, "plugin_path"));
	paths_init();
	pluginset_add_path(&a.plugins, paths_build_plugins());
	pluginset_add_path(&a.plugins, PKGLIBDIR);
	pluginset_scan(&a.plugins, warn_plugin);
	if (config_validate(&a.cfg, &a.plugins, err, sizeof err) != 0) {
		fprintf(stderr, "tablero: %s\n", err);
		rc = 2;
		goto out;
	}

	if (seedarg) {
		if (parse_u64(seedarg, &a.seed) != 0) {
			fprintf(stderr, "tablero: --seed wants a number, not '%s'\n", seedarg);
			rc = 2;
			goto out;
		}
	} else {
		a.seed = (uint64_t)config_host_int(&a.cfg, "seed");
		if (a.seed == 0)
			a.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	}
	a.chance_manual = strcmp(config_host(&a.cfg, "chance"), "manual") == 0;
	a.seed_given = seedarg != NULL;

	/* The starting game; its failure is a configuration error. */
	if (sub)
		rc = sub->run(&a, argc - bench, argv + bench);
	else if (start_game(&a, game, gopts, ngopts, err, sizeof err) != 0) {
		fprintf(stderr, "tablero: %s\n", err);
		rc = 2;
	} else if (recover && recover_game(&a) != 0) {
		rc = 2;
	} else if (nsrcs > 0) {
		rc = run_sources(&a, srcs, nsrcs, &ro);
		/* -i: stay in the REPL after the scripts. */
		if (interactive == 1 && !a.quit && rc != 130) {
			interrupt_clear();
			repl_interactive(&a, &ro);
		}
	} else {
		if (interactive < 0)
			interactive = isatty(0) && isatty(1);
		if (interactive)
			rc = repl_interactive(&a, &ro);
		else
			rc = repl_run_stream(&a, stdin, "<stdin>", &ro);
	}
	if (!sub && a.quit && a.exit_status >= 0)
		rc = a.exit_status;
out:
	/* One cleanup path, errors included (clean under LeakSanitizer). */
	app_free(&a);
	free(confs);
	free(pdirs);
	for (i = 0; i < nsrcs; i++)
		free(srcs[i].text);
	free(srcs);
	free(gopts);
	return rc;
}
