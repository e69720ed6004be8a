"""The natural bidding system of docs/bidding.md: each statement of the system, one test.

Calls are checked against the legal calls of CB-5 and CB-6; the system itself
is this project's own, written down in docs/bidding.md (section names below).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from bridgeroom.robots.bidding import Facts, Partnership, basic_call, infer
from bridgeroom.robots.sampler import HandLimits
from bridgeroom.rules import Call, ContractBridgeDeal, Hand, Seat, Strain, Suit

from ..strategies import Line, auction_over, contract_deals, lines
from .helpers import auction, deal_with


def call_for(hand: str, calls: str = "", dealer: Seat = Seat.NORTH) -> Call:
    """The basic call of the seat to act after ``calls``, holding ``hand``."""
    # find which seat acts after the calls, and give it the hand
    seat = Seat((dealer + len(calls.split())) % 4)
    state = auction(deal_with(**{seat.name.lower(): hand}), calls, dealer)
    assert state.to_act == seat
    decision = basic_call(state.view(seat))
    assert decision.action in state.legal_actions()
    return decision.action  # type: ignore[return-value]


# --- openings ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "call"),
    [
        ("AK2.KQ3.Q432.Q32", "1NT"),  # openings: 15-17 balanced
        ("AK2.KQ3.AQ32.K32", "2NT"),  # 20-21 balanced
        ("AKQ2.AKQ3.AK2.K2", "2C"),  # 22+
        ("AKJ32.K2.Q32.432", "1S"),  # five-card major
        ("AKJ32.KQ432.2.32", "1S"),  # 5-5 majors: the higher
        ("K32.AQ432.K2.432", "1H"),
        ("K32.AQ2.KJ32.432", "1D"),  # no five-card major: the longer minor
        ("J3.AQ2.KJ32.Q432", "1D"),  # 4-4 minors: 1D
        ("K432.AQ2.J43.Q32", "1C"),  # 3-3 minors: 1C
        ("32.KQJ932.432.32", "2H"),  # weak two: six cards, 5-10
        ("32.2.KQJ9432.432", "3D"),  # pre-empt: seven cards
        ("Q32.K32.J432.Q32", "P"),  # 8 points: pass
    ],
)
def test_openings(hand: str, call: str) -> None:
    assert call_for(hand) == Call(call)


def test_rule_of_20_opens_a_shapely_eleven() -> None:
    """Openings: 10-11 points open when the points and the two longest suits make 20."""
    f = Facts(Hand("AQJ32.KJ432.2.32").mask)
    assert f.hcp == 11 and f.rule_of_20
    assert call_for("AQJ32.KJ432.2.32") == Call("1S")


def test_fourth_seat_does_not_pre_empt() -> None:
    assert call_for("32.KQJ932.432.32", "P P P") == Call("P")


# --- responses ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "calls", "call"),
    [
        ("432.K32.Q432.J32", "1H P", "2H"),  # a fit and 6-9
        ("432.K432.A432.Q2", "1H P", "3H"),  # a fit and 10-12 (limit raise)
        ("A32.K432.A432.J2", "1H P", "4H"),  # a fit and 13-16: game
        ("KJ32.32.Q432.J32", "1H P", "1S"),  # four spades at the one level
        ("J32.32.Q432.KJ32", "1H P", "1NT"),  # 6-10, nothing else
        ("J32.32.Q432.J432", "1H P", "P"),  # 0-5
        (
            "KJ2.32.AQ32.KJ32",
            "1H P",
            "2D",
        ),  # 10+: a new suit at the two level (the longer minor, higher of equals)
        ("J32.KJ32.Q32.J32", "1C P", "1H"),  # a major over a minor
        ("J32.KJ2.KQ2.Q432", "1D P", "2NT"),  # 11-12 balanced, no major
        ("KJ2.KJ2.KQ32.Q32", "1D P", "3NT"),  # 13-15 balanced, no major
    ],
)
def test_responses_to_one_of_a_suit(hand: str, calls: str, call: str) -> None:
    assert call_for(hand, calls) == Call(call)


@pytest.mark.parametrize(
    ("hand", "calls", "call"),
    [
        ("KJ32.Q32.K32.J32", "1NT P", "2C"),  # Stayman: 8+ and a four-card major
        ("32.QJ9432.32.432", "1NT P", "2H"),  # 0-7 and five hearts: to play
        ("K32.Q32.K32.J432", "1NT P", "2NT"),  # 8-9: invitation
        ("K32.Q32.KJ2.Q432", "1NT P", "3NT"),  # 10-15: game
        ("32.432.432.J5432", "1NT P", "P"),  # 0-7: pass
        ("AQ2.K32.KQ2.Q432", "1NT P", "4NT"),  # 16-17: invites 6NT
    ],
)
def test_responses_to_1nt(hand: str, calls: str, call: str) -> None:
    assert call_for(hand, calls) == Call(call)


@pytest.mark.parametrize(
    ("hand", "call"),
    [
        ("AK2.KQ32.Q32.Q32", "2H"),  # four hearts
        ("AK32.KQ3.Q32.Q32", "2S"),  # four spades, not four hearts
        ("AK2.KQ3.Q432.Q32", "2D"),  # no four-card major
    ],
)
def test_opener_answers_stayman(hand: str, call: str) -> None:
    assert call_for(hand, "1NT P 2C P") == Call(call)


def test_responder_raises_the_major_found_by_stayman() -> None:
    # North opened 1NT with four spades; South, 11 points and four spades, bids game
    state = auction(
        deal_with(north="AK32.KQ3.Q32.Q32", south="QJ54.A54.K54.654"), "1NT P 2C P 2S P"
    )
    assert basic_call(state.view(Seat.SOUTH)).action == Call("4S")


def test_two_clubs_is_answered_two_diamonds_whatever_the_hand() -> None:
    assert call_for("32.432.5432.5432", "2C P") == Call("2D")


# --- competition ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "calls", "call"),
    [
        ("AQJ32.K32.32.432", "1D", "1S"),  # overcall: five cards, 8-16
        ("KQ32.2.AJ32.K432", "1H", "X"),  # takeout double: short in their suit
        ("AQ2.KQ3.KJ2.Q432", "1NT", "X"),  # penalty double of their notrump
        ("AQ2.KJ3.KJ32.Q32", "1H", "1NT"),  # 15-18 balanced with a stopper
        ("432.432.5432.J32", "1D", "P"),
    ],
)
def test_direct_seat_competition(hand: str, calls: str, call: str) -> None:
    assert call_for(hand, calls) == Call(call)


def test_answering_a_takeout_double_with_the_four_card_major() -> None:
    assert call_for("J432.32.Q432.432", "1H X P") == Call("1S")


def test_negative_double_shows_the_unbid_major() -> None:
    assert call_for("KJ32.32.Q432.K32", "1D 1H") == Call("X")


# --- slam -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "call"),
    [("32.K32.Q5432.432", "5C"), ("A2.K32.Q5432.432", "5D"), ("A2.A32.A5432.432", "5S")],
)
def test_blackwood_answers_count_aces(hand: str, call: str) -> None:
    assert call_for(hand, "1S P 3S P 4NT P") == Call(call)


# --- reading the auction backwards -------------------------------------------------------------------


def test_inference_reads_the_system_backwards() -> None:
    state = auction(deal_with(north="AKJ32.K2.Q32.432"), "1S P 2S")
    limits = infer(state.view(Seat.WEST))
    assert limits[Seat.NORTH].lengths[Suit.SPADES][0] == 5
    assert limits[Seat.NORTH].hcp[0] >= 10
    assert limits[Seat.SOUTH].lengths[Suit.SPADES][0] == 3
    assert limits[Seat.SOUTH].hcp[1] <= 9
    assert limits[Seat.EAST].hcp[1] <= 16  # East passed over 1S


@settings(max_examples=150, deadline=None)
@given(lines(contract_deals(), steps=25, until=auction_over))
def test_basic_calls_are_legal_after_any_legal_auction(line: Line[ContractBridgeDeal]) -> None:
    """CB-5, CB-6: whatever was called before (by anyone, in any system), the robot's call is legal."""
    state = line.final()
    if state.phase.value != "auction":
        return
    view = state.view(state.to_act)  # type: ignore[arg-type]
    decision = basic_call(view)
    assert decision.action in view.legal
    infer(view)


