"""A session's state is a typed value with one codec to and from the JSON of its row; rows
written before a field was kept still read back, and a row that cannot be read is a StoreError
naming the session."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from bridgeroom.store import Store, StoreError
from bridgeroom.store.models import SessionRow
from bridgeroom.store.sessions import SessionPerson, SessionState, SessionStore


def _write_raw(store: Store, code: str, state: object) -> None:
    with store.engine.begin() as connection:
        connection.execute(update(SessionRow).where(SessionRow.code == code).values(state=state))


def test_an_old_row_reads_back_typed_and_is_written_in_full() -> None:
    store = Store("sqlite://")
    sessions = SessionStore(store)
    row = sessions.create("ab" * 32, {"game": "minibridge"}, SessionState())
    # as the server wrote it before the rounds and pauses were kept, a person without "left"
    _write_raw(
        store,
        row.code,
        {"people": [{"name": "Ann", "hash": "cd" * 32, "pair": 2, "member": 1}], "tables": ["x"]},
    )
    state = sessions.get(row.code).state
    assert state == SessionState(
        people=(SessionPerson("Ann", "cd" * 32, 2, 1),), tables=("x",), round=0, paused=()
    )
    assert state.at(2, 1) is not None and state.at(2, 0) is None
    gone = state.gone(state.people[0]).with_paused(3, True)
    sessions.save(row.code, gone, "playing")
    again = sessions.get(row.code)
    assert again.state == gone and again.state.present == () and again.state.paused == (3,)
    assert again.state.to_json() == {
        "people": [{"name": "Ann", "hash": "cd" * 32, "pair": 2, "member": 1, "left": True}],
        "tables": ["x"],
        "round": 0,
        "paused": [3],
    }
    assert again.state.with_paused(3, False).paused == ()


def test_a_row_whose_state_cannot_be_read_is_a_store_error() -> None:
    store = Store("sqlite://")
    sessions = SessionStore(store)
    row = sessions.create("ab" * 32, {"game": "contract"}, SessionState())
    _write_raw(store, row.code, {"people": [{"name": "Ann"}]})
    with pytest.raises(StoreError, match=row.code):
        sessions.get(row.code)
