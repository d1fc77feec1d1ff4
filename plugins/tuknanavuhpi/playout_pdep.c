/*
 * playout_pdep.c - the random playouts' code (chain.c and playout.c)
 * built a second time, for x86-64-v3 processors whose PDEP is fast (all
 * Intel ones that have it, AMD from family 19h): there man_lands()
 * spreads the enemies next to a man onto the points beyond them with one
 * PDEP, where the portable code takes five shifts, ORs and ANDs one after
 * another, and a man's jumps are found at every turn, at every jump and
 * in every chain searched.  (On AMD before family 19h PDEP is microcode
 * and far slower than the shifts.)  The functions are the same code with
 * the suffix _pdep; tk_play_random() (playout.c) hands over to
 * tk_play_random_pdep() when tk_fast_pdep says the processor is one of
 * these.  GCC on x86-64 ELF only (where TK_PDEP_TWIN is defined), else
 * this file is empty.
 */
/* TK_PDEP_TWIN's condition in tuknanavuhpi.h, which is included below,
 * after the target is set. */
#if defined(__x86_64__) && defined(__ELF__) && defined(__GNUC__) && \
    !defined(__clang__)
#pragma GCC target("arch=x86-64-v3")
#define TK_PDEP 1
#define tk_piece_can_jump tk_piece_can_jump_pdep
#define tk_any_move tk_any_move_pdep
#define tk_jumpers tk_jumpers_pdep
#define tk_chain_max tk_chain_max_pdep
#define tk_chain_need tk_chain_need_pdep
#define tk_huff_ok tk_huff_ok_pdep
#define tk_any_step tk_any_step_pdep
#define tk_men_chain tk_men_chain_pdep
#define tk_longest_one tk_longest_one_pdep
#define tk_longest_next tk_longest_next_pdep
#define tk_longest_men tk_longest_men_pdep
#define tk_longest_jumps tk_longest_jumps_pdep
#define tk_play_random tk_play_random_pdep
#include "chain.c"
#include "playout.c"
#else
/* ISO C wants something in a file. */
typedef int tk_no_pdep_twin;
#endif
