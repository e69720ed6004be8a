"""Fixtures of the browser tests: a real ``bridgeroom serve`` on a free loopback port, and
Debian's headless Chromium driven by Playwright (never a browser that Playwright downloads):
the ``chromium`` found on PATH, or the one ``BRIDGEROOM_CHROMIUM`` names. Without one the
tests fail and say how to get it; they never skip.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``bridgeroom serve`` in a child process on 127.0.0.1; ``restart`` keeps port and database."""

    def __init__(self, db: Path, port: int) -> None:
        self.db = db
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        cmd = [
            sys.executable, "-m", "bridgeroom", "serve",
            "--host", "127.0.0.1", "--port", str(self.port),
            "--database", str(self.db),
            "--robot-delay", "0.02", "--hint-level", "random", "--log-level", "warning",
        ]  # fmt: skip
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"the server stopped: {err}")
            try:
                with urllib.request.urlopen(self.url + "/api/games", timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start in 30 s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()  # as a crash would: no clean shutdown
            self.proc.wait(timeout=10)
        self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "web.sqlite3", free_port())
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def find_chromium() -> str:
    """The browser to drive: ``$BRIDGEROOM_CHROMIUM`` if set, else ``chromium`` on PATH."""
    override = os.environ.get("BRIDGEROOM_CHROMIUM")
    if override:
        found = shutil.which(override)
        if found is None:
            pytest.fail(
                f"BRIDGEROOM_CHROMIUM={override!r} is not an executable browser: set it to the "
                "path of a Chromium, or unset it to use the chromium on PATH"
            )
        return found
    found = shutil.which("chromium")
    if found is None:
        pytest.fail(
            "the browser tests need Debian's chromium on PATH (apt-get install chromium), or "
            "BRIDGEROOM_CHROMIUM set to the path of a Chromium; none was found"
        )
    return found


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    chromium = find_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield b
        b.close()
