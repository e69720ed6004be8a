"""The robots' reasons (hints) in English and Russian: texts from the catalogue, cards and calls
written with each language's letters, and every reason a robot gives renders in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgeroom.i18n import LANGUAGES, Message, Texts, catalogue, explain
from bridgeroom.robots import make_robot
from bridgeroom.robots.base import Decision, Robot
from bridgeroom.robots.bidding import Context, Facts, candidates
from bridgeroom.robots.strength.deals import deal_at
from bridgeroom.robots.three_handed import basic_three_handed_call
from bridgeroom.rules import (
    Call,
    Card,
    ContractBridgeDeal,
    Deal,
    DealState,
    MiniBridgeDeal,
    Phase,
    Seat,
    Strain,
    ThreeHandedDeal,
)

from .helpers import auction, deal_with, new_state

TOP = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
ROBOTS = Path(__file__).parents[2] / "src" / "bridgeroom" / "robots"


def _both(decision: Decision) -> tuple[str, str]:
    return decision.explain("en"), decision.explain("ru")


# --- hand-written texts ----------------------------------------------------------------------------


def test_an_opening_bid_with_the_bidders_points() -> None:
    """1♠ with 13 HCP (A K J of spades, K of hearts, Q of diamonds) and five spades."""
    state = auction(deal_with(north="AKJ52.K32.Q2.432"), "")
    decision = make_robot("basic").decide(state.view(Seat.NORTH))
    assert decision.action == Call("1S")
    assert decision.reason == "1♠: 13 points, five or more spades"
    assert _both(decision) == (
        "1♠: 13 points, five or more spades",
        "1♠: 13 очков, пять или больше пик",
    )


def test_a_strong_opening_says_ochka_after_twenty_three() -> None:
    """23 HCP: 2♣; in Russian the noun agrees with the number (23 очка, not 23 очков)."""
    state = auction(deal_with(north="AKQ2.AKQ2.KQ2.32"), "")
    decision = make_robot("basic").decide(state.view(Seat.NORTH))
    assert decision.action == Call("2C")
    assert _both(decision) == (
        "2♣: 23 points: strong, artificial and forcing",
        "2♣: 23 очка: сильная рука, искусственная форсирующая заявка",
    )


def test_pass_and_notrump_are_written_in_russian() -> None:
    """Partner's 1NT, nothing to say: the pass and the contract in Russian words and letters."""
    deal = Deal("N:AK2.KQ3.Q432.Q32 Q963.T74.K96.K96 J85.A962.J85.J85 T74.J85.AT7.AT74")
    state = auction(deal, "1NT P")
    decision = make_robot("basic").decide(state.view(Seat.SOUTH))
    assert _both(decision) == ("Pass: 0-7 points: to play in 1NT", "пас: 0-7 очков: играем 1БК")


def test_card_play_heuristics_name_the_card_in_each_language() -> None:
    """Second hand low, third hand high, with the card's rank letter of the language (К, Д)."""
    deal = deal_with(north="A32.KQ984.A32.32", east="KQJ54.32.KT9.K54", south="987.J765.Q54.QJ9")
    state = auction(deal, "1H 1S P P P")
    robot = make_robot("basic")
    lead = robot.decide(state.view(Seat.SOUTH))
    assert _both(lead) == ("♥5: partner's suit", "♥5: масть партнёра")
    state.apply(lead.action)
    second = robot.decide(state.view(Seat.EAST))
    assert _both(second) == ("♥10: second hand low", "♥10: второй рукой — маленькую")
    state.apply(second.action)
    third = robot.decide(state.view(Seat.NORTH))
    assert _both(third) == ("♥Q: third hand high", "♥Д: третьей рукой — старшую")


def test_cover_an_honour_with_an_honour_in_russian() -> None:
    deal = deal_with(north="A32.A9843.A32.32", east="KQJ54.6.KT9.K654", south="987.QJT5.Q54.QJ9")
    state = auction(deal, "1H 1S P P P")
    state.apply("HQ")
    decision = make_robot("basic").decide(state.view(Seat.EAST))
    assert _both(decision) == ("♥K: covering an honour with an honour", "♥К: покрываю онёр онёром")


