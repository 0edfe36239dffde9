#!/usr/bin/env python3
"""A small App Store Server Notifications receiver for tests and demos.

Usage: webhook_receiver.py PORT_FILE OUT_FILE [--fail N] [--delay SECONDS]

Listens on a free loopback port (written to PORT_FILE), and appends the signedPayload of each
POST it receives to OUT_FILE, one per line, as it arrives. With --fail N it answers the first N
posts with 500 (to see the App Store retry); with --delay SECONDS it answers each post that much
later (a slow receiver). Stops after 10 minutes on its own.
"""
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def main() -> int:
    options = dict(zip(sys.argv[3::2], sys.argv[4::2]))
    if len(sys.argv) < 3 or len(sys.argv) % 2 == 0 or not set(options) <= {"--fail", "--delay"}:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 64
    port_file, out_file = sys.argv[1], sys.argv[2]
    failures = [int(options.get("--fail", "0"))]
    delay = float(options.get("--delay", "0"))
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            with lock:
                if failures[0] > 0:
                    failures[0] -= 1
                    self.send_response(500)
                    self.end_headers()
                    return
                with open(out_file, "a", encoding="utf-8") as handle:
                    handle.write(json.loads(body)["signedPayload"] + "\n")
            time.sleep(delay)
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(port_file + ".tmp", "w", encoding="utf-8") as handle:
        handle.write(str(server.server_address[1]))
    import os
    os.replace(port_file + ".tmp", port_file)
    threading.Timer(600, server.shutdown).start()
    server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
