"""The deal review: each card against double dummy, checked on a deal worked by hand and against
endplay's own solver (``solve_board``) card by card, for every game of the family."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.analysis.review import DealReview, review
from bridgeroom.errors import BridgeError
from bridgeroom.i18n import Message
from bridgeroom.robots import make_robot
from bridgeroom.rules import (
    Card,
    ContractBridgeDeal,
    Deal,
    DealState,
    MiniBridgeDeal,
    Phase,
    Seat,
    Side,
    Strain,
    ThreeHandedDeal,
    Vulnerability,
    deal_cards,
)

# North has twelve top tricks in 7NT; West's club queen, guarded by three small clubs, is the
# defence's trick (A, K, then the jack loses to the queen). West throws two clubs on the spades:
# the first (Q-4-3 left) costs nothing, the second (Q-4 left) lets the queen fall under the K.
SQUANDER = Deal("N:AKQJ.AKQ.AKQ.AKJ T987.JT9.JT9.T98 6543.876.876.765 2.5432.5432.Q432")
SQUANDER_PLAY = [
    ["HJ", "H6", "H2", "HA"],
    ["SA", "S7", "S3", "S2"],
    ["SK", "S8", "S4", "H3"],
    ["SQ", "S9", "S5", "C2"],
    ["SJ", "ST", "S6", "C3"],
    ["CA", "C8", "C5", "C4"],
    ["CK", "C9", "C6", "CQ"],
    ["CJ", "CT", "C7", "H4"],
    ["HK", "HT", "H7", "H5"],
    ["HQ", "H9", "H8", "D2"],
    ["DA", "DJ", "D6", "D3"],
    ["DK", "DT", "D7", "D4"],
    ["DQ", "D9", "D8", "D5"],
]


def play(state: DealState, tricks: list[list[str]]) -> None:
    for trick in tricks:
        for text in trick:
            state.apply(Card(text))


def squander_state() -> ContractBridgeDeal:
    state = ContractBridgeDeal(SQUANDER, dealer=Seat.NORTH, vulnerability=Vulnerability.NONE)
    for call in ["7NT", "P", "P", "P"]:
        state.apply(call)
    play(state, SQUANDER_PLAY)
    return state


def test_the_card_that_cost_a_trick_worked_by_hand() -> None:
    r = review(squander_state())
    assert (r.dd_tricks, r.result) == (12, 13)
    costly = r.costly()
    assert [(c.trick, c.seat, str(c.card), c.cost) for c in costly] == [(5, Seat.WEST, "C3", 1)]
    # The fourth trick's club discard (Q-4-3 left) was safe; so was any heart or diamond.
    [safe] = [c for c in r.cards if c.trick == 4 and c.seat is Seat.WEST]
    assert safe.cost == 0 and Card("C2") in safe.keep
    [bad] = costly
    assert set(bad.keep) == {Card("H4"), Card("H5"), Card("D2"), Card("D3"), Card("D4"), Card("D5")}
    assert bad.declarer_tricks == 13 and r.cards[0].declarer_tricks == 12
    assert r.lost(Side.EW) == 1 and r.lost(Side.NS) == 0
    # Forced cards (a single legal card) cost nothing and keep nothing to choose.
    last = r.tricks[-1].cards
    assert all(c.forced and c.cost == 0 for c in last)


def endplay_scores(
    deal: Deal, leader: Seat, strain: Strain, cards: list[Card]
) -> list[dict[str, int]]:
    """endplay's solve_board before each card: {card: tricks for the side to play}."""
    from endplay.dds import solve_board
    from endplay.types import Card as ECard
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player

    denom = {Strain.CLUBS: Denom.clubs, Strain.DIAMONDS: Denom.diamonds, Strain.HEARTS: Denom.hearts,
             Strain.SPADES: Denom.spades, Strain.NOTRUMP: Denom.nt}[strain]  # fmt: skip
    edeal = EDeal(deal.to_pbn())
    edeal.first = Player(int(leader))
    edeal.trump = denom
    letters = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
    out = []
    for card in cards:
        out.append({letters[c.suit.abbr] + c.rank.abbr: t for c, t in solve_board(edeal)})
        edeal.play(ECard(str(card)))
    return out


def robot_play(state: DealState, seed: int) -> DealState:
    robot = make_robot("basic", seed=seed)
    while state.phase is not Phase.DONE:
        seat = state.to_act
        assert seat is not None
        state.apply(robot.decide(state.view(seat)).action)
    return state


def assert_matches_endplay(r: DealReview, deal: Deal, order: dict[Seat, Seat]) -> None:
    """Every card's best and tricks equal endplay's, with the hands placed at ``order[seat]``."""
    placed = Deal([deal[next(s for s in Seat if order[s] == p)] for p in Seat])
    assert r.contract is not None
    first = r.tricks[0].cards[0].seat
    scores = endplay_scores(placed, order[first], r.contract.strain, [c.card for c in r.cards])
    for card, theirs in zip(r.cards, scores, strict=True):
        assert card.best == max(theirs.values()), card
        assert card.tricks == theirs[str(card.card).replace("10", "T")], card
    assert r.dd_tricks == 13 - max(scores[0].values())


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_contract_bridge_cards_against_endplay(seed: int) -> None:
    state = ContractBridgeDeal(deal_cards(seed=seed), dealer=Seat(seed % 4))
    robot_play(state, seed)
    if state.contract is None:
        pytest.skip("passed out")  # pragma: no cover - the seeds are chosen to be played
    r = review(state)
    assert_matches_endplay(r, state.deal, {s: s for s in Seat})
    assert r.par is not None and r.table is not None
    assert r.table[state.contract.declarer, state.contract.strain] == r.dd_tricks  # type: ignore[index]