def test_an_expert_card_with_its_average_tricks() -> None:
    """Numbers: a decimal comma in Russian, and the noun's form for the count of layouts."""
    d = Decision.because(Card("SQ"), "robot.expert.tricks", tricks=9.4, n=40, share=0.75)
    assert _both(d) == (
        "♠Q: takes 9.4 tricks on average over 40 layouts, the best card in 75% of them",
        "♠Д: в среднем 9,4 взятки по 40 раскладам, лучшая карта в 75% из них",
    )
    one = Decision.because(Card("HA"), "robot.expert.tricks", tricks=10.0, n=21, share=1.0)
    assert (
        one.explain("ru") == "♥Т: в среднем 10,0 взятки по 21 раскладу, лучшая карта в 100% из них"
    )


def test_too_few_layouts_say_so() -> None:
    """A card decided on too few layouts (the time ran out) says how many, in both languages."""
    rule = Decision.because(Card("S2"), "robot.play.second_hand_low")
    d = Decision.because(Card("S2"), "robot.expert.few_layouts", rule=rule.why, n=2)
    assert _both(d) == (
        "♠2: second hand low; only 2 layouts solved in the time, too few to overrule it",
        "♠2: второй рукой — маленькую; за отведённое время решено только 2 расклада — слишком "
        "мало, чтобы отступить от правила",
    )
    none = Decision.because(Card("S2"), "robot.expert.no_time", rule=rule.why)
    assert none.reason == "♠2: second hand low; no layout could be solved in the time"


def test_an_expert_card_chosen_by_sampling_is_explained_in_both_languages() -> None:
    state = ContractBridgeDeal(Deal(TOP))
    for call in ["7NT", "P", "P", "P"]:
        state.apply(call)
    robot = make_robot("expert", seed=1, time_budget=5.0, samples=8)
    en, ru = _both(robot.decide(state.view(Seat.EAST)))
    # the opening lead: its layouts weighed with the learnt lead model
    assert re.fullmatch(
        r"\S+: takes \d+\.\d tricks on average over 8 layouts, weighed with what such leads "
        r"lose on the deals the robot learnt from",
        en,
    ), en
    assert re.fullmatch(
        r"\S+: в среднем \d+,\d взятки по 8 раскладам с учётом того, сколько такие выводы "
        r"теряют на сдачах, на которых учился робот",
        ru,
    ), ru
    # after it: the best card by the layouts, or the rules' card when the layouts cannot tell it
    # from the best
    later = ContractBridgeDeal(deal_at(2024, 4))
    for call in ["1NT", "P", "P", "P", "C6"]:  # East leads the six of clubs
        later.apply(call)
    robot = make_robot("expert", seed=1, time_budget=5.0, samples=8)
    en, ru = _both(robot.decide(later.view(Seat.NORTH)))  # North plays dummy's card
    assert re.fullmatch(
        r"\S+: (takes \d+\.\d tricks on average over \d+ layouts, the best card in \d+% of them"
        r"|.+; \d+\.\d tricks on average over \d+ layouts, as many as any card as far as the "
        r"layouts can tell)",
        en,
    ), en
    assert re.fullmatch(
        r"\S+: (в среднем \d+,\d взятки по \d+ (раскладу|раскладам), лучшая карта в \d+% из них"
        r"|.+; в среднем \d+,\d взятки по \d+ (раскладу|раскладам) — не меньше, чем с любой "
        r"другой картой, насколько можно судить по раскладам)",
        ru,
    ), ru


