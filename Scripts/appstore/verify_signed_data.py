#!/usr/bin/env python3
"""Verifies what PaywallSim signs with Apple's App Store Server Library (SignedDataVerifier).

Usage: verify_signed_data.py [--online] [--app-apple-id N] ROOT.der BUNDLE_ID ENVIRONMENT KIND JWS [KIND JWS ...]

ROOT.der is what `paywall-sim store certificate --format der` writes; ENVIRONMENT is Sandbox,
Xcode, LocalTesting or Production; KIND is transaction, renewal, app-transaction or notification.
Online checks are off unless --online: then the verifier asks the OCSP responder each certificate
names, as Apple's README example does (`paywall-sim serve` answers it through HTTP_PROXY). Prints
one JSON line per object: the
decoded fields and the field names of Apple's model for it (for a notification, of its data), or
{"error": STATUS}; exits 1 when any object fails. Run with the Python of the
virtual environment `.ci/run` makes (`.venv-appstore/bin/python`).
"""
import json
import sys

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException


def plain(value):
    """A decoded model as JSON-able data: enums by raw value, nested models as dicts."""
    if hasattr(value, "__attrs_attrs__"):
        return {a.name: plain(getattr(value, a.name)) for a in value.__attrs_attrs__
                if not a.name.startswith("raw") and getattr(value, a.name) is not None}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if hasattr(value, "value"):
        return value.value
    return value


def main() -> int:
    args = sys.argv[1:]
    online = bool(args) and args[0] == "--online"
    if online:
        args = args[1:]
    # Production's verifier compares the app's Apple ID (Apple requires it there).
    app_apple_id = None
    if len(args) > 1 and args[0] == "--app-apple-id":
        app_apple_id = int(args[1])
        args = args[2:]
    if len(args) < 5 or len(args) % 2 != 1:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 64
    with open(args[0], "rb") as handle:
        root = handle.read()
    verifier = SignedDataVerifier([root], online, Environment(args[2]), args[1], app_apple_id)
    methods = {
        "transaction": verifier.verify_and_decode_signed_transaction,
        "renewal": verifier.verify_and_decode_renewal_info,
        "app-transaction": verifier.verify_and_decode_app_transaction,
        "notification": verifier.verify_and_decode_notification,
    }
    failed = False
    pairs = args[3:]
    for kind, jws in zip(pairs[0::2], pairs[1::2]):
        try:
            decoded = methods[kind](jws)
            model = decoded.data if kind == "notification" and decoded.data is not None else decoded
            fields = sorted(a.name for a in model.__attrs_attrs__ if not a.name.startswith("raw"))
            print(json.dumps({"kind": kind, "decoded": plain(decoded), "fields": fields}, sort_keys=True))
        except VerificationException as error:
            failed = True
            print(json.dumps({"kind": kind, "error": error.status.name}))
        except Exception as error:  # a model that does not decode is a failure too
            failed = True
            print(json.dumps({"kind": kind, "error": f"{type(error).__name__}: {error}"}))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
