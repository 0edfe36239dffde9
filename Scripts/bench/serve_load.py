#!/usr/bin/env python3
"""Load on `paywall-sim serve` over loopback: requests per second and latency, and notifications
delivered per second. Prints a Markdown table; never asserts a figure.

Uses wrk (Debian's `wrk`) for POST /iap/transactions (seed 004's body, a verified transaction:
chain, signature, bundle, environment checked, the record looked up) and GET
/inApps/v1/transactions/{id} (bearer JWT checked, the signed transaction served); Python
`requests` sessions for the same GET over HTTPS at Apple's sandbox host through `serve` as the
proxy (what a backend with HTTPS_PROXY sends; wrk cannot use a proxy); and the webhook receiver in
Scripts/appstore for notifications (one `store advance` making N renewals).
Run with the Python of `.venv-appstore` (PyJWT makes the API token).

    .venv-appstore/bin/python Scripts/bench/serve_load.py [--binary .build/release/paywall-sim] [--seconds 10] [--connections 16] [--renewals 200] [--clients 4]
"""
import argparse
import json
import threading
import os
import re
import subprocess
import sys
import tempfile
import time

import jwt

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(binary, *arguments):
    return subprocess.run([binary, *arguments], check=True, capture_output=True, text=True).stdout


def start_serve(binary, state, *extra):
    log = open(os.path.join(state, "serve.log"), "w")
    process = subprocess.Popen([binary, "serve", "--state", state, "--port", "0", *extra], stdout=log, stderr=subprocess.STDOUT)
    for _ in range(400):
        text = open(os.path.join(state, "serve.log")).read()
        match = re.search(r"http://127\.0\.0\.1:\d+", text)
        if match:
            return process, match.group(0)
        time.sleep(0.05)
    process.kill()
    sys.exit("serve did not start: " + open(os.path.join(state, "serve.log")).read())


