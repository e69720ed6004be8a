"""Duplicate scoring, Law 77 (CB-12, CB-13, CB-D1..CB-D6).

Expected values are worked by hand from the tables of docs/rules.md; the last test
compares every contract, doubling, vulnerability and trick count with endplay.
"""

from __future__ import annotations

import pytest

from bridgeroom.errors import BridgeError, ScoringError
from bridgeroom.rules import Contract, Seat, Side, Strain
from bridgeroom.scoring import (
    SCORE_TABLES,
    ContractTable,
    DuplicateSet,
    HandScore,
    Honors,
    score,
    score_duplicate,
)


@pytest.mark.parametrize(
    ("contract", "points"),
    [
        ("1C", 20), ("2D", 40), ("3C", 60), ("4D", 80), ("5C", 100),
        ("1H", 30), ("2S", 60), ("3H", 90), ("4S", 120),
        ("1NT", 40), ("2NT", 70), ("3NT", 100), ("7NT", 220),
        ("2SX", 120), ("1NTXX", 160), ("1CX", 40), ("3DXX", 240),
    ],
)  # fmt: skip
def test_cb_12_cb_13_trick_score(contract: str, points: int) -> None:
    """CB-12/CB-13: 20 minors, 30 majors, NT 40 then 30; x2 doubled, x4 redoubled."""
    assert ContractTable.trick_score(Contract(contract)) == points


@pytest.mark.parametrize(
    ("contract", "tricks", "vul", "below", "above", "total"),
    [
        ("2S", 8, False, 60, 50, 110),
        ("1NT", 7, True, 40, 50, 90),
        ("4C", 10, False, 80, 50, 130),
        ("3H", 9, True, 90, 50, 140),
        ("4H", 10, True, 120, 500, 620),
        ("4S", 10, False, 120, 300, 420),
        ("3NT", 9, False, 100, 300, 400),
        ("5C", 11, False, 100, 300, 400),
        ("5D", 11, True, 100, 500, 600),
    ],
)
def test_cb_d1_made_contract_premiums(
    contract: str, tricks: int, vul: bool, below: int, above: int, total: int
) -> None:
    """CB-D1: trick score + 50 (partscore) or 300 NV / 500 V (game)."""
    hand = score_duplicate(contract, tricks, vul)
    assert (hand.below, hand.declarer_above, hand.defenders_above) == (below, above, 0)
    assert hand.score == total


def test_cb_d1_doubled_into_game() -> None:
    """CB-D1/CB-13: 2S doubled made = 120 trick points, a game: 120 + 300 + 50 insult = 470 NV."""
    assert score_duplicate("2SX", 8, False).score == 470
    assert score_duplicate("2SX", 8, True).score == 670
    assert score_duplicate("1NTXX", 7, False).score == 560  # 160 + 300 + 100
    assert score_duplicate("1NTXX", 7, True).score == 760


@pytest.mark.parametrize(
    ("contract", "tricks", "vul", "total"),
    [
        ("6S", 12, False, 980),  # 180 + 300 + 500
        ("6S", 12, True, 1430),  # 180 + 500 + 750
        ("6C", 12, False, 920),  # 120 + 300 + 500
        ("6NT", 12, True, 1440),  # 190 + 500 + 750
        ("7NT", 13, False, 1520),  # 220 + 300 + 1000
        ("7NT", 13, True, 2220),  # 220 + 500 + 1500
        ("7D", 13, True, 2140),  # 140 + 500 + 1500
        ("4S", 12, False, 480),  # no slam unless bid: 120 + 300 + 60
    ],
)
def test_cb_d2_slams_only_if_bid(contract: str, tricks: int, vul: bool, total: int) -> None:
    """CB-D2: small slam 500/750, grand 1000/1500, on top of the game premium, only if bid."""
    assert score_duplicate(contract, tricks, vul).score == total


