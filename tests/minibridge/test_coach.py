"""The coach (MB-13, MB-A7): balance, fits, the recommended contract and its reason, in English and Russian.

The hand used throughout, H18 = S AKQ, H KQ2, D A76, C 5432: 9 + 5 + 4 = 18 HCP, lengths 3-3-3-4.
"""

from __future__ import annotations

import pytest

from bridgeroom.errors import BridgeError, ParseError
from bridgeroom.i18n import catalogue
from bridgeroom.rules import Contract, MiniBridgeDeal, Seat, Suit
from bridgeroom.teaching.coach import LANGUAGES, Fit, advise, advise_counts, coach

H18 = "AKQ.KQ2.A76.5432"
SPADE_FIT = (5, 3, 3, 2)  # spades 3 + 5 = 8
NO_FIT = (3, 3, 4, 3)  # 6, 6, 7, 7
CLUB_FIT = (2, 3, 3, 5)  # clubs 4 + 5 = 9


def test_mb13_balance_and_fits() -> None:
    """MB-13: the balance is own + partner's points; a fit is 8+ cards together."""
    advice = advise(H18, 9, SPADE_FIT)
    assert advice.own_points == 18 and advice.partner_points == 9 and advice.balance == 27
    assert advice.fits == (Fit(Suit.SPADES, 3, 5),)
    assert advise(H18, 9, NO_FIT).fits == ()
    assert [f.total for f in advise(H18, 9, (5, 5, 1, 2)).fits] == [8, 8]


@pytest.mark.parametrize(
    ("partner", "balance", "contract", "category"),
    [
        (2, 20, "1S", "partscore"),
        (4, 22, "1S", "partscore"),
        (5, 23, "2S", "partscore"),
        (6, 24, "2S", "partscore"),
        (7, 25, "4S", "game"),
        (13, 31, "4S", "game"),
        (14, 32, "6S", "small_slam"),
        (18, 36, "6S", "small_slam"),
        (19, 37, "7S", "grand_slam"),
        (22, 40, "7S", "grand_slam"),
    ],
)
def test_mb13_mb_a7_level_from_the_balance_with_a_major_fit(
    partner: int, balance: int, contract: str, category: str
) -> None:
    """MB-13, MB-A7: <25 part-score (20-22 level 1, 23-24 level 2 [FR-MB]), [25, 32) game,
    [32, 37) small slam, 37+ grand slam; a fit means a suit contract."""
    advice = advise(H18, partner, SPADE_FIT)
    assert advice.balance == balance
    assert advice.contract == Contract(contract)
    assert advice.category == category


@pytest.mark.parametrize(
    ("partner", "contract"),
    [(2, "1NT"), (6, "2NT"), (7, "3NT"), (13, "3NT"), (14, "6NT"), (19, "7NT")],
)
def test_mb13_no_fit_means_no_trumps(partner: int, contract: str) -> None:
    """MB-13: with no fit play in no trumps, at the level of the balance."""
    advice = advise(H18, partner, NO_FIT)
    assert advice.contract == Contract(contract)
    assert "no fit" in advice.reason


@pytest.mark.parametrize(
    ("partner", "balance", "contract"),
    [(2, 20, "1C"), (7, 25, "3NT"), (9, 27, "3NT"), (10, 28, "5C"), (13, 31, "5C"), (14, 32, "6C")],
)
def test_mb13_five_of_a_minor_needs_28(partner: int, balance: int, contract: str) -> None:
    """MB-13: game in a minor (11 tricks) needs 28 points; with 25-27 and only a minor fit, 3NT."""
    advice = advise(H18, partner, CLUB_FIT)
    assert advice.balance == balance
    assert advice.contract == Contract(contract)
    if contract == "3NT":
        assert "28" in advice.reason and "3NT" in advice.reason


def test_mb13_major_fit_before_a_longer_minor_fit() -> None:
    """MB-13: a major fit (game in 10 tricks) is chosen before a longer minor fit."""
    advice = advise(H18, 7, (5, 0, 2, 6))  # spades 8, clubs 10
    assert [f.suit for f in advice.fits] == [Suit.SPADES, Suit.CLUBS]
    assert advice.contract == Contract("4S")
    assert "Hearts and spades come first" in advice.reason


def test_mb13_equal_fits_higher_suit() -> None:
    """MB-13: two major fits of 8: spades, the higher."""
    assert advise(H18, 7, (5, 5, 1, 2)).contract == Contract("4S")


def test_reason_in_words_a_pupil_understands() -> None:
    """The reason names the balance, the fit and the tricks needed; the text form has four lines."""
    advice = advise(H18, 9, SPADE_FIT)
    assert advice.reason == (
        "Your side has 27 points: your 18 and your partner's 9. "
        "You have a fit in spades: 8 cards together. Play with spades as trumps. "
        "With 25 to 31 points, bid a game: 4♠ needs 10 tricks."
    )
    lines = str(advice).splitlines()
    assert lines[0].split() == ["Balance", "27", "(you", "18", "+", "partner", "9)"]
    assert lines[2].split() == ["Contract", "4♠", "(game)"]


def test_reason_in_russian() -> None:
    """lang="ru": the same advice in Russian, NT written БК."""
    advice = advise(H18, 7, CLUB_FIT, lang="ru")
    assert advice.contract == Contract("3NT")
    assert advice.reason == (
        "У вашей линии 25 очков: ваши 18 и 7 у партнёра. "
        "У вас фит в трефах: 9 карт на двоих. "
        "Для 5 в трефах нужно 11 взяток и не меньше 28 очков; с 25 очками выбирайте 3БК — "
        "гейм, где нужно только 9 взяток. "
        "С 25–31 очком назначайте гейм: в 3БК нужно взять 9 взяток."
    )
    assert "Контракт  3БК (гейм)" in str(advice)


