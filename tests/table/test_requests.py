"""The table without a face: claims and undo that need the opponents' consent, the log and its
replay, seats and levels (moved here from the server's tests with the table itself)."""

from __future__ import annotations

import pytest

from bridgeroom.errors import BridgeError
from bridgeroom.robots.claims import claim_limit
from bridgeroom.rules import Deal, Phase, Seat, Vulnerability
from bridgeroom.store import LogEntry
from bridgeroom.table import (
    Accepted,
    Acted,
    Dropped,
    Requested,
    SeatError,
    Table,
    TableError,
    Undone,
)

SOLID = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def _seven_notrump_table() -> Table:
    table = Table("contract", robots={1: "random", 3: "random"}, seed=1)
    table.join(0, "Ann")
    table.join(2, "Cy")
    table.resume_deal(SOLID, Seat.NORTH, Vulnerability.NONE)
    for player, call in ((0, "7NT"), (1, "P"), (2, "P"), (3, "P")):
        table.act(player, call)
    return table


def test_claim_right_double_dummy_is_accepted_and_ends_the_deal() -> None:
    """North holds every top card: 7NT claims all 13 tricks after the lead (a right claim); the
    robot opponents judge it and accept."""
    table = _seven_notrump_table()
    table.act(1, "S7")  # East leads
    [requested] = table.request_claim(0, 13)
    assert isinstance(requested, Requested)
    request = requested.request
    assert table.opponents(0) == [1, 3] and request.waiting == set() and request.judges == {1, 3}
    state = table.state
    assert state is not None and claim_limit(state, request.seat) >= request.tricks
    events = table.answer_by_robots()
    [acted] = [e for e in events if isinstance(e, Acted)]
    assert acted.entry.word == "claim 13"
    state = table.state
    assert state is not None and state.phase is Phase.DONE
    assert state.result is not None and state.result.tricks == 13
    # CB-R4 scoring of the rubber: 7NT made is 220 below (CB-12) and a grand slam above
    assert table.match.session.sheet.below_total(table.match.session.columns[0]) == 220


def test_a_wrong_claim_is_found_wrong_double_dummy() -> None:
    table = _seven_notrump_table()
    table.act(1, "S7")
    [requested] = table.request_claim(1, 1)  # East claims a trick against 7NT: wrong
    state = table.state
    assert state is not None and claim_limit(state, requested.request.seat) < 1
    [dropped] = table.answer(1, False)  # the claimer withdraws it
    assert isinstance(dropped, Dropped) and dropped.withdrawn and table.request is None


def test_a_defender_claim_counts_tricks_for_the_defenders() -> None:
    """A claim by a defender of 0 tricks concedes the rest to the declarer."""
    table = _seven_notrump_table()
    table.act(1, "S7")
    [requested] = table.request_claim(1, 0)
    request = requested.request
    state = table.state
    assert state is not None and claim_limit(state, request.seat) >= 0
    assert request.waiting == {0, 2}
    assert isinstance(table.answer(0, True)[0], Accepted)
    assert any(isinstance(e, Acted) for e in table.answer(2, True))
    assert table.state is not None and table.state.result is not None
    assert table.state.result.tricks == 13


def test_undo_by_a_person_needs_the_opponents_and_drops_the_later_actions() -> None:
    table = Table("contract", seed=4)
    for player, name in enumerate(("Ann", "Bob", "Cy", "Di")):
        table.join(player, name)
    table.resume_deal(SOLID, Seat.NORTH, Vulnerability.NONE)
    table.act(0, "1C")
    table.act(1, "1H")
    table.act(2, "1S")
    [requested] = table.request_undo(1)  # East takes back 1H: South's 1S goes too
    assert isinstance(requested, Requested) and requested.request.waiting == {0, 2}
    with pytest.raises(SeatError):
        table.act(3, "P")  # play waits for the answers
    assert isinstance(table.answer(0, True)[0], Accepted)
    [undone] = table.answer(2, True)
    assert isinstance(undone, Undone) and undone.entry.word == "undo 1"
    assert table.state is not None and [str(c) for _, c in table.state.calls] == ["1C"]
    assert table.player_to_act() == 1


def test_replaying_the_log_rebuilds_the_table() -> None:
    table = _seven_notrump_table()
    table.act(1, "S7")
    table.act(0, "S3")  # the declarer plays the dummy's card (CB-9)
    log = list(table.log)
    again = Table("contract", robots={1: "random", 3: "random"}, seed=1)
    again.resume_deal(SOLID, Seat.NORTH, Vulnerability.NONE)
    for entry in log:
        again.replay(entry)
    assert again.state is not None and table.state is not None
    assert again.state.history == table.state.history
    assert again.player_to_act() == table.player_to_act() == 3


def test_seats_and_levels_are_checked() -> None:
    table = Table("contract")
    with pytest.raises(SeatError):
        table.set_robot(0, "genius")
    with pytest.raises(SeatError):
        table.join(7, "Ann")
    with pytest.raises(SeatError):
        table.join(0, "   ")
    table.join(0, "Ann")
    with pytest.raises(SeatError):
        table.join(0, "Bob")
    with pytest.raises(BridgeError):
        Table("whist")


def test_errors_name_their_message_in_every_language() -> None:
    """A refused request carries its catalogue key, so each face shows it in its player's
    language; the turn's rule comes with it (CB-5)."""
    table = _seven_notrump_table()
    with pytest.raises(TableError) as err:
        table.act(0, "SA")  # East is on lead
    assert err.value.key == "table.not_your_turn" and err.value.rule == "CB-10"
    assert err.value.render("en") == "It is not your turn: East acts now (CB-10)"
    assert err.value.render("ru") == "Сейчас не ваш ход: ходит Восток (CB-10)"


