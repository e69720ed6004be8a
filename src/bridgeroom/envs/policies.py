"""Baselines: bridgeroom's robots as policies, and an agent's strength measured against them in IMPs.

A :class:`Policy` chooses an action id from what an agent may know: the
observation dict of the environments and the agent's
:class:`~bridgeroom.rules.state.View` (the robots decide from views). In a
PettingZoo loop call it with the environment and the agent::

    >>> from bridgeroom.envs import contract_v0
    >>> env = contract_v0.env()
    >>> env.reset(seed=3)
    >>> robot = RobotPolicy("basic", seed=1)
    >>> action = robot(env, env.agent_selection)
    >>> bool(env.observe(env.agent_selection)["action_mask"][action])
    True

:func:`evaluate` plays an agent against a robot level (``random``, ``basic``,
``expert``) or another policy on the same deals, as a duplicate match does, and
returns its IMPs per deal with a confidence interval:

* the four-handed games: each deal is played at two tables, the agent North-South
  against the opponents at the first, East-West at the second; the agent's IMPs on
  the deal are those of the difference between the two North-South scores (Law 78B);
* three-handed bridge: the deal is played by the opponents alone, and once with the
  agent in each player's place; the agent's IMPs on the deal are the mean over the
  three places of the IMPs of the difference between his reward there and the
  opponent's in the same place.

Scores are the environments' rewards (:class:`~bridgeroom.envs.table.Table`:
duplicate scores in contract bridge, the deal's points elsewhere). The interval
is the normal approximation, ``mean +- z * stdev / sqrt(deals)``.
"""

from __future__ import annotations

import abc
import copy
import math
import random
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from bridgeroom.envs.actions import action_id, actions
from bridgeroom.envs.layout import layout_for
from bridgeroom.envs.table import Table
from bridgeroom.envs.tracker import Tracker
from bridgeroom.errors import BridgeError
from bridgeroom.robots import LEVELS, Robot, make_robot
from bridgeroom.rules.core import Seat
from bridgeroom.rules.state import Action, DealState, View
from bridgeroom.scoring.compare import imps

__all__ = ["Evaluation", "Policy", "RandomPolicy", "RobotPolicy", "evaluate", "policy_for"]


class Policy(abc.ABC):
    """Chooses an action id for the agent to act."""

    #: Whether :meth:`act` reads the view (robots); the observation is always given.
    needs_view: ClassVar[bool] = False
    name: str = "policy"

    @abc.abstractmethod
    def act(self, observation: Mapping[str, np.ndarray], view: View | None) -> int:
        """The action id to play, given the agent's observation (``observation`` and
        ``action_mask``) and, for a policy that ``needs_view``, his view."""

    def __call__(self, env: Any, agent: str) -> int:
        """The action of ``agent`` in a PettingZoo environment of :mod:`bridgeroom.envs`."""
        view = env.unwrapped.view(agent) if self.needs_view else None
        return self.act(env.observe(agent), view)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"


class RandomPolicy(Policy):
    """A uniformly random legal action, from the mask."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.name = "random"

    def act(self, observation: Mapping[str, np.ndarray], view: View | None) -> int:
        legal = np.flatnonzero(observation["action_mask"])
        if legal.size == 0:
            raise BridgeError("no legal action: this agent is not to act")
        return int(legal[self.rng.randrange(legal.size)])


class RobotPolicy(Policy):
    """One of bridgeroom's robots (``random``, ``basic``, ``expert``; or a robot object)
    deciding from the agent's view."""

    needs_view = True

    def __init__(self, robot: str | Robot = "basic", *, seed: int | None = None) -> None:
        self.robot = robot if isinstance(robot, Robot) else make_robot(robot, seed=seed)
        self.name = self.robot.level or type(self.robot).__name__

    def act(self, observation: Mapping[str, np.ndarray], view: View | None) -> int:
        if view is None:
            raise BridgeError("a robot decides from the agent's view; none was given")
        return action_id(self.robot.decide(view).action)


def policy_for(who: str | Policy, seed: int | None = None) -> Policy:
    """A policy: given, or a robot of level ``who``."""
    if isinstance(who, Policy):
        return who
    if who not in LEVELS:
        raise BridgeError(f"no robot level {who!r}; the levels are {', '.join(LEVELS)}")
    return RobotPolicy(who, seed=seed)


