"""BBO LIN reading and writing, on records written by hand.

Expected values are worked by hand from the deal (CB-5..CB-10, CB-B1/CB-B2).
"""

from __future__ import annotations

import io
import re

import pytest

from bridgeroom.errors import BridgeError, ParseError
from bridgeroom.formats import lin
from bridgeroom.formats.lin import LinGame
from bridgeroom.rules import (
    Call,
    Card,
    Contract,
    ContractBridgeDeal,
    Deal,
    Phase,
    Seat,
    Vulnerability,
)

DEAL = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")

# Board 9: North deals, East-West vulnerable (CB-B1, CB-B2). LIN lists the hands S, W, N
# (East's is deduced). 2C is alerted and explained; East leads ST, North wins with SA,
# then North claims all 13 tricks.
RECORD = (
    "pn|Sam,Wes,Nat,Eve|st||md|3S3456H678D678C678,S2H2345D2345C2345,SJQKAHQKADQKACQKA,|rh||"
    "ah|Board 9|sv|e|mb|2C!|an|strong|mb|p|mb|2D|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||"
    "pc|ST|pc|S3|pc|S2|pc|SA|pg||mc|13|\n"
)


def test_read_a_record() -> None:
    [game] = lin.loads(RECORD)
    assert game.dealer is Seat.NORTH
    assert game.vulnerability is Vulnerability.EW
    assert game.board == 9
    assert game.players == {
        Seat.SOUTH: "Sam",
        Seat.WEST: "Wes",
        Seat.NORTH: "Nat",
        Seat.EAST: "Eve",
    }
    assert game.deal == DEAL
    assert game.calls == [Call(c) for c in "2C P 2D P 3NT P P P".split()]
    assert game.alerts == [True] + [False] * 7
    assert game.explanations == {0: "strong"}
    assert game.play == [Card("ST"), Card("S3"), Card("S2"), Card("SA")]
    assert game.claim == 13


def test_cb_8_replay_and_claim() -> None:
    """CB-8: North first bid notrump for NS, so North declares 3NT; the claim is 12 more tricks."""
    [game] = lin.loads(RECORD)
    state = game.to_state(claim=False)
    assert state.contract == Contract("3NTN")
    assert state.phase is Phase.PLAY
    assert state.tricks[0].winner is Seat.NORTH
    assert game.claimed_tricks(state) == 12
    # Replayed with its claim, the deal is over with the claimed result.
    claimed = game.to_state()
    assert claimed.phase is Phase.DONE and claimed.result is not None
    assert claimed.result.tricks == 13 and game.claimed_tricks(claimed) == 12


def test_round_trip_is_exact() -> None:
    games = lin.loads(RECORD)
    assert lin.dumps(games) == RECORD
    out = io.StringIO()
    lin.dump(games, out)
    assert lin.load(io.StringIO(out.getvalue())) == games


def test_from_state() -> None:
    state = ContractBridgeDeal(DEAL, Seat.NORTH, Vulnerability.EW)
    for action in "2C P 2D P 3NT P P P ST S3 S2 SA".split():
        state.apply(action)
    players = {Seat.SOUTH: "Sam", Seat.WEST: "Wes", Seat.NORTH: "Nat", Seat.EAST: "Eve"}
    game = LinGame.from_state(state, players=players, board=9, claim=13)
    expected = RECORD.replace("mb|2C!|an|strong|", "mb|2C|").rstrip("\n")
    assert game.to_lin() == expected


def test_four_hands_and_other_vulnerabilities() -> None:
    text = (
        "md|1S3456H678D678C678,S2H2345D2345C2345,SAKQJHAKQDAKQCAKQ,S10987HJ109DJ109CJ109|"
        "sv|b|mb|1n|mb|d|mb|r|mb|p|mb|p|mb|p|"
    )
    [game] = lin.loads(text)
    assert game.dealer is Seat.SOUTH
    assert game.vulnerability is Vulnerability.BOTH
    assert game.deal == DEAL
    state = game.to_state()
    assert state.contract == Contract("1NTXXS")


def test_several_deals_on_one_line_split_at_qx() -> None:
    hands = "md|3S3456H678D678C678,S2H2345D2345C2345,SJQKAHQKADQKACQKA,|"
    text = f"qx|o1|{hands}sv|o|mb|p|qx|c1|{hands}sv|o|"
    games = lin.loads(text)
    assert [g.board_id for g in games] == ["o1", "c1"]
    assert [g.board for g in games] == [1, 1]
    assert games[0].calls == [Call.PASS] and games[1].calls == []


def test_other_commands_are_kept() -> None:
    text = "md|3S3456H678D678C678,S2H2345D2345C2345,SJQKAHQKADQKACQKA,|sv|o|nt|hello|mb|p|"
    [game] = lin.loads(text)
    assert game.extra == [("nt", "hello")]
    assert lin.loads(lin.dumps(game)) == [game]


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("md|3S3456H678D678C678,S2H2345D2345C2345,SJQKAHQKADQKACQKA,|\nmd|5SA|\n", 2),
        ("\nmd|3S3456H678D678C678,S2H2345D2345C2345,SJQKAHQKADQKACQKX,|\n", 2),
        ("md|3AS3456H678D678C678,S2H2345D2345C2345,SJQKAHQKADQKACQK,|\n", 1),
        ("md|3S3456H678D678C678,S2H2345D2345C2345,SJQKAHQKADQKAC,|\n", 1),
        ("md|3S3456H678D678C678,S2H2345D2345C2345,SJQKAHQKADQKACQKA,|\nsv|z|\n", 2),
        ("md|3S3456H678D678C678,S2H2345D2345C2345,SJQKAHQKADQKACQKA,|\n\nmb|9C|\n", 3),
        ("an|no call yet|\n", 1),
        ("md|3S3456H678D678C678,S2H2345D2345C2345,SJQKAHQKADQKACQKA,|pc|Z9|\n", 1),
        ("md|3S3456H678D678C678,S2H2345D2345C2345,SJQKAHQKADQKACQKA,|mc|all|\n", 1),
        ("mb|p|mb|p|\n", 1),
        ("md|3S3456H678D678C678,S2H2345D2345C2345,SJQKAHQKADQKACQKA,|\nsv|o", 2),
    ],
)
def test_malformed_record_names_the_line(text: str, line: int) -> None:
    """The mistake's line, and its reason in each language (a Russian reader reads Russian)."""
    from bridgeroom.i18n import error_text

    with pytest.raises(ParseError) as info:
        lin.loads(text)
    assert info.value.line == line
    russian = error_text(info.value, "ru")
    assert russian.startswith(f"строка {line}: ") and info.value.key is not None
    assert re.search("[а-яё]{4}", russian), russian


def test_cb_6_illegal_double_in_the_record() -> None:
    """CB-6: a double of partner's bid is refused when the record is replayed."""
    text = "md|3S3456H678D678C678,S2H2345D2345C2345,SJQKAHQKADQKACQKA,|mb|1C|mb|p|mb|d|\n"
    [game] = lin.loads(text)
    with pytest.raises(ParseError) as info:
        game.to_state()
    assert "CB-6" in str(info.value)
    assert isinstance(info.value, BridgeError)


def test_claim_contradicting_the_play() -> None:
    """North won the first trick, so a claim of 0 tricks for North is impossible."""
    [game] = lin.loads(RECORD.replace("mc|13|", "mc|0|"))
    with pytest.raises(ParseError):
        game.to_state()
