"""Environments for learning agents: PettingZoo AEC environments and OpenSpiel games.

The four games of the family as PettingZoo environments, named as PettingZoo's
classic games are::

    from bridgeroom.envs import contract_v0, auction_v0, three_handed_v0, minibridge_v0
    env = contract_v0.env()          # raw_env() without the order enforcement

and, with :mod:`bridgeroom.envs.spiel`, as OpenSpiel games. These need the
optional dependencies (``pip install 'bridgeroom[envs]'``: pettingzoo, gymnasium,
open_spiel); the rest of bridgeroom imports none of them. The observation layout
(:mod:`bridgeroom.envs.layout`), the trackers, the vectorised runner
(:mod:`bridgeroom.envs.vector`) and the baselines (:mod:`bridgeroom.envs.policies`)
need only NumPy. See docs/envs.md.
"""