def test_catalogue_languages_share_their_keys() -> None:
    """The coach's sentences are the catalogue's, in every language with the same placeholders."""
    assert set(LANGUAGES) == {"en", "ru"}
    keys = {lang: {k for k in catalogue(lang) if k.startswith("coach.")} for lang in LANGUAGES}
    assert keys["en"] == keys["ru"] and "coach.balance" in keys["en"]


@pytest.mark.parametrize(
    ("partner", "words"),
    [(3, "21 очко"), (4, "22 очка"), (7, "25 очков"), (13, "31 очко")],
)
def test_mb13_russian_plural_of_the_balance(partner: int, words: str) -> None:
    """Issue 15: 'У вашей линии 21 очков' was wrong: 21 очко, 22 очка, 25 очков (the
    catalogue's three plural forms)."""
    advice = advise(H18, partner, SPADE_FIT, lang="ru")
    assert advice.reason.startswith(f"У вашей линии {words}:"), advice.reason


def test_reason_in_any_language() -> None:
    """The advice keeps its sentences as messages: the same reason in each language."""
    advice = advise(H18, 9, SPADE_FIT)
    assert advice.reason_in("ru").startswith("У вашей линии 27 очков")
    assert advice.texts().render("en") == advice.reason


def test_unknown_language() -> None:
    """An unknown language is a ParseError naming the choices."""
    with pytest.raises(ParseError, match="en, ru"):
        advise(H18, 9, SPADE_FIT, lang="fr")


@pytest.mark.parametrize(
    ("hand", "partner", "lengths"),
    [
        (H18, 9, (5, 3, 3, 3)),  # 14 cards
        (H18, 9, (5, 3, 3)),  # three suits
        (H18, 9, (11, 0, 0, 2)),  # 3 + 11 spades > 13
        (H18, 23, SPADE_FIT),  # 18 + 23 > 40
        (H18, 38, SPADE_FIT),  # no hand holds 38
        ("AKQ.KQ2.A76.543", 9, SPADE_FIT),  # 12 cards
    ],
)
def test_impossible_input(hand: str, partner: int, lengths: tuple[int, ...]) -> None:
    """Impossible counts or lengths are ParseErrors (MB-2, MB-5)."""
    with pytest.raises(ParseError):
        advise(hand, partner, lengths)


def test_coach_reads_only_the_declarers_view() -> None:
    """MB-13 with MB-5: the coach works from the declarer's view: his hand, the counts, dummy's lengths."""
    # 12-16-8-4 deal: E (16) declares, W (4) dummy with lengths 3-3-3-4.
    deal = "N:AKQT98.KT98.T98. .AQJ765.AK.QT987 J765..QJ765.A654 432.432.432.KJ32"
    state = MiniBridgeDeal.from_board(1, deal)
    state.announce_all()
    view = state.view(Seat.EAST)
    advice = coach(view)
    # E: hearts 6 + 3 = 9, clubs 5 + 4 = 9: hearts (major) first; balance 20 -> 1H
    assert advice.balance == 20
    assert [str(f) for f in advice.fits] == ["H 9 (6+3)", "C 9 (5+4)"]
    assert advice.contract == Contract("1HE")
    assert advice == advise(view.hand, 4, (3, 3, 3, 4), declarer=Seat.EAST)  # type: ignore[arg-type]
    state.apply(advice.contract.bid)
    assert state.contract == Contract("1HE")


def test_coach_only_for_the_declarer_naming() -> None:
    """MB-6: the advice is for the declarer when he names the contract."""
    deal = "N:AKQT98.KT98.T98. .AQJ765.AK.QT987 J765..QJ765.A654 432.432.432.KJ32"
    state = MiniBridgeDeal.from_board(1, deal)
    with pytest.raises(BridgeError):
        coach(state.view(Seat.NORTH))  # still announcing
    state.announce_all()
    with pytest.raises(BridgeError):
        coach(state.view(Seat.NORTH))  # not the declarer


def test_advise_counts_finds_the_declarer() -> None:
    """MB-3, MB-4: from the four counts the declarer is found; the hand must be his."""
    advice = advise_counts(H18, [18, 8, 9, 5], SPADE_FIT)
    assert advice.contract == Contract("4SN") and advice.balance == 27
    # 10-10-10-10: the dealer's pair, the dealer himself
    hand10 = "AT98.KT98.QT98.J"  # 4 + 3 + 2 + 1; with 3-3-3-4 beside it no suit reaches 8
    assert advise_counts(
        hand10, [10, 10, 10, 10], (3, 3, 3, 4), dealer=Seat.NORTH
    ).contract == Contract("1NTN")
    with pytest.raises(BridgeError, match="not the declarer"):
        advise_counts(H18, [18, 8, 9, 5], SPADE_FIT, seat=Seat.SOUTH)
    with pytest.raises(ParseError, match="announced 12"):
        advise_counts("AKQ.JT9.876.5432", [12, 8, 10, 10], (4, 3, 3, 3))
    with pytest.raises(BridgeError, match="MB-2"):
        advise_counts(H18, [18, 8, 9, 6], SPADE_FIT)
