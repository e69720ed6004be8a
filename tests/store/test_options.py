"""A match's options: one typed value and one codec to and from the JSON the store keeps."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgeroom.store import MatchOptions, Store, StoreError

names = st.text(min_size=1, max_size=8)
options = st.builds(
    MatchOptions,
    players=st.lists(names, max_size=4).map(tuple),
    mode=st.none() | st.sampled_from(["strict", "table"]),
    lang=st.none() | st.sampled_from(["en", "ru"]),
    human=st.none() | names,
    position=st.none() | st.integers(0, 3),
    server=st.booleans(),
    session=st.none() | names,
    table=st.none() | st.integers(1, 32),
    boards=st.none() | st.lists(names, max_size=3).map(tuple),
    numbers=st.lists(st.integers(1, 36), max_size=3).map(tuple),
    hold=st.none() | st.integers(0, 36),
    paused=st.booleans(),
)


@given(options)
def test_the_json_reads_back_as_the_same_options(value: MatchOptions) -> None:
    assert MatchOptions.from_json(value.to_json()) == value


@given(options)
def test_a_default_is_left_out_of_the_json(value: MatchOptions) -> None:
    data = value.to_json()
    assert all(data[name] != getattr(MatchOptions(), name) for name in data)


def test_options_are_stored_and_read_back_typed() -> None:
    store = Store("sqlite://")
    stored = MatchOptions(players=("Ann", "Bob", "Cy"), mode="table", server=True, hold=2)
    match = store.create_match("play", "three-handed", "three-handed-contract", options=stored)
    again = store.get_match(match.id).options
    assert again == stored and again.players == ("Ann", "Bob", "Cy") and again.hold == 2
    store.close()


@pytest.mark.parametrize(
    ("data", "option"),
    [
        ({"hold": "2"}, "hold"),
        ({"players": "Ann"}, "players"),
        ({"players": ["Ann", 3]}, "players"),
        ({"server": 1}, "server"),
        ({"numbers": [1, True]}, "numbers"),
        ({"mode": 7}, "mode"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_naming_the_option(
    data: dict[str, Any], option: str
) -> None:
    with pytest.raises(StoreError, match=f"match option '{option}'"):
        MatchOptions.from_json(data)


def test_keys_this_version_does_not_know_are_written_back_unchanged() -> None:
    data = {"mode": "strict", "future": {"a": 1}}
    value = MatchOptions.from_json(data)
    assert value.mode == "strict" and value.to_json() == data


def test_a_change_is_read_as_the_codec_reads_it_and_an_unknown_option_is_refused() -> None:
    value = MatchOptions(server=True)
    assert value.replace(hold=3, paused=True) == MatchOptions(server=True, hold=3, paused=True)
    with pytest.raises(StoreError, match="no match option holds"):
        value.replace(holds=3)
    with pytest.raises(StoreError, match="match option 'paused'"):
        value.replace(paused="yes")


def test_a_session_table_is_reseated_with_its_options_changed_and_the_rest_kept() -> None:
    from bridgeroom.store.sessions import SessionStore

    store = Store("sqlite://")
    first = MatchOptions(mode="strict", server=True, session="abc", table=1, hold=2)
    match = store.create_match("play", "contract", "duplicate", seats=["basic"] * 4, options=first)
    SessionStore(store).seat_table(match.id, [], {"hold": 4, "paused": True})
    assert store.get_match(match.id).options == MatchOptions(
        mode="strict", server=True, session="abc", table=1, hold=4, paused=True
    )
    with pytest.raises(StoreError):
        SessionStore(store).seat_table(match.id, [], {"hold": "4"})
    assert store.get_match(match.id).options.hold == 4  # the refused change wrote nothing
    store.close()
