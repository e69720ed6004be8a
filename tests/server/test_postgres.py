"""The server on a real PostgreSQL database (``--database postgresql://...``).

The test starts a throwaway PostgreSQL cluster of its own in a temporary folder, reached
through a Unix socket only (``listen_addresses=''``: no network at all), plays part of a
deal, starts a second server on the same database, and finishes the deal there. It needs
the Debian ``postgresql`` package (``initdb``, ``pg_ctl``) and the ``psycopg`` driver.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


def _bin(name: str) -> str:
    found = shutil.which(name) or next(
        iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))), None
    )
    if found is None:
        pytest.fail(f"PostgreSQL's {name} is needed (apt-get install postgresql)")
    return found


def _run(cmd: list[str]) -> None:
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        cmd = ["runuser", "-u", "postgres", "--", *cmd]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    # Not under pytest's tmp_path: that folder is private to its owner, and PostgreSQL runs
    # as the ``postgres`` user when the tests run as root.
    root = Path(tempfile.mkdtemp(prefix="bridgeroom-pg-"))
    data, sockets = root / "data", root / "run"
    sockets.mkdir()
    if os.geteuid() == 0:
        for path in (root, sockets):
            shutil.chown(path, "postgres")
    try:
        _run(
            [
                _bin("initdb"),
                "-D",
                str(data),
                "-A",
                "trust",
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--no-sync",
            ]
        )
        options = f"-k {sockets} -c listen_addresses='' -c fsync=off -p 5432"
        _run([_bin("pg_ctl"), "-D", str(data), "-o", options, "-w", "-t", "60", "start"])
        try:
            yield f"postgresql://postgres@/postgres?host={sockets}&port=5432"
        finally:
            _run([_bin("pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"])
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_a_table_on_postgresql_is_resumed_by_a_new_server(postgres_url: str, helpers: Any) -> None:
    """Every action is committed to PostgreSQL before it is sent; a second server replays the log."""
    with helpers.make_client(postgres_url) as client:
        out = helpers.create(
            client, "contract", {1: "random", 2: "random", 3: "random"}, name="Ann", slot=0, seed=12
        )
        code, token = out["code"], out["token"]
        with helpers.connect(client, code, token) as ws:
            me = helpers.Seat(ws)
            me.wait(
                lambda s: (s.my_turn() and len(s.deal["calls"]) >= 4) or helpers.deal_over(s),
                lambda s: helpers.first_legal(s) if len(s.deal["calls"]) < 4 else None,
            )
            before = me.deal
    with helpers.make_client(postgres_url) as client:
        with helpers.connect(client, code, token) as ws:
            me = helpers.Seat(ws)
            me.receive()
            assert me.deal["hand"] == before["hand"] and me.deal["calls"] == before["calls"]
            me.wait(helpers.deal_over, helpers.first_legal)
        text = client.get(f"/api/tables/{code}/pbn").text
        assert '[North "Ann"]' in text
        assert client.get("/api/players/Ann/tables").json()[0]["code"] == code
