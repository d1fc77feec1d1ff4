# tap.sh - TAP output for the shell tests.  Source it after the plan line
# (echo "1..N"):  . "$top_srcdir/tests/tap.sh"
#	ok DESCRIPTION			the next test passed
#	nok DESCRIPTION [TEXT...]	the next test failed; every line of each
#					TEXT follows as a '# ' comment
#	skip REASON			the next test was skipped
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() {
	n=$((n + 1))
	echo "not ok $n - $1"
	shift
	for l in "$@"; do printf '%s\n' "$l" | sed 's/^/# /'; done
}
skip() { n=$((n + 1)); echo "ok $n # SKIP $1"; }
