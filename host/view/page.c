/*
 * page.c - a session's positions replayed for pictures: one SVG
 * diagram, or the HTML page of the whole game (see page.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/safefile.h"
#include "base/util.h"
#include "core/game.h"
#include "core/record.h"
#include "core/session.h"
#include "core/sessiontext.h"
#include "view/diagram.h"
#include "view/escape.h"
#include "view/page.h"
#include "view/share.h"

/*
 * A walk through a session's history, one move (not pass) at a time.
 * The moves of the turn in progress (a player's moves in a row, as the
 * history prints them on one line: a capture chain) are kept with the
 * positions they were made in, for the last-move marks.
 */
struct replay {
	const struct session *s;
	struct tbl_state *st;		/* after `step` moves */
	struct tbl_state **tb;		/* where each move of the turn was made */
	tbl_move *tm;			/* the turn's moves */
	int nt, cap;			/* moves in the turn; clones in tb */
	int entry;			/* the next history entry */
	int step;
};

static void
replay_init(struct replay *r, const struct session *s)
{
	memset(r, 0, sizeof *r);
	r->s = s;
	r->st = s->g->clone(s->start);
}

static void
replay_free(struct replay *r)
{
	int i;

	r->s->g->destroy(r->st);
	for (i = 0; i < r->cap; i++)
		r->s->g->destroy(r->tb[i]);
	free(r->tb);
	free(r->tm);
}

/* Keep move m of player `who`, about to be played at r->st. */
static void
replay_keep(struct replay *r, int who, tbl_move m)
{
	const struct session *s = r->s;
	int e = r->entry;

	if (e == 0 || s->movers[e - 1] != who || s->ends[e - 1] != NULL)
		r->nt = 0;	/* a new turn */
	if (r->nt == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 4;
		r->tb = xrealloc(r->tb, (size_t)r->cap * sizeof *r->tb);
		r->tm = xrealloc(r->tm, (size_t)r->cap * sizeof *r->tm);
		for (e = r->nt; e < r->cap; e++)
			r->tb[e] = s->g->clone(r->st);
	}
	s->g->copy(r->tb[r->nt], r->st);
	r->tm[r->nt++] = m;
}

/*
 * Play the next move; its notation (caller frees) and mover in *text
 * and *mover when not NULL.  Returns 0, 1 at the end of the history, or
 * -1 with a message when the game refuses a move it took before.
 */
static int
replay_next(struct replay *r, char **text, int *mover, char *err,
    size_t errlen)
{
	const struct session *s = r->s;
	const struct tbl_game *g = s->g;
	int who;

	while (r->entry < s->nmoves && SESSION_IS_PASS(s->movers[r->entry]))
		r->entry++;
	if (r->entry >= s->nmoves)
		return 1;
	who = s->movers[r->entry];
	if (text)
		*text = game_move_text(s->g, r->st, s->moves[r->entry]);
	if (mover)
		*mover = who;
	if (who >= 0)
		replay_keep(r, who, s->moves[r->entry]);
	if (g->apply(r->st, s->moves[r->entry]) != 0) {
		snprintf(err, errlen, "%s refused move %d of the game on replay",
		    g->name, r->step + 1);
		if (text) {
			free(*text);
			*text = NULL;
		}
		return -1;
	}
	r->entry++;
	r->step++;
	return 0;
}

static struct view_last
replay_last(const struct replay *r)
{
	struct view_last l = { NULL, 0, NULL, NULL, 0 };

	if (r->nt > 0) {
		l.before = r->tb[r->nt - 1];
		l.move = r->tm[r->nt - 1];
		l.turn_before = (const struct tbl_state *const *)r->tb;
		l.turn_moves = r->tm;
		l.nturn = r->nt - 1;
	}
	return l;
}

int
view_steps(const struct session *s)
{
	return session_count_moves(s);
}

int
view_svg(const struct session *s, int step, struct sbuf *out, char *err,
    size_t errlen)
{
	return view_diagram(s, step, 1, out, err, errlen);
}

