"""Fair scheduling and broadcasting (issue 14, items 5 and 12): a table's robot turn never waits
behind another table's hints, and a state sent to many connections is encoded once per viewer."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import pytest

from bridgeroom.server import hub as hub_module
from bridgeroom.server.hub import Hub
from bridgeroom.server.limits import Limits
from bridgeroom.server.rooms import Room, Watcher
from bridgeroom.server.scheduler import Scheduler
from bridgeroom.store import Store
from bridgeroom.table import Table


class SlowHint:
    """A hint that thinks until it is let go (an expert hint on a busy machine, without the CPU)."""

    def __init__(self, release: threading.Event) -> None:
        self.release = release

    def decide(self) -> str:
        self.release.wait(20)
        return "a hint"


async def _nothing(*_: Any) -> None:
    return None


def test_a_robot_turn_is_never_queued_behind_other_tables_hints() -> None:
    """Issue 14: one seat asking for expert hints from six sockets slowed another table's robots
    from an action every 0.13 s to one every 2.6 s: robots and hints shared two threads. Hints
    think on their own thread: with three tables' hints thinking, a robot's turn is decided at
    once."""
    release = threading.Event()

    async def main() -> None:
        scheduler = Scheduler(_nothing, _nothing, wait_writable=_nothing, settled=lambda room: None)
        rooms = []
        for i in range(3):
            table = Table("contract", seed=i, robots={p: "random" for p in range(4)})
            table.advice = lambda player, level: SlowHint(release)  # type: ignore[method-assign]
            rooms.append(Room(table, f"T{i}", i))
        hints = [asyncio.ensure_future(scheduler.hint(room, 0, "expert")) for room in rooms]
        await asyncio.sleep(0.2)  # the hints are thinking (or waiting for the hint thread)
        # the hints are held until the robot has decided: queued behind them, the robot's
        # turn would not be decided before the 20 s they are held, and wait_for gives up at 10
        decided = await asyncio.wait_for(scheduler.think(lambda: "robot's card"), 10)
        assert decided == "robot's card" and not any(h.done() for h in hints)
        release.set()
        assert await asyncio.gather(*hints) == ["a hint"] * 3
        scheduler.close()

    try:
        asyncio.run(main())
    finally:
        release.set()


class Collect:
    """A connection that keeps what it is sent."""

    def __init__(self) -> None:
        self.frames: list[str] = []

    async def send_text(self, data: str) -> None:
        self.frames.append(data)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        return None


def test_a_state_is_encoded_once_per_viewer_not_once_per_connection(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Issue 14: one table with 500 spectators answered at p95 409 ms, each connection's state
    encoded on its own. A broadcast encodes the state of each viewer (a seat, the spectators)
    once; each connection's frame only adds the id of its own last request."""
    encoded: list[Any] = []
    dumps = json.dumps

    def counting(value: Any, *args: Any, **kwargs: Any) -> str:
        if isinstance(value, dict) and value.get("type") == "state":
            encoded.append(value)
        return dumps(value, *args, **kwargs)

    async def main() -> list[Collect]:
        store = Store(str(tmp_path / "broadcast.sqlite3"))
        hub = Hub(store, robot_delay=0.0, hint_level="random", limits=Limits.generous())
        room, token, _ = await hub.create_table(
            "contract", robots={1: "random", 2: "random", 3: "random"}, name="Ann", slot=0, seed=4
        )
        assert token is not None
        connections = [Collect() for _ in range(41)]
        room.watchers.extend(
            Watcher(conn, 0 if i == 0 else None, ack=i if i % 2 else None)
            for i, conn in enumerate(connections)
        )
        monkeypatch.setattr(hub_module.json, "dumps", counting)
        await hub.broadcast(room)
        monkeypatch.setattr(hub_module.json, "dumps", dumps)
        room.watchers.clear()
        hub.close()
        return connections

    connections = asyncio.run(main())
    assert len(encoded) == 2  # Ann's view and the spectators'
    frames = [json.loads(c.frames[-1]) for c in connections]
    assert [f["id"] for f in frames] == [i if i % 2 else None for i in range(41)]
    assert frames[0]["table"]["you"] == 0 and frames[0]["deal"]["hand"]
    spectators = [{k: v for k, v in f.items() if k != "id"} for f in frames[1:]]
    assert all(s == spectators[0] for s in spectators) and spectators[0]["deal"]["hand"] is None