# --- later rounds and competition (the fifth session's agreements) ---------------------------


def test_negative_double_shows_four_of_the_one_unbid_major_and_opener_plays_there() -> None:
    """After the opponents overcall: the negative double shows four cards in the unbid major
    (here hearts, over 1S), so the opener with four hearts places the contract in hearts, not in
    notrump without a spade stopper."""
    state = auction(deal_with(north="2.KJ32.A32.AQ432"), "1C 1S X P")
    assert infer(state.view(Seat.NORTH))[Seat.SOUTH].lengths[Suit.HEARTS][0] == 4
    call = basic_call(state.view(Seat.NORTH)).action
    assert isinstance(call, Call) and call.strain is not None
    assert call.strain is Strain.HEARTS


def test_placement_never_counts_partner_in_the_opponents_suit() -> None:
    """Later rounds: partner is credited with his share of a suit only when the opponents have
    not bid it; six of their spades make no spade fit (a stopper: notrump)."""
    f = Facts(Hand("AQT973.QJ62.A3.7").mask)
    partner = HandLimits((10, 21), ((2, 13), (0, 13), (0, 13), (0, 13)), False)
    assert Partnership(f, partner).best_strain()[0] is Strain.SPADES
    assert Partnership(f, partner, (3,)).best_strain()[0] is Strain.NOTRUMP


