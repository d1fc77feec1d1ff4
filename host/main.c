/*
 * main.c - tablero: the command line, the configuration and the plugins,
 * then a face: a subcommand (cmd/) or the REPL and its scripts
 * (repl_main(), repl/main.c).  Under MPI, main_mpi.c includes it and
 * calls host_main() with the processes of the run.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/interrupt.h"
#include "base/util.h"
#include "cmd/dispatch.h"
#include "core/host.h"
#include "core/paths.h"
#include "repl/main.h"

static void
usage(FILE *fp)
{
	const struct subcmd_entry *const *sc;

	fputs("Usage: tablero [OPTION]... [SCRIPT]\n", fp);
	for (sc = subcmd_table; *sc; sc++) {
		char *s = subcmd_synopsis(*sc, 7);
		fprintf(fp, "       %s\n", s);
		free(s);
	}
	fputs("       tablero [OPTION]... games [-v]\n"
	    "       tablero [OPTION]... help [COMMAND]\n", fp);
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
"See tablero(1), tablero.conf(5) and tablero-sdk(3); each subcommand has\n"
"its page, tablero-SUBCOMMAND(1), which 'tablero help SUBCOMMAND' shows.\n", fp);
}

static void
warn_plugin(const char *msg)
{
	fprintf(stderr, "tablero: refusing plugin %s\n", msg);
}

/* What the command line asks for. */
struct cmdline {
	const char *seedarg;		/* -s */
	int nfiles;			/* the -f and SCRIPT among repl.srcs */
	char **confs, **pdirs;		/* -C, -P */
	int nconfs, npdirs;
	int noconf;
	const struct subcmd_entry *sub;
	int subarg;		/* argv index of sub's name, or 0 */
	const struct subcmd_entry *help;	/* `tablero help NAME` */
	struct repl_args repl;	/* -g, -o, -c, -f, SCRIPT, -i, -b, ... */
};

static void
push_arg(char ***v, int *n, char *arg)
{
	*v = xrealloc(*v, (size_t)(*n + 1) * sizeof **v);
	(*v)[(*n)++] = arg;
}

/*
 * "tablero bench ..." is a subcommand with its own arguments: the index
 * of a subcommand's name before the first operand, or 0.
 */
