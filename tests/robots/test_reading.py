"""Card reading: what the final contract says (robots.inference) and the weight of a layout by the
opponents' last cards (robots.cardplay.past_plays and the weights)."""

from __future__ import annotations

from hypothesis import given, settings

from bridgeroom.robots.cardplay import MISPLAY_WEIGHT, _weights, dds_seats, past_plays
from bridgeroom.robots.dds import Position, solver
from bridgeroom.robots.inference import contract_limits, strength
from bridgeroom.robots.sampler import HandLimits
from bridgeroom.rules import Card, Contract, ContractBridgeDeal, Deal, Seat, deal_cards

from ..strategies import Line, deals, lines

# West: S KJ2 H Q432 D K32 C 432 (9 HCP, three spades); dummy North: S AQ43 H K65 D Q54 C J65 (12 HCP)
DEAL = Deal("N:AQ43.K65.Q54.J65 T9.AJT9.AJ9.AKQ7 8765.87.T876.T98 KJ2.Q432.K32.432")


def _four_spades() -> ContractBridgeDeal:
    state = ContractBridgeDeal(DEAL, dealer=Seat.SOUTH)
    for call in ("4S", "P", "P", "P"):
        state.apply(call)
    return state


def test_the_strength_of_a_contract_follows_the_point_count_guide() -> None:
    """Game in a major about 25 (20-30), in notrump 25 (21-29), a grand slam 37 at most 40."""
    assert strength(Contract.parse("4SS")) == (20, 30)
    assert strength(Contract.parse("3NTN")) == (21, 29)
    assert strength(Contract.parse("1CN")) == (14, 24)
    assert strength(Contract.parse("7NTN")) == (33, 40)


def test_a_defender_reads_partner_from_the_contract_before_dummy() -> None:
    """West, on lead against 4S by South, holds 9 HCP and three spades: the declaring side's
    20-30 leave partner 40 - 9 - 30 = 1 to 40 - 9 - 20 = 11 points, and at most 13 - 3 - 8 = 2 spades."""
    state = _four_spades()
    limits = contract_limits(state.view(Seat.WEST))
    assert limits[Seat.EAST] == HandLimits(hcp=(1, 11), lengths=((0, 13), (0, 13), (0, 13), (0, 2)))
    assert limits[Seat.NORTH] is None and limits[Seat.SOUTH] is None


def test_a_defender_reads_the_declarer_once_dummy_is_down() -> None:
    """Dummy shows 12 HCP and four spades: the declarer holds 20 - 12 = 8 to 30 - 12 = 18 points
    and at least 8 - 4 = 4 spades."""
    state = _four_spades()
    state.apply("H2")  # West leads
    limits = contract_limits(state.view(Seat.EAST))
    assert limits[Seat.SOUTH] == HandLimits(
        hcp=(8, 18), lengths=((0, 13), (0, 13), (0, 13), (4, 13))
    )
    assert limits[Seat.WEST] is None


def test_the_auction_meaning_is_kept_and_narrowed() -> None:
    """What the auction showed of partner is intersected with the contract's limit."""
    state = _four_spades()
    shown = HandLimits(hcp=(0, 7))
    limits = contract_limits(state.view(Seat.WEST), [None, shown, None, None])
    assert limits[Seat.EAST] == HandLimits(hcp=(1, 7), lengths=((0, 13), (0, 13), (0, 13), (0, 2)))
    clash = HandLimits(hcp=(15, 20))
    assert contract_limits(state.view(Seat.WEST), [None, clash, None, None])[Seat.EAST] == clash


def test_the_declaring_side_reads_nothing_from_its_own_contract() -> None:
    state = _four_spades()
    state.apply("H2")
    assert contract_limits(state.view(Seat.SOUTH)) == [None, None, None, None]


def test_past_plays_are_the_opponents_last_cards_without_the_opening_lead() -> None:
    """South to play at trick 3: the opponents' cards so far, most recent first, are East's S9,
    West's S2, East's ST and East's HA; West's opening lead H2 is not judged."""
    state = _four_spades()
    for card in ("H2", "H5", "HA", "H7", "ST", "S5", "S2", "SA", "S3", "S9"):
        state.apply(card)
    assert state.to_act == Seat.SOUTH
    plays = past_plays(state.view(Seat.SOUTH))
    assert [(p.seat, Card.from_index(p.card)) for p in plays] == [
        (Seat.EAST, Card("S9")),
        (Seat.WEST, Card("S2")),
        (Seat.EAST, Card("ST")),
        (Seat.EAST, Card("HA")),
    ]
    ace = plays[3]
    assert ace.leader == Seat.WEST and ace.before == (Card("H2").index, Card("H5").index)
    # the cards each seat played from the ace on: added back, they give the hands of that moment
    assert ace.later == (
        Card("SA").mask | Card("S3").mask,
        Card("HA").mask | Card("ST").mask | Card("S9").mask,
        Card("H7").mask | Card("S5").mask,
        Card("S2").mask,
    )
    assert past_plays(state.view(Seat.SOUTH), limit=2) == plays[:2]


def _after_3nt(deal: Deal) -> ContractBridgeDeal:
    state = ContractBridgeDeal(deal, dealer=Seat.NORTH)
    for call in ("3NT", "P", "P", "P"):
        state.apply(call)
    return state


@settings(max_examples=12, deadline=None)
@given(lines(deals().map(_after_3nt), steps=20, min_steps=5))
def test_weights_mark_exactly_the_double_dummy_mistakes(line: Line[ContractBridgeDeal]) -> None:
    """For the true layout, the weight is MISPLAY_WEIGHT to the number of judged opponent cards that
    were not double-dummy best, checked by replaying the deal with the engine and asking DDS."""
    state = line.final()
    view = state.view(state.to_act)  # type: ignore[arg-type]
    judged = past_plays(view)
    layout = tuple(state.hand(s).mask for s in Seat)
    weight = _weights([layout], judged, 4, dds_seats(view), solver())[0]  # type: ignore[arg-type]
    mistakes = 0
    history = [a for _, a in state.history]
    for play in judged:
        replay = ContractBridgeDeal(state.deal, dealer=Seat.NORTH)
        n = next(i for i, a in enumerate(history) if isinstance(a, Card) and a.index == play.card)
        for action in history[:n]:
            replay.apply(action)
        trick = replay.current_trick
        leader = trick[0][0] if trick else replay.turn
        hands = tuple(replay.hand(s).mask for s in Seat)
        res = solver().solve(
            [Position(hands, 4, int(leader), tuple(c.index for _, c in trick))]  # type: ignore[arg-type]
        )[0]
        mistakes += res[play.card] < max(res.values())
    assert abs(weight - MISPLAY_WEIGHT**mistakes) < 1e-12


def test_an_expert_reading_the_cards_plays_a_whole_deal_legally() -> None:
    """With card reading on, every card the expert plays is legal and the deal ends in 13 tricks."""
    from bridgeroom.robots import ExpertRobot

    robot = ExpertRobot(seed=3, time_budget=0.1, samples=6, card_reading=4)
    state = ContractBridgeDeal(deal_cards(seed=7), dealer=Seat.NORTH)
    for call in ("1NT", "P", "P", "P"):
        state.apply(call)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        decision = robot.decide(state.view(seat))
        assert decision.action in state.legal_actions()
        state.apply(decision.action)
    assert len(state.tricks) == 13
    result = state.result
    assert result is not None and 0 <= result.tricks <= 13
