"""Bidding systems as data (docs/bidding.md, "Systems"): the shipped ``standard`` and ``acol``,
a system file of one's own, the conventions as options, and each side read by its own system.

The hands are measured here from their text (A 4, K 3, Q 2, J 1; balanced is 4333, 4432 or
5332, docs/bidding.md), not by the robots' own code.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.errors import BridgeError, SystemFileError
from bridgeroom.robots import get_system, load_system, make_robot, systems
from bridgeroom.robots.bidding import alerted, explain_call, infer_calls, shown_by
from bridgeroom.robots.bidding.system import Agreements, parse_system
from bridgeroom.rules import Call, ContractBridgeDeal, Deal, Phase, Seat, deal_cards

POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}


def _measure(hand: str) -> tuple[int, dict[str, int], bool]:
    """HCP, lengths by suit letter and balance of a hand written S.H.D.C."""
    suits = hand.split(".")
    hcp = sum(POINTS.get(c, 0) for s in suits for c in s)
    lengths = dict(zip("SHDC", (len(s) for s in suits), strict=True))
    shape = sorted(lengths.values(), reverse=True)
    balanced = shape in ([4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2])
    return hcp, lengths, balanced


def _openings(system: str, n: int = 300) -> list[tuple[Call, str]]:
    """The first bid of each of ``n`` random deals bid by four ``basic`` robots of ``system``,
    with the opener's hand."""
    out: list[tuple[Call, str]] = []
    robot = make_robot("basic", system=system, opponents=system)
    for seed in range(n):
        state = ContractBridgeDeal(deal_cards(seed=f"systems-{seed}"), dealer=Seat(seed % 4))
        while state.phase is Phase.AUCTION:
            seat = state.to_act
            view = state.view(seat)
            call = robot.decide(view).action
            assert isinstance(call, Call)
            if call.is_bid:
                assert view.hand is not None
                out.append((call, str(view.hand)))
                break
            state.apply(call)
    return out


@pytest.fixture(scope="module")
def standard_openings() -> list[tuple[Call, str]]:
    return _openings("standard")


@pytest.fixture(scope="module")
def acol_openings() -> list[tuple[Call, str]]:
    return _openings("acol")


def test_the_shipped_systems_are_named() -> None:
    assert systems() == ("acol", "standard")
    assert get_system("standard").notrump == (15, 17)
    assert get_system("acol").notrump == (12, 14)


def test_standard_1nt_is_balanced_15_17_and_majors_have_five(
    standard_openings: list[tuple[Call, str]],
) -> None:
    nt = [h for c, h in standard_openings if c == Call("1NT")]
    majors = [(c, h) for c, h in standard_openings if c in (Call("1H"), Call("1S"))]
    assert len(nt) >= 20 and len(majors) >= 40
    for hand in nt:
        hcp, _, balanced = _measure(hand)
        assert balanced and 15 <= hcp <= 17, hand
    for call, hand in majors:
        _, lengths, _ = _measure(hand)
        assert lengths["H" if call == Call("1H") else "S"] >= 5, (call, hand)


def test_acol_1nt_is_balanced_12_14_and_opens_four_card_majors(
    acol_openings: list[tuple[Call, str]],
) -> None:
    nt = [h for c, h in acol_openings if c == Call("1NT")]
    majors = [(c, h) for c, h in acol_openings if c in (Call("1H"), Call("1S"))]
    assert len(nt) >= 20
    for hand in nt:
        hcp, _, balanced = _measure(hand)
        assert balanced and 12 <= hcp <= 14, hand
    lengths = [_measure(h)[1]["H" if c == Call("1H") else "S"] for c, h in majors]
    assert all(n >= 4 for n in lengths)
    assert lengths.count(4) >= 5  # four-card majors are opened


def test_a_system_of_ones_own_loads_from_a_path(tmp_path: Path) -> None:
    path = tmp_path / "mini.toml"
    path.write_text(
        '[system]\nname = "mini"\n[notrump]\nopening = [10, 12]\n[conventions]\ntransfers = true\n',
        encoding="utf-8",
    )
    system = load_system(path)
    assert system.name == "mini" and system.notrump == (10, 12) and system.transfers
    # the rest is standard's
    assert system.majors == 5 and system.twos == "weak"
    robot = make_robot("basic", system=str(path))
    # 4-3-3-3 with 11 points: 1NT in this system (10-12), not in standard
    state = ContractBridgeDeal(
        Deal("N:K432.Q32.K32.Q32 AQJ5.AKJ.QJ4.K54 T76.T54.A765.A76 98.9876.T98.JT98")
    )
    assert robot.decide(state.view(Seat.NORTH)).action == Call("1NT")
    assert make_robot("basic").decide(state.view(Seat.NORTH)).action == Call.PASS


