/*
 * render.h - `tablero render RECORD OUT.svg|OUT.html [--move N]`: a
 * saved game record as a picture, the same one `save` writes in the REPL.
 */
#ifndef TABLERO_RENDER_H
#define TABLERO_RENDER_H

struct host;

/* argv[0] is "render".  Returns the exit status. */
int render_main(struct host *host, int argc, char **argv);

/* Its entry in the list of subcommands (cmd/dispatch.c). */
struct subcmd_entry;
extern const struct subcmd_entry subcmd_render;

#endif /* TABLERO_RENDER_H */
