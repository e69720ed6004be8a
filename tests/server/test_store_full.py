"""A full disk under the server (issue 20, item 2): the database lives on a 2 MB tmpfs that the
test mounts and fills. While the store cannot write, every player is told so and nothing is
acknowledged that is not stored; once space is freed, the table goes on by itself.

The test mounts a filesystem, so it runs as root (as the CI does, on a clean Debian machine);
if it cannot mount one it fails and says why, it never skips.
"""

from __future__ import annotations

import errno
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridgeroom.rules import ContractBridgeDeal
from bridgeroom.store import Store, replay


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MB tmpfs mounted for the test (unmounted after it)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mount)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        pytest.fail(
            f"cannot mount a 2 MB tmpfs at {mount} ({done.stderr.strip()}): this test fills a "
            "small filesystem and needs root, as in the CI"
        )
    # the file that fills the disk is made now, while there is room for its inode: under load the
    # server's write-ahead log may take the last of the space before the test fills it (the CI
    # once saw the filler's open() itself fail with ENOSPC)
    (mount / "filler").touch()
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(disk: Path) -> Path:
    """Fill ``disk`` up with its one file, made by :func:`small_disk`; returns it (remove it to
    free the space)."""
    filler = disk / "filler"
    chunk = b"\0" * 65536
    with open(filler, "ab") as f:
        try:
            while True:
                f.write(chunk)
                f.flush()
        except OSError as err:
            assert err.errno == errno.ENOSPC, err
    return filler


def stored_actions(db: Path, code: str) -> list[int]:
    """The number of log entries stored for each deal of table ``code``."""
    record = Store(str(db)).get_match(code)
    return [len(deal.actions) for deal in record.deals]


def test_a_full_disk_stops_the_table_and_it_goes_on_when_space_is_freed(
    small_disk: Path, helpers: Any
) -> None:
    db = small_disk / "server.sqlite3"
    with helpers.make_client(db, probe_interval=0.1) as client:
        out = helpers.create(
            client, "contract", {1: "random", 2: "random", 3: "random"}, name="Ann", slot=0, seed=2
        )
        code = out["code"]
        with helpers.connect(client, code, out["token"]) as ws:
            me = helpers.Seat(ws)
            me.wait(lambda s: len(s.deal["calls"]) >= 2, helpers.first_legal)
            filler = fill(small_disk)
            # play on until the server says it cannot save (SQLite may still have room in its
            # write-ahead log for a few commits)
            down = None
            acked: set[Any] = set()
            for _ in range(3000):
                if me.my_turn():
                    me.send("action", action=helpers.first_legal(me))
                message = me.receive()
                if message["type"] == "status":
                    down = message
                    break
                if message["type"] == "state" and message["id"] is not None:
                    acked.add(message["id"])
                if message["type"] == "state" and message["deal"]["phase"] == "done":
                    me.send("next")
            assert down is not None, "the store never became full"
            assert down["store"] == "down"
            assert "the disk is full" in down["texts"]["en"]
            assert "диск заполнен" in down["texts"]["ru"]
            # while the disk is full nothing is accepted: a request gets the error, no state
            # (the request whose commit found the disk full, if it was the player's, is
            # answered after the status: its error may come first)
            last = me.state
            assert last is not None
            for _ in range(3):
                me.send("action", action=helpers.first_legal(me) if me.my_turn() else "P")
                while True:
                    error = me.receive()
                    assert error["type"] == "error", error
                    assert error["texts"]["en"].startswith("The server cannot save right now")
                    if error["id"] == me.ids:
                        break
            time.sleep(0.3)
            # what the player was last shown is what is stored (reading works on a full disk)
            number = last["deal"]["number"]
            shown = (
                len(last["deal"]["calls"])
                + sum(len(t["cards"]) for t in last["deal"]["tricks"])
                + len(last["deal"]["trick"])
            )
            record = Store(str(db)).get_match(code)
            deal = record.deals[number - 1]
            replayed = replay(ContractBridgeDeal(deal.cards, deal.dealer), deal.actions)
            assert (
                len(replayed.calls) + len(replayed.tricks) * 4 + len(replayed.current_trick)
                == shown
            )
            # space is freed: the server finds out by itself, tells everyone, and play goes on
            filler.unlink()
            back = None
            for _ in range(200):
                message = me.receive()
                if message["type"] == "status":
                    back = message
                    break
            assert back is not None and back["store"] == "ok"
            assert back["texts"]["en"] == "The server can save again: play goes on."
            before = stored_actions(db, code)
            me.wait(
                lambda s: helpers.deal_over(s) and s.deal["number"] >= number,
                helpers.first_legal,
                limit=4000,
            )
            assert sum(stored_actions(db, code)) > sum(before)
        stats = client.get("/api/stats").json()
        assert stats["store_outages"] == 1 and stats["store_writable"] == 1
