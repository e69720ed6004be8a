"""The robots the measures play with: a level, a seed, and how the expert thinks.

The expert's decisions are *anytime*: each stops at its time budget, so how many layouts decide a
card depends on the machine and its load, and two runs of a measure differ by more than a small
change of the robot does. ``layouts`` takes the clock away: every expert card is played from at
most that many layouts (fewer only when it is settled early) and every call from its usual
number, however long they take, so two runs of the same code make the same calls and cards and a
change can be measured paired, card for card.

    >>> robot("expert", 7, layouts=20)
    ExpertRobot(seed=7, time_budget=inf, samples=20)
    >>> robot("expert", 7, budget=0.5)
    ExpertRobot(seed=7, time_budget=0.5, samples=100)

A level may name the bidding system its robots play after an ``@``: ``basic@acol`` (its
opponents play their own, ``opponents``; by default the same).

    >>> robot("basic@acol", 7).system.name, robot("basic@acol", 7, opponents="basic").opponents.name
    ('acol', 'standard')
"""

from __future__ import annotations

import math

from bridgeroom.robots import make_robot
from bridgeroom.robots.base import Robot

__all__ = ["robot", "split_level"]


def split_level(level: str) -> tuple[str, str]:
    """A measured level's robot level and bidding system (``standard`` when not named).

    >>> split_level("expert@acol"), split_level("basic")
    (('expert', 'acol'), ('basic', 'standard'))
    """
    name, _, system = level.partition("@")
    return name, system or "standard"


def robot(
    level: str,
    seed: int,
    *,
    budget: float | None = None,
    layouts: int | None = None,
    opponents: str | None = None,
) -> Robot:
    """A robot of ``level`` (``basic``, ``expert@acol``...) seeded with ``seed``; for the
    expert, ``budget`` seconds a card (``None``: its default) or, with ``layouts``, no clock and
    at most ``layouts`` layouts a card (``budget`` is then ignored); ``opponents``: the level
    whose system the other side plays (default: this one's)."""
    name, system = split_level(level)
    theirs = split_level(opponents)[1] if opponents is not None else system
    if layouts is not None:
        if layouts < 1:
            raise ValueError(f"a decision needs at least one layout, not {layouts}")
        return make_robot(
            name,
            seed=seed,
            time_budget=math.inf,
            samples=layouts,
            system=system,
            opponents=theirs,
        )
    return make_robot(name, seed=seed, time_budget=budget, system=system, opponents=theirs)
