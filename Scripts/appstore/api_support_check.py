#!/usr/bin/env python3
"""Calls the App Store Server API's support endpoints of `paywall-sim serve` with Apple's library.

Usage: api_support_check.py KEY_ID KEY.p8 ROOT.der BUNDLE_ID ORDER_ID TRANSACTION_ID PRODUCT_ID

The client is Apple's AppStoreServerAPIClient, unchanged: its default Sandbox URL, reached through
`serve` as HTTPS_PROXY (with REQUESTS_CA_BUNDLE). It looks up ORDER_ID and an order that does not
exist, sends consumption information for TRANSACTION_ID, sets its app account token, extends
every active PRODUCT_ID subscription and reads that request's status, and makes history requests
Apple refuses. Prints one JSON document: each call's answer, or Apple's error code for it.
Run with the Python of the virtual environment `.ci/run` makes (`.venv-appstore/bin/python`).
"""
import json
import sys
import uuid

from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient
from appstoreserverlibrary.models.ConsumptionRequest import ConsumptionRequest
from appstoreserverlibrary.models.DeliveryStatus import DeliveryStatus
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.ExtendReasonCode import ExtendReasonCode
from appstoreserverlibrary.models.MassExtendRenewalDateRequest import MassExtendRenewalDateRequest
from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
from appstoreserverlibrary.models.UpdateAppAccountTokenRequest import UpdateAppAccountTokenRequest
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier


def call(action):
    """The call's answer, or {"error": Apple's error code, "status": HTTP status}."""
    try:
        return action()
    except APIException as error:
        return {"error": error.raw_api_error, "status": error.http_status_code}


def main() -> int:
    if len(sys.argv) != 8:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 64
    key_id, key_path, root_path, bundle_id, order_id, transaction_id, product_id = sys.argv[1:8]
    with open(key_path, "rb") as handle:
        key = handle.read()
    with open(root_path, "rb") as handle:
        root = handle.read()
    client = AppStoreServerAPIClient(key, key_id, "paywallsim-issuer", bundle_id, Environment.SANDBOX)
    verifier = SignedDataVerifier([root], True, Environment.SANDBOX, bundle_id)
    result = {}

    def order(identifier):
        answer = client.look_up_order_id(identifier)
        return {"status": answer.rawStatus,
                "transactions": [verifier.verify_and_decode_signed_transaction(s).transactionId for s in answer.signedTransactions or []]}
    result["order"] = call(lambda: order(order_id))
    result["unknownOrder"] = call(lambda: order("MNOSUCHORDER"))
    result["consumption"] = call(lambda: client.send_consumption_information(transaction_id, ConsumptionRequest(
        customerConsented=True, sampleContentProvided=False, deliveryStatus=DeliveryStatus.DELIVERED)) or "accepted")
    result["consumptionNotConsented"] = call(lambda: client.send_consumption_information(transaction_id, ConsumptionRequest(
        customerConsented=False, sampleContentProvided=False, deliveryStatus=DeliveryStatus.DELIVERED)))
    token = str(uuid.UUID(int=42))
    result["appAccountToken"] = call(lambda: client.set_app_account_token(transaction_id, UpdateAppAccountTokenRequest(appAccountToken=token)) or "set")
    result["appAccountTokenUnknown"] = call(lambda: client.set_app_account_token("2999999999999999", UpdateAppAccountTokenRequest(appAccountToken=token)))
    mass = call(lambda: client.extend_renewal_date_for_all_active_subscribers(MassExtendRenewalDateRequest(
        extendByDays=3, extendReasonCode=ExtendReasonCode.CUSTOMER_SATISFACTION, requestIdentifier="paywallsim-mass-1",
        productId=product_id)).requestIdentifier)
    result["massExtension"] = mass
    def status():
        answer = client.get_status_of_subscription_renewal_date_extensions("paywallsim-mass-1", product_id)
        return {"complete": answer.complete, "succeeded": answer.succeededCount, "failed": answer.failedCount}
    result["massExtensionStatus"] = call(status)
    result["massExtensionStatusUnknown"] = call(lambda: client.get_status_of_subscription_renewal_date_extensions("nope", product_id))
    result["historyStartAfterEnd"] = call(lambda: client.get_notification_history(None, NotificationHistoryRequest(startDate=2000, endDate=1000)))
    result["historyTooOld"] = call(lambda: client.get_notification_history(None, NotificationHistoryRequest(startDate=0, endDate=253402300799000)))
    result["historyTwoFilters"] = call(lambda: client.get_notification_history(None, NotificationHistoryRequest(
        startDate=0, endDate=1000, notificationType=NotificationTypeV2.DID_RENEW, transactionId=transaction_id)))
    print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
