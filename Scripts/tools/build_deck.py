#!/usr/bin/env python3
"""Build Themes/PaywallSim.xcstrings from the table in deck_table.py.

Usage: python3 Scripts/tools/build_deck.py [--out PATH] [--check]

--check writes nothing and exits 1 when the catalog on disk differs from what the table builds
(use it in CI so the table and the catalog cannot drift apart).

The output follows Xcode's style: 2-space indent, `"key" : value`, keys sorted
case-insensitively, CJK written literally, a trailing newline.
"""

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from deck_table import LANGUAGE_FIELDS, LANGUAGES, ROWS, Plural  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
DEFAULT_OUT = REPO / "Themes" / "PaywallSim.xcstrings"


def unit(value):
    """A translated `stringUnit`."""
    return {"stringUnit": {"state": "translated", "value": value}}


def plural(forms):
    """A `variations.plural` localization; `forms` maps CLDR category to text."""
    return {"variations": {"plural": {cat: unit(text) for cat, text in forms.items()}}}


def localization(row, language):
    """The localization of one row in one language."""
    value = getattr(row, LANGUAGE_FIELDS[language])
    if isinstance(row.en, Plural):
        if language == "en":
            return plural({"one": row.en.one, "other": row.en.other})
        # A translation is the `other` form, or a dict of CLDR categories for a language that has them.
        return plural(value if isinstance(value, dict) else {"other": value})
    return unit(value)


def sorted_case_insensitive(mapping):
    """A copy of `mapping` with keys in Xcode's case-insensitive order, recursively."""
    if not isinstance(mapping, dict):
        return mapping
    keys = sorted(mapping, key=lambda k: (k.lower(), k))
    return {k: sorted_case_insensitive(mapping[k]) for k in keys}


def catalog():
    """The whole String Catalog as a Python object."""
    strings = {}
    for row in ROWS:
        if row.key in strings:
            raise SystemExit(f"deck_table.py: duplicate key {row.key!r}")
        strings[row.key] = {
            "comment": row.comment,
            "localizations": {lang: localization(row, lang) for lang in LANGUAGES},
        }
    return {"sourceLanguage": "en", "strings": strings, "version": "1.0"}


def xcode_json(obj):
    """Serialise like Xcode: 2-space indent, ` : ` separators, sorted keys, trailing newline."""
    text = json.dumps(sorted_case_insensitive(obj), indent=2, separators=(",", " : "), ensure_ascii=False)
    return text + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--check", action="store_true", help="compare with the file instead of writing it")
    args = parser.parse_args()
    text = xcode_json(catalog())
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
        if current != text:
            print(f"{args.out}: out of date with deck_table.py; run build_deck.py", file=sys.stderr)
            return 1
        print(f"{args.out}: up to date ({len(ROWS)} keys)")
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out} ({len(ROWS)} keys)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
