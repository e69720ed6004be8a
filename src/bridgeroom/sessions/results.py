"""A session's results: each board's traveller and the ranking, by matchpoints or IMPs across
the field, with the usual factoring of boards played fewer times than the movement meant.

A :class:`Played` is one board at one table: the pairs, the contract, declarer, opening lead
and tricks. Its score from North-South's side comes from the game's score table (duplicate,
Law 77, for contract bridge; MB-9..MB-11 for mini-bridge) with the board's vulnerability
(CB-B2). The comparisons are :mod:`bridgeroom.scoring.compare`'s: matchpoints (Law 78A) factored
by the Neuberg formula, IMPs across the field (Law 78B) factored likewise; ``total`` scoring (a
class) ranks by points alone. In a ``teams`` movement each board is compared between the two
tables of a match only, in IMPs (Law 78B), and the teams are ranked by their IMPs.

    >>> from bridgeroom.sessions import Movement
    >>> m = Movement.make("class", tables=2, boards=1)
    >>> results = Results(m, "contract", "matchpoints", [
    ...     Played.of("contract", 1, 1, 1, 3, "N", "3NT", 9, "SQ"),
    ...     Played.of("contract", 1, 2, 2, 4, "N", "3NT", 8, "H4"),
    ... ])
    >>> [(row.table, row.ns_score, str(row.ns_mp)) for row in results.traveller(1)]
    [(1, 400, '2'), (2, -50, '0')]
    >>> [(s.rank, s.label, s.percent) for s in results.ranking("NS")]
    [(1, '1NS', 100.0), (2, '2NS', 0.0)]

A match of two teams on board 1 (nobody vulnerable): team 1's North-South pair makes 4♠ at
table 1 (+420); at table 2 team 2's North-South pair goes one down in it (+50 to team 1's
East-West pair): team 1 gains 470 points, 10 IMPs (Law 78B: 430-490).

    >>> match = Movement.make("teams", tables=2, boards=1)
    >>> teams = Results(match, "contract", "imps", [
    ...     Played.of("contract", 1, 1, 1, 4, "N", "4S", 10),
    ...     Played.of("contract", 1, 2, 2, 3, "N", "4S", 9),
    ... ])
    >>> [(s.rank, s.label, s.imps) for s in teams.rankings()["teams"]]
    [(1, 'T1', Fraction(10, 1)), (2, 'T2', Fraction(-10, 1))]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from bridgeroom.errors import ScoringError
from bridgeroom.rules import Contract, Seat, Side, board_dealer, board_vulnerability
from bridgeroom.scoring import score_duplicate, score_minibridge
from bridgeroom.scoring.compare import imps, imps_across_field, matchpoint_top, neuberg
from bridgeroom.sessions.movements import Movement

__all__ = ["SCORINGS", "Played", "Results", "Standing", "TravellerRow"]

#: How a session ranks its pairs.
SCORINGS: Final[tuple[str, ...]] = ("matchpoints", "imps", "total")


def ns_score(
    game: str, board: int, declarer: Seat | None, contract: Contract | None, tricks: int
) -> int:
    """A board's score from North-South's side: duplicate (Law 77, CB-D1..CB-D5) or mini-bridge
    (MB-9..MB-11), with the board's vulnerability (CB-B2); a passed-out board scores 0.

    >>> ns_score("contract", 3, Seat.EAST, Contract("4S"), 10)
    -620
    >>> ns_score("minibridge", 1, Seat.SOUTH, Contract("2H"), 9)
    110
    """
    if contract is None or declarer is None:
        return 0
    vulnerable = board_vulnerability(board).is_vulnerable(declarer)
    if game == "minibridge":
        score = score_minibridge(contract, tricks, vulnerable).score
    elif game == "contract":
        score = score_duplicate(contract, tricks, vulnerable).score
    else:
        raise ScoringError(f"a session compares contract bridge or mini-bridge, not {game!r}")
    return score if declarer.side is Side.NS else -score


@dataclass(frozen=True)
class Played:
    """One board played at one table (``ns``, ``ew``: the pairs' numbers)."""

    board: int
    table: int
    ns: int
    ew: int
    declarer: Seat | None
    contract: Contract | None
    tricks: int
    lead: str | None
    ns_score: int

    @classmethod
    def of(
        cls,
        game: str,
        board: int,
        table: int,
        ns: int,
        ew: int,
        declarer: str | Seat | None,
        contract: str | Contract | None,
        tricks: int,
        lead: str | None = None,
    ) -> Played:
        """A result scored by ``game``'s table (``contract`` ``None``: passed out)."""
        seat = Seat.find(declarer) if isinstance(declarer, str) else declarer
        named = Contract.parse(contract) if isinstance(contract, str) else contract
        if named is not None:
            named = named.without_declarer()
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
            raise ScoringError(f"board {board} at table {table}: tricks are 0-13, not {tricks!r}")
        score = ns_score(game, board, seat, named, tricks)
        return cls(board, table, ns, ew, seat, named, tricks, lead, score)

    def to_dict(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "table": self.table,
            "contract": None if self.contract is None else str(self.contract),
            "declarer": None if self.declarer is None else self.declarer.letter,
            "lead": self.lead,
            "tricks": self.tricks,
            "ns_score": self.ns_score,
        }


@dataclass(frozen=True)
class TravellerRow:
    """One table's line on a board's traveller, compared with the other tables."""

    result: Played
    ns_mp: Fraction
    ew_mp: Fraction
    top: int
    ns_imps: Fraction

    @property
    def table(self) -> int:
        return self.result.table

    @property
    def ns_score(self) -> int:
        return self.result.ns_score

    @property
    def ew_imps(self) -> Fraction:
        return -self.ns_imps


@dataclass(frozen=True)
class Standing:
    """A pair's totals: boards played, points, matchpoints of the tops, IMPs; its rank."""

    pair: int
    label: str
    direction: str | None
    boards: int
    points: int
    mp: Fraction
    top: int
    imps: Fraction
    rank: int = 0
    #: The team's number when the standing is a team's (a ``teams`` movement).
    team: int | None = None

    @property
    def percent(self) -> float:
        """Matchpoints as a percentage of the tops of the boards played (two decimals)."""
        return round(float(100 * self.mp / self.top), 2) if self.top else 0.0


class Results:
    """A session's results so far, compared and ranked.

    ``scoring``: ``matchpoints``, ``imps`` (across the field) or ``total`` (points, a class).
    A board counts on the traveller as soon as one table has played it; its comparisons are
    factored to the number of tables the movement meant (:meth:`Movement.expected`). Teams are
    scored by ``imps`` only: each board between the two tables of a match, no factoring (a
    board the other table has not played yet scores nothing yet).
    """

    def __init__(
        self, movement: Movement, game: str, scoring: str, played: Iterable[Played] = ()
    ) -> None:
        if scoring not in SCORINGS:
            raise ScoringError(f"a session is scored by {', '.join(SCORINGS)}, not {scoring!r}")
        if movement.kind == "teams" and scoring != "imps":
            raise ScoringError(f"a teams match is scored by IMPs (Law 78B), not by {scoring!r}")
        self.movement = movement
        self.game = game
        self.scoring = scoring
        self.played: list[Played] = []
        for result in played:
            self.add(result)

    def add(self, result: Played) -> None:
        """Add one result; a table plays a board once."""
        m = self.movement
        r = m.round_of(result.board)
        e = m.encounter(r, result.table)
        if (e.ns, e.ew) != (result.ns, result.ew):
            raise ScoringError(
                f"board {result.board} at table {result.table} is played by pairs "
                f"{m.label(e.ns)} and {m.label(e.ew)}, not {result.ns} and {result.ew}"
            )
        if any(p.board == result.board and p.table == result.table for p in self.played):
            raise ScoringError(f"board {result.board} at table {result.table} is given twice")
        self.played.append(result)

    @property
    def boards(self) -> tuple[int, ...]:
        """The boards played at one table or more."""
        return tuple(sorted({p.board for p in self.played}))

    def traveller(self, board: int) -> tuple[TravellerRow, ...]:
        """Board ``board``'s traveller: each table's result and its comparison (factored)."""
        rows = sorted((p for p in self.played if p.board == board), key=lambda p: p.table)
        if not rows:
            return ()
        if self.movement.kind == "teams":
            return self._match_traveller(rows)
        expected = self.movement.expected(board)
        scores = [p.ns_score for p in rows]
        top = matchpoint_top(expected)
        mps = neuberg(scores, expected)
        ims = imps_across_field(scores, expected)
        return tuple(
            TravellerRow(p, mp, top - mp, top, imp)
            for p, mp, imp in zip(rows, mps, ims, strict=True)
        )

    def _match_traveller(self, rows: list[Played]) -> tuple[TravellerRow, ...]:
        """A board of a teams session: each table's North-South pair wins or loses the IMPs of
        the difference from the other table of its match (Law 78B); no matchpoints."""
        by_table = {p.table: p for p in rows}
        out = []
        for p in rows:
            other = by_table.get(self.movement.other_table(p.table))
            gained = Fraction(0 if other is None else imps(p.ns_score - other.ns_score))
            out.append(TravellerRow(p, Fraction(0), Fraction(0), 0, gained))
        return tuple(out)

    def scorecard(self, pair: int) -> list[dict[str, Any]]:
        """A pair's boards: opponents, result, points, matchpoints and IMPs, as plain data."""
        m = self.movement
        out = []
        for board in self.boards:
            for row in self.traveller(board):
                p = row.result
                if pair not in (p.ns, p.ew):
                    continue
                ns = pair == p.ns
                out.append(
                    {
                        "board": board,
                        "direction": "NS" if ns else "EW",
                        "opponents": m.label(p.ew if ns else p.ns),
                        **p.to_dict(),
                        "points": p.ns_score if ns else -p.ns_score,
                        "mp": _num(row.ns_mp if ns else row.ew_mp),
                        "top": row.top,
                        "imps": _num(row.ns_imps if ns else row.ew_imps),
                    }
                )
        return out

    def standings(self) -> list[Standing]:
        """Every pair's totals, unranked."""
        m = self.movement
        totals: dict[int, list[Any]] = {
            p: [0, 0, Fraction(0), 0, Fraction(0), set()] for p in m.pairs
        }
        for board in self.boards:
            for row in self.traveller(board):
                p = row.result
                for pair, sign, mp, imp in (
                    (p.ns, 1, row.ns_mp, row.ns_imps),
                    (p.ew, -1, row.ew_mp, row.ew_imps),
                ):
                    t = totals[pair]
                    t[0] += 1
                    t[1] += sign * p.ns_score
                    t[2] += mp
                    t[3] += row.top
                    t[4] += imp
                    t[5].add("NS" if sign == 1 else "EW")
        out = []
        for pair, (boards, points, mp, top, imp, sides) in totals.items():
            direction = next(iter(sides)) if len(sides) == 1 else None
            if m.separate_directions:
                direction = "NS" if pair <= m.tables else "EW"
            out.append(Standing(pair, m.label(pair), direction, boards, points, mp, top, imp))
        return out

    def _key(self, s: Standing) -> tuple[Any, ...]:
        if self.scoring == "matchpoints":
            return (-(s.mp / s.top if s.top else Fraction(0)),)
        if self.scoring == "imps":
            return (-s.imps,)
        return (-s.points,)

    def ranking(self, direction: str | None = None) -> list[Standing]:
        """The pairs best first, by percentage of matchpoints, IMPs or points; pairs level
        share a rank. ``direction`` (``NS``, ``EW``) ranks one direction of a movement whose
        pairs keep theirs (a class, a Mitchell)."""
        rows = [s for s in self.standings() if direction is None or s.direction == direction]
        return self._ranked(rows)

    def _ranked(self, rows: list[Standing]) -> list[Standing]:
        rows = sorted(rows, key=lambda s: (*self._key(s), s.pair))
        out: list[Standing] = []
        for i, s in enumerate(rows):
            rank = out[-1].rank if out and self._key(out[-1]) == self._key(s) else i + 1
            out.append(Standing(**{**s.__dict__, "rank": rank}))
        return out

    def team_standings(self) -> list[Standing]:
        """Every team's totals (a ``teams`` movement), unranked: its boards and IMPs are its
        North-South pair's (the two pairs of a team share each board's IMPs), its points both
        pairs' together."""
        m = self.movement
        pairs = {s.pair: s for s in self.standings()}
        out = []
        for team in m.teams:
            ns, ew = pairs[team], pairs[team + m.tables]
            points = ns.points + ew.points
            out.append(
                Standing(
                    team, f"T{team}", None, ns.boards, points, Fraction(0), 0, ns.imps, team=team
                )
            )
        return out

    def rankings(self) -> dict[str, list[Standing]]:
        """The ranking of each direction (a class, a Mitchell), the one ranking (``all``), or
        the teams' (``teams``)."""
        if self.movement.kind == "teams":
            return {"teams": self._ranked(self.team_standings())}
        if self.movement.separate_directions:
            return {"NS": self.ranking("NS"), "EW": self.ranking("EW")}
        return {"all": self.ranking()}

    def board_dict(self, board: int) -> dict[str, Any]:
        """A board's traveller as plain data."""
        m = self.movement
        return {
            "board": board,
            "dealer": board_dealer(board).letter,
            "vulnerability": board_vulnerability(board).pbn,
            "expected": m.expected(board),
            "results": [
                {
                    **row.result.to_dict(),
                    "ns": m.label(row.result.ns),
                    "ew": m.label(row.result.ew),
                    "ns_mp": _num(row.ns_mp),
                    "ew_mp": _num(row.ew_mp),
                    "top": row.top,
                    "ns_imps": _num(row.ns_imps),
                    "ew_imps": _num(row.ew_imps),
                }
                for row in self.traveller(board)
            ],
        }

    def standing_dict(self, s: Standing) -> dict[str, Any]:
        return {
            "rank": s.rank,
            "pair": s.label,
            "direction": s.direction,
            "boards": s.boards,
            "points": s.points,
            "mp": _num(s.mp),
            "top": s.top,
            "percent": s.percent,
            "imps": _num(s.imps),
            "team": s.team,
        }


def _num(value: Fraction) -> float | int:
    """A factored number as JSON shows it: whole, or to two decimals.

    >>> _num(Fraction(7, 2)), _num(Fraction(4)), _num(Fraction(-17, 3))
    (3.5, 4, -5.67)
    """
    return int(value) if value.denominator == 1 else round(float(value), 2)
