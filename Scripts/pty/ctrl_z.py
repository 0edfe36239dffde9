#!/usr/bin/env python3
"""Presses Ctrl-Z in `paywall-sim run` on a pseudo-terminal, as a person in a shell would.

Usage: ctrl_z.py BINARY STATE_DIR. Prints one line per step (`drawn`, `stopped`, `left curses`,
`continued`, `drawn again`, `exit N`), or `FAIL <why>` and exits 1. The app is run with
TERM=xterm-256color; leaving curses is the alternate screen's end (ESC [ ? 1049 l), coming back its
start (ESC [ ? 1049 h).
"""
import os
import pty
import select
import signal
import sys
import time

binary, state = sys.argv[1], sys.argv[2]
ENTER, LEAVE = b"\x1b[?1049h", b"\x1b[?1049l"


def read_until(fd, marker, seconds):
    """Everything the app wrote until `marker` appeared (or the time ran out)."""
    seen = b""
    deadline = time.time() + seconds
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
            if marker in seen:
                return seen
    return seen


def fail(why):
    print("FAIL " + why)
    sys.exit(1)


pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "xterm-256color"
    os.environ.pop("NO_COLOR", None)
    os.execv(binary, [binary, "run", "--state", state])

# The first frame: the alternate screen entered and the onboarding drawn.
first = read_until(fd, b"Nova", 20)
if ENTER not in first or b"Nova" not in first:
    fail("no first frame: %r" % first[-300:])
print("drawn")
os.write(fd, b"\x1a")
deadline = time.time() + 10
stopped = False
left = b""
while time.time() < deadline:
    left += read_until(fd, LEAVE, 0.2)
    done, status = os.waitpid(pid, os.WUNTRACED | os.WNOHANG)
    if done == pid and os.WIFSTOPPED(status):
        stopped = True
        break
    if done == pid:
        fail("the app ended on Ctrl-Z (status %d)" % status)
if not stopped:
    fail("the app did not stop on Ctrl-Z")
print("stopped")
left += read_until(fd, LEAVE, 1)
if LEAVE not in left:
    fail("the terminal was not given back before the stop: %r" % left[-200:])
print("left curses")
os.kill(pid, signal.SIGCONT)
print("continued")
# Back: the next frame re-enters the alternate screen and draws the screen whole.
os.write(fd, b"\x00")  # no key: wake the loop as a terminal's input would
again = read_until(fd, b"Nova", 10)
if ENTER not in again or b"Nova" not in again:
    fail("no frame after SIGCONT: %r" % again[-300:])
print("drawn again")
os.write(fd, b"\x03")  # Ctrl-C quits anywhere
deadline = time.time() + 10
while time.time() < deadline:
    read_until(fd, b"\x00\x00", 0.2)
    done, status = os.waitpid(pid, os.WNOHANG)
    if done == pid:
        print("exit %d" % (os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)))
        sys.exit(0)
os.kill(pid, signal.SIGKILL)
fail("the app did not quit on Ctrl-C after resuming")
