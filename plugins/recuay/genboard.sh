#!/bin/sh
# genboard.sh - write the C source embedding a board file as the string
# rc_default_board.  Used by hand (make recuay-default-board) whenever
# conf/recuay/schaedel.board changes; the unit test test_recuay checks
# that the embedded text and the shipped file are the same.
#
#   sh genboard.sh conf/recuay/schaedel.board > plugins/recuay/board_default.c
set -e
echo '/* board_default.c - generated from conf/recuay/schaedel.board by'
echo ' * plugins/recuay/genboard.sh: do not edit, regenerate. */'
echo '#include "board.h"'
echo ''
echo 'const char rc_default_board[] ='
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/	"/' -e 's/$/\\n"/' "$1"
echo '	;'
