#!/usr/bin/env python3
"""Drive an interactive tablero on a pseudo-terminal, as a user would.

    pty-session.py SCRIPT -- TABLERO ARGS...

SCRIPT lines (tab-separated):
    send<TAB>TEXT        type TEXT (\\r, \\t, \\x03 escapes are decoded)
    expect<TAB>REGEX     wait (up to 20 s) for REGEX in the output since
                         the last expect; fail if it does not come
    sleep<TAB>SECONDS
    kill<TAB>SIGNAL      send the program signal number SIGNAL
    exit<TAB>STATUS[<TAB>SECONDS]
                         wait (up to SECONDS, default 20) for the program
                         to exit with STATUS (-N: killed by signal N)
Prints the whole session on failure.  Exit status 0 on success.
"""
import os, pty, re, select, sys, time, codecs

def main():
    sep = sys.argv.index('--')
    script = open(sys.argv[1]).read().splitlines()
    argv = sys.argv[sep + 1:]
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(argv[0], argv)
    out = b''
    mark = 0

    def read_some(timeout):
        nonlocal out
        r, _, _ = select.select([fd], [], [], timeout)
        if r:
            try:
                data = os.read(fd, 65536)
            except OSError:
                return False
            if not data:
                return False
            out += data
        return True

    def fail(msg):
        sys.stdout.write('not ok - %s\n' % msg)
        for l in out.decode('utf-8', 'replace').splitlines():
            sys.stdout.write('# %r\n' % l)
        try:
            os.kill(pid, 9)
        except OSError:
            pass
        sys.exit(1)

    for line in script:
        if not line or line.startswith('#'):
            continue
        op, _, arg = line.partition('\t')
        if op == 'send':
            os.write(fd, codecs.decode(arg, 'unicode_escape').encode())
        elif op == 'sleep':
            t = time.time() + float(arg)
            while time.time() < t:
                read_some(0.05)
        elif op == 'expect':
            rx = re.compile(arg.encode())
            t = time.time() + 20
            while True:
                m = rx.search(out, mark)
                if m:
                    mark = m.end()
                    break
                if time.time() > t:
                    fail('no %r in the output' % arg)
                if not read_some(0.1):
                    if not rx.search(out, mark):
                        fail('the program ended before %r' % arg)
        elif op == 'kill':
            os.kill(pid, int(arg))
        elif op == 'exit':
            arg, _, limit = arg.partition('\t')
            t = time.time() + float(limit or 20)
            while True:
                done, status = os.waitpid(pid, os.WNOHANG)
                if done:
                    break
                if time.time() > t:
                    fail('the program did not exit within %s s' % (limit or 20))
                read_some(0.1)
            code = os.waitstatus_to_exitcode(status)
            if code != int(arg):
                fail('exit status %d, expected %s' % (code, arg))
        else:
            fail('bad script line %r' % line)
    sys.exit(0)

main()
