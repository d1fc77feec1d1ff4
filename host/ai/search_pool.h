/*
 * search_pool.h - the threads a search's workers run on, kept for the
 * process: a search hands each worker past the first to a helper thread
 * that waits for work, instead of starting a thread a search and joining
 * it.  Internal to ai/.
 */
#ifndef TABLERO_AI_SEARCH_POOL_H
#define TABLERO_AI_SEARCH_POOL_H

struct helper;

/*
 * A helper thread with nothing to do, taken from the process's pool (a
 * new one when every helper is busy), running fn(arg) from now on.
 * NULL: no thread could be started (the caller runs fn itself).
 */
struct helper *helper_start(void (*fn)(void *), void *arg);

/*
 * Wait until h's fn has returned, then give h back to the pool.  Every
 * helper_start() that gave a helper is matched by one helper_wait().
 */
void helper_wait(struct helper *h);

/* Helper threads this process has started (a process made by fork()
 * starts counting again). */
long helper_threads(void);

#endif /* TABLERO_AI_SEARCH_POOL_H */
