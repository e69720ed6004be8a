"""The trump-queen ask after RKCB and the defence to the opponents' Michaels and Unusual 2NT
(docs/bidding.md, "Slam" and "After the opponents overcall partner's opening").

The expected calls are those of the published treatments the system files cite: the queen ask
of "RKCB - The Queen Ask" (Wigan Bridge Club, https://www.bridgewebs.com/wigan/page8.html;
1430 answers: 5♣ one or four key cards), and unusual over unusual as the ACBL describes it
("Unusual vs. unusual": the lower cue-bid for the lower of our suits with a limit raise or
better, the higher for the higher, a raise 7-10 support points, the other major natural and not
forcing, a double to penalise one of their suits). Whether a slam is right is the double-dummy
count of endplay (through ``bridgeroom.dds``), not the robots' judgement.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.dds import dd_table
from bridgeroom.errors import SystemFileError
from bridgeroom.robots import get_system, make_robot
from bridgeroom.robots.bidding import alerted, explain_call, shown_by
from bridgeroom.robots.bidding.card import card_text
from bridgeroom.robots.bidding.system import Agreements, System, load_system, parse_system
from bridgeroom.rules import Call, ContractBridgeDeal, Deal, Phase, Seat, Strain, deal_cards
from bridgeroom.table import Table

STANDARD = get_system("standard")
#: standard with RKCB 1430 (the queen ask is standard's, as in both shipped files)
RKCB = replace(STANDARD, name="rkcb", ace_ask="rkcb1430")
#: opponents who play Michaels and the Unusual 2NT
TWO_SUITED = replace(STANDARD, name="two", michaels=True, unusual_2nt=True)


def _fill(**hands: str) -> str:
    """A deal (PBN, North first) with the given hands and the other cards dealt in order to the
    hands not given."""
    ranks = "AKQJT98765432"
    seats = ("north", "east", "south", "west")
    used = {(i, r) for h in hands.values() for i, s in enumerate(h.split(".")) for r in s}
    rest = [(i, r) for i in range(4) for r in ranks if (i, r) not in used]
    empty = [s for s in seats if s not in hands]
    out = dict(hands)
    for k, seat in enumerate(empty):
        mine = rest[k * 13 : (k + 1) * 13]
        out[seat] = ".".join("".join(r for i, r in mine if i == suit) for suit in range(4))
    return "N:" + " ".join(out[s] for s in seats)


def _auction(deal: str, ns: System, ew: System) -> list[Call]:
    """The whole auction of four ``basic`` robots, North dealing."""
    state = ContractBridgeDeal(Deal(deal), dealer=Seat.NORTH)
    while state.phase is Phase.AUCTION:
        seat = state.to_act
        assert seat is not None
        mine, theirs = (ns, ew) if seat in (Seat.NORTH, Seat.SOUTH) else (ew, ns)
        call = make_robot("basic", system=mine, opponents=theirs).decide(state.view(seat)).action
        assert isinstance(call, Call)
        state.apply(call)
    return [c for _, c in state.calls]


def _bid(deal: str, calls: str, seat: Seat, ns: System, ew: System) -> Call:
    state = ContractBridgeDeal(Deal(deal), dealer=Seat.NORTH)
    for c in calls.split():
        state.apply(c)
    mine, theirs = (ns, ew) if seat in (Seat.NORTH, Seat.SOUTH) else (ew, ns)
    call = make_robot("basic", system=mine, opponents=theirs).decide(state.view(seat)).action
    assert isinstance(call, Call)
    return call


def _calls(text: str) -> list[tuple[Seat, Call]]:
    return [(Seat(i % 4), Call(c)) for i, c in enumerate(text.split())]


# --- the trump-queen ask --------------------------------------------------------------------

#: South: four aces and no trump queen; North opens 1♠ with the trump king
SOUTH = "A632.AKQ.AKQ2.A2"


@pytest.mark.parametrize(
    ("north", "east", "reply", "contract"),
    [
        # North holds the queen and the king of clubs, his only side king: 6♣; grand slam
        ("KQJ54.J2.43.KQJ3", "T987.T98.JT98.T9", "6C", "7S"),
        # the queen is East's (four trumps behind North's king): 5♠ denies it; small slam
        ("KJ954.J2.43.KQJ3", "QT87.T98.JT98.T9", "5S", "6S"),
    ],
)
def test_the_queen_decides_between_small_and_grand_slam(
    north: str, east: str, reply: str, contract: str
) -> None:
    deal = _fill(north=north, south=SOUTH, east=east)
    calls = [c for c in _auction(deal, RKCB, STANDARD) if not c.is_pass]
    assert Call("4NT") in calls
    slam = calls[calls.index(Call("4NT")) :]
    # 5♣: one key card (the trump king); South counts five, and asks with the next step, 5♦
    assert slam == [Call("4NT"), Call("5C"), Call("5D"), Call(reply), Call(contract)]
    # the right slam: thirteen tricks with the queen, twelve without (double dummy, North declares)
    tricks = dd_table(Deal(deal))[Seat.NORTH, Strain.SPADES]
    assert tricks == (13 if contract == "7S" else 12)


@pytest.mark.parametrize(
    ("north", "reply"),
    [
        ("KQ954.K2.43.QJ43", "5H"),  # the queen and the king of hearts, the cheapest step
        ("KQ954.J2.K3.QJ43", "6D"),  # the queen and the king of diamonds
        ("KQ954.J2.K3.KJ43", "6C"),  # two side kings: the cheaper bid, clubs
        ("KQ954.J2.43.QJ43", "5NT"),  # the queen, no side king
        ("K9854.K2.43.QJ43", "5S"),  # no queen: the trump suit at the cheapest level
    ],
)
def test_the_answers_to_the_queen_ask(north: str, reply: str) -> None:
    deal = _fill(north=north, south="A632.AQ5.AQ52.A2")
    auction = "1S P 2D P 2S P 4NT P 5C P 5D P"
    assert _bid(deal, auction, Seat.NORTH, RKCB, STANDARD) == Call(reply)
    calls = _calls(f"{auction} {reply}")
    assert alerted(calls, Seat.NORTH, len(calls) - 1, Agreements(RKCB, STANDARD))


def test_blackwood_counts_no_more_than_four_aces() -> None:
    # plain Blackwood (standard): South holds the four aces, so 5♣ is none, not four more; the
    # side holds every ace and 37+ points: the grand slam, which double dummy makes
    deal = _fill(north="KJ954.J2.43.KQJ3", south=SOUTH, east="QT87.T98.JT98.T9")
    calls = [c for c in _auction(deal, STANDARD, STANDARD) if not c.is_pass]
    assert calls[-3:] == [Call("4NT"), Call("5C"), Call("7NT")]
    assert dd_table(Deal(deal))[Seat.SOUTH, Strain.NOTRUMP] == 13


@given(seed=st.integers(0, 10**9))
@settings(max_examples=80, deadline=None)
def test_every_hand_has_one_answer_to_the_queen_ask(seed: int) -> None:
    """Whatever North holds, his answer to 5♦ (spades trumps) is the treatment's, read here from
    the hand's text: 5♠ without the ♠Q, else the cheapest bid of a side suit whose king he holds
    (5♥, then 6♣, 6♦), else 5NT."""
    state = ContractBridgeDeal(deal_cards(seed=seed), dealer=Seat.NORTH)
    for c in "1S P 2D P 2S P 4NT P 5C P 5D P".split():
        state.apply(c)
    view = state.view(Seat.NORTH)
    assert view.hand is not None
    spades, hearts, diamonds, clubs = str(view.hand).split(".")
    if "Q" not in spades:
        expected = "5S"
    else:
        kings = [
            bid for bid, suit in (("5H", hearts), ("6C", clubs), ("6D", diamonds)) if "K" in suit
        ]
        expected = kings[0] if kings else "5NT"
    robot = make_robot("basic", system=RKCB, opponents=STANDARD)
    assert robot.decide(view).action == Call(expected)


def test_the_queen_ask_is_explained_and_alerted() -> None:
    sides = Agreements(RKCB, STANDARD)
    calls = _calls("1S P 2D P 2S P 4NT P 5C P 5D P 6C P 5NT")[:-1]
    ask = explain_call(calls, Seat.NORTH, 10, sides)
    assert ask.render("en") == "queen ask: asks for the trump queen after the RKCB answer"
    assert ask.render("ru") == "вопрос о даме: спрашивает о даме козырей после ответа на РКБ"
    assert alerted(calls, Seat.NORTH, 10, sides)
    king = explain_call(calls, Seat.NORTH, 12, sides)
    assert king.render("en") == (
        "answer to the queen ask: the trump queen and the king of clubs,"
        " no side king bid more cheaply"
    )
    assert king.render("ru") == (
        "ответ на вопрос о даме: дама козырей и король треф,"
        " короля в масти, заявляемой дешевле, нет"
    )
    none = _calls("1S P 2D P 2S P 4NT P 5C P 5D P 5S")
    assert explain_call(none, Seat.NORTH, 12, sides).render("ru") == (
        "ответ на вопрос о даме: дамы козырей нет"
    )
    # plain Blackwood has no queen ask: 5♦ there is not one
    assert not alerted(calls, Seat.NORTH, 10, Agreements(STANDARD, STANDARD))


def test_at_the_table_the_opponents_are_told_the_queen_ask() -> None:
    deal = _fill(north="KQJ54.J2.43.KQJ3", south=SOUTH, east="T987.T98.JT98.T9")
    table = Table(
        "contract",
        seed=1,
        robots={p: "basic" for p in range(4)},
        boards=[deal],
        systems=(RKCB, STANDARD),
    )
    table.deal()
    while table.current is not None and table.current.phase is Phase.AUCTION:
        table.run_robots(1)
    state = table.state
    assert state is not None
    calls = [c for _, c in state.calls]
    ask = calls.index(Call("5D"))
    assert calls[ask - 2 : ask + 3] == [Call("5C"), Call.PASS, Call("5D"), Call.PASS, Call("6C")]
    east, west, north = 1, 3, 0
    for viewer in (east, west, None):
        meaning = table.call_meanings(state, viewer)[ask]
        assert meaning is not None
        assert (
            meaning.render("ru") == "вопрос о даме: спрашивает о даме козырей после ответа на РКБ"
        )
        assert table.call_alerts(state, viewer)[ask]
        assert table.call_alerts(state, viewer)[ask + 2]  # North's answer, 6♣
    assert table.call_meanings(state, north)[ask] is None  # partner's ask is not explained to him
    assert not table.call_alerts(state, north)[ask]


def test_without_the_queen_ask_the_asker_does_not_ask(tmp_path: Path) -> None:
    path = tmp_path / "noq.toml"
    path.write_text(
        '[system]\nname = "noq"\n[conventions]\nace_ask = "rkcb1430"\nqueen_ask = false\n',
        encoding="utf-8",
    )
    system = load_system(path)
    assert not system.queen_ask and not system.plays("queen_ask")
    deal = _fill(north="KJ954.J2.43.KQJ3", south=SOUTH)
    assert _bid(deal, "1S P 2D P 2S P 4NT P 5C P", Seat.SOUTH, system, STANDARD) != Call("5D")
    assert "Trump-queen ask after RKCB: not played" in card_text(system)
    with pytest.raises(SystemFileError, match="queen_ask"):
        parse_system('[system]\nname = "x"\n[conventions]\nqueen_ask = "yes"\n', "x.toml")


def test_the_queen_ask_is_on_both_shipped_cards() -> None:
    for name in ("standard", "acol"):
        assert get_system(name).queen_ask and "queen_ask" in get_system(name).alerts
    ru = card_text(RKCB, "ru")
    assert "Вопрос о даме козырей после РКБ: после 5♣ или 5♦ следующая ступень" in ru
    assert "Trump-queen ask after RKCB: after 5♣ or 5♦ the next step" in card_text(RKCB)


# --- unusual over unusual ------------------------------------------------------------------

#: North opens 1♥ (five hearts); East's 2NT shows both minors
NORTH_1H = "AK4.AQ876.654.65"
EAST_MINORS = "5.T5.KJT87.AKT98"


@pytest.mark.parametrize(
    ("south", "call"),
    [
        ("Q32.KJ4.Q932.Q32", "3C"),  # 10 support points and three hearts: the lower cue-bid
        ("QJT82.K2.A32.J43", "3D"),  # 11 points and five spades: the higher cue-bid
        ("J32.KJ4.Q932.732", "3H"),  # 7 support points: a competitive raise
        ("QJ9876.2.A32.432", "3S"),  # 7 points and six spades: natural, not forcing
        ("QJ3.J2.AQ92.QJ72", "X"),  # 13 points and four diamonds headed by the ace-queen
    ],
)
def test_unusual_over_unusual_after_their_unusual_2nt(south: str, call: str) -> None:
    deal = _fill(north=NORTH_1H, east=EAST_MINORS, south=south)
    assert _bid(deal, "1H 2NT", Seat.SOUTH, STANDARD, TWO_SUITED) == Call(call)


@given(
    seed=st.integers(0, 10**9),
    auction=st.sampled_from(("1H 2NT", "1S 2NT", "1C 2NT", "1D 2D", "1H 2H", "1C 2C")),
)
@settings(max_examples=80, deadline=None)
def test_every_call_over_their_two_suiter_is_read_back_by_its_card(seed: int, auction: str) -> None:
    """Whatever South holds, his call over their two-suited bid is legal and, read back by his
    side's card (the limits the other robots' sampler uses), admits his hand."""
    state = ContractBridgeDeal(deal_cards(seed=seed), dealer=Seat.NORTH)
    for c in auction.split():
        state.apply(c)
    view = state.view(Seat.SOUTH)
    assert view.hand is not None
    call = make_robot("basic", system=STANDARD, opponents=TWO_SUITED).decide(view).action
    assert call in view.legal and isinstance(call, Call)
    calls = [*state.calls, (Seat.SOUTH, call)]
    shown = shown_by(calls, Seat.NORTH, 2, Agreements(STANDARD, TWO_SUITED))
    assert shown is not None and shown.limits.admits(view.hand.mask), (call, view.hand)


def test_over_michaels() -> None:
    # 1♣ (2♣: both majors): the lower cue-bid, 2♥, is a limit raise or better in clubs
    deal = _fill(north="AK4.K65.K54.Q654", east="QJ987.AQJ98.6.T9", south="32.432.AQ32.KJ32")
    assert _bid(deal, "1C 2C", Seat.SOUTH, STANDARD, TWO_SUITED) == Call("2H")
    # 1♥ (2♥: spades and a minor): the cue-bid of their one known suit, 2♠, for hearts
    deal = _fill(north=NORTH_1H, east="QT987.3.KJT87.T9", south="32.KJ4.A932.Q432")
    assert _bid(deal, "1H 2H", Seat.SOUTH, STANDARD, TWO_SUITED) == Call("2S")


def test_the_defence_is_the_systems_option_and_read_by_their_card() -> None:
    deal = _fill(north=NORTH_1H, east=EAST_MINORS, south="Q32.KJ4.Q932.Q32")
    without = replace(STANDARD, name="plain", unusual_over_unusual=False)
    assert _bid(deal, "1H 2NT", Seat.SOUTH, without, TWO_SUITED) != Call("3C")
    # opponents whose 2NT is not the Unusual 2NT: no cue-bid of "their" clubs
    assert _bid(deal, "1H 2NT", Seat.SOUTH, STANDARD, STANDARD) != Call("3C")


def test_the_defence_is_explained_alerted_and_on_the_card() -> None:
    sides = Agreements(STANDARD, TWO_SUITED)
    cue = _calls("1H 2NT 3C")
    meaning = explain_call(cue, Seat.NORTH, 2, sides)
    assert meaning.render("en") == (
        "unusual over unusual: a cue-bid of their suit, support for partner's hearts (3+ cards)"
        " and a limit raise or better (10+ support points), forcing"
    )
    assert meaning.render("ru") == (
        "необычное против необычного: кью-бид их масти, поддержка червей партнёра (3+ карты)"
        " с силой лимит-рейза или больше (10+ очков с учётом коротких мастей), форсинг"
    )
    assert alerted(cue, Seat.NORTH, 2, sides)
    spades = explain_call(_calls("1H 2NT 3D"), Seat.NORTH, 2, sides)
    assert spades.render("ru") == (
        "необычное против необычного: кью-бид их масти, пять или больше пик и 10+ очков, форсинг"
    )
    natural = explain_call(_calls("1H 2NT 3S"), Seat.NORTH, 2, sides)
    assert natural.render("en") == "natural, not forcing: five or more spades, 6-9 points"
    assert not alerted(_calls("1H 2NT 3S"), Seat.NORTH, 2, sides)
    assert "Unusual over unusual" in card_text(STANDARD)
    assert "Необычное против необычного" in card_text(get_system("acol"), "ru")
