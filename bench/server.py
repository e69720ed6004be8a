"""Benchmark of the web server: simulated people at robot-filled tables, over loopback only.

Three runs, each against a fresh server on 127.0.0.1 (a fresh SQLite file):

``levels``
    for each number of concurrent tables: one simulated person at North and three ``random``
    robots per table (so that the server and not the robots is measured), one websocket per
    table, a fixed time of play. The person answers at once with a random legal action (and asks
    for the next deal at the end of each); the robots wait ``--robot-delay`` seconds, as at a
    real table. Reported: actions per second (people's and robots', as committed), the people's
    actions per second, and the round trip of a person's action (sent until the state that shows
    it arrives) as p50 / p95 / max in milliseconds.
``flood``
    fair scheduling: ``--flood-tables`` tables of four ``expert`` robots (robot delay 0, each
    watched by a spectator) play for ``--seconds``; the time between two robot actions at those
    tables is measured, first alone, then while one seat of another table asks for expert hints
    from six sockets as fast as the server answers; with the server's limits, and again without
    the hint limits (hints then only have their own thread, one at a time per seat, and each
    connection's messages are still read at most 20 a second). Reported: the other tables'
    robot delay p50 / p95 / max in each case, and the hints answered and refused.
``spectators``
    one table (a person and three ``random`` robots), alone and watched by ``--spectators``
    spectators (500, in a process of their own): the person's round trip.
``session``
    a class session (issue 17) of ``--session-tables`` tables (20) playing ``--session-boards``
    contract boards at full speed: at each table a simulated person at North who acts at once
    (and asks for the next board), three ``random`` robots with no delay. Reported: the
    person's round trip p50 / p95 / max, the actions committed per second, and for each board
    the delay from the moment the last table finished it until its traveller is seen by anyone
    (``GET /api/sessions/CODE/results`` without a token, asked every 20 ms).

``processes``
    several server processes on one PostgreSQL database (issue 41; ``--processes N``, 2 by
    default): ``--proc-tables`` tables (400), each with one simulated person at North and three
    ``random`` robots, played for ``--seconds``, first on one process and then on N, each on a
    fresh database of a throwaway PostgreSQL cluster (Unix socket, ``fsync=off`` as in the
    tests). Tables are created round-robin on the processes and each person stays on the
    process that created his table (as a proxy with client affinity sends him there: that
    process writes the table). Reported per run: actions committed per second, the person's
    round trip p50 / p95, CPU milliseconds of the server processes and of PostgreSQL per
    committed action, and PostgreSQL's transactions per action; then the ratio of N processes
    to one. Then one of the N processes is killed (``kill -9``) and the time until another
    has taken over all its tables is measured (the lease is ``--lease-seconds``), and the time
    until a person of a killed table, reconnected to a survivor, has his next action
    acknowledged. Last, a model of 10,000 tables from those per-action costs. The people run
    in ``--clients`` processes (1). With
    ``--route any`` each person connects to a process chosen round-robin instead (his
    requests then often go to the writer through PostgreSQL).

Every loop is bounded in count and time and only ever connects to 127.0.0.1. The server runs in
a child process (``create_app`` under uvicorn, as ``bridgeroom serve`` runs it).

    python bench/server.py                                # all three runs
    python bench/server.py --runs levels --tables 10 50 --seconds 5
    python bench/server.py --runs flood spectators --seconds 20
    python bench/server.py --runs session --session-tables 20 --session-boards 4
    python bench/server.py --runs processes --processes 2 --proc-tables 400 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"

SERVER = """
import dataclasses, sys, uvicorn
from bridgeroom.server import create_app
from bridgeroom.server.limits import Limits, Rate
db, port, robot_delay, hint_level, limits = sys.argv[1:6]
chosen = {
    "none": Limits.generous(),
    "default": Limits(),
    "hints": dataclasses.replace(Limits(), hint_seat=Rate(10**5, 1.0), hint_address=Rate(10**5, 1.0)),
}[limits]
app = create_app(db, robot_delay=float(robot_delay), hint_level=hint_level, limits=chosen)
uvicorn.run(app, host="127.0.0.1", port=int(port), log_level="warning",
            ws_per_message_deflate=False, ws_max_size=16384)
"""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def post(url: str, body: dict[str, object]) -> dict[str, Any]:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=30) as r:
        return json.loads(r.read())


@contextlib.contextmanager
def server(
    robot_delay: float, hint_level: str = "random", limits: str = "default"
) -> Iterator[str]:
    """A fresh server in a child process; yields ``HOST:PORT``."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.sqlite3")
        cmd = [sys.executable, "-c", SERVER, db, str(port), str(robot_delay), hint_level, limits]
        proc = subprocess.Popen(cmd)
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    get(f"http://{HOST}:{port}/api/games")
                    break
                except OSError:
                    if time.monotonic() > deadline or proc.poll() is not None:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.1)
            yield f"{HOST}:{port}"
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


