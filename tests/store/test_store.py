"""The store: matches, seats, deals, the append-only action log, pad entries, URLs (SQLite on a temp file)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgeroom.rules import ContractBridgeDeal, Seat
from bridgeroom.store import (
    UNDO,
    ActionRecord,
    Store,
    StoreError,
    data_dir,
    database_url,
    hash_token,
    new_token,
    normalize_url,
    replay,
    safe_url,
)

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(str(tmp_path / "games.sqlite3"))


def new_match(store: Store, name: str = "Ann") -> int:
    return store.create_match(
        "play", "contract", "rubber", seats=[(name, None), "basic", "basic", "basic"], seed=7
    ).id


def test_match_with_seats_is_stored(store: Store) -> None:
    match = store.get_match(new_match(store))
    assert (match.kind, match.game, match.scoring, match.status, match.seed) == (
        "play",
        "contract",
        "rubber",
        "active",
        "7",
    )
    assert [(s.position, s.player, s.is_robot, s.robot_level) for s in match.seats] == [
        (0, "Ann", False, None),
        (1, "robot (basic)", True, "basic"),
        (2, "robot (basic)", True, "basic"),
        (3, "robot (basic)", True, "basic"),
    ]
    assert store.get_match(match.code).id == match.id


def test_every_action_is_committed_and_survives_a_new_store(tmp_path: Path) -> None:
    path = str(tmp_path / "games.sqlite3")
    first = Store(path)
    match_id = new_match(first)
    deal_id = first.add_deal(match_id, 1, "N", "None", DEAL)
    assert [
        first.append_action(deal_id, s, a) for s, a in zip("NES", ["1NT", "P", "3NT"], strict=True)
    ] == [
        1,
        2,
        3,
    ]
    first.close()  # as if the process had ended
    again = Store(path)
    deal = again.get_match(match_id).deals[0]
    assert deal.actions == (
        ActionRecord(1, "N", "1NT"),
        ActionRecord(2, "E", "P"),
        ActionRecord(3, "S", "3NT"),
    )
    assert deal.result is None and again.get_match(match_id).current_deal == deal


def test_replay_rebuilds_the_deal_and_applies_undo(store: Store) -> None:
    """The record is the truth: the state comes from the log; an ``undo`` entry takes back the last action."""
    match_id = new_match(store)
    deal_id = store.add_deal(match_id, 1, "N", "None", DEAL)
    for seat, action in [("N", "1NT"), ("E", "P"), ("S", "2C"), ("S", UNDO), ("S", "3NT")]:
        store.append_action(deal_id, seat, action)
    record = store.get_match(match_id).deals[0]
    state = replay(ContractBridgeDeal(record.cards, record.dealer), record.actions)
    assert [str(c) for _, c in state.calls] == ["1NT", "P", "3NT"]
    assert state.to_act is Seat.WEST


def test_finished_deal_closes_its_log(store: Store) -> None:
    match_id = new_match(store)
    deal_id = store.add_deal(match_id, 1, "N", "None", DEAL)
    store.finish_deal(deal_id, {"contract": None, "tricks": 0})
    assert store.get_match(match_id).deals[0].result == {"contract": None, "tricks": 0}
    with pytest.raises(StoreError, match="over"):
        store.append_action(deal_id, "N", "P")
    store.reopen_deal(deal_id)
    assert store.append_action(deal_id, "N", "P") == 1


def test_a_deal_number_is_stored_once(store: Store) -> None:
    match_id = new_match(store)
    store.add_deal(match_id, 1, "N", "None", DEAL)
    with pytest.raises(StoreError, match="already has a deal 1"):
        store.add_deal(match_id, 1, "E", "None", DEAL)


def test_unknown_match_and_deal(store: Store) -> None:
    with pytest.raises(StoreError, match="no match 99"):
        store.get_match(99)
    with pytest.raises(StoreError, match="no deal 5"):
        store.append_action(5, "N", "P")


def test_listing_per_player_most_recent_first(store: Store) -> None:
    a = new_match(store, "Ann")
    b = new_match(store, "Bob")
    c = new_match(store, "Ann")
    store.add_deal(a, 1, "N", "None", DEAL)  # a is now the most recently changed
    assert [m.id for m in store.list_matches(player="Ann")] == [a, c]
    assert [m.id for m in store.list_matches(player="Bob")] == [b]
    assert store.list_matches(player="Ann")[0].deals == 1
    store.set_status(c, "finished")
    assert [m.id for m in store.list_matches(player="Ann", status="active")] == [a]
    with pytest.raises(StoreError, match="not 'lost'"):
        store.set_status(c, "lost")


def test_pad_entries_and_correcting_the_last(store: Store) -> None:
    match = store.create_match("pad", "contract", "rubber", seats=[("We", None), ("They", None)])
    store.add_pad_entry(match.id, declarer="NS", contract="4S", tricks=10)
    store.add_pad_entry(match.id, declarer="EW", contract="3NT", tricks=8)
    store.add_pad_entry(match.id, declarer="EW", contract="3NT", tricks=9, replace_last=True)
    record = store.get_match(match.id)
    assert [(e.seq, e.contract, e.tricks, e.replaced) for e in record.pad_entries] == [
        (1, "4S", 10, False),
        (2, "3NT", 8, True),
        (3, "3NT", 9, False),
    ]
    assert [e.seq for e in record.entries] == [1, 3]
    store.remove_last_pad_entry(match.id)
    assert [e.seq for e in store.get_match(match.id).entries] == [1]
    assert store.list_matches(kind="pad")[0].deals == 1


def test_seat_tokens_are_stored_hashed(store: Store) -> None:
    match_id = new_match(store)
    token = new_token()
    store.set_seat_token(match_id, 2, token)
    assert store.seat_of_token(match_id, token) == 2
    assert store.seat_of_token(match_id, token + "x") is None
    assert store.get_match(match_id).seats[2].has_token
    with store.engine.connect() as conn:
        stored = conn.exec_driver_sql("SELECT token_hash FROM seats WHERE position = 2").scalar()
    assert stored == hash_token(token) and token not in stored


def test_update_seat_to_a_person_and_back(store: Store) -> None:
    match_id = new_match(store)
    store.update_seat(match_id, 1, player="Bob", robot_level=None)
    store.update_seat(match_id, 3, robot_level="expert")
    seats = store.get_match(match_id).seats
    assert (seats[1].player, seats[1].is_robot) == ("Bob", False)
    assert (seats[3].is_robot, seats[3].robot_level) == (True, "expert")


def test_database_url_precedence() -> None:
    env = {"HOME": "/home/ann", "XDG_DATA_HOME": "/xdg"}
    assert database_url(None, env) == "sqlite:////xdg/bridgeroom/bridgeroom.sqlite3"
    env["BRIDGEROOM_DATABASE"] = "sqlite:////tmp/b.sqlite3"
    assert database_url(None, env) == "sqlite:////tmp/b.sqlite3"
    assert database_url("postgresql://u:p@db/bridge", env) == "postgresql+psycopg://u:p@db/bridge"


def test_data_dir_per_platform() -> None:
    assert (
        data_dir({"HOME": "/h"}, "darwin").as_posix() == "/h/Library/Application Support/bridgeroom"
    )
    assert data_dir(
        {"HOME": "/h", "APPDATA": "C:/Users/a/AppData/Roaming"}, "win32"
    ).as_posix() == ("C:/Users/a/AppData/Roaming/bridgeroom")


def test_postgresql_urls_are_normalised_without_connecting() -> None:
    """PostgreSQL is reached by URL with the psycopg 3 driver; a driver named in the URL is kept."""
    assert normalize_url("postgres://h:5433/b") == "postgresql+psycopg://h:5433/b"
    assert normalize_url("postgresql+asyncpg://h/b") == "postgresql+asyncpg://h/b"
    assert safe_url(normalize_url("postgresql://ann:pw@h/b")) == "postgresql+psycopg://ann:***@h/b"


def test_bad_urls_are_refused() -> None:
    with pytest.raises(StoreError, match="empty"):
        normalize_url("  ")
    with pytest.raises(StoreError, match="not 'mysql'"):
        normalize_url("mysql://h/b")


def test_a_database_that_cannot_be_opened(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="cannot open the database"):
        Store(str(blocker / "sub" / "games.sqlite3"))