static int
find_subcommand(int argc, char **argv, const struct subcmd_entry **sub)
{
	int i;

	for (i = 1; i < argc; i++) {
		if ((*sub = subcmd_find(argv[i])) != NULL)
			return i;
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
	return 0;
}

/*
 * One option c of getopt_long (its argument in optarg) into cl or h.
 * Returns -1 to go on, else the exit status (--help, --version, errors).
 */
static int
take_option(int c, struct cmdline *cl, struct host *h)
{
	switch (c) {
	case 'c': repl_add_source(&cl->repl, 'c', optarg); break;
	case 'f':
		repl_add_source(&cl->repl, 'f', optarg);
		cl->nfiles++;
		break;
	case 'g': cl->repl.game = optarg; break;
	case 'o':
		if (strchr(optarg, '=') == NULL) {
			fprintf(stderr, "tablero: -o wants key=value, not '%s'\n"
			    "Try 'tablero --help' for more information.\n", optarg);
			return 2;
		}
		push_arg(&cl->repl.gopts, &cl->repl.ngopts, optarg);
		break;
	case 's': cl->seedarg = optarg; break;
	case 'C': push_arg(&cl->confs, &cl->nconfs, optarg); break;
	case 'n': cl->noconf = 1; break;
	case 'P': push_arg(&cl->pdirs, &cl->npdirs, optarg); break;
	case 'k': cl->repl.ro.keep_going = 1; break;
	case 'e': cl->repl.ro.echo = 1; break;
	case 'F': cl->repl.ro.framed = 1; break;
	case 'i': cl->repl.interactive = 1; break;
	case 'b': cl->repl.interactive = 0; break;
	case 'U': h->plugins.flags |= PLUGIN_UNSAFE_OK; break;
	case 'R': cl->repl.recover = 1; break;
	case 'h': usage(stdout); return 0;
	case 'V':
		printf("tablero %s (SDK ABI %d.%d)\n", PACKAGE_VERSION,
		    TABLERO_ABI_MAJOR, TABLERO_ABI_MINOR);
		return 0;
	default:
		fputs("Try 'tablero --help' for more information.\n", stderr);
		return 2;
	}
	return -1;
}

/*
 * `tablero mtach`: a word that names no file and is near a subcommand's
 * name (or games, help) is a misspelt command, not a script.  1 after
 * saying so, else 0.
 */
static int
misspelt(const char *word)
{
	const char *names[32], *near;
	const struct subcmd_entry *const *sc;
	int n = 0;

	if (strchr(word, '/') != NULL || access(word, F_OK) == 0)
		return 0;
	for (sc = subcmd_table; *sc && n < 29; sc++)
		names[n++] = (*sc)->name;
	names[n++] = "games";
	names[n++] = "help";
	names[n] = NULL;
	if ((near = nearest(word, names)) == NULL)
		return 0;
	fprintf(stderr, "tablero: '%s' is neither a command nor a file (did "
	    "you mean '%s'?)\nTry 'tablero --help' for more information.\n",
	    word, near);
	return 1;
}

/*
 * The words after the options (no subcommand): `games ...` or `help ...`
 * as a command, else one SCRIPT.  Returns -1 to go on, or 2 after an
 * error.
 */
static int
take_operands(int argc, char **argv, struct cmdline *cl)
{
	if (optind + 1 < argc && strcmp(argv[optind], "help") == 0 &&
	    (cl->help = subcmd_find(argv[optind + 1])) != NULL)
		return -1;	/* `tablero help match`: match --help */
	if (optind < argc && (strcmp(argv[optind], "games") == 0 ||
	    strcmp(argv[optind], "help") == 0)) {
		/* `tablero games -v`, `tablero help undo`: the REPL's command;
		 * `tablero games --help`: `help games`. */
		char *line = xstrdup(argv[optind]), *t;
		while (++optind < argc) {
			t = strcmp(argv[optind], "--help") == 0 ?
			    xasprintf("help %s", line) :
			    xasprintf("%s %s", line, argv[optind]);
			free(line);
			line = t;
		}
		repl_add_source(&cl->repl, 'o', line);
		free(line);
		return -1;
	}
	if (optind < argc && cl->nfiles == 0 && misspelt(argv[optind]))
		return 2;
	if (optind < argc) {
		if (cl->nfiles > 0 || optind + 1 < argc) {
			fprintf(stderr, "tablero: unexpected argument '%s'\n"
			    "Try 'tablero --help' for more information.\n",
			    argv[cl->nfiles ? optind : optind + 1]);
			return 2;
		}
		repl_add_source(&cl->repl, 'f', argv[optind]);
		cl->nfiles++;
	}
	return -1;
}

/*
 * The options (and SCRIPT) into cl; --allow-unsafe-plugins into h.
 * Returns -1 to go on, else the exit status (--help, --version, errors).
 */
static int
parse_args(int argc, char **argv, struct cmdline *cl, struct host *h)
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
	int c, rc;

	/* getopt's messages name the program, not the path it was run by. */
	argv[0] = (char *)"tablero";
	cl->subarg = find_subcommand(argc, argv, &cl->sub);
	while ((c = getopt_long(cl->subarg ? cl->subarg : argc, argv,
	    "+c:f:g:o:s:C:nP:keibhV", longopts, NULL)) != -1)
		if ((rc = take_option(c, cl, h)) >= 0)
			return rc;
	return cl->subarg ? -1 : take_operands(argc, argv, cl);
}

/* Configuration: system < user < -C files.  0, or -1 (reported). */
static int
read_config(struct host *h, const struct cmdline *cl)
{
	char err[1024];
	int rc = 0, i;

	if (!cl->noconf) {
		char *sys = xasprintf("%s/tablero/tablero.conf", SYSCONFDIR);
		char *user = paths_user_dir(PATHS_CONFIG, "tablero.conf");
		rc = config_read_file(&h->cfg, sys, 0, err, sizeof err);
		if (rc == 0 && user)
			rc = config_read_file(&h->cfg, user, 0, err, sizeof err);
		free(sys);
		free(user);
	}
	for (i = 0; rc == 0 && i < cl->nconfs; i++)
		rc = config_read_file(&h->cfg, cl->confs[i], 1, err, sizeof err);
	if (rc != 0) {
		fprintf(stderr, "tablero: %s\n", err);
		return -1;
	}
	return 0;
}

