#!/usr/bin/env python3
"""A team's own purchase endpoint, as real backends have them, for tests and demos.

Usage: team_server.py PORT_FILE LOG_FILE TOKEN [--inactive]

Listens on a free loopback port (written to PORT_FILE) and answers
POST /payment/apple-subscription/ with {"transaction_id": …}: it requires the header
`Authorization: Bearer TOKEN` (else 401), a transaction id (else 400), and answers
{"subscription": {"is_active": true, "expires_at": "2030-01-01T00:00:00Z"}}, or is_active false
with --inactive. Any other path is 404. Each request (path, headers it checks, body) is appended
to LOG_FILE as one JSON line. Stops after 10 minutes on its own.
"""
import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def main() -> int:
    if len(sys.argv) not in (4, 5):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 64
    port_file, log_file, token = sys.argv[1:4]
    active = not (len(sys.argv) == 5 and sys.argv[4] == "--inactive")
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def answer(self, status, document):
            data = json.dumps(document).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            with lock, open(log_file, "a", encoding="utf-8") as handle:
                handle.write(json.dumps({"path": self.path, "authorization": self.headers.get("Authorization"),
                                         "contentType": self.headers.get("Content-Type"),
                                         "body": body.decode("utf-8", "replace")}) + "\n")
            if self.path != "/payment/apple-subscription/":
                return self.answer(404, {"detail": "Not found."})
            if self.headers.get("Authorization") != f"Bearer {token}":
                return self.answer(401, {"detail": "Authentication credentials were not provided."})
            try:
                transaction_id = json.loads(body)["transaction_id"]
            except (ValueError, KeyError, TypeError):
                return self.answer(400, {"transaction_id": ["This field is required."]})
            if not str(transaction_id).isdigit():
                return self.answer(400, {"transaction_id": ["A valid integer is required."]})
            return self.answer(200, {"subscription": {"is_active": active, "expires_at": "2030-01-01T00:00:00Z"}})

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(port_file + ".tmp", "w", encoding="utf-8") as handle:
        handle.write(str(server.server_address[1]))
    os.replace(port_file + ".tmp", port_file)
    threading.Timer(600, server.shutdown).start()
    server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
