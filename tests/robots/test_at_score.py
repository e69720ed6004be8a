"""Robots that play to the score: hand-made score situations (a part-score of 60 or 70 on,
vulnerable against not), the robots' choice at them, and what a result is worth at a score.

Every expected value is argued from docs/rules.md (CB-R, CB-C, CB-D, AB-, TH-), never read
from a run of the robots.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.errors import BridgeError
from bridgeroom.games import Match
from bridgeroom.robots import make_robot
from bridgeroom.robots.values import rubber_equity, value
from bridgeroom.rules import (
    Call,
    Contract,
    ContractBridgeDeal,
    Deal,
    ScoreState,
    Seat,
    ThreeHandedDeal,
)
from bridgeroom.scoring import Chicago, Rubber, ScoreForm
from bridgeroom.table import Table

LOVE_ALL = ScoreState(("NS", "EW"), (0, 0), (0, 0))
NS_60 = ScoreState(("NS", "EW"), (60, 0), (0, 0))
NS_70 = ScoreState(("NS", "EW"), (70, 0), (0, 0))
EW_60 = ScoreState(("NS", "EW"), (0, 60), (0, 0))
#: EW have won a game (vulnerable, CB-R3), NS none: NS are not vulnerable against vulnerable.
FAVOURABLE = ScoreState(("NS", "EW"), (0, 0), (0, 1), ("EW",))
#: NS have won a game, EW none: NS are vulnerable against not.
UNFAVOURABLE = ScoreState(("NS", "EW"), (0, 0), (1, 0), ("NS",))


def _view(deal: str, dealer: str, calls: list[str], score: ScoreState, vul: str = "None"):
    state = ContractBridgeDeal(Deal(deal), dealer, vul)
    state.score = score
    for call in calls:
        state.apply(call)
    assert state.to_act is not None
    return state.view(state.to_act)


def _choice(view, *, at_score: bool = True) -> Call:
    action = make_robot("basic", at_score=at_score).decide(view).action
    assert isinstance(action, Call)
    return action


# --- what a result is worth at the score ------------------------------------------------------


def _rubber(contract: str, tricks: int, score: ScoreState, column: str = "NS") -> int:
    vul = score.is_vulnerable(column)
    return value(ScoreForm.RUBBER, Contract(contract), tricks, vul, score=score, column=column)


def test_a_game_is_worth_the_rubber_bonus_it_brings_nearer():
    # CB-R4: at one game to none the next game ends the rubber (700) or makes it game all, where
    # the next game is worth 500 either way: so from love all the first game is worth
    # 700 / 2 = 350 with even chances, and the game at game all 500. 4S made: 120 below (CB-R1).
    assert _rubber("4S", 10, LOVE_ALL) == 120 + 350
    game_all = ScoreState(("NS", "EW"), (0, 0), (1, 1), ("NS", "EW"))
    assert _rubber("4S", 10, game_all) == 120 + 500
    # one game to none: the game wins the rubber, 700 (CB-R4), from an even race worth 350
    assert _rubber("4S", 10, ScoreState(("NS", "EW"), (0, 0), (1, 0), ("NS",))) == 120 + 350
    # a failed contract changes nothing on the pad but the penalty (CB-R1, CB-D4): -50, -100
    assert _rubber("4S", 9, NS_60) == -50
    assert _rubber("4S", 9, game_all) == -100


def test_with_60_below_the_line_two_spades_is_the_game():
    # CB-R2: 60 + 60 = 100 trick points below the line: the game. 4S made with ten tricks and 2S
    # made with ten tricks both win it, and score 120 below against 60 below and 60 above
    # (CB-R1): the same. 2S with eight tricks is worth exactly 60 less (two overtricks of 30).
    assert _rubber("2S", 10, NS_60) == _rubber("4S", 10, NS_60)
    assert _rubber("2S", 8, NS_60) == _rubber("4S", 10, NS_60) - 60
    # without the part-score 2S made is no game: it is worth less than 4S made by far more
    # than the overtricks (the game of 350 less what a part-score of 60 is worth)
    assert _rubber("4S", 10, LOVE_ALL) - _rubber("2S", 10, LOVE_ALL) > 200
    # with 30 below, 2S (60) does not complete the game (90 < 100) but 3S (90) does
    at_30 = ScoreState(("NS", "EW"), (30, 0), (0, 0))
    assert _rubber("3S", 9, at_30) - _rubber("2S", 9, at_30) > 200


def test_chicago_values_the_fourth_deal_by_its_premiums():
    # CB-C2 on deal 4 (both vulnerable, CB-C1), no deal after it: 2S completing a game from 60
    # earns 60 below and the vulnerable premium 500; from nothing, the part-score premium 100.
    deal_4 = ScoreState(("NS", "EW"), (60, 0), (0, 0), ("NS", "EW"), deal=4)
    clean_4 = ScoreState(("NS", "EW"), (0, 0), (0, 0), ("NS", "EW"), deal=4)
    chicago = ScoreForm.CHICAGO
    assert value(chicago, Contract("2S"), 8, True, score=deal_4, column="NS") == 60 + 500
    assert value(chicago, Contract("2S"), 8, True, score=clean_4, column="NS") == 60 + 100
    assert value(chicago, Contract("4S"), 10, True, score=clean_4, column="NS") == 120 + 500


def test_auction_bridge_values_its_own_game():
    # AB-3, AB-4: 4S made is 4 x 9 = 36 below, a game (AB-6: 30); AB-7: the rubber bonus is 250,
    # so the first game at love all is worth 250 / 2 = 125 (as CB-R4's 350 above).
    clean = ScoreState(("NS", "EW"), (0, 0), (0, 0), game=30)
    assert value(ScoreForm.AUCTION, Contract("4S"), 10, False, score=clean, column="NS") == 161
    # with 14 below (2D made), 2S (18) completes the game: 18 + 125 less the 14's own worth
    at_14 = ScoreState(("NS", "EW"), (14, 0), (0, 0), game=30)
    two = value(ScoreForm.AUCTION, Contract("2S"), 8, False, score=at_14, column="NS")
    four = value(ScoreForm.AUCTION, Contract("4S"), 10, False, score=at_14, column="NS")
    assert four - two == 18  # two overtricks of 9, the same game (AB-4, AB-6)


def test_three_handed_values_a_game_against_each_opponent():
    # TH-19: at 1-0-0 the player wins 700 a third of the time; otherwise it is 1-1-0, where he
    # wins 500 a third of the time and a third of the time it is 1-1-1 (500/3 each): his bonus
    # 222.2, the other with a game 222.2, the third 55.6: he gains 83.3 on each on average.
    # So the first game is worth 700/3 + (2/3)(250/3) = 2600/9 = 288.9 on each opponent.
    clean = ScoreState(("Ann", "Bob", "Cy"), (0, 0, 0), (0, 0, 0))
    form = ScoreForm.THREE_HANDED_CONTRACT
    assert rubber_equity(form, clean, 0, [1, 0, 0]) == pytest.approx(2600 / 9, abs=1e-6)
    # TH-13: 4S made is 120 below in the declarer's column
    assert value(form, Contract("4S"), 10, False, score=clean, column="Ann") == 120 + 289


# --- the score reaches the robots' views ---------------------------------------------------------


def test_the_session_gives_the_score_to_each_deal_and_view():
    rubber = Rubber()
    rubber.record("EW", "4H", 10)
    rubber.record("NS", "2S", 8)
    assert rubber.score_state() == ScoreState(("NS", "EW"), (60, 0), (0, 1), ("EW",))
    chicago = Chicago()
    chicago.record("NS", "2S", 8)
    # deal 2: dealer East, so EW vulnerable (CB-C1)
    assert chicago.score_state() == ScoreState(("NS", "EW"), (60, 0), (0, 0), ("EW",), deal=2)
    match = Match("auction", seed=3)
    state = match.next_deal()
    assert state.view(Seat.NORTH).score == ScoreState(("NS", "EW"), (0, 0), (0, 0), game=30)
    duplicate = Match("contract", scoring="duplicate", seed=3)
    assert duplicate.next_deal().view(Seat.NORTH).score is None


def test_a_rubber_table_shows_its_robots_the_score():
    table = Table("contract", seed=5, robots={p: "basic" for p in range(4)})
    table.deal()
    turn = table.robot_turn()
    assert turn is not None
    assert turn.view.score == ScoreState(("NS", "EW"), (0, 0), (0, 0))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"columns": ("NS",), "below": (0,), "games": (0,)},
        {"columns": ("NS", "EW"), "below": (0,), "games": (0, 0)},
        {"columns": ("NS", "EW"), "below": (-10, 0), "games": (0, 0)},
        {"columns": ("NS", "EW"), "below": (0, 0), "games": (2, 0)},
        {"columns": ("NS", "EW"), "below": (0, 0), "games": (0, 0), "vulnerable": ("N",)},
        {"columns": ("NS", "EW"), "below": (0, 0), "games": (0, 0), "deal": 5},
        {"columns": ("NS", "EW"), "below": (0, 0), "games": (0, 0), "game": 50},
    ],
)
def test_a_bad_score_state_is_refused(kwargs):
    with pytest.raises(BridgeError):
        ScoreState(**kwargs)


# --- the robots' choices -----------------------------------------------------------------------

#: North opens 1S (13 HCP, five spades); South has three spades and 10 HCP: the system's limit
#: raise, 3S.
LIMIT_RAISE = "N:AKJ52.K83.Q74.92 T86.QJ94.AJ2.AQ4 Q94.A52.K853.J76 73.T76.T96.KT853"
#: The same North; South has three spades and 14 HCP: the system's game, 4S.
GAME_RAISE = "N:AKJ52.K83.Q74.92 T86.J974.AJ2.AQ4 Q94.AQ5.K853.K76 73.T62.T96.JT853"


def test_with_60_below_the_basic_robot_raises_to_two_not_three():
    view = _view(LIMIT_RAISE, "N", ["1S", "P"], NS_60)
    assert _choice(view, at_score=False) == Call("3S")
    # CB-R2: 2S completes the game (60 + 60); 3S needs a trick more for nothing more (CB-R1)
    assert _choice(view) == Call("2S")
    # at love all the invitation stands: 2S would be a part-score
    assert _choice(_view(LIMIT_RAISE, "N", ["1S", "P"], LOVE_ALL)) == Call("3S")


def test_with_70_below_the_basic_robot_passes_partners_one_spade():
    view = _view(GAME_RAISE, "N", ["1S", "P"], NS_70)
    assert _choice(view, at_score=False) == Call("4S")
    # CB-R2: 1S made is 30 below: with 70 it is the game, and 4S would need three tricks more
    assert _choice(view) == Call.PASS
    assert _choice(_view(GAME_RAISE, "N", ["1S", "P"], LOVE_ALL)) == Call("4S")


#: East opens 1H, South overcalls 1S, West jumps to 4H; North has four spades and 4 HCP.
SACRIFICE = "N:KJ73.852.9643.82 A5.AKJ96.KQ5.J73 Q9862.4.AJ82.KQ4 T4.QT73.T7.AT965"


def test_not_vulnerable_against_vulnerable_the_robot_sacrifices():
    # Nine spades between North and South (four and the overcall's five): the robot's estimate,
    # as many tricks as trumps less one, is eight, 4S doubled two down.
    # Favourable: 4S doubled two down not vulnerable costs 300 (CB-D4 as CB-R3 says); EW's 4H
    # made is 120 below and the rubber at one game to none: the 700 bonus (CB-R4) from a race
    # worth 350, 470 in all: the sacrifice is cheaper.
    view = _view(SACRIFICE, "E", ["1H", "1S", "4H"], FAVOURABLE, "EW")
    assert _choice(view, at_score=False) == Call.PASS
    assert _choice(view) == Call("4S")
    # Unfavourable: two down doubled vulnerable costs 500; EW's 4H, their first game against
    # one, is worth 120 and 350 (from -350 to game all): 470 < 500, so the robot passes.
    assert _choice(_view(SACRIFICE, "E", ["1H", "1S", "4H"], UNFAVOURABLE, "NS")) == Call.PASS


#: North opens 1NT, East overcalls 2H; South has 11 HCP and four hearts: the system's penalty
#: double.
PENALTY = "N:AQ5.K83.KQ74.Q92 K86.AQJ942.J2.84 J742.T5.A853.K76 T93.76.T96.AJT53"
PENALTY_4H = "N:AQ5.K83.KQ74.Q92 K86.AQJ94.J2.843 J72.T652.A853.K7 T943.7.T96.AJT65"


def test_the_robot_doubles_knowing_the_score():
    # Love all: 2H doubled and made is 120 below, a game for EW (CB-R2; CB-D1's doubled trick
    # points), where 2H made undoubled is 60, a part-score: the robot does not double them into
    # game.
    love = _view(PENALTY_4H, "N", ["1NT", "2H"], LOVE_ALL)
    assert _choice(love, at_score=False) == Call.DOUBLE
    assert _choice(love) == Call.PASS
    # EW have 60 below: 2H made is their game doubled or not, so the double stands.
    assert _choice(_view(PENALTY_4H, "N", ["1NT", "2H"], EW_60)) == Call.DOUBLE
    # and with 60 on their 2H, doubled or not, is their game: South (8 HCP, two hearts) doubles
    # where the system would pass, our side holding 23 points or more (they need eight tricks)
    view = _view(PENALTY, "N", ["1NT", "2H"], EW_60)
    assert _choice(view, at_score=False) == Call.PASS
    assert _choice(view) == Call.DOUBLE
    assert _choice(_view(PENALTY, "N", ["1NT", "2H"], LOVE_ALL)) == Call.PASS


#: Three-handed, North deals (South is the dummy, TH-4); North bids 1S, East 2H; West holds 15
#: HCP and four hearts: the basic formula doubles (docs/robots.md), expecting 8.3 tricks in
#: notrump, short of 2NT's eight by its half-trick margin.
THREE = "N:AKJ52.83.Q74.962 T8.AQJ94.J32.Q85 Q94.52.T865.KT73 763.KT76.AK9.AJ4"


def test_three_handed_robot_does_not_double_a_player_into_game():
    for legs, expected in (((0, 0, 0), Call.PASS), ((0, 60, 0), Call("2NT"))):
        state = ThreeHandedDeal(Deal(THREE), "N", players=["Ann", "Bob", "Cy"])
        state.score = ScoreState(("Ann", "Bob", "Cy"), legs, (0, 0, 0))
        state.apply("1S")
        state.apply("2H")
        view = state.view(Seat.WEST)
        assert _choice(view, at_score=False) == Call.DOUBLE
        # TH-16: Bob's 2H doubled and made is 120, a game, where undoubled (60) it is not: no
        # double. With 60 below Bob's 2H is his game either way (worth 60 and a first game, 2600/9
        # on each opponent, TH-19): West outbids it where the formula's tricks reach the bid with
        # no margin (8.3 tricks expected in notrump, 2NT needs eight) instead of half a trick
        assert _choice(view) == expected


# --- invariants --------------------------------------------------------------------------------

_LEGS = st.sampled_from((0, 20, 30, 40, 60, 70, 90))
_CONTRACTS = st.builds(
    lambda level, strain, doubled: Contract(f"{level}{strain}{'X' * doubled}"),
    st.integers(1, 7),
    st.sampled_from("CDHSN"),
    st.integers(0, 2),
)


@settings(max_examples=150, deadline=None)
@given(
    _LEGS,
    _LEGS,
    st.integers(0, 1),
    st.integers(0, 1),
    _CONTRACTS,
    st.integers(0, 13),
    st.sampled_from((ScoreForm.RUBBER, ScoreForm.CHICAGO)),
)
def test_values_at_the_score_are_sound(ns, ew, gns, gew, contract, tricks, form):
    deal = 2 if form is ScoreForm.CHICAGO else None
    games = (0, 0) if deal else (gns, gew)
    vul = tuple(c for c, g in zip(("NS", "EW"), games, strict=True) if g)
    score = ScoreState(("NS", "EW"), (ns, ew), games, vul, deal)
    got = value(form, contract, tricks, bool(vul and "NS" in vul), score=score, column="NS")
    plain = form.table.score(contract, tricks, "NS" in vul)
    if tricks < contract.tricks_needed:
        # a failed contract changes nothing but the penalty (CB-R1)
        assert got == plain.score
    else:
        # a made contract is worth at least its points: its trick points only bring a game nearer
        assert got >= plain.score
        if tricks < 13:
            more = value(form, contract, tricks + 1, bool(vul), score=score, column="NS")
            assert more >= got
    # the two sides' races are mirror images
    if deal is None:
        mirror = ScoreState(("NS", "EW"), (ns, ew), games, vul)
        assert rubber_equity(form, mirror, 0) == pytest.approx(-rubber_equity(form, mirror, 1))


#: Three-handed, North deals with 11 HCP, 4-3-3-3: the formula expects 7.4 tricks in notrump with
#: an average dummy, short of 1NT's seven by its half-trick margin.
THREE_OPENER = "N:KJ52.Q84.K73.Q95 A96.AT62.J84.K84 Q84.K95.AT62.J73 T73.J73.Q95.AT62"


def test_three_handed_robot_bids_the_part_score_that_completes_its_game():
    cases = (((0, 0, 0), Call.PASS), ((30, 0, 0), Call.PASS), ((60, 0, 0), Call("1NT")))
    for legs, expected in cases:
        state = ThreeHandedDeal(Deal(THREE_OPENER), "N", players=["Ann", "Bob", "Cy"])
        state.score = ScoreState(("Ann", "Bob", "Cy"), legs, (0, 0, 0))
        view = state.view(Seat.NORTH)
        assert _choice(view, at_score=False) == Call.PASS
        # TH-16 with the contract table: 1NT made is 40 below; with 60 it is Ann's game (a first
        # game, 2600/9 on each opponent, TH-19), with 30 or nothing a part-score: only with 60
        # does the robot bid on the tricks it expects, without the half trick to spare
        assert _choice(view) == expected


def test_partners_strength_at_the_score_is_read_by_his_sides_system():
    # The same auction as above (1NT by North, 2H by East, EW 60 on): South's double of a game
    # reached cheaply needs 21 points between us. Under `standard` North's 1NT shows 15-17, so
    # 8 + 15 = 23: double; under `acol` it shows 12-14 (bidding.md), so 8 + 12 = 20: no double,
    # and South passes as his system says.
    view = _view(PENALTY, "N", ["1NT", "2H"], EW_60)
    standard = make_robot("basic", system="standard").decide(view).action
    acol = make_robot("basic", system="acol", opponents="standard").decide(view).action
    assert (standard, acol) == (Call.DOUBLE, Call.PASS)