/*
 * The plugins (path: -P, TABLERO_PLUGIN_PATH, config, build tree,
 * pkglibdir), then the configuration checked against them; 0, or -1
 * (reported).
 */
static int
load_plugins(struct host *h, const struct cmdline *cl)
{
	char err[1024];
	int i;

	for (i = 0; i < cl->npdirs; i++)
		pluginset_add_path(&h->plugins, cl->pdirs[i]);
	pluginset_add_path(&h->plugins, getenv("TABLERO_PLUGIN_PATH"));
	pluginset_add_path(&h->plugins, config_host(&h->cfg, "plugin_path"));
	paths_init();
	pluginset_add_path(&h->plugins, paths_build_plugins());
	pluginset_add_path(&h->plugins, PKGLIBDIR);
	pluginset_scan(&h->plugins, warn_plugin);
	if (config_validate(&h->cfg, &h->plugins, err, sizeof err) != 0) {
		fprintf(stderr, "tablero: %s\n", err);
		return -1;
	}
	return 0;
}

/* The seed (--seed, else the configured one, else the clock); 0, or -1
 * (reported). */
static int
set_seed(struct host *h, const char *seedarg)
{
	if (seedarg) {
		if (parse_u64(seedarg, &h->seed) != 0) {
			size_t d = strspn(seedarg, "0123456789");
			if (seedarg[0] == '-')
				fprintf(stderr, "tablero: --seed must be a "
				    "non-negative number, not '%s'\n", seedarg);
			else if (d > 0 && seedarg[d] == '\0')
				fprintf(stderr, "tablero: --seed %s is too large "
				    "(at most %" PRIu64 ")\n", seedarg, UINT64_MAX);
			else
				fprintf(stderr, "tablero: --seed wants a number, "
				    "not '%s'\n", seedarg);
			return -1;
		}
	} else {
		h->seed = (uint64_t)config_host_int(&h->cfg, "seed");
		if (h->seed == 0)
			h->seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	}
	h->seed_given = seedarg != NULL;
	h->seed_clock = !h->seed_given &&
	    config_host_int(&h->cfg, "seed") == 0;
	return 0;
}

/* The subcommand, or the REPL on h.  Returns the exit status. */
static int
run(struct host *h, struct cmdline *cl, int argc, char **argv)
{
	if (cl->help) {
		/* `tablero help match`: its page on a terminal, else (or
		 * without the page) what `match --help` prints. */
		char *av[] = { (char *)cl->help->name, (char *)"--help", NULL };
		if (isatty(STDOUT_FILENO) && subcmd_show_page(cl->help) == 0)
			return 0;
		return cl->help->run(h, 2, av);
	}
	if (cl->sub) {
		/*
		 * Ctrl-C, SIGTERM and SIGHUP stop the work, which reports
		 * what it did; a second Ctrl-C within a second kills.
		 */
		interrupt_second_kills();
		shutdown_install();
		return cl->sub->run(h, argc - cl->subarg, argv + cl->subarg);
	}
	return repl_main(h, &cl->repl);
}

static void
cmdline_free(struct cmdline *cl)
{
	repl_args_free(&cl->repl);
	free(cl->confs);
	free(cl->pdirs);
}

/*
 * The run, one of the processes procs (main_mpi.c's, lent for the run)
 * or alone (NULL).  The exit status.
 */
static int
host_main(int argc, char **argv, const struct procs *procs)
{
	struct host h;
	struct cmdline cl;
	int rc;

	memset(&h, 0, sizeof h);
	memset(&cl, 0, sizeof cl);
	h.procs = procs;
	cl.repl.interactive = -1;
	interrupt_install();
	rc = parse_args(argc, argv, &cl, &h);
	if (rc < 0) {
		if (read_config(&h, &cl) != 0 || load_plugins(&h, &cl) != 0 ||
		    set_seed(&h, cl.seedarg) != 0)
			rc = 2;
		else
			rc = run(&h, &cl, argc, argv);
	}
	/* One cleanup path, errors included (clean under LeakSanitizer). */
	host_free(&h);
	cmdline_free(&cl);
	return rc;
}

#ifndef TABLERO_MAIN_MPI	/* main_mpi.c has its own */
int
main(int argc, char **argv)
{
	return host_main(argc, argv, NULL);
}
#endif