def test_a_robot_acts_only_on_the_turn_it_was_given() -> None:
    """A robot's turn is the table's to give: its decision is applied only while the table is as
    it was when the turn was prepared; a turn that has passed is refused and changes nothing."""
    table = _seven_notrump_table()
    turn = table.robot_turn()
    assert turn is not None and turn.player == 1 and turn.seat is Seat.EAST
    decision = turn.decide()
    assert decision.action in table.legal_actions(1)
    table.play_robot(turn, decision)
    log = list(table.log)
    with pytest.raises(TableError) as err:
        table.play_robot(turn, decision)  # the same turn again: it has passed
    assert err.value.key == "table.robot_turn_passed" and table.log == log
    assert table.robot_turn() is None  # North, a person, is to act (the declarer plays dummy)


def test_law_68b_a_refused_claim_faces_the_hand_and_play_goes_on() -> None:
    """Law 68B: a claimer faces his hand. East, a defender, claims a trick against North's 7NT
    although North holds every top card; North's robot refuses it, play goes on, and from then
    on East's opponents (North and the dummy) see East's remaining cards, East's partner does
    not. One claim per trick: East may claim again only once this trick is played. The faced
    hand is in the log, so a table rebuilt from its record (after a restart) still shows it."""
    table = Table("contract", robots={0: "random", 2: "random"}, seed=1)
    table.join(1, "Bo")
    table.join(3, "Di")
    table.resume_deal(SOLID, Seat.NORTH, Vulnerability.NONE)
    for player, call in ((0, "7NT"), (1, "P"), (2, "P"), (3, "P")):
        table.act(player, call)
    table.act(1, "S7")  # East leads
    state = table.state
    assert state is not None and state.faced_to(Seat.NORTH) == ()
    east_hand = state.hand(Seat.EAST)
    [requested] = table.request_claim(1, 1)
    assert isinstance(requested, Requested) and requested.entry == LogEntry.face(Seat.EAST)
    assert requested.request.judges == {0, 2}
    events = table.answer_by_robots()
    assert any(isinstance(e, Dropped) and e.by_robot for e in events)
    assert table.request is None and state.phase is Phase.PLAY
    for seat in (Seat.NORTH, Seat.SOUTH):
        assert state.view(seat).faced == ((Seat.EAST, east_hand),)
    assert state.view(Seat.WEST).faced == ()
    with pytest.raises(TableError) as err:
        table.request_claim(1, 0)  # a second claim in the same trick
    assert err.value.key == "table.one_claim_per_trick" and table.request is None
    # play goes on: the trick is completed, then East may claim again
    table.run_robots()  # the declarer's robot plays the dummy's card
    table.act(3, "S2")  # West, a person
    table.run_robots()  # North wins the trick and leads
    assert table.state is state and len(state.tricks) == 1
    assert isinstance(table.request_claim(1, 0)[0], Requested)
    assert state.claims == [(Seat.EAST, 0), (Seat.EAST, 1)]
    log = list(table.log)
    again = Table("contract", robots={0: "random", 2: "random"}, seed=1)
    again.resume_deal(SOLID, Seat.NORTH, Vulnerability.NONE)
    for entry in log:
        again.replay(entry)
    assert again.state is not None
    assert again.state.claims == state.claims and again.state.view(Seat.NORTH).faced


#: 7NT by South, West to lead. South holds twelve top cards and the club queen; West the nines,
#: eights, tens and the club seven. Whether the claim of all 13 is right depends on the hands
#: West cannot see before the lead: with the club ace and king in the dummy (LAYOUT_A) South
#: takes all 13, with the club ace in East's hand (LAYOUT_B) only 12.
LAYOUT_A = Deal("N:76543...AKJ65432 2.765432.765432. AKQJ.AKQJ.AKQJ.Q T98.T98.T98.T987")
LAYOUT_B = Deal("N:76543.7..KJ65432 2.65432.765432.A AKQJ.AKQJ.AKQJ.Q T98.T98.T98.T987")


def _claim_before_the_lead(cards: Deal) -> tuple[Table, list[bool]]:
    """South (a person) claims 13 before the opening lead against two random robots; the robots'
    answers, West's first."""
    table = Table("contract", robots={1: "random", 3: "random"}, seed=5)
    table.join(0, "Nora")
    table.join(2, "Sam")
    table.resume_deal(cards, Seat.SOUTH, Vulnerability.NONE)
    for player, call in ((2, "7NT"), (3, "P"), (0, "P"), (1, "P")):
        table.act(player, call)
    table.request_claim(2, 13)
    judgements = sorted(table.judgements(), key=lambda j: j.seat != Seat.WEST)
    return table, [j.decide() for j in judgements]


def test_robots_judge_a_claim_from_what_they_see_never_the_hidden_hands() -> None:
    """West sees his own hand and South's, faced with the claim (Law 68B); the dummy and East
    are hidden before the lead (CB-9). The layouts differ only there: the claim is right in one
    and wrong in the other (endplay's double-dummy check of every hand says so), yet West's
    judgement is the same in both, because the robot judges from its view: among the layouts
    it cannot tell apart, some give the defenders the club ace, so it refuses the claim."""
    table_a, answers_a = _claim_before_the_lead(LAYOUT_A)
    table_b, answers_b = _claim_before_the_lead(LAYOUT_B)
    state_a, state_b = table_a.state, table_b.state
    assert state_a is not None and state_b is not None
    assert claim_limit(state_a, Seat.SOUTH) == 13 and claim_limit(state_b, Seat.SOUTH) == 12
    assert state_a.view(Seat.WEST) == state_b.view(Seat.WEST)
    assert answers_a[0] is answers_b[0] is False