@pytest.mark.parametrize(
    ("text", "line", "where", "what"),
    [
        ('[system]\nname = "x"\n[notrump]\nopening = [15]\n', 4, "notrump.opening", "range"),
        ('[system]\nname = "x"\n[openings]\nmajors = 6\n', 4, "openings.majors", "4 or 5"),
        (
            '[system]\nname = "x"\n[conventions]\nstaymen = true\n',
            4,
            "conventions.staymen",
            "unknown key",
        ),
        (
            '[system]\nname = "x"\n[conventions]\nace_ask = "roman"\n',
            4,
            "conventions.ace_ask",
            "rkcb1430",
        ),
        ('[system]\nname = "x"\n[alerts]\ncalls = ["psyche"]\n', 4, "alerts.calls", "psyche"),
        ('[system]\nname = "x"\n\n[bidding]\nx = 1\n', 4, None, "unknown section"),
        ('[system]\nname = "x"\nopening = = 1\n', 3, None, "not TOML"),
        ("[notrump]\nopening = [15, 17]\n", None, "system.name", "no name"),
    ],
)
def test_a_bad_system_file_names_the_file_line_key_and_problem(
    text: str, line: int | None, where: str | None, what: str
) -> None:
    with pytest.raises(SystemFileError) as err:
        parse_system(text, "club.toml")
    assert err.value.path == "club.toml"
    assert err.value.line == line
    assert err.value.where == where
    assert str(err.value).startswith("club.toml")
    assert what in str(err.value)


def test_an_unknown_system_or_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BridgeError, match="no bidding system 'precision'"):
        make_robot("basic", system="precision")
    with pytest.raises(SystemFileError, match="cannot be read"):
        make_robot("basic", system=str(tmp_path / "none.toml"))


def _auction(text: str, dealer: Seat = Seat.NORTH) -> list[tuple[Seat, Call]]:
    return [(Seat((dealer + i) % 4), Call(c)) for i, c in enumerate(text.split())]


ACOL, STANDARD = get_system("acol"), get_system("standard")
NS_ACOL = Agreements(ACOL, STANDARD)


def test_each_side_is_read_by_its_own_system() -> None:
    # North (acol) opens 1NT, East (standard) overcalls 1NT over 1S... here: East opens 1NT
    calls = _auction("1NT P")
    limits = infer_calls(calls, Seat.NORTH, NS_ACOL)
    assert limits[Seat.NORTH].hcp == (12, 14)
    east = _auction("P 1NT", Seat.NORTH)
    assert infer_calls(east, Seat.NORTH, NS_ACOL)[Seat.EAST].hcp == (15, 17)
    # the explanation of each side's call is from that side's card
    assert explain_call(calls, Seat.NORTH, 0, NS_ACOL).render("en") == "12-14 points, balanced"
    assert explain_call(east, Seat.NORTH, 1, NS_ACOL).render("en") == "15-17 points, balanced"


def test_responses_follow_the_opener_range() -> None:
    # opposite acol's 12-14 notrump, 11 points invite (2NT); opposite 15-17 they bid game
    hand = "K32.Q32.KJ32.Q32"
    deal = Deal(f"N:AQ4.KJ4.Q54.K654 T9876.T98.A6.J98 {hand} J5.A765.T987.AT7")
    for system, call in (("acol", "2NT"), ("standard", "3NT")):
        state = ContractBridgeDeal(deal, dealer=Seat.NORTH)
        state.apply("1NT")
        state.apply("P")
        robot = make_robot("basic", system=system, opponents=system)
        assert robot.decide(state.view(Seat.SOUTH)).action == Call(call), system


def _fill(**hands: str) -> str:
    """A deal (PBN, North first) with the given hands (``north="AK4.KJ4.Q54.K654"``) and the
    other cards dealt in order to the hands not given."""
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


def _bid(system: object, deal: str, calls: str, seat: Seat) -> Call:
    state = ContractBridgeDeal(Deal(deal), dealer=Seat.NORTH)
    for c in calls.split():
        state.apply(c)  # an empty auction: the dealer's opening
    robot = make_robot("basic", system=system, opponents=system)  # type: ignore[arg-type]
    action = robot.decide(state.view(seat)).action
    assert isinstance(action, Call)
    return action


def _own(tmp_path: Path, **conventions: object) -> str:
    body = "\n".join(
        f"{k} = {str(v).lower() if isinstance(v, bool) else chr(34) + str(v) + chr(34)}"
        for k, v in conventions.items()
    )
    path = tmp_path / "own.toml"
    path.write_text(f'[system]\nname = "own"\n[conventions]\n{body}\n', encoding="utf-8")
    return str(path)


def test_jacoby_transfers(tmp_path: Path) -> None:
    own = _own(tmp_path, transfers=True)
    # South has five hearts, 5 points: 2D shows hearts, North completes with 2H, South passes
    deal = _fill(north="AK4.KJ4.Q54.K654", south="Q532.Q7632.K2.32")
    assert _bid(own, deal, "1NT P", Seat.SOUTH) == Call("2D")
    assert _bid(own, deal, "1NT P 2D P", Seat.NORTH) == Call("2H")
    assert _bid(own, deal, "1NT P 2D P 2H P", Seat.SOUTH) == Call.PASS
    assert _bid("standard", deal, "1NT P", Seat.SOUTH) == Call("2H")  # natural, to play
    calls = _auction("1NT P 2D")
    meaning = explain_call(calls, Seat.NORTH, 2, Agreements(load_system(own), STANDARD))
    assert meaning.render("en") == "transfer: five or more hearts, forcing"


