"""Learning-environment throughput: random-policy steps per second, contract bridge.

A *step* is one decision of a player (a call or a card); dealing is not a step
but its time counts. Every loop plays whole deals with a uniformly random legal
action at each step:

* ``pettingzoo``: ``bridgeroom.envs.contract_v0.env()`` through PettingZoo's full
  AEC interface: ``agent_iter()``, ``last()`` (a fresh observation and action mask
  of the agent to act), ``step()``; the action drawn from the mask; the dead steps
  at the end of each deal are timed, not counted;
* ``raw``: ``contract_v0.raw_env()``, no wrapper: ``observe(agent_selection)`` (the
  observation and mask, updated in place), the action drawn from the mask, ``step()``;
* ``vector-N``: ``bridgeroom.envs.vector.VectorEnv`` with N deals at once, the actions
  drawn from the batch of masks by NumPy (``random_actions``); ``vector-1024-GAME``: the
  same with 1024 deals of the other games (auction, three-handed, mini-bridge), for
  reference (no peer);
* ``engine``: the rules engine alone (``legal_actions()``, ``apply()``), no observation;
* ``openspiel``: OpenSpiel's C++ ``bridge`` through pyspiel, ``legal_actions()`` and
  ``apply_action()``, no observation;
* ``openspiel+obs``: the same, with the observation tensor of the player to act
  written at every step through OpenSpiel's fastest route (``make_observation(game)``,
  ``set_from(state, player)`` into one NumPy buffer): what an agent reads at each step;
* ``pgx-bidding-N``: pgx's ``bridge_bidding`` (JAX on the CPU), N auctions at once
  (``jit(vmap(step))`` with pgx's auto-reset, the random legal action drawn inside the
  same jitted function), its double-dummy table made by endplay for deals of ours;
  the auction only, as pgx has no play; ``vector-bidding-N`` is our runner on the
  same phase (the auctions of contract bridge, the deals ended when the auction ends,
  see ``run_vector_bidding``).

Times are CPU time of the process (``time.process_time``, every thread counted: "a
core"); the loops run in interleaved short rounds so that load from other work hits
them alike, and the median rate of each is printed. The last lines are
``raw_ratio_vs_openspiel`` (raw over ``openspiel+obs``: both hand the agent an
observation and its legal actions at every step), ``vector_ratio_vs_openspiel``
(``vector-1024`` over ``openspiel+obs``) and ``vector_ratio_vs_pgx``
(``vector-bidding-1024`` over ``pgx-bidding-1024``, the same phase). pgx needs JAX
(``pip install pgx``, the ``bench`` extra); without it its lines say why and the
other figures are printed.

    python bench/envs.py [--seconds 20] [--rounds 10]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
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


def run_raw(seconds: float, seed: int) -> float:
    from bridgeroom.envs import contract_v0

    env = contract_v0.raw_env()
    env.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    observe, step, terminations = env.observe, env.step, env.terminations
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        env.reset()
        terminations = env.terminations
        while not terminations["player_0"]:
            legal = observe(env.agent_selection)["action_mask"].nonzero()[0]
            step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
    return steps / (time.process_time() - start)


def _vector(num_deals: int, game: str = "contract") -> Callable[[float, int], float]:
    def run(seconds: float, seed: int) -> float:
        import numpy as np

        from bridgeroom.envs.vector import VectorEnv, random_actions

        venv = VectorEnv(game, num_deals, seed=seed)
        batch = venv.reset()
        rng = np.random.default_rng(seed)
        steps = 0
        start = time.process_time()
        end = start + seconds
        while time.process_time() < end:
            batch = venv.step(random_actions(batch.masks, rng))
            steps += num_deals
        return steps / (time.process_time() - start)

    return run


def run_vector_bidding(seconds: float, seed: int, num_deals: int = 1024) -> float:
    """Our runner on the auction alone, as pgx's ``bridge_bidding`` plays it: random calls;
    a deal whose auction has ended (a contract or four passes) is dealt again, its play
    not counted (its deals are re-dealt through ``reset`` of those rows' tables)."""
    import numpy as np

    from bridgeroom.envs.vector import AUCTION, VectorEnv, random_actions

    venv = VectorEnv("contract", num_deals, seed=seed)
    batch = venv.reset()
    rng = np.random.default_rng(seed)
    steps = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        batch = venv.step(random_actions(batch.masks, rng))
        steps += num_deals
        ended = np.flatnonzero(venv.mode != AUCTION)
        if ended.size:
            batch = venv.redeal(ended.tolist())
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


# --- pgx ------------------------------------------------------------------------------

_PGX_DEALS = 16


def pgx_table(path: str, deals: int = _PGX_DEALS, seed: int = 1) -> None:
    """pgx's double-dummy table (``keys``, ``values``: ``2 x deals x 4`` int32) for ``deals``
    random deals of ours, the tricks solved by endplay (through bridgeroom's DDS adapter).

    A key is, per player N E S W, the 13 cards of a suit order S H D C, ace first, each
    written as its holder (0-3) in base 4; a value is, per declarer N E S W, the tricks of
    the five strains C D H S NT as hex digits, clubs highest (pgx's ``_value_to_dds_tricks``)."""
    import numpy as np

    from bridgeroom.robots.dds import solver
    from bridgeroom.rules import Seat, deal_cards

    rng = random.Random(seed)
    cards = [deal_cards(Seat.NORTH, rng) for _ in range(deals)]
    tables = solver().tables([deal.masks for deal in cards])
    keys = np.zeros((deals, 4), np.int64)
    values = np.zeros((deals, 4), np.int64)
    bases = 4 ** np.arange(12, -1, -1)
    for k, (deal, table) in enumerate(zip(cards, tables, strict=True)):
        holder = np.zeros(52, np.int64)
        for seat in Seat:
            for card in deal[seat]:
                # pgx: suit S H D C = 0..3, ace 0, two 1 ... king 12
                suit = 3 - int(card.suit)
                rank = 0 if card.rank == 14 else card.rank - 1
                holder[suit * 13 + rank] = int(seat)
        keys[k] = (holder.reshape(4, 13) * bases).sum(axis=1)
        for seat in Seat:
            values[k, seat] = sum(table[strain][seat] << (16 - 4 * strain) for strain in range(5))
    np.save(path, np.stack([keys, values]).astype(np.int32))


_PGX_LOOP = r"""
import os, sys, time
os.environ.setdefault("JAX_PLATFORMS", "cpu")
import jax, jax.numpy as jnp
from pgx.bridge_bidding import BridgeBidding
from pgx.experimental import auto_reset
path, n, seconds, rounds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
env = BridgeBidding(path)
step = auto_reset(env.step, env.init)

@jax.jit
def advance(state, key):
    key, k1, k2 = jax.random.split(key, 3)
    logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
    action = jax.random.categorical(k1, logits, axis=-1)
    state = jax.vmap(step)(state, action, jax.random.split(k2, n))
    return state, key

key = jax.random.PRNGKey(0)
state = jax.jit(jax.vmap(env.init))(jax.random.split(key, n))
state, key = advance(state, key)
jax.block_until_ready(state)
for r in range(rounds):
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state, key = advance(state, key)
        jax.block_until_ready(state)
        steps += n
    print(steps / (time.process_time() - start), flush=True)
"""


def run_pgx(seconds: float, rounds: int, num: int) -> list[float] | str:
    """pgx's rates (one per round, in a child process: JAX's threads and memory stay out of
    the other loops' process), or why it cannot run here."""
    try:
        import jax  # noqa: F401
        import pgx  # noqa: F401
    except ImportError as err:
        return f"pgx cannot be imported here: {err} (pip install pgx: it needs jax)"
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "dds.npy")
        pgx_table(path)
        env = dict(os.environ, JAX_PLATFORMS="cpu")
        done = subprocess.run(
            [sys.executable, "-c", _PGX_LOOP, path, str(num), str(seconds), str(rounds)],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
    if done.returncode != 0:
        return f"pgx failed: {done.stderr.strip().splitlines()[-1:]}"
    return [float(line) for line in done.stdout.split()]


LOOPS: dict[str, Callable[[float, int], float]] = {
    "pettingzoo": run_pettingzoo,
    "raw": run_raw,
    "vector-1": _vector(1),
    "vector-64": _vector(64),
    "vector-1024": _vector(1024),
    "vector-bidding-1024": run_vector_bidding,
    "vector-1024-auction": _vector(1024, "auction"),
    "vector-1024-three-handed": _vector(1024, "three-handed"),
    "vector-1024-minibridge": _vector(1024, "minibridge"),
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
    print(f"load average before: {os.getloadavg()[0]:.2f}", flush=True)
    rates: dict[str, list[float]] = {name: [] for name in LOOPS}
    for r in range(args.rounds):
        for name, loop in LOOPS.items():
            rates[name].append(loop(slice_s, r + 1))
    pgx = run_pgx(slice_s, args.rounds, 1024)
    median = {name: statistics.median(values) for name, values in rates.items()}
    if isinstance(pgx, list):
        median["pgx-bidding-1024"] = statistics.median(pgx)
    for name, rate in median.items():
        print(f"{name:<25} {rate:>10.0f} steps/s  ({1e6 / rate:6.3f} us/step)")
    if isinstance(pgx, str):
        print(f"pgx-bidding-1024          not measured: {pgx}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    observed = median["openspiel+obs"]
    print(f"pettingzoo_ratio_vs_openspiel: {median['pettingzoo'] / observed:.2f}")
    print(f"raw_ratio_vs_openspiel: {median['raw'] / observed:.2f}")
    print(f"vector_ratio_vs_openspiel: {median['vector-1024'] / observed:.2f}")
    if isinstance(pgx, list):
        ratio = f"{median['vector-bidding-1024'] / median['pgx-bidding-1024']:.2f}"
    else:
        ratio = "not measured (pgx did not run, above)"
    print(f"vector_ratio_vs_pgx: {ratio}")


if __name__ == "__main__":
    main()
