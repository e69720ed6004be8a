"""Benchmark of the web server: simulated people at robot-filled tables, over loopback only.

Starts ``bridgeroom serve`` on 127.0.0.1 (a fresh SQLite file), then for each number of
concurrent tables: creates the tables (one simulated person at North, three ``random`` robots,
so that the server and not the robots is measured), connects one websocket per table and plays
for a fixed time. The person answers at once with a random legal action (and asks for the next
deal at the end of each); the robots wait ``--robot-delay`` seconds, as at a real table.

Reported per level: actions per second (the people's and the robots', as committed by the server),
the people's actions per second, and the round trip of a person's action (sent until the state that
shows it arrives) as p50 / p95 / max in milliseconds. Every loop is bounded in count and time and
only ever connects to 127.0.0.1.

    python bench/server.py                      # 10, 50, 100, 200 tables, 15 s each
    python bench/server.py --tables 10 50 --seconds 5 --robot-delay 0.2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def post(url: str, body: dict[str, object]) -> dict[str, object]:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def get(url: str) -> object:
    with urllib.request.urlopen(url, timeout=30) as r:
        return json.loads(r.read())


class Person:
    """One simulated person: acts at once when it is his turn, measures each round trip."""

    def __init__(self, base: str, code: str, token: str, rng: random.Random) -> None:
        self.url = f"ws://{base}/ws/{code}?token={token}"
        self.rng = rng
        self.sent: dict[int, float] = {}
        self.rtts: list[float] = []
        self.actions = 0
        self.next_id = 0
        self.errors = 0
        self.asked_next = 0

    async def run(self, stop_at: float) -> None:
        import websockets

        async with websockets.connect(self.url, max_size=2**22) as ws:
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
                    self.actions += 1


async def level(base: str, tables: int, seconds: float, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    people = []
    for i in range(tables):
        out = await asyncio.to_thread(
            post,
            f"http://{base}/api/tables",
            {
                "game": "contract",
                "robots": {"1": "random", "2": "random", "3": "random"},
                "name": f"bench{tables}-{i}",
                "slot": 0,
                "seed": rng.randrange(1 << 30),
            },
        )
        people.append(
            Person(base, str(out["code"]), str(out["token"]), random.Random(rng.random()))
        )
    before = await asyncio.to_thread(get, f"http://{base}/api/stats")
    start = time.monotonic()
    stop_at = start + seconds
    await asyncio.gather(*(p.run(stop_at) for p in people))
    elapsed = time.monotonic() - start
    after = await asyncio.to_thread(get, f"http://{base}/api/stats")
    rtts = sorted(r for p in people for r in p.rtts)
    committed = after["actions"] - before["actions"]  # type: ignore[index,operator]
    if not rtts:
        return {"tables": tables, "actions_per_s": committed / elapsed}
    return {
        "tables": tables,
        "actions_per_s": committed / elapsed,
        "person_actions_per_s": len(rtts) / elapsed,
        "p50_ms": 1000 * statistics.median(rtts),
        "p95_ms": 1000 * rtts[min(len(rtts) - 1, int(0.95 * len(rtts)))],
        "max_ms": 1000 * rtts[-1],
        "errors": sum(p.errors for p in people),
    }


def run_levels(args: argparse.Namespace, port: int, seconds: float) -> None:
    print(
        f"bridgeroom server benchmark: robots random, robot delay {args.robot_delay} s, "
        f"{seconds:.0f} s per level, SQLite, loopback only"
    )
    print(
        f"{'tables':>7} {'actions/s':>10} {'people/s':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}"
    )
    for i, n in enumerate(args.tables):
        r = asyncio.run(level(f"{HOST}:{port}", n, seconds, args.seed + i))
        print(
            f"{n:>7} {r['actions_per_s']:>10.0f} {r.get('person_actions_per_s', 0):>9.0f} "
            f"{r.get('p50_ms', 0):>8.1f} {r.get('p95_ms', 0):>8.1f} {r.get('max_ms', 0):>8.1f}",
            flush=True,
        )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 50, 100, 200])
    parser.add_argument("--seconds", type=float, default=15.0, help="play time per level (max 120)")
    parser.add_argument("--robot-delay", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--port", type=int, help="use a server already running on 127.0.0.1:PORT (for profiling it)"
    )
    args = parser.parse_args()
    if any(not 1 <= n <= 500 for n in args.tables):
        parser.error("from 1 to 500 tables per level")
    seconds = min(max(args.seconds, 1.0), 120.0)
    if args.port:
        run_levels(args, args.port, seconds)
        return 0
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        cmd = [
            sys.executable, "-m", "bridgeroom", "serve", "--host", HOST, "--port", str(port),
            "--database", str(db), "--robot-delay", str(args.robot_delay),
            "--hint-level", "random", "--log-level", "warning",
        ]  # fmt: skip
        server = subprocess.Popen(cmd)
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    get(f"http://{HOST}:{port}/api/games")
                    break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.1)
            print(f"bridgeroom server benchmark: robots random, robot delay {args.robot_delay} s, "
                  f"{seconds:.0f} s per level, SQLite, loopback only")  # fmt: skip
            print(
                f"{'tables':>7} {'actions/s':>10} {'people/s':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}"
            )
            for i, n in enumerate(args.tables):
                r = asyncio.run(level(f"{HOST}:{port}", n, seconds, args.seed + i))
                print(
                    f"{n:>7} {r['actions_per_s']:>10.0f} {r.get('person_actions_per_s', 0):>9.0f} "
                    f"{r.get('p50_ms', 0):>8.1f} {r.get('p95_ms', 0):>8.1f} {r.get('max_ms', 0):>8.1f}",
                    flush=True,
                )
        finally:
            server.terminate()
            server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
