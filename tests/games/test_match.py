"""A match deals with the session's dealer and vulnerability and scores each deal into it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.errors import BridgeError
from bridgeroom.games import GAMES, Match, get_game
from bridgeroom.rules import Deal, Seat, Side, Vulnerability

from ..strategies import proper_action

STRONG_NORTH = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def play_out(match: Match, calls: str) -> None:
    """Deal STRONG_NORTH with the match's dealer and vulnerability, bid, and let N take every trick."""
    state = match.start_deal(STRONG_NORTH, match.next_dealer(), match.next_vulnerability())
    for call in calls.split():
        state.apply(call)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[-1] if state.turn == Seat.NORTH else legal[0])
    match.record(state)


def test_games_registry() -> None:
    assert set(GAMES) >= {"contract", "auction", "minibridge"}
    assert get_game("Mini-Bridge").name == "minibridge"
    with pytest.raises(BridgeError, match="no game"):
        get_game("whist")
    with pytest.raises(BridgeError, match="scored as"):
        Match("auction", scoring="duplicate")


def test_cb_4_cb_r3_rubber_rotates_dealer_and_makes_the_game_winners_vulnerable() -> None:
    match = Match("contract", scoring="rubber", seed=7)
    assert (match.next_dealer(), match.next_vulnerability()) == (Seat.NORTH, Vulnerability.NONE)
    play_out(match, "4S P P P")  # N: 4S made with 13 tricks -> NS game (CB-R2)
    assert match.next_dealer() == Seat.EAST  # CB-4: the deal passes to the left
    assert match.next_vulnerability() == Vulnerability.NS  # CB-R3
    # E deals: E passes, S passes, W passes, N bids 3NT and makes 13 tricks: the rubber (CB-R4)
    play_out(match, "P P P 3NT P P P")
    assert match.is_over
    assert match.session.winner == Side.NS
    with pytest.raises(BridgeError, match="over"):
        match.next_deal()


def test_ab_5_auction_bridge_has_no_vulnerability() -> None:
    match = Match("auction", seed=2)
    play_out(match, "1NT P P P")  # 7 odd tricks x 10 = 70 below: a game (AB-6)
    assert match.next_vulnerability() == Vulnerability.NONE


def test_cb_b1_b2_boards_set_dealer_and_vulnerability() -> None:
    match = Match("contract", scoring="duplicate", seed=3)
    seen = []
    for _ in range(4):
        seen.append((match.next_dealer(), match.next_vulnerability()))
        play_out(match, " ".join(["P"] * 4))
    assert seen == [
        (Seat.NORTH, Vulnerability.NONE),
        (Seat.EAST, Vulnerability.NS),
        (Seat.SOUTH, Vulnerability.EW),
        (Seat.WEST, Vulnerability.BOTH),
    ]


def test_cb_c1_chicago_vulnerability_by_deal() -> None:
    match = Match("contract", scoring="chicago", seed=4)
    assert match.next_vulnerability() == Vulnerability.NONE
    play_out(match, "1C P P P")
    # deal 2: dealer E, the dealer's side (EW) vulnerable
    assert (match.next_dealer(), match.next_vulnerability()) == (Seat.EAST, Vulnerability.EW)


@settings(max_examples=10, deadline=None)
@given(
    st.sampled_from([("contract", "rubber"), ("auction", "auction"), ("minibridge", "minibridge")]),
    st.data(),
)
def test_random_matches_play_to_the_end(game: tuple[str, str], data: st.DataObject) -> None:
    """Deals played out with actions drawn by hypothesis are recorded into their match."""
    name, scoring = game
    match = Match(name, scoring=scoring, seed=9)
    for _ in range(3):
        state = match.next_deal()
        while not state.is_over:
            state.apply(proper_action(data.draw, state))
        match.record(state)
        if match.is_over:
            break
    assert match.recorded >= 1
    assert all(p.entry is not None for p in match.played)  # every deal dealt was recorded


def test_th_5_three_handed_match_passes_the_deal_and_scores_per_player() -> None:
    """TH-5: the deal passes to the left; TH-13: a made contract is scored by the declarer alone."""
    match = Match("three-handed", players=["Ann", "Bob", "Cy"], seed=1)
    assert match.next_dealer() == Seat.NORTH
    # Ann deals at N; the dummy is S (TH-4). Ann holds the 13 top cards and bids 7NT.
    state = match.start_deal(STRONG_NORTH, match.next_dealer(), match.next_vulnerability())
    for call in ["7NT", "P", "P"]:
        state.apply(call)
    assert state.contract is not None and state.contract.declarer == Seat.NORTH
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[-1] if state.turn == Seat.NORTH else legal[0])
    match.record(state)
    # 7NT made: 40 + 6 x 30 = 220 below for Ann; grand slam 1000 not vulnerable above (CB-D2 values, CB-R3)
    assert match.session.below("Ann") == 220
    assert match.session.vulnerable("Ann")
    assert match.session.totals["Bob"] == 0 and match.session.totals["Cy"] == 0
    # deal 2: Bob (Ann's left) deals, at E (TH-5, TH-A3)
    assert match.next_dealer() == Seat.EAST
    state = match.next_deal()
    assert state.name_at(Seat.EAST) == "Bob" and "Ann" in state.vulnerable
    assert state.player_at(Seat.EAST) == 1 and state.seat_of(1) == Seat.EAST  # Bob, player 1


def test_ab_2_auction_bridge_ranks_bids_as_contract_and_the_dealer_may_pass() -> None:
    """AB-2: majority calling (CB-5 ranking), and the dealer may pass."""
    from bridgeroom.errors import IllegalCallError

    match = Match("auction", seed=6)
    state = match.start_deal(STRONG_NORTH, Seat.NORTH, Vulnerability.NONE)
    state.apply("P")  # the dealer passes
    state.apply("1NT")
    with pytest.raises(IllegalCallError):
        state.apply("1S")  # fewer-or-equal tricks in a lower denomination is insufficient
    state.apply("2C")  # more tricks beats fewer, whatever the denomination (no value calling)
    assert [str(c) for _, c in state.calls] == ["P", "1NT", "2C"]


def test_each_deal_keeps_its_own_entry_and_number() -> None:
    """A deal's entry is kept with the deal (``Match.played``), never found by its place in a
    parallel list: a passed-out deal (CB-7) and a played one each carry what the rubber scored."""
    match = Match("contract", scoring="rubber", seed=3)
    passed = match.next_deal()
    for call in ["P", "P", "P", "P"]:
        passed.apply(call)
    assert match.played_of(passed).entry is None and match.recorded == 0
    first = match.record(passed)
    played = match.next_deal()
    assert [p.number for p in match.played] == [1, 2]
    assert match.current is played and match.recorded == 1
    for call in ["1NT", "P", "P", "P"]:
        played.apply(call)
    while not played.is_over:
        played.apply(played.legal_actions()[0])
    second = match.record(played)
    assert [p.entry for p in match.played] == [first, second]
    assert match.played_of(played).state is played and match.deals == (passed, played)
    with pytest.raises(BridgeError):
        match.played_of(Match("contract", seed=3).next_deal())  # an equal deal of another match
