"""Running out of connections (issue 20, item 6): the soft open-file limit is raised to the hard
one at start, and past what it allows a new client is told "server full" (close code 1013,
try again later) instead of a reset, and the log says so."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import resource
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from bridgeroom.server.limits import Limits


def test_a_client_past_the_limit_is_told_the_server_is_full(
    db: Path, helpers: Any, caplog: pytest.LogCaptureFixture
) -> None:
    with helpers.make_client(db, limits=Limits.generous(connections=2)) as client:
        code = helpers.create(client, "contract", {1: "random"}, name="Ann", slot=0)["code"]
        with caplog.at_level(logging.WARNING, logger="bridgeroom.server"):
            with helpers.connect(client, code) as one, helpers.connect(client, code) as two:
                one.receive_json()
                two.receive_json()
                with client.websocket_connect(f"/ws/{code}") as three:
                    error = three.receive_json()
                    assert error["type"] == "error"
                    assert error["texts"]["en"] == (
                        "The server is full (2 connections): try again in a minute."
                    )
                    assert error["texts"]["ru"].startswith("Сервер заполнен (2 соединения)")
                    with pytest.raises(WebSocketDisconnect) as closed:
                        three.receive_json()
                    assert closed.value.code == 1013
            with helpers.connect(client, code) as again:  # a place is free again
                assert again.receive_json()["type"] == "state"
        assert "server full: refused 1 websocket connections" in caplog.text
        assert client.get("/api/stats").json()["refused"] == 1


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _limit_files(soft: int, hard: int) -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


async def _connect_all(url: str, n: int) -> list[str]:
    """Open ``n`` websockets at once, each saying hello: what each got (``state``, ``full``,
    or how it failed)."""
    import websockets

    async def one() -> tuple[str, Any]:
        try:
            ws = await websockets.connect(url, open_timeout=20)
        except Exception as err:
            return f"failed: {err!r}", None
        frames: list[dict[str, Any]] = []
        try:
            with contextlib.suppress(websockets.ConnectionClosed):
                await ws.send(json.dumps({"type": "hello"}))
            while True:
                frames.append(json.loads(await asyncio.wait_for(ws.recv(), 20)))
                if frames[-1]["type"] == "state":
                    return "state", ws
        except websockets.ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd else None
            told = [f for f in frames if f["type"] == "error" and "full" in f["message"]]
            return (f"full {code}" if told else f"closed {code} {frames}"), None
        except Exception as err:
            await ws.close()
            return f"failed: {err!r}", None

    results = await asyncio.gather(*(one() for _ in range(n)))
    for _, ws in results:
        if ws is not None:
            await ws.close()
    return [r for r, _ in results]


def test_a_server_at_its_open_file_limit_refuses_clearly_and_logs_it(tmp_path: Path) -> None:
    """``bridgeroom serve`` started with the soft limit at 96 and the hard one at 128 raises the
    soft one to 128 and serves at most 128 - 64 websockets; 80 clients at once: 64 play, 16 are
    told the server is full (1013), none is reset, and the log says so."""
    port = _free_port()
    log = tmp_path / "server.log"
    command = [
        sys.executable, "-m", "bridgeroom", "serve", "--host", "127.0.0.1", "--port", str(port),
        "--database", str(tmp_path / "full.sqlite3"), "--log-level", "info",
    ]  # fmt: skip
    with open(log, "wb") as out:
        server = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, preexec_fn=lambda: _limit_files(96, 128)
        )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(base + "/api/games", timeout=1).close()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)
        request = urllib.request.Request(
            base + "/api/tables",
            data=json.dumps({"game": "contract", "robots": {"1": "random"}}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as r:
            code = json.loads(r.read())["code"]
        outcomes = asyncio.run(_connect_all(f"ws://127.0.0.1:{port}/ws/{code}", 80))
        assert outcomes.count("state") == 64, outcomes
        assert outcomes.count("full 1013") == 16, outcomes
        with urllib.request.urlopen(base + "/api/stats", timeout=10) as r:
            stats = json.loads(r.read())
        assert stats["capacity"] == 64 and stats["refused"] == 16
    finally:
        server.terminate()
        server.wait(timeout=30)
    text = log.read_text()
    assert "open-file limit raised from 96 to 128" in text
    assert "serving at most 64 websockets at once" in text
    assert "server full: refused" in text
