"""The opening lead: what the contract says of the layouts, double dummy.

A blind lead is chosen, like every expert card, by double dummy over sampled layouts; but the
leader knows one more thing than the sampler's limits say: the opponents bid this contract, and
sides bid roughly what they can make. The double-dummy solve of the opening lead gives, in each
layout, the declaring side's tricks as well (13 less the defenders' tricks after their best lead),
so each layout can be weighted, at no extra cost, by how often robots bidding such hands reach a
contract with that *surplus* (the declarer's double-dummy tricks less the tricks the contract
needs): :data:`SURPLUS`, measured on the 399 contracts four ``basic`` robots bid on 400 deals
(seed 77, a set the benchmarks do not use); a layout in which the contract would make exactly,
or with one trick more or less, counts most.

    >>> surplus_weight(1), surplus_weight(0), surplus_weight(-3), surplus_weight(9)
    (1.0, 0.949, 0.176, 0.004)
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["SURPLUS", "surplus_weight", "surplus_weights"]

#: How often the contracts four ``basic`` robots bid have each surplus (declarer's double-dummy
#: tricks less the tricks needed), on 400 deals of seed 77: the likelihood of a layout given its
#: contract.
SURPLUS: dict[int, float] = {
    -5: 0.003,
    -4: 0.010,
    -3: 0.045,
    -2: 0.085,
    -1: 0.158,
    0: 0.243,
    1: 0.256,
    2: 0.125,
    3: 0.058,
    4: 0.015,
    5: 0.003,
}
#: The likelihood of a surplus never seen (the ends of the table).
RARE = 0.001


def surplus_weight(surplus: int) -> float:
    """The weight of a layout whose contract has ``surplus`` tricks over what it needs (1 for the
    most likely surplus)."""
    top = max(SURPLUS.values())
    return round(SURPLUS.get(surplus, RARE) / top, 3)


def surplus_weights(results: Sequence[dict[int, int]], needed: int) -> list[float]:
    """The weight of each solved layout of the opening lead (``results``: the defenders' tricks
    after each lead), the contract needing ``needed`` tricks."""
    out = []
    for res in results:
        declarer = 13 - max(res.values()) if res else needed
        out.append(surplus_weight(declarer - needed))
    return out
