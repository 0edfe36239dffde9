"""Where the fixture finds paywall-sim, in order, and what it says when it finds none."""
import os
import stat

import pytest

from paywall_sim_pytest import PaywallSimNotFound, find_binary


def make_executable(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_the_option_comes_before_the_environment_and_the_build_folders(tmp_path):
    option = make_executable(tmp_path / "option" / "paywall-sim")
    variable = make_executable(tmp_path / "variable" / "paywall-sim")
    make_executable(tmp_path / "repo" / ".build" / "debug" / "paywall-sim")
    found = find_binary(str(option), environ={"PAYWALL_SIM": str(variable)}, start=tmp_path / "repo", search_path="")
    assert found == option.resolve()
    assert find_binary(None, environ={"PAYWALL_SIM": str(variable)}, start=tmp_path / "repo", search_path="") == variable.resolve()


def test_debug_before_release_found_from_a_folder_below_the_package(tmp_path):
    debug = make_executable(tmp_path / "repo" / ".build" / "debug" / "paywall-sim")
    release = make_executable(tmp_path / "repo" / ".build" / "release" / "paywall-sim")
    below = tmp_path / "repo" / "backend" / "tests"
    below.mkdir(parents=True)
    assert find_binary(None, environ={}, start=below, search_path="") == debug.resolve()
    debug.unlink()
    assert find_binary(None, environ={}, start=below, search_path="") == release.resolve()


def test_path_is_the_last_resort(tmp_path):
    on_path = make_executable(tmp_path / "bin" / "paywall-sim")
    (tmp_path / "empty").mkdir()
    assert find_binary(None, environ={}, start=tmp_path / "empty", search_path=str(tmp_path / "bin")) == on_path.resolve()


def test_nothing_found_names_every_place_tried(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(PaywallSimNotFound) as raised:
        find_binary(None, environ={}, start=tmp_path / "empty", search_path=str(tmp_path))
    message = str(raised.value)
    assert "PAYWALL_SIM" in message and str(tmp_path / "empty" / ".build" / "debug" / "paywall-sim") in message
    assert "paywall-sim on PATH" in message


def test_a_named_binary_that_is_not_executable_is_an_error_not_a_fallback(tmp_path):
    plain = tmp_path / "paywall-sim"
    plain.write_text("not a program")
    make_executable(tmp_path / "repo" / ".build" / "debug" / "paywall-sim")
    with pytest.raises(PaywallSimNotFound, match="PAYWALL_SIM names .* not an executable file"):
        find_binary(None, environ={"PAYWALL_SIM": str(plain)}, start=tmp_path / "repo", search_path="")
    assert not os.access(plain, os.X_OK)
