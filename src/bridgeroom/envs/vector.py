"""Many deals stepped together in one process: a batch of observations in, a batch of actions out.

A :class:`VectorEnv` holds ``num_deals`` deals, each at its own table (its own
session and seed, :class:`~bridgeroom.envs.table.Table`). At every step each deal
has one player to act: :meth:`~VectorEnv.step` takes one action id per deal and
returns a :class:`Batch`: the observations of the players now to act (one row
per deal, the layout of :mod:`bridgeroom.envs.layout`), their legal-action
masks, who they are, and for each deal that just ended its rewards (one per
player) and ``done``; a finished deal is replaced at once by the next deal of
its table, whose first observation is in the same batch.

    >>> import numpy as np
    >>> venv = VectorEnv("contract", 8, seed=1)
    >>> batch = venv.reset()
    >>> batch.observations.shape, batch.masks.shape, batch.players.tolist()
    ((8, 1224), (8, 90), [0, 0, 0, 0, 0, 0, 0, 0])
    >>> rng = np.random.default_rng(1)
    >>> finished = 0
    >>> while finished < 20:
    ...     batch = venv.step(random_actions(batch.masks, rng))
    ...     finished += int(batch.done.sum())
    >>> bool((batch.rewards[batch.done].sum(axis=1) == 0).all())  # zero-sum deals
    True
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from bridgeroom.envs.actions import MaskMaker, action_count, actions
from bridgeroom.envs.layout import layout_for
from bridgeroom.envs.table import Table
from bridgeroom.envs.tracker import Tracker
from bridgeroom.errors import IllegalActionError
from bridgeroom.rules.core import Seat
from bridgeroom.rules.state import DealState, Phase

__all__ = ["Batch", "VectorEnv", "random_actions"]


class Batch(NamedTuple):
    """What a :class:`VectorEnv` returns: per deal, the acting player's observation, mask and
    number; the rewards of the deals that ended at this step (by player; zeros elsewhere)
    and which ended."""

    observations: np.ndarray
    masks: np.ndarray
    players: np.ndarray
    rewards: np.ndarray
    done: np.ndarray


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of ``masks``.

    >>> random_actions(np.array([[0, 1, 1], [1, 0, 0]], np.int8), np.random.default_rng(0)).tolist()[1]
    0
    """
    scores = rng.random(masks.shape) * masks
    return np.asarray(scores.argmax(axis=1))


class VectorEnv:
    """``num_deals`` deals of ``game`` stepped together (see the module text)."""

    def __init__(
        self,
        game: str = "contract",
        num_deals: int = 64,
        *,
        scoring: str | None = None,
        reward: str = "score",
        seed: int | None = None,
    ) -> None:
        if num_deals < 1:
            raise IllegalActionError(f"a vector of deals holds at least one, not {num_deals}")
        self.tables = [
            Table(game, scoring=scoring, reward=reward, seed=None if seed is None else seed + i)
            for i in range(num_deals)
        ]
        self.num_deals = num_deals
        self.game = self.tables[0].game.name
        self.num_players = self.tables[0].game.players
        self.layout = layout_for(self.tables[0].game.deal_class.rules_name)
        self.num_actions = action_count(self.game)
        self._actions = actions(self.game)
        self._mask_of = MaskMaker(self.game)
        self._trackers = [Tracker(self.layout) for _ in range(num_deals)]
        self._deals: list[DealState] = []
        self._seats: list[list[Seat]] = []
        self._obs = np.zeros((num_deals, self.layout.size), np.int8)
        self._masks = np.zeros((num_deals, self.num_actions), np.int8)
        self._players = np.zeros(num_deals, np.int64)

    @property
    def deals(self) -> tuple[DealState, ...]:
        """The deals being played (the whole truth: for judging, not for agents)."""
        return tuple(self._deals)

    def reset(self, seed: int | None = None) -> Batch:
        """Deal a new deal at every table (``seed``: new sessions from ``seed``, ``seed + 1``...)."""
        if seed is not None:
            for i, table in enumerate(self.tables):
                table.seed(seed + i)
        self._deals = []
        self._seats = []
        for i, table in enumerate(self.tables):
            self._deals.append(table.deal())
            self._seats.append([])
            self._start(i)
        for i in range(self.num_deals):
            self._write(i)
        empty = np.zeros((self.num_deals, self.num_players))
        return Batch(
            self._obs.copy(),
            self._masks.copy(),
            self._players.copy(),
            empty,
            np.zeros(self.num_deals, bool),
        )

    def _start(self, i: int) -> None:
        deal = self._deals[i]
        seats = [deal.seat_of(p) for p in range(self.num_players)]
        self._seats[i] = seats
        self._trackers[i].start(deal, seats)

    def _write(self, i: int) -> None:
        """Row ``i`` of the batch: the observation and mask of the player to act in deal ``i``."""
        deal = self._deals[i]
        seat = deal.to_act
        assert seat is not None
        player = deal.player_at(seat)
        assert player is not None
        self._players[i] = player
        self._trackers[i].observe_into(seat, self._obs[i])
        self._masks[i] = np.frombuffer(self._mask_of(deal), np.int8)

    def step(self, actions: np.ndarray | list[int]) -> Batch:
        """Apply one action id per deal (by its player to act); see :class:`Batch`. An illegal
        action raises the engine's error; the deals before it in the batch have moved."""
        if len(actions) != self.num_deals:
            raise IllegalActionError(
                f"one action per deal: {self.num_deals} actions, not {len(actions)}"
            )
        rewards = np.zeros((self.num_deals, self.num_players))
        done = np.zeros(self.num_deals, bool)
        for i, raw in enumerate(np.asarray(actions).tolist()):
            if not 0 <= raw < self.num_actions:
                raise IllegalActionError(f"no action has id {raw} (deal {i})", action=raw)
            deal = self._deals[i]
            seat = deal.turn
            action = self._actions[raw]
            deal.apply(action)
            self._trackers[i].after(deal, seat, action)  # type: ignore[arg-type]
            if deal.phase is Phase.DONE:
                rewards[i] = self.tables[i].score(deal)
                done[i] = True
                self._deals[i] = self.tables[i].deal()
                self._start(i)
            self._write(i)
        return Batch(self._obs.copy(), self._masks.copy(), self._players.copy(), rewards, done)
