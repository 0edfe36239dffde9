#!/usr/bin/env python3
"""Check the default copy deck (Themes/PaywallSim.xcstrings) against its key list.

Usage: python3 Scripts/tools/check_deck.py [--deck PATH] [--keys PATH] [--languages en,zh-Hans,ko]

--languages defaults to the languages of deck_table.py.

Checks, for every key of the key list (a Markdown table `| key | English [note] |`):
  - the key is in the catalog with a comment and a translated localization in every language;
  - plural keys have `one` and `other` in English and only `other` in zh-Hans and ko (and other
    languages without plural distinction; other languages need `other` plus CLDR categories);
  - the English value (the `other` form) is the text of the key list;
  - format specifiers match English in every form (same multiset; positional ones the same type
    at each position);
  - no translation is identical to English, except proper names (Nova, App Store);
  - key glyphs (Enter, Esc, Tab, Ctrl+C, F1, F2, arrows, and on hint lines the letter keys)
    and “Nova” are kept;
  - width limits in terminal columns (East Asian Wide/Fullwidth = 2): CTAs and buttons <= 16,
    badges <= 12, hint lines <= 76, titles <= 40. Specifiers count as a sample value:
    integers as 2 columns, %@ as 8 columns, %% as 1;
  - the file is in Xcode style (2-space indent, `"key" : value`, keys sorted
    case-insensitively, trailing newline).

Prints `file:line:col: error: key: what is wrong` for each finding and exits 1 if there is any.
"""

import argparse
import json
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
REPO = TOOLS.parents[1]
sys.path.insert(0, str(TOOLS))
from build_deck import xcode_json  # noqa: E402
from deck_table import LANGUAGES  # noqa: E402

DEFAULT_DECK = REPO / "Themes" / "PaywallSim.xcstrings"
DEFAULT_KEYS = TOOLS / "deck-keys.md"
DEFAULT_LANGUAGES = LANGUAGES
SOURCE = "en"

# Keys that vary by plural even though the key list does not mark them [plural].
EXTRA_PLURAL_KEYS = {"proof.ratingCount", "chat.quota", "skipped.body", "chat.limitReached",
                     "paywall.promise.limit"}
# Languages without plural distinction: their plural keys have only `other`.
NO_PLURAL_LANGUAGES = {"zh", "ja", "ko", "th", "vi", "id", "ms", "lo", "my", "km"}
CLDR_CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
# English values that are proper names: a translation may (should) be the same text.
PROPER_NAMES = {"Nova", "App Store"}

SPECIFIER = re.compile(
    r"%(?:(\d+)\$)?([-+0#]*\d*(?:\.\d+)?(?:hh|h|ll|l|q|z|t|j|L)?[@dDiuUxXoOfFeEgGaAcCsSp%])")
ALWAYS_KEPT = ["Ctrl+C", "Enter", "Esc", "Tab", "F1", "F2", "↑", "↓", "←", "→", "Nova"]
LETTER_KEY = re.compile(r"(?<![A-Za-z'’])[qsrndkj?](?![A-Za-z'’])")


def limit_for(key):
    """(kind, max columns) for a key with a width limit, else None."""
    last = key.rsplit(".", 1)[-1]
    if key.startswith("paywall.cta.") or key in {"paywall.notNow", "sheet.confirm", "sheet.cancel",
                                                 "sheet.askToBuy.confirm"}:
        return ("CTA/button", 16)
    if key.startswith("paywall.badge."):
        return ("badge", 12)
    if is_hint(key):
        return ("hint line", 76)
    if last == "title":
        return ("title", 40)
    return None


def is_hint(key):
    """True for key-help lines that start with key glyphs."""
    return (key.startswith("hint.") or key.endswith(".hint") or
            (key.startswith("help.") and key != "help.title") or
            key in {"purchased.continue", "skipped.continue", "debug.close"})


