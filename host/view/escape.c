/*
 * escape.c - escaping for XML/HTML and gnuplot (see escape.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "view/escape.h"

/* The length of the valid UTF-8 sequence at s (1..4), or 0. */
static size_t
utf8_len(const unsigned char *s)
{
	size_t n, i;
	unsigned long cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 ||
	    cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff) ||
	    cp == 0xfffe || cp == 0xffff)
		return 0;
	return n;
}

void
xml_escape(struct sbuf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		size_t n;

		switch (*p) {
		case '&': sbuf_puts(b, "&amp;"); p++; continue;
		case '<': sbuf_puts(b, "&lt;"); p++; continue;
		case '>': sbuf_puts(b, "&gt;"); p++; continue;
		case '"': sbuf_puts(b, "&quot;"); p++; continue;
		case '\'': sbuf_puts(b, "&#39;"); p++; continue;
		default: break;
		}
		if ((*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f ||
		    (n = utf8_len(p)) == 0) {
			sbuf_puts(b, "\xef\xbf\xbd");
			p++;
			continue;
		}
		sbuf_add(b, (const char *)p, n);
		p += n;
	}
}

void
gnuplot_string(struct sbuf *b, const char *s)
{
	const unsigned char *p;

	/*
	 * Single quotes: gnuplot substitutes `commands` and @macros inside
	 * double-quoted strings but not inside single-quoted ones, where the
	 * only escape is '' for a quote.  A line break would end the
	 * command, so control characters become blanks.
	 */
	sbuf_puts(b, "'");
	for (p = (const unsigned char *)s; *p; p++) {
		if (*p == '\'')
			sbuf_puts(b, "''");
		else if (*p < 0x20 || *p == 0x7f)
			sbuf_puts(b, " ");
		else
			sbuf_add(b, (const char *)p, 1);
	}
	sbuf_puts(b, "'");
}
