"""Mini-bridge scores through ``bridgeroom.scoring.score_minibridge`` (MB-9 to MB-11, MB-T1, MB-T2, MB-A3, MB-A4, MB-A6).

The 70 cells of MB-T1 and the MB-T2 scale are copied from docs/rules.md.
"""

from __future__ import annotations

import pytest

from bridgeroom.errors import BridgeError
from bridgeroom.rules import Contract, MiniBridgeDeal, Mode
from bridgeroom.scoring import score_minibridge

# MB-T1: level -> strain (C, D, H, S, NT) -> (not vulnerable, vulnerable)
MB_T1 = {
    1: {"C": (70, 70), "D": (70, 70), "H": (80, 80), "S": (80, 80), "NT": (90, 90)},
    2: {"C": (90, 90), "D": (90, 90), "H": (110, 110), "S": (110, 110), "NT": (120, 120)},
    3: {"C": (110, 110), "D": (110, 110), "H": (140, 140), "S": (140, 140), "NT": (400, 600)},
    4: {"C": (130, 130), "D": (130, 130), "H": (420, 620), "S": (420, 620), "NT": (430, 630)},
    5: {"C": (400, 600), "D": (400, 600), "H": (450, 650), "S": (450, 650), "NT": (460, 660)},
    6: {"C": (920, 1370), "D": (920, 1370), "H": (980, 1430), "S": (980, 1430), "NT": (990, 1440)},
    7: {"C": (1440, 2140), "D": (1440, 2140), "H": (1510, 2210), "S": (1510, 2210), "NT": (1520, 2220)},
}  # fmt: skip

CELLS = [
    (level, strain, vul, MB_T1[level][strain][vul])
    for level in range(1, 8)
    for strain in ("C", "D", "H", "S", "NT")
    for vul in (0, 1)
]


def test_mb_t1_has_70_cells() -> None:
    """MB-T1: 7 levels x 5 strains x 2 vulnerabilities."""
    assert len(CELLS) == 70


@pytest.mark.parametrize(("level", "strain", "vul", "value"), CELLS)
def test_mb_t1_mb9_contract_value_made_exactly(
    level: int, strain: str, vul: int, value: int
) -> None:
    """MB-T1, MB-9, MB-11: a made contract scores its contract value."""
    hand = score_minibridge(f"{level}{strain}", level + 6, bool(vul))
    assert hand.score == value
    assert hand.defenders_above == 0


@pytest.mark.parametrize(("level", "strain", "vul", "value"), CELLS)
def test_mb9_no_overtricks(level: int, strain: str, vul: int, value: int) -> None:
    """MB-9: overtricks score nothing: 13 tricks score the same contract value."""
    assert score_minibridge(f"{level}{strain}", 13, bool(vul)).score == value


@pytest.mark.parametrize(
    ("down", "nv", "v"),
    [(1, 50, 100), (2, 100, 200), (3, 150, 300), (4, 200, 400), (5, 250, 500), (9, 450, 900), (13, 650, 1300)],
)  # fmt: skip
def test_mb_t2_mb10_undertricks(down: int, nv: int, v: int) -> None:
    """MB-T2, MB-10, MB-A4: the defenders score 50 per undertrick (declarer not vulnerable), 100 vulnerable."""
    # 7NT needs 13 tricks: down k means 13 - k tricks
    for contract in ("7NT", "7C"):
        assert score_minibridge(contract, 13 - down, False).defenders_above == nv
        assert score_minibridge(contract, 13 - down, False).score == -nv
        assert score_minibridge(contract, 13 - down, True).defenders_above == v
    if down <= 7:
        assert score_minibridge("1S", 7 - down, True).score == -100 * down


@pytest.mark.parametrize(
    ("contract", "category"),
    [("3C", "partscore"), ("4D", "partscore"), ("3S", "partscore"), ("3NT", "game"), ("4NT", "game"),
     ("5NT", "game"), ("4H", "game"), ("5S", "game"), ("5C", "game"), ("5D", "game")],
)  # fmt: skip
def test_mb11_mb_a3_categories(contract: str, category: str) -> None:
    """MB-11, MB-A3: partscores are worth 70-140; games (3NT, 4NT, 5NT, 4M, 5M, 5m) 400 or more NV."""
    value = score_minibridge(contract, Contract(contract).tricks_needed, False).score
    if category == "partscore":
        assert 70 <= value <= 140
    else:
        assert value >= 400


def test_mb_a6_overtricks_option() -> None:
    """MB-A6: with the EBU option overtricks count at trick value (4S + 1 = 420 + 30; 2H with 10 tricks = 170)."""
    assert score_minibridge("4S", 11, False, overtricks=True).score == 450
    assert score_minibridge("2H", 10, False, overtricks=True).score == 170
    assert score_minibridge("1NT", 9, True, overtricks=True).score == 150


def test_mb6_no_doubled_contract() -> None:
    """MB-6: there are no doubles, so a doubled contract cannot be scored."""
    with pytest.raises(BridgeError):
        score_minibridge("4SX", 10, False)


def test_mb12_revoke_then_score() -> None:
    """MB-12: the revoke transfer comes first, then MB-9/MB-10. N holds every top card and takes
    all 13 tricks at 7NT, but dummy revoked: 12 tricks, one down, 50 to the defenders."""
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    state = MiniBridgeDeal(deal, mode=Mode.TABLE)
    state.announce_all()
    state.apply("7NT")
    for card in ("S7", "H6", "S2", "SA"):  # E leads, dummy S revokes, W follows, N wins
        state.apply(card)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    result = state.result
    assert result is not None and result.contract is not None
    assert (result.tricks_taken, result.adjustment, result.tricks) == (13, -1, 12)
    assert score_minibridge(result.contract, result.tricks, False).score == -50
