"""A backend's test written with only the fixture: a purchase, a renewal and a refund, each seen
as the notification Apple's library verifies, and Apple's API client reaching serve unchanged."""
import os
import subprocess

import pytest
from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException


def kinds(decoded):
    return [f"{n.rawNotificationType}/{n.rawSubtype or '-'}" for n in decoded]


def test_buy_renew_refund_are_notified_and_verify_with_apples_library(paywall_sim):
    verifier = SignedDataVerifier([paywall_sim.root_certificate], True, Environment.SANDBOX, "com.paywallsim.app")

    paywall_sim.buy("monthly_14_99")
    paywall_sim.advance("6m")            # the sandbox renews a month every 5 minutes
    paywall_sim.refund("monthly_14_99")

    payloads = paywall_sim.notifications(count=3)
    assert len(payloads) == 3, paywall_sim.serve_log()
    # Online checks on: the verifier asks the certificates' OCSP responder through HTTP_PROXY (serve).
    decoded = [verifier.verify_and_decode_notification(p) for p in payloads]
    assert kinds(decoded) == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW/-", "REFUND/-"]
    transactions = [verifier.verify_and_decode_signed_transaction(n.data.signedTransactionInfo) for n in decoded]
    assert {t.productId for t in transactions} == {"monthly_14_99"}
    assert transactions[1].originalTransactionId == transactions[0].transactionId
    assert transactions[2].revocationDate is not None
    assert all(n.data.rawEnvironment == "Sandbox" and n.data.bundleId == "com.paywallsim.app" for n in decoded)


def test_another_states_root_does_not_verify_the_notifications(paywall_sim, paywall_sim_binary, tmp_path):
    paywall_sim.buy("weekly_9_99")
    payload = paywall_sim.notifications(count=1)[0]
    assert len(paywall_sim.verifier().verify_and_decode_notification(payload).notificationUUID) == 36
    other = tmp_path / "other-root.der"
    subprocess.run([str(paywall_sim_binary), "store", "certificate", "--format", "der", "--out", str(other),
                    "--state", str(tmp_path / "other-state")], check=True, capture_output=True)
    stranger = SignedDataVerifier([other.read_bytes()], False, Environment.SANDBOX, "com.paywallsim.app")
    with pytest.raises(VerificationException):
        stranger.verify_and_decode_notification(payload)


def test_apples_api_client_reaches_serve_at_apples_url_through_the_proxy_variables(paywall_sim):
    paywall_sim.buy("yearly_59_99")
    transaction_id = paywall_sim.transactions()[0]["id"]
    client = paywall_sim.api_client()           # Apple's sandbox URL, unchanged
    info = client.get_transaction_info(transaction_id)
    decoded = paywall_sim.verifier().verify_and_decode_signed_transaction(info.signedTransactionInfo)
    assert decoded.productId == "yearly_59_99" and decoded.transactionId == transaction_id
    assert os.environ["HTTPS_PROXY"] == paywall_sim.url
    assert os.environ["REQUESTS_CA_BUNDLE"] == str(paywall_sim.tls_ca_path)
    assert paywall_sim.issuer_id and len(paywall_sim.key_id) == 10


@pytest.mark.paywall_sim(bundle_id="com.example.team", now="2026-01-30T09:00:00Z")
def test_the_marker_sets_the_bundle_id_and_pins_the_clock(paywall_sim):
    paywall_sim.buy("monthly_14_99")
    payload = paywall_sim.notifications(count=1)[0]
    decoded = paywall_sim.verifier().verify_and_decode_notification(payload)
    assert decoded.data.bundleId == "com.example.team"
    transaction = paywall_sim.verifier().verify_and_decode_signed_transaction(decoded.data.signedTransactionInfo)
    assert transaction.purchaseDate == 1769763600000          # 2026-01-30T09:00:00Z
    with pytest.raises(VerificationException):
        SignedDataVerifier([paywall_sim.root_certificate], False, Environment.SANDBOX,
                           "com.paywallsim.app").verify_and_decode_notification(payload)


def test_each_apple_host_answers_for_its_own_environment(paywall_sim):
    """Apple's TransactionIdNotFoundError: "check your request to ensure that: ... You're making the
    request in the same environment, production or sandbox, that generated the transaction ID." A
    backend that asks production first and the sandbox on 4040010 (Apple's advice when it does not
    know the environment) finds a sandbox transaction on its second try, with Apple's default URLs."""
    from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient

    paywall_sim.buy("monthly_14_99")
    transaction_id = paywall_sim.transactions()[0]["id"]

    def client(environment):
        return AppStoreServerAPIClient(paywall_sim.private_key, paywall_sim.key_id, paywall_sim.issuer_id,
                                       paywall_sim.bundle_id, environment)

    production = client(Environment.PRODUCTION)       # https://api.storekit.apple.com, through the proxy
    for call in (lambda: production.get_transaction_info(transaction_id),
                 lambda: production.get_all_subscription_statuses(transaction_id)):
        with pytest.raises(APIException) as refused:
            call()
        assert refused.value.http_status_code == 404 and refused.value.raw_api_error == 4040010

    found = client(Environment.SANDBOX).get_transaction_info(transaction_id)
    decoded = paywall_sim.verifier().verify_and_decode_signed_transaction(found.signedTransactionInfo)
    assert decoded.transactionId == transaction_id and decoded.rawEnvironment == "Sandbox"
