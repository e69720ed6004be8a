"""The server on a real PostgreSQL database (``--database postgresql://...``).

The test starts a throwaway PostgreSQL cluster of its own in a temporary folder, reached
through a Unix socket only (``listen_addresses=''``: no network at all), plays part of a
deal, starts a second server on the same database, and finishes the deal there. It needs
the Debian ``postgresql`` package (``initdb``, ``pg_ctl``) and the ``psycopg`` driver.
"""

from __future__ import annotations

import contextlib
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


class Cluster:
    """A throwaway PostgreSQL cluster in a temporary folder, reached by its Unix socket only."""

    def __init__(self, root: Path) -> None:
        self.data, self.sockets = root / "data", root / "run"
        self.url = f"postgresql://postgres@/postgres?host={self.sockets}&port=5432"

    def start(self) -> None:
        options = f"-k {self.sockets} -c listen_addresses='' -c fsync=off -p 5432"
        _run([_bin("pg_ctl"), "-D", str(self.data), "-o", options, "-w", "-t", "60", "start"])

    def stop(self) -> None:
        """Stop at once (as a crash would: every connection is cut)."""
        _run([_bin("pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"])


@pytest.fixture
def postgres() -> Iterator[Cluster]:
    # Not under pytest's tmp_path: that folder is private to its owner, and PostgreSQL runs
    # as the ``postgres`` user when the tests run as root.
    root = Path(tempfile.mkdtemp(prefix="bridgeroom-pg-"))
    cluster = Cluster(root)
    cluster.sockets.mkdir()
    if os.geteuid() == 0:
        for path in (root, cluster.sockets):
            shutil.chown(path, "postgres")
    try:
        _run(
            [
                _bin("initdb"),
                "-D",
                str(cluster.data),
                "-A",
                "trust",
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--no-sync",
            ]
        )
        cluster.start()
        try:
            yield cluster
        finally:
            with contextlib.suppress(subprocess.CalledProcessError):
                cluster.stop()
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres: Cluster) -> str:
    return postgres.url


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


def _open(url: str, barrier: Any, errors: Any) -> None:
    from bridgeroom.store import Store

    barrier.wait()
    try:
        Store(url).list_matches()
    except Exception as err:  # reported to the test, which fails on it
        errors.put(repr(err))