def wrk(url, seconds, connections, script=None, headers=()):
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency"]
    for header in headers:
        command += ["-H", header]
    if script:
        command += ["-s", script]
    out = subprocess.run(command + [url], check=True, capture_output=True, text=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    def percentile(p):
        value, unit = re.search(rf"\s{p}%\s+([\d.]+)(us|ms|s)", out).groups()
        return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return rps, percentile(50), percentile(99), int(non2xx.group(1)) if non2xx else 0


def proxied_load(proxy, ca_file, path, token, seconds, clients):
    """GETs of https://api.storekit-sandbox.apple.com{path} through `proxy` (CONNECT, TLS checked
    with `ca_file`) from `clients` threads, each with its own session (one tunnel, kept alive),
    for `seconds`: requests per second, p50 and p99 in ms, and answers that were not 200."""
    import requests
    latencies, bad, lock = [], [0], threading.Lock()
    deadline = time.monotonic() + seconds
    def client():
        session = requests.Session()
        session.proxies = {"https": proxy, "http": proxy}
        url = "https://api.storekit-sandbox.apple.com" + path
        mine, failed = [], 0
        while time.monotonic() < deadline:
            started = time.perf_counter()
            response = session.get(url, headers={"Authorization": f"Bearer {token}"}, timeout=10, verify=ca_file)
            mine.append((time.perf_counter() - started) * 1000)
            failed += response.status_code != 200
        with lock:
            latencies.extend(mine)
            bad[0] += failed
    threads = [threading.Thread(target=client) for _ in range(clients)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    latencies.sort()
    def percentile(p):
        return latencies[min(len(latencies) - 1, int(len(latencies) * p / 100))]
    return len(latencies) / elapsed, percentile(50), percentile(99), bad[0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/paywall-sim"))
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--renewals", type=int, default=200)
    parser.add_argument("--clients", type=int, default=4)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="serve-load-")
    state = os.path.join(work, "state")
    key_file = os.path.join(work, "AuthKey_BENCHKEY01.p8")
    subprocess.run(f"openssl ecparam -name prime256v1 -genkey -noout | openssl pkcs8 -topk8 -nocrypt -out {key_file}",
                   shell=True, check=True)
    run(args.binary, "store", "buy", "yearly_59_99", "--state", state, "--now", "2026-01-30T09:00:00Z", "--environment", "Sandbox")
    transaction = json.loads(run(args.binary, "store", "transactions", "--state", state, "--json", "--signed"))["transactions"][0]
    serve, base = start_serve(args.binary, state, "--api-key", f"BENCHKEY01:{key_file}")
    rows = []
    try:
        body = json.dumps({"transactionID": transaction["id"], "originalTransactionID": transaction["originalID"],
                           "productID": transaction["productID"], "offerID": "A",
                           "signedTransaction": transaction["signedTransaction"]})
        script = os.path.join(work, "post.lua")
        with open(script, "w") as handle:
            handle.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = ' + json.dumps(body) + "\n")
        rows.append(("POST /iap/transactions", *wrk(base + "/iap/transactions", args.seconds, args.connections, script)))
        token = jwt.encode({"iss": "bench", "aud": "appstoreconnect-v1", "bid": "com.paywallsim.app", "exp": int(time.time()) + 3000},
                           open(key_file, "rb").read(), algorithm="ES256", headers={"kid": "BENCHKEY01"})
        rows.append(("GET /inApps/v1/transactions/{id}", *wrk(f"{base}/inApps/v1/transactions/{transaction['id']}", args.seconds,
                                                               args.connections, headers=[f"Authorization: Bearer {token}"])))
        ca_file = os.path.join(work, "ca.pem")
        run(args.binary, "store", "certificate", "--tls", "--out", ca_file, "--state", state)
        rows.append((f"GET …/transactions/{{id}} over HTTPS via the proxy ({args.clients} Python clients)",
                     *proxied_load(base, ca_file, f"/inApps/v1/transactions/{transaction['id']}", token, args.seconds, args.clients)))
    finally:
        serve.terminate()
        serve.wait()
    # Notifications: a receiver, serve --notify, and one `store advance` making N weekly renewals.
    state2 = os.path.join(work, "notify")
    run(args.binary, "store", "buy", "weekly_9_99", "--state", state2, "--now", "2026-01-30T09:00:00Z")
    port_file, received = os.path.join(work, "port"), os.path.join(work, "received.txt")
    receiver = subprocess.Popen([sys.executable, os.path.join(ROOT, "Scripts/appstore/webhook_receiver.py"), port_file, received])
    while not os.path.exists(port_file):
        time.sleep(0.05)
    serve, _ = start_serve(args.binary, state2, "--notify", f"http://127.0.0.1:{open(port_file).read()}/n")
    try:
        started = time.monotonic()
        run(args.binary, "store", "advance", f"{args.renewals}w", "--state", state2)
        count = 0
        while time.monotonic() - started < 120:
            count = sum(1 for _ in open(received)) if os.path.exists(received) else 0
            if count >= args.renewals:
                break
            time.sleep(0.02)
        elapsed = time.monotonic() - started
    finally:
        serve.terminate()
        serve.wait()
        receiver.kill()
    print(f"serve under loopback load: wrk -t2 -c{args.connections} -d{args.seconds}s, {os.cpu_count()} cores, {args.binary}\n")
    print("| request | requests/s | p50 ms | p99 ms | non-2xx |")
    print("|---|---|---|---|---|")
    for name, rps, p50, p99, non2xx in rows:
        print(f"| {name} | {rps:,.0f} | {p50:.2f} | {p99:.2f} | {non2xx} |")
    print(f"\nnotifications: {count} DID_RENEW made by one `store advance {args.renewals}w` delivered in {elapsed:.2f} s "
          f"(signing, logging and POSTing included): {count / elapsed:,.0f} per second")


if __name__ == "__main__":
    main()