def test_the_mini_bridge_contract_with_the_coachs_reason() -> None:
    """MB-13: North (37 HCP, four spades opposite dummy's four) names the grand slam in spades."""
    state = MiniBridgeDeal.from_board(1, TOP)
    state.announce_all()
    decision = make_robot("basic").decide(state.view(Seat.NORTH))
    en, ru = _both(decision)
    assert decision.action == Call("7S")
    assert en.startswith("7♠: Your side has 37 points: your 37 and your partner's 0. ")
    assert en.endswith("With 37 points or more, bid a grand slam: 7♠ needs all 13 tricks.")
    assert ru.startswith("7♠: У вашей линии 37 очков: ваши 37 и 0 у партнёра. ")
    assert ru.endswith(
        "С 37 очками и больше назначайте большой шлем: в 7♠ нужно взять все 13 взяток."
    )


def test_the_expert_mini_bridge_contract() -> None:
    d = Decision.because(Call("7NT"), "robot.minibridge.expert", mean=1520.0, made=1.0, n=40)
    assert _both(d) == (
        "7NT: scores +1520 on average and makes in 100% of 40 layouts",
        "7БК: в среднем +1520, контракт выполняется в 100% из 40 раскладов",
    )


def test_a_three_handed_bid_and_double() -> None:
    """TH-6: 37 HCP expects 38/3 + 0.5 = 13.2 tricks in notrump with an average dummy."""
    state = ThreeHandedDeal(Deal(TOP), dealer=Seat.NORTH)
    decision = basic_three_handed_call(state.view(Seat.NORTH))
    assert _both(decision) == (
        "1NT: with an average dummy I expect 13.2 tricks in notrump",
        "1БК: со средним болваном рассчитываю на 13,2 взятки в БК",
    )
    double = Decision.because(
        Call.DOUBLE, "robot.three.double", hcp=16, trumps=4, contract=Call("4S"), need=10
    )
    assert _both(double) == (
        "X: 16 points and 4 trumps against 4♠, which needs 10 tricks",
        "контра: 16 очков и 4 козыря против 4♠, где нужно 10 взяток",
    )


def test_the_random_robot_and_explain() -> None:
    state = ContractBridgeDeal(Deal(TOP))
    decision = make_robot("random", seed=1).decide(state.view(Seat.NORTH))
    assert explain(decision, "ru") == "случайное допустимое действие"
    assert decision.reason == "a random legal action"


# --- every reason renders in every language ------------------------------------------------------------


