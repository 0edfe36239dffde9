#!/usr/bin/env python3
"""Prices as CLDR formats them, by Babel (PyPI), the independent judge of PriceFormatter.

Reads lines `AMOUNT CURRENCY LOCALE` (LOCALE as Foundation writes it: de_JP, zh_Hant_TW) on
stdin and prints, per line, `LOCALE_USED<TAB>TEXT`: the price in the nearest locale CLDR has,
found by CLDR's truncation (de_JP -> de), as Babel formats it with the currency's CLDR digits.
"""
import sys

from babel import Locale, UnknownLocaleError
from babel.numbers import format_currency


def cldr_locale(identifier):
    parts = identifier.split("_")
    while parts:
        candidate = "_".join(parts)
        try:
            Locale.parse(candidate)
            return candidate
        except (UnknownLocaleError, ValueError):
            parts = parts[:-1]
    return "root"


for line in sys.stdin:
    if not line.strip():
        continue
    amount, currency, identifier = line.split()
    used = cldr_locale(identifier)
    text = format_currency(amount, currency, locale=used)
    print(f"{used}\t{text}")
