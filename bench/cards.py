"""Benchmark of a club evening entered at the tables: a Mitchell of ``--tables`` tables and
``--boards`` boards played with real cards, every result entered and confirmed through the HTTP
API (``POST /api/sessions/{code}/scores`` with each table's token), the director's desk and the
results asked after each round. The peer, measured in the same run against the same server, is
``GET /api/games`` (the lightest answer the server gives): the ratios say what an entry, the
desk and the results cost beyond a request's own. In-process (FastAPI's TestClient, SQLite in a
temporary folder), so the figures are the server's work, not a network's. Prints p50 and p95 of
each, the ratios and the load.

    python bench/cards.py [--tables 15] [--boards 30] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from bridgeroom.server import create_app
from bridgeroom.server.limits import Limits

RESULTS = [
    {"contract": "4S", "declarer": "N", "result": "="},
    {"contract": "4S", "declarer": "N", "result": "-1"},
    {"contract": "3NT", "declarer": "S", "result": "+1"},
    {"contract": "2H", "declarer": "E", "result": "="},
    {"contract": "5DX", "declarer": "W", "result": "-3"},
    {"contract": "pass"},
]


def p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--boards", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    times: dict[str, list[float]] = {
        "entry": [],
        "confirm": [],
        "desk": [],
        "results": [],
        "peer": [],
    }
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(str(Path(folder) / "bench.sqlite3"), limits=Limits.generous())
        with TestClient(app) as client:
            made = client.post(
                "/api/sessions",
                json={"game": "contract", "movement": "mitchell", "tables": args.tables,
                      "boards": args.boards, "play": "cards", "seed": args.seed},
            ).json()  # fmt: skip
            code, director = made["code"], made["director_token"]
            tokens = {t["table"]: t["token"] for t in made["tables"]}
            rounds = client.get(f"/api/sessions/{code}/rounds").json()
            by_round: dict[int, list[dict[str, object]]] = {}
            for r in rounds:
                by_round.setdefault(int(r["round"]), []).append(r)
            started = time.perf_counter()
            for number in sorted(by_round):
                for r in by_round[number]:
                    auth = {"Authorization": f"Bearer {tokens[int(r['table'])]}"}
                    for board in r["boards"]:  # type: ignore[attr-defined]
                        body = {"round": number, "board": board, **rng.choice(RESULTS)}
                        for kind, extra in (("entry", {}), ("confirm", {"confirmed": True})):
                            t0 = time.perf_counter()
                            answer = client.post(
                                f"/api/sessions/{code}/scores", json={**body, **extra}, headers=auth
                            )
                            times[kind].append(time.perf_counter() - t0)
                            assert answer.status_code == 200, answer.text
                        t0 = time.perf_counter()
                        client.get("/api/games")
                        times["peer"].append(time.perf_counter() - t0)
                boss = {"Authorization": f"Bearer {director}"}
                for kind, path in (("desk", "desk"), ("results", "results")):
                    t0 = time.perf_counter()
                    assert (
                        client.get(f"/api/sessions/{code}/{path}", headers=boss).status_code == 200
                    )
                    times[kind].append(time.perf_counter() - t0)
                if number < len(by_round):
                    client.post(f"/api/sessions/{code}/next-round", headers=boss)
            total = time.perf_counter() - started
    peer = statistics.median(times["peer"])
    entries = len(times["entry"])
    print(
        f"cards session: {args.tables} tables, {args.boards} boards, {entries} results entered and confirmed"
    )
    print(f"whole evening through the API: {total:.2f} s")
    for kind in ("entry", "confirm", "desk", "results", "peer"):
        values = times[kind]
        ratio = statistics.median(values) / peer
        print(
            f"  {kind:8s} p50 {p(values, 0.5):7.2f} ms  p95 {p(values, 0.95):7.2f} ms  x{ratio:6.1f} the peer"
        )
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
