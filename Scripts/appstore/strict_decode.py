#!/usr/bin/env python3
"""Decodes notifications with the strict models of a public App Store client (storekit-python).

Usage: strict_decode.py < NOTIFICATIONS.json

Reads `paywall-sim store notifications --json --signed` on standard input. Each signedPayload,
with its signedTransactionInfo and signedRenewalInfo, is decoded (unverified: Apple's
SignedDataVerifier judges the signatures elsewhere; this library trusts only Apple's own root)
and parsed by storekit-python's pydantic models, as a backend built on them would: a missing
required field (renewalDate, recentSubscriptionStartDate, …), a wrong type or an enum value the
library does not know is an error. Prints one JSON line per notification, {"type", "subtype",
"ok"} or with "error"; exits 1 when any fails. Run with the Python of `.venv-appstore`.
"""
import json
import logging
import sys

import jwt
from storekit.app_store_server_notifications import ResponseBodyV2DecodedPayload


class Unknown(logging.Handler):
    """storekit-python logs an enum value it does not know instead of raising: collect them."""
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def main() -> int:
    listed = json.load(sys.stdin)
    handler = Unknown()
    logging.getLogger().addHandler(handler)
    failed = False
    for item in listed["notifications"]:
        payload = jwt.decode(item["signedPayload"], options={"verify_signature": False})
        data = payload.get("data") or {}
        for key in ("signedTransactionInfo", "signedRenewalInfo"):
            if key in data:
                data[key] = jwt.decode(data[key], options={"verify_signature": False})
        handler.messages.clear()
        line = {"type": payload.get("notificationType"), "subtype": payload.get("subtype")}
        try:
            ResponseBodyV2DecodedPayload.parse_obj(payload)
            if handler.messages:
                raise ValueError("; ".join(handler.messages))
            line["ok"] = True
        except Exception as error:  # pydantic's ValidationError, or an unknown enum value
            failed = True
            line["error"] = " ".join(str(error).split())
        print(json.dumps(line, sort_keys=True))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