def test_without_stayman_the_major_is_not_asked(tmp_path: Path) -> None:
    deal = _fill(north="AK4.KJ4.Q54.K654", south="Q532.Q763.K2.J32")
    assert _bid("standard", deal, "1NT P", Seat.SOUTH) == Call("2C")
    assert _bid(_own(tmp_path, stayman=False), deal, "1NT P", Seat.SOUTH) == Call("2NT")


def test_gerber_over_notrump() -> None:
    # acol plays Gerber: South, 22 points facing 12-14, asks with 4C; North shows two aces
    deal = _fill(north="A54.A42.Q543.J54", south="KQJ.KQJ.KJ2.AKQ2")
    assert _bid("acol", deal, "1NT P", Seat.SOUTH) == Call("4C")
    assert _bid("acol", deal, "1NT P 4C P", Seat.NORTH) == Call("4S")
    # two aces opposite one: one missing, a small slam
    assert _bid("acol", deal, "1NT P 4C P 4S P", Seat.SOUTH) == Call("6NT")


def test_rkcb_answers_count_the_trump_king(tmp_path: Path) -> None:
    own = _own(tmp_path, ace_ask="rkcb1430")
    # spades agreed (1S 3S): South holds the ace of hearts and the king of spades, two key
    # cards, without the queen: 5H; plain Blackwood counts aces: one, 5D
    deal = _fill(north="AQ765.K2.AKQ2.K2", south="KJ98.A76.765.876")
    assert _bid(own, deal, "1S P 3S P 4NT P", Seat.SOUTH) == Call("5H")
    assert _bid("standard", deal, "1S P 3S P 4NT P", Seat.SOUTH) == Call("5D")


def test_michaels_and_unusual_2nt(tmp_path: Path) -> None:
    own = _own(tmp_path, michaels=True, unusual_2nt=True)
    # East: five spades and five hearts over 1C: Michaels 2C
    deal = _fill(north="AK4.KJ4.Q54.K654", east="QJ987.AQ987.6.J9")
    assert _bid(own, deal, "1C", Seat.EAST) == Call("2C")
    assert _bid("standard", deal, "1C", Seat.EAST) != Call("2C")
    # West (South opened 1S): five diamonds and six clubs: Unusual 2NT
    deal2 = _fill(south="AK432.KJ4.Q5.K65", west="6.T5.AJT98.AQ873")
    assert _bid(own, deal2, "P P 1S", Seat.WEST) == Call("2NT")
    assert _bid("standard", deal2, "P P 1S", Seat.WEST) != Call("2NT")
    # West's partner advances: the longer of the two suits
    assert _bid(own, deal2, "P P 1S 2NT P", Seat.EAST) in (Call("3C"), Call("3D"))


@given(
    seed=st.integers(0, 10**9),
    ns=st.sampled_from(("standard", "acol")),
    ew=st.sampled_from(("standard", "acol")),
)
@settings(max_examples=60, deadline=None)
def test_every_opening_is_read_back_by_the_openers_card(seed: int, ns: str, ew: str) -> None:
    """Whatever the two sides play, each robot's call is legal, the auction ends, and the first
    bid, read by the bidder's side's system, admits the bidder's hand (the sampler's limits
    never rule out the hand that made the call)."""
    systems = Agreements(get_system(ns), get_system(ew))
    state = ContractBridgeDeal(deal_cards(seed=seed), dealer=Seat(seed % 4))
    robots = {
        s: make_robot("basic", system=systems.of(s), opponents=systems.of(s.lho)) for s in Seat
    }
    while state.phase is Phase.AUCTION:
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        call = robots[seat].decide(view).action
        assert call in view.legal
        first = isinstance(call, Call) and call.is_bid and not any(c.is_bid for _, c in state.calls)
        state.apply(call)
        if first:
            shown = shown_by(list(state.calls), state.dealer, len(state.calls) - 1, systems)
            assert shown is not None and view.hand is not None
            assert shown.limits.admits(view.hand.mask), (call, view.hand)


def test_acol_strong_twos_and_the_negative_2nt() -> None:
    # North: 17 points and six spades: an Acol two (16-22, six cards, forcing); standard opens 1S
    deal = _fill(north="AKQJ87.A32.K2.32", south="T32.654.8765.654")
    assert _bid("acol", deal, "", Seat.NORTH) == Call("2S")
    assert _bid("standard", deal, "", Seat.NORTH) == Call("1S")
    # South, 0 points: the negative 2NT, alerted; North, a minimum of the range: three spades
    assert _bid("acol", deal, "2S P", Seat.SOUTH) == Call("2NT")
    calls = _auction("2S P 2NT")
    assert alerted(calls, Seat.NORTH, 2, Agreements(ACOL, ACOL))
    assert not alerted(calls, Seat.NORTH, 2, Agreements(STANDARD, STANDARD))
    assert _bid("acol", deal, "2S P 2NT P", Seat.NORTH) == Call("3S")
