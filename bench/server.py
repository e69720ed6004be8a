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

Every loop is bounded in count and time and only ever connects to 127.0.0.1. The server runs in
a child process (``create_app`` under uvicorn, as ``bridgeroom serve`` runs it).

    python bench/server.py                                # all three runs
    python bench/server.py --runs levels --tables 10 50 --seconds 5
    python bench/server.py --runs flood spectators --seconds 20
    python bench/server.py --runs session --session-tables 20 --session-boards 4
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
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


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--runs", nargs="+", choices=("levels", "flood", "spectators", "session"),
        default=["levels", "flood", "spectators", "session"],
    )  # fmt: skip
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 50, 100, 200])
    parser.add_argument("--seconds", type=float, default=15.0, help="time per measure (max 120)")
    parser.add_argument("--robot-delay", type=float, default=0.2)
    parser.add_argument("--flood-tables", type=int, default=2)
    parser.add_argument("--spectators", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--session-tables", type=int, default=20)
    parser.add_argument("--session-boards", type=int, default=4)
    args = parser.parse_args()
    if not 1 <= args.session_tables <= 32 or not 1 <= args.session_boards <= 64:
        parser.error("a session of 1 to 32 tables and 1 to 64 boards")
    if any(not 1 <= n <= 500 for n in args.tables):
        parser.error("from 1 to 500 tables per level")
    if not 1 <= args.spectators <= 2000 or not 1 <= args.flood_tables <= 20:
        parser.error("1 to 2000 spectators, 1 to 20 flood tables")
    args.seconds = min(max(args.seconds, 1.0), 120.0)
    print("bridgeroom server benchmark (SQLite, loopback only)")
    if "levels" in args.runs:
        run_levels(args)
    if "flood" in args.runs:
        run_flood(args)
    if "spectators" in args.runs:
        run_spectators(args)
    if "session" in args.runs:
        run_session(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
