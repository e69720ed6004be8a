"""Four-handed rubbers (CB-R2..CB-R6, AB-6, AB-7, AB-12) and Chicago (CB-C1, CB-C2).

The whole rubbers below are worked by hand; each deal's figures are in the comments.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.errors import ScoringError
from bridgeroom.rules import Contract, Seat, Side, Strain
from bridgeroom.scoring import Chicago, Honors, Rubber, Unfinished

NS, EW = Side.NS, Side.EW


def test_whole_contract_rubber_worked_by_hand() -> None:
    """CB-R1..CB-R5: a rubber of nine deals, won 2-1 by NS."""
    rubber = Rubber("rubber")
    # 1: NS 2H, 9 tricks: 60 below, 30 above.
    d = rubber.record(NS, "2H", 9)
    assert (d.vulnerable, d.game_won, rubber.leg(NS)) == (False, None, 60)
    # 2: EW 3C, 8 tricks: one down NV, NS 50 above.
    rubber.record(EW, "3C", 8)
    # 3: EW 1NT made, EW holds the four aces: 40 below, 150 above.
    rubber.record(EW, "1NT", 7, Honors("4-aces-one", "declarer"))
    assert (rubber.leg(NS), rubber.leg(EW)) == (60, 40)
    # 4: NS 2S made: 60 below, 120 in the game: game to NS; EW's 40 no longer counts (CB-R2).
    d = rubber.record(NS, "2S", 8)
    assert d.game_won is NS
    assert (rubber.leg(NS), rubber.leg(EW)) == (0, 0)
    assert (rubber.vulnerable(NS), rubber.vulnerable(EW)) == (True, False)
    # 5: EW 2D made: 40 below.
    rubber.record(EW, "2D", 8)
    # 6: NS 4S doubled, one down, vulnerable: EW 200; EW holds 4 trump honors in one hand: 100.
    d = rubber.record(NS, "4SX", 9, Honors("4-one", "defenders"))
    assert d.vulnerable is True
    assert d.hand is not None and d.hand.defenders_above == 300
    # 7: passed out.
    assert rubber.record(None, "pass").passed_out
    # 8: EW 3NT, 10 tricks: 100 below (140 in the game): game to EW; 30 above.
    d = rubber.record(EW, "3NT", 10)
    assert d.game_won is EW and d.vulnerable is False
    assert rubber.games == {NS: 1, EW: 1}
    # 9: NS 6H vulnerable, made, 5 honors in one hand: 180 below, 750 slam, 150 honors;
    #    second game: rubber to NS, 500 (EW has a game).
    d = rubber.record(NS, "6H", 12, Honors("5-one", "declarer"))
    assert d.game_won is NS and d.rubber_bonus == 500
    assert rubber.is_over and rubber.winner is NS and rubber.rubber_bonus == 500
    # NS: below 60 + 60 + 180 = 300; above 30 + 50 + 750 + 150 + 500 = 1480.
    # EW: below 40 + 40 + 100 = 180; above 150 + 200 + 100 + 30 = 480.
    assert (rubber.below(NS), rubber.above(NS)) == (300, 1480)
    assert (rubber.below(EW), rubber.above(EW)) == (180, 480)
    assert rubber.totals == {NS: 1780, EW: 660}
    assert rubber.margin == 1120
    assert len(rubber) == 9


def test_whole_auction_rubber_worked_by_hand() -> None:
    """AB-3..AB-12: a rubber of eight deals; NS wins it 2-0 but EW has more points."""
    rubber = Rubber("auction")
    # 1: NS 1S, 9 tricks: 3 x 9 = 27 below; NS holds 3 honors: 30.
    rubber.record(NS, "1S", 9, Honors("3", "declarer"))
    # 2: EW 2H, 7 tricks: one down, NS 50; EW 4 honors in one hand: 80.
    rubber.record(EW, "2H", 7, Honors("4-one", "declarer"))
    # 3: EW 1NT, 8 tricks: 20 below.
    rubber.record(EW, "1NT", 8)
    assert (rubber.leg(NS), rubber.leg(EW)) == (27, 20)
    # 4: NS 1C, 7 tricks: 6 below; 33 in the game: game to NS; EW's 20 is cut off (AB-6).
    d = rubber.record(NS, "1C", 7)
    assert d.game_won is NS and (rubber.leg(NS), rubber.leg(EW)) == (0, 0)
    assert rubber.vulnerable(NS) is False  # AB-5: no vulnerability
    # 5: EW 7NT, 12 tricks: one down, NS 50; EW took 12 tricks: small slam 50 (AB-10).
    rubber.record(EW, "7NT", 12)
    # 6: NS 3S, 1 trick: 8 down, EW 400; EW took 12 tricks: 50.
    rubber.record(NS, "3S", 1)
    # 7: EW 4D, 10 tricks: 28 below, not a game.
    d = rubber.record(EW, "4D", 10)
    assert d.game_won is None and rubber.leg(EW) == 28
    # 8: NS 2NT doubled, 9 tricks: 3 x 20 = 60 below: second game; 50 + 50 above; rubber 250.
    d = rubber.record(NS, "2NTX", 9)
    assert d.game_won is NS and d.rubber_bonus == 250
    # NS: below 27 + 6 + 60 = 93; above 30 + 50 + 50 + 100 + 250 = 480.
    # EW: below 20 + 28 = 48; above 80 + 50 + 400 + 50 = 580.
    assert rubber.totals == {NS: 573, EW: 628}
    assert rubber.margin == 55
    assert rubber.winner is NS


def test_cb_r2_partscores_add_up_to_game() -> None:
    """CB-R2: partscores add up to 100; the game ends the other side's partscore's use too."""
    rubber = Rubber()
    rubber.record(NS, "2C", 8)  # 40
    rubber.record(EW, "2S", 8)  # 60
    d = rubber.record(NS, "3D", 9)  # 60: 100 in all
    assert d.game_won is NS
    d = rubber.record(EW, "2S", 8)  # 60: the earlier 60 no longer counts
    assert d.game_won is None and rubber.leg(EW) == 60
    assert rubber.below(EW) == 120  # still in the total


def test_cb_r3_vulnerability_from_games_won() -> None:
    """CB-R3: a side with a game is vulnerable: undertricks 100 each, slams 750."""
    rubber = Rubber()
    assert rubber.record(NS, "4S", 9).hand.defenders_above == 50  # type: ignore[union-attr]
    rubber.record(NS, "4S", 10)
    assert rubber.vulnerable(NS) and not rubber.vulnerable("EW")
    assert rubber.record(NS, "4S", 9).hand.defenders_above == 100  # type: ignore[union-attr]
    assert rubber.record(EW, "4S", 9).hand.defenders_above == 50  # type: ignore[union-attr]


@pytest.mark.parametrize(("other_games", "bonus"), [(0, 700), (1, 500)])
def test_cb_r4_rubber_bonus(other_games: int, bonus: int) -> None:
    """CB-R4: 700 if the other side has no game, 500 if it has one."""
    rubber = Rubber()
    if other_games:
        rubber.record(EW, "3NT", 9)
    rubber.record(NS, "4H", 10)
    d = rubber.record(NS, "4H", 10)
    assert d.rubber_bonus == bonus and rubber.winner is NS
    assert rubber.total(NS) == 240 + bonus


def test_rubber_over_refuses_more_deals() -> None:
    """CB-R4: the rubber ends at two games."""
    rubber = Rubber()
    rubber.record(NS, "3NT", 9)
    rubber.record(NS, "3NT", 9)
    with pytest.raises(ScoringError, match="over"):
        rubber.record(EW, "1C", 7)
    assert len(rubber) == 2


def test_cb_r6_unfinished_rubber_defaults() -> None:
    """CB-R6: the only game 300; a partscore in the unfinished game 100 (default)."""
    rubber = Rubber()
    rubber.record(NS, "4S", 10)  # game NS
    rubber.record(EW, "2S", 8)  # EW partscore 60
    bonuses = rubber.close()
    assert [(side, entry.points) for side, entry in bonuses] == [(NS, 300), (EW, 100)]
    assert rubber.totals == {NS: 420, EW: 160}
    assert rubber.is_over and rubber.winner is None
    with pytest.raises(ScoringError, match="closed"):
        rubber.record(NS, "1C", 7)


def test_cb_r6_unfinished_settings() -> None:
    """CB-R6 configurable: 300/50, or none; one game each: no game bonus."""
    rubber = Rubber(unfinished=Unfinished(300, 50))
    rubber.record(NS, "4S", 10)
    rubber.record(EW, "4S", 10)
    rubber.record(NS, "1NT", 7)
    assert [(side, e.points) for side, e in rubber.close()] == [(NS, 50)]
    rubber = Rubber(unfinished=None)
    rubber.record(NS, "4S", 10)
    assert rubber.close() == []


def test_ab_a9_auction_unfinished_no_bonus() -> None:
    """AB-A9: no bonus for an unfinished auction rubber by default."""
    rubber = Rubber("auction")
    rubber.record(NS, "3NT", 9)
    rubber.record(EW, "1S", 7)
    assert rubber.close() == []
    assert rubber.totals == {NS: 30, EW: 9}


def test_bad_input_leaves_the_rubber_unchanged() -> None:
    rubber = Rubber()
    rubber.record(NS, "2S", 8)
    before = (rubber.totals, rubber.games, len(rubber))
    with pytest.raises(ScoringError, match="NS or EW"):
        rubber.record("north-south-east", "2S", 8)
    with pytest.raises(ScoringError, match="CB-R5"):
        rubber.record(NS, "2S", 8, Honors("4", "declarer"))
    with pytest.raises(ScoringError, match="0 to 13"):
        rubber.record(NS, "2S", 14)
    with pytest.raises(ScoringError, match="passed-out"):
        rubber.record(None, None, 0, Honors("4-one", "declarer"))
    assert (rubber.totals, rubber.games, len(rubber)) == before
    with pytest.raises(ScoringError, match="rubber"):
        Rubber("duplicate")
    with pytest.raises(ScoringError, match="rubber"):
        Rubber("three-handed-contract")


def test_rubber_accepts_a_seat_for_the_declaring_side() -> None:
    rubber = Rubber("contract")
    assert rubber.record(Seat.WEST, "1NT", 7).declarer is EW


# --- Chicago ----------------------------------------------------------------------


def test_cb_c1_dealer_and_vulnerability_by_deal() -> None:
    """CB-C1: deal 1 none; 2 and 3 the dealer's side; 4 both."""
    chicago = Chicago(first_dealer=Seat.EAST)
    assert [chicago.dealer(n) for n in (1, 2, 3, 4)] == [
        Seat.EAST,
        Seat.SOUTH,
        Seat.WEST,
        Seat.NORTH,
    ]
    assert [str(chicago.vulnerability(n)) for n in (1, 2, 3, 4)] == ["None", "NS", "EW", "All"]


