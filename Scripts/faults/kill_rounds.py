#!/usr/bin/env python3
"""Kill -9 the real program at random instants during purchases, renewals, restores and chat.

Each round plays one scenario tape with `paywall-sim play TAPE --state DIR` on a shared state
directory (one for store scenarios, one for chat) and SIGKILLs it after a random delay drawn
from the scenario's measured run time. After every round the state files are checked:

  * every JSON file parses and every events.jsonl line parses (never half-written);
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
import glob
import json
import os
import random
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


class Checker:
    """Remembers what the state directories held and checks the next look against it."""

    def __init__(self):
        self.failures = []
        self.seen = {}  # store dir -> {id: {"finished": bool}}
        self.granted = {}  # store dir -> set of granted ids
        self.quota = {}  # dir -> (day, used)
        self.messages = {}  # dir -> count of message events

    def fail(self, round_no, text):
        self.failures.append(f"round {round_no}: {text}")
        print(f"FAIL round {round_no}: {text}", file=sys.stderr)

    def load_json(self, round_no, path):
        try:
            with open(path, "rb") as f:
                return json.loads(f.read().decode("utf-8"))
        except (ValueError, UnicodeDecodeError) as e:
            self.fail(round_no, f"{path} is not valid JSON (half-written?): {e}")
        except OSError:
            pass
        return None

    def load_ledger(self, round_no, path):
        """A JournaledLedger: the snapshot PATH plus the numbered changes in PATH's .journal after it.
        Only the journal's last line may be torn (a save the kill cut short, never acknowledged)."""
        state = self.load_json(round_no, path)
        journal = path[:-len(".json")] + ".journal"
        if not isinstance(state, dict) or not os.path.exists(journal):
            return state
        with open(journal, "rb") as f:
            lines = f.read().split(b"\n")
        for number, line in enumerate(lines, 1):
            if not line:
                continue
            try:
                entry = json.loads(line.decode("utf-8"))
            except (ValueError, UnicodeDecodeError) as e:
                if number == len(lines):  # no newline after it: a torn last append
                    break
                self.fail(round_no, f"{journal}:{number}: not a journal line: {e}")
                return state
            if entry["seq"] <= (state.get("journalSeq") or 0):
                continue
            change = entry["change"]
            if "head" in change:  # the store: upserted records by id, finished ids, then the other fields
                records = state.get("records", [])
                at = {r["payload"]["transactionId"]: i for i, r in enumerate(records)}
                for record in change["upserts"]:
                    tid = record["payload"]["transactionId"]
                    if tid in at:
                        records[at[tid]] = record
                    else:
                        at[tid] = len(records)
                        records.append(record)
                for tid in change.get("finished", []):  # a finish journals the id alone
                    if tid in at:
                        records[at[tid]] = dict(records[at[tid]], finished=True)
                state = dict(change["head"], records=records)
            else:  # the backend: records by id, grants appended, the last entitlement
                state.setdefault("records", {}).update({r["transactionID"]: r for r in change.get("upserts", [])})
                state["grants"] = state.get("grants", []) + change.get("newGrants", [])
                state["lastVerified"] = change.get("lastVerified")
            state["journalSeq"] = entry["seq"]
        return state

    def check(self, round_no, state):
        for path in glob.glob(os.path.join(state, "**", "*.json"), recursive=True):
            self.load_json(round_no, path)
        events = os.path.join(state, "events.jsonl")
        message_count = 0
        max_counted = 0
        if os.path.exists(events):
            with open(events, "rb") as f:
                for n, line in enumerate(f.read().split(b"\n"), 1):
                    if not line:
                        continue
                    try:
                        event = json.loads(line)
                    except ValueError as e:
                        self.fail(round_no, f"{events}:{n}: a half-written event line: {e}")
                        continue
                    if event.get("name") == "message_sent":
                        message_count += 1
                        counted = int(event.get("properties", {}).get("count_today", "0"))
                        max_counted = max(max_counted, counted)
        if message_count < self.messages.get(state, 0):
            self.fail(round_no, f"message events went back from {self.messages[state]} to {message_count}")
        self.messages[state] = max(message_count, self.messages.get(state, 0))
        self.check_quota(round_no, state, max_counted)
        self.check_ledgers(round_no, state)

    def check_quota(self, round_no, state, max_counted):
        quota = self.load_json(round_no, os.path.join(state, "quota.json"))
        if not isinstance(quota, dict):
            return
        now = (quota.get("day"), int(quota.get("used", 0)))
        if now[1] < max_counted:  # every run plays the same day, so events and quota share it
            self.fail(round_no, f"a sent message is not counted: an event says {max_counted} used today, quota.json {now[1]}")
        before = self.quota.get(state)
        if before and before[0] == now[0] and now[1] < before[1]:
            self.fail(round_no, f"quota reset by a crash: day {now[0]} used {before[1]} -> {now[1]}")
        if before and before[0] and now[0] and now[0] < before[0]:
            self.fail(round_no, f"quota day went back: {before[0]} -> {now[0]}")
        self.quota[state] = now

    def check_ledgers(self, round_no, state):
        store = self.load_ledger(round_no, os.path.join(state, "store", "store-ledger.json"))
        backend = self.load_ledger(round_no, os.path.join(state, "backend", "backend-ledger.json")) or {}
        if not isinstance(store, dict):
            return
        records = store.get("records", [])
        ids = [r.get("payload", {}).get("transactionId") for r in records]
        if len(ids) != len(set(ids)):
            self.fail(round_no, f"duplicate transaction ids in the store ledger: {sorted(i for i in set(ids) if ids.count(i) > 1)}")
        current = {r["payload"]["transactionId"]: {"finished": bool(r.get("finished"))} for r in records}
        grants = backend.get("grants", []) if isinstance(backend, dict) else []
        backend_records = backend.get("records", {}) if isinstance(backend, dict) else {}
        if len(grants) != len(set(grants)):
            self.fail(round_no, f"a transaction granted twice: {sorted(g for g in set(grants) if grants.count(g) > 1)}")
        for g in grants:
            if g not in current:
                self.fail(round_no, f"granted {g} is not a transaction the store ledger holds")
        for tid, rec in current.items():
            if rec["finished"] and tid not in backend_records:
                self.fail(round_no, f"transaction {tid} was finished but the backend never recorded it")
        previous = self.seen.get(state, {})
        for tid, rec in previous.items():
            if tid not in current:
                self.fail(round_no, f"transaction {tid} lost after a kill")
            elif rec["finished"] and not current[tid]["finished"]:
                self.fail(round_no, f"transaction {tid} was finished and is unfinished again")
        for g in self.granted.get(state, set()):
            if g not in grants:
                self.fail(round_no, f"grant of {g} lost after a kill")
        self.seen[state] = current
        self.granted[state] = set(grants)

    def settled(self, round_no, state):
        """After the clean launch: every transaction finished and granted exactly once."""
        store = self.load_ledger(round_no, os.path.join(state, "store", "store-ledger.json")) or {}
        backend = self.load_ledger(round_no, os.path.join(state, "backend", "backend-ledger.json")) or {}
        grants = backend.get("grants", [])
        for r in store.get("records", []):
            tid = r["payload"]["transactionId"]
            if not r.get("finished"):
                p = r["payload"]
                self.fail(round_no, f"transaction {tid} is still unfinished after a clean launch "
                          f"({p.get('transactionReason')}, purchased {p.get('purchaseDate')}, signed {p.get('signedDate')} ms)")
            if grants.count(tid) != 1:
                self.fail(round_no, f"transaction {tid} granted {grants.count(tid)} times after a clean launch, expected once")

    def summary(self, state):
        return len(self.seen.get(state, {})), len(self.granted.get(state, set())), sum(
            1 for r in self.seen.get(state, {}).values() if not r["finished"])


