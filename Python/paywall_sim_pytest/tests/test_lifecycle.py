"""The fixture stops serve and the webhook and restores the environment when a test ends,
passed or failed; a missing binary fails the test with where it looked."""
import json
import os


INNER = """
import json, os
def test_records(paywall_sim):
    json.dump({"pid": paywall_sim.pid, "url": paywall_sim.url, "webhook": paywall_sim.webhook.url,
               "proxy": os.environ["HTTPS_PROXY"]}, open(os.environ["RECORD"], "w"))
    assert {fail}
"""


def alive(pid):
    # Called once the inner pytest has exited: a serve it left running would be an orphan, still alive.
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def run_inner(pytester, paywall_sim_binary, monkeypatch, fail):
    record = pytester.path / "record.json"
    monkeypatch.setenv("RECORD", str(record))
    monkeypatch.delenv("HTTPS_PROXY", raising=False)
    pytester.makepyfile(INNER.replace("{fail}", "False" if fail else "True"))
    result = pytester.runpytest_subprocess("--paywall-sim", str(paywall_sim_binary), "-p", "no:cacheprovider")
    return result, json.loads(record.read_text())


def test_serve_and_the_webhook_are_stopped_after_a_passing_test(pytester, paywall_sim_binary, monkeypatch):
    result, seen = run_inner(pytester, paywall_sim_binary, monkeypatch, fail=False)
    result.assert_outcomes(passed=1)
    assert seen["proxy"] == seen["url"]
    assert not alive(seen["pid"])


def test_serve_is_stopped_after_a_failing_test_too(pytester, paywall_sim_binary, monkeypatch):
    result, seen = run_inner(pytester, paywall_sim_binary, monkeypatch, fail=True)
    result.assert_outcomes(failed=1)
    assert not alive(seen["pid"])


def test_the_proxy_variables_are_only_set_during_the_test(pytester, paywall_sim_binary, monkeypatch):
    monkeypatch.delenv("HTTPS_PROXY", raising=False)
    pytester.makepyfile("""
import os
def test_during(paywall_sim):
    assert os.environ["HTTPS_PROXY"] == paywall_sim.url
def test_after():
    assert "HTTPS_PROXY" not in os.environ
""")
    pytester.runpytest_subprocess("--paywall-sim", str(paywall_sim_binary)).assert_outcomes(passed=2)


def test_a_missing_binary_is_an_error_naming_where_it_looked(pytester, monkeypatch):
    monkeypatch.setenv("PATH", str(pytester.path))
    monkeypatch.delenv("PAYWALL_SIM", raising=False)
    pytester.makepyfile("def test_needs(paywall_sim):\n    pass\n")
    result = pytester.runpytest_subprocess()
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*no paywall-sim binary*PAYWALL_SIM*"])
