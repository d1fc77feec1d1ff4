/*
 * clock.c - time controls and the share of its clock a player spends.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "base/util.h"
#include "run/clock.h"

/* Moves a game is assumed still to last when the period does not say. */
#define HORIZON 30

int
timectl_on(const struct timectl *t)
{
	return t->st > 0 || t->base > 0;
}

/* A positive decimal number that is all of text; 0 or -1. */
static int
seconds(const char *text, size_t n, double *out, int zero_ok)
{
	char *s = xstrndup(text, n), *end;
	double v = strtod(s, &end);
	int bad = n == 0 || *end != '\0' || !(v > 0 || (zero_ok && v == 0)) ||
	    v > 1e6 || strspn(s, "0123456789.") != n;

	free(s);
	if (bad)
		return -1;
	*out = v;
	return 0;
}

int
timectl_parse_tc(const char *text, struct timectl *t, char *err,
    size_t errlen)
{
	const char *slash = strchr(text, '/'), *p = text, *plus;
	long moves = 0;

	if (slash != NULL) {
		char *m = xstrndup(text, (size_t)(slash - text));
		int bad = parse_long(m, 1, 100000, &moves) != 0;
		free(m);
		if (bad)
			goto bad;
		p = slash + 1;
	}
	plus = strchr(p, '+');
	if (seconds(p, plus ? (size_t)(plus - p) : strlen(p), &t->base, 0) != 0)
		goto bad;
	t->inc = 0;
	if (plus && seconds(plus + 1, strlen(plus + 1), &t->inc, 1) != 0)
		goto bad;
	t->moves = moves;
	return 0;
bad:
	snprintf(err, errlen, "--tc wants [MOVES/]SECONDS[+INC] (40/60+0.5: "
	    "60 seconds for 40 moves, half a second more a move), not '%s'",
	    text);
	return -1;
}

void
timectl_format(const struct timectl *t, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	if (t->st > 0)
		n += (size_t)snprintf(buf, len, "st=%g", t->st);
	else if (t->base > 0) {
		n += (size_t)snprintf(buf, len, "tc=");
		if (t->moves)
			n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%ld/",
			    t->moves);
		n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%g",
		    t->base);
		if (t->inc > 0)
			n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "+%g",
			    t->inc);
	}
	if (t->margin > 0 && n > 0 && n < len)
		snprintf(buf + n, len - n, ",margin=%g", t->margin * 1000);
}

void
clock_start(const struct timectl *t, struct gameclock *c)
{
	c->left = t->base;
	c->played = 0;
}

double
clock_limit(const struct timectl *t, const struct gameclock *c)
{
	if (t->st > 0)
		return t->st;
	if (t->base > 0)
		return c->left;
	return -1;
}

long
clock_togo(const struct timectl *t, const struct gameclock *c)
{
	if (t->base <= 0 || t->moves == 0)
		return 0;
	return t->moves - c->played % t->moves;
}

int
clock_charge(const struct timectl *t, struct gameclock *c, double used)
{
	double limit = clock_limit(t, c);

	c->played++;
	if (limit < 0)
		return 0;
	if (used > limit + t->margin)
		return 1;
	if (t->base > 0) {
		c->left -= used;
		if (c->left < 0)
			c->left = 0;	/* within the margin */
		c->left += t->inc;
		if (t->moves && c->played % t->moves == 0)
			c->left += t->base;
	}
	return 0;
}

double
clock_share(double left, double inc, long togo)
{
	double share;

	if (togo == 1)
		share = left;
	else
		share = left / (double)(togo > 0 ? togo : HORIZON) + 0.75 * inc;
	/* Never more than half of what is left, except for the last move. */
	if (togo != 1 && share > left / 2)
		share = left / 2;
	/* Room for what the search does not measure: 10% and 5 ms. */
	share = share * 0.9 - 0.005;
	return share > 0.001 ? share : 0.001;
}

/* The least margin a built-in player keeps of its own: 10 ms. */
#define MOVE_OVERHEAD 0.010

/* The most a decision overran its plan lately, in this process or, after
 * clock_overhead_shared(), in the processes of this run. */
static double own;
static double *overran = &own;

void
clock_overhead_shared(void)
{
	void *p;

	if (overran != &own)
		return;
	p = mmap(NULL, sizeof *overran, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (p != MAP_FAILED) {
		overran = p;
		*overran = own;
	}
}

double
clock_overhead(void)
{
	double o;

	__atomic_load(overran, &o, __ATOMIC_RELAXED);
	return o > MOVE_OVERHEAD ? o : MOVE_OVERHEAD;
}

double
clock_plan(double share)
{
	share -= clock_overhead();
	return share > 0.001 ? share : 0.001;
}

void
clock_overran(double planned, double used, double stall)
{
	/* An old stall fades; processes racing here lose a fade at most. */
	double o;

	__atomic_load(overran, &o, __ATOMIC_RELAXED);
	o *= 0.9;
	if (used - planned > o)
		o = used - planned;
	if (stall > o)
		o = stall;
	if (o > 1)
		o = 1;
	__atomic_store(overran, &o, __ATOMIC_RELAXED);
}
