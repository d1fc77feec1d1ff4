/*
 * escape.h - text written into another program's input: XML/HTML
 * character data and attributes, and gnuplot string literals.  Every
 * byte of plugin, user or file text that goes into a picture, a page or
 * a gnuplot script passes through here.
 */
#ifndef TABLERO_VIEW_ESCAPE_H
#define TABLERO_VIEW_ESCAPE_H

struct sbuf;

/*
 * Append s as XML text or attribute value: & < > " ' as references,
 * control characters (but newline and tab) and bytes that are not
 * UTF-8 as U+FFFD, so the
 * result is well-formed whatever s holds.
 */
void xml_escape(struct sbuf *b, const char *s);

/*
 * Append s as a gnuplot single-quoted string literal, quotes included:
 * a quote doubled, control characters (newlines) as blanks, so nothing
 * in s ends the string or the command, and gnuplot substitutes nothing
 * in it (it expands `commands` and @macros in double quotes only).
 * Draw the text with `noenhanced` so that it is shown as it is.
 */
void gnuplot_string(struct sbuf *b, const char *s);

#endif /* TABLERO_VIEW_ESCAPE_H */