def test_cb_d3_insult() -> None:
    """CB-D3: 50 for a made doubled contract, 100 redoubled, whatever the vulnerability."""
    assert score_duplicate("1CX", 7, False).score == 140  # 40 + 50 + 50
    assert score_duplicate("1CX", 7, True).score == 140
    assert score_duplicate("1CXX", 7, False).score == 230  # 80 + 50 + 100
    assert score_duplicate("1CXX", 7, True).score == 230


@pytest.mark.parametrize(
    ("contract", "tricks", "vul", "total"),
    [
        ("3NT", 11, False, 460),  # 100 + 300 + 2 x 30
        ("2C", 10, False, 130),  # 40 + 50 + 2 x 20
        ("1H", 9, True, 140),  # 30 + 50 + 2 x 30
        ("2DX", 9, False, 280),  # 80 + 50 + 50 + 100
        ("2DX", 9, True, 380),  # 80 + 50 + 50 + 200
        ("2DXX", 9, False, 760),  # 160 + 300 + 100 + 200
        ("2DXX", 9, True, 1160),  # 160 + 500 + 100 + 400
        ("1SX", 9, True, 560),  # 60 + 50 + 50 + 2 x 200
    ],
)
def test_cb_d4_overtricks(contract: str, tricks: int, vul: bool, total: int) -> None:
    """CB-D4: undoubled at trick value; doubled 100/200, redoubled 200/400 each."""
    assert score_duplicate(contract, tricks, vul).score == total


# CB-D5, copied from the table of docs/rules.md, down 1..4 and one further trick (down 5).
UNDERTRICKS = {
    (False, 0): [50, 100, 150, 200, 250],
    (False, 1): [100, 300, 500, 800, 1100],
    (False, 2): [200, 600, 1000, 1600, 2200],
    (True, 0): [100, 200, 300, 400, 500],
    (True, 1): [200, 500, 800, 1100, 1400],
    (True, 2): [400, 1000, 1600, 2200, 2800],
}


@pytest.mark.parametrize(("vul", "doubled"), list(UNDERTRICKS))
def test_cb_d5_undertricks_table(vul: bool, doubled: int) -> None:
    """CB-D5: the undertrick table, scored by the defenders."""
    contract = Contract(7, Strain.SPADES, doubled)
    for down, points in enumerate(UNDERTRICKS[(vul, doubled)], 1):
        hand = score_duplicate(contract, 13 - down, vul)
        assert hand == HandScore(0, 0, points)
        assert hand.score == -points


def test_cb_d5_undertricks_all_thirteen() -> None:
    """CB-D5: 7NT doubled, down 13: NV 100 + 200 + 200 + 10 x 300 = 3500; V 200 + 12 x 300 = 3800."""
    assert score_duplicate("7NTX", 0, False).defenders_above == 3500
    assert score_duplicate("7NTX", 0, True).defenders_above == 3800
    assert score_duplicate("7NTXX", 0, True).defenders_above == 7600
    assert score_duplicate("7NT", 0, True).defenders_above == 1300


def test_cb_d6_boards_are_independent() -> None:
    """CB-D6: no carry-over of partscores; a passed-out board scores 0; CB-B1/B2 vulnerability."""
    boards = DuplicateSet()
    assert boards.record(1, "2SN", 8).ns_score == 110
    assert boards.record(2, "2SN", 8).ns_score == 110  # not a game: nothing carried over
    assert boards.record(3, None).ns_score == 0
    assert boards.record(4, "3NTW", 9).ns_score == -600  # board 4: both vulnerable
    assert boards.record(7, "1C", 6, declarer=Seat.SOUTH).ns_score == -100  # board 7: both vul
    assert boards.totals == {Side.NS: 220, Side.EW: 700}
    assert [r.board for r in boards] == [1, 2, 3, 4, 7]


