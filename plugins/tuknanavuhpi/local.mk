## plugins/tuknanavuhpi: automake fragment (see Makefile.am)

pkglib_LTLIBRARIES += plugins/tuknanavuhpi.la
# Files by role: descriptor and options, the readable rules, the fast move
# generation and random moves, what both share, names, notation (see
# tuknanavuhpi.h).
TUKNANAVUHPI_SOURCES = plugins/tuknanavuhpi/game.c \
	plugins/tuknanavuhpi/rules.c plugins/tuknanavuhpi/movegen.c \
	plugins/tuknanavuhpi/playout.c plugins/tuknanavuhpi/fast.h \
	plugins/tuknanavuhpi/playout_pdep.c \
	plugins/tuknanavuhpi/chain.c plugins/tuknanavuhpi/names.c \
	plugins/tuknanavuhpi/notation.c plugins/tuknanavuhpi/explain.c \
	plugins/tuknanavuhpi/diagram.c \
	plugins/tuknanavuhpi/tuknanavuhpi.h \
	plugins/tuknanavuhpi/board.h
plugins_tuknanavuhpi_la_SOURCES = $(TUKNANAVUHPI_SOURCES)
plugins_tuknanavuhpi_la_LDFLAGS = $(PLUGIN_LDFLAGS)
dist_man_MANS += man/tablero-tuknanavuhpi.7
dist_pkgdata_DATA += conf/tuknanavuhpi.ini

# Unit tests: the plugin compiled in and driven through the fake host.
if HAVE_CMOCKA
check_PROGRAMS += tests/plugins/tuknanavuhpi/test_tuknanavuhpi
TESTS += tests/plugins/tuknanavuhpi/test_tuknanavuhpi
tests_plugins_tuknanavuhpi_test_tuknanavuhpi_SOURCES = \
	tests/plugins/tuknanavuhpi/test_tuknanavuhpi.c $(TUKNANAVUHPI_SOURCES)
tests_plugins_tuknanavuhpi_test_tuknanavuhpi_CFLAGS = $(UNIT_CFLAGS) \
	-I$(top_srcdir)/tests
tests_plugins_tuknanavuhpi_test_tuknanavuhpi_LDADD = $(PLUGIN_TEST_LIBS)
endif

# Transcript tests (the .tbl files reach the tarball through TESTS).
TESTS += tests/plugins/tuknanavuhpi/play.tbl tests/plugins/tuknanavuhpi/kharbaga.tbl \
	tests/plugins/tuknanavuhpi/errors.tbl
EXTRA_DIST += tests/plugins/tuknanavuhpi/play.out tests/plugins/tuknanavuhpi/kharbaga.out \
	tests/plugins/tuknanavuhpi/errors.out

# The plugin against an independent model of the rules (tests/
# tuknanavuhpi/reference.py, from the spec and the man page, not the C):
# seeded random games of every variant and rule option, move by move.
TESTS += tests/plugins/tuknanavuhpi/reference.sh
EXTRA_DIST += tests/plugins/tuknanavuhpi/reference.py tests/plugins/tuknanavuhpi/compare.py
# A developer tool, not a test: do two builds play the same games?
EXTRA_DIST += tests/plugins/tuknanavuhpi/same-games.sh
