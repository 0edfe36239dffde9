#!/usr/bin/env python3
"""Signs an introductory-offer eligibility answer with Apple's App Store Server Library
(IntroductoryOfferEligibilitySignatureCreator).

Usage: sign_intro_eligibility.py KEY_JSON PRODUCT_ID allow|deny TRANSACTION_ID

KEY_JSON is what `paywall-sim store offer-key --json` prints (keyID, issuerID, bundleID, pem).
Prints the compact JWS, for `paywall-sim store buy PRODUCT --intro-eligibility JWS`. Run with the
Python of the virtual environment `.ci/run` makes (`.venv-appstore/bin/python`).
"""
import json
import sys

from appstoreserverlibrary.jws_signature_creator import IntroductoryOfferEligibilitySignatureCreator


def main() -> int:
    if len(sys.argv) != 5 or sys.argv[3] not in ("allow", "deny"):
        print(__doc__.strip().splitlines()[3], file=sys.stderr)
        return 64
    with open(sys.argv[1], encoding="utf-8") as handle:
        key = json.load(handle)
    creator = IntroductoryOfferEligibilitySignatureCreator(
        signing_key=key["pem"].encode("utf-8"), key_id=key["keyID"], issuer_id=key["issuerID"], bundle_id=key["bundleID"])
    print(creator.create_signature(product_id=sys.argv[2], allow_introductory_offer=sys.argv[3] == "allow",
                                   transaction_id=sys.argv[4]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
