#!/usr/bin/env python3
"""Kill -9 the real program at random instants during purchases, renewals, restores and chat.

Each round plays one scenario tape with `paywall-sim play TAPE --state DIR` on a shared state
directory (one for store scenarios, one for chat) and SIGKILLs it after a random delay drawn
from the scenario's measured run time. After every round `paywall-sim debug check-state` checks
the state directory with the program's own loaders, read only (this script opens no state file;
each check compares with the summary the one before recorded in the work folder):

  * every JSON file parses and every events.jsonl line parses (never half-written), and a
    ledger journal has no damaged line but a torn last one;
  * no transaction is lost: every transaction the store ledger held before is still there,
    a finished one stays finished, a granted one stays granted;
  * none is granted twice: transaction ids and backend grants are unique, every grant is a
    transaction the store issued, every finished transaction was posted to the backend;
  * the quota is never reset by a crash: on the same day, `used` never goes back, the number
    of message events never goes back, and no message_sent event counts more than quota.json;
  * after a final clean launch every transaction is finished and granted exactly once;
  * a run that was not killed exits 0 or 1 (1: a tape expectation, e.g. nothing to renew yet),
    never 2 or a crash (the state it found opened fine).

    Scripts/faults/kill_rounds.py [--binary .build/release/paywall-sim] [--rounds 20] [--soak] [--seed 1]

Exit status 0 when every check held, 1 when one failed (each failure printed), 2 on bad usage.
"""
import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SCENARIOS = {
    # Buy the selected plan, confirm, let the store and backend answer, force renewals.
    "purchase": """Set Start paywall
Set Offer A
Set Store TimeRate oneRenewalEveryTwoSeconds
Key Down
Key Enter
Key Enter
Sleep 4s
Store Renew
Sleep 3s
Store Renew
Sleep 3s
Key Enter
""",
    # Renewals on the simulated clock plus a forced one.
    "renewal": """Set Start paywall
Set Store TimeRate oneRenewalEveryTwoSeconds
Store Renew
Sleep 3s
Store Renew
Sleep 3s
Store Renew
Sleep 3s
""",
    # Restore from the paywall: AppStore.sync, posting what it re-delivers.
    "restore": """Set Start paywall
Key r
Sleep 4s
Key Enter
Sleep 1s
""",
    # Free messages in chat (a config with a large daily limit, so the count can keep rising).
    "chat": """Set Start chat
Set Config quota-config.json
Type "one\\n"
Type "two\\n"
Type "three\\n"
Type "four\\n"
Sleep 1s
""",
}

# The last, clean launch: real time, long enough for redelivered transactions to be posted and
# finished. Every relaunch starts the virtual clock at the same instant, while the renewals of
# earlier runs (at "one renewal every 2 s", after up to ~10 s of sleeps) can sit up to ~12 s after
# it; at real time at most one more renewal can fall due, and the store bills it when the first
# Sleep ends. The second Sleep lets its post be answered and the transaction finished. Sleeps are
# virtual time: they cost milliseconds.
SETTLE = """Set Start paywall
Set Store TimeRate realTime
Sleep 60s
Sleep 2s
"""

CONFIG = {
    "offers": [
        {"id": "A", "layoutVariant": "list", "productIDs": ["weekly_9_99", "yearly_59_99"], "defaultProductID": "yearly_59_99"},
        {"id": "B", "layoutVariant": "cards", "productIDs": ["weekly_9_99", "monthly_14_99"], "defaultProductID": "monthly_14_99"},
        {"id": "C", "layoutVariant": "focus", "productIDs": ["yearly_59_99", "monthly_14_99"], "defaultProductID": "yearly_59_99"},
    ],
    "dailyMessageLimit": 100000,
}


# The summary line `paywall-sim debug check-state` prints to stdout.
SUMMARY = re.compile(r"(?P<transactions>\d+) transactions, (?P<granted>\d+) granted, (?P<unfinished>\d+) unfinished; "
                     r"quota day (?P<day>\S+) used (?P<used>\d+); (?P<messages>\d+) message events")


class Checker:
    """Runs `paywall-sim debug check-state` on a state directory after each round: the program's own
    loaders check it, read only, against the summary the previous check recorded in the work folder."""

    def __init__(self, binary, work):
        self.binary = binary
        self.work = work
        self.failures = []
        self.summaries = {}  # state dir -> the last summary line's fields

    def fail(self, round_no, text):
        self.failures.append(f"round {round_no}: {text}")
        print(f"FAIL round {round_no}: {text}", file=sys.stderr)

    def check(self, round_no, state, settled=False):
        """Checks `state`; with `settled`, also that every transaction is finished and granted once."""
        record = os.path.join(self.work, os.path.basename(state) + ".summary.json")
        if not os.path.isdir(state):
            if os.path.exists(record):
                self.fail(round_no, f"{state} is gone")
            return  # killed before the program made the directory: nothing to check yet
        command = [self.binary, "debug", "check-state", state, "--record", record]
        if os.path.exists(record):
            command += ["--previous", record]
        if settled:
            command.append("--settled")
        try:
            result = subprocess.run(command, capture_output=True, text=True, timeout=300)
        except subprocess.TimeoutExpired:
            self.fail(round_no, f"check-state {state} did not end within 300 s")
            return
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        for line in lines:
            self.fail(round_no, line)
        if result.returncode not in (0, 1) or (result.returncode == 1 and not lines):
            self.fail(round_no, f"check-state {state} exited {result.returncode}: {result.stdout.strip()[:400]}")
        match = SUMMARY.search(result.stdout)
        if match:
            self.summaries[state] = match.groupdict()
        elif result.returncode in (0, 1):
            self.fail(round_no, f"check-state {state} printed no summary: {result.stdout.strip()[:400]}")

    def summary(self, state):
        """The last summary check-state printed for `state` (zeros before any)."""
        fields = {"transactions": "0", "granted": "0", "unfinished": "0", "day": "none", "used": "0", "messages": "0"}
        fields.update(self.summaries.get(state, {}))
        return fields


