"""Mini-bridge: each player announces his points (MB-2), the stronger pair declares (MB-3), its declarer names the contract (MB-6), then the play (MB-8); boards scored with tables MB-T1 and MB-T2.

>>> from bridgeroom.envs import minibridge_v0
>>> env = minibridge_v0.env()
>>> env.reset(seed=1)
>>> env.possible_agents[:3], env.metadata["name"]
(['player_0', 'player_1', 'player_2'], 'minibridge_v0')
"""

from __future__ import annotations

from typing import Any

from bridgeroom.envs.aec import BridgeEnv, OrderEnforcing

__all__ = ["env", "raw_env"]

GAME = "minibridge"


def raw_env(**options: Any) -> BridgeEnv:
    """The environment itself, its observations and masks updated in place (options: see
    :class:`~bridgeroom.envs.aec.BridgeEnv`)."""
    return BridgeEnv(GAME, **{"inplace": True, **options})


def env(**options: Any) -> OrderEnforcing:
    """The environment wrapped in PettingZoo's order enforcement, as the classic games are."""
    return OrderEnforcing(BridgeEnv(GAME, **{"inplace": False, **options}))
