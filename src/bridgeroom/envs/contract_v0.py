"""Contract bridge: four players in two partnerships, an auction, then the play; rubber, Chicago or duplicate scoring of each deal (default: duplicate, CB-D).

>>> from bridgeroom.envs import contract_v0
>>> env = contract_v0.env()
>>> env.reset(seed=1)
>>> env.possible_agents[:3], env.metadata["name"]
(['player_0', 'player_1', 'player_2'], 'contract_v0')
"""

from __future__ import annotations

from typing import Any

from bridgeroom.envs.aec import BridgeEnv, OrderEnforcing

__all__ = ["env", "raw_env"]

GAME = "contract"


def raw_env(**options: Any) -> BridgeEnv:
    """The environment itself, its observations and masks updated in place (options: see
    :class:`~bridgeroom.envs.aec.BridgeEnv`)."""
    return BridgeEnv(GAME, **{"inplace": True, **options})


def env(**options: Any) -> OrderEnforcing:
    """The environment wrapped in PettingZoo's order enforcement, as the classic games are."""
    return OrderEnforcing(BridgeEnv(GAME, **{"inplace": False, **options}))