int
view_diagram(const struct session *s, int step, int standalone,
    struct sbuf *out, char *err, size_t errlen)
{
	struct replay r;
	struct view_last l;
	int rc = 0;

	replay_init(&r, s);
	while (r.step < step && (rc = replay_next(&r, NULL, NULL, err,
	    errlen)) == 0)
		;
	if (rc >= 0) {
		l = replay_last(&r);
		rc = diagram_svg(s, r.st, &l, r.step, standalone, out, err,
		    errlen);
	}
	replay_free(&r);
	return rc < 0 ? -1 : 0;
}

static const char page_css[] =
	"body{font-family:DejaVu Sans,Verdana,sans-serif;margin:1em 2em;"
	"color:#111;background:#fff}\n"
	"h1{font-size:1.4em;margin:.2em 0}\n"
	".family{margin:0;color:#555}\n"
	".tags{border-collapse:collapse;margin:.5em 0 1em}\n"
	".tags th{text-align:left;padding:1px 1em 1px 0;font-weight:normal;"
	"color:#555}\n"
	".tags td{padding:1px 0}\n"
	".main{display:flex;flex-wrap:wrap;gap:2em;align-items:flex-start}\n"
	".nav{margin:.3em 0}\n"
	".nav button{font-size:1em;margin-right:.3em}\n"
	"#where{margin-left:1em;color:#555}\n"
	".moves{max-height:80vh;overflow-y:auto;margin:0;padding-left:3em;"
	"min-width:14em}\n"
	".moves a{color:#114;text-decoration:none;padding:0 .3em}\n"
	".moves a.current{background:#c00;color:#fff}\n"
	"pre{font-size:.85em;background:#f4f4f4;padding:.5em}\n"
	".shared{display:none}\n";

static const char page_js[] =
	"(function () {\n"
	"\t\"use strict\";\n"
	"\tvar pos = document.querySelectorAll(\".pos\");\n"
	"\tvar links = document.querySelectorAll(\".moves a\");\n"
	"\tvar where = document.getElementById(\"where\");\n"
	"\tvar last = pos.length - 1, cur = -1;\n"
	"\t/* What positions share is drawn once (share.c): each <use> of it\n"
	"\t * becomes a copy of its lines, which the style sheet then draws. */\n"
	"\tfunction expand(p) {\n"
	"\t\tvar u = p.querySelectorAll(\"use[href^='#tb-']\");\n"
	"\t\tArray.prototype.forEach.call(u, function (e) {\n"
	"\t\t\tvar g = document.getElementById(e.getAttribute(\"href\")\n"
	"\t\t\t    .slice(1)), f = document.createDocumentFragment();\n"
	"\t\t\tArray.prototype.forEach.call(g.childNodes, function (c) {\n"
	"\t\t\t\tf.appendChild(c.cloneNode(true));\n"
	"\t\t\t});\n"
	"\t\t\te.parentNode.replaceChild(f, e);\n"
	"\t\t});\n"
	"\t}\n"
	"\tfunction go(k) {\n"
	"\t\tk = Math.max(0, Math.min(last, k));\n"
	"\t\texpand(pos[k]);\n"
	"\t\tif (cur >= 0) {\n"
	"\t\t\tpos[cur].hidden = true;\n"
	"\t\t\tlinks[cur].classList.remove(\"current\");\n"
	"\t\t\tlinks[cur].removeAttribute(\"aria-current\");\n"
	"\t\t}\n"
	"\t\tpos[k].hidden = false;\n"
	"\t\tlinks[k].classList.add(\"current\");\n"
	"\t\tlinks[k].setAttribute(\"aria-current\", \"step\");\n"
	"\t\tcur = k;\n"
	"\t\twhere.textContent = k === 0 ? \"start of \" + last + \" moves\" :\n"
	"\t\t    \"after move \" + k + \" of \" + last;\n"
	"\t\tdocument.body.setAttribute(\"data-step\", String(k));\n"
	"\t}\n"
	"\tfunction button(id, f) {\n"
	"\t\tdocument.getElementById(id).addEventListener(\"click\", f);\n"
	"\t}\n"
	"\tbutton(\"first\", function () { go(0); });\n"
	"\tbutton(\"prev\", function () { go(cur - 1); });\n"
	"\tbutton(\"next\", function () { go(cur + 1); });\n"
	"\tbutton(\"last\", function () { go(last); });\n"
	"\tArray.prototype.forEach.call(links, function (a) {\n"
	"\t\ta.addEventListener(\"click\", function (e) {\n"
	"\t\t\te.preventDefault();\n"
	"\t\t\tgo(Number(a.getAttribute(\"data-step\")));\n"
	"\t\t});\n"
	"\t});\n"
	"\tdocument.addEventListener(\"keydown\", function (e) {\n"
	"\t\tvar keys = { ArrowLeft: -1, ArrowRight: 1, Home: -1e9, "
	"End: 1e9 };\n"
	"\t\tif (e.altKey || e.ctrlKey || e.metaKey ||\n"
	"\t\t    !Object.prototype.hasOwnProperty.call(keys, e.key))\n"
	"\t\t\treturn;\n"
	"\t\te.preventDefault();\n"
	"\t\tgo(cur + keys[e.key]);\n"
	"\t});\n"
	"\tgo(Number(document.body.getAttribute(\"data-start\")) || 0);\n"
	"})();\n";