async def hello(ws: Any, token: str | None) -> None:
    """The first message: who this connection is (the token never goes in the URL)."""
    await ws.send(json.dumps({"type": "hello", "token": token}))


# --- the levels ------------------------------------------------------------------------------


class Person:
    """One simulated person: acts at once when it is his turn, measures each round trip."""

    def __init__(self, base: str, code: str, token: str, rng: random.Random) -> None:
        self.url = f"ws://{base}/ws/{code}"
        self.token = token
        self.rng = rng
        self.sent: dict[int, float] = {}
        self.rtts: list[float] = []
        self.arrivals: dict[tuple[int, int], float] = {}
        self.next_id = 0
        self.errors = 0
        self.asked_next = 0

    async def run(self, stop_at: float) -> None:
        import websockets

        async with websockets.connect(self.url, max_size=2**22) as ws:
            await hello(ws, self.token)
            while time.monotonic() < stop_at:
                try:
                    raw = await asyncio.wait_for(
                        ws.recv(), timeout=max(0.01, stop_at - time.monotonic())
                    )
                except TimeoutError:
                    break
                now = time.perf_counter()
                msg = json.loads(raw)
                ack = msg.get("id")
                if ack in self.sent:
                    self.rtts.append(now - self.sent.pop(ack))
                if msg.get("type") == "error":
                    self.errors += 1
                    continue
                if msg.get("type") != "state" or not msg.get("deal"):
                    continue
                deal = msg["deal"]
                self.arrivals.setdefault((deal["number"], moves(deal)), now)
                if msg.get("request") is not None:
                    continue
                if deal["phase"] == "done":
                    if not msg["table"]["over"] and deal["number"] != self.asked_next:
                        self.asked_next = deal["number"]
                        await ws.send(json.dumps({"type": "next", "id": "next"}))
                    continue
                if deal["seat"] is not None and deal["to_act"] == deal["seat"] and deal["legal"]:
                    self.next_id += 1
                    self.sent[self.next_id] = time.perf_counter()
                    action = self.rng.choice(deal["legal"])
                    await ws.send(
                        json.dumps({"type": "action", "action": action, "id": self.next_id})
                    )


def moves(deal: dict[str, Any]) -> int:
    """The calls and cards a deal shows."""
    return len(deal["calls"]) + sum(len(t["cards"]) for t in deal["tricks"]) + len(deal["trick"])


async def seat_people(base: str, tables: int, rng: random.Random, tag: str) -> list[Person]:
    people = []
    for i in range(tables):
        out = await asyncio.to_thread(
            post,
            f"http://{base}/api/tables",
            {
                "game": "contract",
                "robots": {"1": "random", "2": "random", "3": "random"},
                "name": f"{tag}-{i}",
                "slot": 0,
                "seed": rng.randrange(1 << 30),
            },
        )
        people.append(Person(base, out["code"], out["token"], random.Random(rng.random())))
    return people


async def level(base: str, tables: int, seconds: float, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    people = await seat_people(base, tables, rng, f"bench{tables}")
    before = await asyncio.to_thread(get, f"http://{base}/api/stats")
    start = time.monotonic()
    await asyncio.gather(*(p.run(start + seconds) for p in people))
    elapsed = time.monotonic() - start
    after = await asyncio.to_thread(get, f"http://{base}/api/stats")
    rtts = [r for p in people for r in p.rtts]
    committed = after["actions"] - before["actions"]
    return {
        "actions_per_s": committed / elapsed,
        "person_actions_per_s": len(rtts) / elapsed,
        "p50_ms": 1000 * statistics.median(rtts) if rtts else 0.0,
        "p95_ms": 1000 * pct(rtts, 0.95),
        "max_ms": 1000 * max(rtts, default=0.0),
    }


def run_levels(args: argparse.Namespace) -> None:
    print(
        f"\nlevels: robots random, robot delay {args.robot_delay} s, {args.seconds:.0f} s per "
        "level, SQLite, loopback only"
    )
    print(
        f"{'tables':>7} {'actions/s':>10} {'people/s':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}"
    )
    with server(args.robot_delay, limits="none") as base:  # every table from one address
        for i, n in enumerate(args.tables):
            r = asyncio.run(level(base, n, args.seconds, args.seed + i))
            print(
                f"{n:>7} {r['actions_per_s']:>10.0f} {r['person_actions_per_s']:>9.0f} "
                f"{r['p50_ms']:>8.1f} {r['p95_ms']:>8.1f} {r['max_ms']:>8.1f}",
                flush=True,
            )


# --- fair scheduling: the other tables' robots while one seat floods hints ----------------------


async def watch_robots(url: str, stop_at: float, gaps: list[float]) -> None:
    """A spectator of an all-robot table: the time between two robot actions of one deal."""
    import websockets

    async with websockets.connect(url, max_size=2**22) as ws:
        await hello(ws, None)
        last: tuple[int, int, float] | None = None
        while time.monotonic() < stop_at:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.01, stop_at - time.monotonic()))
            except TimeoutError:
                break
            msg = json.loads(raw)
            if msg.get("type") != "state" or not msg.get("deal"):
                continue
            deal = msg["deal"]
            now = time.perf_counter()
            seen = moves(deal)
            if last is not None and last[0] == deal["number"] and seen > last[1]:
                gaps.append(now - last[2])
            last = (deal["number"], seen, now)