def test_placement_prefers_a_seven_card_fit_to_notrump_without_their_stopper() -> None:
    """Later rounds: notrump needs a stopper in each suit the opponents bid (mine, or partner's
    notrump bid after their suit); without one, the longest fit of seven cards or more."""
    f = Facts(Hand("KQT87.863.A3.K83").mask)  # no heart stopper
    partner = HandLimits((10, 21), ((2, 13), (0, 13), (0, 13), (0, 13)), False)
    assert Partnership(f, partner, (2,)).best_strain()[0] is Strain.SPADES
    assert Partnership(f, partner, (2,), partner_stops=True).best_strain()[0] is Strain.NOTRUMP


def test_opener_with_game_values_does_not_stop_in_a_partscore() -> None:
    """The opener's rebid: with 20 points facing a one-level response (6+), the partnership has
    26, so instead of a simple rebid of his clubs he places a game."""
    call = call_for("Q6.A8.AK3.AKT653", "1C P 1S P")
    assert call in (Call("3NT"), Call("4S"), Call("5C"))


def test_no_slam_in_notrump_below_31_points() -> None:
    """Later rounds: 6NT needs 31 points between the hands by their ranges (2C: 22+, and 8 of
    mine make 30): game, not slam."""
    assert call_for("KJ842.9862.K9.J3", "2C P 2D P 3C P") == Call("3NT")


@pytest.mark.parametrize(
    ("hand", "calls", "call"),
    [
        ("32.K32.QJ32.Q432", "1S 2H 2S", "3H"),  # three-card support, 9 support points
        ("K2.T932.QJ53.A54", "1H 2D 2H", "3D"),  # four-card support, 10 points
        ("32.K32.J432.5432", "1S 2H 2S", "P"),  # 4 points: too weak
    ],
)
def test_advancer_competes_at_the_three_level(hand: str, calls: str, call: str) -> None:
    """Partner of the overcaller, after the opponents raise: three of partner's suit with three
    cards and 9-12 support points, or four cards and 7+."""
    assert call_for(hand, calls) == Call(call)


def test_over_their_notrump_the_five_card_suit_with_points() -> None:
    """Competition: over their 1NT, of two equally long suits the one with four points or more
    (not the higher without them)."""
    assert call_for("3.T9632.AQJ96.AQ", "1NT") == Call("2D")


@pytest.mark.parametrize(
    ("hand", "calls", "call"),
    [
        ("K83.J7.AK85.QT52", "1H 1NT P", "3NT"),  # 13 facing 15-18: game
        ("Q83.J7.K985.QT52", "1H 1NT P", "2NT"),  # 8-9: invitation
        ("Q83.J72.9852.Q75", "1H 1NT P", "P"),  # 5 points
        ("J83.J7.AK85.QT52", "1H P P 1NT P", "2NT"),  # 11 facing a balancing 1NT (12+)
    ],
)
def test_partner_of_the_notrump_overcall_raises_as_over_an_opening(
    hand: str, calls: str, call: str
) -> None:
    """Partner of the overcaller: over his 1NT (a stopper in their suit, 15-18; 12-18 in the
    balancing seat) game with 25 points between the hands, 2NT with 23-24, no stopper needed."""
    assert call_for(hand, calls) == Call(call)


