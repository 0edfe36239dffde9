#!/usr/bin/env bash
# Signals under tmux: SIGINT, SIGTERM, SIGHUP and a burst of SIGWINCH to the running paywall-sim.
#
#   Scripts/faults/signals.sh [PAYWALL_SIM_BINARY] [--burst N]
#
# For each case it starts the real ncurses program in a tmux pane (80x24, TERM=tmux-256color,
# under dash, which unlike bash never repairs the terminal after a job dies),
# records `stty -a` inside the pane before, finds the program's pid (the pane shell's child named
# paywall-sim), waits for the paywall's first frame, sends the signal, then checks the exit status
# (130, 143, 129; 0 after q for the SIGWINCH burst, which must also leave the program alive and
# drawing), that `stty -a` afterwards is the same (rows/columns lines aside) and that the paywall
# is gone from the pane (the alternate screen was left). A control case SIGKILLs it and expects `stty -a` to differ, which
# proves the comparison can fail. Prints one line per case; exit 0 when all pass, 1 when one fails,
# 77 when tmux is missing (skipped).
set -uo pipefail
BIN="${1:-.build/release/paywall-sim}"
BURST=50
if [ "${2:-}" = "--burst" ]; then BURST="${3:-50}"; fi
if ! command -v tmux >/dev/null 2>&1; then echo "signals: SKIPPED (tmux is not installed)"; exit 77; fi
if [ ! -x "$BIN" ]; then echo "signals: $BIN not found; build it with swift build -c release --product paywall-sim" >&2; exit 2; fi
BIN="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")"
WORK="$(mktemp -d /tmp/paywall-signals.XXXXXX)"
# One tmux server per case, each on its own socket: reusing one socket right after kill-server
# races with the old server's shutdown ("server exited unexpectedly").
T="tmux -S $WORK/none.sock"
failures=0
cleanup() { for s in "$WORK"/*.sock; do [ -S "$s" ] && tmux -S "$s" kill-server 2>/dev/null; done; rm -rf "$WORK"; }
trap cleanup EXIT

wait_for() { # FILE SECONDS
  local i=0; while [ ! -s "$1" ] && [ $i -lt $(( $2 * 20 )) ]; do sleep 0.05; i=$((i + 1)); done; [ -s "$1" ]
}

program_pid() { # the pane shell's child named paywall-sim (not the stty before it, still exiting under load)
  local shell; shell="$($T display-message -p -t sig '#{pane_pid}')"
  local i=0 pid="" name; name="$(basename "$BIN" | cut -c1-15)"
  while [ -z "$pid" ] && [ $i -lt 1200 ]; do pid="$(pgrep -P "$shell" -x "$name" | head -n1)"; [ -z "$pid" ] && sleep 0.05; i=$((i + 1)); done
  echo "$pid"
}

# Deadlines follow the work: each wait ends as soon as what it waits for is there; its limit
# (60 s) is only for a program that never gets there, so a loaded machine is slow, not failed.
pane_shows() { # TEXT: the pane shows TEXT within 60 s
  local i=0; while ! $T capture-pane -p -t sig | grep -q "$1" && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
  $T capture-pane -p -t sig | grep -q "$1"
}

run_case() { # NAME SIGNAL EXPECTED_EXIT [broken]
  local name="$1" sig="$2" expected="$3" want_broken="${4:-}" dir="$WORK/$1"
  mkdir -p "$dir/state"
  $T kill-server 2>/dev/null
  T="tmux -S $WORK/$name.sock"
  $T -f /dev/null new-session -d -s sig -x 80 -y 24 "env -i PATH=/usr/bin:/bin HOME=$dir TERM=tmux-256color LANG=C.UTF-8 sh -i"
  $T send-keys -t sig "stty -a > $dir/before.txt" Enter
  wait_for "$dir/before.txt" 60 || { echo "FAIL $name: the pane shell did not start"; failures=$((failures + 1)); return; }
  $T send-keys -t sig "$BIN --state $dir/state --start paywall; echo \$? > $dir/exit.txt; stty -a > $dir/after.txt" Enter
  local pid; pid="$(program_pid)"
  if [ -z "$pid" ]; then echo "FAIL $name: paywall-sim did not start"; failures=$((failures + 1)); return; fi
  # The paywall's first frame (text of the app's own, not the command line the shell echoed): the
  # terminal is in curses' modes and the handlers are in place.
  if ! pane_shows 'Restore Purchases'; then
    echo "FAIL $name: paywall-sim drew no paywall within 60 s"; failures=$((failures + 1)); kill -9 "$pid" 2>/dev/null; return
  fi
  if [ "$sig" = WINCH ]; then
    for n in $(seq 1 "$BURST"); do
      if [ $((n % 2)) = 0 ]; then $T resize-window -t sig -x 100 -y 30 2>/dev/null; else $T resize-window -t sig -x 80 -y 24 2>/dev/null; fi
      kill -WINCH "$pid" 2>/dev/null
    done
    $T resize-window -t sig -x 80 -y 24 2>/dev/null
    sleep 0.5
    if ! kill -0 "$pid" 2>/dev/null; then echo "FAIL $name: paywall-sim died during the SIGWINCH burst"; failures=$((failures + 1)); fi
    if ! pane_shows 'Restore Purchases'; then echo "FAIL $name: nothing drawn after the burst"; failures=$((failures + 1)); fi
    $T send-keys -t sig q
  else
    kill -"$sig" "$pid"
  fi
  if ! wait_for "$dir/after.txt" 60; then
    echo "FAIL $name: paywall-sim did not exit after SIG$sig"; failures=$((failures + 1)); kill -9 "$pid" 2>/dev/null; return
  fi
  local code; code="$(cat "$dir/exit.txt")"
  local diffs; diffs="$(diff <(grep -v 'rows' "$dir/before.txt") <(grep -v 'rows' "$dir/after.txt"))"
  if [ -n "$want_broken" ]; then
    # The control: SIGKILL cannot be caught, so the terminal stays raw; the comparison must notice.
    if [ "$code" = "$expected" ] && [ -n "$diffs" ] && $T capture-pane -p -t sig | grep -q 'Restore Purchases'; then
      echo "ok   $name: exit $code, stty -a differs and the paywall stays, as they must (the checks can fail)"
    else echo "FAIL $name: exit $code, stty difference '${diffs:0:80}': the control did not break the terminal"; failures=$((failures + 1)); fi
    return
  fi
  if [ "$code" != "$expected" ]; then echo "FAIL $name: exit $code, expected $expected"; failures=$((failures + 1))
  elif $T capture-pane -p -t sig | grep -q 'Restore Purchases'; then
    echo "FAIL $name: the paywall is still on the pane (the alternate screen was not left)"; failures=$((failures + 1))
  elif [ -n "$diffs" ]; then echo "FAIL $name: the terminal was not restored:"; echo "$diffs"; failures=$((failures + 1))
  else echo "ok   $name: exit $code, stty -a identical before and after"; fi
}

run_case sigint INT 130
run_case sigterm TERM 143
run_case sighup HUP 129
run_case sigwinch-burst WINCH 0
run_case sigkill-control KILL 137 broken
if [ $failures -gt 0 ]; then echo "signals: $failures failures"; exit 1; fi
echo "signals: OK (burst of $BURST SIGWINCH)"