async def flooder(url: str, token: str, stop_at: float, counts: dict[str, int]) -> None:
    """The flooding seat: it bids 7NT (so that it declares and plays), and once it is to play
    six sockets ask for hints, each again as soon as its last one is answered."""
    import websockets

    ready = asyncio.Event()

    async def drive() -> None:
        async with websockets.connect(url, max_size=2**22) as ws:
            await hello(ws, token)
            while not ready.is_set() and time.monotonic() < stop_at:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 30))
                deal = msg.get("deal") if msg.get("type") == "state" else None
                if not deal or deal["to_act"] != deal["seat"] or not deal["legal"]:
                    continue
                if deal["phase"] == "play":
                    ready.set()
                else:
                    await ws.send(
                        json.dumps({"type": "action", "action": "P" if deal["calls"] else "7NT"})
                    )

    async def ask() -> None:
        async with websockets.connect(url, max_size=2**22) as ws:
            await hello(ws, token)
            await ready.wait()
            while time.monotonic() < stop_at:
                await ws.send(json.dumps({"type": "hint"}))
                while time.monotonic() < stop_at:
                    try:
                        raw = await asyncio.wait_for(
                            ws.recv(), max(0.01, stop_at - time.monotonic())
                        )
                    except TimeoutError:
                        return
                    kind = json.loads(raw).get("type")
                    if kind in ("hint", "error"):
                        counts["answered" if kind == "hint" else "refused"] += 1
                        break

    await asyncio.gather(drive(), *(ask() for _ in range(6)))


async def flood_phase(base: str, args: argparse.Namespace, flood: bool) -> dict[str, float]:
    rng = random.Random(args.seed)
    codes = []
    for i in range(args.flood_tables):
        out = await asyncio.to_thread(
            post,
            f"http://{base}/api/tables",
            {"game": "contract", "robots": {str(p): "expert" for p in range(4)},
             "seed": rng.randrange(1 << 30) + i},
        )  # fmt: skip
        codes.append(out["code"])
    seat = await asyncio.to_thread(
        post,
        f"http://{base}/api/tables",
        {"game": "contract", "robots": {"1": "random", "2": "random", "3": "random"},
         "name": "flooder", "slot": 0, "seed": 1},
    )  # fmt: skip
    gaps: list[float] = []
    counts = {"answered": 0, "refused": 0}
    stop_at = time.monotonic() + args.seconds
    tasks = [watch_robots(f"ws://{base}/ws/{code}", stop_at, gaps) for code in codes]
    if flood:
        url = f"ws://{base}/ws/{seat['code']}"
        tasks.append(flooder(url, seat["token"], stop_at, counts))
    await asyncio.gather(*tasks)
    return {
        "p50": 1000 * statistics.median(gaps) if gaps else 0.0,
        "p95": 1000 * pct(gaps, 0.95),
        "max": 1000 * max(gaps, default=0.0),
        "n": len(gaps),
        **counts,
    }


def run_flood(args: argparse.Namespace) -> None:
    print(
        f"\nflood: {args.flood_tables} tables of four expert robots (robot delay 0), "
        f"{args.seconds:.0f} s each; one seat of another table asks for expert hints from six "
        "sockets"
    )
    print(
        f"{'case':<34} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'actions':>8} "
        f"{'hints':>6} {'refused':>8}"
    )
    for case, limits, flood in (
        ("no hints", "default", False),
        ("hint flood, per-seat limit", "default", True),
        ("hint flood, no hint limit", "hints", True),
    ):
        with server(0.0, hint_level="expert", limits=limits) as base:
            r = asyncio.run(flood_phase(base, args, flood))
        print(
            f"{case:<34} {r['p50']:>8.0f} {r['p95']:>8.0f} {r['max']:>8.0f} {r['n']:>8.0f} "
            f"{r['answered']:>6.0f} {r['refused']:>8.0f}",
            flush=True,
        )


# --- one table, many spectators -----------------------------------------------------------------