def test_cb_d6_board_vulnerability_and_dealer() -> None:
    """CB-B1/CB-B2 through DuplicateSet: board 5 dealer N, NS vulnerable; board 10 E, both."""
    boards = DuplicateSet()
    assert (boards.dealer(5), str(boards.vulnerability(5))) == (Seat.NORTH, "NS")
    assert (boards.dealer(10), str(boards.vulnerability(10))) == (Seat.EAST, "All")
    result = boards.record(5, "4HS", 10)
    assert result.hand is not None and result.hand.score == 620
    result = boards.record(6, "4HS", 10)  # board 6: EW vulnerable
    assert result.hand is not None and result.hand.score == 420


def test_duplicate_set_rejects_bad_input_and_stays_unchanged() -> None:
    boards = DuplicateSet()
    boards.record(1, "1NTN", 7)
    with pytest.raises(ScoringError, match="already scored"):
        boards.record(1, "2NTN", 8)
    with pytest.raises(ScoringError, match="declared"):
        boards.record(2, "2NT", 8)
    with pytest.raises(ScoringError, match="names declarer"):
        boards.record(2, "2NTN", 8, declarer=Seat.EAST)
    with pytest.raises(ScoringError, match="board number"):
        boards.record(0, "2NTN", 8)
    with pytest.raises(ScoringError, match="duplicate or minibridge"):
        DuplicateSet("rubber")
    assert len(boards) == 1 and boards.totals == {Side.NS: 90, Side.EW: 0}


def test_duplicate_has_no_honors() -> None:
    """CB-R5: honors are scored in rubber bridge only."""
    with pytest.raises(ScoringError, match="CB-R5"):
        score("duplicate", "4S", 10, honors=Honors("4-one", "declarer"))


@pytest.mark.parametrize("tricks", [-1, 14, 10.0, True, "10", None])
def test_tricks_out_of_range_rejected(tricks: object) -> None:
    with pytest.raises(ScoringError, match="0 to 13"):
        score_duplicate("4S", tricks, False)  # type: ignore[arg-type]


def test_bad_contract_and_game_rejected() -> None:
    with pytest.raises(BridgeError):
        score_duplicate("8S", 10, False)
    with pytest.raises(BridgeError):
        score_duplicate("4Q", 10, False)
    with pytest.raises(ScoringError, match="unknown game “bridge”"):
        score("bridge", "4S", 10)
    with pytest.raises(ScoringError, match="true or false"):
        score("duplicate", "4S", 10, vulnerable="yes")  # type: ignore[arg-type]


def test_score_tables_names() -> None:
    assert set(SCORE_TABLES) == {
        "duplicate",
        "rubber",
        "auction",
        "minibridge",
        "three-handed-contract",
        "three-handed-auction",
    }


def test_duplicate_equals_endplay_for_every_contract() -> None:
    """CB-D1..CB-D5 against endplay's Contract.score: 35 bids x 3 doublings x 2 vulnerabilities x 14 trick counts."""
    from endplay.types import Contract as EContract
    from endplay.types import Denom, Penalty, Player, Vul

    denoms = {
        Strain.CLUBS: Denom.clubs,
        Strain.DIAMONDS: Denom.diamonds,
        Strain.HEARTS: Denom.hearts,
        Strain.SPADES: Denom.spades,
        Strain.NOTRUMP: Denom.nt,
    }
    penalties = (Penalty.passed, Penalty.doubled, Penalty.redoubled)
    checked = 0
    for level in range(1, 8):
        for strain in Strain:
            for doubled in range(3):
                for vul in (False, True):
                    for tricks in range(14):
                        theirs = EContract(
                            level=level,
                            denom=denoms[strain],
                            declarer=Player.north,
                            penalty=penalties[doubled],
                            result=tricks - level - 6,
                        ).score(Vul.ns if vul else Vul.none)
                        ours = score_duplicate(Contract(level, strain, doubled), tricks, vul)
                        assert ours.score == theirs, (level, strain, doubled, vul, tricks)
                        checked += 1
    assert checked == 35 * 3 * 2 * 14
