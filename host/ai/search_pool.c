/*
 * search_pool.c - helper threads kept for the process.  A search on
 * several threads used to start a thread for each worker past the first
 * and join it at the end: `bench` and `hint` make a new player for each
 * search, so every search paid a thread's start, and on a busy machine a
 * new thread is queued behind the running ones where a waiting thread
 * that is woken runs sooner.  At load 11-12, the second thread's first
 * playout came 3.7-11.8 ms into a search of 100 ms (medians of six runs;
 * means 6.0-10.3) on new threads, 0.01-3.8 ms (means 3.6-6.6) on kept
 * ones; at the least 0.04-0.08 ms against 0.01.  A helper, once started,
 * waits on its own condition for the next work and is never ended; the
 * pool's lists are started afresh in a process made by fork(), whose
 * helpers did not follow it.
 */
#include "config.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

#include "ai/search_pool.h"
#include "base/util.h"

struct helper {
	pthread_mutex_t lock;
	pthread_cond_t go;	/* fn given */
	pthread_cond_t done;	/* fn returned */
	void (*fn)(void *);	/* the work; NULL: none */
	void *arg;
	int ended;		/* fn returned, not yet waited for */
	struct helper *next;	/* in the idle list */
	struct helper *made;	/* every helper, newest first */
};

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t pool_once = PTHREAD_ONCE_INIT;
static struct helper *idle;	/* waiting for work */
static struct helper *every;	/* kept reachable: never freed */
static long started;

static void
pool_lock_all(void)
{
	pthread_mutex_lock(&pool_lock);
}

static void
pool_unlock_all(void)
{
	pthread_mutex_unlock(&pool_lock);
}

/* In the child of fork(): no helper thread came along. */
static void
pool_forked(void)
{
	idle = NULL;
	started = 0;
	pthread_mutex_unlock(&pool_lock);
}

static void
pool_setup(void)
{
	pthread_atfork(pool_lock_all, pool_unlock_all, pool_forked);
}

static void *
helper_main(void *arg)
{
	struct helper *h = arg;
	void (*fn)(void *);

	pthread_mutex_lock(&h->lock);
	for (;;) {
		while (h->fn == NULL)
			pthread_cond_wait(&h->go, &h->lock);
		fn = h->fn;
		pthread_mutex_unlock(&h->lock);
		fn(h->arg);
		pthread_mutex_lock(&h->lock);
		h->fn = NULL;
		h->ended = 1;
		pthread_cond_signal(&h->done);
	}
	return NULL;
}

/*
 * A new helper running fn(arg), or NULL.  Its thread takes no signal
 * (blocked, as the thread that starts it blocks them meanwhile): Ctrl-C
 * goes to a thread that may be waiting in read(), never to a helper.
 */
static struct helper *
helper_new(void (*fn)(void *), void *arg)
{
	struct helper *h = xcalloc(1, sizeof *h);
	pthread_attr_t attr;
	pthread_t tid;
	sigset_t all, old;
	int rc;

	pthread_mutex_init(&h->lock, NULL);
	pthread_cond_init(&h->go, NULL);
	pthread_cond_init(&h->done, NULL);
	h->fn = fn;
	h->arg = arg;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&tid, &attr, helper_main, h);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pthread_attr_destroy(&attr);
	if (rc != 0) {
		pthread_cond_destroy(&h->done);
		pthread_cond_destroy(&h->go);
		pthread_mutex_destroy(&h->lock);
		free(h);
		return NULL;
	}
	pthread_mutex_lock(&pool_lock);
	h->made = every;
	every = h;
	started++;
	pthread_mutex_unlock(&pool_lock);
	return h;
}

struct helper *
helper_start(void (*fn)(void *), void *arg)
{
	struct helper *h;

	pthread_once(&pool_once, pool_setup);
	pthread_mutex_lock(&pool_lock);
	if ((h = idle) != NULL)
		idle = h->next;
	pthread_mutex_unlock(&pool_lock);
	if (h == NULL)
		return helper_new(fn, arg);
	pthread_mutex_lock(&h->lock);
	h->fn = fn;
	h->arg = arg;
	pthread_cond_signal(&h->go);
	pthread_mutex_unlock(&h->lock);
	return h;
}

void
helper_wait(struct helper *h)
{
	pthread_mutex_lock(&h->lock);
	while (!h->ended)
		pthread_cond_wait(&h->done, &h->lock);
	h->ended = 0;
	pthread_mutex_unlock(&h->lock);
	pthread_mutex_lock(&pool_lock);
	h->next = idle;
	idle = h;
	pthread_mutex_unlock(&pool_lock);
}

long
helper_threads(void)
{
	long n;

	pthread_mutex_lock(&pool_lock);
	n = started;
	pthread_mutex_unlock(&pool_lock);
	return n;
}