def test_cb_c1_c2_whole_chicago_round() -> None:
    """CB-C1/CB-C2: a round of four deals with a passed-out deal redealt."""
    chicago = Chicago()  # North deals first
    # 1 (none vul): NS 2S, 9 tricks: 60 below, 30 above, no premium.
    d = chicago.record(NS, "2S", 9)
    assert (d.number, d.premium) == (1, 0)
    # 2 (dealer E, EW vul): passed out, redealt by the same dealer.
    d = chicago.record(None, None)
    assert d.passed_out and d.number == 2 and chicago.number == 2
    # 2 again: EW 3NT vulnerable, made: game premium 500; NS's 60 is wiped.
    d = chicago.record(EW, "3NT", 9)
    assert (d.number, d.dealer, d.game_won, d.premium) == (2, Seat.EAST, EW, 500)
    assert chicago.sheet.leg(NS) == 0
    # 3 (dealer S, NS vul): NS 4H one down vulnerable: EW 100.
    d = chicago.record(NS, "4H", 9)
    assert d.hand is not None and d.hand.defenders_above == 100
    # 4 (both vul): NS 2D, 9 tricks: 40 below, 20 above, partscore on deal 4: 100.
    d = chicago.record(NS, "2D", 9)
    assert d.premium == 100 and d.game_won is None
    assert chicago.is_over
    # NS: 60 + 30 + 40 + 20 + 100 = 250; EW: 100 + 500 + 100 = 700.
    assert chicago.totals == {NS: 250, EW: 700}
    assert chicago.margin == 450
    with pytest.raises(ScoringError, match="over"):
        chicago.record(NS, "1C", 7)


