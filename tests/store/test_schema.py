"""The store's schema: its version, the migration of a database made before versions were kept,
and two programs opening a new database file at once (issue 20, item 4)."""

from __future__ import annotations

import multiprocessing
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, text

from bridgeroom.rules import ContractBridgeDeal, MiniBridgeDeal
from bridgeroom.store import SCHEMA_VERSION, MatchOptions, Store, StoreError, replay
from bridgeroom.store.models import Base
from bridgeroom.store.schema import _upgrade, schema_version

OLD = Path(__file__).parent.parent / "data" / "store" / "main-1a78017.sqlite3"


def _version(url: str) -> str | None:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return schema_version(conn)
    finally:
        engine.dispose()


def test_a_new_database_is_made_at_the_current_version(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "new.sqlite3"))
    assert _version(store.url) == SCHEMA_VERSION == "0005"
    assert store.list_matches() == []


def test_the_migrations_make_the_schema_the_models_define(tmp_path: Path) -> None:
    """From nothing, the baseline and every migration after it give exactly the tables, columns
    and indexes of the models (Alembic's own comparison finds no difference)."""
    engine = create_engine(f"sqlite:///{tmp_path / 'migrated.sqlite3'}")
    with engine.begin() as conn:
        _upgrade(conn, stamp=False)
    with engine.connect() as conn:
        assert schema_version(conn) == SCHEMA_VERSION
        differences = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert differences == []


def test_a_database_made_before_versions_were_kept_is_migrated(tmp_path: Path) -> None:
    """tests/data/store/main-1a78017.sqlite3 was written by the schema of 0001: opening it
    migrates it to the current version, and every record reads back as it was written (a
    server's table with its seat token, a finished terminal deal that replays to its result, a
    score pad)."""
    path = tmp_path / "old.sqlite3"
    shutil.copy(OLD, path)
    assert _version(f"sqlite:///{path}") is None
    store = Store(str(path))
    assert _version(store.url) == SCHEMA_VERSION
    server, terminal = (store.get_match(i) for i in (1, 2))
    pad = store.get_match(3)
    assert server.options == MatchOptions(mode="strict", server=True) and server.host_hash is None
    assert store.seat_of_token(server.id, "fixture-token-of-ann") == 0
    deal = server.deals[0]
    assert deal.actions[0].action == "1NT" and not deal.is_over
    state = replay(ContractBridgeDeal(deal.cards, deal.dealer), deal.actions)
    assert str(state.calls[0][1]) == "1NT"
    mini = terminal.deals[0]
    assert mini.is_over
    finished = replay(MiniBridgeDeal(mini.cards, mini.dealer), mini.actions)
    assert finished.is_over and finished.result is not None
    assert finished.result.tricks == mini.result["tricks"]  # type: ignore[index]
    assert [(e.declarer, e.contract, e.tricks) for e in pad.entries] == [("NS", "4S", 10)]
    # the new schema's parts are there: a host, the probe's row
    store.probe()
    again = Store(str(path))  # opening it again changes nothing
    assert again.get_match(1) == store.get_match(1)


def test_a_database_of_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "newer.sqlite3"
    Store(str(path)).close()
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '0099'"))
    engine.dispose()
    with pytest.raises(StoreError, match="schema 0099, newer than this bridgeroom knows"):
        Store(str(path))


def _open_at_once(path: str, barrier: Any, errors: Any) -> None:
    barrier.wait()
    try:
        Store(path).list_matches()
    except Exception as err:  # reported to the test, which fails on it
        errors.put(repr(err))


def test_programs_opening_a_new_file_at_once_all_succeed(tmp_path: Path) -> None:
    """Issue 20: two commands on a new database file failed in 3 of 10 tries with "table
    matches already exists" (both created the tables). Four processes open each of eight new
    files at the same instant (a barrier): every one opens it, the schema is made once."""
    context = multiprocessing.get_context("fork")
    for attempt in range(8):
        path = str(tmp_path / f"race{attempt}.sqlite3")
        barrier = context.Barrier(4)
        errors = context.Queue()
        workers = [
            context.Process(target=_open_at_once, args=(path, barrier, errors)) for _ in range(4)
        ]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(60)
        found = []
        while not errors.empty():
            found.append(errors.get())
        assert found == [], f"attempt {attempt}: {found}"
        assert [w.exitcode for w in workers] == [0, 0, 0, 0]
        assert _version(f"sqlite:///{path}") == SCHEMA_VERSION


def test_two_history_commands_on_a_new_file(tmp_path: Path) -> None:
    """The commands themselves: two ``bridgeroom history`` started together on a new file both
    list it (empty) and exit 0."""
    path = tmp_path / "history.sqlite3"
    command = [sys.executable, "-m", "bridgeroom", "history", "--database", str(path)]
    runs = [
        subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    outcomes = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outcomes
    assert _version(f"sqlite:///{path}") == SCHEMA_VERSION
