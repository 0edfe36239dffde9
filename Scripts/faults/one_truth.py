#!/usr/bin/env python3
"""Random operations by real processes on one state directory, every view checked after each step.

One seed is one run: a state directory pinned at 2026-01-30T09:00:00Z in Sandbox, `paywall-sim
serve` on it with an API key, and STEPS operations drawn from the seed, each a real process:

  buy / refund / expire / storefront   a `store` command (a refusal is a clean exit 1, never a crash)
  advance                              `store advance` by an hour to three days; one in three, by
                                       one to seven days, is stopped half way by SIGINT or SIGKILL
  fast                                 on a second state (Xcode, the fastest monthly time rate, a
                                       weekly subscription: ~2,900 renewals a simulated day),
                                       `store advance 7d` stopped after 0.3-2 s by SIGINT or SIGKILL:
                                       what it committed must end at the clock it left
  app                                  the app buys through serve (`play --continue --backend`),
                                       in English, Korean or German; one in five is killed
                                       mid-purchase
  small                                the app in a 40x10 window, where only "Enlarge the window"
                                       shows: Enter Enter must buy nothing
  reset                                `store reset --all`, or the app started over (`play --reset`)
  serve                                serve killed (SIGKILL) and started again on the state

The state is made by `store entitlements`, `store transactions` or `store products` (drawn from the
seed) with `--now` and `--environment Sandbox`: every store command keeps what it is given.

After every step:
  * `paywall-sim debug check-state` holds: every file reads, ids and grants unique, nothing lost
    since the look before (unless the step reset the state), nothing dated after the clock; and
    `store transactions` lists no transaction dated after the state's clock (checked here too, so
    a build whose own check lacks it is judged the same);
  * serve's view equals a fresh read: Apple's `AppStoreServerAPIClient` reads the customer's whole
    history and every subscription status through serve, Apple's `SignedDataVerifier` (Sandbox,
    the state's root) verifies each, and they equal what a new `store transactions` and
    `store entitlements` process reads;
  * an app purchase that was not killed verified through serve (the app unlocked), its paywall
    showed the account's currency whatever the app's language, and the App Store signed it in that
    storefront and currency;
and at the end every store command still works on the state.

    one_truth.py [--binary .build/debug/paywall-sim] [--seed 1] [--seeds 1] [--steps 30] [--skip OP,OP]

`--skip` leaves operations out (e.g. `--skip storefront` for a build without `store storefront`).

Prints one line per seed (its steps, the time it took) and, for a failure, the seed and step to
replay with `--seed N`. Exit 0 when every check held, 1 when one failed, 2 on bad usage. Run with
the Python of the virtual environment `.ci/run` makes (`.venv-appstore/bin/python`).
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

from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient, GetTransactionHistoryVersion
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.TransactionHistoryRequest import Order, TransactionHistoryRequest
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

BUNDLE = "com.paywallsim.app"
KEY_ID = "JUDGE00001"
START = "2026-01-30T09:00:00Z"
PRODUCTS = ["weekly_9_99", "monthly_14_99", "yearly_59_99"]
STOREFRONTS = ["USA", "KOR", "DEU", "JPN"]
CURRENCIES = {"USA": ("USD", "$"), "KOR": ("KRW", "₩"), "DEU": ("EUR", "€"), "JPN": ("JPY", "¥")}
LOCALES = [None, "ko", "de"]
SMALL_TAPE = """Set Size 40x10
Set Start paywall
Sleep 1s
Key Enter
Key Enter
Sleep 6s
"""
APP_TAPE = """Set Start paywall
Key Enter
Key Enter
Sleep 6s
ExpectNot "could not be verified"
ExpectNot "could not confirm"
"""


class Failure(Exception):
    """A check that did not hold, in one line."""


class Run:
    """One seed's state directory, its server and its random operations."""

    def __init__(self, binary, seed, work, skip=()):
        self.binary = binary
        self.skip = set(skip)
        # The account's storefront as the operations left it (a new state's is the USA's).
        self.storefront = "USA"
        self.rng = random.Random(seed)
        self.work = work
        self.state = os.path.join(work, "state")
        self.summary = os.path.join(work, "summary.json")
        self.tape = os.path.join(work, "buy.tape")
        with open(self.tape, "w") as handle:
            handle.write(APP_TAPE)
        self.small_tape = os.path.join(work, "small.tape")
        with open(self.small_tape, "w") as handle:
            handle.write(SMALL_TAPE)
        self.key = os.path.join(work, "AuthKey.p8")
        with open(self.key, "wb") as handle:
            handle.write(ec.generate_private_key(ec.SECP256R1()).private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
        self.server = None
        self.base_url = None
        self.reset_since_look = True
        # The second state, at a fast time rate, made by the first `fast` operation.
        self.fast_state = os.path.join(work, "fast")
        self.fast_summary = os.path.join(work, "fast-summary.json")

    def cli(self, *arguments, timeout=120):
        done = subprocess.run([self.binary, *arguments], capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
        if done.returncode < 0 or done.returncode > 2:
            raise Failure(f"{' '.join(arguments)}: exit {done.returncode} (a crash?): {done.stderr.strip()[-300:]}")
        return done

    def store(self, *arguments, refusal_ok=False):
        done = self.cli("store", *arguments, "--state", self.state)
        if done.returncode != 0 and not (refusal_ok and done.returncode == 1 and done.stderr.count("\n") <= 2):
            raise Failure(f"store {' '.join(arguments)}: exit {done.returncode}: {done.stderr.strip()[-300:]}")
        return done

    def interrupted(self, arguments, deadline, at_least=0.02):
        """Runs `arguments`, stopping it with SIGINT or SIGKILL after a random part of `deadline` seconds."""
        # SIGINT as a terminal's Ctrl-C delivers it: a judge started in the background (where the
        # shell ignores SIGINT, and children inherit that) must not leave it ignored.
        process = subprocess.Popen([self.binary, *arguments], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                   stdin=subprocess.DEVNULL, text=True,
                                   preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        time.sleep(self.rng.uniform(at_least, deadline))
        how = self.rng.choice([signal.SIGINT, signal.SIGKILL])
        if process.poll() is None:
            process.send_signal(how)
        process.wait(timeout=60)
        return how.name

    def start_server(self):
        self.server = subprocess.Popen([self.binary, "serve", "--state", self.state, "--port", "0", "--api-key", f"{KEY_ID}:{self.key}"],
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True)
        deadline = time.time() + 30
        line = ""
        while time.time() < deadline:
            line = self.server.stdout.readline()
            found = re.search(r"http://127\.0\.0\.1:\d+", line)
            if found:
                self.base_url = found.group(0)
                return
            if self.server.poll() is not None:
                break
        raise Failure(f"serve did not start: {line.strip()}")

    def stop_server(self, how=signal.SIGTERM):
        if self.server and self.server.poll() is None:
            self.server.send_signal(how)
            try:
                self.server.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()
        self.server = None

    # The operations.

    def op_buy(self):
        product = self.rng.choice(PRODUCTS)
        self.store("buy", product, refusal_ok=True)
        return f"buy {product}"

    def op_refund(self):
        self.store("refund", refusal_ok=True)
        return "refund"

    def op_expire(self):
        self.store("expire", refusal_ok=True)
        return "expire"

    def op_storefront(self):
        code = self.rng.choice(STOREFRONTS)
        self.store("storefront", code)
        self.storefront = code
        return f"storefront {code}"

    def op_advance(self):
        duration = self.rng.choice(["1h", "6h", "1d", "3d"])
        if self.rng.random() < 1 / 3:
            # Long enough that the stop often lands in the middle of the catch-up.
            duration = self.rng.choice(["1d", "3d", "7d"])
            arguments = ["store", "advance", duration, "--yes", "--state", self.state]
            return f"advance {duration} stopped by {self.interrupted(arguments, 0.4)}"
        self.store("advance", duration, "--yes")
        return f"advance {duration}"

    def op_fast(self):
        if not os.path.exists(self.fast_state):
            self.cli("store", "settings", "time-rate", "monthlyRenewalEveryThirtySeconds", "--state", self.fast_state, "--now", START)
            self.cli("store", "buy", "weekly_9_99", "--state", self.fast_state)
        arguments = ["store", "advance", "7d", "--yes", "--state", self.fast_state]
        how = self.interrupted(arguments, 2.0, at_least=0.3)
        self.check_state(self.fast_state, self.fast_summary, fresh=False)
        self.check_clock(self.fast_state)
        return f"advance 7d at the fastest rate stopped by {how}"

    def shown_currencies(self, locale):
        """The currencies the paywall shows in `locale` now (a look, no key), from its last frame;
        empty when no paywall shows (a subscriber's app opens on chat)."""
        tape = os.path.join(self.work, "look.tape")
        with open(tape, "w") as handle:
            # The Set lines first: a build before VHS's order was read applied none after an Output.
            handle.write((f"Set Locale {locale}\n" if locale else "") + "Set Start paywall\nOutput look.txt\nSleep 1s\n")
        frame = os.path.join(self.work, "look.txt")
        if os.path.exists(frame):
            os.remove(frame)
        done = subprocess.run([self.binary, "play", tape, "--state", self.state, "--continue", "--update"], capture_output=True,
                              text=True, timeout=120, stdin=subprocess.DEVNULL, cwd=self.work)
        if done.returncode != 0 or not os.path.exists(frame):
            raise Failure(f"a look at the paywall ({locale or 'en'}) failed: {(done.stdout + done.stderr).strip()[-300:]}")
        with open(frame, encoding="utf-8") as handle:
            text = handle.read()
        return {code for code, (_, symbol) in CURRENCIES.items() if symbol in text or (symbol == "¥" and "￥" in text)}

    def newest_app_transaction(self):
        """The newest transaction the app bought (it carries the app's account token), or None."""
        listed = json.loads(self.store("transactions", "--json", "--limit", "100000").stdout)["transactions"]
        bought = [t for t in listed if t.get("appAccountToken")]
        return max(bought, key=lambda t: int(t["id"])) if bought else None

    def op_app(self):
        locale = self.rng.choice(LOCALES)
        shown = self.shown_currencies(locale)
        arguments = ["play", self.tape, "--state", self.state, "--continue", "--backend", self.base_url]
        if self.rng.random() < 0.2:
            return f"app purchase ({locale or 'en'}) killed by {self.interrupted(arguments, 0.5)}"
        before = self.newest_app_transaction()
        done = self.cli(*arguments)
        if done.returncode != 0:
            raise Failure(f"the app's purchase through serve ({locale or 'en'}) did not verify: {done.stdout.strip()[-600:]}")
        bought = self.newest_app_transaction()
        if bought and bought != before:
            currency = CURRENCIES[self.storefront][0]
            signed = bought.get("currency")
            if shown and {CURRENCIES[code][0] for code in shown} != {signed}:
                raise Failure(f"the app's paywall ({locale or 'en'}) showed {sorted(CURRENCIES[c][0] for c in shown)}; "
                              f"the purchase was signed in {signed} at {bought.get('price')}")
            if signed != currency or bought.get("storefront", self.storefront) != self.storefront:
                raise Failure(f"the account's storefront is {self.storefront} ({currency}); the app's purchase ({locale or 'en'}) "
                              f"was signed {bought.get('storefront')}/{signed}")
        return f"app purchase through serve ({locale or 'en'})"

    def op_small(self):
        count = len(json.loads(self.store("transactions", "--json", "--limit", "100000").stdout)["transactions"])
        done = self.cli("play", self.small_tape, "--state", self.state, "--continue", "--backend", self.base_url)
        if done.returncode != 0:
            raise Failure(f"the app in a 40x10 window failed: {done.stdout.strip()[-300:]}")
        after = len(json.loads(self.store("transactions", "--json", "--limit", "100000").stdout)["transactions"])
        if after != count:
            raise Failure(f"Enter Enter behind \"Enlarge the window\" (40x10) made {after - count} transaction(s)")
        return "Enter Enter in a 40x10 window"

    def op_reset(self):
        self.reset_since_look = True
        self.storefront = "USA"
        if self.rng.random() < 0.5:
            self.store("reset", "--all")
            return "store reset --all"
        done = self.cli("play", self.tape, "--state", self.state, "--reset", "--backend", self.base_url)
        if done.returncode != 0:
            raise Failure(f"play --reset through serve did not verify: {done.stdout.strip()[-600:]}")
        return "play --reset through serve"

    def op_serve(self):
        self.stop_server(signal.SIGKILL)
        self.start_server()
        return "serve killed and started again"

    OPERATIONS = [("buy", 3), ("refund", 2), ("expire", 1), ("storefront", 1), ("advance", 3), ("fast", 1), ("app", 3),
                  ("small", 1), ("reset", 1), ("serve", 1)]

    # The checks.

    def check_state(self, state=None, summary=None, fresh=None):
        state, summary = state or self.state, summary or self.summary
        fresh = self.reset_since_look if fresh is None else fresh
        arguments = ["debug", "check-state", state, "--record", summary]
        if not fresh and os.path.exists(summary):
            arguments += ["--previous", summary]
        done = self.cli(*arguments)
        if done.returncode != 0:
            raise Failure(f"check-state{'' if state == self.state else ' (the fast state)'}: {(done.stdout + done.stderr).strip()[-800:]}")
        if state == self.state:
            self.reset_since_look = False

    def check_clock(self, state):
        """Nothing in `state` is dated after its clock (an interrupted command leaves an earlier instant, whole)."""
        done = self.cli("store", "transactions", "--json", "--limit", "1000000", "--state", state)
        if done.returncode != 0:
            raise Failure(f"store transactions --state {os.path.basename(state)}: exit {done.returncode}: {done.stderr.strip()[-300:]}")
        listed = json.loads(done.stdout)
        later = [t for t in listed["transactions"] if t.get("purchaseDate") and t["purchaseDate"] > listed["now"]]
        if later:
            raise Failure(f"{len(later)} transaction(s) dated after the state's clock {listed['now']}"
                          f"{'' if state == self.state else ' (the fast state)'}, e.g. {later[0]['id']} on {later[0]['purchaseDate']}")
        return listed

    def check_views(self):
        listed = self.check_clock(self.state)
        fresh = {t["id"] for t in listed["transactions"]}
        entitlements = json.loads(self.store("entitlements", "--json").stdout)
        statuses = sorted((s["group"], s["state"]) for s in entitlements.get("subscriptions", []))
        if not fresh:
            return
        root_file = os.path.join(self.work, "root.der")
        if not os.path.exists(root_file):
            self.store("certificate", "--format", "der", "--out", root_file)
        with open(root_file, "rb") as handle:
            root = handle.read()
        with open(self.key, "rb") as handle:
            key = handle.read()
        client = AppStoreServerAPIClient(key, KEY_ID, "paywallsim-issuer", BUNDLE, Environment.SANDBOX)
        client._base_url = self.base_url
        verifier = SignedDataVerifier([root], False, Environment.SANDBOX, BUNDLE)
        anyone = sorted(fresh)[0]
        served, revision = set(), None
        try:
            while True:
                page = client.get_transaction_history(anyone, revision, TransactionHistoryRequest(sort=Order.ASCENDING),
                                                      GetTransactionHistoryVersion.V2)
                served |= {verifier.verify_and_decode_signed_transaction(s).transactionId for s in page.signedTransactions}
                revision = page.revision
                if not page.hasMore:
                    break
            served_statuses = []
            for group in client.get_all_subscription_statuses(anyone).data:
                for last in group.lastTransactions:
                    verifier.verify_and_decode_signed_transaction(last.signedTransactionInfo)
                    served_statuses.append((group.subscriptionGroupIdentifier, last.rawStatus))
        except APIException as error:
            raise Failure(f"serve refused the history of {anyone}: {error.http_status_code} {error.raw_api_error}")
        except VerificationException as error:
            raise Failure(f"Apple's verifier (Sandbox) refused what serve answered: {error.status.name}")
        if served != fresh:
            raise Failure(f"serve's history differs from a fresh read: only serve {sorted(served - fresh)[:5]}, "
                          f"only the state {sorted(fresh - served)[:5]}")
        codes = {"subscribed": 1, "expired": 2, "inBillingRetryPeriod": 3, "inGracePeriod": 4, "revoked": 5}
        wanted = sorted((group, codes.get(state)) for group, state in statuses)
        if sorted(served_statuses) != wanted:
            raise Failure(f"serve's statuses {served_statuses} differ from a fresh read {wanted}")

    def run(self, steps):
        # Whichever store command makes the state keeps the clock and environment it is given.
        first = self.rng.choice(["entitlements", "transactions", "products"])
        self.store(first, "--now", START, "--environment", "Sandbox")
        self.start_server()
        done = [f"store {first} --now {START} --environment Sandbox"]
        try:
            for step in range(1, steps + 1):
                names = [name for name, weight in self.OPERATIONS if name not in self.skip for _ in range(weight)]
                name = self.rng.choice(names)
                try:
                    done.append(getattr(self, "op_" + name)())
                    self.check_state()
                    self.check_views()
                except Failure as failure:
                    raise Failure(f"step {step} ({name}; before it: {'; '.join(done[-4:])}): {failure}")
            for command in (["entitlements"], ["transactions"], ["notifications"], ["products"], ["reset", "--all"]):
                self.store(*command)
        finally:
            self.stop_server()
        return done


def main():
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(os.path.dirname(__file__), "../../.build/debug/paywall-sim"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seeds", type=int, default=1, help="how many seeds, from --seed on")
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--skip", default="", help="operations left out, comma-separated")
    arguments = parser.parse_args()
    skip = [name for name in arguments.skip.split(",") if name]
    unknown = [name for name in skip if name not in dict(Run.OPERATIONS)]
    if unknown:
        print(f"--skip {','.join(unknown)}: expected operations among {', '.join(dict(Run.OPERATIONS))}", file=sys.stderr)
        return 2
    binary = os.path.abspath(arguments.binary)
    if not os.access(binary, os.X_OK):
        print(f"{binary}: not an executable (swift build first)", file=sys.stderr)
        return 2
    failed = 0
    began = time.time()
    for seed in range(arguments.seed, arguments.seed + arguments.seeds):
        work = tempfile.mkdtemp(prefix=f"one-truth-{seed}-")
        started = time.time()
        try:
            done = Run(binary, seed, work, skip).run(arguments.steps)
            print(f"seed {seed}: {len(done) - 1} steps held ({time.time() - started:.1f} s)", flush=True)
            shutil.rmtree(work, ignore_errors=True)
        except (Failure, OSError, subprocess.SubprocessError) as failure:
            failed += 1
            print(f"seed {seed}: FAILED {failure}\n  replay: {sys.argv[0]} --seed {seed} --steps {arguments.steps} (state kept in {work})", flush=True)
    total = arguments.seeds
    print(f"{total - failed} passed, {failed} failed ({time.time() - began:.0f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
