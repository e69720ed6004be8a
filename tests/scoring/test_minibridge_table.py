"""Mini-bridge scoring (MB-9..MB-11, MB-T1, MB-T2, MB-A6), values copied from docs/rules.md."""

from __future__ import annotations

import pytest

from bridgeroom.errors import ScoringError
from bridgeroom.rules import Contract, Strain
from bridgeroom.scoring import DuplicateSet, Honors, score, score_minibridge

# MB-T1, copied from docs/rules.md: level -> strain -> (NV, V).
MB_T1 = {
    1: {"C": (70, 70), "D": (70, 70), "H": (80, 80), "S": (80, 80), "NT": (90, 90)},
    2: {"C": (90, 90), "D": (90, 90), "H": (110, 110), "S": (110, 110), "NT": (120, 120)},
    3: {"C": (110, 110), "D": (110, 110), "H": (140, 140), "S": (140, 140), "NT": (400, 600)},
    4: {"C": (130, 130), "D": (130, 130), "H": (420, 620), "S": (420, 620), "NT": (430, 630)},
    5: {"C": (400, 600), "D": (400, 600), "H": (450, 650), "S": (450, 650), "NT": (460, 660)},
    6: {"C": (920, 1370), "D": (920, 1370), "H": (980, 1430), "S": (980, 1430), "NT": (990, 1440)},
    7: {"C": (1440, 2140), "D": (1440, 2140), "H": (1510, 2210), "S": (1510, 2210), "NT": (1520, 2220)},
}  # fmt: skip


@pytest.mark.parametrize("level", range(1, 8))
def test_mb_t1_contract_values(level: int) -> None:
    """MB-T1 / MB-11: every contract value, NV and V, made exactly."""
    for strain, (nv, v) in MB_T1[level].items():
        assert score_minibridge(f"{level}{strain}", level + 6, False).score == nv
        assert score_minibridge(f"{level}{strain}", level + 6, True).score == v


def test_mb_9_overtricks_score_nothing() -> None:
    """MB-9: the declaring pair scores exactly the contract value."""
    assert score_minibridge("1NT", 13, False).score == 90
    assert score_minibridge("4H", 12, True).score == 620
    assert score_minibridge("2C", 13, False).score == 90


def test_mb_9_contract_value_split_below_and_above() -> None:
    """MB-11: contract value = trick score (below) + premium (above)."""
    hand = score_minibridge("6NT", 13, True)
    assert (hand.below, hand.declarer_above, hand.defenders_above) == (190, 1250, 0)


def test_mb_10_mb_t2_undertricks() -> None:
    """MB-10 / MB-T2: 50 per undertrick NV, 100 V, to the defending pair."""
    for down in range(1, 5):
        assert score_minibridge("7NT", 13 - down, False).defenders_above == 50 * down
        assert score_minibridge("7NT", 13 - down, True).defenders_above == 100 * down
    assert score_minibridge("3NT", 0, True).score == -900


def test_mb_a6_ebu_overtricks_option() -> None:
    """MB-A6: the EBU variant counts overtricks at trick value (major partscore, 10 tricks: 4x30+50 = 170)."""
    assert score_minibridge("2S", 10, False, overtricks=True).score == 170
    assert score_minibridge("3NT", 12, False, overtricks=True).score == 490
    assert score_minibridge("1C", 9, True, overtricks=True).score == 110
    boards = DuplicateSet("minibridge", overtricks=True)
    assert boards.record(1, "2SN", 10).ns_score == 170


def test_mb_6_no_doubles_no_honors() -> None:
    """MB-6: no auction and no doubles; MB-9: nothing but the contract value (no honors)."""
    with pytest.raises(ScoringError, match="MB-6"):
        score_minibridge(Contract(4, Strain.SPADES, 1), 10, False)
    with pytest.raises(ScoringError, match="MB-9"):
        score("minibridge", "4S", 10, honors=Honors("4-one", "declarer"))


def test_minibridge_options_belong_to_minibridge() -> None:
    with pytest.raises(ScoringError, match="no option “overtricks”"):
        DuplicateSet("duplicate", overtricks=True)


def test_mb_6_a_mini_bridge_board_is_never_passed_out() -> None:
    """MB-6: the declarer names a contract, so a set of mini-bridge boards refuses a pass-out
    (said in both languages, with the rule); duplicate boards may be passed out (CB-7)."""
    from bridgeroom.i18n import error_text

    with pytest.raises(ScoringError) as refused:
        DuplicateSet("minibridge").record(3, "pass")
    assert str(refused.value) == (
        "board 3: a deal is never passed out under mini-bridge scoring: the declarer names a "
        "contract (MB-6)"
    )
    assert error_text(refused.value, "ru").startswith("сдача 3: в таблице «счёт мини-бриджа»")
    passed = DuplicateSet("duplicate").record(3, "pass")
    assert (passed.contract, passed.ns_score) == (None, 0)
