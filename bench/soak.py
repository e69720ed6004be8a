"""Soak benchmark of the web server: an evening of a club, bounded in time, on loopback only.

Starts a server on 127.0.0.1 (a fresh SQLite file, or ``--database URL``) and ``--tables``
simulated people, each at a Chicago table with three ``random`` robots: he acts at once with a
random legal action, asks for the next deal at the end of each, and when the round of four deals
is over leaves the table and creates a new one (so matches end and new ones start, and finished
tables pile up in the store). Every ``--every`` seconds it samples the server: its resident
memory, the tables it holds in memory against the live ones (watched by a person), the deals
finished and actions committed. At the end the store is read back and every action a person was
shown is looked for in it.

Reported: per minute, the actions committed, the people's round trip (p50 / p95), the tables in
memory against the live ones, the resident memory; then the memory per 1,000 finished deals
(after the first minute's warm-up), and the actions lost (shown to a person, missing from the
store: 0 is the only right answer).

    python bench/soak.py                         # 100 tables, 8 minutes
    python bench/soak.py --tables 40 --minutes 3 --release-after 5
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"

SERVER = """
import sys, uvicorn
from bridgeroom.server import create_app
from bridgeroom.server.limits import Limits
db, port, robot_delay, release_after = sys.argv[1:5]
app = create_app(db, robot_delay=float(robot_delay), hint_level="random",
                 release_after=float(release_after), next_deal_delay=0.5,
                 limits=Limits.generous())
uvicorn.run(app, host="127.0.0.1", port=int(port), log_level="warning",
            ws_per_message_deflate=False, ws_max_size=16384)
