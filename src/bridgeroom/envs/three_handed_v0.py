"""Three-handed bridge: three agents each for himself (TH-12); the highest bidder plays the dummy against the other two (TH-8); nobody sees the dummy before the opening lead, not even the declarer (TH-4, TH-10).

>>> from bridgeroom.envs import three_handed_v0
>>> env = three_handed_v0.env()
>>> env.reset(seed=1)
>>> env.possible_agents[:3], env.metadata["name"]
(['player_0', 'player_1', 'player_2'], 'three_handed_v0')
"""

from __future__ import annotations

from typing import Any

from bridgeroom.envs.aec import BridgeEnv, OrderEnforcing

__all__ = ["env", "raw_env"]

GAME = "three-handed"


def raw_env(**options: Any) -> BridgeEnv:
    """The environment itself, its observations and masks updated in place (options: see
    :class:`~bridgeroom.envs.aec.BridgeEnv`)."""
    return BridgeEnv(GAME, **{"inplace": True, **options})


def env(**options: Any) -> OrderEnforcing:
    """The environment wrapped in PettingZoo's order enforcement, as the classic games are."""
    return OrderEnforcing(BridgeEnv(GAME, **{"inplace": False, **options}))
