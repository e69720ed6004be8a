"""What the robots' calls mean, as a player at the table is told (Law 20F): the system's agreed
meaning (docs/bidding.md), never the caller's own hand."""

from __future__ import annotations

import re

import pytest

from bridgeroom.robots import make_robot
from bridgeroom.robots.bidding import explain_call
from bridgeroom.rules import Call, ContractBridgeDeal, Phase, Seat, deal_cards


def _explain(calls: str, lang: str = "en") -> str:
    """The meaning of the last of ``calls``, an auction North dealt."""
    seq = [(Seat(i % 4), Call(c)) for i, c in enumerate(calls.split())]
    return explain_call(seq, Seat.NORTH, len(seq) - 1).render(lang)


@pytest.mark.parametrize(
    ("calls", "en", "ru"),
    [
        # docs/bidding.md, "Openings": 1NT 15-17 balanced; 2♣ 22+, artificial and forcing
        ("1NT", "15-17 points, balanced", "15-17 очков, равномерный расклад"),
        (
            "2C",
            "strong, artificial, 22+ points, forcing",
            "сильная рука, искусственная, 22+ очков, форсинг",
        ),
        # "Notrump openings": 2♣ Stayman with 8+ points and a four-card major
        (
            "1NT P 2C",
            "Stayman: asks for a four-card major, 8+ points, forcing",
            "Стейман: спрашивает о мажорной четвёрке, 8+ очков, форсинг",
        ),
        # the opener's answer: 2♥ with four hearts
        (
            "1NT P 2C P 2H",
            "Stayman answer: four or more hearts",
            "ответ на Стейман: четыре или больше червей",
        ),
        # 4NT over partner's 1NT invites 6NT (16-17)
        ("1NT P 4NT", "16-17 points: invitation to slam", "16-17 очков: приглашение в шлем"),
        # an opening pass shows at most 12 points
        ("P", "at most 12 points", "не больше 12 очков"),
    ],
)
def test_meanings_from_the_system_table(calls: str, en: str, ru: str) -> None:
    assert _explain(calls, "en") == en
    assert _explain(calls, "ru") == ru


def test_a_pass_outside_the_system_places_no_contract() -> None:
    """Issue 15: a robot's pass after partner's game was told as 'natural: placing the
    contract'; a pass outside the system's rules has nothing more to show."""
    assert _explain("1NT P 3S P 4S P") == "nothing more to show"
    assert _explain("1NT P 3S P 4S P", "ru") == "больше показать нечего"
    assert _explain("1NT P 3S P 4S P 4NT P 5H P 6S") == "natural: placing the contract"


def test_blackwood_and_placing_calls() -> None:
    """4NT after a suit agreement asks for aces (docs/bidding.md, "Slam"); a call outside the
    candidate rules places the contract."""
    assert _explain("1H P 3H P 4NT") == "Blackwood: asks for aces"
    assert _explain("1H P 3H P 4NT P 5D") == "Blackwood answer: one ace, forcing"


def _auction_meanings(level: str, deals: int) -> list[tuple[str, str]]:
    """Robots of ``level`` bid seeded deals; every call explained, in English and Russian."""
    out = []
    for seed in range(deals):
        state = ContractBridgeDeal(deal_cards(seed=seed), dealer=Seat(seed % 4))
        robot = make_robot(level, seed=seed)
        while state.phase is Phase.AUCTION:
            state.apply(robot.decide(state.view(state.to_act)).action)  # type: ignore[arg-type]
        for i in range(len(state.calls)):
            texts = explain_call(state.calls, state.dealer, i)
            out.append((texts.render("en"), texts.render("ru")))
    return out


def test_every_call_of_robot_auctions_is_explained_in_both_languages() -> None:
    """Basic robots bid 150 seeded deals; every call gets an explanation in English and Russian.
    ``explain_call`` is given the auction only, never a hand, so it cannot tell the caller's
    cards; a rule whose words name the caller's own points is shown by its convention's name or
    its range (a template with such a placeholder would fail to render here)."""
    for en, ru in _auction_meanings("basic", 150):
        assert en and ru and "{" not in en + ru, (en, ru)
        assert not re.search(r"[A-Za-z]{3,}", ru), ru


def test_any_legal_auction_can_be_explained() -> None:
    """A person may make any legal call; the server still explains the robots' calls around it, so
    every call of random legal auctions gets an explanation without error."""
    meanings = _auction_meanings("random", 100)
    assert len(meanings) >= 400 and all(en and ru for en, ru in meanings)
