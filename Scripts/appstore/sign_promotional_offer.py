#!/usr/bin/env python3
"""Signs a promotional offer with Apple's App Store Server Library (PromotionalOfferV2SignatureCreator).

Usage: sign_promotional_offer.py KEY_JSON PRODUCT_ID OFFER_ID [TRANSACTION_ID]

KEY_JSON is what `paywall-sim store offer-key --json` prints (keyID, issuerID, bundleID, pem).
Prints the compact JWS. Run with the Python of the virtual environment `.ci/run` makes
(`.venv-appstore/bin/python`), where `app-store-server-library` is installed from PyPI.
"""
import json
import sys

from appstoreserverlibrary.jws_signature_creator import PromotionalOfferV2SignatureCreator


def main() -> int:
    if len(sys.argv) not in (4, 5):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 64
    with open(sys.argv[1], encoding="utf-8") as handle:
        key = json.load(handle)
    creator = PromotionalOfferV2SignatureCreator(
        signing_key=key["pem"].encode("utf-8"), key_id=key["keyID"], issuer_id=key["issuerID"], bundle_id=key["bundleID"])
    transaction_id = sys.argv[4] if len(sys.argv) == 5 else None
    print(creator.create_signature(product_id=sys.argv[2], offer_identifier=sys.argv[3], transaction_id=transaction_id))
    return 0


if __name__ == "__main__":
    sys.exit(main())