def _english_words(message: Message) -> set[str]:
    en = catalogue("en")
    words: set[str] = set()
    for key in message.used_keys():
        words |= {w.lower() for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", "", en[key]))}
    return words


def _check(message: Message, seen: set[str]) -> None:
    texts = {lang: message.render(lang) for lang in LANGUAGES}
    for lang, text in texts.items():
        assert text and "\n" not in text, (lang, message)
        assert "{" not in text and "}" not in text, (lang, text)
    ru = texts["ru"]
    for word in _english_words(message):
        assert not re.search(rf"\b{word}\b", ru, re.IGNORECASE), (word, ru, message)
    seen.update(message.used_keys())


def _play(state: DealState, robot: Robot, seen: set[str], *, expert: Robot | None = None) -> None:
    """Robots play the deal; every decision (and, in the four-handed auction, every candidate
    call of the system for the bidder's hand) is rendered in both languages."""
    n = 0
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        if expert is not None and n % 3 == 1:
            _check(expert.decide(view).message, seen)
        decision = robot.decide(view)
        _check(decision.message, seen)
        if isinstance(state, ContractBridgeDeal) and view.phase is Phase.AUCTION:
            assert view.hand is not None
            facts = Facts(view.hand.mask)
            for rule in candidates(Context.from_view(view)):
                _check(rule.explain(facts).message, seen)
        state.apply(decision.action)
        n += 1


def test_every_reason_of_random_and_basic_robots_renders_in_both_languages() -> None:
    seen: set[str] = set()
    for game in ("contract", "three-handed", "minibridge"):
        for seed in range(300 if game == "contract" else 200):
            level = "random" if seed % 5 == 0 else "basic"
            _play(new_state(game, seed), make_robot(level, seed=seed), seen)
    # the runs reach a good part of the system (the rest is checked statically below)
    assert len({k for k in seen if k.startswith("robot.bid.")}) > 100
    assert len({k for k in seen if k.startswith("robot.play.")}) > 15


@pytest.mark.parametrize("game", ["contract", "three-handed", "minibridge"])
def test_every_reason_of_the_expert_renders_in_both_languages(game: str) -> None:
    seen: set[str] = set()
    expert = make_robot("expert", seed=3, time_budget=0.05, samples=4)
    for seed in range(3):
        _play(new_state(game, 500 + seed), make_robot("basic", seed=seed), seen, expert=expert)
    assert any(k.startswith(("robot.expert.", "robot.play.only")) for k in seen), seen


def _robot_sources() -> str:
    """The robots' code, and the table's robot turn (its safe action for an illegal choice)."""
    paths = [*sorted(ROBOTS.rglob("*.py")), ROBOTS.parent / "table" / "robots.py"]
    return "\n".join(p.read_text("utf-8") for p in paths)


def test_every_reason_key_in_the_code_is_in_both_catalogues() -> None:
    source = _robot_sources()
    bidding = "\n".join(p.read_text("utf-8") for p in sorted((ROBOTS / "bidding").glob("*.py")))
    used = set(re.findall(r"\"(robot\.[a-z_.]+[a-z_])\"", source))
    used |= {f"robot.bid.{k}" for k in re.findall(r"\bsays\(\s*\"(\w+)\"", bidding)}
    used |= {f"robot.bid.{k}" for k in re.findall(r"\bbecause\([^\n]*?, \"(\w+)\"", bidding)}
    used |= {f"robot.bid.place_{k}" for k in ("slam", "game", "partscore")}
    used |= {"robot.bid.second_suit", "robot.three.let_stand", "robot.three.double_it"}
    assert len(used) > 180
    for lang in LANGUAGES:
        missing = used - set(catalogue(lang))
        assert not missing, (lang, missing)


def test_every_reason_in_the_catalogue_is_used_by_a_robot() -> None:
    source = _robot_sources()
    for key in catalogue("en"):
        if key.startswith("robot."):
            name = key.rsplit(".", 1)[1]
            assert f'"{name}"' in source or f'"{key}"' in source or name.startswith("place_"), key


#: A value for every placeholder of the robots' messages.
SAMPLE: dict[str, object] = {
    "hcp": 21,
    "lp": 22,
    "cards": "8+",
    "contract": Call("4S"),
    "points": 26,
    "aces": 3,
    "action": Card("SA"),
    "why": Message("robot.random"),
    "reason": Message("robot.system.nt_game", lo=4, hi=10),
    "advice": Texts(en="Play 3NT.", ru="Играйте 3БК."),
    "tricks": 9.44,
    "n": 40,
    "mean": 120.0,
    "made": 0.75,
    "need": 10,
    "trumps": 4,
    "chosen": Call("3NT"),
    "base": -50.0,
    "lo": 15,
    "hi": 17,
    "losers": 5,
    "share": 0.75,
    "rule": Message("robot.play.second_hand_low"),
    "card": Card("SK"),
    "gain": 0.2,
    "se": 0.15,
    "cost": -0.45,
}


@pytest.mark.parametrize("strain", list(Strain))
def test_every_reason_of_the_catalogue_renders_with_sample_parameters(strain: Strain) -> None:
    """Also the reasons no robot gave in the runs above, with every suit and notrump."""
    seen: set[str] = set()
    for key, text in catalogue("en").items():
        if not key.startswith("robot."):
            continue
        names = set(re.findall(r"\{(\w+)", text))
        if ("suit" in names and strain is Strain.NOTRUMP) or key == "robot.decision":
            continue
        params = {name: SAMPLE.get(name, strain) for name in names}
        _check(Message(key, **params), seen)
    assert len(seen) > (150 if strain is Strain.NOTRUMP else 180)
