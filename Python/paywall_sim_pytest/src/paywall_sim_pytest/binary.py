"""Finds the `paywall-sim` binary a test should run."""
import os
import shutil
from pathlib import Path
from typing import Iterable, Optional


class PaywallSimNotFound(Exception):
    """No `paywall-sim` binary where the fixture looks; the message lists every place tried."""


def _executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def find_binary(explicit: Optional[str] = None, environ=None, start: Optional[Path] = None,
                search_path: Optional[str] = None) -> Path:
    """The binary to run, first found of: `explicit` (pytest's --paywall-sim), $PAYWALL_SIM,
    `.build/debug/paywall-sim` then `.build/release/paywall-sim` in `start` or a folder above it,
    then `paywall-sim` on PATH. Raises PaywallSimNotFound naming what was tried."""
    environ = os.environ if environ is None else environ
    tried = []
    for label, value in (("--paywall-sim", explicit), ("PAYWALL_SIM", environ.get("PAYWALL_SIM"))):
        if value:
            path = Path(value).expanduser()
            if _executable(path):
                return path.resolve()
            raise PaywallSimNotFound(f"{label} names {value}, which is not an executable file")
    for folder in _folders_up(Path.cwd() if start is None else start):
        for build in ("debug", "release"):
            candidate = folder / ".build" / build / "paywall-sim"
            tried.append(str(candidate))
            if _executable(candidate):
                return candidate.resolve()
    on_path = shutil.which("paywall-sim", path=search_path if search_path is not None else environ.get("PATH"))
    if on_path:
        return Path(on_path).resolve()
    tried.append("paywall-sim on PATH")
    raise PaywallSimNotFound("no paywall-sim binary: set PAYWALL_SIM or pass --paywall-sim PATH "
                             "(build one with `swift build --product paywall-sim`); tried " + ", ".join(tried))


def _folders_up(start: Path) -> Iterable[Path]:
    start = start.resolve()
    yield start
    yield from start.parents
