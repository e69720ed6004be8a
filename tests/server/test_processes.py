"""Several ``bridgeroom serve`` processes on one real PostgreSQL database (issue 41).

Each test starts a throwaway PostgreSQL cluster (Unix socket only, as test_postgres.py does)
and two or three real server processes (``python -m bridgeroom serve``) on loopback ports,
then drives them as browsers do: HTTP and websockets. A table is written by one process; a
connection to another is served there (its requests reach the writer, every change reaches it
through LISTEN/NOTIFY); ``kill -9`` of a writer hands its tables to the others.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

SRC = Path(__file__).resolve().parents[2] / "src"
LEASE = 1.5  # seconds: short, so that a takeover is quick in a test


def _bin(name: str) -> str:
    found = shutil.which(name) or next(
        iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))), None
    )
    if found is None:
        pytest.fail(f"PostgreSQL's {name} is needed (apt-get install postgresql)")
    return found


def _pg(cmd: list[str]) -> None:
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        cmd = ["runuser", "-u", "postgres", "--", *cmd]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)


@pytest.fixture
def database() -> Iterator[str]:
    """The URL of a new PostgreSQL cluster of this test's own."""
    root = Path(tempfile.mkdtemp(prefix="bridgeroom-pg-"))
    data, sockets = root / "data", root / "run"
    sockets.mkdir()
    if os.geteuid() == 0:
        for path in (root, sockets):
            shutil.chown(path, "postgres")
    try:
        _pg([_bin("initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync"])
        options = f"-k {sockets} -c listen_addresses='' -c fsync=off -p 5432"
        _pg([_bin("pg_ctl"), "-D", str(data), "-o", options, "-w", "-t", "60", "start"])
        try:
            yield f"postgresql://postgres@/postgres?host={sockets}&port=5432"
        finally:
            with contextlib.suppress(subprocess.CalledProcessError):
                _pg([_bin("pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"])
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """One ``bridgeroom serve`` process on a loopback port."""

    def __init__(self, database: str, robot_delay: float) -> None:
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "PYTHONPATH": str(SRC)}
        cmd = [sys.executable, "-m", "bridgeroom", "serve", "--database", database]
        cmd += ["--port", str(self.port), "--robot-delay", str(robot_delay)]
        cmd += ["--hint-level", "random", "--lease-seconds", str(LEASE), "--log-level", "warning"]
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (open while the server runs)
        self.proc = subprocess.Popen(cmd, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        end = time.monotonic() + 60
        while time.monotonic() < end:
            assert self.proc.poll() is None, self.output()
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.base}/api/stats", timeout=2).status_code == 200:
                    return
            time.sleep(0.1)
        raise AssertionError("the server did not start:\n" + self.output())

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode("utf-8", "replace")[-4000:]

    def stats(self) -> dict[str, int]:
        return dict(httpx.get(f"{self.base}/api/stats", timeout=10).json())

    def kill(self) -> None:
        """``kill -9``: no lease is given up, no connection closed politely."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(30)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def servers(database: str) -> Iterator[Callable[[float], Server]]:
    started: list[Server] = []

    def start(robot_delay: float = 0.0) -> Server:
        server = Server(database, robot_delay)
        started.append(server)
        return server

    try:
        yield start
    finally:
        for server in started:
            server.stop()


class Socket:
    """A websocket to a table, said hello to, with the frames it received."""

    def __init__(self, server: Server, code: str, token: str | None) -> None:
        self._stack = contextlib.ExitStack()
        url = f"ws://127.0.0.1:{server.port}/ws/{code}"
        self.ws: ClientConnection = self._stack.enter_context(connect(url))
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.frames: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.ids = 0

    def receive(self, timeout: float = 20.0) -> dict[str, Any]:
        msg = json.loads(self.ws.recv(timeout))
        self.frames.append(msg)
        if msg["type"] == "state":
            self.state = msg
        return dict(msg)

    def send(self, kind: str, **data: Any) -> None:
        self.ids += 1
        self.ws.send(json.dumps({"type": kind, "id": self.ids, **data}))

    @property
    def deal(self) -> dict[str, Any]:
        assert self.state is not None and self.state["deal"] is not None
        return dict(self.state["deal"])

    def my_turn(self) -> bool:
        if self.state is None or self.state["deal"] is None or self.state["request"]:
            return False
        deal = self.deal
        return bool(deal["phase"] != "done" and deal["to_act"] == deal["seat"] and deal["legal"])

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._stack.close()


def over(deal: dict[str, Any]) -> bool:
    return bool(deal["phase"] == "done")


def history(deal: dict[str, Any]) -> list[str]:
    """Every action of a deal as a viewer's state shows it, in order: calls, then cards."""
    cards = [c for t in deal["tricks"] for c in t["cards"]] + list(deal["trick"])
    return [str(c) for c in deal["calls"]] + [json.dumps(c, sort_keys=True) for c in cards]


def create(server: Server, seed: int) -> dict[str, Any]:
    body = {"game": "contract", "robots": {"1": "random", "2": "random", "3": "random"}}
    r = httpx.post(
        f"{server.base}/api/tables", json={**body, "name": "Ann", "slot": 0, "seed": seed}
    )
    assert r.status_code == 200, r.text
    return dict(r.json())


def play_until(me: Socket, done: Callable[[Socket], bool], limit: int = 3000) -> None:
    """Play the first legal action at each turn until ``done``; a refusal because the table is
    moving to another process is tried again."""
    for _ in range(limit):
        if me.state is not None and done(me):
            return
        if me.my_turn():
            me.send("action", action=str(me.deal["legal"][0]))
        msg = me.receive()
        if msg["type"] == "error":
            assert "moving" in msg["message"] or "cannot save" in msg["message"], msg
            time.sleep(0.3)
    raise AssertionError(f"gave up; last state {me.state}")


def test_a_player_on_one_process_and_a_spectator_on_another_see_the_same_deal(
    servers: Callable[[float], Server],
) -> None:
    """The table is written by A. Ann plays from B (each action goes to A and comes back) with
    a spectator beside her on B: A's robots play for them though nobody watches on A. Then a
    spectator joins on A: both spectators see every action in the same order, and each view the
    one on B is sent is one the writer sent its own spectator (no hand a spectator may not see
    reaches either)."""
    a, b = servers(0.02), servers(0.02)
    out = create(a, seed=41)
    code = out["code"]
    watcher_b = Socket(b, code, None)
    me = Socket(b, code, out["token"])
    play_until(me, lambda s: len(history(s.deal)) >= 8 or over(s.deal))
    assert len(history(me.deal)) >= 8  # A's robots acted for people watching on B only
    watcher_a = Socket(a, code, None)
    watcher_a.receive()
    joined = len(history(watcher_a.deal))
    play_until(me, lambda s: over(s.deal))
    final = history(me.deal)
    for watcher in (watcher_a, watcher_b):
        while watcher.state is None or history(watcher.deal) != final:
            watcher.receive()
        states = [f for f in watcher.frames if f["type"] == "state" and f["deal"] is not None]
        shown = [history(f["deal"]) for f in states]
        for before, after in itertools.pairwise(shown):  # in order, nothing lost
            assert after[: len(before)] == before
        assert shown[-1] == final
        for f in states:  # a spectator sees no hand of a player during the auction
            if f["deal"]["phase"] == "auction":
                assert f["deal"]["hand"] in (None, []), f["deal"]
    views_a = {
        json.dumps(f["deal"], sort_keys=True) for f in watcher_a.frames if f["type"] == "state"
    }
    compared = 0
    for f in watcher_b.frames:
        if f["type"] == "state" and len(history(f["deal"])) > joined:
            assert json.dumps(f["deal"], sort_keys=True) in views_a
            compared += 1
    assert compared >= 1
    assert b.stats()["forwarded"] >= 1 and a.stats()["answered"] >= 1
    for s in (watcher_a, watcher_b, me):
        s.close()


def test_kill_9_of_the_writer_mid_deal_and_the_deal_ends_on_the_other_process(
    servers: Callable[[float], Server], database: str
) -> None:
    """Ann plays on A (the writer) while a spectator watches on B. A is killed (``kill -9``)
    mid-deal; B takes the table over within seconds; Ann reconnects (as through a proxy, to
    the same address) and finishes the deal there, with every action she saw acknowledged."""
    a, b = servers(0.05), servers(0.05)
    out = create(a, seed=7)
    code = out["code"]
    spectator = Socket(b, code, None)
    me = Socket(a, code, out["token"])
    play_until(me, lambda s: len(history(s.deal)) >= 12)
    acknowledged = history(me.deal)
    me.close()
    a.kill()
    killed = time.monotonic()
    back = None
    while back is None and time.monotonic() - killed < 30:
        if b.stats()["taken_over"] >= 1:
            back = time.monotonic() - killed
        else:
            time.sleep(0.1)
    assert back is not None and back < 4 * LEASE + 3, back
    me = Socket(b, code, out["token"])
    me.receive()
    assert history(me.deal)[: len(acknowledged)] == acknowledged
    play_until(me, lambda s: over(s.deal))
    final = history(me.deal)
    while spectator.state is None or history(spectator.deal) != final:
        spectator.receive()
    from bridgeroom.store import Store

    store = Store(database)
    stored = store.get_match(code).deals[0]
    assert stored.is_over
    words = [a.action for a in stored.actions]
    assert len(words) >= len(final) and "undo" not in " ".join(words)
    store.close()
    spectator.close()
    me.close()


def test_a_session_whose_tables_are_on_two_processes_is_ranked_whole(
    servers: Callable[[float], Server], database: str
) -> None:
    """A Mitchell of two tables of robots starts on A; A is killed; B and C take one table
    each over and play the session to its end: the round moves on across the two processes,
    and the travellers and rankings are whole and the same on both."""
    a = servers(0.03)
    made = httpx.post(
        f"{a.base}/api/sessions",
        json={"game": "contract", "tables": 2, "boards": 4, "movement": "mitchell",
              "scoring": "imps", "robots": "basic", "seed": 5},
    )  # fmt: skip
    assert made.status_code == 200, made.text
    code, director = made.json()["code"], made.json()["director_token"]
    b, c = servers(0.03), servers(0.03)
    headers = {"Authorization": f"Bearer {director}"}
    started = httpx.post(f"{a.base}/api/sessions/{code}/start", headers=headers, timeout=30)
    assert started.status_code == 200, started.text
    a.kill()
    import psycopg

    holders: set[str] = set()
    end = time.monotonic() + 30
    with psycopg.connect(database, autocommit=True) as conn:
        while len(holders) < 2 and time.monotonic() < end:
            rows = conn.execute(
                "SELECT holder FROM table_leases WHERE code NOT LIKE '@%%' "
                "AND expires > (now() AT TIME ZONE 'UTC')"
            ).fetchall()
            holders = {r[0] for r in rows}
            time.sleep(0.1)
    assert len(holders) == 2, "the two tables are written by two processes"
    end = time.monotonic() + 180
    status = None
    while time.monotonic() < end:
        status = httpx.get(f"{b.base}/api/sessions/{code}", timeout=10).json()["status"]
        if status == "finished":
            break
        time.sleep(0.2)
    assert status == "finished", (b.output(), c.output())
    results = [
        httpx.get(f"{s.base}/api/sessions/{code}/results", timeout=30).json() for s in (b, c)
    ]
    assert results[0] == results[1]
    boards = results[0]["boards"]
    assert [x["board"] for x in boards] == [1, 2, 3, 4]
    pairs = {(x["board"], r["table"]): r["ew"] for x in boards for r in x["results"]}
    assert [pairs[1, t] for t in (1, 2)] == ["1EW", "2EW"]  # the Mitchell: EW move up a table
    assert [pairs[3, t] for t in (1, 2)] == ["2EW", "1EW"]
    ranking = results[0]["ranking"]
    assert all(s["boards"] == 4 for s in ranking["NS"] + ranking["EW"])
    assert sum(r["ns_imps"] for x in boards for r in x["results"]) == pytest.approx(0, abs=0.1)


def test_seats_robots_refusals_and_deletion_asked_at_a_follower_are_the_writers(
    servers: Callable[[float], Server],
) -> None:
    """A table written by A, asked of B: a seat taken (the token comes from the writer), the
    same seat again (the writer's refusal with its status and both languages), an illegal
    action (the rules' refusal, in Russian too), the open seats filled with robots by the host,
    and the table deleted by the host: B's connections are told and closed."""
    a, b = servers(0.0), servers(0.0)
    body = {"game": "contract", "robots": {"1": "random"}, "name": "Ann", "slot": 0, "seed": 3}
    made = httpx.post(f"{a.base}/api/tables", json=body)
    assert made.status_code == 200, made.text
    code, host = made.json()["code"], made.json()["host_token"]
    joined = httpx.post(f"{b.base}/api/tables/{code}/join", json={"slot": 2, "name": "Bob"})
    assert joined.status_code == 200, joined.text
    again = httpx.post(f"{b.base}/api/tables/{code}/join", json={"slot": 2, "name": "Cid"})
    assert again.status_code == 409, again.text
    assert again.json()["error"] == "table.seat_taken"
    assert "Bob" in again.json()["texts"]["en"] and "Bob" in again.json()["texts"]["ru"]
    summary = httpx.get(f"{a.base}/api/tables/{code}").json()
    assert summary["slots"][2]["name"] == "Bob"
    bob = Socket(b, code, joined.json()["token"])
    bob.receive()
    assert bob.state is not None and bob.state["deal"] is None  # West is still open
    auth = {"Authorization": f"Bearer {host}"}
    filled = httpx.post(
        f"{b.base}/api/tables/{code}/robots", json={"level": "random"}, headers=auth
    )
    assert filled.status_code == 200, filled.text
    while bob.state is None or bob.state["deal"] is None:
        bob.receive()
    assert bob.deal["seat"] == "S"
    bob.send("action", action="8NT")  # no such call: the writer's refusal, in both languages
    while True:
        msg = bob.receive()
        if msg["type"] == "error":
            break
    assert msg["id"] == bob.ids and msg["texts"]["ru"] != msg["texts"]["en"]
    deleted = httpx.delete(f"{b.base}/api/tables/{code}", headers=auth)
    assert deleted.status_code == 200, deleted.text
    while True:
        msg = bob.receive()
        if msg["type"] == "error":
            break
    assert "deleted" in msg["message"]
    assert httpx.get(f"{a.base}/api/tables/{code}").status_code in (404, 410)
    bob.close()