async def spectate(url: str, stop_at: float, counts: list[int]) -> None:
    """A spectator: it reads every frame (without parsing it) and counts them."""
    import websockets

    async with websockets.connect(url, max_size=2**22) as ws:
        await hello(ws, None)
        while time.monotonic() < stop_at:
            try:
                await asyncio.wait_for(ws.recv(), max(0.01, stop_at - time.monotonic()))
            except TimeoutError:
                break
            counts[0] += 1


def spectators_process(url: str, n: int, seconds: float, ready: Any, frames: Any) -> None:
    """``n`` spectators in a process of their own, so that their reading does not hold up the
    person's client; ``ready`` is set once they are connected."""

    async def run() -> None:
        counts = [0]
        stop_at = time.monotonic() + seconds
        tasks = []
        for i in range(0, n, 50):  # connect in batches
            tasks += [
                asyncio.ensure_future(spectate(url, stop_at, counts)) for _ in range(min(50, n - i))
            ]
            await asyncio.sleep(0.2)
        await asyncio.sleep(1.0)
        ready.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        frames.value = counts[0]

    asyncio.run(run())


async def spectators_phase(base: str, args: argparse.Namespace, n: int) -> dict[str, float]:
    import multiprocessing

    [person] = await seat_people(base, 1, random.Random(args.seed), f"watched{n}")
    context = multiprocessing.get_context("spawn")
    ready, frames = context.Event(), context.Value("q", 0)
    watchers = context.Process(
        target=spectators_process,
        args=(person.url, n, args.seconds + n / 50 + 30, ready, frames),
    )
    if n:
        watchers.start()
        await asyncio.to_thread(ready.wait, 120)
    start = time.monotonic()
    await person.run(start + args.seconds)
    if n:
        watchers.terminate()
        watchers.join()
    return {
        "p50": 1000 * statistics.median(person.rtts) if person.rtts else 0.0,
        "p95": 1000 * pct(person.rtts, 0.95),
        "max": 1000 * max(person.rtts, default=0.0),
        "n": len(person.rtts),
    }