def play(binary, tape, state, delay):
    """Plays `tape`; kills it with SIGKILL after `delay` seconds. Returns (killed, exit code, output)."""
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen([binary, "play", tape, "--state", state], stdout=out, stderr=subprocess.STDOUT)
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

    checker = Checker()
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

    # A last clean launch on each directory must open the state and deliver what was left.
    for name, state in (("settle", store_state), ("chat", chat_state)):
        killed, code, err = play(binary, tapes[name], state, 120)
        if code != 0:
            checker.fail(args.rounds + 1, f"clean relaunch ({name}) exited {code}: {err.strip()[:400]}")
        checker.check(args.rounds + 1, state)
    checker.settled(args.rounds + 1, store_state)

    transactions, grants, unfinished = checker.summary(store_state)
    quota = checker.quota.get(chat_state, (None, 0))
    print(f"kill_rounds: seed {args.seed}, {args.rounds} rounds: {killed_count} killed with SIGKILL, {completed} ran to the end")
    print("  scenario run times: " + ", ".join(f"{n} {d * 1000:.0f} ms" for n, d in durations.items()))
    print(f"  store: {transactions} transactions, {grants} granted, each exactly once and finished after the clean relaunch ({unfinished} unfinished)")
    print(f"  chat: quota used {quota[1]} on {quota[0]}, {checker.messages.get(chat_state, 0)} message events, never went back")
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
