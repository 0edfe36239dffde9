#!/usr/bin/env python3
"""A backend that does not know a transaction's environment, as Apple advises: production first.

Usage: environment_first_check.py KEY_ID ISSUER_ID KEY.p8 BUNDLE_ID TRANSACTION_ID

Apple's AppStoreServerAPIClient, unchanged (Apple's default URLs, reached through `serve` as
HTTPS_PROXY), asks Get Transaction Info with Environment.PRODUCTION, then with Environment.SANDBOX,
and, for each, Get All Subscription Statuses and Extend a Subscription Renewal Date (7 days).
Prints one JSON document: for each environment and call, {"status": 200} or the HTTP status and
Apple's error code of the APIException. Apple's TransactionIdNotFoundError: "You're making the
request in the same environment, production or sandbox, that generated the transaction ID."
Run with the Python of the virtual environment `.ci/run` makes (`.venv-appstore/bin/python`).
"""
import json
import sys

from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.ExtendReasonCode import ExtendReasonCode
from appstoreserverlibrary.models.ExtendRenewalDateRequest import ExtendRenewalDateRequest


def main() -> int:
    if len(sys.argv) != 6:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 64
    key_id, issuer_id, key_path, bundle_id, transaction_id = sys.argv[1:6]
    with open(key_path, "rb") as handle:
        key = handle.read()
    result = {}
    for environment in (Environment.PRODUCTION, Environment.SANDBOX):
        client = AppStoreServerAPIClient(key, key_id, issuer_id, bundle_id, environment)
        calls = {
            "transaction": lambda: client.get_transaction_info(transaction_id),
            "statuses": lambda: client.get_all_subscription_statuses(transaction_id),
            "extend": lambda: client.extend_subscription_renewal_date(transaction_id, ExtendRenewalDateRequest(
                extendByDays=7, extendReasonCode=ExtendReasonCode.CUSTOMER_SATISFACTION, requestIdentifier="environment-first")),
        }
        answers = {}
        for name, call in calls.items():
            try:
                call()
                answers[name] = {"status": 200}
            except APIException as error:
                answers[name] = {"status": error.http_status_code, "code": error.raw_api_error}
        result[environment.value] = answers
    print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