/* The tag table being written: the open row's key, or NULL. */
struct tagrows {
	struct sbuf *b;
	char *open;
};

static void
tag_row(void *arg, const char *key, const char *value)
{
	struct tagrows *t = arg;

	if (t->open && strcmp(t->open, key) == 0)
		sbuf_puts(t->b, " &#160; ");
	else {
		sbuf_puts(t->b, t->open ? "</td></tr>\n<tr><th>" : "<tr><th>");
		xml_escape(t->b, key);
		sbuf_puts(t->b, "</th><td>");
		free(t->open);
		t->open = xstrdup(key);
	}
	xml_escape(t->b, value);
}

/*
 * The record's leading [Key "value"] tags, read by the record reader
 * (core/record.h), as table rows; repeated keys (the options) share one
 * row.
 */
static void
page_tags(struct sbuf *b, const char *record)
{
	struct tagrows t = { b, NULL };

	sbuf_puts(b, "<table class=\"tags\">\n");
	record_tags(record, tag_row, &t);
	sbuf_puts(b, t.open ? "</td></tr>\n</table>\n" : "</table>\n");
	free(t.open);
}

/*
 * The game as it was played: its name, its first option (the variant,
 * ruleset or number of players of the shipped games) and every other
 * option not at its default ("mancala variant=maruba, lap_limit=50").
 */
static char *
page_title(const struct session *s)
{
	struct sbuf t = { 0 };
	int i, n = 0;

	sbuf_puts(&t, s->g->name);
	for (i = 0; i < s->opts.n; i++) {
		const char *v = s->opts.text[i], *def = s->g->options[i].def;
		if (v == NULL || (n > 0 && def && strcmp(v, def) == 0))
			continue;
		sbuf_printf(&t, "%s%s=%s", n++ ? ", " : " ",
		    s->g->options[i].key, v);
	}
	return t.s;
}

static void
page_head(struct sbuf *b, const struct session *s, const char *record,
    int start)
{
	char *title = page_title(s);

	sbuf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" content=\""
	    "default-src 'none'; style-src 'unsafe-inline'; "
	    "script-src 'unsafe-inline'\">\n<title>");
	xml_escape(b, title);
	sbuf_puts(b, " \xe2\x80\x94 tablero</title>\n<style>\n");
	sbuf_puts(b, page_css);
	sbuf_puts(b, diagram_css);
	sbuf_printf(b, "</style>\n</head>\n<body data-start=\"%d\">\n<h1>",
	    start);
	xml_escape(b, title);
	sbuf_puts(b, "</h1>\n<p class=\"family\">");
	xml_escape(b, s->g->title ? s->g->title : s->g->name);
	sbuf_puts(b, "</p>\n");
	free(title);
	page_tags(b, record);
	sbuf_puts(b, "<div class=\"main\">\n<div class=\"boardcol\">\n"
	    "<div class=\"nav\">"
	    "<button type=\"button\" id=\"first\" title=\"Home\">first</button>"
	    "<button type=\"button\" id=\"prev\" title=\"left arrow\">"
	    "previous</button>"
	    "<button type=\"button\" id=\"next\" title=\"right arrow\">"
	    "next</button>"
	    "<button type=\"button\" id=\"last\" title=\"End\">last</button>"
	    "<span id=\"where\"></span></div>\n");
}

