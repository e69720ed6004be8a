"""The PettingZoo AEC environment of the four games (``contract_v0`` ... are thin modules over it).

One episode is one deal. The agents are the players, ``player_0`` ... in their
order around the table: in the four-handed games ``player_i`` sits at
``Seat(i)`` (N, E, S, W); in three-handed bridge the players keep their order
while their compass seats turn with the deal (TH-5) and nobody plays the dummy's
seat (TH-4). The agent to act is the player whose call or card is due; the
declarer acts for the dummy (CB-9, TH-10), so a four-handed dummy does not act
in the play.

``observe(agent)`` returns ``{"observation": ..., "action_mask": ...}``: the
observation is the layout of :mod:`bridgeroom.envs.layout` (``int8``), or with
``observation="openspiel"`` OpenSpiel's contract-bridge tensor
(:mod:`bridgeroom.envs.spiel_layout`, ``float32``, contract and auction bridge);
the mask marks the legal action ids of the agent to act (all zeros for the
others, and once the deal is over). Action ids are the engine's: cards 0-51,
calls 52-89 (pass 52, double 53, redouble 54, 1C 55 ... 7NT 89), and in
mini-bridge the announcements of 0-37 points 90-127 (MB-2). An illegal action
raises the engine's typed error (:class:`~bridgeroom.errors.IllegalActionError`,
naming the rule) and changes nothing.

Rewards come at the end of the deal (:class:`~bridgeroom.envs.table.Table`):
the deal's score from each agent's side under the score form (``scoring``), or
with ``reward="imps"`` IMPs against par.

    >>> from bridgeroom.envs import contract_v0
    >>> env = contract_v0.env()
    >>> env.reset(seed=7)          # board 1: North deals (CB-B1)
    >>> env.agent_selection
    'player_0'
    >>> obs = env.observe("player_0")
    >>> obs["observation"].shape, obs["action_mask"].shape, int(obs["action_mask"].sum())
    ((1224,), (90,), 36)
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from bridgeroom.envs.actions import MaskMaker, actions
from bridgeroom.envs.layout import card_bits, card_bytes, layout_for
from bridgeroom.envs.render import svg, text
from bridgeroom.envs.spiel_layout import encode_openspiel, openspiel_size
from bridgeroom.envs.table import Boards, Table
from bridgeroom.envs.tracker import REFUSED, ContractSteps, Tracker
from bridgeroom.errors import BridgeError, IllegalActionError
from bridgeroom.rules.core import Contract, Deal, Seat, Strain
from bridgeroom.rules.state import Action, ContractBridgeDeal, DealState, Phase, View

__all__ = ["OBSERVATIONS", "BridgeEnv", "OrderEnforcing", "make_env"]

#: The observation layouts: bridgeroom's own, or OpenSpiel's contract-bridge tensor (with the
#: true seats, or as pyspiel writes it, as if North had dealt).
OBSERVATIONS = ("bridgeroom", "openspiel", "openspiel-north")

_DONE, _PLAY = Phase.DONE, Phase.PLAY


class BridgeEnv(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """A game of the family as a PettingZoo AEC environment (see the module text).

    ``game``: ``contract``, ``auction``, ``three-handed`` or ``minibridge``;
    ``scoring``: one of the game's score forms; ``reward``: ``score`` or ``imps``;
    ``observation``: ``bridgeroom``, ``openspiel`` (OpenSpiel's tensor with the true seats) or
    ``openspiel-north`` (as pyspiel writes it, as if North had dealt: see
    :mod:`bridgeroom.envs.spiel_layout`); ``render_mode``: ``ansi`` (``render()`` returns the
    text), ``human`` (prints it) or ``svg`` (returns the deal diagram of
    :mod:`bridgeroom.svg`).

    ``inplace``: ``observe(agent)`` returns the same two arrays for an agent all along,
    updated in place as the deal goes on (``raw_env()``), instead of fresh copies
    (``env()``). The observation is the tracker's own memory, the mask is written once a
    step, for the agent to act; OpenSpiel's tensors are built at each ``observe``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class attribute; copied per instance
        "render_modes": ["human", "ansi", "svg"],
        "name": "bridge_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str = "contract",
        *,
        scoring: str | None = None,
        reward: str = "score",
        observation: str = "bridgeroom",
        render_mode: str | None = None,
        inplace: bool = False,
    ) -> None:
        super().__init__()
        self._table = Table(game, scoring=scoring, reward=reward)
        name = self._table.game.name
        self.metadata = {**BridgeEnv.metadata, "name": f"{name.replace('-', '_')}_v0"}
        if observation not in OBSERVATIONS:
            raise BridgeError(
                f"the observation is 'bridgeroom', 'openspiel' or 'openspiel-north', "
                f"not {observation!r}"
            )
        if observation != "bridgeroom" and name not in ("contract", "auction"):
            raise BridgeError(
                f"OpenSpiel's observation describes contract bridge (and auction bridge, "
                f"played by the same rules, AB-1), not {name}"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise BridgeError(
                f"render_mode is one of {', '.join(self.metadata['render_modes'])}, "
                f"not {render_mode!r}"
            )
        self.render_mode = render_mode
        self.game = name
        self.observation_kind = observation
        self._spiel = observation != "bridgeroom"
        self._spiel_north = observation == "openspiel-north"
        self.inplace = bool(inplace)
        rules = self._table.game.deal_class.rules_name
        self.layout = layout_for(rules)
        self._tracker = Tracker(self.layout)
        self._actions = actions(name)
        self._n_actions = len(self._actions)
        self._masks = MaskMaker(name)
        self.possible_agents = list(self._table.players)
        self._index = {agent: i for i, agent in enumerate(self.possible_agents)}
        n = self._n_actions
        self._mask_buf = bytearray(len(self.possible_agents) * n)
        #: One mask per agent, written in place: the agent to act's, zeros for the others.
        self._mask_rows = np.frombuffer(self._mask_buf, np.int8).reshape(-1, n)
        self._mask_zeros = bytes(n)
        self._masked: int | None = None
        #: Contract bridge's rules with bridgeroom's observation: the steps are made on plain
        #: integers (ContractSteps), the engine's deal brought up to date when it is asked for.
        self._steps = (
            ContractSteps(self._tracker, self._mask_buf, n)
            if not self._spiel and self._table.game.deal_class is ContractBridgeDeal
            else None
        )
        self._steps_step = None if self._steps is None else self._steps.step
        self._fast = False  # the seats and rows of ContractSteps set up
        #: ContractSteps.step while a deal of contract bridge's rules is going on, else None
        self._fast_step: Callable[[int], int] | None = None
        self._names = tuple(self.possible_agents)
        #: Contract bridge's steps with duplicate scoring and the score as the reward: the
        #: boards' dealers, vulnerabilities and scores kept here (Boards), the table dealing
        #: the cards only, its session unused.
        self._boards = (
            Boards()
            if self._steps is not None
            and self._table.scoring == "duplicate"
            and self._table.reward == "score"
            else None
        )
        self._contract_names: dict[tuple[int, int, int, int], str] = {}
        #: observe() hands out the same arrays (set once a deal is dealt)
        self._in_place = False
        self._pending: list[int] = []  # the actions stepped but not yet applied to the engine
        self._observed: dict[str, dict[str, np.ndarray]] = {}
        if self._spiel:
            observed = spaces.Box(0.0, 1.0, (openspiel_size(),), np.float32)
        else:
            observed = spaces.Box(0, 1, (self.layout.size,), np.int8)  # type: ignore[arg-type]
        mask = spaces.Box(0, 1, (self._n_actions,), np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": observed, "action_mask": mask})
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self._n_actions) for agent in self.possible_agents
        }
        self._state: DealState | None = None

    # --- spaces ---------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the episode ------------------------------------------------------------

    @property
    def deal(self) -> DealState:
        """The deal being played (the whole truth: for judging, not for agents)."""
        state = self._state
        if state is None:
            raise BridgeError("no deal yet: call reset() first")
        pending = self._pending
        if pending:
            actions = self._actions
            for index in pending:
                state.apply(actions[index])
            pending.clear()
        return state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal the next deal (``seed``: start a new session from this seed). ``options``
        may give the cards to play, ``{"deal": "N:..."}`` (a PBN deal or a
        :class:`~bridgeroom.rules.Deal`); other keys are ignored."""
        cards = options.get("deal") if options else None
        if isinstance(cards, str):
            cards = Deal.parse(cards)  # a bad deal is refused before anything changes
        elif cards is not None and not isinstance(cards, Deal):
            raise BridgeError(f"options['deal'] is a PBN deal or a Deal, not {cards!r}")
        if seed is not None:
            self._table.seed(seed)
            if self._boards is not None:
                self._boards.restart()
        boards = self._boards
        state: DealState
        if boards is not None:
            dealer = boards.dealer
            if cards is None:
                cards = self._table.cards(dealer)
            state = ContractBridgeDeal(cards, dealer, boards.vulnerability)
        else:
            state = self._table.deal(cards)
        self._state = state
        self._in_place = self.inplace and not self._spiel
        self._pending = []
        agents = self.possible_agents
        if self._steps is not None:  # contract bridge's rules: the players at their seats
            self._start_fast(state)
            return
        self.agents = list(agents)
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
        seats = [state.seat_of(i) for i in range(len(agents))]
        self._seat: dict[str, Seat] = dict(zip(agents, seats, strict=True))
        self._agent_at: dict[Seat, str] = dict(zip(seats, agents, strict=True))
        if not self._spiel:
            self._tracker.start(state, seats)
            self._observed = {
                agent: {
                    "observation": self._tracker.row(seat),
                    "action_mask": self._mask_rows[self._index[agent]],
                }
                for agent, seat in self._seat.items()
            }
        to_act = state.to_act
        assert to_act is not None
        self.agent_selection = self._agent_at[to_act]
        self._write_mask(state)

    def _start_fast(self, state: DealState) -> None:
        """:meth:`reset` for a fresh deal of contract bridge's rules, stepped by
        :class:`ContractSteps`: ``player_i`` at ``Seat(i)``."""
        agents = self.possible_agents
        self.agents = list(agents)
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos = {agent: {} for agent in agents}
        self._fast_step = self._steps_step
        if not self._fast:
            self._fast = True
            self._seat = dict(zip(agents, Seat, strict=True))
            self._agent_at = dict(zip(Seat, agents, strict=True))
            self._observed = {
                agent: {
                    "observation": self._tracker.row(seat),
                    "action_mask": self._mask_rows[self._index[agent]],
                }
                for agent, seat in self._seat.items()
            }
        steps = self._steps
        assert steps is not None
        steps.start(state)
        self._pending = steps.pending  # the actions accepted, replayed in the engine on demand
        self.agent_selection = agents[steps.actor]

    def _write_mask(self, state: DealState) -> None:
        """The masks after a change: the previous agent's cleared, the agent to act's written."""
        n = self._n_actions
        buf = self._mask_buf
        masked = self._masked
        if masked is not None:
            buf[masked * n : masked * n + n] = self._mask_zeros
        if state.phase is _DONE:
            self._masked = None
            return
        p = self._masked = self._index[self.agent_selection]
        if state.phase is _PLAY:
            # the cards alone: the row was cleared above if it held the agent's calls
            buf[p * n : p * n + 52] = card_bytes(state.legal_mask())
        else:
            buf[p * n : p * n + n] = self._masks(state)

    def view(self, agent: str) -> View:
        """What ``agent`` may see now (for policies that decide from a view: the robots)."""
        return self.deal.view(self._seat[agent])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if self._in_place:
            return self._observed[agent]
        state = self._state
        if state is None:
            raise BridgeError("no deal yet: call reset() first")
        if self.inplace and not self._spiel:
            return self._observed[agent]
        seat = self._seat[agent]
        if self._spiel:
            observed = encode_openspiel(state.view(seat), dealer_as_north=self._spiel_north)
        else:
            observed = self._tracker.observe(seat)
        mask = self._mask_rows[self._index[agent]]
        return {"observation": observed, "action_mask": mask if self.inplace else mask.copy()}

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def _action(self, action: object) -> Action:
        """The engine's action of an action id (an ``int`` or a NumPy integer)."""
        return self._actions[self._action_index(action)]

    def _action_index(self, action: object) -> int:
        """An action id (an ``int`` or a NumPy integer), or a typed error saying why not."""
        if type(action) is int:
            index = action
        else:
            if action is None:
                raise IllegalActionError(
                    f"{self.agent_selection} is to act: None is the action of an agent "
                    "whose deal is over"
                )
            try:
                index = operator.index(action)  # type: ignore[arg-type]
            except TypeError:
                raise IllegalActionError(
                    f"an action is an id 0 to {self._n_actions - 1}, not {action!r}",
                    action=action,
                ) from None
        if not 0 <= index < self._n_actions:
            raise IllegalActionError(
                f"no action has id {index}; the ids are 0 to {self._n_actions - 1}",
                action=action,
            )
        return index

    def step(self, action: int | None) -> None:
        fast = self._fast_step
        if fast is not None:  # contract bridge's rules, the deal going on
            index = action if type(action) is int else self._action_index(action)
            actor = fast(index)
            if actor >= 0:
                # no reward before the end of the deal: the cumulative rewards are all 0
                self.agent_selection = self._names[actor]
                return
            if actor == REFUSED:
                self._refuse(index)
            self._fast_step = None
            steps = self._steps
            assert steps is not None
            boards = self._boards
            tricks = steps.won[0]
            if boards is not None:
                declarer = steps.declarer
                key = (steps.level, steps.strain, steps.doubled, declarer)
                ns = boards.score(*key, tricks)
                self._record(
                    None if declarer < 0 else self._contract_name(key),
                    tricks,
                    (float(ns), float(-ns), float(ns), float(-ns)),
                )
                return
            state = self._state
            assert state is not None
            result = steps.result(state)
            self._record(
                None if result.contract is None else str(result.contract),
                tricks,
                self._table.score_result(result, state.rules_name),
            )
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if type(action) is int and 0 <= action < self._n_actions:
            act = self._actions[action]
        else:
            act = self._action(action)
        state = self._state
        assert state is not None
        seat = state.turn
        state.apply(act)  # an illegal action raises here, and nothing has changed
        if not self._spiel:
            self._tracker.after(state, seat, act)  # type: ignore[arg-type]
        self._cumulative_rewards[agent] = 0.0
        if state.phase is _DONE:
            self._finish(state)
        else:
            self.agent_selection = self._agent_at[state.to_act]  # type: ignore[index]
        self._write_mask(state)

    def _refuse(self, index: int) -> None:
        """An action id :class:`ContractSteps` refused: the engine raises the typed error
        naming the rule (and changes nothing)."""
        self.deal.apply(self._action(index))  # an id out of range is refused first
        raise BridgeError(
            f"the rules accepted {self._actions[index]} where the environment refused it"
        )

    def _finish(self, state: DealState) -> None:
        rewards = self._table.score(state)
        result = state.result
        assert result is not None
        contract = None if result.contract is None else str(result.contract)
        self._record(contract, result.tricks, rewards)

    def _contract_name(self, key: tuple[int, int, int, int]) -> str:
        """The contract (``4SXE``) of level, strain (0-4), doubling (0-2) and declarer (0-3)."""
        name = self._contract_names.get(key)
        if name is None:
            level, strain, doubled, declarer = key
            contract = Contract(level, Strain(strain), doubled, Seat(declarer))
            name = self._contract_names[key] = str(contract)
        return name

    def _record(self, contract: str | None, tricks: int, rewards: tuple[float, ...]) -> None:
        """The end of the deal: each agent's reward and the result (the contract, the
        declarer's tricks) in his info."""
        rewarded, cumulative = self.rewards, self._cumulative_rewards
        terminations, infos = self.terminations, self.infos
        for agent, reward in zip(self._names, rewards, strict=True):
            rewarded[agent] = reward
            cumulative[agent] += reward  # PettingZoo's _accumulate_rewards
            terminations[agent] = True
            infos[agent] = {"contract": contract, "tricks": tricks}

    # --- the rest of the API ------------------------------------------------------

    def render(self) -> str | None:
        """The table as text (``ansi``: returned; ``human``: printed) or as the SVG deal diagram
        of :mod:`bridgeroom.svg` (``svg``: returned)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (ansi, human or svg)")
            return None
        if self.render_mode == "svg":
            return svg(self.deal, self._table.game.title())
        picture = text(self.deal, self._table.game.title())
        if self.render_mode == "human":
            print(picture)
            return None
        return picture

    def state(self) -> np.ndarray:
        """The whole table for centralised training: the four remaining hands (4 x 52, N E S W),
        then the observation of ``player_0`` in bridgeroom's layout."""
        deal = self.deal
        hands = [card_bits(deal.hand(seat).mask) for seat in Seat]
        first = self._seat[self.possible_agents[0]]
        return np.concatenate([*hands, self.layout.encode(deal.view(first))])

    def close(self) -> None:
        """Nothing to release: the environment holds no window, file or process."""


class OrderEnforcing(OrderEnforcingWrapper[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """PettingZoo's order enforcement (no step or observation before ``reset``), with the
    attributes read at every step forwarded directly rather than through ``__getattr__``."""

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        agents: list[str] = self.env.agents
        return agents

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        agent: str = self.env.agent_selection
        return agent

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        last: tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]
        last = self.env.last(observe)
        return last

    def step(self, action: int | None) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)


def make_env(game: str, **options: Any) -> OrderEnforcing:
    """``BridgeEnv(game, **options)`` wrapped as PettingZoo's classic games are."""
    return OrderEnforcing(BridgeEnv(game, **options))