def run_spectators(args: argparse.Namespace) -> None:
    print(
        f"\nspectators: one table (a person, three random robots, robot delay {args.robot_delay} s)"
        f", {args.seconds:.0f} s, alone and watched by {args.spectators} spectators (in a process "
        "of their own): the person's round trip"
    )
    print(f"{'spectators':>10} {'actions':>8} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for n in (0, args.spectators):
        with server(args.robot_delay, limits="none") as base:
            r = asyncio.run(spectators_phase(base, args, n))
        print(
            f"{n:>10} {r['n']:>8.0f} {r['p50']:>8.1f} {r['p95']:>8.1f} {r['max']:>8.1f}",
            flush=True,
        )


# --- a session of many tables at full speed ----------------------------------------------------


async def session_person(
    base: str, code: str, token: str, rng: random.Random, stop_at: float, out: dict[str, Any]
) -> None:
    """A person at North of a session's table: acts at once, asks for the next board, notes when
    each board ended at the table; stops when the table has played its boards."""
    import websockets

    sent: dict[int, float] = {}
    ids = 0
    asked = 0
    async with websockets.connect(f"ws://{base}/ws/{code}", max_size=2**22) as ws:
        await hello(ws, token)
        while time.monotonic() < stop_at:
            try:
                raw = await asyncio.wait_for(
                    ws.recv(), timeout=max(0.01, stop_at - time.monotonic())
                )
            except TimeoutError:
                break
            now = time.perf_counter()
            msg = json.loads(raw)
            if msg.get("id") in sent:
                out["rtts"].append(now - sent.pop(msg["id"]))
            if msg.get("type") != "state" or not msg.get("deal"):
                continue
            deal = msg["deal"]
            if deal["phase"] == "done":
                out["done"].setdefault((code, deal["number"]), now)
                if msg["table"]["over"]:
                    return
                if deal["number"] != asked:
                    asked = deal["number"]
                    await ws.send(json.dumps({"type": "next", "id": "next"}))
                continue
            if msg.get("request") is None and deal["to_act"] == deal["seat"] and deal["legal"]:
                ids += 1
                sent[ids] = time.perf_counter()
                action = rng.choice(deal["legal"])
                await ws.send(json.dumps({"type": "action", "action": action, "id": ids}))


async def watch_travellers(base: str, code: str, stop_at: float, seen: dict[int, float]) -> None:
    """Ask for the session's results without a token every 20 ms: when each board's traveller
    is first seen by anyone."""
    while time.monotonic() < stop_at:
        results = await asyncio.to_thread(get, f"http://{base}/api/sessions/{code}/results")
        now = time.perf_counter()
        for board in results["boards"]:
            seen.setdefault(board["board"], now)
        if results["status"] == "finished":
            return
        await asyncio.sleep(0.02)


async def session_phase(base: str, args: argparse.Namespace) -> dict[str, Any]:
    url = f"http://{base}/api/sessions"
    made = await asyncio.to_thread(
        post,
        url,
        {"game": "contract", "tables": args.session_tables, "boards": args.session_boards,
         "robots": "random", "seed": args.seed},
    )  # fmt: skip
    code, director = made["code"], made["director_token"]
    tokens = []
    for t in range(1, args.session_tables + 1):
        joined = await asyncio.to_thread(
            post, f"{url}/{code}/join", {"table": t, "seat": "N", "name": f"p{t}"}
        )
        tokens.append(joined["token"])
    req = urllib.request.Request(
        f"{url}/{code}/start", data=b"{}", method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {director}"},
    )  # fmt: skip
    summary = json.loads(await asyncio.to_thread(lambda: urllib.request.urlopen(req).read()))
    codes = [t["code"] for t in summary["tables"]]
    before = await asyncio.to_thread(get, f"http://{base}/api/stats")
    out: dict[str, Any] = {"rtts": [], "done": {}}
    seen: dict[int, float] = {}
    rng = random.Random(args.seed)
    start = time.monotonic()
    stop_at = start + args.seconds
    await asyncio.gather(
        watch_travellers(base, code, stop_at, seen),
        *(
            session_person(base, c, tok, random.Random(rng.random()), stop_at, out)
            for c, tok in zip(codes, tokens, strict=True)
        ),
    )
    elapsed = time.monotonic() - start
    after = await asyncio.to_thread(get, f"http://{base}/api/stats")
    delays = []
    for board, at in seen.items():
        ends = [out["done"].get((c, board)) for c in codes]
        if all(e is not None for e in ends):
            delays.append(at - max(e for e in ends if e is not None))
    rtts = out["rtts"]
    return {
        "elapsed": elapsed,
        "boards_seen": len(seen),
        "actions_per_s": (after["actions"] - before["actions"]) / elapsed,
        "p50": 1000 * statistics.median(rtts) if rtts else 0.0,
        "p95": 1000 * pct(rtts, 0.95),
        "max": 1000 * max(rtts, default=0.0),
        "delays": [1000 * d for d in delays],
    }


def run_session(args: argparse.Namespace) -> None:
    print(
        f"\nsession: {args.session_tables} tables, {args.session_boards} contract boards, a person "
        "at North and three random robots (no delay) per table, SQLite, loopback only"
    )
    with server(0.0, limits="none") as base:
        r = asyncio.run(session_phase(base, args))
    delays = r["delays"]
    print(
        f"played in {r['elapsed']:.1f} s; {r['actions_per_s']:.0f} actions/s; a person's action "
        f"p50 {r['p50']:.1f} ms, p95 {r['p95']:.1f} ms, max {r['max']:.1f} ms"
    )
    print(
        f"traveller seen after the last table finished the board: {len(delays)} boards, "
        f"p50 {statistics.median(delays) if delays else 0:.0f} ms, "
        f"max {max(delays, default=0.0):.0f} ms (asked every 20 ms)"
    )


# --- several processes on one PostgreSQL database (issue 41) --------------------------------------


def _pg_bin(name: str) -> str:
    import glob
    import shutil

    found = shutil.which(name) or next(
        iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))), None
    )
    if found is None:
        raise SystemExit(f"PostgreSQL's {name} is needed (apt-get install postgresql)")
    return found


def _pg_run(cmd: list[str]) -> None:
    import os

    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        cmd = ["runuser", "-u", "postgres", "--", *cmd]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)


@contextlib.contextmanager
def postgres() -> Iterator[tuple[str, list[int]]]:
    """A throwaway PostgreSQL cluster on a Unix socket: yields its socket folder and a list
    that holds the postmaster's pid (its CPU is counted with its children's)."""
    import os
    import shutil

    root = Path(tempfile.mkdtemp(prefix="bridgeroom-bench-pg-"))
    data, sockets = root / "data", root / "run"
    sockets.mkdir()
    if os.geteuid() == 0:
        for path in (root, sockets):
            shutil.chown(path, "postgres")
    try:
        _pg_run([_pg_bin("initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync"])
        options = f"-k {sockets} -c listen_addresses='' -c fsync=off -c max_connections=200 -p 5432"
        _pg_run([_pg_bin("pg_ctl"), "-D", str(data), "-o", options, "-w", "-t", "60", "start"])
        pid = int((data / "postmaster.pid").read_text().split()[0])
        try:
            yield str(sockets), [pid]
        finally:
            with contextlib.suppress(subprocess.CalledProcessError):
                _pg_run([_pg_bin("pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"])
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _pg_url(sockets: str, database: str) -> str:
    return f"postgresql://postgres@/{database}?host={sockets}&port=5432"


def cpu_seconds(pids: list[int], children_of: int | None = None) -> float:
    """User and system CPU of processes (and, for ``children_of``, of all its children)."""
    import os

    ticks = os.sysconf("SC_CLK_TCK")
    chosen = set(pids)
    if children_of is not None:
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError):
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                    if int(fields[1]) == children_of:
                        chosen.add(int(entry.name))
    total = 0
    for pid in chosen:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / ticks


def pg_commits(url: str) -> int:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT sum(xact_commit + xact_rollback) FROM pg_stat_database"
        ).fetchone()
        return int(row[0]) if row and row[0] is not None else 0


