"""No secret reaches a log (issue 14, item 1): uvicorn's access log printed every websocket's
``/ws/CODE?token=...`` in clear. The page now sends its seat's token in its first message; a
person plays a whole deal in the browser against a server logging every request, reloads the
page (a reconnection), and the token is nowhere in the log."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from .pages import deal_over, play_until


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_no_token_in_the_servers_log_after_a_deal(tmp_path: Path, browser: Any) -> None:
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"
    command = [
        sys.executable, "-m", "bridgeroom", "serve", "--host", "127.0.0.1", "--port", str(port),
        "--database", str(tmp_path / "log.sqlite3"), "--robot-delay", "0.02",
        "--hint-level", "random", "--log-level", "info",
    ]  # fmt: skip
    with open(log, "wb") as out:
        server = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(url + "/api/games", timeout=1).close()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)
        context = browser.new_context()
        page = context.new_page()

        def seeded(route: Any) -> None:  # a fixed seed: the same deal when run again
            body = json.loads(route.request.post_data or "{}")
            route.continue_(post_data=json.dumps({**body, "seed": 12}))

        page.route(
            "**/api/tables",
            lambda route: seeded(route) if route.request.method == "POST" else route.continue_(),
        )
        page.goto(url + "/")
        page.wait_for_selector("#create")
        page.fill("#name", "Ann")
        page.select_option("#game", "minibridge")
        for select in page.query_selector_all("#seats select"):
            select.select_option("random")
        page.click("#create")
        page.wait_for_url(re.compile(r".*/table/.+"))
        page.wait_for_selector(".felt")
        play_until([page], deal_over)
        page.reload()  # a new connection with the same token
        page.wait_for_selector(".felt")
        tokens = page.evaluate("() => JSON.parse(localStorage.getItem('bridgeroom.tokens'))")
        context.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    [info] = tokens.values()
    token = info["token"]
    assert len(token) >= 32
    text = log.read_text()
    assert re.search(r'"WebSocket /ws/[^" ]+" \[accepted\]', text), text[-2000:]
    assert '"POST /api/tables HTTP/1.1" 200' in text
    assert token not in text and token[:12] not in text
    assert "token=" not in text