@dataclass(frozen=True)
class Evaluation:
    """An agent's IMPs per deal against an opponent (see :func:`evaluate`)."""

    game: str
    agent: str
    opponent: str
    imps: tuple[float, ...]
    confidence: float = 0.95

    @property
    def deals(self) -> int:
        return len(self.imps)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.imps) if self.imps else 0.0

    @property
    def stdev(self) -> float:
        return statistics.stdev(self.imps) if len(self.imps) > 1 else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The confidence interval of the mean (normal approximation)."""
        z = statistics.NormalDist().inv_cdf(0.5 + self.confidence / 2)
        half = z * self.stdev / math.sqrt(max(1, self.deals))
        return (self.mean - half, self.mean + half)

    def __str__(self) -> str:
        low, high = self.interval
        return (
            f"{self.agent} against {self.opponent}, {self.game}, {self.deals} deals: "
            f"{self.mean:+.2f} IMPs per deal ({self.confidence:.0%} interval "
            f"{low:+.2f} to {high:+.2f})"
        )


def _play(
    state: DealState,
    policies: Sequence[Policy],
    tracker: Tracker | None,
    by_id: Sequence[Action],
) -> DealState:
    """Play ``state`` to the end, ``policies[player]`` deciding for each player."""
    seats = [state.seat_of(p) for p in range(len(policies))]
    if tracker is not None:
        tracker.start(state, seats)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        player = state.player_at(seat)
        assert player is not None
        policy = policies[player]
        view = state.view(seat) if policy.needs_view else None
        mask = np.zeros(len(by_id), np.int8)
        for action in state.legal_actions():
            mask[action_id(action)] = 1
        observation = {
            "observation": tracker.observe(seat) if tracker is not None else mask,
            "action_mask": mask,
        }
        chosen = policy.act(observation, view)
        if not mask[chosen]:
            raise BridgeError(f"{policy!r} chose action {chosen}, which is not legal now")
        turn = state.turn
        action = by_id[chosen]
        state.apply(action)
        if tracker is not None:
            tracker.after(state, turn, action)  # type: ignore[arg-type]
    return state


def evaluate(
    agent: Policy,
    opponent: str | Policy = "basic",
    *,
    game: str = "contract",
    deals: int = 100,
    seed: int = 0,
    confidence: float = 0.95,
) -> Evaluation:
    """The IMPs per deal of ``agent`` against ``opponent`` (a robot level or a policy) over
    ``deals`` deals of ``game`` dealt from ``seed`` (see the module text).

    >>> result = evaluate(RandomPolicy(seed=1), "random", deals=4, seed=2)
    >>> result.deals, len(result.interval)
    (4, 2)
    """
    if deals < 1:
        raise BridgeError(f"an evaluation plays at least one deal, not {deals}")
    if not 0 < confidence < 1:
        raise BridgeError(f"the confidence is between 0 and 1, not {confidence}")
    table = Table(game, seed=seed)
    name = table.game.name
    players = table.game.players
    layout = layout_for(table.game.deal_class.rules_name)
    tracker = Tracker(layout)
    by_id = actions(name)
    opponent_name = opponent if isinstance(opponent, str) else opponent.name
    results: list[float] = []
    for number in range(deals):
        fresh = table.deal()

        def opponents(table_number: int, base: int = number) -> list[Policy]:
            return [
                policy_for(opponent, seed=seed * 7919 + base * 101 + table_number * 11 + p)
                for p in range(players)
            ]

        def score(state: DealState) -> tuple[float, ...]:
            return copy.deepcopy(table).score(state)

        if players == 4:
            first = opponents(1)
            first[0] = first[2] = agent
            second = opponents(2)
            second[1] = second[3] = agent
            played = _play(fresh.clone(), first, tracker, by_id)
            ns_first = score(played)[Seat.NORTH]
            ns_second = score(_play(fresh.clone(), second, tracker, by_id))[Seat.NORTH]
            results.append(float(imps(int(ns_first - ns_second))))
        else:
            played = _play(fresh.clone(), opponents(0), tracker, by_id)
            base = score(played)
            gains = []
            for place in range(players):
                seated = opponents(place + 1)
                seated[place] = agent
                rewards = score(_play(fresh.clone(), seated, tracker, by_id))
                gains.append(imps(int(rewards[place] - base[place])))
            results.append(statistics.fmean(gains))
        table.score(played)  # the session goes on with the first table's result
    return Evaluation(name, agent.name, opponent_name, tuple(results), confidence)
