"""The table layer's own rules of the table: where the deals come from (CB-3), who sits where in
three-handed bridge (TH-5), looking at the dummy (TH-23), what robots' calls mean (Law 20F),
who consents to an undo, and a table's record in the store."""

from __future__ import annotations

from typing import Any

import pytest

from bridgeroom.games import get_game
from bridgeroom.rules import Call, LookAtDummy, Phase, Seat, deal_cards, make_rng
from bridgeroom.store import Store
from bridgeroom.table import (
    Acted,
    Holder,
    Table,
    TableError,
    TableRecord,
    Undone,
    solo_places,
    table_from_record,
)


def robots_only(game: str, level: str = "random", seed: int = 11) -> Table:
    players = get_game(game).players
    return Table(game, seed=seed, robots=dict.fromkeys(range(players), level))


def test_cb_3_a_tables_deals_come_from_its_seed_and_the_deals_number() -> None:
    """CB-3: the cards are shuffled and dealt; a table shuffles with a generator seeded by its seed
    and the deal's number, so the same seed deals the same deals, also after a rebuild."""
    one, two = robots_only("contract", seed=5), robots_only("contract", seed=5)
    for table in (one, two):
        for _ in range(3):
            table.deal()
            table.run_robots(400)
    assert [s.deal for s in one.match.deals] == [s.deal for s in two.match.deals]
    for number, state in enumerate(one.match.deals, start=1):
        assert state.deal == deal_cards(state.dealer, make_rng(f"5:{number}"))
    assert robots_only("contract", seed=6).deal()[0].state.deal != one.match.deals[0].deal


def test_th_5_three_handed_players_change_seats_with_the_deal() -> None:
    """TH-5: the dealer's seat turns with the deal number; the players keep their order, and
    nobody sits at the dummy's seat, opposite the dealer (TH-4)."""
    table = robots_only("three-handed")
    assert table.seat_of(0) is None  # before the first deal, no seat
    seats = []
    for _ in range(3):
        table.deal()
        state = table.state
        assert state is not None
        seats.append([table.seat_of(p) for p in range(3)])
        assert table.player_at(state.dealer.partner) is None
        assert table.place_at(state.dealer.partner) is None
        table.run_robots(400)
    assert len({tuple(s) for s in seats}) == 3  # three different seatings


def test_th_23_a_player_who_looks_at_the_dummy_sees_it_and_only_passes() -> None:
    game = get_game("three-handed")
    table = Table(game, seed=2, places=solo_places(game, Seat.SOUTH, "Ann", "random"))
    table.deal()
    assert not table.is_barred(0)
    assert LookAtDummy() in table.table_actions(0)
    [looked] = table.look_at_dummy(0)
    assert isinstance(looked, Acted) and looked.action == LookAtDummy()
    state = table.state
    assert state is not None and table.is_barred(0)
    assert state.view(state.seat_of(0)).dummy is not None  # he sees it (TH-23)
    while table.current is not None and table.current.phase is Phase.AUCTION:
        if table.player_to_act() == 0:
            assert list(table.legal_actions(0)) == [Call.PASS]
            table.act(0, Call.PASS)
        else:
            table.run_robots(1)
    with pytest.raises(TableError) as err:
        table.look_at_dummy(0)
    assert err.value.key in ("error.look_auction", "error.look_three_handed")
    four = robots_only("contract")
    four.deal()
    with pytest.raises(TableError) as err:
        four.look_at_dummy(0)
    assert err.value.key == "error.look_three_handed"


def test_law_20f_robots_calls_come_with_their_meaning_and_no_one_elses() -> None:
    """What a call means in the robots' system is told for the calls of robots that bid by it
    (basic, expert), in every language; a person's and a random robot's calls have none."""
    table = Table("contract", seed=4, robots={1: "basic", 2: "random", 3: "basic"})
    table.join(0, "Ann")
    table.deal()
    events = []
    while table.current is not None and table.current.phase is Phase.AUCTION:
        if table.player_to_act() == 0:
            events += table.act(0, Call.PASS)
        else:
            events += table.run_robots(1)
    calls = [e for e in events if isinstance(e, Acted) and isinstance(e.action, Call)]
    for event in calls:
        assert (event.meaning is not None) == (event.player in (1, 3)), event
        if event.meaning is not None:
            assert event.meaning.render("ru") and event.meaning.render("en")
    state = table.state
    assert state is not None
    meanings = table.call_meanings()
    assert [m is not None for m in meanings] == [
        state.player_at(seat) in (1, 3) for seat, _ in state.calls
    ]
    assert robots_only("three-handed", "basic").call_meanings() == []


