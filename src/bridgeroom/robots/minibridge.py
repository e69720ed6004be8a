"""Mini-bridge: the declarer names the contract (MB-6) from his hand, the four counts and
dummy's suit lengths (MB-2, MB-5).

``basic`` follows the seed's advice (MB-13) through the coach of
:mod:`bridgeroom.teaching.coach`; ``expert`` samples layouts that agree with the four
counts and dummy's lengths, solves the declarer's tricks in every strain
double dummy, and names the contract with the best mean score under MB-T1 and
MB-T2 (no overtricks, MB-9).
"""

from __future__ import annotations

import time

import numpy as np

from bridgeroom.i18n import DEFAULT_LANGUAGE, LANGUAGES, Texts
from bridgeroom.robots.base import Decision
from bridgeroom.robots.contracts import declarer_tricks, expected_values, order_for
from bridgeroom.robots.dds import Solver
from bridgeroom.robots.public import knowledge
from bridgeroom.robots.sampler import sample
from bridgeroom.rules.core import Call, Contract, Strain
from bridgeroom.rules.state import View
from bridgeroom.scoring import ScoreForm

__all__ = ["basic_contract", "expert_contract"]

_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
#: Fewer layouts solved than this in the time and the seed's advice stands.
MIN_LAYOUTS = 4


def basic_contract(view: View) -> Decision:
    """The contract the seed's advice (MB-13) recommends, with the coach's reason in every language."""
    from bridgeroom.teaching.coach import coach

    advice = {lang: coach(view, lang=lang) for lang in LANGUAGES}  # the coach's own sentences
    call = advice[DEFAULT_LANGUAGE].contract.bid
    reasons = Texts(**{lang: a.reason for lang, a in advice.items()})
    return Decision.because(call, "robot.minibridge.coach", advice=reasons)


def expert_contract(
    view: View,
    solver: Solver,
    rng: np.random.Generator,
    *,
    samples: int = 40,
    budget: float = 1.6,
    form: ScoreForm = ScoreForm.MINIBRIDGE,
) -> Decision:
    """The contract with the best mean score over sampled layouts (MB-9, MB-10, MB-11)."""
    start = time.perf_counter()
    assert view.declarer is not None and view.dummy_seat is not None
    k = knowledge(view)
    layouts = sample(k, samples, rng, deadline=start + budget / 4)
    if layouts.count == 0:
        return basic_contract(view)
    order = order_for(view.declarer, view.dummy_seat)
    tricks = declarer_tricks(list(layouts), order, _STRAINS, solver, deadline=start + budget)
    if len(tricks) < MIN_LAYOUTS:
        advice = basic_contract(view)
        return Decision.because(
            advice.action, "robot.minibridge.few_layouts", advice=advice.why, n=len(tricks)
        )
    vulnerable = view.vulnerability.is_vulnerable(view.declarer)
    contracts = [Contract(level, strain) for level in range(1, 8) for strain in _STRAINS]
    values = expected_values(tricks, _STRAINS, contracts, form, vulnerable)
    best = max(range(len(contracts)), key=lambda i: (values[i][0], -contracts[i].level))
    c = contracts[best]
    mean, made = values[best]
    call = Call.bid(c.level, c.strain)
    return Decision.because(
        call, "robot.minibridge.expert", mean=float(mean), made=float(made), n=len(tricks)
    )