@pytest.mark.parametrize("seed", [2, 7])
def test_minibridge_cards_against_endplay(seed: int) -> None:
    state = MiniBridgeDeal.from_board(seed, deal_cards(seed=seed))
    robot_play(state, seed)
    r = review(state)
    assert r.game == "minibridge"
    assert_matches_endplay(r, state.deal, {s: s for s in Seat})


@pytest.mark.parametrize("seed", [4, 9])
def test_three_handed_dummy_plays_opposite_the_declarer(seed: int) -> None:
    """TH-10: the dummy plays opposite the declarer: endplay gets the hands placed in the order
    of the first trick (left defender, dummy, right defender, declarer), whatever their seats."""
    state = ThreeHandedDeal(deal_cards(seed=seed), dealer=Seat(seed % 4), players=("A", "B", "C"))
    robot_play(state, seed)
    if state.contract is None:
        pytest.skip("passed out")  # pragma: no cover
    r = review(state)
    first = state.tricks[0].seats  # the order of play of trick 1, from the opening leader
    order = {seat: Seat.EAST.offset(i) for i, seat in enumerate(first)}
    assert_matches_endplay(r, state.deal, order)
    assert r.par is None and r.table is None  # par is a partnership's: not for three players


def test_a_claim_is_checked_against_double_dummy() -> None:
    """After trick 1 North claims eleven of the twelve tricks left: double dummy that is exactly
    what North can take (West's club queen is the defence's trick), so the claim costs nothing."""
    state = ContractBridgeDeal(SQUANDER, dealer=Seat.NORTH, vulnerability=Vulnerability.NONE)
    for call in ["7NT", "P", "P", "P"]:
        state.apply(call)
    play(state, SQUANDER_PLAY[:1])
    state.apply("claim 11")  # North concedes one of the twelve left
    r = review(state)
    assert r.claim is not None and r.claim.seat is Seat.NORTH
    assert (r.claim.tricks, r.claim.best, r.claim.cost) == (11, 11, 0)
    assert r.result == 12


def test_an_underclaim_costs_the_claimer() -> None:
    state = ContractBridgeDeal(SQUANDER, dealer=Seat.NORTH, vulnerability=Vulnerability.NONE)
    for call in ["7NT", "P", "P", "P"]:
        state.apply(call)
    play(state, SQUANDER_PLAY[:1])
    state.apply("claim 9")
    r = review(state)
    assert r.claim is not None and r.claim.cost == 2 and r.lost(Side.NS) == 2


def test_reasons_ride_with_their_cards_and_the_review_is_json() -> None:
    state = squander_state()
    index = next(i for i, (_, a) in enumerate(state.history) if a == Card("C3"))
    r = review(state, reasons={index: Message("robot.play.second_hand_low")})
    [card] = [c for c in r.cards if c.index == index]
    data = r.to_json("ru")
    json.dumps(data, ensure_ascii=False)
    cards = [c for t in data["tricks"] for c in t["cards"]]
    assert [c["reason"] for c in cards if c["index"] == index] == ["второй рукой — маленькую"]
    assert card.to_json()["reason"] == "second hand low"
    assert data["lost"] == {"NS": 0, "EW": 1} and data["dd_tricks"] == 12


def test_an_unfinished_deal_is_refused() -> None:
    state = ContractBridgeDeal(SQUANDER)
    with pytest.raises(BridgeError, match="finished"):
        review(state)


def test_a_passed_out_deal_has_nothing_to_play() -> None:
    state = ContractBridgeDeal(SQUANDER, dealer=Seat.NORTH)
    for call in ["P", "P", "P", "P"]:
        state.apply(call)
    r = review(state)
    assert r.contract is None and r.tricks == () and r.dd_tricks is None
    # Twelve tricks in notrump for North or South (worked above): 6NT, 990 not vulnerable.
    assert r.par is not None and r.par.score == 990


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_costs_account_for_every_change_of_the_double_dummy_result(
    seed: int, data: st.DataObject
) -> None:
    """Property: before the opening lead the declarer can take ``dd_tricks``; each card moves that
    figure only by its cost (down for the declarer's side, up for the defenders'), and after the
    last card it is the tricks the declarer took. The actions are drawn among the legal ones."""
    state = ContractBridgeDeal(deal_cards(seed=seed), dealer=Seat(seed % 4))
    strain = data.draw(st.sampled_from(["C", "D", "H", "S", "NT"]))
    level = data.draw(st.integers(1, 7))
    state.apply(f"{level}{strain}")
    for _ in range(3):
        state.apply("P")
    while state.phase is not Phase.DONE:
        state.apply(data.draw(st.sampled_from(state.legal_actions())))
    r = review(state)
    assert r.contract is not None and r.dd_tricks is not None and r.result is not None
    before = r.dd_tricks
    for card in r.cards:
        declaring = card.seat in (state.declarer, state.dummy)
        assert card.declarer_tricks == before + (-card.cost if declaring else card.cost)
        assert card.cost >= 0 and (card.cost == 0 or card.card not in card.keep)
        before = card.declarer_tricks
    assert before == r.result
