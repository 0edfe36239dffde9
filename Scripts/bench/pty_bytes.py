#!/usr/bin/env python3
"""Bytes the real ncurses program writes per keystroke, and keystroke-to-output latency.

Runs `paywall-sim --state TMP --start paywall` on a pseudo-terminal (TERM=xterm-256color,
80x24 via TIOCSWINSZ), presses Down/Up N times and counts the bytes written after each press,
against a full repaint of the same screen (the first frame, and the repaint after a resize
away and back). Prints a Markdown table. Never asserts a time; exits 1 only if the program
cannot be driven at all.

    Scripts/bench/pty_bytes.py [--binary .build/release/paywall-sim] [--presses 200] [--size 80x24]
"""
import argparse
import curses
import fcntl
import os
import pty
import select
import shutil
import signal
import struct
import sys
import tempfile
import termios
import time


def set_size(fd, cols, rows):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def read_until_quiet(fd, quiet, first_timeout):
    """Reads until no byte came for `quiet` seconds.

    Returns (bytes, seconds to the first byte or None, seconds to the last byte or None)."""
    data = bytearray()
    start = time.monotonic()
    first = last = None
    deadline = start + first_timeout
    while True:
        timeout = quiet if data else max(0.0, deadline - time.monotonic())
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        last = time.monotonic() - start
        if first is None:
            first = last
        data.extend(chunk)
    return bytes(data), first, last


def key_sequence(name):
    """The bytes an xterm sends for a key, from terminfo (keypad mode), e.g. kcud1 = ESC O B."""
    seq = curses.tigetstr(name)
    if not seq:
        raise SystemExit(f"pty_bytes: terminfo has no {name} for TERM=xterm-256color")
    return seq


def quantile(samples, q):
    if not samples:
        return float("nan")
    s = sorted(samples)
    rank = max(0, min(len(s) - 1, int(-(-q * len(s) // 1)) - 1))
    return s[rank]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/paywall-sim")
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--quiet-ms", type=float, default=40, help="silence that ends one keystroke's output")
    parser.add_argument("--dump", action="store_true", help="also print the bytes of the first two plan moves (repr), to see what they are made of")
    args = parser.parse_args()
    cols, rows = (int(x) for x in args.size.lower().split("x"))
    if not os.path.exists(args.binary):
        print(f"pty_bytes: {args.binary} not found; build it with `swift build -c release --product paywall-sim`", file=sys.stderr)
        return 1

    os.environ["TERM"] = "xterm-256color"
    curses.setupterm("xterm-256color", sys.stdout.fileno() if sys.stdout.isatty() else os.open(os.devnull, os.O_WRONLY))
    down, up = key_sequence("kcud1"), key_sequence("kcuu1")

    state = tempfile.mkdtemp(prefix="paywall-pty-")
    pid, fd = pty.fork()
    if pid == 0:
        env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        env.pop("NO_COLOR", None)
        set_size(0, cols, rows)
        os.execve(args.binary, [args.binary, "--state", state, "--start", "paywall"], env)
    set_size(fd, cols, rows)
    quiet = args.quiet_ms / 1000
    first_frame, _, _ = read_until_quiet(fd, 0.3, 10)
    if not first_frame:
        print("pty_bytes: the program wrote nothing in 10 s", file=sys.stderr)
        os.kill(pid, signal.SIGKILL)
        return 1

    move_bytes, latencies, whole, silent = [], [], [], 0
    for i in range(args.presses):
        sent = time.monotonic()
        os.write(fd, down if i % 2 == 0 else up)
        out, first, last = read_until_quiet(fd, quiet, 2.0)
        if first is None:
            silent += 1
            continue
        move_bytes.append(len(out))
        latencies.append(first)
        whole.append(last)
        if args.dump and len(move_bytes) <= 2:
            print(f"plan move {len(move_bytes)} ({len(out)} bytes): {out!r}", file=sys.stderr)
        del sent

    # A full repaint of the same screen: resize away and back (ncurses repaints everything).
    set_size(fd, cols + 1, rows)
    os.kill(pid, signal.SIGWINCH)
    read_until_quiet(fd, 0.2, 2.0)
    set_size(fd, cols, rows)
    os.kill(pid, signal.SIGWINCH)
    repaint, _, _ = read_until_quiet(fd, 0.2, 2.0)

    os.write(fd, b"q")
    read_until_quiet(fd, 0.2, 2.0)
    _, status = os.waitpid(pid, 0)
    shutil.rmtree(state, ignore_errors=True)

    median_bytes = quantile(move_bytes, 0.5)
    print(f"# pty_bytes: {args.binary} --start paywall, TERM=xterm-256color, {cols}x{rows}, {args.presses} presses")
    print("$ " + " ".join([os.path.relpath(sys.argv[0])] + sys.argv[1:]))
    print()
    print("| figure | value |")
    print("|---|---|")
    print(f"| first full frame | {len(first_frame)} bytes |")
    print(f"| full repaint after resize away and back | {len(repaint)} bytes |")
    print(f"| one plan move (Down/Up), median | {median_bytes} bytes |")
    print(f"| one plan move, min / max | {min(move_bytes, default=0)} / {max(move_bytes, default=0)} bytes |")
    if median_bytes:
        print(f"| full repaint / plan move | ×{len(repaint) / median_bytes:.1f} (first frame ×{len(first_frame) / median_bytes:.1f}) |")
    print(f"| keystroke to first output byte, median | {quantile(latencies, 0.5) * 1000:.2f} ms |")
    print(f"| keystroke to first output byte, p99 | {quantile(latencies, 0.99) * 1000:.2f} ms |")
    print(f"| keystroke to the frame's last byte, median | {quantile(whole, 0.5) * 1000:.2f} ms |")
    print(f"| keystroke to the frame's last byte, p99 | {quantile(whole, 0.99) * 1000:.2f} ms |")
    print(f"| presses with no output | {silent} |")
    code = os.waitstatus_to_exitcode(status)
    print(f"| exit status after q | {code} |")
    return 0 if move_bytes else 1


if __name__ == "__main__":
    sys.exit(main())