def test_cb_c2_partscores_carry_and_complete_a_game() -> None:
    """CB-C2: partscores carry over; the deal completing a game earns it, by that deal's vulnerability."""
    chicago = Chicago()
    chicago.record(NS, "2S", 8)  # deal 1: 60
    d = chicago.record(NS, "2H", 8)  # deal 2 (EW vul): 60 -> 120: game, NS not vulnerable: 300
    assert (d.game_won, d.premium) == (NS, 300)
    chicago.record(EW, "2S", 8)  # deal 3 (NS vul): EW 60, a partscore, no premium
    d = chicago.record(EW, "2C", 8)  # deal 4 (both): 40 -> 100: game, 500, not the 100
    assert (d.game_won, d.premium) == (EW, 500)
    # NS: 60 + 60 + 300 = 420; EW: 60 + 40 + 500 = 600.
    assert chicago.totals == {NS: 420, EW: 600}


def test_chicago_slams_and_honors_use_the_deal_vulnerability() -> None:
    """CB-C2 with CB-D2: deal 3, dealer S: NS vulnerable: 6S made = 180 + 500 game + 750 slam."""
    chicago = Chicago()
    chicago.record(None, None)
    chicago.record(EW, "1C", 7)  # deal 1
    chicago.record(EW, "1C", 6)  # deal 2: EW vulnerable one down: NS 100
    d = chicago.record(NS, "6S", 12, Honors("4-one", "declarer"))  # deal 3
    assert d.hand is not None
    assert (d.hand.below, d.hand.declarer_above) == (180, 500 + 750 + 100)