def test_undo_robots_consent_after_acting_at_the_server_but_not_at_the_terminal() -> None:
    """The server's robots accept at once to take back a person's action and theirs after it; the
    terminal's refuse once one of them has acted on it."""
    for past_robots in (True, False):
        table = Table(
            "contract", seed=9, robots={1: "random", 2: "random", 3: "random"},
            undo_past_robots=past_robots,
        )  # fmt: skip
        table.join(0, "Ann")
        table.deal()
        table.act(0, "1C")
        table.run_robots(3)
        if past_robots:
            [undone] = table.request_undo(0)
            assert isinstance(undone, Undone) and undone.keep == 0 and len(undone.taken) == 4
            assert table.state is not None and table.state.history == []
        else:
            with pytest.raises(TableError) as err:
                table.request_undo(0)
            assert err.value.key == "error.robot_acted"


def test_a_record_whose_finished_deal_has_an_unfinished_log_is_refused() -> None:
    store = Store("sqlite://")
    table = robots_only("contract")
    record = TableRecord.create(store, table)
    record.write(table, table.deal())
    assert record.deal_id is not None
    store.finish_deal(record.deal_id, {"contract": None})  # a result without its log
    with pytest.raises(TableError) as err:
        table_from_record(store.get_match(record.match_id))
    assert err.value.key == "table.deal_log_open"


def test_solo_places_name_the_robots_in_the_players_language() -> None:
    places = solo_places(get_game("contract"), Seat.WEST, "Ann", "expert", lang="ru")
    assert [(p.holder, p.name, p.level) for p in places] == [
        (Holder.ROBOT, "Робот С", "expert"),
        (Holder.ROBOT, "Робот В", "expert"),
        (Holder.ROBOT, "Робот Ю", "expert"),
        (Holder.PERSON, "Ann", None),
    ]


def test_cb_9_the_declarer_plays_a_north_dummys_card_and_the_event_says_so() -> None:
    """CB-9: the declarer plays the dummy's cards; the event of a card of a dummy at North (the
    seat numbered 0) names North as the seat whose turn it was, and says it is the dummy's."""
    table = Table(
        "contract", seed=1, people={2: "Ann"}, robots={0: "basic", 1: "basic", 3: "basic"}
    )
    table.deal()
    table.run_robots()
    table.act(2, "7NT")  # South declares; North is the dummy
    while table.current is not None and table.current.phase is Phase.AUCTION:
        table.run_robots()
        if table.current.phase is Phase.AUCTION:
            table.act(2, "P")
    table.run_robots()  # West leads
    state = table.current
    assert state is not None and state.turn == Seat.NORTH and state.dummy == Seat.NORTH
    [event] = table.act(2, state.legal_actions()[0])
    assert isinstance(event, Acted)
    assert (event.seat, event.turn, event.for_dummy) == (Seat.SOUTH, Seat.NORTH, True)
    layout = table.layout(2)
    assert layout is not None and (layout.bottom, layout.top) == (Seat.SOUTH, Seat.NORTH)


def test_a_name_too_long_or_invisible_is_refused_and_the_seat_stays_open() -> None:
    """Issue 38, item 8: a name over 40 characters is refused with a word (not cut), and a
    name of zero-width spaces is no name, at every table (not only a session's)."""
    from bridgeroom.table import SeatError

    table = Table("contract", seed=1)
    for name, key in (("A" * 41, "table.name_long"), ("\u200b\u200b", "table.name_needed")):
        with pytest.raises(SeatError) as refused:
            table.join(0, name)
        assert refused.value.key == key
        assert table.places[0].is_open
    table.join(0, " Ann\u200b  Lee ")
    assert table.places[0].name == "Ann Lee"


def test_a_robot_keeps_its_place_for_the_whole_deal() -> None:
    """One robot a place for a deal (issue 37): every decision of a place in a deal is the same
    robot's, seeded at its first decision as a robot made then always was; the next deal gets new
    robots, and so does a deal whose actions were taken back."""
    from bridgeroom.robots import make_robot
    from bridgeroom.table.robots import robot_seed

    made: list[tuple[str, int | None]] = []

    def factory(level: str, *, seed: int | None, scoring: str | None) -> Any:
        made.append((level, seed))
        return make_robot(level, seed=seed, scoring=scoring)

    table = Table("contract", seed=11, robots={p: "basic" for p in range(4)}, robot_factory=factory)
    table.deal()
    number = table.number
    # the robots themselves are held (not their ids: a robot let go may leave its id to the next)
    robots: dict[int, list[Any]] = {}
    while table.current is not None and (turn := table.robot_turn()) is not None:
        robots.setdefault(turn.player, []).append(turn.robot)
        table.play_robot(turn, turn.decide())
    assert sorted(robots) == [0, 1, 2, 3]
    assert all(all(r is kept[0] for r in kept) for kept in robots.values())
    # four robots for 52 cards and the calls, each seeded at its first decision
    assert [seed for _, seed in made] == [robot_seed(11, number, moves) for moves in range(4)]
    table.deal()
    turn = table.robot_turn()
    assert turn is not None and turn.robot is not robots[turn.player][0]
    assert len(made) == 5
