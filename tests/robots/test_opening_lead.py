"""The expert's opening lead: the learnt lead model blended with the layouts solved after a
partnership auction (issue 37: under load the expert's lead cost more than the rule's), the
rules' lead kept where layouts are too few elsewhere, and the lead's own time."""

from __future__ import annotations

import json
import math
import random
import time
from importlib import resources
from typing import Any

import numpy as np
import pytest

from bridgeroom.robots import ExpertRobot, cardplay, lead, make_robot
from bridgeroom.robots.base import Decision
from bridgeroom.robots.cardplay import LEAD_SURE, LEAD_Z, CardStats, expert_card, learnt_lead
from bridgeroom.robots.dds import solver
from bridgeroom.robots.lead import MODEL_LAYOUTS, LeadModel, lead_features, lead_model
from bridgeroom.robots.play import basic_card
from bridgeroom.robots.strength.deals import board_conditions, deal_at
from bridgeroom.rules import Card, ContractBridgeDeal, Deal, Hand, MiniBridgeDeal, Phase, Seat, Suit
from bridgeroom.rules.state import View


def _lead_view(index: int) -> View:
    """The opening leader's view after four basic robots bid deal ``index`` of seed 2024 (the
    benchmark's ``lead`` part)."""
    deal = deal_at(2024, index)
    dealer, vul = board_conditions(index)
    state = ContractBridgeDeal(deal, dealer=dealer, vulnerability=vul)
    bidder = make_robot("basic")
    while state.phase is Phase.AUCTION:
        seat = state.to_act
        assert seat is not None
        state.apply(bidder.decide(state.view(seat)).action)
    assert state.contract is not None
    leader = state.to_act
    assert leader is not None
    return state.view(leader)


def _west_leads(west: str, calls: str) -> View:
    """West's view at the opening lead, holding ``west``, after South deals and ``calls`` are
    made (the other hands are dealt from the rest; the learnt model reads West's hand and the
    auction alone)."""
    mask = Hand(west).mask
    rest = [i for i in range(52) if not mask >> i & 1]
    random.Random(1).shuffle(rest)
    hands = [sum(1 << i for i in rest[13 * k : 13 * k + 13]) for k in range(3)]
    state = ContractBridgeDeal(Deal.from_masks([*hands, mask]), dealer=Seat.SOUTH)
    for call in calls.split():
        state.apply(call)
    assert state.to_act == Seat.WEST
    return state.view(Seat.WEST)


@pytest.mark.parametrize(
    ("west", "calls", "card"),
    [
        # top of a sequence against notrump
        ("KQJT4.872.953.J6", "1NT P 3NT P P P", "SK"),
        # the fourth best of the longest suit against notrump
        ("Q3.J9864.AJ52.52", "1NT P 3NT P P P", "H6"),
        # top of ace-king against a suit
        ("T3.Q986.J52.AK54", "1S P 4S P P P", "CA"),
        # a singleton, with trumps to ruff, against a suit
        ("873.6.KJ52.T9643", "1S P 4S P P P", "H6"),
    ],
)
def test_with_no_layout_solved_the_model_leads_as_the_books_do(
    west: str, calls: str, card: str
) -> None:
    """The lead of the shipped model alone (no layout solved in the time): the leads every
    lead table gives (e.g. ACBL, "Opening leads", the standard card from each holding)."""
    view = _west_leads(west, calls)
    decision = learnt_lead(view, CardStats([c.index for c in view.legal if isinstance(c, Card)]))
    assert decision.action == Card(card)
    assert decision.why.key == "robot.expert.lead_learnt"
    assert decision.reason.endswith("no layout could be solved in the time")
    assert decision.explain("ru").endswith("за отведённое время не решён ни один расклад")


def _one_term_model(term: str, weight: float) -> LeadModel:
    return LeadModel({"notrump": {term: weight}, "suit": {term: weight}}, {})


def test_the_model_counts_as_model_layouts_solved(monkeypatch: Any) -> None:
    """A model that says leading the heart three costs a trick less than any other lead, against
    layouts in which the spade four takes a trick more than every other card: from a handful
    of layouts the model's card is led, from many more than MODEL_LAYOUTS the layouts' card."""
    view = _west_leads("K84.Q763.J52.T96", "1NT P 3NT P P P")
    monkeypatch.setattr(lead, "lead_model", lambda: _one_term_model("c_low*len4", -1.0))
    monkeypatch.setattr(cardplay, "lead_model", lambda: _one_term_model("c_low*len4", -1.0))
    legal = [c.index for c in view.legal if isinstance(c, Card)]

    def stats(n: int) -> CardStats:
        out = CardStats(legal, 5)
        for _ in range(n):
            out.add({i: 4 + (i == Card("S4").index) for i in legal}, 1.0)
        return out

    assert MODEL_LAYOUTS == 20
    # the heart three scores (5 x 4 + 20 x 1) / 25 = 1.6 against the spade four's 5 x 5 / 25
    few = learnt_lead(view, stats(5))
    # and (40 x 4 + 20 x 1) / 60 = 3.0 against 40 x 5 / 60 = 3.33
    many = learnt_lead(view, stats(40))
    assert few.action == Card("H3") and many.action == Card("S4")
    assert many.why.key == few.why.key == "robot.expert.lead_blend"
    assert "takes 5.0 tricks on average over 40 layouts" in many.reason
    assert "по 5 раскладам" in few.explain("ru")


