#!/usr/bin/env python3
"""Tests of check_deck.py: the shipped deck is clean, and each planted defect is reported.

Run: python3 -m unittest Scripts/tools/test_check_deck.py   (or python3 Scripts/tools/test_check_deck.py)
"""

import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS))
from build_deck import DEFAULT_OUT, xcode_json  # noqa: E402
from check_deck import display_width, read_key_list, specifiers  # noqa: E402


def run_check(deck_path):
    result = subprocess.run([sys.executable, str(TOOLS / "check_deck.py"), "--deck", str(deck_path)],
                            capture_output=True, text=True)
    return result.returncode, result.stdout


def unit(loc):
    return loc["stringUnit"]


class CheckDeckTests(unittest.TestCase):

    def setUp(self):
        self.catalog = json.loads(DEFAULT_OUT.read_text(encoding="utf-8"))
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def check(self, catalog=None, text=None):
        path = Path(self.tmp.name) / "Deck.xcstrings"
        path.write_text(text if text is not None else xcode_json(catalog or self.catalog), encoding="utf-8")
        return run_check(path)

    def loc(self, key, lang):
        return self.catalog["strings"][key]["localizations"][lang]

    def assertFinding(self, needle, key=None):
        code, out = self.check()
        self.assertEqual(code, 1, out)
        self.assertIn(needle, out)
        if key:
            self.assertIn(f"error: {key}:", out)

    def test_shipped_deck_is_clean_and_built_from_the_table(self):
        code, out = run_check(DEFAULT_OUT)
        self.assertEqual((code, out), (0, ""))
        built = subprocess.run([sys.executable, str(TOOLS / "build_deck.py"), "--check"],
                               capture_output=True, text=True)
        self.assertEqual(built.returncode, 0, built.stderr)

    def test_every_listed_key_is_in_the_deck(self):
        keys = [row[0] for row in read_key_list(TOOLS / "deck-keys.md")]
        self.assertEqual(len(keys), 148)
        self.assertEqual(sorted(keys), sorted(self.catalog["strings"]))

    def test_missing_key(self):
        del self.catalog["strings"]["paywall.restore"]
        self.assertFinding("missing from the catalog", "paywall.restore")

    def test_missing_language(self):
        del self.catalog["strings"]["sheet.price"]["localizations"]["ko"]
        self.assertFinding("no ko localization", "sheet.price")

    def test_state_not_translated(self):
        unit(self.loc("paywall.cta.buy", "ko"))["state"] = "needs_review"
        self.assertFinding("ko state is 'needs_review'", "paywall.cta.buy")

    def test_specifier_dropped(self):
        unit(self.loc("sheet.then", "zh-Hans"))["value"] = "之后每月 %1$@"
        self.assertFinding("specifiers", "sheet.then")

    def test_specifier_type_changed_at_a_position(self):
        unit(self.loc("small.current", "ko"))["value"] = "현재 %1$lld×%2$@"
        self.assertFinding("specifiers", "small.current")

    def test_reordered_positional_specifiers_are_fine(self):
        self.assertEqual(specifiers("%2$@ %1$@")[0], specifiers("%1$@ / %2$@")[0])
        self.assertEqual(specifiers("%2$@ %1$@")[1], specifiers("%1$@ / %2$@")[1])

    def test_untranslated(self):
        unit(self.loc("debug.state", "zh-Hans"))["value"] = "State"
        self.assertFinding("identical to English", "debug.state")

    def test_proper_name_may_stay(self):
        self.assertEqual(unit(self.loc("sheet.title", "ko"))["value"], "App Store")
        self.assertEqual(self.check()[0], 0)

    def test_cta_too_wide(self):
        unit(self.loc("paywall.cta.trial", "ko"))["value"] = "무료 체험 시작하기"
        self.assertFinding("18 columns; a CTA/button may use 16", "paywall.cta.trial")

    def test_badge_too_wide(self):
        unit(self.loc("paywall.badge.bestValue", "zh-Hans"))["value"] = "最超值的选择方案"
        self.assertFinding("a badge may use 12", "paywall.badge.bestValue")

    def test_lost_key_glyph_on_a_hint_line(self):
        unit(self.loc("paywall.hint", "ko"))["value"] = "↑↓ 선택 · Enter 구매 · 복원 · n 나중에"
        self.assertFinding("lost the key glyph(s) ['r']", "paywall.hint")

    def test_lost_enter(self):
        unit(self.loc("sheet.hint", "zh-Hans"))["value"] = "回车 确认 · Esc 取消"
        self.assertFinding("lost the key glyph or name 'Enter'", "sheet.hint")

    def test_plural_forms(self):
        plural = self.loc("chat.quota", "en")["variations"]["plural"]
        del plural["one"]
        zh = self.loc("chat.quota", "zh-Hans")["variations"]["plural"]
        zh["one"] = zh["other"]
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn("en plural forms are ['other']; expected ['one', 'other']", out)
        self.assertIn("zh-Hans plural forms are ['one', 'other']; expected ['other']", out)

    def test_english_differs_from_key_list(self):
        unit(self.loc("paywall.cta.subscribe", "en"))["value"] = "Subscribe now"
        self.assertFinding("the key list says 'Subscribe'", "paywall.cta.subscribe")

    def test_missing_comment(self):
        del self.catalog["strings"]["loading"]["comment"]
        self.assertFinding("no comment", "loading")

    def test_unknown_key(self):
        self.catalog["strings"]["paywall.extra"] = self.catalog["strings"]["loading"]
        self.assertFinding("not in the key list", "paywall.extra")

    def test_not_xcode_style(self):
        code, out = self.check(text=json.dumps(self.catalog, ensure_ascii=False, indent=4))
        self.assertEqual(code, 1)
        self.assertIn("not in Xcode style", out)

    def test_invalid_json_reports_line_and_column(self):
        path = Path(self.tmp.name) / "Broken.xcstrings"
        path.write_text('{\n  "strings" : {\n    "a" :\n', encoding="utf-8")
        result = subprocess.run([sys.executable, str(TOOLS / "check_deck.py"), "--deck", str(path)],
                                capture_output=True, text=True)
        self.assertEqual(result.returncode, 1)
        self.assertIn("Broken.xcstrings:4:1: error: not valid JSON", result.stderr)

    def test_display_width(self):
        self.assertEqual(display_width("무료 체험 시작"), 14)
        self.assertEqual(display_width("SAVE %lld%%"), 8)
        self.assertEqual(display_width("%@ free"), 13)


if __name__ == "__main__":
    unittest.main()
