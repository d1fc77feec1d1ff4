## plugins/mancala: automake fragment (see Makefile.am)

pkglib_LTLIBRARIES += plugins/mancala.la
MANCALA_SOURCES = plugins/mancala/mancala.h plugins/mancala/fast.h \
	plugins/mancala/game.c \
	plugins/mancala/board.c plugins/mancala/rules.c \
	plugins/mancala/fast.c plugins/mancala/bytes.c \
	plugins/mancala/notation.c \
	plugins/mancala/explain.c plugins/mancala/narrate.c \
	plugins/mancala/diagram.c \
	plugins/mancala/key.c plugins/mancala/dense.c
plugins_mancala_la_SOURCES = $(MANCALA_SOURCES)
plugins_mancala_la_LDFLAGS = $(PLUGIN_LDFLAGS)
dist_man_MANS += man/tablero-mancala.7
dist_pkgdata_DATA += conf/mancala.ini

# Unit tests: the plugin compiled in, with the lap trace hook on.
if HAVE_CMOCKA
check_PROGRAMS += tests/plugins/mancala/test_mancala
TESTS += tests/plugins/mancala/test_mancala
tests_plugins_mancala_test_mancala_SOURCES = tests/plugins/mancala/test_mancala.c \
	$(MANCALA_SOURCES)
tests_plugins_mancala_test_mancala_CFLAGS = $(UNIT_CFLAGS) -I$(top_srcdir)/tests \
	-DMANCALA_TRACE
tests_plugins_mancala_test_mancala_LDADD = $(PLUGIN_TEST_LIBS)
check_PROGRAMS += tests/plugins/mancala/test_rows
TESTS += tests/plugins/mancala/test_rows
tests_plugins_mancala_test_rows_SOURCES = tests/plugins/mancala/test_rows.c \
	$(MANCALA_SOURCES)
tests_plugins_mancala_test_rows_CFLAGS = $(UNIT_CFLAGS) -I$(top_srcdir)/tests \
	-DMANCALA_TRACE
tests_plugins_mancala_test_rows_LDADD = $(PLUGIN_TEST_LIBS)
# The dense numbering (dense.c), without the trace hooks.
check_PROGRAMS += tests/plugins/mancala/test_dense
TESTS += tests/plugins/mancala/test_dense
tests_plugins_mancala_test_dense_SOURCES = tests/plugins/mancala/test_dense.c \
	$(MANCALA_SOURCES)
tests_plugins_mancala_test_dense_CFLAGS = $(UNIT_CFLAGS) -I$(top_srcdir)/tests
tests_plugins_mancala_test_dense_LDADD = $(PLUGIN_TEST_LIBS)
endif

# Transcript tests (the .tbl files reach the tarball through TESTS).
TESTS += tests/plugins/mancala/hus.tbl tests/plugins/mancala/maruba.tbl \
	tests/plugins/mancala/variants.tbl tests/plugins/mancala/errors.tbl \
	tests/plugins/mancala/rows.tbl tests/plugins/mancala/check.sh \
	tests/plugins/mancala/passes.tbl
EXTRA_DIST += tests/plugins/mancala/hus.out tests/plugins/mancala/maruba.out \
	tests/plugins/mancala/variants.out tests/plugins/mancala/errors.out \
	tests/plugins/mancala/rows.out tests/plugins/mancala/passes.out

# The two- and three-row games against an independent model of the rules
# (tests/plugins/mancala/reference.py): seeded random games and set-up positions
# compared move by move through `tablero --framed`; skipped without
# python3.
TESTS += tests/plugins/mancala/reference.sh
EXTRA_DIST += tests/plugins/mancala/reference.py tests/plugins/mancala/compare.py

# A developer tool (old plugin vs new: the same games?), not run by check.
EXTRA_DIST += tests/plugins/mancala/same-games.sh

# Balanced openings for `match --openings` (tablero-mancala(7),
# OPENINGS), made by mkopenings.sh; openings.sh plays every one.
mancalaopeningsdir = $(pkgdatadir)/mancala
dist_mancalaopenings_DATA = conf/mancala/hus.openings \
	conf/mancala/mangala.openings
EXTRA_DIST += plugins/mancala/mkopenings.sh
TESTS += tests/plugins/mancala/openings.sh