def test_an_expert_with_no_time_leads_by_the_model(monkeypatch: Any) -> None:
    """An expert whose clock is spent before it solves a layout leads the model's card, and
    says so."""
    view = _lead_view(0)
    empty = CardStats([c.index for c in view.legal if isinstance(c, Card)])
    monkeypatch.setattr(cardplay, "weigh_cards", lambda *a, **k: empty)
    d = expert_card(view, solver(), None, fallback=basic_card(view))  # type: ignore[arg-type]
    costs = lead_model().costs(view, [Card.from_index(i) for i in empty.cards])
    assert d.why.key == "robot.expert.lead_learnt"
    assert isinstance(d.action, Card)
    chosen = costs[empty.cards.index(d.action.index)]
    assert chosen <= min(costs) + cardplay.CONVENTION_MARGIN


def _every_feature() -> set[str]:
    """Every name :func:`lead_features` gives, over many hands, cards and auctions."""
    rng = random.Random(7)
    names: set[str] = set()
    suits = list(Suit)
    for _ in range(3000):
        hand = sum(1 << i for i in rng.sample(range(52), 13))
        card = Card.from_index(rng.choice([i for i in range(52) if hand >> i & 1]))
        bid = [set(rng.sample(suits, rng.randint(0, 2))) for _ in range(3)]
        names.update(
            lead_features(
                hand,
                card,
                trump=rng.choice([None, *suits]),
                partner=bid[0],
                declarer=bid[1],
                dummy=bid[2],
                level=rng.randint(1, 7),
                doubled=rng.random() < 0.2,
            )
        )
    return names


def test_the_shipped_model_speaks_only_of_features_the_robot_sees() -> None:
    """Every term of lead_model.json is a feature, or a pair of features, that lead_features
    gives: a term it never gives would be a weight the robot never uses."""
    data = json.loads(
        resources.files("bridgeroom.robots").joinpath("lead_model.json").read_text("utf-8")
    )
    known = _every_feature()
    assert {"notrump", "suit", "fitted"} <= set(data)
    assert data["fitted"]["seed"] == 5000 and data["fitted"]["deals"] > 19000
    for kind in ("notrump", "suit"):
        assert len(data[kind]) > 100
        for term in data[kind]:
            assert set(term.split("*")) <= known, term
    assert lead_model().weights["suit"] == data["suit"]


def _minibridge_lead(index: int) -> View:
    """The opening leader's view of mini-bridge (no partnership auction: no learnt model) after
    basic robots announce and name the contract on deal ``index`` of seed 2024."""
    state = MiniBridgeDeal(deal_at(2024, index))
    bidder = make_robot("basic")
    while state.phase is not Phase.PLAY:
        state.apply(bidder.decide(state.view(state.to_act)).action)  # type: ignore[arg-type]
    return state.view(state.to_act)  # type: ignore[arg-type]


@pytest.mark.parametrize("layouts", [1, 2, 5])
@pytest.mark.parametrize("index", [0, 1, 3])
def test_a_minibridge_lead_from_too_few_layouts_is_the_rules_lead(index: int, layouts: int) -> None:
    """Where no partnership auction was bid, with fewer than MIN_LAYOUTS layouts (no clock: the
    count is fixed) the lead is the rules' lead, whatever those layouts say, and the reason
    says how many were solved."""
    view = _minibridge_lead(index)
    expert = make_robot("expert", seed=index, time_budget=math.inf, samples=layouts)
    decision = expert.decide(view)
    assert decision.action == basic_card(view).action
    assert decision.why.key == "robot.expert.few_layouts"
    assert f"only {layouts} layout" in decision.reason


def _stats(rows: list[tuple[int, int]], view: View, rule: Card, other: Card) -> CardStats:
    """Layouts in which the leads ``rule`` and ``other`` take the given tricks (every other legal
    card none)."""
    legal = [c.index for c in view.legal if isinstance(c, Card)]
    stats = CardStats(legal, 5)
    for a, b in rows:
        stats.add({rule.index: a, other.index: b}, 1.0)
    return stats


def _lead_with(monkeypatch: Any, view: View, rows: list[tuple[int, int]]) -> tuple[Decision, Card]:
    rule = basic_card(view)
    assert isinstance(rule.action, Card)
    other = next(c for c in view.legal if isinstance(c, Card) and c.suit != rule.action.suit)
    stats = _stats(rows, view, rule.action, other)
    monkeypatch.setattr(cardplay, "weigh_cards", lambda *a, **k: stats)
    d = expert_card(view, solver(), None, fallback=rule)  # type: ignore[arg-type]
    assert isinstance(d.action, Card)
    return d, other


