"""Learning-environment throughput: random-policy steps per second, contract bridge.

A *step* is one decision of a player (a call or a card); dealing is not a step
but its time counts. Every loop plays whole deals with a uniformly random legal
action at each step:

* ``pettingzoo``: ``bridgeroom.envs.contract_v0.env()`` through PettingZoo's full
  AEC interface: ``agent_iter()``, ``last()`` (the observation and the action
  mask of the agent to act, built at every step), ``step()``; the action is drawn
  from the mask; the dead steps at the end of each deal are timed, not counted;
* ``vector``: ``bridgeroom.envs.vector.VectorEnv`` with 64 deals at once, the actions
  drawn from the batch of masks by NumPy;
* ``pettingzoo-null``: the same loop on an AEC environment that plays no game at all (it
  hands out a constant observation and mask of the same sizes and ends after 62 steps),
  through the same order-enforcing wrapper: the cost of PettingZoo's interface itself;
  ``null-stock``: the same through PettingZoo's own ``OrderEnforcingWrapper`` (``env()``
  uses a subclass of it that forwards the attributes read at every step directly);
* ``engine``: the rules engine alone (``legal_actions()``, ``apply()``), no observation;
* ``openspiel``: OpenSpiel's C++ ``bridge`` through pyspiel, ``legal_actions()`` and
  ``apply_action()``, no observation;
* ``openspiel+obs``: the same, with the observation tensor of the player to act
  written at every step through OpenSpiel's fastest route (``make_observation(game)``,
  ``set_from(state, player)`` into one NumPy buffer): what an agent reads at each step,
  as ``last()`` gives it in PettingZoo.

Times are CPU time of the process (``time.process_time``); the loops run in
interleaved short rounds so that load from other work hits them alike, and the
median rate of each is printed. ``ratio_vs_openspiel`` (the last line) is the
PettingZoo rate over ``openspiel+obs`` (both hand the agent an observation and its
legal actions at every step); the ratio to the bare loop is printed above it.

    python bench/envs.py [--seconds 20] [--rounds 10]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable


def run_pettingzoo(seconds: float, seed: int) -> float:
    from bridgeroom.envs import contract_v0

    env = contract_v0.env()
    env.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        env.reset()
        for _agent in env.agent_iter():
            obs, _reward, done, truncated, _info = env.last()
            if done or truncated:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
    return steps / (time.process_time() - start)


def run_null(seconds: float, seed: int, stock: bool = False) -> float:
    import numpy as np
    from pettingzoo import AECEnv
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    from bridgeroom.envs.aec import OrderEnforcing

    class Null(AECEnv):  # type: ignore[misc]
        metadata = {"name": "null_v0"}  # noqa: RUF012

        def __init__(self) -> None:
            self.possible_agents = [f"player_{i}" for i in range(4)]
            self.obs = np.zeros(1224, np.int8)
            self.mask = np.zeros(90, np.int8)
            self.mask[:13] = 1

        def reset(self, seed: int | None = None, options: object = None) -> None:
            agents = self.agents = list(self.possible_agents)
            self.rewards = dict.fromkeys(agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(agents, 0.0)
            self.terminations = dict.fromkeys(agents, False)
            self.truncations = dict.fromkeys(agents, False)
            self.infos = {agent: {} for agent in agents}
            self.agent_selection = agents[0]
            self.steps = 0

        def observe(self, agent: str) -> dict[str, np.ndarray]:
            return {"observation": self.obs.copy(), "action_mask": self.mask.copy()}

        def step(self, action: int | None) -> None:
            agent = self.agent_selection
            if self.terminations[agent]:
                self._was_dead_step(action)
                return
            self.steps += 1
            self._cumulative_rewards[agent] = 0.0
            if self.steps == 62:
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                self.agent_selection = self.possible_agents[self.steps & 3]

    env = OrderEnforcingWrapper(Null()) if stock else OrderEnforcing(Null())
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        env.reset()
        for _agent in env.agent_iter():
            obs, _reward, done, truncated, _info = env.last()
            if done or truncated:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
    return steps / (time.process_time() - start)


def run_null_stock(seconds: float, seed: int) -> float:
    return run_null(seconds, seed, stock=True)


def run_vector(seconds: float, seed: int) -> float:
    import numpy as np

    from bridgeroom.envs.vector import VectorEnv, random_actions

    venv = VectorEnv("contract", 64, seed=seed)
    batch = venv.reset()
    rng = np.random.default_rng(seed)
    steps = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        batch = venv.step(random_actions(batch.masks, rng))
        steps += venv.num_deals
    return steps / (time.process_time() - start)


def run_engine(seconds: float, seed: int) -> float:
    from bridgeroom.rules import ContractBridgeDeal, Seat, Vulnerability, deal_cards

    rng = random.Random(seed)
    steps = deals = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        state = ContractBridgeDeal(deal_cards(Seat(deals & 3), rng), Seat(deals & 3))
        state.vulnerability = Vulnerability.NONE
        apply = state.apply
        legal = state.legal_actions
        while not state.is_over:
            actions = legal()
            apply(actions[int(rng.random() * len(actions))])
            steps += 1
        deals += 1
    return steps / (time.process_time() - start)


def _spiel(seconds: float, seed: int, observe: bool) -> float:
    import pyspiel
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    observation = make_observation(game)
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                continue
            if observe:
                observation.set_from(state, state.current_player())
            actions = state.legal_actions()
            state.apply_action(actions[int(rng.random() * len(actions))])
            steps += 1
        state.returns()
    return steps / (time.process_time() - start)


def run_openspiel(seconds: float, seed: int) -> float:
    return _spiel(seconds, seed, observe=False)


def run_openspiel_observed(seconds: float, seed: int) -> float:
    return _spiel(seconds, seed, observe=True)


LOOPS: dict[str, Callable[[float, int], float]] = {
    "pettingzoo": run_pettingzoo,
    "pettingzoo-null": run_null,
    "null-stock": run_null_stock,
    "vector": run_vector,
    "engine": run_engine,
    "openspiel": run_openspiel,
    "openspiel+obs": run_openspiel_observed,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="total time per loop")
    parser.add_argument("--rounds", type=int, default=10, help="interleaved rounds")
    args = parser.parse_args()
    slice_s = args.seconds / args.rounds
    rates: dict[str, list[float]] = {name: [] for name in LOOPS}
    for r in range(args.rounds):
        for name, loop in LOOPS.items():
            rates[name].append(loop(slice_s, r + 1))
    median = {name: statistics.median(values) for name, values in rates.items()}
    for name, rate in median.items():
        print(f"{name:<16} {rate:>9.0f} steps/s  ({1e6 / rate:5.2f} us/step)")
    print(f"ratio_vs_openspiel_bare: {median['pettingzoo'] / median['openspiel']:.2f}")
    print(f"ratio_vs_openspiel: {median['pettingzoo'] / median['openspiel+obs']:.2f}")


if __name__ == "__main__":
    main()
