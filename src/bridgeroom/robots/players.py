"""The robots of the three levels, for every game and phase.

>>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
>>> state = ContractBridgeDeal(Deal("N:AK2.KQ3.Q432.Q32 Q963.T74.K96.K96 J85.A962.J85.J85 T74.J85.AT7.AT74"))
>>> BasicRobot().decide(state.view(Seat.NORTH))
Decision(action=Call('1NT'), reason='1NT: 15-17 points, balanced (I have 16)')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from bridgeroom.errors import BridgeError
from bridgeroom.robots.base import Decision, Robot
from bridgeroom.robots.bidding import basic_call, infer
from bridgeroom.robots.bidding.system import Agreements, System, get_system
from bridgeroom.robots.dds import Solver
from bridgeroom.robots.sampler import HandLimits
from bridgeroom.rules.core import Hand, Seat
from bridgeroom.rules.state import Phase, View
from bridgeroom.scoring import ScoreForm

if TYPE_CHECKING:
    from bridgeroom.robots.cardplay import CardStats

__all__ = ["BUDGET_SHARE", "LEAD_MOST", "BasicRobot", "ExpertRobot", "default_form"]

#: The most seconds an opening lead may take, whatever the time for one card (a hint's robot has
#: 4 s a card): the lead's share of :data:`BUDGET_SHARE` up to this (:attr:`ExpertRobot.lead_budget`).
LEAD_MOST = 8.0
#: The expert's time for each kind of decision, as a share of its time for one card.
BUDGET_SHARE: dict[str, float] = {
    "card": 1.0,
    "lead": 10.0,
    "call": 0.5,
    "three-handed call": 0.5,
    "contract": 1.8,
}


def default_form(view: View) -> ScoreForm:
    """The score form a robot plays to when none is given: the game's usual one, from the
    flags of the rules the deal is played by (``View.variant``).

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
    >>> state = ContractBridgeDeal(Deal("N:AK2.KQ3.Q432.Q32 Q963.T74.K96.K96 J85.A962.J85.J85 T74.J85.AT7.AT74"))
    >>> default_form(state.view(Seat.NORTH))
    <ScoreForm.DUPLICATE: 'duplicate'>
    """
    variant = view.variant
    score = view.score
    auction = score is not None and score.game == 30
    if not variant.four_handed:
        return ScoreForm.THREE_HANDED_AUCTION if auction else ScoreForm.THREE_HANDED_CONTRACT
    if variant.announcements:
        return ScoreForm.MINIBRIDGE
    if score is not None:  # a score that counts games: a rubber or a Chicago round
        return (
            ScoreForm.AUCTION if auction else ScoreForm.CHICAGO if score.deal else ScoreForm.RUBBER
        )
    return ScoreForm.DUPLICATE


class BasicRobot(Robot):
    """The ``basic`` level: the natural system (docs/bidding.md), the seed's mini-bridge advice
    (MB-13), a documented formula in the three-handed auction, rules of thumb in the play."""

    level = "basic"

    def __init__(
        self,
        *,
        seed: int | None = None,
        scoring: ScoreForm | None = None,
        system: System | None = None,
        opponents: System | None = None,
        at_score: bool = True,
    ) -> None:
        if scoring is not None and not isinstance(scoring, ScoreForm):
            raise BridgeError(
                f"a robot plays to a ScoreForm, not {scoring!r}: ScoreForm.parse reads a name"
            )
        for given in (system, opponents):
            if given is not None and not isinstance(given, System):
                raise BridgeError(
                    f"a robot bids by a System, not {given!r}: get_system reads a name"
                )
        self.seed = seed
        self.scoring = scoring
        #: Whether the robot plays to the score its views show (``View.score``: the part-scores,
        #: games and vulnerability of a rubber or a Chicago round); ``False``: it values each
        #: deal's result as if nothing were on score (docs/robots.md, "Playing to the score").
        self.at_score = at_score
        #: the robot's side's bidding system, and the opponents' (both ``standard`` by default)
        self.system = system if system is not None else get_system("standard")
        self.opponents = opponents if opponents is not None else get_system("standard")

    def agreements(self, view: View) -> Agreements:
        """The systems of the two sides as the robot at ``view.seat`` knows them: its own side's
        and the opponents'."""
        return Agreements.for_seat(view.seat, self.system, self.opponents)

    def form(self, view: View) -> ScoreForm:
        """The score form the robot plays to (given, or the game's usual one)."""
        return self.scoring if self.scoring is not None else default_form(view)

    def _decide(self, view: View) -> Decision:
        phase = view.phase
        if phase is Phase.PLAY:
            decision = self.card(view)
        elif phase is Phase.AUCTION:
            partnership = view.variant.partnership_auction
            decision = self.call(view) if partnership else self.three_handed_call(view)
        elif phase is Phase.NAMING:
            decision = self.name_contract(view)
        elif phase is Phase.ANNOUNCE:
            action = view.legal[0]
            decision = Decision.because(action, "robot.announce")
        else:
            decision = Decision.because(view.legal[0], "robot.only_action")
        return decision

    # --- the decisions, one per kind ------------------------------------------------------

    def card(self, view: View) -> Decision:
        from bridgeroom.robots.play import basic_card

        return basic_card(view)

    def call(self, view: View) -> Decision:
        decision = basic_call(view, self.agreements(view))
        if self.at_score and view.score is not None:
            from bridgeroom.robots.score import call_at_score

            decision = call_at_score(view, decision, self.form(view), self.agreements(view))
        return decision

    def three_handed_call(self, view: View) -> Decision:
        from bridgeroom.robots.three_handed import basic_three_handed_call

        return basic_three_handed_call(view, at_score=self.at_score)

    def name_contract(self, view: View) -> Decision:
        from bridgeroom.robots.minibridge import basic_contract

        return basic_contract(view)

    # --- claims ----------------------------------------------------------------------------

    def should_claim(self, view: View) -> int | None:
        """Tricks to claim now, when the rest is certain (see :mod:`bridgeroom.robots.claims`)."""
        from bridgeroom.robots.claims import should_claim

        return should_claim(view)

    def accepts_claim(
        self, view: View, tricks: int, claimer: Seat | None = None, shown: Hand | None = None
    ) -> bool:
        """Whether to accept ``claimer``'s claim of ``tricks`` of the remaining tricks
        (``shown``: the claimer's faced hand)."""
        from bridgeroom.robots.claims import accepts_claim

        return accepts_claim(
            view, tricks, claimer, shown=shown, rng=np.random.default_rng(self.seed)
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


class ExpertRobot(BasicRobot):
    """The ``expert`` level: Monte-Carlo double dummy over layouts that agree with the view.

    ``time_budget`` is the time for one card, in seconds (no DDS batch is started that is not
    expected to end by then, one that runs late is waited for, never left running, and the
    layouts solved decide); a call
    gets half of it, a mini-bridge contract 1.8 times it, and the opening lead up to ten times
    it (at most :data:`LEAD_MOST` seconds: :attr:`lead_budget`), going on past the card's time
    only until its layouts are enough
    (:func:`~bridgeroom.robots.cardplay.lead_settled`; :data:`BUDGET_SHARE`).
    ``samples`` caps the layouts per card. ``threads`` sets the
    DDS thread count of the process if it is the first to use DDS (0: DDS decides). ``use_auction=False`` makes the
    card play ignore what the auction showed (for contracts imposed without a real
    auction, as in the benchmarks). ``read_contract`` lets a defender also read the final
    contract (the declaring side's usual strength and fit, :mod:`bridgeroom.robots.inference`)
    in four-handed games. ``card_reading`` weighs the layouts by the opponents' last cards
    (how many; 0, the default, turns it off: see :mod:`bridgeroom.robots.cardplay`).
    ``call_samples`` caps the layouts of a call or a mini-bridge contract (``None``: each
    decision's own number).
    """

    level = "expert"

    def __init__(
        self,
        *,
        seed: int | None = None,
        scoring: ScoreForm | None = None,
        system: System | None = None,
        opponents: System | None = None,
        time_budget: float = 0.8,
        samples: int = 100,
        threads: int | None = None,
        use_auction: bool = True,
        read_contract: bool = True,
        card_reading: int = 0,
        call_samples: int | None = None,
        at_score: bool = True,
    ) -> None:
        super().__init__(
            seed=seed, scoring=scoring, system=system, opponents=opponents, at_score=at_score
        )
        if not time_budget > 0:  # NaN too
            raise BridgeError(
                f"a robot's time budget is a positive number of seconds, not {time_budget}"
            )
        self.time_budget = time_budget
        self.samples = samples
        self.threads = threads
        self.use_auction = use_auction
        self.read_contract = read_contract
        self.card_reading = card_reading
        self.call_samples = call_samples
        self.rng = np.random.default_rng(seed)
        self._solver: Solver | None = None
        from bridgeroom.robots.three_handed import Cache

        self._cache = Cache()
        #: The layouts weighed for its last card that needed them (``None`` before any):
        #: what the benchmarks judge a lead by (:meth:`card_stats`).
        self.last_stats: CardStats | None = None

    def budget_for(self, kind: str) -> float:
        """The time for one decision of ``kind`` (a key of :data:`BUDGET_SHARE`), in seconds.

        >>> ExpertRobot(time_budget=1.0).budget_for("call")
        0.5
        """
        return self.time_budget * BUDGET_SHARE[kind]

    @property
    def lead_budget(self) -> float:
        """The most an opening lead may take: ten times a card's time (:data:`BUDGET_SHARE`), at
        most :data:`LEAD_MOST` seconds, never less than a card's time.

        >>> ExpertRobot().lead_budget, ExpertRobot(time_budget=0.25).lead_budget
        (8.0, 2.5)
        >>> ExpertRobot(time_budget=4.0).lead_budget
        8.0
        """
        return max(self.time_budget, min(self.budget_for("lead"), LEAD_MOST))

    @property
    def solver(self) -> Solver:
        if self._solver is None:
            from bridgeroom.robots.dds import solver

            self._solver = solver(self.threads)
        return self._solver

    def _card_limits(self, view: View) -> tuple[list[HandLimits | None] | None, bool]:
        """What the card play reads of the unseen hands (the auction's and the contract's
        limits, per seat) and whether the opening lead weighs the contract's likelihood."""
        inferred: list[HandLimits | None] | None = None
        # What the calls and the contract tell of a hand is read by the partnership system.
        system = view.variant.partnership_auction
        if self.use_auction and view.calls and system:
            inferred = list(infer(view, self.agreements(view)))
        if self.read_contract and system:
            from bridgeroom.robots.inference import contract_limits

            inferred = contract_limits(view, inferred)
        return inferred, self.read_contract and system

    def card(self, view: View) -> Decision:
        from bridgeroom.robots.cardplay import card_from, obvious_card
        from bridgeroom.robots.play import basic_card

        quick = obvious_card(view)
        if quick is not None:
            return quick
        stats = self.card_stats(view)
        self.last_stats = stats
        return card_from(view, stats, basic_card(view))

    def card_stats(self, view: View) -> CardStats:
        """The layouts and double-dummy tricks that :meth:`card` weighs for the card due: the
        same ones, for a robot of the same seed that has decided nothing yet.

        It answers what the robot's own layouts expect of a card
        (:meth:`~bridgeroom.robots.cardplay.CardStats.expected_cost`); the benchmarks use it
        to tell a card chosen badly from a card chosen well on too little information.
        """
        import time

        from bridgeroom.robots.cardplay import lead_times, weigh_cards

        inferred, contract_prior = self._card_limits(view)
        deadline, settle_by = lead_times(
            view, time.perf_counter(), self.time_budget, self.lead_budget
        )
        return weigh_cards(
            view,
            self.solver,
            self.rng,
            inferred=inferred,
            samples=self.samples,
            deadline=deadline,
            judge=self.card_reading,
            contract_prior=contract_prior,
            settle_by=settle_by,
        )

    def call(self, view: View) -> Decision:
        from bridgeroom.robots.auction import expert_call

        return expert_call(
            view,
            self.solver,
            self.rng,
            budget=self.budget_for("call"),
            form=self.form(view),
            at_score=self.at_score,
            systems=self.agreements(view),
            **self._call_samples(),
        )

    def three_handed_call(self, view: View) -> Decision:
        from bridgeroom.robots.three_handed import expert_three_handed_call

        return expert_three_handed_call(
            view,
            self.solver,
            self.rng,
            cache=self._cache,
            budget=self.budget_for("three-handed call"),
            form=self.form(view),
            at_score=self.at_score,
            **self._call_samples(),
        )

    def name_contract(self, view: View) -> Decision:
        from bridgeroom.robots.minibridge import expert_contract

        return expert_contract(
            view,
            self.solver,
            self.rng,
            budget=self.budget_for("contract"),
            form=self.form(view),
            **self._call_samples(),
        )

    def _call_samples(self) -> dict[str, int]:
        return {} if self.call_samples is None else {"samples": self.call_samples}

    def accepts_claim(
        self, view: View, tricks: int, claimer: Seat | None = None, shown: Hand | None = None
    ) -> bool:
        from bridgeroom.robots.claims import accepts_claim

        return accepts_claim(view, tricks, claimer, shown=shown, solver=self.solver, rng=self.rng)

    def __repr__(self) -> str:
        return (
            f"ExpertRobot(seed={self.seed!r}, time_budget={self.time_budget!r}, "
            f"samples={self.samples!r})"
        )
