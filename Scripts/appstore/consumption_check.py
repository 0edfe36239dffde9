#!/usr/bin/env python3
"""Send Consumption Information through Apple's own client, unchanged, to `paywall-sim serve`.

Usage: consumption_check.py KEY_ID KEY.p8 BUNDLE_ID TRANSACTION_ID

Answers the CONSUMPTION_REQUEST for TRANSACTION_ID as a team's server would: Apple's current
endpoint (`send_consumption_information`, PUT /inApps/v2/transactions/consumption/{id}) with a
valid ConsumptionRequest, then requests Apple refuses, and the deprecated V1 endpoint
(`send_consumption_data`). Prints one JSON document: each call's answer, or Apple's error code.
Run with the Python of the virtual environment `.ci/run` makes (`.venv-appstore/bin/python`).
"""
import json
import sys
import warnings

from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient
from appstoreserverlibrary.models.ConsumptionRequest import ConsumptionRequest
from appstoreserverlibrary.models.ConsumptionRequestV1 import ConsumptionRequestV1
from appstoreserverlibrary.models.DeliveryStatus import DeliveryStatus
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.RefundPreference import RefundPreference


def call(action):
    """The call's answer ("accepted" for Apple's 202), or {"error": Apple's error code, "status": HTTP status}."""
    try:
        action()
        return "accepted"
    except APIException as error:
        return {"error": error.raw_api_error, "status": error.http_status_code}


def main() -> int:
    if len(sys.argv) != 5:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 64
    key_id, key_path, bundle_id, transaction_id = sys.argv[1:5]
    with open(key_path, "rb") as handle:
        key = handle.read()
    client = AppStoreServerAPIClient(key, key_id, "paywallsim-issuer", bundle_id, Environment.SANDBOX)
    result = {}
    result["v2"] = call(lambda: client.send_consumption_information(transaction_id, ConsumptionRequest(
        customerConsented=True, sampleContentProvided=True, deliveryStatus=DeliveryStatus.DELIVERED,
        consumptionPercentage=25000, refundPreference=RefundPreference.DECLINE)))
    result["v2NotConsented"] = call(lambda: client.send_consumption_information(transaction_id, ConsumptionRequest(
        customerConsented=False, sampleContentProvided=True, deliveryStatus=DeliveryStatus.DELIVERED)))
    result["v2BadDelivery"] = call(lambda: client.send_consumption_information(transaction_id, ConsumptionRequest(
        customerConsented=True, sampleContentProvided=True, rawDeliveryStatus="LOST_IN_THE_POST")))
    result["v2UnknownTransaction"] = call(lambda: client.send_consumption_information("2999999999999999", ConsumptionRequest(
        customerConsented=True, sampleContentProvided=True, deliveryStatus=DeliveryStatus.DELIVERED)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        result["v1BadPlatform"] = call(lambda: client.send_consumption_data(transaction_id, ConsumptionRequestV1(
            customerConsented=True, rawConsumptionStatus=1, rawPlatform=9, sampleContentProvided=False, rawDeliveryStatus=0,
            appAccountToken="", rawAccountTenure=0, rawPlayTime=0, rawLifetimeDollarsRefunded=0,
            rawLifetimeDollarsPurchased=0, rawUserStatus=0)))
    print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