def display_width(text):
    """Terminal columns of `text`, with specifiers replaced by sample values."""
    def sample(match):
        kind = match.group(2)[-1]
        return "%" if kind == "%" else ("XXXXXXXX" if kind in "@sS" else "99")
    text = SPECIFIER.sub(sample, text)
    width = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def specifiers(text):
    """(multiset of types, {position: type}) of the format specifiers in `text`, without %%."""
    kinds, positions, index = Counter(), {}, 0
    for match in SPECIFIER.finditer(text):
        kind = match.group(2)
        if kind == "%":
            continue
        kind = re.sub(r"^[-+0#]*\d*(?:\.\d+)?", "", kind)
        index += 1
        position = int(match.group(1)) if match.group(1) else index
        kinds[kind] += 1
        positions.setdefault(position, set()).add(kind)
    return kinds, positions


def read_key_list(path):
    """[(key, English, is_plural, line)] from the Markdown table of the key list."""
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if len(cells) < 2 or cells[0] in ("key", "") or set(cells[0]) <= set("-: "):
            continue
        key, text = cells[0], "|".join(cells[1:]).strip()
        note = ""
        match = re.match(r"^(.*\S)\s+\[([^\]]*)\]$", text)
        if match:
            text, note = match.group(1), match.group(2)
        rows.append((key, text, note.startswith("plural"), number))
    return rows


class Report:
    """Collects findings as `file:line:col: error: key: message`."""

    def __init__(self, path, text):
        self.path, self.lines, self.findings = path, text.splitlines(), []

    def where(self, key):
        needle = json.dumps(key, ensure_ascii=False) + " :"
        for number, line in enumerate(self.lines, 1):
            if line.lstrip().startswith(needle):
                return number, len(line) - len(line.lstrip()) + 1
        return 1, 1

    def error(self, key, message):
        line, col = self.where(key) if key else (1, 1)
        self.findings.append(f"{self.path}:{line}:{col}: error: {key + ': ' if key else ''}{message}")


def forms_of(localization):
    """{category: (state, value)} of a localization; category "" for a plain string unit."""
    if not isinstance(localization, dict):
        return None
    if "stringUnit" in localization:
        su = localization["stringUnit"] if isinstance(localization["stringUnit"], dict) else {}
        return {"": (su.get("state"), su.get("value"))}
    variations = localization.get("variations")
    plural = variations.get("plural") if isinstance(variations, dict) else None
    if isinstance(plural, dict):
        units = {cat: f.get("stringUnit") for cat, f in plural.items() if isinstance(f, dict)}
        return {cat: (su.get("state"), su.get("value")) if isinstance(su, dict) else (None, None)
                for cat, su in units.items()}
    return None


def check_entry(report, key, english, plural, entry, languages):
    if not isinstance(entry, dict):
        report.error(key, "missing from the catalog; expected an entry with en, zh-Hans and ko")
        return
    if not str(entry.get("comment", "")).strip():
        report.error(key, "no comment; say where the text appears")
    locs = entry.get("localizations", {})
    if not isinstance(locs, dict):
        report.error(key, "\"localizations\" is not an object of language → localization")
        locs = {}
    en_forms = forms_of(locs.get(SOURCE))
    for lang in languages:
        forms = forms_of(locs.get(lang))
        if not forms:
            report.error(key, f"no {lang} localization (stringUnit or variations.plural)")
            continue
        cats = set(forms)
        if plural:
            if lang == SOURCE or lang.split("-")[0] in NO_PLURAL_LANGUAGES:
                expected = {"one", "other"} if lang == SOURCE else {"other"}
                if cats != expected:
                    report.error(key, f"{lang} plural forms are {sorted(cats)}; expected {sorted(expected)}")
            elif "other" not in cats or not cats <= CLDR_CATEGORIES:
                report.error(key, f"{lang} plural forms are {sorted(cats)}; expected CLDR categories "
                                  f"including 'other'")
        elif cats != {""}:
            report.error(key, f"{lang} has plural variations; expected a plain stringUnit")
        for cat, (state, value) in forms.items():
            label = f"{lang}{'.' + cat if cat else ''}"
            if state != "translated":
                report.error(key, f"{label} state is {state!r}; expected 'translated'")
            if not isinstance(value, str) or not value:
                report.error(key, f"{label} has no value")
                continue
            check_value(report, key, label, lang, value, english, en_forms)


