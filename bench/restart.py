"""Restart of the web server with many tables left in its store, on loopback only.

Issue 20: every ``active`` table was replayed before the port opened (1,263 tables: 12.7 s),
and tables nobody played again stayed ``active`` for ever. This benchmark fills a fresh SQLite
file with ``--tables`` tables left in the middle of a deal (a person and three ``random``
robots, each deal played to a random point, some tables a deal or two further on), as an
evening's tables that people left, then measures in one run:

* **replay all**: the work the server used to do before it opened its port, done here in
  this process: every active table read from the store and its log replayed;
* **port open**: ``bridgeroom serve`` started on that file until its first answer
  (``GET /api/games``), against the same command on an empty file (the interpreter and the
  imports, which every start pays);
* **first table**: a person's websocket to one of those tables, from connecting until the
  table's state arrives (the table read back when first needed);
* **abandoned**: the server started with ``--abandon-after 1``: the time until its sweep at
  start has closed every table left (the lobby lists none), while the port is already open.

Runs are alternated ``--runs`` times and the medians printed. No assertion.

    python bench/restart.py                       # 1,263 tables, 3 runs
    python bench/restart.py --tables 300 --runs 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
SRC = Path(__file__).resolve().parent.parent / "src"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=60) as r:
        return json.loads(r.read())


async def populate(db: str, tables: int, seed: int) -> list[tuple[str, str]]:
    """``tables`` server tables in ``db``, each left in the middle of a deal; their codes and
    the seated person's tokens."""
    from bridgeroom.rules import Phase
    from bridgeroom.server.hub import Hub
    from bridgeroom.server.limits import Limits
    from bridgeroom.store import Store

    rng = random.Random(seed)
    store = Store(db)
    hub = Hub(store, robot_delay=0.0, hint_level="random", limits=Limits.generous())
    made: list[tuple[str, str]] = []

    async def one(i: int) -> None:
        room, token, _ = await hub.create_table(
            "contract",
            scoring=rng.choice(("rubber", "chicago", "duplicate")),
            robots={1: "random", 2: "random", 3: "random"},
            name=f"P{i}",
            slot=0,
            seed=rng.randrange(1 << 30),
        )
        assert token is not None
        table, events = room.table, []
        deals = rng.choice((1, 1, 1, 2, 3))
        for number in range(deals):
            last = number == deals - 1
            stop = rng.randrange(5, 70) if last else 10_000
            for _ in range(stop):
                state = table.state
                if state is None or state.phase is Phase.DONE:
                    break
                turn = table.robot_turn()
                if turn is not None:
                    events += table.play_robot(turn, turn.decide())
                else:
                    player = table.player_to_act()
                    assert player == 0, player
                    events += table.act(0, rng.choice(list(table.legal_actions(0))))
            if last or table.over:
                break
            events += table.deal()
        await hub.records.write(room, events)  # the whole evening of a table: one commit
        made.append((room.code, token))

    for start in range(0, tables, 50):
        await asyncio.gather(*(one(i) for i in range(start, min(tables, start + 50))))
    hub.close()
    store.close()
    return made


def replay_all(db: str) -> tuple[float, int]:
    """Seconds to read every active table and replay its log (what a start used to do)."""
    from bridgeroom.server.rooms import RoomRecords
    from bridgeroom.store import Store

    store = Store(db)
    records = RoomRecords(store)
    start = time.perf_counter()
    codes = [r.code for r, _ in store.list_tables(status="active", limit=100_000)]
    actions = 0
    for code in codes:
        room = records.rebuild(store.get_match(code))
        actions += sum(len(s.history) for s in room.table.match.deals)
    took = time.perf_counter() - start
    records.close()
    store.close()
    return took, actions


class Server:
    """``bridgeroom serve`` on ``db`` in a child process."""

    def __init__(self, db: str, *extra: str) -> None:
        self.port = free_port()
        env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bridgeroom", "serve", "--host", HOST,
             "--port", str(self.port), "--database", db, "--log-level", "warning", *extra],
            env=env,
        )  # fmt: skip
        self.base = f"{HOST}:{self.port}"

    def wait_open(self) -> float:
        """Seconds from the start until the first answer."""
        deadline = time.monotonic() + 120
        while True:
            try:
                get(f"http://{self.base}/api/games")
                return time.perf_counter() - self.started
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.01)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=60)


async def first_state(base: str, code: str, token: str) -> float:
    """Seconds from connecting to a table until its state arrives."""
    import websockets

    start = time.perf_counter()
    async with websockets.connect(f"ws://{base}/ws/{code}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "state":
                return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=1263)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 1 <= args.tables <= 20000 or not 1 <= args.runs <= 20:
        parser.error("1 to 20,000 tables, 1 to 20 runs")
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        full, empty = str(Path(tmp) / "full.sqlite3"), str(Path(tmp) / "empty.sqlite3")
        start = time.perf_counter()
        made = asyncio.run(populate(full, args.tables, args.seed))
        print(
            f"bridgeroom restart: {len(made)} active tables stored in "
            f"{time.perf_counter() - start:.1f} s (a person and three random robots each, left "
            f"in the middle of a deal); SQLite, loopback only; {args.runs} runs, medians"
        )
        figures: dict[str, list[float]] = {k: [] for k in ("replay", "empty", "full", "first")}
        replayed = 0
        for _ in range(args.runs):
            took, replayed = replay_all(full)
            figures["replay"].append(took)
            for db, key in ((empty, "empty"), (full, "full")):
                server = Server(db)
                try:
                    figures[key].append(server.wait_open())
                    if key == "full":
                        code, token = rng.choice(made)
                        figures["first"].append(asyncio.run(first_state(server.base, code, token)))
                finally:
                    server.stop()
        # abandoned: the tables above are older than a second by now
        copy = str(Path(tmp) / "abandon.sqlite3")
        Path(copy).write_bytes(Path(full).read_bytes())
        server = Server(copy, "--abandon-after", "1")
        try:
            opened = server.wait_open()
            listed = len(get(f"http://{server.base}/api/tables"))
            while get(f"http://{server.base}/api/tables"):
                time.sleep(0.01)
            swept = time.perf_counter() - server.started
        finally:
            server.stop()
        from bridgeroom.store import Store

        store = Store(copy)
        abandoned = len(store.list_tables(status="abandoned", limit=100_000))
        store.close()

    def ms(key: str) -> str:
        return f"{1000 * statistics.median(figures[key]):8.0f} ms"

    print(f"replay every active table (the old start, {replayed} actions): {ms('replay')}")
    print(f"port open, empty database:                          {ms('empty')}")
    print(f"port open, {len(made)} active tables:                 {ms('full')}")
    print(f"a person's first state of one of them (read back):  {ms('first')}")
    print(
        f"--abandon-after 1: port open after {1000 * opened:.0f} ms ({listed} tables listed at "
        f"the first look), none listed after {1000 * swept:.0f} ms; {abandoned} abandoned"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