# --- property: the sheet adds up ----------------------------------------------------------

four_handed_deals = st.lists(
    st.tuples(
        st.sampled_from([NS, EW, None]),
        st.integers(1, 7),
        st.sampled_from(list(Strain)),
        st.integers(0, 2),
        st.integers(0, 13),
        st.sampled_from([None, "declarer", "defenders"]),
    ),
    max_size=25,
)


@pytest.mark.parametrize("table", ["rubber", "auction"])
@settings(max_examples=150, deadline=None)
@given(deals=four_handed_deals)
def test_rubber_sheet_adds_up(table: str, deals: list[tuple[Any, ...]]) -> None:
    """CB-R1..CB-R4, AB-4..AB-7: each deal adds exactly its points (+ the rubber bonus); games <= 2 each."""
    rubber = Rubber(table)
    for side, level, strain, doubled, tricks, honors_side in deals:
        if rubber.is_over:
            break
        before = dict(rubber.totals)
        if side is None:
            rubber.record(None, None)
            assert rubber.totals == before
            continue
        honors = None
        if honors_side is not None:
            honors = Honors("4-aces-one" if strain is Strain.NOTRUMP else "4-one", honors_side)
        entry = rubber.record(side, Contract(level, strain, doubled), tricks, honors)
        hand = entry.hand
        assert hand is not None
        assert entry.vulnerable == (
            table == "rubber" and rubber.games[side] - (entry.game_won is side) >= 1
        )
        gained = rubber.totals[side] - before[side]
        assert gained == hand.below + hand.declarer_above + entry.rubber_bonus
        assert rubber.totals[side.opponents] - before[side.opponents] == hand.defenders_above
        assert all(0 <= leg < rubber.table.game_points for leg in (rubber.leg(NS), rubber.leg(EW)))  # type: ignore[operator]
    assert max(rubber.games.values()) <= 2
    assert rubber.is_over == (max(rubber.games.values()) == 2)