def test_postgresql_schema_made_once_by_programs_at_once_and_migrated(postgres_url: str) -> None:
    """Four processes open the new database at the same instant: the schema is made once, under
    an advisory lock, and all four open it. A database at the baseline schema (0001, made by
    Alembic's own upgrade) is migrated when a store opens it."""
    import multiprocessing

    from sqlalchemy import create_engine, text

    from bridgeroom.store import SCHEMA_VERSION, Store, normalize_url
    from bridgeroom.store.schema import schema_version

    context = multiprocessing.get_context("fork")
    barrier, errors = context.Barrier(4), context.Queue()
    workers = [
        context.Process(target=_open, args=(postgres_url, barrier, errors)) for _ in range(4)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
    found = []
    while not errors.empty():
        found.append(errors.get())
    assert found == [] and [w.exitcode for w in workers] == [0, 0, 0, 0]
    engine = create_engine(normalize_url(postgres_url))
    with engine.begin() as conn:
        assert schema_version(conn) == SCHEMA_VERSION
        for table in (
            "table_leases",
            "session_entries",
            "sessions",
            "probes",
            "actions",
            "pad_entries",
            "deals",
            "seats",
            "matches",
            "alembic_version",
        ):
            conn.execute(text(f"DROP TABLE {table}"))
    from alembic import command
    from alembic.config import Config

    from bridgeroom.store.schema import migrations_dir

    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
        conn.execute(text("DROP TABLE alembic_version"))  # as made before versions were kept
    engine.dispose()
    store = Store(postgres_url)
    match = store.create_match(
        "play", "contract", "rubber", seats=["basic"] * 4, host_hash="ab" * 32
    )
    assert store.get_match(match.id).host_hash == "ab" * 32
    store.probe()
    engine = create_engine(normalize_url(postgres_url))
    with engine.connect() as conn:
        assert schema_version(conn) == SCHEMA_VERSION
    engine.dispose()


def test_a_lost_postgresql_stops_the_table_and_it_goes_on_when_back(
    postgres: Cluster, helpers: Any
) -> None:
    """Issue 20, item 2, with the database server lost (stopped at once, every connection cut)
    rather than the disk full: the player is told that the database cannot be reached, nothing
    is accepted meanwhile, and once PostgreSQL is back the table goes on by itself."""
    from bridgeroom.store import Store

    with helpers.make_client(postgres.url, probe_interval=0.1) as client:
        out = helpers.create(
            client, "contract", {1: "random", 2: "random", 3: "random"}, name="Ann", slot=0, seed=5
        )
        code = out["code"]
        with helpers.connect(client, code, out["token"]) as ws:
            me = helpers.Seat(ws)
            me.wait(lambda s: s.my_turn() and len(s.deal["calls"]) >= 4, helpers.first_legal)
            postgres.stop()
            me.send("action", action=helpers.first_legal(me))
            frames = [me.receive(), me.receive()]
            down, error = frames[0], frames[1]
            assert down["type"] == "status" and down["store"] == "down", frames
            assert "the database cannot be reached" in down["texts"]["en"]
            assert "база данных недоступна" in down["texts"]["ru"]
            assert error["type"] == "error" and error["id"] == me.ids
            assert error["texts"]["en"].startswith("The server cannot save right now")
            shown = me.deal
            me.send("action", action=helpers.first_legal(me))  # still down: refused again
            assert me.receive()["type"] == "error"
            postgres.start()
            back = None
            for _ in range(50):
                message = me.receive()
                if message["type"] == "status":
                    back = message
                    break
                assert message["type"] == "state" and message["deal"] == shown
            assert back is not None and back["store"] == "ok"
            me.wait(helpers.deal_over, helpers.first_legal, limit=4000)
            final = me.deal
        stats = client.get("/api/stats").json()
        assert stats["store_outages"] == 1 and stats["store_writable"] == 1
    record = Store(postgres.url).get_match(code)  # the deal as played, stored to its end
    played = sum(len(t["cards"]) for t in final["tricks"]) + len(final["trick"])
    assert record.deals[0].is_over and len(record.deals[0].actions) >= len(final["calls"]) + played


def test_a_cards_session_on_postgresql_keeps_every_entry(postgres_url: str, helpers: Any) -> None:
    """A session played with real cards (issue 39) on PostgreSQL: a table's result and the
    director's correction are read back by a new server with who made each."""
    with helpers.make_client(postgres_url) as client:
        made = client.post(
            "/api/sessions",
            json={"game": "contract", "movement": "mitchell", "tables": 2, "boards": 4,
                  "play": "cards", "seed": 3},
        ).json()  # fmt: skip
        code, director = made["code"], made["director_token"]
        table = made["tables"][0]["token"]
        body = {"round": 1, "board": 1, "contract": "3NT", "declarer": "S", "tricks": 9}
        r = client.post(f"/api/sessions/{code}/scores", json=body, headers=helpers.auth(table))
        assert r.status_code == 200 and r.json()["ns_score"] == 400  # 100 + 300, not vulnerable
        body = {**body, "table": 1, "tricks": 10}
        r = client.post(f"/api/sessions/{code}/scores", json=body, headers=helpers.auth(director))
        assert r.json()["ns_score"] == 430  # 130 + 300
    with helpers.make_client(postgres_url) as client:
        desk = client.get(f"/api/sessions/{code}/desk", headers=helpers.auth(director)).json()
        assert [(e["by"], e["tricks"]) for e in desk["log"]] == [("director", 10), ("table 1", 9)]
