## plugins/recuay: automake fragment (see Makefile.am)

RECUAY_SOURCES = plugins/recuay/game.c plugins/recuay/recuay.h \
	plugins/recuay/race.c plugins/recuay/jaguar.c \
	plugins/recuay/notation.c plugins/recuay/explain.c \
	plugins/recuay/narrate.c \
	plugins/recuay/diagram.c \
	plugins/recuay/board.c \
	plugins/recuay/board.h plugins/recuay/board_default.c

pkglib_LTLIBRARIES += plugins/recuay.la
plugins_recuay_la_SOURCES = $(RECUAY_SOURCES)
plugins_recuay_la_LDFLAGS = $(PLUGIN_LDFLAGS)
dist_man_MANS += man/tablero-recuay.7
dist_pkgdata_DATA += conf/recuay.ini

# The shipped board, for `board = FILE` readers and as the reference of
# the built-in copy (board_default.c, which the unit test compares).
recuayboarddir = $(pkgdatadir)/recuay
dist_recuayboard_DATA = conf/recuay/schaedel.board
EXTRA_DIST += plugins/recuay/genboard.sh

# Regenerate the built-in board after editing the shipped file.
recuay-default-board:
	$(SHELL) $(srcdir)/plugins/recuay/genboard.sh \
	  $(srcdir)/conf/recuay/schaedel.board \
	  > $(srcdir)/plugins/recuay/board_default.c
.PHONY: recuay-default-board

if HAVE_CMOCKA
check_PROGRAMS += tests/plugins/recuay/test_recuay
TESTS += tests/plugins/recuay/test_recuay
tests_plugins_recuay_test_recuay_SOURCES = tests/plugins/recuay/test_recuay.c \
	$(RECUAY_SOURCES)
tests_plugins_recuay_test_recuay_CFLAGS = $(UNIT_CFLAGS) -I$(top_srcdir)/tests \
	-I$(top_srcdir)/plugins/recuay \
	-DRECUAY_CONF_DIR='"$(abs_top_srcdir)/conf/recuay"' \
	-DRECUAY_TEST_DIR='"$(abs_top_srcdir)/tests/plugins/recuay"'
tests_plugins_recuay_test_recuay_LDADD = $(PLUGIN_TEST_LIBS)
endif

# Transcript tests (the .tbl files reach the tarball through TESTS).
RECUAY_TRANSCRIPTS = tests/plugins/recuay/race.tbl tests/plugins/recuay/jaguar.tbl \
	tests/plugins/recuay/boards.tbl tests/plugins/recuay/errors.tbl
TESTS += $(RECUAY_TRANSCRIPTS) tests/plugins/recuay/check.sh
EXTRA_DIST += $(RECUAY_TRANSCRIPTS:.tbl=.out) \
	tests/plugins/recuay/bad-unknown.board tests/plugins/recuay/bad-asymmetric.board \
	tests/plugins/recuay/bad-neutral.board tests/plugins/recuay/stuck.board

# The plugin against an independent model of the rules (tests/plugins/recuay/
# reference.py): seeded random games compared move by move.
TESTS += tests/plugins/recuay/reference.sh
EXTRA_DIST += tests/plugins/recuay/reference.py tests/plugins/recuay/compare.py