@contextlib.contextmanager
def pg_servers(
    url: str, n: int, robot_delay: float, lease: float
) -> Iterator[list[tuple[str, subprocess.Popen[bytes]]]]:
    """``n`` server processes on the database ``url``."""
    script = SERVER.replace(
        "limits=chosen)", f"limits=chosen, lease_seconds={lease}, renew_every={lease / 3})"
    )
    procs = []
    try:
        for _ in range(n):
            port = free_port()
            cmd = [sys.executable, "-c", script, url, str(port), str(robot_delay), "random", "none"]
            procs.append((f"{HOST}:{port}", subprocess.Popen(cmd)))
        for base, proc in procs:
            deadline = time.monotonic() + 60
            while True:
                try:
                    get(f"http://{base}/api/games")
                    break
                except OSError:
                    if time.monotonic() > deadline or proc.poll() is not None:
                        raise SystemExit("a server did not start") from None
                    time.sleep(0.1)
        yield procs
    finally:
        for _, proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for _, proc in procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=30)


def _clients(specs: list[tuple[str, str, str, float]], wall_stop: float, out: Any) -> None:
    """A client process: its share of the people, until the wall-clock time ``wall_stop``."""

    async def run() -> None:
        people = [Person(b, c, t, random.Random(r)) for b, c, t, r in specs]
        stop_at = time.monotonic() + (wall_stop - time.time())
        await asyncio.gather(*(p.run(stop_at) for p in people))
        out.put(([r for p in people for r in p.rtts], sum(p.errors for p in people)))

    asyncio.run(run())


async def processes_phase(
    bases: list[str], tables: int, seconds: float, seed: int, route: str, clients: int
) -> tuple[dict[str, float], list[Person]]:
    import multiprocessing

    rng = random.Random(seed)
    people: list[Person] = []
    specs: list[tuple[str, str, str, float]] = []
    for i in range(tables):
        made = bases[i % len(bases)]
        out = await asyncio.to_thread(
            post,
            f"http://{made}/api/tables",
            {
                "game": "contract",
                "robots": {"1": "random", "2": "random", "3": "random"},
                "name": f"p{i}",
                "slot": 0,
                "seed": rng.randrange(1 << 30),
            },
        )
        there = made if route == "writer" else bases[(i + 1) % len(bases)]
        specs.append((there, out["code"], out["token"], rng.random()))
        people.append(Person(there, out["code"], out["token"], random.Random(0)))
    before = [await asyncio.to_thread(get, f"http://{b}/api/stats") for b in bases]
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    start = time.monotonic()
    wall_stop = time.time() + seconds
    workers = [
        context.Process(target=_clients, args=(specs[k::clients], wall_stop, queue))
        for k in range(clients)
    ]
    for worker in workers:
        worker.start()
    rtts: list[float] = []
    errors = 0
    for _ in workers:
        got, failed = await asyncio.to_thread(queue.get, True, seconds + 120)
        rtts += got
        errors += failed
    for worker in workers:
        worker.join(30)
    elapsed = time.monotonic() - start
    after = [await asyncio.to_thread(get, f"http://{b}/api/stats") for b in bases]
    committed = sum(a["actions"] - b["actions"] for a, b in zip(after, before, strict=True))
    return {
        "actions_per_s": committed / elapsed,
        "actions": committed,
        "elapsed": elapsed,
        "p50_ms": 1000 * statistics.median(rtts) if rtts else 0.0,
        "p95_ms": 1000 * pct(rtts, 0.95),
        "errors": errors,
    }, people


async def first_ack(base: str, code: str, token: str, limit: float) -> float:
    """Seconds until a reconnected person's next action is acknowledged."""
    import websockets

    start = time.monotonic()
    while time.monotonic() - start < limit:
        try:
            async with websockets.connect(f"ws://{base}/ws/{code}", max_size=2**22) as ws:
                await hello(ws, token)
                sent = False
                while time.monotonic() - start < limit:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), limit))
                    if msg.get("type") == "error":
                        sent = False
                        await asyncio.sleep(0.2)
                    if msg.get("id") == "probe" and msg.get("type") == "state":
                        return time.monotonic() - start
                    deal = msg.get("deal") if msg.get("type") == "state" else None
                    if deal and not sent and deal["phase"] != "done" and msg["request"] is None:
                        if deal["to_act"] == deal["seat"] and deal["legal"]:
                            await ws.send(
                                json.dumps(
                                    {"type": "action", "action": deal["legal"][0], "id": "probe"}
                                )
                            )
                            sent = True
                        elif deal["to_act"] != deal["seat"]:
                            continue
                    elif deal and deal["phase"] == "done" and not sent:
                        await ws.send(json.dumps({"type": "next", "id": "probe"}))
                        sent = True
        except (OSError, TimeoutError, Exception):
            await asyncio.sleep(0.2)
    return float("nan")