@pytest.mark.parametrize(
    ("hand", "calls", "call"),
    [
        ("AKJ2.32.AQ3.QJ32", "1H X P 1S P", "2S"),  # 18 support points: a raise
        ("AKJ2.2.AQ32.KJ32", "1H X P 1S P", "3S"),  # 21: a jump raise
        ("AKJ2.2.AK32.KQ32", "1H X P 1S P", "4S"),  # 23: game
        ("AJ2.KQ2.AK32.K32", "1C X P 1H P", "1NT"),  # 19 balanced, a club stopper
        ("AQ2.K2.AK32.J432", "1H X P 1S P", "P"),  # 17 support points: a minimum
        ("AKT8.AK642.Q7.K3", "2D X P 2S P", "3S"),  # 21 over a two-level answer: the single raise
    ],
)
def test_the_takeout_doubler_rebids_with_a_strong_hand(hand: str, calls: str, call: str) -> None:
    """The doubler's second call, after partner's answer: a raise with four trumps shows 18+
    support points (18-19 a raise, 20-22 a jump, 23+ game; 18-22 the single raise when the jump
    would be game), notrump 18-20 balanced with a
    stopper (21+ a level higher); a pass, a minimum."""
    assert call_for(hand, calls) == Call(call)


@pytest.mark.parametrize(
    ("hand", "calls", "call"),
    [
        ("K74.A7.AKJ432.AT", "1D P 1H P", "3NT"),  # 19, six diamonds: 3NT on the running minor
        ("A4.AKQJ52.KQ3.32", "1H P 1S P", "4H"),  # 19, six hearts: game in the major
        ("AKQJ52.A4.KQ3.32", "1S P 2C P", "4S"),  # 19 after a two-level response below spades
        ("K74.A7.AKJ432.QT", "1D P 1H P", "3D"),  # 17: the jump rebid, an invitation
    ],
)
def test_opener_with_a_strong_six_card_suit_bids_game(hand: str, calls: str, call: str) -> None:
    """The opener's rebid after a new suit at the one level (or a lower suit at the two level):
    with six cards and 19-21 points game at once (four of a major, 3NT with a minor), a jump
    rebid with 17+ length points below that."""
    assert call_for(hand, calls) == Call(call)


@pytest.mark.parametrize(
    ("hand", "calls", "call"),
    [
        ("K532.QT432.T72.J", "1D P 1H P 2C P", "2D"),  # three diamonds, one club: back to 2♦
        ("K532.QT432.J.T72", "1D P 1H P 2C P", "P"),  # more clubs than diamonds: 2♣ is the fit
        ("K532.QT432.T7.J2", "1D P 1H P 2C P", "P"),  # two of each: no preference to give
    ],
)
def test_responder_gives_preference_to_the_first_suit(hand: str, calls: str, call: str) -> None:
    """Not our hand for more (5 points facing 10-18), partner's second suit is passed unless the
    responder holds three or more of the first suit and fewer of the second: then the first
    suit again at the same level."""
    assert call_for(hand, calls) == Call(call)


@pytest.mark.parametrize(
    ("hand", "calls", "call"),
    [
        ("K942.984.JT.A932", "1NT X P", "P"),  # 8 points: 1NT doubled is theirs to make
        ("T8652.984.J32.93", "1NT X P", "2S"),  # 1 point and five spades: out to 2♠
        ("T86.984.J32.9732", "1NT X P", "P"),  # 1 point and no five-card suit: nowhere to go
    ],
)
def test_partner_of_the_penalty_double_of_1nt_leaves_it_in(
    hand: str, calls: str, call: str
) -> None:
    """The double of their 1NT opening is for penalties (15+): partner passes with 5+ points; with
    0-4 he escapes to two of his longest suit when it has five cards or more."""
    assert call_for(hand, calls) == Call(call)


@pytest.mark.parametrize(
    ("hand", "calls", "call"),
    [
        ("832.AQ2.AJ9652.5", "3S P", "4S"),  # 11 points, three trumps, a singleton: game
        ("832.Q32.AJ965.K5", "3S P", "P"),  # 10 points but 11 support points: pass
        ("83.AQ2.AJ9652.54", "3S P", "P"),  # two trumps: game wants 14+
        ("832.AQ2.AJ9652.5", "2S P", "3S"),  # over a weak two the single raise stays pre-emptive
    ],
)
def test_partner_raises_a_three_level_major_pre_empt_to_game(
    hand: str, calls: str, call: str
) -> None:
    """Over three of a major (seven trumps, 5-10 points) three-card support with 10+ points and
    12+ support points is enough for game; two trumps need 14+ as over a weak two."""
    assert call_for(hand, calls) == Call(call)
