#!/usr/bin/env python3
"""Drives `paywall-sim serve` with Apple's App Store Server Library.

Usage: api_client_check.py BASE_URL KEY_ID KEY.p8 ROOT.der BUNDLE_ID ENVIRONMENT TRANSACTION_ID [EXTEND_ORIGINAL_ID]

BASE_URL `apple` leaves the library entirely unchanged: Apple's own URL for ENVIRONMENT, reached
through `serve` as the environment's proxy (HTTPS_PROXY, REQUESTS_CA_BUNDLE), and the verifier's
online checks on (OCSP through HTTP_PROXY). Any other BASE_URL replaces Apple's, online checks off.

AppStoreServerAPIClient (its bearer token signed with KEY.p8 as KEY_ID) reads the transaction,
the whole history (v2, page by page with its revision), every subscription status, the refund
history, the app transaction, a test notification and its status, the notification history (and
with EXTEND_ORIGINAL_ID extends that subscription by 7 days); the
SignedDataVerifier (ENVIRONMENT, ROOT.der as its only root, online checks off) verifies every
signed field it got back. Prints one JSON document: what was read and verified, or the error.
Run with the Python of the virtual environment `.ci/run` makes (`.venv-appstore/bin/python`).
"""
import json
import sys

from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient, GetTransactionHistoryVersion
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.models.ExtendReasonCode import ExtendReasonCode
from appstoreserverlibrary.models.ExtendRenewalDateRequest import ExtendRenewalDateRequest
from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
from appstoreserverlibrary.models.TransactionHistoryRequest import Order, TransactionHistoryRequest
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException


def main() -> int:
    if len(sys.argv) not in (8, 9):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 64
    base_url, key_id, key_path, root_path, bundle_id, environment, transaction_id = sys.argv[1:8]
    with open(key_path, "rb") as handle:
        key = handle.read()
    with open(root_path, "rb") as handle:
        root = handle.read()
    client = AppStoreServerAPIClient(key, key_id, "paywallsim-issuer", bundle_id, Environment(environment))
    unchanged = base_url == "apple"
    if not unchanged:
        client._base_url = base_url  # the library's only change: where the App Store is
    verifier = SignedDataVerifier([root], unchanged, Environment(environment), bundle_id)
    result = {}
    try:
        info = client.get_transaction_info(transaction_id)
        first = verifier.verify_and_decode_signed_transaction(info.signedTransactionInfo)
        result["transaction"] = first.transactionId
        history, revision, pages = [], None, 0
        while True:
            page = client.get_transaction_history(transaction_id, revision, TransactionHistoryRequest(sort=Order.ASCENDING),
                                                  GetTransactionHistoryVersion.V2)
            pages += 1
            history += [verifier.verify_and_decode_signed_transaction(s).transactionId for s in page.signedTransactions]
            revision = page.revision
            if not page.hasMore:
                break
        result["history"] = history
        result["pages"] = pages
        statuses = client.get_all_subscription_statuses(transaction_id)
        result["statuses"] = []
        for group in statuses.data:
            for last in group.lastTransactions:
                renewal = verifier.verify_and_decode_renewal_info(last.signedRenewalInfo)
                transaction = verifier.verify_and_decode_signed_transaction(last.signedTransactionInfo)
                result["statuses"].append({"group": group.subscriptionGroupIdentifier, "status": last.rawStatus,
                                           "transaction": transaction.transactionId,
                                           "autoRenewStatus": renewal.rawAutoRenewStatus})
        result["environment"] = statuses.rawEnvironment
        refunds = client.get_refund_history(transaction_id, None)
        result["refunds"] = [verifier.verify_and_decode_signed_transaction(s).transactionId for s in refunds.signedTransactions]
        app = client.get_app_transaction_info(transaction_id)
        result["appTransaction"] = verifier.verify_and_decode_app_transaction(app.signedAppTransactionInfo).rawReceiptType
        token = client.request_test_notification().testNotificationToken
        test = client.get_test_notification_status(token)
        result["testNotification"] = verifier.verify_and_decode_notification(test.signedPayload).rawNotificationType
        notified, token = [], None
        while True:
            # From a day before the purchase (Apple keeps 180 days), to an end in the future (read as now).
            page = client.get_notification_history(token, NotificationHistoryRequest(
                startDate=first.purchaseDate - 86_400_000, endDate=253402300799000))
            notified += [verifier.verify_and_decode_notification(item.signedPayload).rawNotificationType
                         for item in page.notificationHistory]
            token = page.paginationToken
            if not page.hasMore:
                break
        result["notificationHistory"] = notified
        if len(sys.argv) > 8:
            extended = client.extend_subscription_renewal_date(sys.argv[8], ExtendRenewalDateRequest(
                extendByDays=7, extendReasonCode=ExtendReasonCode.CUSTOMER_SATISFACTION, requestIdentifier="paywallsim-check"))
            result["extended"] = {"success": extended.success, "effectiveDate": extended.effectiveDate}
    except APIException as error:
        result["apiError"] = {"status": error.http_status_code, "code": error.raw_api_error, "message": error.error_message}
    except VerificationException as error:
        result["verificationError"] = error.status.name
    print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
