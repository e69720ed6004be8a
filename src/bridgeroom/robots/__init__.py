"""Computer players for every game: bidding, contract choice and card play, at three levels.

A robot sees only a :class:`~bridgeroom.rules.state.View` and returns a
:class:`Decision`: a legal action and a one-line reason.

* ``random``: a uniformly random legal action;
* ``basic``: rules (a natural bidding system, the seed's mini-bridge advice,
  a formula for the three-handed auction, rules of thumb in the play), instant;
* ``expert``: Monte-Carlo double dummy: layouts of the unseen cards that agree
  with everything public (:mod:`bridgeroom.robots.sampler`), solved by DDS
  through endplay (:mod:`bridgeroom.robots.dds`), within a time budget.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
    >>> state = ContractBridgeDeal(Deal("N:AK2.KQ3.Q432.Q32 Q963.T74.K96.K96 J85.A962.J85.J85 T74.J85.AT7.AT74"))
    >>> robot = make_robot("basic")
    >>> robot.decide(state.view(Seat.NORTH)).action
    Call('1NT')

Importing this package does not import endplay; the expert imports it on
its first decision.
"""

from __future__ import annotations

from pathlib import Path

from bridgeroom.errors import BridgeError
from bridgeroom.robots.base import Decision, RandomRobot, Robot, RobotError
from bridgeroom.robots.bidding.system import (
    Agreements,
    System,
    get_system,
    load_system,
    resolve_system,
    system_names,
)
from bridgeroom.robots.players import BasicRobot, ExpertRobot
from bridgeroom.scoring import ScoreForm

__all__ = [
    "LEVELS",
    "BasicRobot",
    "Decision",
    "ExpertRobot",
    "RandomRobot",
    "Robot",
    "RobotError",
    "make_robot",
    "Agreements",
    "System",
    "get_system",
    "load_system",
    "resolve_system",
    "systems",
]

#: The robot levels, weakest first.
LEVELS: tuple[str, ...] = ("random", "basic", "expert")


def make_robot(
    level: str,
    *,
    seed: int | None = None,
    time_budget: float | None = None,
    scoring: ScoreForm | str | None = None,
    samples: int | None = None,
    threads: int | None = None,
    at_score: bool = True,
    system: System | str | Path | None = None,
    opponents: System | str | Path | None = None,
) -> Robot:
    """A robot of ``level`` (``random``, ``basic`` or ``expert``).

    ``seed`` makes its choices reproducible; ``time_budget`` (seconds per card,
    expert only) bounds its thinking; ``scoring`` is the score form it plays to, a
    :class:`~bridgeroom.scoring.ScoreForm` or the name people type, read here (default: the
    game's usual one); ``samples`` caps the expert's layouts per card; ``threads`` sets the
    DDS thread count of the process if nothing used DDS before. ``system`` is the bidding
    system of the robot's side and ``opponents`` the other side's (a :class:`System`, a
    shipped name of :func:`systems` or a system file's path; default ``standard``): the robot
    bids by its own and reads the opponents' calls by theirs. ``at_score=False`` makes the
    robot value each deal's result as if nothing were on score (``View.score``: the part-scores,
    games and vulnerability of a rubber or a Chicago round, which robots play to by default).

    >>> make_robot("expert", seed=1, time_budget=0.5)
    ExpertRobot(seed=1, time_budget=0.5, samples=100)
    >>> make_robot("basic", scoring="Chicago").scoring
    <ScoreForm.CHICAGO: 'chicago'>
    >>> make_robot("basic", system="acol").system.notrump
    (12, 14)
    >>> make_robot("grandmaster")
    Traceback (most recent call last):
    ...
    bridgeroom.errors.BridgeError: no robot level 'grandmaster'; the levels are random, basic, expert
    """
    key = level.strip().lower()
    form = None if scoring is None else ScoreForm.parse(scoring)
    mine, theirs = resolve_system(system), resolve_system(opponents)
    if key == "random":
        return RandomRobot(seed=seed)
    if key == "basic":
        return BasicRobot(seed=seed, scoring=form, system=mine, opponents=theirs, at_score=at_score)
    if key == "expert":
        options: dict[str, object] = {}
        if time_budget is not None:
            options["time_budget"] = time_budget
        if samples is not None:
            options["samples"] = samples
        return ExpertRobot(
            seed=seed,
            scoring=form,
            threads=threads,
            system=mine,
            opponents=theirs,
            at_score=at_score,
            **options,  # type: ignore[arg-type]
        )
    raise BridgeError(f"no robot level {level!r}; the levels are {', '.join(LEVELS)}")


def systems() -> tuple[str, ...]:
    """The names of the bidding systems shipped with bridgeroom (a system of one's own loads
    from its file: :func:`load_system`).

    >>> systems()
    ('acol', 'standard')
    """
    return system_names()
