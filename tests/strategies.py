"""Hypothesis strategies for the deals of every game and the lines of actions taken on them.

A :class:`Line` is a fresh deal and the actions taken on it, one :class:`Step` at a time. Each
action is drawn by Hypothesis at its step (a position in ``state.legal_actions()``, or in table
mode an irregular action of a kind the step draws), so a failing property shrinks to its
shortest line: fewer steps, passes before bids, low cards before high, proper actions before
irregular ones. Every step of a kind draws the same numbers whatever the state (an action is
picked by scaling a number onto the legal ones), so that when the shrinker removes or lowers one
step, the draws of the later steps keep their meaning; tests/test_strategies.py shows failing
properties shrunk to their shortest lines. Use them as::

    @given(lines(contract_deals()))
    def test_something(line: Line[ContractBridgeDeal]) -> None:
        state = line.new()
        for step in line.steps:
            step.apply(state)
            ...

The starting states: :func:`contract_deals` (contract and auction bridge, which share the deal,
AB-1), :func:`three_handed_deals` and :func:`minibridge_deals`, each in strict or table mode.
The ways to act: :func:`proper_step` (any game, legal actions only), :func:`three_handed_attempt`
(TH-21 to TH-23: anything any seat might try), :func:`three_handed_peek` (TH-23),
:func:`minibridge_step` (MB-2 wrong counts and their corrections, MB-12 revokes).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from hypothesis import strategies as st
from hypothesis.strategies import DrawFn, SearchStrategy

from bridgeroom.errors import BridgeError
from bridgeroom.rules import (
    CARDS,
    Call,
    ContractBridgeDeal,
    CorrectAnnouncement,
    Correction,
    Deal,
    DealState,
    Hand,
    MiniBridgeDeal,
    Mode,
    Phase,
    Seat,
    ThreeHandedDeal,
    Vulnerability,
)
from bridgeroom.rules.three_handed import DoubleOf

__all__ = [
    "CALLS",
    "Line",
    "Step",
    "any_deals",
    "auction_over",
    "contract_deals",
    "deals",
    "lines",
    "minibridge_deals",
    "minibridge_step",
    "modes",
    "proper_action",
    "proper_step",
    "seats",
    "three_handed_attempt",
    "three_handed_deals",
    "three_handed_peek",
]

S = TypeVar("S", bound=DealState)
T = TypeVar("T")

#: The 38 calls: pass, double, redouble, 1C ... 7NT.
CALLS = [Call.from_index(i) for i in range(38)]

seats: SearchStrategy[Seat] = st.sampled_from(list(Seat))
modes: SearchStrategy[Mode] = st.sampled_from([Mode.STRICT, Mode.TABLE])


def deals() -> SearchStrategy[Deal]:
    """Any deal: the 52 cards in any order, 13 to each hand (shrinks towards one fixed deal)."""
    return st.permutations(CARDS).map(
        lambda pack: Deal(Hand(pack[13 * i : 13 * i + 13]) for i in range(4))
    )


def _mode(mode: Mode | SearchStrategy[Mode]) -> SearchStrategy[Mode]:
    return mode if isinstance(mode, SearchStrategy) else st.just(mode)


def contract_deals(
    mode: Mode | SearchStrategy[Mode] = Mode.STRICT, cards: SearchStrategy[Deal] | None = None
) -> SearchStrategy[Any]:
    """A fresh deal of contract bridge (and of auction bridge, the same deal, AB-1), its hands
    drawn from ``cards`` (default :func:`deals`)."""
    return st.builds(
        ContractBridgeDeal,
        deals() if cards is None else cards,
        seats,
        st.sampled_from(list(Vulnerability)),
        mode=_mode(mode),
    )


def three_handed_deals(
    mode: Mode | SearchStrategy[Mode] = Mode.STRICT,
    cards: SearchStrategy[Deal] | None = None,
    packs: SearchStrategy[int] | None = None,
) -> SearchStrategy[Any]:
    """A fresh three-handed deal for Ann, Bob and Cy, any dealer (TH-4, TH-5), with the pack
    (1 or 2) drawn from ``packs`` (default: the first)."""
    return st.builds(
        ThreeHandedDeal,
        deals() if cards is None else cards,
        seats,
        mode=_mode(mode),
        players=st.just(("Ann", "Bob", "Cy")),
        pack=st.just(1) if packs is None else packs,
    )


def minibridge_deals(
    mode: Mode | SearchStrategy[Mode] = Mode.STRICT,
    boards: int = 16,
    cards: SearchStrategy[Deal] | None = None,
) -> SearchStrategy[Any]:
    """A fresh mini-bridge deal of board 1 to ``boards`` (MB-1: the board sets dealer and
    vulnerability)."""
    return st.builds(
        MiniBridgeDeal.from_board,
        st.integers(1, boards),
        deals() if cards is None else cards,
        mode=_mode(mode),
    )


def any_deals(mode: Mode | SearchStrategy[Mode] = Mode.STRICT) -> SearchStrategy[Any]:
    """A fresh deal of any game: contract (and auction) bridge, three-handed or mini-bridge."""
    return st.one_of(contract_deals(mode), three_handed_deals(mode), minibridge_deals(mode))


@dataclass(frozen=True)
class Step:
    """One action of a line: ``seat`` ``None`` is the seat to act. An ``attempt`` is an action the
    rules may refuse (an irregularity tried at the table); ``accepted`` is whether the state
    took it. Any other step must be accepted."""

    action: object
    seat: Seat | None = None
    attempt: bool = False
    accepted: bool = True

    def apply(self, state: DealState) -> None:
        state.apply(self.action, seat=self.seat)

    def __repr__(self) -> str:
        text = str(self.action)
        if self.seat is not None:
            text += f"@{self.seat.letter}"
        return text if self.accepted else f"({text} refused)"


@dataclass(frozen=True)
class Line(Generic[S]):
    """A deal before any action (:meth:`new` gives a copy to play) and the steps taken on it."""

    start: S
    steps: tuple[Step, ...]

    def new(self) -> S:
        """A fresh copy of the state before the first step."""
        return self.start.clone()

    def final(self) -> S:
        """The state after every step (refused steps are tried again and must be refused)."""
        state = self.new()
        for step in self.steps:
            try:
                step.apply(state)
            except BridgeError:
                if step.accepted:
                    raise
            else:
                assert step.accepted, f"{step!r} was refused when the line was drawn"
        return state

    @property
    def actions(self) -> list[object]:
        """The actions the state accepted, in order."""
        return [step.action for step in self.steps if step.accepted]

    def __repr__(self) -> str:
        start = repr(self.start).split(" # ")[0]  # the state's repr, less its comment
        return f"Line({start}, steps={list(self.steps)!r})"


#: Every proper step draws two numbers, whatever the state: the shrinker can then change or
#: delete one step without shifting the draws of the steps after it.
_SPAN = 64


def proper_action(draw: DrawFn, state: DealState) -> object:
    """A legal action of the seat to act, drawn: in an auction a pass six times in ten, else
    another legal call; elsewhere any legal action. Shrinks to a pass, the lowest card, 1C."""
    pass_roll = draw(st.integers(0, 9))
    pick = draw(st.integers(0, _SPAN - 1))
    legal = state.legal_actions()
    if state.phase is Phase.AUCTION:
        if pass_roll < 6 or len(legal) == 1:
            return legal[0]  # the pass: legal calls come pass, double, redouble, bids upward
        legal = legal[1:]
    return legal[pick * len(legal) // _SPAN]


def proper_step(draw: DrawFn, state: DealState) -> Step:
    """Any game: a legal action by the seat to act."""
    return Step(proper_action(draw, state))


def _nth(items: Sequence[T], pick: int) -> T:
    """The item of ``items`` that ``pick`` (0 to ``_SPAN - 1``) points at: 0 is the first."""
    return items[pick * len(items) // _SPAN]


def three_handed_attempt(draw: DrawFn, state: DealState) -> Step:
    """TH-21 to TH-23 (table and strict mode): a proper action much of the time, else anything
    any seat might try: a rectification on offer, a call or double out of turn or of the wrong
    bid, a look at dummy, a correction, a card. Many are refused."""
    assert isinstance(state, ThreeHandedDeal)
    roll = draw(st.integers(0, 99))
    seat = draw(seats)
    by_seat = draw(st.booleans())  # else the seat to act
    pick = draw(st.integers(0, _SPAN - 1))
    double_roll = draw(st.integers(0, 9))
    proper = proper_action(draw, state)
    who = seat if by_seat else None
    auction = state.phase is Phase.AUCTION
    if roll < (40 if auction else 70) and state.legal_actions():
        return Step(proper)
    if auction and roll < 60:
        offered = [
            (action, holder)
            for holder, actions in state.table_actions_by_seat().items()
            for action in actions
            if str(action) != "look at dummy"
        ]
        if offered:
            action, holder = _nth(offered, pick)
            return Step(action, holder, attempt=True)
    if roll < 80:
        return Step(Call("X") if double_roll < 3 else _nth(CALLS, pick), who, attempt=True)
    if roll < 86:
        return Step(DoubleOf(_nth(range(len(state.calls) + 1), pick)), who, attempt=True)
    if roll < 90:
        return Step("look at dummy", seat, attempt=True)
    if roll < 93:
        return Step(Correction(_nth(CARDS, pick)), attempt=True)
    return Step(_nth(CARDS, pick), who, attempt=True)


def three_handed_peek(draw: DrawFn, state: DealState) -> Step:
    """TH-23 (table mode): in the auction, one time in ten a live player not yet barred looks at
    dummy (he alone then sees it); otherwise a proper action."""
    assert isinstance(state, ThreeHandedDeal)
    roll = draw(st.integers(0, 9))
    pick = draw(st.integers(0, _SPAN - 1))
    proper = proper_action(draw, state)
    if state.phase is Phase.AUCTION and roll == 9:
        seat = _nth(state.auction_seats(), pick)
        if seat not in state.barred:
            return Step("look at dummy", seat)
    return Step(proper)


def minibridge_step(draw: DrawFn, state: DealState) -> Step:
    """Mini-bridge: the announcements (MB-2), in table mode sometimes a wrong count (any of 0 to
    37) or the correction of one; the contract (MB-6); the play, in table mode one card in ten
    any card of the hand, perhaps a revoke (MB-12)."""
    assert isinstance(state, MiniBridgeDeal)
    roll = draw(st.integers(0, 9))
    fix = draw(st.booleans())
    pick = draw(st.integers(0, _SPAN - 1))
    proper = proper_action(draw, state)
    table = state.mode is Mode.TABLE
    if state.phase is Phase.ANNOUNCE and table and roll >= 7:
        fixes = [f for seat in Seat for f in state.table_actions(seat)]
        if fixes and fix:
            correction = _nth(fixes, pick)
            assert isinstance(correction, CorrectAnnouncement)
            return Step(correction, correction.seat)
        if not isinstance(state.legal_actions()[0], CorrectAnnouncement):
            return Step(str(_nth(range(38), pick)))
    if state.phase is Phase.PLAY and table and roll == 9:
        seat = state.turn
        assert seat is not None
        return Step(_nth(list(state.hand(seat)), pick))
    return Step(proper)


def auction_over(state: DealState) -> bool:
    """Whether the auction (or the deal) is over."""
    return state.phase is not Phase.AUCTION


def _over(state: DealState) -> bool:
    return state.is_over


@st.composite
def _one(draw: DrawFn, act: Callable[[DrawFn, DealState], Step], state: DealState) -> Step:
    """One step, drawn as a unit, so that the shrinker deletes or simplifies whole steps."""
    return act(draw, state)


@st.composite
def lines(
    draw: DrawFn,
    starts: SearchStrategy[S],
    *,
    act: Callable[[DrawFn, DealState], Step] = proper_step,
    steps: int | None = None,
    min_steps: int = 0,
    finish: bool = False,
    until: Callable[[DealState], bool] = _over,
) -> Line[S]:
    """A deal drawn from ``starts`` and a line of steps drawn by ``act`` until ``until`` (by
    default the end of the deal); with ``steps``, at most a drawn number of them, ``min_steps``
    to ``steps`` (shrinking to fewer). With ``finish``, proper actions then take the deal on to
    ``until``."""
    start = draw(starts)
    state = start.clone()
    taken: list[Step] = []
    limit = None if steps is None else draw(st.integers(min_steps, steps))
    while not until(state) and (limit is None or len(taken) < limit):
        step = draw(_one(act, state))
        try:
            step.apply(state)
        except BridgeError:
            if not step.attempt:
                raise
            step = Step(step.action, step.seat, attempt=True, accepted=False)
        taken.append(step)
    while finish and not until(state):
        step = draw(_one(proper_step, state))
        step.apply(state)
        taken.append(step)
    return Line(start, tuple(taken))