def run_processes(args: argparse.Namespace) -> None:
    import os

    n = args.processes
    print(
        f"\nprocesses: {args.proc_tables} tables (a person and three random robots each), robot "
        f"delay {args.robot_delay} s, {args.seconds:.0f} s per run, PostgreSQL on a Unix socket "
        f"(fsync off), people {'at the writer' if args.route == 'writer' else 'round-robin'}, "
        f"load before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(
        f"{'procs':>5} {'actions/s':>10} {'p50 ms':>8} {'p95 ms':>8} {'srv ms/act':>11} "
        f"{'pg ms/act':>10} {'pg tx/act':>10} {'errors':>7}"
    )
    rows: dict[int, list[dict[str, float]]] = {}
    with postgres() as (sockets, pg):
        admin = _pg_url(sockets, "postgres")
        plan = [(round_, count) for round_ in range(args.rounds) for count in sorted({1, n})]
        for round_, count in plan:
            import psycopg

            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f"CREATE DATABASE bench{round_}_{count}")
            url = _pg_url(sockets, f"bench{round_}_{count}")
            with pg_servers(url, count, args.robot_delay, args.lease_seconds) as procs:
                bases = [b for b, _ in procs]
                pids = [p.pid for _, p in procs]
                cpu0, pg0, tx0 = cpu_seconds(pids), cpu_seconds(pg, pg[0]), pg_commits(admin)
                r, people = asyncio.run(
                    processes_phase(
                        bases, args.proc_tables, args.seconds, args.seed, args.route, args.clients
                    )
                )
                cpu1, pg1, tx1 = cpu_seconds(pids), cpu_seconds(pg, pg[0]), pg_commits(admin)
                acts = max(1.0, r["actions"])
                r["srv_ms"] = 1000 * (cpu1 - cpu0) / acts
                r["pg_ms"] = 1000 * (pg1 - pg0) / acts
                r["pg_tx"] = (tx1 - tx0) / acts
                rows.setdefault(count, []).append(r)
                print(
                    f"{count:>5} {r['actions_per_s']:>10.0f} {r['p50_ms']:>8.1f} "
                    f"{r['p95_ms']:>8.1f} {r['srv_ms']:>11.2f} {r['pg_ms']:>10.2f} "
                    f"{r['pg_tx']:>10.2f} {r['errors']:>7.0f}",
                    flush=True,
                )
                if count == n and n > 1 and round_ == args.rounds - 1:
                    takeover(procs, people, url, args)
    if n > 1 and 1 in rows:

        def median(count: int, key: str) -> float:
            return statistics.median(r[key] for r in rows[count])

        ratios = [
            b["actions_per_s"] / max(1e-9, a["actions_per_s"])
            for a, b in zip(rows[1], rows[n], strict=True)
        ]
        print(
            f"{n} processes / 1 (median of {args.rounds} alternated rounds): "
            f"{median(n, 'actions_per_s') / max(1e-9, median(1, 'actions_per_s')):.2f}x "
            f"actions/s (per round: {', '.join(f'{x:.2f}' for x in ratios)}), p95 "
            f"{median(n, 'p95_ms'):.0f} ms against {median(1, 'p95_ms'):.0f} ms "
            f"(load after: {os.getloadavg()[0]:.1f})"
        )
        model({k: median(n, k) for k in rows[n][0]}, args)


