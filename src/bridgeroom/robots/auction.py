"""Expert refinement of the four-handed auction: when the system places the contract, weigh the
nearby contracts over sampled layouts.

When the ``basic`` call is one that places the contract (a raise to game, a
sign-off, a pass of partner's contract, a pass of the opponents' contract),
the expert samples layouts agreeing with what the auction showed (soft
limits, :func:`bridgeroom.robots.bidding.infer`), solves the declarer's tricks
double dummy for a few candidate contracts (the system's choice, the cheapest
and the game bid in the partnership's best strains, a slam when the points
allow, the opponents' contract if they own it) and makes the call that leads
to the best mean score. It keeps the system's call unless another is better
by more than ``margin`` points on average (a new contract that fails more often
than not is valued doubled); other calls are the system's.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import numpy as np

from bridgeroom.robots.base import Decision
from bridgeroom.robots.bidding import Context, Facts, Partnership, basic_call_detail, infer_calls
from bridgeroom.robots.bidding.system import Agreements
from bridgeroom.robots.contracts import declarers_tricks, order_for
from bridgeroom.robots.dds import Solver
from bridgeroom.robots.public import knowledge
from bridgeroom.robots.sampler import sample
from bridgeroom.robots.score import call_at_score, column_of
from bridgeroom.robots.values import game_level, value
from bridgeroom.rules.core import Call, Contract, Seat, Strain
from bridgeroom.rules.state import View
from bridgeroom.scoring import ScoreForm

__all__ = ["MIN_LAYOUTS", "expert_call"]

#: Fewer layouts solved than this in the time and the system's call stands.
MIN_LAYOUTS = 4


def _declarer_for(calls: Sequence[tuple[Seat, Call]], seat: Seat, strain: Strain) -> Seat:
    """The member of ``seat``'s side who first named ``strain`` (CB-8), else ``seat``."""
    for s, c in calls:
        if c.is_bid and c.strain == strain and (s == seat or s == seat.partner):
            return s
    return seat


def expert_call(
    view: View,
    solver: Solver,
    rng: np.random.Generator,
    *,
    samples: int = 16,
    budget: float = 0.4,
    form: ScoreForm = ScoreForm.DUPLICATE,
    margin: float = 20.0,
    systems: Agreements | None = None,
    at_score: bool = True,
) -> Decision:
    """The expert call for the seat to act (one of ``view.legal``), the calls read by each
    side's system in ``systems``.

    ``at_score``: where the view shows a score that counts games (``View.score``), the system's
    call is first changed as the score asks (:func:`~bridgeroom.robots.score.call_at_score`)
    and the contracts are weighed by what they do to the rubber
    (:func:`~bridgeroom.robots.values.value`); ``False``: as if nothing were on score.
    """
    start = time.perf_counter()
    decision, placing = basic_call_detail(view, systems)
    score = view.score if at_score else None
    if score is not None:
        decision = call_at_score(view, decision, form, systems)
    if not placing or view.hand is None:
        return decision
    me = view.seat
    ctx = Context(me, view.dealer, tuple(view.calls))
    limits = infer_calls(ctx.calls, ctx.dealer, systems)
    side = Partnership(Facts(view.hand.mask), limits[me.partner])
    legal = {c for c in view.legal if isinstance(c, Call)}
    last, bidder, doubled = ctx.last_bid, ctx.last_bidder, ctx.doubled
    ours = bidder is not None and ctx.ours(bidder)
    # candidate contracts: (call, contract, declarer)
    options: dict[Call, tuple[Contract, Seat]] = {}
    if last is not None and bidder is not None and last.strain is not None:
        declarer = _declarer_for(ctx.calls, bidder, last.strain)
        options[Call.PASS] = (Contract(last.level, last.strain, doubled, declarer), declarer)
    strains: list[Strain] = []
    best, _ = side.best_strain()
    chosen = decision.action if isinstance(decision.action, Call) else Call.PASS
    for st in (
        chosen.strain,
        best,
        last.strain if ours and last is not None else None,
        Strain.NOTRUMP,
    ):
        if st is not None and st not in strains:
            strains.append(st)
    strains = strains[:3]
    for st in strains:
        cheapest = ctx.cheapest(st)
        levels = {cheapest.level} if cheapest is not None else set()
        levels.add(game_level(form, st, 0))
        if score is not None:  # the game the score needs, and no more (docs/robots.md)
            mine = column_of(view, me)
            assert mine is not None
            levels.add(max(1, min(7, game_level(form, st, score.leg(mine)))))
        if side.low >= 29:
            levels.add(6)
        for level in sorted(levels):
            call = Call.bid(level, st)
            if call in legal:
                declarer = _declarer_for(ctx.calls, me, st)
                options[call] = (Contract(level, st, 0, declarer), declarer)
    if chosen.is_bid and chosen in legal and chosen not in options and chosen.strain is not None:
        declarer = _declarer_for(ctx.calls, me, chosen.strain)
        options[chosen] = (Contract(chosen.level, chosen.strain, 0, declarer), declarer)
    if len(options) < 2 or chosen not in options:
        return decision
    k = knowledge(view, limits)
    layouts = list(sample(k, samples, rng, deadline=start + budget / 5))
    if not layouts:
        return decision
    # every declarer's strains solved in each layout (a layout solved for one declarer and not
    # the other would be time lost)
    keys = list(dict.fromkeys((declarer, c.strain) for c, declarer in options.values()))
    plays = [(order_for(declarer, declarer.partner), st) for declarer, st in keys]
    got = declarers_tricks(layouts, plays, solver, deadline=start + budget)
    n = len(got)
    tricks = {key: got[:, j] for j, key in enumerate(keys)}
    if n < MIN_LAYOUTS:
        return Decision.because(chosen, "robot.auction.few_layouts", reason=decision.why, n=n)
    scored: list[tuple[float, Call, Contract]] = []
    for call, (contract, declarer) in options.items():
        col = tricks[(declarer, contract.strain)][:n]
        vul = view.vulnerability.is_vulnerable(declarer)
        column = column_of(view, declarer) if score is not None else None
        mean = float(
            np.mean([value(form, contract, int(t), vul, score=score, column=column) for t in col])
        )
        if call.is_bid and float(np.mean(col >= contract.tricks_needed)) < 0.5:
            # a contract that probably fails is doubled by opponents who see as much
            doubled_contract = Contract(contract.level, contract.strain, 1, declarer)
            mean = min(
                mean,
                float(
                    np.mean(
                        [
                            value(form, doubled_contract, int(t), vul, score=score, column=column)
                            for t in col
                        ]
                    )
                ),
            )
        if not (declarer == me or declarer == me.partner):
            mean = -mean
        scored.append((mean, call, contract))
    base = next(m for m, c, _ in scored if c == chosen)
    top = max(scored, key=lambda x: x[0])
    if top[1] == chosen or top[0] - base <= margin:
        return Decision.because(chosen, "robot.auction.keep", reason=decision.why, mean=base, n=n)
    call, contract = top[1], top[2]
    what: Call | Contract = contract if call.is_bid or call.is_pass else call
    return Decision.because(
        call, "robot.auction.better", contract=what, mean=top[0], n=n, chosen=chosen, base=base
    )
