## plugins/yucata: automake fragment (see Makefile.am)

pkglib_LTLIBRARIES += plugins/yucata.la
# Files by role: descriptor and options, the rules, notation, layouts
# (see yucata.h).
YUCATA_SOURCES = plugins/yucata/game.c plugins/yucata/rules.c \
	plugins/yucata/notation.c plugins/yucata/layout.c \
	plugins/yucata/explain.c plugins/yucata/narrate.c \
	plugins/yucata/diagram.c \
	plugins/yucata/yucata.h plugins/yucata/layout.h
plugins_yucata_la_SOURCES = $(YUCATA_SOURCES)
plugins_yucata_la_LDFLAGS = $(PLUGIN_LDFLAGS)
dist_man_MANS += man/tablero-yucata.7
dist_pkgdata_DATA += conf/yucata.ini

# Named stone layouts (`layout = NAME` reads NAME.layout from here).
yucatalayoutdir = $(pkgdatadir)/yucata
dist_yucatalayout_DATA = conf/yucata/tablero.layout \
	conf/yucata/pairs.layout conf/yucata/centre.layout

if HAVE_CMOCKA
check_PROGRAMS += tests/yucata/test_yucata
TESTS += tests/yucata/test_yucata
tests_yucata_test_yucata_SOURCES = tests/yucata/test_yucata.c \
	$(YUCATA_SOURCES)
tests_yucata_test_yucata_CFLAGS = $(UNIT_CFLAGS) -I$(top_srcdir)/tests
tests_yucata_test_yucata_LDADD = $(PLUGIN_TEST_LIBS)
endif
EXTRA_DIST += tests/yucata/rule2.layout

# Transcript tests (the .tbl files reach the tarball through TESTS).
TESTS += tests/yucata/play.tbl tests/yucata/layouts.tbl \
	tests/yucata/options.tbl tests/yucata/explain.tbl
EXTRA_DIST += tests/yucata/play.out tests/yucata/layouts.out \
	tests/yucata/options.out tests/yucata/explain.out

# The plugin against an independent model of the rules (python3; skipped
# without it): seeded random games of every option and set-up positions,
# compared move by move through `tablero --framed`.
TESTS += tests/yucata/reference.sh
EXTRA_DIST += tests/yucata/reference.py tests/yucata/compare.py
