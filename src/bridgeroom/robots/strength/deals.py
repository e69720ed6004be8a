"""The deals the strength measures are played on, and their double-dummy baselines.

A deal set is named by a seed: :func:`deal_at` gives its ``i``-th deal, the same on every
machine and in every worker process (so a chunk of work is just a list of indices). Board
``i`` (from 0) has dealer ``Seat(i % 4)`` and vulnerability ``Vulnerability(i % 4)``, wherever
a dealer or a vulnerability is needed. Double-dummy tables come from DDS
(:mod:`bridgeroom.dds`), par from the same service (:func:`par_score`, imported lazily).

Two seeds are used throughout: :data:`TUNING_SEED` (the benchmark's deals since the first
session; the bidding changes were tuned on it) and :data:`HELD_OUT_SEED` (deals nobody looked at
while tuning: the before/after figures of the bidding are measured there).

Solving 400 deals takes about a minute; with the environment variable :data:`DD_CACHE_ENV`
naming a folder (``bench/robots.py --dd-cache DIR``), :func:`dd_tables` keeps each deal's table
there, one small JSON file a deal, so a rerun of the bidding parts only bids.

    >>> deal_at(2024, 0) == deal_at(2024, 0)
    True
    >>> [str(x) for x in board_conditions(5)]   # East deals, North-South vulnerable
    ['E', 'NS']
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from bridgeroom.rules.core import Contract, Deal, Seat, Strain, Vulnerability
from bridgeroom.rules.dealing import deal_cards

__all__ = [
    "DD_CACHE_ENV",
    "HELD_OUT_SEED",
    "TUNING_SEED",
    "Table",
    "board_conditions",
    "best_contract",
    "deal_at",
    "dd_table",
    "dd_tables",
    "par_score",
    "played_contract",
]

#: The benchmark's usual deals (the bidding was tuned on them).
TUNING_SEED = 2024
#: Deals kept apart while tuning, to measure on.
HELD_OUT_SEED = 9001

#: A double-dummy table: ``table[strain][seat]`` is the declarer's tricks (N, E, S, W).
Table = dict[int, tuple[int, int, int, int]]

#: The environment variable naming a folder where :func:`dd_tables` keeps the tables it solved.
DD_CACHE_ENV = "BRIDGEROOM_DD_CACHE"


@lru_cache(maxsize=8)
def _deal_set(seed: int, n: int) -> tuple[Deal, ...]:
    rng = random.Random(seed)
    return tuple(deal_cards(rng=rng) for _ in range(n))


def deal_at(seed: int, i: int) -> Deal:
    """Deal ``i`` (from 0) of the set named by ``seed``: the same wherever it is computed."""
    size = 64
    while size <= i:
        size *= 2
    return _deal_set(seed, size)[i]


def board_conditions(i: int) -> tuple[Seat, Vulnerability]:
    """The dealer and vulnerability of board ``i`` of a set (they rotate with the index)."""
    return Seat(i % 4), Vulnerability(i % 4)


def dd_tables(deals: Sequence[Deal]) -> list[Table]:
    """The double-dummy tables of ``deals`` (DDS, five strains)."""
    from bridgeroom.robots.dds import solver

    folder = os.environ.get(DD_CACHE_ENV)
    if not folder:
        return solver().tables([d.masks for d in deals])
    where = Path(folder)
    where.mkdir(parents=True, exist_ok=True)
    files = [where / (hashlib.sha1(str(d).encode()).hexdigest() + ".json") for d in deals]
    out: list[Table | None] = []
    for path in files:
        try:
            raw = json.loads(path.read_text())
            out.append({int(k): (v[0], v[1], v[2], v[3]) for k, v in raw.items()})
        except (OSError, ValueError, KeyError, IndexError, TypeError):
            out.append(None)
    missing = [i for i, t in enumerate(out) if t is None]
    if missing:
        solved = solver().tables([deals[i].masks for i in missing])
        for i, table in zip(missing, solved, strict=True):
            out[i] = table
            part = files[i].with_suffix(f".{os.getpid()}.tmp")
            part.write_text(json.dumps({str(k): list(v) for k, v in table.items()}))
            part.replace(files[i])  # atomic: a worker never reads half a file
    return [t for t in out if t is not None]


def dd_table(deal: Deal) -> Table:
    """The double-dummy table of one deal."""
    return dd_tables([deal])[0]


def best_contract(table: Table, side: Sequence[Seat], vulnerable: bool) -> tuple[Contract, int]:
    """The double-dummy best contract of ``side`` by duplicate score (its declarer included), and
    the declarer's tricks; a contract that fails double dummy is bid at the one level.

    >>> t = {int(s): (9, 4, 9, 4) for s in Strain}
    >>> best_contract(t, (Seat.NORTH, Seat.SOUTH), False)
    (Contract('3NTN'), 9)
    """
    from bridgeroom.scoring import score_duplicate

    best: tuple[int, Contract, int] | None = None
    for strain in Strain:
        for seat in side:
            tricks = table[int(strain)][seat]
            level = min(max(tricks - 6, 1), 7)
            contract = Contract(level, strain, 0, seat)
            points = score_duplicate(contract, tricks, vulnerable).score
            if best is None or points > best[0]:
                best = (points, contract, tricks)
    assert best is not None
    return best[1], best[2]


def played_contract(
    deal: Deal, table: Table, i: int, who: str = "stronger"
) -> tuple[Contract, int]:
    """The contract the card-play measures impose on deal ``i``, and its double-dummy tricks.

    ``who`` names the declaring side: ``stronger`` (the side with more high-card points, North-South
    on a tie: the issue's measure), or ``ns`` (North-South always, as before the fourth session).
    """
    if who not in ("stronger", "ns"):
        raise ValueError(f"the declaring side is 'stronger' or 'ns', not {who!r}")
    ns = (Seat.NORTH, Seat.SOUTH)
    ew = (Seat.EAST, Seat.WEST)
    side = ns
    if who == "stronger":
        points = [deal[s].hcp for s in Seat]
        if points[1] + points[3] > points[0] + points[2]:
            side = ew
    _, vul = board_conditions(i)
    return best_contract(table, side, vul.is_vulnerable(side[0]))


def par_score(table: Table, dealer: Seat, vulnerability: Vulnerability) -> int:
    """The par score of a deal for North-South (:func:`bridgeroom.dds.par` of its table)."""
    from bridgeroom.dds import DDTable, par

    tricks = tuple(tuple(table[int(strain)][seat] for strain in Strain) for seat in Seat)
    return par(DDTable(tricks), dealer, vulnerability).score