"""


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=60) as r:
        return json.loads(r.read())


def resident_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MB (Linux's /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def moves(deal: dict[str, Any]) -> int:
    return len(deal["calls"]) + sum(len(t["cards"]) for t in deal["tricks"]) + len(deal["trick"])


class Person:
    """One simulated person playing Chicago rounds one after the other."""

    def __init__(self, base: str, rng: random.Random, start: float) -> None:
        self.base = base
        self.rng = rng
        self.start = start
        #: (seconds since the start, round trip) of each of his actions.
        self.rtts: list[tuple[float, float]] = []
        #: The most calls and cards he was shown, per (table, deal number).
        self.shown: dict[tuple[str, int], int] = {}
        self.matches = 0
        self.live = False

    async def run(self, stop_at: float) -> None:
        while time.monotonic() < stop_at:
            out = await asyncio.to_thread(
                post,
                f"http://{self.base}/api/tables",
                {
                    "game": "contract",
                    "scoring": "chicago",
                    "name": "soak",
                    "slot": 0,
                    "robots": {"1": "random", "2": "random", "3": "random"},
                    "seed": self.rng.randrange(1 << 30),
                },
            )
            if await self.play(out["code"], out["token"], stop_at):
                self.matches += 1

    async def play(self, code: str, token: str, stop_at: float) -> bool:
        """Play at table ``code`` until its round is over (``True``) or the time is up."""
        import websockets

        sent: dict[int, float] = {}
        ident = 0
        asked = 0
        async with websockets.connect(f"ws://{self.base}/ws/{code}", max_size=2**22) as ws:
            self.live = True
            await ws.send(json.dumps({"type": "hello", "token": token}))
            try:
                while time.monotonic() < stop_at:
                    try:
                        raw = await asyncio.wait_for(
                            ws.recv(), max(0.01, stop_at - time.monotonic())
                        )
                    except TimeoutError:
                        return False
                    now = time.perf_counter()
                    msg = json.loads(raw)
                    if msg.get("id") in sent:
                        self.rtts.append((time.monotonic() - self.start, now - sent.pop(msg["id"])))
                    if msg.get("type") != "state" or not msg.get("deal"):
                        continue
                    deal = msg["deal"]
                    key = (code, deal["number"])
                    self.shown[key] = max(self.shown.get(key, 0), moves(deal))
                    if msg["table"]["over"]:
                        return True
                    if deal["phase"] == "done":
                        if deal["number"] != asked:
                            asked = deal["number"]
                            await ws.send(json.dumps({"type": "next"}))
                        continue
                    if deal["to_act"] == deal["seat"] and deal["legal"] and not msg["request"]:
                        ident += 1
                        sent[ident] = time.perf_counter()
                        action = self.rng.choice(deal["legal"])
                        await ws.send(json.dumps({"type": "action", "action": action, "id": ident}))
            finally:
                self.live = False
        return False


async def soak(
    args: argparse.Namespace, base: str, pid: int
) -> tuple[list[Person], list[dict[str, float]]]:
    rng = random.Random(args.seed)
    start = time.monotonic()
    stop_at = start + 60 * args.minutes
    people = [Person(base, random.Random(rng.random()), start) for _ in range(args.tables)]
    samples: list[dict[str, float]] = []

    async def sample() -> None:
        while time.monotonic() < stop_at:
            stats = await asyncio.to_thread(get, f"http://{base}/api/stats")
            samples.append(
                {
                    "t": time.monotonic() - start,
                    "rss": resident_mb(pid),
                    "tables": stats["tables"],
                    "watched": stats["watched"],
                    "live": sum(p.live for p in people),
                    "deals": stats["deals"],
                    "actions": stats["actions"],
                }
            )
            await asyncio.sleep(args.every)

    tasks = [asyncio.ensure_future(p.run(stop_at)) for p in people]
    await asyncio.gather(sample(), *tasks)
    return people, samples


def lost_actions(db: str, people: list[Person]) -> tuple[int, int]:
    """Actions shown to a person and missing from the store, and the actions shown."""
    from bridgeroom.store import Store

    store = Store(db)
    stored: dict[str, list[int]] = {}
    lost = shown = 0
    for person in people:
        for (code, number), seen in person.shown.items():
            if code not in stored:
                record = store.get_match(code)
                stored[code] = [len(d.actions) for d in record.deals]
            counts = stored[code]
            have = counts[number - 1] if number <= len(counts) else 0
            shown += seen
            lost += max(0, seen - have)
    store.close()
    return lost, shown


def report(
    args: argparse.Namespace,
    people: list[Person],
    samples: list[dict[str, float]],
    lost: int,
    shown: int,
) -> None:
    print(
        f"{'minute':>6} {'actions':>8} {'p50 ms':>7} {'p95 ms':>7} {'tables':>7} {'live':>5} {'RSS MB':>7} {'deals':>6}"
    )
    rtts = [r for p in people for r in p.rtts]
    for minute in range(int(args.minutes + 0.999)):
        lo, hi = 60 * minute, 60 * (minute + 1)
        in_minute = [rtt for t, rtt in rtts if lo <= t < hi]
        last = [s for s in samples if s["t"] < hi]
        first = [s for s in samples if s["t"] < lo]
        if not last:
            continue
        end = last[-1]
        begun = first[-1]["actions"] if first else 0
        print(
            f"{minute + 1:>6} {end['actions'] - begun:>8.0f} "
            f"{1000 * statistics.median(in_minute) if in_minute else 0:>7.1f} "
            f"{1000 * sorted(in_minute)[int(0.95 * (len(in_minute) - 1))] if in_minute else 0:>7.1f} "
            f"{end['tables']:>7.0f} {end['live']:>5.0f} {end['rss']:>7.1f} {end['deals']:>6.0f}"
        )
    warm = [s for s in samples if s["t"] >= 60] or samples
    a, b = warm[0], samples[-1]
    deals = b["deals"] - a["deals"]
    per_1000 = (b["rss"] - a["rss"]) / deals * 1000 if deals else 0.0
    print(
        f"\nmemory: {a['rss']:.1f} MB after the first minute, {b['rss']:.1f} MB at the end: "
        f"{per_1000:+.1f} MB per 1,000 finished deals ({deals:.0f} deals in between)"
    )
    peak = max(s["tables"] for s in samples)
    print(
        f"tables in the server's memory: {b['tables']:.0f} at the end (at most {peak:.0f}), "
        f"for {b['live']:.0f} live tables; {sum(p.matches for p in people)} Chicago rounds "
        f"finished, {b['deals']:.0f} deals"
    )
    print(f"actions lost: {lost} of {shown} shown to the people")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--minutes", type=float, default=8.0, help="how long (at most 60)")
    parser.add_argument("--robot-delay", type=float, default=0.1)
    parser.add_argument("--release-after", type=float, default=10.0)
    parser.add_argument("--every", type=float, default=5.0, help="seconds between samples")
    parser.add_argument("--database", help="a database URL (default: a fresh SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 1 <= args.tables <= 1000 or not 0 < args.minutes <= 60:
        parser.error("1 to 1000 tables, up to 60 minutes")
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.database or str(Path(tmp) / "soak.sqlite3")
        cmd = [
            sys.executable,
            "-c",
            SERVER,
            db,
            str(port),
            str(args.robot_delay),
            str(args.release_after),
        ]
        server = subprocess.Popen(cmd)
        base = f"{HOST}:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    get(f"http://{base}/api/games")
                    break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.1)
            print(
                f"bridgeroom soak: {args.tables} tables (a person, three random robots, Chicago), "
                f"{args.minutes:g} min, robot delay {args.robot_delay} s, tables released "
                f"{args.release_after:g} s after their last use, loopback only"
            )
            people, samples = asyncio.run(soak(args, base, server.pid))
        finally:
            server.terminate()
            server.wait(timeout=60)
        lost, shown = lost_actions(db, people)
    report(args, people, samples, lost, shown)
    return 0 if lost == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