/* Every position's diagram, and the move list in `moves`. */
static int
page_positions(struct sbuf *b, struct sbuf *moves, const struct session *s,
    char *err, size_t errlen)
{
	struct replay r;
	struct view_last l = { NULL, 0, NULL, NULL, 0 };
	char **svg = NULL;
	int rc = 0, n = 0, i;

	replay_init(&r, s);
	sbuf_puts(moves, "<ol class=\"moves\" start=\"0\">\n<li><a href=\"#\" "
	    "data-step=\"0\">start</a></li>\n");
	for (;;) {
		struct sbuf one = { 0 };
		char *text = NULL;
		int who = 0;
		if (diagram_svg(s, r.st, &l, r.step, 0, &one, err, errlen) != 0) {
			sbuf_free(&one);
			rc = -1;
			break;
		}
		svg = xrealloc(svg, (size_t)(n + 1) * sizeof *svg);
		svg[n++] = one.s ? one.s : xstrdup("");
		if ((rc = replay_next(&r, &text, &who, err, errlen)) != 0)
			break;
		l = replay_last(&r);
		sbuf_printf(moves, "<li><a href=\"#\" data-step=\"%d\">", r.step);
		xml_escape(moves, session_player(s, who));
		sbuf_puts(moves, ": ");
		xml_escape(moves, text);
		sbuf_puts(moves, "</a></li>\n");
		free(text);
	}
	sbuf_puts(moves, "</ol>\n");
	if (rc >= 0)
		share_positions(b, svg, n);
	for (i = 0; i < n; i++)
		free(svg[i]);
	free(svg);
	replay_free(&r);
	return rc < 0 ? -1 : 0;
}

int
view_page(const struct session *s, const char *record, int start,
    struct sbuf *out, char *err, size_t errlen)
{
	struct sbuf b = { 0 }, moves = { 0 };
	int rc;

	page_head(&b, s, record, start);
	rc = page_positions(&b, &moves, s, err, errlen);
	if (rc == 0) {
		sbuf_puts(&b, "</div>\n");
		sbuf_add(&b, moves.s, moves.len);
		sbuf_puts(&b, "</div>\n<details><summary>The record</summary>"
		    "<pre>");
		xml_escape(&b, record);
		sbuf_printf(&b, "</pre></details>\n<script>\n%s</script>\n"
		    "</body>\n</html>\n", page_js);
		sbuf_add(out, b.s, b.len);
	}
	sbuf_free(&b);
	sbuf_free(&moves);
	return rc;
}

static int
ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n > k && strcmp(s + n - k, suffix) == 0;
}

int
view_is_picture(const char *path)
{
	return ends_with(path, ".svg") || ends_with(path, ".html");
}

int
view_save(const struct session *s, const char *record, int step,
    const char *path, char *err, size_t errlen)
{
	struct sbuf b = { 0 };
	int rc;

	if (ends_with(path, ".svg"))
		rc = view_svg(s, step, &b, err, errlen);
	else if (ends_with(path, ".html"))
		rc = view_page(s, record, step, &b, err, errlen);
	else {
		snprintf(err, errlen, "%s: a picture is FILE.svg or FILE.html",
		    path);
		rc = -1;
	}
	if (rc == 0)
		rc = safefile_replace(path, b.s ? b.s : "", b.len, err, errlen);
	sbuf_free(&b);
	return rc;
}