def check_value(report, key, label, lang, value, english, en_forms):
    if lang == SOURCE:
        if label in (SOURCE, SOURCE + ".other") and value != english:
            report.error(key, f"{label} is {value!r}; the key list says {english!r}")
    else:
        source = english
        if en_forms and "other" in en_forms and label.endswith(".other"):
            source = en_forms["other"][1] or english
        if value == source and english not in PROPER_NAMES:
            report.error(key, f"{label} is identical to English {value!r} (untranslated?)")
        en_kinds, en_pos = specifiers(english)
        kinds, pos = specifiers(value)
        if kinds != en_kinds:
            report.error(key, f"{label} specifiers {dict(kinds)} differ from English {dict(en_kinds)}: {value!r}")
        elif pos != en_pos:
            report.error(key, f"{label} specifier positions {pos} differ from English {en_pos}: {value!r}")
        if value.count("%%") != english.count("%%"):
            report.error(key, f"{label} has {value.count('%%')} literal %%; English has {english.count('%%')}")
        for glyph in ALWAYS_KEPT:
            if glyph in english and glyph not in value:
                report.error(key, f"{label} lost the key glyph or name {glyph!r}: {value!r}")
        if is_hint(key):
            wanted = Counter(LETTER_KEY.findall(english))
            found = Counter(LETTER_KEY.findall(value))
            if wanted - found:
                report.error(key, f"{label} lost the key glyph(s) {sorted(wanted - found)}: {value!r}")
    limit = limit_for(key)
    if limit and display_width(value) > limit[1]:
        report.error(key, f"{label} is {display_width(value)} columns; a {limit[0]} may use {limit[1]}: {value!r}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deck", type=Path, default=DEFAULT_DECK)
    parser.add_argument("--keys", type=Path, default=DEFAULT_KEYS)
    parser.add_argument("--languages", default=",".join(DEFAULT_LANGUAGES))
    args = parser.parse_args()
    languages = [lang.strip() for lang in args.languages.split(",") if lang.strip()]

    try:
        text = args.deck.read_text(encoding="utf-8")
        catalog = json.loads(text)
    except (OSError, UnicodeDecodeError) as error:
        print(f"{args.deck}:1:1: error: cannot read: {error}", file=sys.stderr)
        return 1
    except json.JSONDecodeError as error:
        print(f"{args.deck}:{error.lineno}:{error.colno}: error: not valid JSON: {error.msg}", file=sys.stderr)
        return 1
    report = Report(args.deck, text)
    if not isinstance(catalog, dict):
        catalog = {"strings": {}}
        report.error("", "the top level is not an object; expected {sourceLanguage, strings, version}")
    if catalog.get("sourceLanguage") != "en":
        report.error("", f"sourceLanguage is {catalog.get('sourceLanguage')!r}; expected 'en'")
    if catalog.get("version") != "1.0":
        report.error("", f"version is {catalog.get('version')!r}; expected the string '1.0'")
    strings = catalog.get("strings", {})
    if not isinstance(strings, dict):
        report.error("", "\"strings\" is not an object of key → entry")
        strings = {}
    try:
        listed = read_key_list(args.keys)
    except (OSError, UnicodeDecodeError) as error:
        print(f"{args.keys}:1:1: error: cannot read the key list: {error}", file=sys.stderr)
        return 1
    seen = set()
    for key, english, marked_plural, line in listed:
        if key in seen:
            print(f"{args.keys}:{line}:1: error: {key}: listed twice", file=sys.stderr)
        seen.add(key)
        check_entry(report, key, english, marked_plural or key in EXTRA_PLURAL_KEYS,
                    strings.get(key), languages)
    for key in strings:
        if key not in seen:
            report.error(key, f"not in the key list {args.keys.name}; add it there or remove it")
    if text != xcode_json(catalog):
        report.error("", "not in Xcode style (2-space indent, \"key\" : value, keys sorted "
                         "case-insensitively, trailing newline); run build_deck.py")

    for finding in report.findings:
        print(finding)
    print(f"{args.deck.name}: {len(listed)} keys, {', '.join(languages)}: "
          f"{len(report.findings)} finding(s)", file=sys.stderr)
    return 1 if report.findings else 0


if __name__ == "__main__":
    sys.exit(main())
