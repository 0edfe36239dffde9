"""The pytest plugin: the `--paywall-sim` option, the `paywall_sim` marker and fixtures."""
from pathlib import Path

import pytest

from .binary import find_binary
from .simulator import PaywallSim


def pytest_addoption(parser):
    group = parser.getgroup("paywall-sim")
    group.addoption("--paywall-sim", dest="paywall_sim_binary", default=None, metavar="PATH",
                    help="the paywall-sim binary (else $PAYWALL_SIM, .build/debug or .build/release, PATH)")


def pytest_configure(config):
    config.addinivalue_line("markers", "paywall_sim(environment='Sandbox', bundle_id='com.paywallsim.app', now=None, "
                                       "storekit=None): how the paywall_sim fixture makes its store")


@pytest.fixture(scope="session")
def paywall_sim_binary(pytestconfig) -> Path:
    """The paywall-sim binary the fixtures run."""
    return find_binary(pytestconfig.getoption("paywall_sim_binary"), start=Path(str(pytestconfig.rootpath)))


@pytest.fixture
def paywall_sim(request, paywall_sim_binary, tmp_path_factory, monkeypatch):
    """`paywall-sim serve` on a free port over a temporary state, its proxy variables set for the
    test; stopped, and the variables restored, when the test ends."""
    marker = request.node.get_closest_marker("paywall_sim")
    options = dict(marker.kwargs) if marker else {}
    simulator = PaywallSim(paywall_sim_binary, tmp_path_factory.mktemp("paywall-sim-state"), **options)
    simulator.start()
    try:
        for name, value in simulator.environment.items():
            monkeypatch.setenv(name, value)
        for name in ("NO_PROXY", "no_proxy"):
            monkeypatch.delenv(name, raising=False)
        yield simulator
    finally:
        simulator.stop()