def play(binary, tape, state, delay):
    """Plays `tape`; kills it with SIGKILL after `delay` seconds. Returns (killed, exit code, output)."""
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen([binary, "play", tape, "--state", state, "--continue"], stdout=out, stderr=subprocess.STDOUT)
        try:
            proc.wait(timeout=delay)
            killed = False
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            killed = True
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    return killed, proc.returncode, "" if killed else text


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.environ.get("PAYWALL_SIM", ".build/release/paywall-sim"))
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--soak", action="store_true", help="500 rounds unless --rounds is given")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--keep", action="store_true", help="keep the state directories")
    args = parser.parse_args()
    if args.soak and "--rounds" not in sys.argv:
        args.rounds = 500
    if not os.access(args.binary, os.X_OK):
        print(f"kill_rounds: {args.binary} not found; build it with `swift build -c release --product paywall-sim`", file=sys.stderr)
        return 2
    binary = os.path.abspath(args.binary)
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="paywall-kill-")
    tapes = {}
    for name, text in list(SCENARIOS.items()) + [("settle", SETTLE)]:
        tapes[name] = os.path.join(work, f"{name}.tape")
        with open(tapes[name], "w") as f:
            f.write(text)
    with open(os.path.join(work, "quota-config.json"), "w") as f:
        json.dump(CONFIG, f)
    store_state, chat_state = os.path.join(work, "store-state"), os.path.join(work, "chat-state")

    # Calibrate: how long each scenario takes when nobody kills it (on scratch state, purchase first
    # so renewals have a subscription). Exit 1 is a tape expectation (e.g. the store refusing a
    # renewal with nothing bought), not a fault; 2 or more means the state could not be opened.
    durations = {}
    scratch = os.path.join(work, "calibrate")
    for name, tape in tapes.items():
        start = time.monotonic()
        killed, code, err = play(binary, tape, scratch if name != "chat" else scratch + "-chat", 120)
        durations[name] = time.monotonic() - start
        if code not in (0, 1):
            print(f"kill_rounds: scenario {name} does not play (exit {code}): {err.strip()}", file=sys.stderr)
            return 1
    shutil.rmtree(scratch, ignore_errors=True)
    shutil.rmtree(scratch + "-chat", ignore_errors=True)

    checker = Checker(binary, work)
    killed_count = completed = 0
    names = list(SCENARIOS)
    for round_no in range(1, args.rounds + 1):
        name = rng.choice(names)
        state = chat_state if name == "chat" else store_state
        # Mostly inside the run: run times vary with the machine's load, so aim below the fastest seen.
        delay = rng.uniform(0, durations[name] * (0.9 if rng.random() < 0.9 else 1.2))
        started = time.monotonic()
        killed, code, err = play(binary, tapes[name], state, delay)
        if killed:
            killed_count += 1
        else:
            completed += 1
            durations[name] = min(durations[name], time.monotonic() - started)
            if code not in (0, 1):
                checker.fail(round_no, f"{name} ran to the end but exited {code}: {err.strip()[:400]}")
        checker.check(round_no, state)

    # A last clean launch on each directory must open the state and deliver what was left; then
    # every transaction of the store's directory is finished and granted exactly once.
    for name, state in (("settle", store_state), ("chat", chat_state)):
        killed, code, err = play(binary, tapes[name], state, 120)
        if code != 0:
            checker.fail(args.rounds + 1, f"clean relaunch ({name}) exited {code}: {err.strip()[:400]}")
        checker.check(args.rounds + 1, state, settled=state == store_state)

    store, chat = checker.summary(store_state), checker.summary(chat_state)
    print(f"kill_rounds: seed {args.seed}, {args.rounds} rounds: {killed_count} killed with SIGKILL, {completed} ran to the end")
    print("  scenario run times: " + ", ".join(f"{n} {d * 1000:.0f} ms" for n, d in durations.items()))
    print(f"  store: {store['transactions']} transactions, {store['granted']} granted, each exactly once and finished after the clean relaunch ({store['unfinished']} unfinished)")
    print(f"  chat: quota used {chat['used']} on {chat['day']}, {chat['messages']} message events, never went back")
    if args.keep:
        print(f"  state kept in {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    if checker.failures:
        print(f"kill_rounds: {len(checker.failures)} failures", file=sys.stderr)
        return 1
    print("kill_rounds: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
