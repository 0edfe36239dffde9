"""A running `paywall-sim serve` on a temporary state, with helpers to drive its store."""
import json
import os
import re
import secrets
import signal
import string
import subprocess
import time
import uuid
from pathlib import Path
from typing import Dict, List, Optional, Sequence

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from .webhook import WebhookReceiver

_BANNER = re.compile(r"Serving the simulated App Store on (http://[0-9.]+:\d+)")


class PaywallSimError(Exception):
    """A `paywall-sim` command failed, or `serve` did not start; the message carries its output."""


class PaywallSim:
    """`paywall-sim serve` on a free loopback port over a temporary state directory, with a
    generated App Store Server API key and a webhook receiving its notifications.

    Start it with `start()` and stop it with `stop()` (the `paywall_sim` fixture does both).
    While it runs, `environment` holds the variables a backend needs to reach it unchanged:
    HTTPS_PROXY and HTTP_PROXY (serve answers for Apple's API hosts and the OCSP responder)
    and REQUESTS_CA_BUNDLE (the TLS authority serve's certificate chains to)."""

    def __init__(self, binary: Path, state: Path, environment: str = "Sandbox",
                 bundle_id: str = "com.paywallsim.app", now: Optional[str] = None,
                 storekit: Optional[Path] = None, start_timeout: float = 30.0) -> None:
        self.binary = Path(binary)
        self.state = Path(state)
        self.app_store_environment = environment
        self.bundle_id = bundle_id
        self._now = now
        self._storekit = storekit
        self._start_timeout = start_timeout
        self.key_id = "".join(secrets.choice(string.ascii_uppercase + string.digits) for _ in range(10))
        self.issuer_id = str(uuid.uuid4())
        self.key_path = self.state / f"AuthKey_{self.key_id}.p8"
        self.root_certificate_path = self.state / "paywallsim-root.der"
        self.tls_ca_path = self.state / "paywallsim-tls.pem"
        self.url: Optional[str] = None
        self.webhook: Optional[WebhookReceiver] = None
        self._process: Optional[subprocess.Popen] = None
        self._log_path = self.state / "serve.log"

    # Start and stop

    def start(self) -> "PaywallSim":
        """Makes the state, the key and the certificates, starts the webhook and `serve`."""
        self.state.mkdir(parents=True, exist_ok=True)
        key = ec.generate_private_key(ec.SECP256R1())
        self.key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                    serialization.NoEncryption()))
        first = ["certificate", "--format", "der", "--out", str(self.root_certificate_path),
                 "--environment", self.app_store_environment, "--bundle-id", self.bundle_id]
        if self._now:
            first += ["--now", self._now]
        self.store(*first)
        self.store("certificate", "--tls", "--out", str(self.tls_ca_path))
        self.webhook = WebhookReceiver()
        arguments = [str(self.binary), "serve", "--port", "0", "--state", str(self.state),
                     "--api-key", f"{self.key_id}:{self.key_path}", "--notify", self.webhook.url]
        with open(self._log_path, "wb") as log:
            self._process = subprocess.Popen(arguments, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                             env=self._child_environment())
        deadline = time.monotonic() + self._start_timeout
        while time.monotonic() < deadline and self._process.poll() is None:
            match = _BANNER.search(self.serve_log())
            if match:
                self.url = match.group(1)
                return self
            time.sleep(0.05)
        log = self.serve_log()
        self.stop()
        raise PaywallSimError(f"paywall-sim serve did not start within {self._start_timeout:.0f} s: {log}")

    def stop(self) -> None:
        """Stops `serve` (SIGTERM, then SIGKILL after 5 s) and the webhook; safe to call twice."""
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if self.webhook is not None:
            self.webhook.close()
            self.webhook = None

    @property
    def pid(self) -> Optional[int]:
        """serve's process id while it runs."""
        return self._process.pid if self._process is not None else None

    @property
    def environment(self) -> Dict[str, str]:
        """The variables that point a backend's HTTP clients at `serve` (set by the fixture)."""
        if self.url is None:
            raise PaywallSimError("serve is not running")
        return {"HTTPS_PROXY": self.url, "HTTP_PROXY": self.url, "https_proxy": self.url, "http_proxy": self.url,
                "REQUESTS_CA_BUNDLE": str(self.tls_ca_path)}

    @property
    def root_certificate(self) -> bytes:
        """The DER bytes of the root every signed object chains to: a verifier's one trusted root."""
        return self.root_certificate_path.read_bytes()

    @property
    def private_key(self) -> bytes:
        """The generated App Store Server API key (PKCS#8 PEM, as App Store Connect's .p8)."""
        return self.key_path.read_bytes()

    def serve_log(self) -> str:
        """What `serve` printed so far."""
        try:
            return self._log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""

    # The store

    def store(self, *arguments: str, json_output: bool = False):
        """Runs `paywall-sim store ARGUMENTS --state STATE`; its stdout, or its JSON with json_output."""
        command = [str(self.binary), "store", *arguments, "--state", str(self.state)]
        if json_output:
            command.append("--json")
        run = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
                             env=self._child_environment())
        if run.returncode != 0:
            raise PaywallSimError(f"`paywall-sim {' '.join(command[1:])}` exited {run.returncode}: {run.stderr.strip()}")
        return json.loads(run.stdout) if json_output else run.stdout

    def buy(self, product_id: str, *options: str):
        """Buys a product as the app's user would (`store buy`); the command's JSON report."""
        return self.store("buy", product_id, *options, json_output=True)

    def advance(self, duration: str):
        """Moves the store's clock forward (`5m`, `1h`, `1d12h`) and runs the renewals due; the JSON report."""
        return self.store("advance", duration, json_output=True)

    def refund(self, product_or_transaction: str, *options: str):
        """Refunds the latest purchase of a product, or a transaction by id (`store refund`); the JSON report."""
        return self.store("refund", product_or_transaction, *options, json_output=True)

    def transactions(self) -> List[dict]:
        """Every transaction, each with its `signedTransaction` JWS."""
        return self.store("transactions", "--signed", json_output=True)["transactions"]

    def notifications(self, count: int = 0, timeout: float = 10.0) -> List[str]:
        """The signed payloads the webhook received, waiting up to `timeout` s until there are `count`."""
        if self.webhook is None:
            raise PaywallSimError("serve is not running")
        return self.webhook.payloads(count, timeout)

    # Apple's App Store Server Library, when installed

    def verifier(self, online_checks: bool = False, app_apple_id: Optional[int] = None):
        """Apple's SignedDataVerifier trusting only this state's root, for its environment and bundle id
        (Apple's library wants the app's Apple ID in Production)."""
        from appstoreserverlibrary.models.Environment import Environment
        from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier
        return SignedDataVerifier([self.root_certificate], online_checks, Environment(self.app_store_environment),
                                  self.bundle_id, app_apple_id)

    def api_client(self):
        """Apple's AppStoreServerAPIClient with the generated key, at Apple's own URL (reached through the proxy)."""
        from appstoreserverlibrary.api_client import AppStoreServerAPIClient
        from appstoreserverlibrary.models.Environment import Environment
        return AppStoreServerAPIClient(self.private_key, self.key_id, self.issuer_id, self.bundle_id,
                                       Environment(self.app_store_environment))

    def _child_environment(self) -> Dict[str, str]:
        # The simulator's own commands go nowhere through a proxy; its webhook POSTs ignore proxy variables.
        return {k: v for k, v in os.environ.items() if k.lower() not in ("https_proxy", "http_proxy")}

    def __enter__(self) -> "PaywallSim":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
