#!/usr/bin/env python3
"""What a backend's catch-up job asks: the notifications of the last DAYS days, by its own clock.

Usage: recent_history.py KEY_ID KEY.p8 BUNDLE_ID DAYS

Apple's AppStoreServerAPIClient, unchanged (the default Sandbox URL, through `serve` as
HTTPS_PROXY), asks Get Notification History from now − DAYS to now, by this machine's clock, every
page. Prints the notification types as a JSON list, or {"error": code}.
Run with the Python of the virtual environment `.ci/run` makes (`.venv-appstore/bin/python`).
"""
import json
import sys
import time

import jwt
from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest


def main() -> int:
    if len(sys.argv) != 5:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 64
    key_id, key_path, bundle_id, days = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    with open(key_path, "rb") as handle:
        client = AppStoreServerAPIClient(handle.read(), key_id, "paywallsim-issuer", bundle_id, Environment.SANDBOX)
    now = int(time.time() * 1000)
    request = NotificationHistoryRequest(startDate=now - days * 86_400_000, endDate=now)
    types, token = [], None
    try:
        while True:
            page = client.get_notification_history(token, request)
            types += [jwt.decode(item.signedPayload, options={"verify_signature": False})["notificationType"]
                      for item in page.notificationHistory]
            token = page.paginationToken
            if not page.hasMore:
                break
    except APIException as error:
        print(json.dumps({"error": error.raw_api_error}))
        return 0
    print(json.dumps(types))
    return 0


if __name__ == "__main__":
    sys.exit(main())