def takeover(
    procs: list[tuple[str, subprocess.Popen[bytes]]],
    people: list[Person],
    url: str,
    args: argparse.Namespace,
) -> None:
    """Kill one process at once; time until the others hold all its tables, and until a person
    of one of them, reconnected to a survivor, has an action acknowledged."""
    import psycopg

    victim_base, victim = procs[0]
    survivor = procs[1][0]
    with psycopg.connect(url, autocommit=True) as conn:
        before = {
            h: c
            for h, c in conn.execute(
                "SELECT holder, count(*) FROM table_leases WHERE code NOT LIKE '@%%' GROUP BY holder"
            ).fetchall()
        }
        mine = next(p for p in people if p.url.startswith(f"ws://{victim_base}/"))
        victim_holder = conn.execute(
            "SELECT holder FROM table_leases WHERE code = %s", (mine.url.rsplit("/", 1)[1],)
        ).fetchone()
        assert victim_holder is not None
        dead = victim_holder[0]
        victim.kill()
        killed = time.monotonic()
        ack = asyncio.run(first_ack(survivor, mine.url.rsplit("/", 1)[1], mine.token, 60))
        all_taken = float("nan")
        while time.monotonic() - killed < 120:
            left = conn.execute(
                "SELECT count(*) FROM table_leases WHERE holder = %s AND code NOT LIKE '@%%'",
                (dead,),
            ).fetchone()
            if left is not None and left[0] == 0:
                all_taken = time.monotonic() - killed
                break
            time.sleep(0.1)
    print(
        f"kill -9 of a process holding {before.get(dead, 0)} tables (lease "
        f"{args.lease_seconds} s): all taken over after {all_taken:.1f} s; a person of one of "
        f"them, reconnected to a survivor, had his next action acknowledged after {ack:.1f} s",
        flush=True,
    )


def model(r: dict[str, float], args: argparse.Namespace) -> None:
    """What 10,000 tables need, from the costs per action measured: a process uses one core
    at most (Python), kept 60 % busy so that the p95 holds."""
    tables = 10_000
    pace = args.model_pace
    actions = tables * pace
    server_cores = actions * r["srv_ms"] / 1000
    processes = math.ceil(server_cores / 0.6)
    hosts = math.ceil(processes / args.model_cores)
    pg_cores = actions * r["pg_ms"] / 1000
    print(
        f"model: 10,000 tables at {pace} actions/s each (a person who thinks about 7 s, three "
        f"robots) = {actions:,.0f} actions/s -> {server_cores:.1f} cores of server CPU = "
        f"{processes} processes at 60 % = {hosts} host(s) of {args.model_cores} cores; "
        f"PostgreSQL {pg_cores:.1f} cores and {actions * r['pg_tx']:,.0f} transactions/s, "
        f"{tables * 3 / args.lease_seconds:,.0f} lease rows renewed/s ({processes} UPDATEs every "
        f"{args.lease_seconds / 3:.1f} s), about {processes * 5} connections (5 a process)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--runs", nargs="+", choices=("levels", "flood", "spectators", "session", "processes"),
        default=None, help="the runs (default: all but processes; only processes when "
        "--processes is given)",
    )  # fmt: skip
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 50, 100, 200])
    parser.add_argument("--seconds", type=float, default=15.0, help="time per measure (max 120)")
    parser.add_argument("--robot-delay", type=float, default=0.2)
    parser.add_argument("--flood-tables", type=int, default=2)
    parser.add_argument("--spectators", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--session-tables", type=int, default=20)
    parser.add_argument("--session-boards", type=int, default=4)
    parser.add_argument("--processes", type=int, default=2, help="processes (2 to 8)")
    parser.add_argument("--proc-tables", type=int, default=400)
    parser.add_argument("--route", choices=("writer", "any"), default="writer")
    parser.add_argument("--rounds", type=int, default=2, help="alternated rounds (1 to 5)")
    parser.add_argument("--clients", type=int, default=1, help="client processes (1 to 16)")
    parser.add_argument("--lease-seconds", type=float, default=5.0)
    parser.add_argument("--model-pace", type=float, default=0.5, help="actions/s of a table")
    parser.add_argument("--model-cores", type=int, default=8, help="cores of a host")
    args = parser.parse_args()
    if args.runs is None:
        alone = any(a == "--processes" or a.startswith("--processes=") for a in sys.argv[1:])
        args.runs = ["processes"] if alone else ["levels", "flood", "spectators", "session"]
    if not 1 <= args.processes <= 8 or not 1 <= args.proc_tables <= 1000:
        parser.error("1 to 8 processes, 1 to 1000 tables")
    if not 1 <= args.rounds <= 5:
        parser.error("1 to 5 rounds")
    if not 1 <= args.session_tables <= 32 or not 1 <= args.session_boards <= 64:
        parser.error("a session of 1 to 32 tables and 1 to 64 boards")
    if any(not 1 <= n <= 500 for n in args.tables):
        parser.error("from 1 to 500 tables per level")
    if not 1 <= args.spectators <= 2000 or not 1 <= args.flood_tables <= 20:
        parser.error("1 to 2000 spectators, 1 to 20 flood tables")
    args.seconds = min(max(args.seconds, 1.0), 120.0)
    print("bridgeroom server benchmark (loopback only)")
    if "levels" in args.runs:
        run_levels(args)
    if "flood" in args.runs:
        run_flood(args)
    if "spectators" in args.runs:
        run_spectators(args)
    if "session" in args.runs:
        run_session(args)
    if "processes" in args.runs:
        run_processes(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
