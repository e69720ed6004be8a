"""Class and club sessions: the same boards at several tables, compared.

Pure data and functions (no server, no store): :mod:`~bridgeroom.sessions.movements` says who
plays where and which boards in each round; :mod:`~bridgeroom.sessions.results` turns the
tables' results into travellers and rankings with the comparisons of
:mod:`bridgeroom.scoring.compare`; :mod:`~bridgeroom.sessions.exports` writes them as PBN (with
``ScoreTable`` and ``TotalScoreTable``) and CSV. The server plays such a session on its tables
(``bridgeroom.server.sessions``).

    >>> m = Movement.make("class", tables=2, boards=3)
    >>> [(e.table, m.label(e.ns), m.label(e.ew)) for e in m.round(0)]
    [(1, '1NS', '1EW'), (2, '2NS', '2EW')]
"""

from __future__ import annotations

from bridgeroom.sessions.movements import KINDS, Encounter, Movement
from bridgeroom.sessions.results import (
    ARTIFICIAL,
    METHODS,
    SCORINGS,
    Artificial,
    Entry,
    Fouled,
    NotPlayed,
    Played,
    Player,
    Results,
    Split,
    Standing,
    TravellerRow,
    Weighted,
    adjusted,
    butler_datum,
    ns_score,
    parse_entry,
    victory_points,
)

__all__ = [
    "ARTIFICIAL",
    "KINDS",
    "METHODS",
    "SCORINGS",
    "Artificial",
    "Encounter",
    "Entry",
    "Fouled",
    "Movement",
    "NotPlayed",
    "Played",
    "Player",
    "Results",
    "Split",
    "Standing",
    "TravellerRow",
    "Weighted",
    "adjusted",
    "butler_datum",
    "ns_score",
    "parse_entry",
    "victory_points",
]