def test_a_lead_better_by_less_than_its_noise_gives_way_to_the_rule(monkeypatch: Any) -> None:
    """Another lead takes a trick more than the rule's in 3 of 10 layouts and one less in 1: 0.2
    tricks more on average, standard error 0.2 (0.2 < 1.645 x 0.2): the rules' lead is kept, and
    its reason gives the figures."""
    view = _minibridge_lead(0)
    rows = [(4, 5)] * 3 + [(5, 4)] + [(4, 4)] * 6
    decision, other = _lead_with(monkeypatch, view, rows)
    chosen = decision.action
    assert isinstance(chosen, Card) and chosen == basic_card(view).action
    assert decision.why.key == "robot.expert.lead_rule"
    assert "gains +0.20 ± 0.20 tricks over it on 10 layouts, too little" in decision.reason
    assert "+0,20 ± 0,20" in decision.explain("ru")
    stats = _stats(rows, view, chosen, other)
    gain, se = stats.advantage(stats.cards.index(other.index), chosen.index)
    assert gain == pytest.approx(0.2) and se == pytest.approx(0.2)
    assert not gain > LEAD_Z * se


def test_a_lead_clearly_better_over_its_layouts_is_played(monkeypatch: Any) -> None:
    """Another lead takes a trick more than the rule's in 9 of 10 layouts (0.9 ± 0.10): the
    expert plays it."""
    view = _minibridge_lead(0)
    rows = [(4, 5)] * 9 + [(4, 4)]
    decision, other = _lead_with(monkeypatch, view, rows)
    assert decision.action == other


def test_from_lead_sure_layouts_on_the_lead_is_chosen_as_any_card(monkeypatch: Any) -> None:
    """A gain of 0.2 ± 0.2 tricks (inside 1.645 standard errors) over LEAD_SURE layouts: the
    layouts are many enough, and the expert's lead is played."""
    view = _minibridge_lead(0)
    assert LEAD_SURE == 30
    rows = [(4, 6)] * 6 + [(6, 4)] * 3 + [(4, 4)] * 21
    decision, other = _lead_with(monkeypatch, view, rows)
    assert decision.action == other
    rule = basic_card(view).action
    assert isinstance(rule, Card)
    stats = _stats(rows, view, rule, other)
    gain, se = stats.advantage(stats.cards.index(other.index), rule.index)
    assert gain == pytest.approx(0.2) and se == pytest.approx(0.2)
    assert not gain > LEAD_Z * se


def test_the_opening_lead_has_a_budget_of_its_own_and_no_other_card_has() -> None:
    """The opening lead may go on to ``lead_budget`` and settles from ``budget`` on; a card
    after the lead keeps its ``budget`` alone (issue 37: the lead takes the time it needs)."""
    view = _lead_view(0)
    assert cardplay.lead_times(view, 100.0, 0.8, 8.0) == (108.0, 100.8)
    assert cardplay.lead_times(view, 100.0, 0.8, None) == (100.8, None)
    assert cardplay.lead_times(view, 100.0, 0.8, 0.5) == (100.8, None)
    expert = ExpertRobot(seed=0)
    assert expert.lead_budget == pytest.approx(10 * expert.budget_for("card")) == 8.0
    assert ExpertRobot(time_budget=4.0).lead_budget == 8.0  # a hint's robot
    assert math.isinf(ExpertRobot(time_budget=math.inf).lead_budget)
    deal = deal_at(2024, 0)
    dealer, vul = board_conditions(0)
    state = ContractBridgeDeal(deal, dealer=dealer, vulnerability=vul)
    bidder = make_robot("basic")
    while state.phase is Phase.AUCTION:
        seat = state.to_act
        assert seat is not None
        state.apply(bidder.decide(state.view(seat)).action)
    state.apply(basic_card(state.view(state.to_act)).action)  # type: ignore[arg-type]
    after = state.view(state.to_act)  # type: ignore[arg-type]
    assert cardplay.lead_times(after, 100.0, 0.8, 8.0) == (100.8, None)


@pytest.mark.parametrize("index", [0, 2, 4])
def test_past_its_card_time_a_lead_stops_once_its_layouts_are_enough(index: int) -> None:
    """With the card's time spent and the lead's far off, the layouts solved are LEAD_SURE, or
    fewer when the best lead is already ahead of every other by LEAD_Z standard errors."""
    view = _lead_view(index)
    stats = cardplay.weigh_cards(
        view,
        solver(),
        np.random.default_rng(index),
        samples=100,
        deadline=time.perf_counter() + 600,
        contract_prior=True,
        settle_by=time.perf_counter(),
    )
    assert cardplay.lead_settled(stats)
    assert stats.count == LEAD_SURE or (
        cardplay.MIN_LAYOUTS <= stats.count < LEAD_SURE and stats.separated(LEAD_Z)
    )


def test_an_expert_keeps_the_layouts_of_its_last_card() -> None:
    """``ExpertRobot.last_stats`` holds the layouts its last card was chosen from (the
    benchmarks' ``lead_expected``): as many as the reason names."""
    view = _lead_view(1)
    expert = make_robot("expert", seed=1, time_budget=math.inf, samples=12)
    assert expert.last_stats is None
    decision = expert.decide(view)
    assert expert.last_stats is not None
    assert expert.last_stats.count == dict(decision.why.params)["n"] == 12
