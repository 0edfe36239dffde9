"""A loopback receiver for the App Store Server Notifications `serve --notify` posts."""
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import List


class WebhookReceiver:
    """Listens on a free loopback port and keeps each POSTed `signedPayload`, in arrival order."""

    def __init__(self) -> None:
        self._payloads: List[str] = []
        self._changed = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                body = self.rfile.read(int(self.headers.get("Content-Length", "0") or 0))
                try:
                    payload = json.loads(body)["signedPayload"]
                except (ValueError, KeyError, TypeError):
                    self.send_response(400)
                    self.end_headers()
                    return
                with receiver._changed:
                    receiver._payloads.append(payload)
                    receiver._changed.notify_all()
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="paywall-sim-webhook", daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        """Where `serve --notify` should post."""
        return f"http://127.0.0.1:{self._server.server_address[1]}/notifications"

    def payloads(self, count: int = 0, timeout: float = 10.0) -> List[str]:
        """The signed payloads received, waiting up to `timeout` seconds until there are `count`."""
        with self._changed:
            self._changed.wait_for(lambda: len(self._payloads) >= count, timeout=timeout)
            return list(self._payloads)

    def close(self) -> None:
        """Stops listening."""
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)
