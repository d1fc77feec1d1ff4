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
check_PROGRAMS += tests/plugins/yucata/test_yucata
TESTS += tests/plugins/yucata/test_yucata
tests_plugins_yucata_test_yucata_SOURCES = tests/plugins/yucata/test_yucata.c \
	$(YUCATA_SOURCES)
tests_plugins_yucata_test_yucata_CFLAGS = $(UNIT_CFLAGS) -I$(top_srcdir)/tests
tests_plugins_yucata_test_yucata_LDADD = $(PLUGIN_TEST_LIBS)
endif
EXTRA_DIST += tests/plugins/yucata/rule2.layout

# Transcript tests (the .tbl files reach the tarball through TESTS).
TESTS += tests/plugins/yucata/play.tbl tests/plugins/yucata/layouts.tbl \
	tests/plugins/yucata/options.tbl tests/plugins/yucata/explain.tbl
EXTRA_DIST += tests/plugins/yucata/play.out tests/plugins/yucata/layouts.out \
	tests/plugins/yucata/options.out tests/plugins/yucata/explain.out

# The plugin against an independent model of the rules (python3; skipped
# without it): seeded random games of every option and set-up positions,
# compared move by move through `tablero --framed`.
TESTS += tests/plugins/yucata/reference.sh
EXTRA_DIST += tests/plugins/yucata/reference.py tests/plugins/yucata/compare.py
