"""A session's results: each board's traveller and the ranking, for pairs (matchpoints, IMPs
across the field, Butler), teams of four (IMPs, and victory points over several matches) and a
class (points), with the director's adjustments (Law 12C).

The model is made of immutable values:

* an **entry** is what happened to one board at one table (``board``, ``table``, ``ns``,
  ``ew``: the pairs' numbers):

  - :class:`Played`: a contract, declarer, lead and tricks (or passed out), scored by the
    game's table (duplicate, Law 77; mini-bridge, MB-9..MB-11) with the board's vulnerability
    (CB-B2); ``assigned=True`` marks an *assigned* score (Law 12C1(b), 12C1(e));
  - :class:`Weighted`: several results with weights adding up to 1 (Law 12C1(c));
  - :class:`Split`: a different score for each side (Law 12C1(b): "the scores awarded to the
    two sides need not balance");
  - :class:`Artificial`: an artificial adjusted score (Law 12C2(a)): average plus, average or
    average minus (``"A+"``, ``"A"``, ``"A-"``), 60 %, 50 %, 40 % of the top at matchpoints,
    +3, 0, -3 IMPs at IMPs (:data:`ARTIFICIAL`);
  - :class:`NotPlayed`: the board was not played at that table (a late arrival, a sit-out);
    the table is left out of the board's comparisons, which are factored.

* a :class:`Fouled` board (Law 87) is compared in its groups of tables, each factored to the
  full top (EBU White Book 4.3: Neuberg within each group);
* a :class:`Player` is a name and an optional federation membership number; ``players`` maps a
  pair's number (or a team's, in a teams session) to its players, and goes into every export.

:class:`Results` holds a movement, the game, the scoring and the entries; it is built once and
a correction is a new value (:meth:`Results.with_entry`, :meth:`Results.without`,
:meth:`Results.with_fouled`, :meth:`Results.with_players`). ``Results.add`` remains for building
one up entry by entry.

The API, in short:

* ``Results(movement, game, scoring, entries, *, fouled=(), players=None, sitout=None,
  title="")``; ``traveller(board)`` (:class:`TravellerRow`), ``rankings()`` (``NS``/``EW``,
  ``all`` or ``teams``: :class:`Standing` with ``percent``, ``imps``, ``vp``, ``players``),
  ``scorecard(pair)``, ``matches()`` (a teams event's IMPs and VPs), ``board_dict``,
  ``standing_dict``, ``to_dict()``; ``entry(board, table)``, ``check(entry)``;
* :func:`parse_entry` reads the director's (or a file's) notation into an entry;
  :func:`adjusted` makes an artificial score; :func:`entry_record` and
  :func:`entry_from_record` keep an entry as plain data and read it back;
* :func:`victory_points` (WBF continuous scale), :func:`butler_datum`, :func:`ns_score`;
  :data:`SCORINGS` (the server's), :data:`METHODS` (with ``butler``), :data:`ARTIFICIAL`.

The files: :mod:`bridgeroom.sessions.usebio` (``usebio_xml``, ``read_usebio``),
:mod:`bridgeroom.sessions.exports` (``session_pbn``, ``ranking_csv``, ``travellers_csv``),
:mod:`bridgeroom.sessions.report` (``format_results``, ``results_html``, ``results_pdf``),
:mod:`bridgeroom.sessions.files` (the TOML session file of ``bridgeroom session``).

The comparisons are :mod:`bridgeroom.scoring.compare`'s: matchpoints (Law 78A, 2 per score
beaten) factored by the Neuberg formula to the number of tables the movement meant
(:meth:`Movement.expected`, less one where a pair sits out); IMPs across the field (Law 78B)
factored likewise; Butler: IMPs against the board's datum, the mean of the North-South scores
without the highest and the lowest when there are five or more, rounded to the nearest 10;
``total`` (a class) ranks by points. A weighted score is compared by weighting each comparison
(EBU White Book 8.12C1(c)); a split score compares each side's score with the same side of the
other tables. In a ``teams`` movement each board is compared between the two tables of a match
in IMPs, and a session of several matches converts each match's IMPs to victory points on the
WBF continuous scale (:func:`victory_points`).

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

The director gives table 2 average plus to North-South, average minus to East-West: table 1,
alone on the board now, gets half the top (Neuberg), table 2 its 60 % and 40 %.

    >>> fixed = results.with_entry(Artificial(1, 2, 2, 4, "A+", "A-"))
    >>> [(row.table, str(row.ns_mp), str(row.ew_mp)) for row in fixed.traveller(1)]
    [(1, '1', '1'), (2, '6/5', '4/5')]

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

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Final, TypeAlias

from bridgeroom.errors import ScoringError
from bridgeroom.i18n import keyed
from bridgeroom.rules import (
    Card,
    Contract,
    DealState,
    Phase,
    Seat,
    Side,
    board_dealer,
    board_vulnerability,
)
from bridgeroom.scoring import score_duplicate, score_minibridge
from bridgeroom.scoring.compare import (
    cross_imps,
    imps,
    imps_across_field,
    matchpoint_top,
    neuberg,
)
from bridgeroom.sessions.movements import Movement

__all__ = [
    "ARTIFICIAL",
    "METHODS",
    "SCORINGS",
    "Artificial",
    "Entry",
    "Fouled",
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
    "entry_from_record",
    "entry_record",
    "ns_score",
    "parse_entry",
    "victory_points",
]

#: How a session ranks its pairs (the server's form offers these): matchpoints, IMPs across
#: the field, points (a class); a teams session is scored by ``imps`` (converted to victory
#: points over several matches).
SCORINGS: Final[tuple[str, ...]] = ("matchpoints", "imps", "total")

#: Every scoring :class:`Results` knows: those and ``butler``, IMPs against a datum.
METHODS: Final[tuple[str, ...]] = (*SCORINGS, "butler")

#: Law 12C2(a): an artificial adjusted score as a percentage of the top at matchpoints, and as
#: IMPs at IMPs (the EBU White Book 8.12.1 and the WBF's practice: +3, 0, -3).
ARTIFICIAL: Final[dict[str, tuple[int, int]]] = {"A+": (60, 3), "A": (50, 0), "A-": (40, -3)}


def _err(key: str, /, **params: object) -> ScoringError:
    """A refusal with its message in the catalogue's ``[club]`` section (English and Russian)."""
    return keyed(ScoringError, f"club.{key}", **params)


def ns_score(
    game: str,
    board: int,
    declarer: Seat | None,
    contract: Contract | None,
    tricks: int,
    *,
    overtricks: bool = False,
) -> int:
    """A board's score from North-South's side: duplicate (Law 77, CB-D1..CB-D5) or mini-bridge
    (MB-9..MB-11; ``overtricks``: the EBU's overtricks at trick value, MB-A6), with the
    board's vulnerability (CB-B2); a passed-out board scores 0.

    >>> ns_score("contract", 3, Seat.EAST, Contract("4S"), 10)
    -620
    >>> ns_score("minibridge", 1, Seat.SOUTH, Contract("2H"), 9)
    110
    >>> ns_score("minibridge", 1, Seat.SOUTH, Contract("2H"), 9, overtricks=True)
    140
    """
    if overtricks and game != "minibridge":
        raise _err("options.overtricks", game=game)
    if contract is None or declarer is None:
        return 0
    vulnerable = board_vulnerability(board).is_vulnerable(declarer)
    if game == "minibridge":
        score = score_minibridge(contract, tricks, vulnerable, overtricks=overtricks).score
    elif game == "contract":
        score = score_duplicate(contract, tricks, vulnerable).score
    else:
        raise _err("game", game=game)
    return score if declarer.side is Side.NS else -score


@dataclass(frozen=True)
class Player:
    """A player of a pair or team: a name and, where the club uses them, a federation
    membership number (the EBU's, the ACBL's...).

    >>> Player.parse("Ann Smith #123456")
    Player(name='Ann Smith', number='123456')
    >>> str(Player("Bob Jones"))
    'Bob Jones'
    """

    name: str
    number: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise _err("player_name", name=repr(self.name))
        if self.number is not None and (
            not isinstance(self.number, str) or not self.number.strip()
        ):
            raise _err("player_number", number=repr(self.number))

    @classmethod
    def parse(cls, text: str) -> Player:
        """``Name`` or ``Name #number``."""
        name, _, number = str(text).partition("#")
        return cls(name.strip(), number.strip() or None)

    def __str__(self) -> str:
        return self.name if self.number is None else f"{self.name} #{self.number}"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "number": self.number}


@dataclass(frozen=True)
class Played:
    """One board played at one table (``ns``, ``ew``: the pairs' numbers); ``assigned``: an
    assigned adjusted score (Law 12C1(b)) rather than the table's own result."""

    board: int
    table: int
    ns: int
    ew: int
    declarer: Seat | None
    contract: Contract | None
    tricks: int
    lead: str | None
    ns_score: int
    assigned: bool = False

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
        *,
        assigned: bool = False,
        overtricks: bool = False,
    ) -> Played:
        """A result scored by ``game``'s table (``contract`` ``None``: passed out;
        ``overtricks``: mini-bridge's EBU scoring, MB-A6)."""
        seat = Seat.find(declarer) if isinstance(declarer, str) else declarer
        named = Contract.parse(contract) if isinstance(contract, str) else contract
        if named is not None:
            if named.declarer is not None and seat is not None and named.declarer != seat:
                raise _err(
                    "declarer", board=board, table=table, contract=str(named),
                    named=named.declarer, seat=seat,
                )  # fmt: skip
            named = named.without_declarer()
            if seat is None:
                raise _err("no_declarer", board=board, table=table, contract=str(named))
            if game == "minibridge" and named.doubled:
                raise _err("mini_double", board=board, table=table)
        elif seat is not None:
            seat = None
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
            raise _err("tricks", board=board, table=table, tricks=repr(tricks))
        score = ns_score(game, board, seat, named, tricks, overtricks=overtricks)
        return cls(board, table, ns, ew, seat, named, tricks, lead, score, assigned)

    @classmethod
    def from_deal(
        cls,
        game: str,
        state: DealState,
        table: int,
        ns: int,
        ew: int,
        *,
        board: int | None = None,
        overtricks: bool = False,
    ) -> Played:
        """The result of a deal the engine played to its end: its contract, declarer, tricks
        and opening lead, as board ``board`` (by default the deal's own board number).

        >>> from bridgeroom.rules import ContractBridgeDeal
        >>> state = ContractBridgeDeal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
        >>> for call in ("1NT", "P", "P", "P"):
        ...     state.apply(call)
        >>> Played.from_deal("contract", state, 1, 1, 2, board=1)
        Traceback (most recent call last):
        ...
        bridgeroom.errors.ScoringError: board 1 at table 1: the deal is not over yet
        """
        number = state.board if board is None else board
        if number is None:
            raise _err("options.no_board", table=table)
        result = state.result
        if state.phase is not Phase.DONE or result is None:
            raise _err("options.not_over", board=number, table=table)
        lead = next((str(a) for _, a in state.history if isinstance(a, Card)), None)
        return cls.of(
            game, number, table, ns, ew, result.declarer, result.contract, result.tricks, lead,
            overtricks=overtricks,
        )  # fmt: skip

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    @property
    def result(self) -> str:
        """The result as a traveller writes it: ``=``, ``+1``, ``-2`` (``""`` passed out)."""
        if self.contract is None:
            return ""
        over = self.tricks - self.contract.level - 6
        return "=" if over == 0 else f"{over:+d}"

    def text(self) -> str:
        """``4SX N -1``, ``3NT S =``, ``pass``: the result as the director types it."""
        if self.contract is None or self.declarer is None:
            return "pass"
        return f"{self.contract} {self.declarer.letter} {self.result}"

    def distribution(self) -> tuple[tuple[Fraction, int], ...]:
        return ((Fraction(1), self.ns_score),)

    def to_dict(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "table": self.table,
            "kind": "assigned" if self.assigned else "played",
            "contract": None if self.contract is None else str(self.contract),
            "declarer": None if self.declarer is None else self.declarer.letter,
            "lead": self.lead,
            "tricks": self.tricks,
            "result": self.result,
            "ns_score": self.ns_score,
        }


@dataclass(frozen=True)
class Weighted:
    """A weighted score (Law 12C1(c)): several results, each with its weight; the weights add
    up to 1. Its comparisons are the weighted comparisons of its results.

    >>> w = Weighted.of(1, 1, 1, 2, [(Fraction(3, 10), Played.of("contract", 1, 1, 1, 2, "N",
    ...     "4S", 10)), (Fraction(7, 10), Played.of("contract", 1, 1, 1, 2, "N", "4S", 9))])
    >>> w.ns_score
    Fraction(91, 1)
    """

    board: int
    table: int
    ns: int
    ew: int
    parts: tuple[tuple[Fraction, Played], ...]

    @classmethod
    def of(
        cls, board: int, table: int, ns: int, ew: int, parts: Iterable[tuple[Any, Played]]
    ) -> Weighted:
        """Weights given as fractions, decimals or percentages-as-fractions (``3/10``)."""
        got = tuple((Fraction(w), p) for w, p in parts)
        if len(got) < 2:
            raise _err("weighted_parts", board=board, table=table)
        if any(w <= 0 for w, _ in got) or sum(w for w, _ in got) != 1:
            weights = " + ".join(str(w) for w, _ in got)
            raise _err("weights", board=board, table=table, weights=weights)
        for _, p in got:
            if p.board != board:
                raise _err("weighted_board", board=board, table=table, other=p.board)
        return cls(board, table, ns, ew, got)

    @property
    def ns_score(self) -> Fraction:
        """The weighted mean of the North-South scores (what a traveller shows)."""
        return sum((w * p.ns_score for w, p in self.parts), Fraction(0))

    def distribution(self) -> tuple[tuple[Fraction, int], ...]:
        return tuple((w, p.ns_score) for w, p in self.parts)

    def text(self) -> str:
        return " + ".join(f"{_percent(w)}% {p.text()}" for w, p in self.parts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "table": self.table,
            "kind": "weighted",
            "parts": [{"weight": _num(w), **p.to_dict()} for w, p in self.parts],
            "ns_score": _num(self.ns_score),
        }


Scored: TypeAlias = Played | Weighted


@dataclass(frozen=True)
class Split:
    """A split score (Law 12C1(b)): North-South are scored by ``ns_side``, East-West by
    ``ew_side``; each is compared with the same side's scores at the other tables."""

    board: int
    table: int
    ns: int
    ew: int
    ns_side: Scored
    ew_side: Scored

    @property
    def ns_score(self) -> Fraction:
        return Fraction(self.ns_side.ns_score)

    @property
    def ew_score(self) -> Fraction:
        """East-West's score from North-South's side (its negative is East-West's)."""
        return Fraction(self.ew_side.ns_score)

    def text(self) -> str:
        return f"NS {self.ns_side.text()} / EW {self.ew_side.text()}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "table": self.table,
            "kind": "split",
            "ns_side": self.ns_side.to_dict(),
            "ew_side": self.ew_side.to_dict(),
            "ns_score": _num(self.ns_score),
            "ew_score": _num(-self.ew_score),
        }


@dataclass(frozen=True)
class Artificial:
    """An artificial adjusted score (Law 12C2(a)): ``A+``, ``A`` or ``A-`` for each side."""

    board: int
    table: int
    ns: int
    ew: int
    ns_award: str
    ew_award: str

    def __post_init__(self) -> None:
        for award in (self.ns_award, self.ew_award):
            if award not in ARTIFICIAL:
                raise _err("award", board=self.board, table=self.table, award=repr(award))

    def text(self) -> str:
        return f"{self.ns_award}/{self.ew_award}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "table": self.table,
            "kind": "artificial",
            "ns_award": self.ns_award,
            "ew_award": self.ew_award,
        }


@dataclass(frozen=True)
class NotPlayed:
    """The board was not played at this table: no score; the others are factored."""

    board: int
    table: int
    ns: int
    ew: int

    def text(self) -> str:
        return "not played"

    def to_dict(self) -> dict[str, Any]:
        return {"board": self.board, "table": self.table, "kind": "not played"}


#: What happened to a board at a table.
Entry: TypeAlias = Played | Weighted | Split | Artificial | NotPlayed


@dataclass(frozen=True)
class Fouled:
    """A fouled board (Law 87): the tables that played the same cards, group by group; each
    group is compared within itself and factored to the full top."""

    board: int
    groups: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        seen = [t for g in self.groups for t in g]
        if len(self.groups) < 2 or any(not g for g in self.groups) or len(seen) != len(set(seen)):
            raise _err("fouled_groups", board=self.board)

    def group_of(self, table: int) -> int:
        for i, g in enumerate(self.groups):
            if table in g:
                return i
        raise _err("fouled_table", board=self.board, table=table)


def _ns_dist(e: Entry) -> tuple[tuple[Fraction, int], ...]:
    if isinstance(e, Split):
        return e.ns_side.distribution()
    if isinstance(e, (Played, Weighted)):
        return e.distribution()
    return ()


def _ew_dist(e: Entry) -> tuple[tuple[Fraction, int], ...]:
    if isinstance(e, Split):
        return e.ew_side.distribution()
    return _ns_dist(e)


def _mp_against(
    mine: Sequence[tuple[Fraction, int]], theirs: Sequence[tuple[Fraction, int]], sign: int
) -> Fraction:
    """Matchpoints (2 a win, 1 a tie) of one weighted score against another; ``sign`` -1
    compares for East-West (fewer North-South points is better)."""
    total = Fraction(0)
    for w, a in mine:
        for v, b in theirs:
            d = sign * (a - b)
            total += w * v * (2 if d > 0 else 1 if d == 0 else 0)
    return total


def _imps_against(
    mine: Sequence[tuple[Fraction, int]], theirs: Sequence[tuple[Fraction, int]], sign: int
) -> Fraction:
    total = Fraction(0)
    for w, a in mine:
        for v, b in theirs:
            total += w * v * imps(sign * (a - b))
    return total


def butler_datum(scores: Sequence[int | Fraction]) -> int:
    """The datum of a board for Butler scoring: the mean of the North-South scores, without the
    highest and the lowest when there are five or more, rounded to the nearest 10 (halves up).

    >>> butler_datum([420, 420, 170, 450, -50])
    340
    >>> butler_datum([100, 140])
    120
    """
    got = sorted(Fraction(s) for s in scores)
    if not got:
        raise ScoringError("a datum is the mean of one score or more")
    if len(got) >= 5:
        got = got[1:-1]
    mean = sum(got, Fraction(0)) / len(got)
    return math.floor(mean / 10 + Fraction(1, 2)) * 10


def victory_points(margin: int | Fraction, boards: int) -> Fraction:
    """Victory points of a match won (or lost, a negative margin) by ``margin`` IMPs over
    ``boards`` boards, on the WBF continuous scale of 2013 (WBF Scoring Panel, "The New WBF
    IMP to VP Scales"): ``10 + 10 (1 - t^(3m/X)) / (1 - t^3)`` with ``t`` the golden ratio's
    ``(sqrt 5 - 1) / 2`` and the blitz ``X = 15 sqrt(boards)``, 20 at the blitz and beyond,
    to two decimals; the loser gets 20 minus the winner's.

    >>> [str(victory_points(m, 16)) for m in (0, 1, 10, -10, 60, 75)]
    ['10', '1031/100', '64/5', '36/5', '20', '20']
    """
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise _err("match_boards", boards=repr(boards))
    m = Fraction(margin)
    if m < 0:
        return 20 - victory_points(-m, boards)
    tau = (math.sqrt(5) - 1) / 2
    blitz = 15 * math.sqrt(boards)
    if m >= blitz:
        return Fraction(20)
    vp = 10 + 10 * (1 - tau ** (3 * float(m) / blitz)) / (1 - tau**3)
    return Fraction(round(vp * 100), 100)


_PASS: Final[frozenset[str]] = frozenset({"pass", "passed", "passed out", "po", "p", "пас"})
_NOT_PLAYED: Final[frozenset[str]] = frozenset({"not played", "np", "-", "не сыграна"})


def _scored(
    game: str, board: int, table: int, ns: int, ew: int, text: str, assigned: bool
) -> Scored:
    words = text.split()
    if any(w.endswith("%") for w in words):
        parts = []
        for chunk in text.split("+ "):
            weight, _, rest = chunk.strip().partition("%")
            try:
                w = Fraction(weight.strip()) / 100
            except ValueError:
                raise _err(
                    "weight", board=board, table=table, weight=repr(weight.strip())
                ) from None
            parts.append((w, _played(game, board, table, ns, ew, rest.strip(), True)))
        return Weighted.of(board, table, ns, ew, parts)
    return _played(game, board, table, ns, ew, text, assigned)


def _played(
    game: str, board: int, table: int, ns: int, ew: int, text: str, assigned: bool
) -> Played:
    words = text.split()
    if " ".join(words).lower() in _PASS:
        return Played.of(game, board, table, ns, ew, None, None, 0, assigned=assigned)
    if len(words) not in (3, 4):
        raise _err("entry", board=board, table=table, text=repr(text))
    contract = Contract.parse(words[0])
    level = contract.level
    made = words[2]
    if made == "=":
        tricks = level + 6
    elif made[:1] in "+-" and made[1:].isdigit():
        tricks = level + 6 + int(made)
    elif made.isdigit():
        tricks = int(made)
    else:
        raise _err("made", board=board, table=table, made=repr(made))
    lead = None
    if len(words) == 4:
        lead = str(Card.parse(words[3].upper()))
    return Played.of(
        game, board, table, ns, ew, words[1], contract, tricks, lead, assigned=assigned
    )


def parse_entry(game: str, board: int, table: int, ns: int, ew: int, text: str) -> Entry:
    """An entry as the director (or a file's line) types it:

    * ``4SX N -1 HK``, ``3NT S =``, ``3NT S 9``: a result (contract, declarer, ``=``/``+N``/
      ``-N`` or the tricks taken, the opening lead if the club records it); ``pass``;
    * ``not played``;
    * ``A+/A-``, ``A`` (``A/A``), ``60%/40%``: an artificial adjusted score (Law 12C2(a));
    * ``assigned 4S N =``: an assigned score (Law 12C1(b));
    * ``30% 4S N = + 70% 4S N -1``: a weighted score (Law 12C1(c));
    * ``NS 4S N = / EW 4S N -1``: a split score, each side's (either may be weighted).

    >>> parse_entry("contract", 1, 1, 1, 2, "4SX N -1 HK").ns_score
    -100
    >>> parse_entry("contract", 1, 1, 1, 2, "A+/A-")
    Artificial(board=1, table=1, ns=1, ew=2, ns_award='A+', ew_award='A-')
    >>> parse_entry("contract", 1, 1, 1, 2, "30% 4S N = + 70% 4S N -1").ns_score
    Fraction(91, 1)
    >>> parse_entry("contract", 1, 1, 1, 2, "4S N +9")
    Traceback (most recent call last):
    ...
    bridgeroom.errors.ScoringError: board 1 at table 1: tricks are 0-13, not 19
    """
    text = " ".join(str(text).split())
    low = text.lower()
    if low in _NOT_PLAYED:
        return NotPlayed(board, table, ns, ew)
    awards = {"60%": "A+", "50%": "A", "40%": "A-", "a+": "A+", "a": "A", "a-": "A-"}
    if low in ("a", "ave", "average"):
        return Artificial(board, table, ns, ew, "A", "A")
    if "/" in low and all(x.strip() in awards for x in low.split("/")) and low.count("/") == 1:
        a, b = (awards[x.strip()] for x in low.split("/"))
        return Artificial(board, table, ns, ew, a, b)
    if low.startswith("assigned "):
        return _played(game, board, table, ns, ew, text[len("assigned ") :], True)
    if low.startswith("ns ") and " / ew " in low:
        cut = low.index(" / ew ")
        ns_side = _scored(game, board, table, ns, ew, text[3:cut], True)
        ew_side = _scored(game, board, table, ns, ew, text[cut + 6 :], True)
        return Split(board, table, ns, ew, ns_side, ew_side)
    return _scored(game, board, table, ns, ew, text, False)


def adjusted(
    board: int, table: int, ns: int, ew: int, ns_award: str, ew_award: str | None = None
) -> Artificial:
    """An artificial adjusted score (Law 12C2(a)): ``adjusted(1, 2, 2, 5, "A+", "A-")``;
    one award gives both sides the same.

    >>> adjusted(1, 2, 2, 5, "A").text()
    'A/A'
    """
    return Artificial(board, table, ns, ew, ns_award, ns_award if ew_award is None else ew_award)


def entry_record(entry: Entry) -> dict[str, Any]:
    """An entry as plain data to keep (the server's store, a file): every field, weights as
    exact fractions; :func:`entry_from_record` reads it back.

    >>> e = parse_entry("contract", 1, 2, 2, 5, "30% 4S N = + 70% 4S N -1")
    >>> entry_from_record("contract", entry_record(e)) == e
    True
    """
    base: dict[str, Any] = {
        "board": entry.board,
        "table": entry.table,
        "ns": entry.ns,
        "ew": entry.ew,
    }
    if isinstance(entry, Played):
        return {
            **base,
            "kind": "assigned" if entry.assigned else "played",
            "contract": None if entry.contract is None else str(entry.contract),
            "declarer": None if entry.declarer is None else entry.declarer.letter,
            "tricks": entry.tricks,
            "lead": entry.lead,
        }
    if isinstance(entry, Weighted):
        return {
            **base,
            "kind": "weighted",
            "parts": [{"weight": str(w), **entry_record(p)} for w, p in entry.parts],
        }
    if isinstance(entry, Split):
        return {
            **base,
            "kind": "split",
            "ns_side": entry_record(entry.ns_side),
            "ew_side": entry_record(entry.ew_side),
        }
    if isinstance(entry, Artificial):
        return {
            **base,
            "kind": "artificial",
            "ns_award": entry.ns_award,
            "ew_award": entry.ew_award,
        }
    return {**base, "kind": "not played"}


def entry_from_record(game: str, record: Mapping[str, Any], *, overtricks: bool = False) -> Entry:
    """The entry :func:`entry_record` wrote, scored again by ``game``'s table."""
    try:
        kind = record["kind"]
        where = (record["board"], record["table"], record["ns"], record["ew"])
        if kind in ("played", "assigned"):
            return Played.of(
                game, *where, record["declarer"], record["contract"], record["tricks"],
                record.get("lead"), assigned=kind == "assigned", overtricks=overtricks,
            )  # fmt: skip
        if kind == "weighted":
            parts = [
                (Fraction(x["weight"]), entry_from_record(game, x, overtricks=overtricks))
                for x in record["parts"]
            ]
            return Weighted.of(*where, [(w, p) for w, p in parts if isinstance(p, Played)])
        if kind == "split":
            ns_side = entry_from_record(game, record["ns_side"], overtricks=overtricks)
            ew_side = entry_from_record(game, record["ew_side"], overtricks=overtricks)
            if not isinstance(ns_side, (Played, Weighted)) or not isinstance(
                ew_side, (Played, Weighted)
            ):
                raise _err("entry", board=where[0], table=where[1], text=repr(kind))
            return Split(*where, ns_side, ew_side)
        if kind == "artificial":
            return Artificial(*where, record["ns_award"], record["ew_award"])
        if kind == "not played":
            return NotPlayed(*where)
    except (KeyError, TypeError):
        raise _err("entry", board=record.get("board"), table=record.get("table"),
                   text=repr(dict(record))) from None  # fmt: skip
    raise _err("entry", board=record.get("board"), table=record.get("table"), text=repr(kind))


@dataclass(frozen=True)
class TravellerRow:
    """One table's line on a board's traveller, compared with the other tables. ``ns_mp``,
    ``ew_mp``: matchpoints of a top of ``top``; ``ns_imps``, ``ew_imps``: IMPs across the field,
    against the datum (Butler), or won in the match (teams)."""

    result: Entry
    ns_mp: Fraction
    ew_mp: Fraction
    top: int
    ns_imps: Fraction
    ew_imps_: Fraction | None = None

    @property
    def table(self) -> int:
        return self.result.table

    @property
    def ns_score(self) -> int | Fraction | None:
        """North-South's score (a weighted score's mean; ``None``: artificial or not played)."""
        e = self.result
        if isinstance(e, (Played, Weighted, Split)):
            return e.ns_score
        return None

    @property
    def ew_imps(self) -> Fraction:
        return -self.ns_imps if self.ew_imps_ is None else self.ew_imps_

    @property
    def counts(self) -> bool:
        """Whether the row counts for its pairs (a board not played does not)."""
        return not isinstance(self.result, NotPlayed)


@dataclass(frozen=True)
class Standing:
    """A pair's (or team's) totals: boards played, points, matchpoints of the tops, IMPs,
    victory points (a teams session of several matches); its rank."""

    pair: int
    label: str
    direction: str | None
    boards: int
    points: int | Fraction
    mp: Fraction
    top: int
    imps: Fraction
    rank: int = 0
    #: The team's number when the standing is a team's (a ``teams`` movement).
    team: int | None = None
    vp: Fraction | None = None
    players: tuple[Player, ...] = ()

    @property
    def percent(self) -> float:
        """Matchpoints as a percentage of the tops of the boards played (two decimals)."""
        return round(float(100 * self.mp / self.top), 2) if self.top else 0.0


class Results:
    """A session's results so far, compared and ranked.

    ``scoring``: ``matchpoints``, ``imps`` (across the field), ``butler`` or ``total`` (points,
    a class); a teams movement is scored by ``imps``. ``sitout``: the pair that is not there
    (an odd number of pairs): its tables' boards are not played, and every board is expected
    at one table fewer. ``players``: each pair's (or team's) players. A board counts on the
    traveller as soon as one table has played it; its comparisons are factored to the number
    of tables the movement meant (a ``free`` movement means the tables that played it: no
    factoring).

    ``overtricks``: the entries are scored by mini-bridge's EBU option (MB-A6; the entries
    are made with it, :meth:`Played.of`). ``summed``: IMPs across the field are each score's
    IMPs against every other added up (a class's cross-IMPs), not divided by the comparisons.
    """

    def __init__(
        self,
        movement: Movement,
        game: str,
        scoring: str,
        played: Iterable[Entry] = (),
        *,
        fouled: Iterable[Fouled] = (),
        players: Mapping[int, Sequence[Player]] | None = None,
        sitout: int | None = None,
        title: str = "",
        overtricks: bool = False,
        summed: bool = False,
    ) -> None:
        if scoring not in METHODS:
            raise _err("scoring", methods=", ".join(METHODS), scoring=repr(scoring))
        if movement.kind == "teams" and scoring != "imps":
            raise _err("teams_scoring", scoring=repr(scoring))
        if game not in ("contract", "minibridge"):
            raise _err("game", game=game)
        if overtricks and game != "minibridge":
            raise _err("options.overtricks", game=game)
        if sitout is not None:
            movement.label(sitout)
            if movement.kind == "teams":
                raise _err("teams_sitout")
        self.movement = movement
        self.game = game
        self.scoring = scoring
        self.sitout = sitout
        self.title = title
        self.overtricks = overtricks
        self.summed = summed
        self.played: list[Entry] = []
        self._travellers: dict[int, tuple[TravellerRow, ...]] = {}
        self.fouled: dict[int, Fouled] = {}
        self.players: dict[int, tuple[Player, ...]] = {}
        for result in played:
            self.add(result)
        for f in fouled:
            self._add_fouled(f)
        for number, names in (players or {}).items():
            self._add_players(number, names)

    # -- building, and new values for corrections ---------------------------------------------

    def _copy(self) -> Results:
        new = Results(
            self.movement, self.game, self.scoring, sitout=self.sitout, title=self.title,
            overtricks=self.overtricks, summed=self.summed,
        )  # fmt: skip
        new.played = list(self.played)
        new.fouled = dict(self.fouled)
        new.players = dict(self.players)
        return new

    def _add_players(self, number: int, names: Sequence[Player]) -> None:
        if self.movement.kind == "teams":
            if number not in self.movement.teams:
                raise _err("no_team", team=repr(number), tables=self.movement.tables)
        else:
            self.movement.label(number)
        self.players[number] = tuple(names)

    def _add_fouled(self, f: Fouled) -> None:
        self.movement.round_of(f.board)
        for g in f.groups:
            for t in g:
                if not 1 <= t <= self.movement.tables:
                    raise _err("fouled_no_table", board=f.board, table=t)
        self.fouled[f.board] = f
        self._travellers.clear()

    def check(self, result: Entry) -> None:
        """Refuse an entry whose pairs are not the movement's at that table and board."""
        m = self.movement
        r = m.round_of(result.board)
        e = m.encounter(r, result.table)
        if (e.ns, e.ew) != (result.ns, result.ew):
            raise _err(
                "pairs", board=result.board, table=result.table, ns=m.label(e.ns),
                ew=m.label(e.ew), got_ns=result.ns, got_ew=result.ew,
            )  # fmt: skip
        if self.sitout in (e.ns, e.ew) and not isinstance(result, NotPlayed):
            raise _err(
                "sits_out", board=result.board, table=result.table, pair=m.label(self.sitout)
            )

    def add(self, result: Entry) -> None:
        """Add one entry; a table plays a board once."""
        self.check(result)
        if self.entry(result.board, result.table) is not None:
            raise _err("twice", board=result.board, table=result.table)
        self.played.append(result)
        self._travellers.clear()

    def entry(self, board: int, table: int) -> Entry | None:
        """The entry of ``board`` at ``table``, if any."""
        for p in self.played:
            if p.board == board and p.table == table:
                return p
        return None

    def with_entry(self, result: Entry) -> Results:
        """A new value with ``result`` in place of the entry for its board and table (a
        correction or an adjustment), or added."""
        self.check(result)
        new = self._copy()
        new.played = [
            p for p in self.played if (p.board, p.table) != (result.board, result.table)
        ] + [result]
        return new

    def without(self, board: int, table: int) -> Results:
        """A new value without the entry of ``board`` at ``table`` (a result removed)."""
        if self.entry(board, table) is None:
            raise _err("no_result", board=board, table=table)
        new = self._copy()
        new.played = [p for p in self.played if (p.board, p.table) != (board, table)]
        return new

    def with_fouled(self, fouled: Fouled) -> Results:
        """A new value with board ``fouled.board`` scored in its groups."""
        new = self._copy()
        new._add_fouled(fouled)
        return new

    def with_players(self, number: int, players: Sequence[Player]) -> Results:
        """A new value with the players of pair (or team) ``number``."""
        new = self._copy()
        new._add_players(number, players)
        return new

    # -- the comparisons ---------------------------------------------------------------------

    @property
    def boards(self) -> tuple[int, ...]:
        """The boards with an entry at one table or more."""
        return tuple(sorted({p.board for p in self.played}))

    def expected(self, board: int) -> int:
        """How many tables the movement means ``board`` for (one fewer with a sit-out)."""
        n = self.movement.expected(board)
        return n - 1 if self.sitout is not None else n

    def traveller(self, board: int) -> tuple[TravellerRow, ...]:
        """Board ``board``'s traveller: each table's entry and its comparison (factored); empty
        while no table has played it."""
        cached = self._travellers.get(board)
        if cached is None:
            self.movement.round_of(board)  # a board of the movement's, or an error
            cached = self._travellers[board] = self._compare(board)
        return cached

    def _compare(self, board: int) -> tuple[TravellerRow, ...]:
        rows = sorted((p for p in self.played if p.board == board), key=lambda p: p.table)
        if not rows:
            return ()
        if self.movement.kind == "teams":
            return self._match_traveller(rows)
        fouled = self.fouled.get(board)
        groups: dict[int, list[Entry]] = {}
        for p in rows:
            groups.setdefault(0 if fouled is None else fouled.group_of(p.table), []).append(p)
        expected = max(self.expected(board), 1)
        top = matchpoint_top(expected)
        out: dict[int, TravellerRow] = {}
        for group in groups.values():
            field_ = [p for p in group if isinstance(p, (Played, Weighted, Split))]
            n = len(field_)
            datum = (
                butler_datum([_mean(_ns_dist(p)) for p in field_])
                if self.scoring == "butler" and field_
                else 0
            )
            plain: dict[int, tuple[Fraction, Fraction]] = {}
            if field_ and all(isinstance(p, Played) for p in field_):
                # every result a table's own score: Law 78A and 78B over whole numbers
                scores = [int(p.ns_score) for p in field_]
                if self.scoring == "butler":
                    ims = [Fraction(imps(x - datum)) for x in scores]
                elif self.summed:
                    ims = [Fraction(x * expected, n) for x in cross_imps(scores)]
                else:
                    ims = imps_across_field(scores, expected)
                mps = neuberg(scores, expected)
                plain = {p.table: (mp, i) for p, mp, i in zip(field_, mps, ims, strict=True)}
            for p in group:
                if p.table in plain:
                    mp, i = plain[p.table]
                    out[p.table] = TravellerRow(p, mp, top - mp, top, i, -i)
                    continue
                if isinstance(p, NotPlayed):
                    out[p.table] = TravellerRow(
                        p, Fraction(0), Fraction(0), 0, Fraction(0), Fraction(0)
                    )
                    continue
                if isinstance(p, Artificial):
                    ns_pc, ns_award = ARTIFICIAL[p.ns_award]
                    ew_pc, ew_award = ARTIFICIAL[p.ew_award]
                    out[p.table] = TravellerRow(
                        p,
                        Fraction(ns_pc * top, 100),
                        Fraction(ew_pc * top, 100),
                        top,
                        Fraction(ns_award),
                        Fraction(ew_award),
                    )
                    continue
                others = [o for o in field_ if o is not p]
                factor = Fraction(expected, n)
                ns_mp = sum((_mp_against(_ns_dist(p), _ns_dist(o), 1) for o in others), Fraction(0))
                ew_mp = sum(
                    (_mp_against(_ew_dist(p), _ew_dist(o), -1) for o in others), Fraction(0)
                )
                ns_mp = (ns_mp + 1) * factor - 1
                ew_mp = (ew_mp + 1) * factor - 1
                if self.scoring == "butler":
                    ns_i = _imps_against(_ns_dist(p), ((Fraction(1), datum),), 1)
                    ew_i = _imps_against(_ew_dist(p), ((Fraction(1), datum),), -1)
                elif expected > 1:
                    scale = Fraction(expected, n * (1 if self.summed else expected - 1))
                    ns_i = scale * sum(
                        (_imps_against(_ns_dist(p), _ns_dist(o), 1) for o in others), Fraction(0)
                    )
                    ew_i = scale * sum(
                        (_imps_against(_ew_dist(p), _ew_dist(o), -1) for o in others), Fraction(0)
                    )
                else:
                    ns_i = ew_i = Fraction(0)
                out[p.table] = TravellerRow(p, ns_mp, ew_mp, top, ns_i, ew_i)
        return tuple(out[t] for t in sorted(out))

    def _match_traveller(self, rows: list[Entry]) -> tuple[TravellerRow, ...]:
        """A board of a teams session: each table's North-South pair wins or loses the IMPs of
        the difference from the other table of its match (Law 78B); no matchpoints. An
        artificial score at either table gives both teams their awards."""
        by_table = {p.table: p for p in rows}
        out = []
        for p in rows:
            other = by_table.get(self.movement.other_table(p.table))
            zero = Fraction(0)
            if isinstance(p, Artificial):
                ns_i, ew_i = (
                    Fraction(ARTIFICIAL[p.ns_award][1]),
                    Fraction(ARTIFICIAL[p.ew_award][1]),
                )
            elif isinstance(other, Artificial):
                ns_i = Fraction(ARTIFICIAL[other.ew_award][1])
                ew_i = Fraction(ARTIFICIAL[other.ns_award][1])
            elif other is None or isinstance(p, NotPlayed) or isinstance(other, NotPlayed):
                ns_i = ew_i = zero
            else:
                # this table's NS team: its NS score here less its opponents' NS score there
                ns_i = _imps_against(_ns_dist(p), _ew_dist(other), 1)
                ew_i = _imps_against(_ew_dist(p), _ns_dist(other), -1)
            out.append(TravellerRow(p, zero, zero, 0, ns_i, ew_i))
        return tuple(out)

    # -- totals and rankings -----------------------------------------------------------------

    def scorecard(self, pair: int) -> list[dict[str, Any]]:
        """A pair's boards: opponents, result, points, matchpoints and IMPs, with their running
        totals (``total_points``, ``total_mp`` of ``total_top``, ``total_imps``), as plain data."""
        m = self.movement
        out = []
        points, mps, tops, ims = Fraction(0), Fraction(0), 0, Fraction(0)
        for board in self.boards:
            for row in self.traveller(board):
                p = row.result
                if pair not in (p.ns, p.ew):
                    continue
                ns = pair == p.ns
                scored = _side_points(p, ns)
                mp, imp = (row.ns_mp, row.ns_imps) if ns else (row.ew_mp, row.ew_imps)
                if row.counts:
                    points, mps, tops, ims = (
                        points + (scored or 0),
                        mps + mp,
                        tops + row.top,
                        ims + imp,
                    )
                out.append(
                    {
                        "board": board,
                        "direction": "NS" if ns else "EW",
                        "opponents": m.label(p.ew if ns else p.ns),
                        **_entry_dict(p),
                        "points": None if scored is None else _num(scored),
                        "mp": _num(mp),
                        "top": row.top,
                        "imps": _num(imp),
                        "total_points": _num(points),
                        "total_mp": _num(mps),
                        "total_top": tops,
                        "total_imps": _num(ims),
                    }
                )
        return out

    def standings(self) -> list[Standing]:
        """Every pair's totals, unranked (the pair sitting out is left out)."""
        m = self.movement
        totals: dict[int, list[Any]] = {
            p: [0, Fraction(0), Fraction(0), 0, Fraction(0), set()]
            for p in m.pairs
            if p != self.sitout
        }
        for board in self.boards:
            for row in self.traveller(board):
                if not row.counts:
                    continue
                p = row.result
                for pair, ns, mp, imp in (
                    (p.ns, True, row.ns_mp, row.ns_imps),
                    (p.ew, False, row.ew_mp, row.ew_imps),
                ):
                    if pair not in totals:
                        continue
                    t = totals[pair]
                    t[0] += 1
                    t[1] += _side_points(p, ns) or 0
                    t[2] += mp
                    t[3] += row.top
                    t[4] += imp
                    t[5].add("NS" if ns else "EW")
        out = []
        for pair, (boards, points, mp, top, imp, sides) in totals.items():
            direction = next(iter(sides)) if len(sides) == 1 else None
            if m.separate_directions:
                direction = m.direction(pair)
            out.append(
                Standing(
                    pair,
                    m.label(pair),
                    direction,
                    boards,
                    _whole(points),
                    mp,
                    top,
                    imp,
                    players=self.players.get(pair, ()),
                )
            )
        return out

    def _key(self, s: Standing, by: str) -> tuple[Any, ...]:
        if s.vp is not None:
            return (-s.vp, -s.imps)
        if by == "matchpoints":
            return (-(s.mp / s.top if s.top else Fraction(0)),)
        if by in ("imps", "butler"):
            return (-s.imps,)
        return (-s.points,)

    def ranking(self, direction: str | None = None, by: str | None = None) -> list[Standing]:
        """The pairs best first, by percentage of matchpoints, IMPs or points; pairs level
        share a rank. ``direction`` (``NS``, ``EW``) ranks one direction of a movement whose
        pairs keep theirs (a class, a Mitchell); ``by``: one of :data:`METHODS` to rank by
        (default: the session's scoring; a class ranks by both matchpoints and IMPs)."""
        if by is not None and by not in METHODS:
            raise _err("scoring", methods=", ".join(METHODS), scoring=repr(by))
        rows = [s for s in self.standings() if direction is None or s.direction == direction]
        return self._ranked(rows, by or self.scoring)

    def _ranked(self, rows: list[Standing], by: str) -> list[Standing]:
        rows = sorted(rows, key=lambda s: (*self._key(s, by), s.pair))
        out: list[Standing] = []
        for i, s in enumerate(rows):
            same = out and self._key(out[-1], by) == self._key(s, by)
            out.append(replace(s, rank=out[-1].rank if same else i + 1))
        return out

    def matches(self) -> list[dict[str, Any]]:
        """Each match of a teams session: round, tables, the two teams, its boards, how many
        of them are compared (entered at both tables), IMPs and victory points of each (WBF
        continuous scale, :func:`victory_points`, over the match's boards)."""
        m = self.movement
        if m.kind != "teams":
            return []
        out = []
        for r in range(m.rounds):
            boards = m.boards_of(r)
            for e in m.round(r):
                if e.table % 2 == 0:
                    continue
                home, away = m.team_of(e.ns), m.team_of(e.ew)
                totals = {home: Fraction(0), away: Fraction(0)}
                compared = 0
                for board in boards:
                    tables = 0
                    for row in self.traveller(board):
                        if row.table == e.table:
                            totals[home] += row.ns_imps
                            tables += 1
                        elif row.table == e.table + 1:
                            totals[away] += row.ns_imps
                            tables += 1
                    compared += tables == 2
                out.append(
                    {
                        "round": r + 1,
                        "tables": (e.table, e.table + 1),
                        "teams": (home, away),
                        "boards": len(boards),
                        "compared": compared,
                        "imps": (totals[home], totals[away]),
                        "vp": (
                            victory_points(totals[home], len(boards)),
                            victory_points(totals[away], len(boards)),
                        ),
                    }
                )
        return out

    def team_standings(self) -> list[Standing]:
        """Every team's totals (a ``teams`` movement), unranked: its boards and IMPs are its
        North-South pair's (the two pairs of a team share each board's IMPs), its points both
        pairs' together; with several matches, its victory points."""
        m = self.movement
        pairs = {s.pair: s for s in self.standings()}
        vps: dict[int, Fraction] = {t: Fraction(0) for t in m.teams}
        for match in self.matches():
            if not match["compared"]:
                continue  # a match not started yet gives no victory points
            for team, vp in zip(match["teams"], match["vp"], strict=True):
                vps[team] += vp
        out = []
        for team in m.teams:
            ns, ew = pairs[team], pairs[team + m.tables]
            points = ns.points + ew.points
            out.append(
                Standing(
                    team,
                    f"T{team}",
                    None,
                    ns.boards,
                    points,
                    Fraction(0),
                    0,
                    ns.imps,
                    team=team,
                    vp=vps[team] if m.rounds > 1 else None,
                    players=self.players.get(team, ()),
                )
            )
        return out

    def rankings(self) -> dict[str, list[Standing]]:
        """The ranking of each direction (a class, a Mitchell), the one ranking (``all``), or
        the teams' (``teams``)."""
        if self.movement.kind == "teams":
            return {"teams": self._ranked(self.team_standings(), self.scoring)}
        if self.movement.separate_directions:
            return {"NS": self.ranking("NS"), "EW": self.ranking("EW")}
        return {"all": self.ranking()}

    # -- plain data --------------------------------------------------------------------------

    def board_dict(self, board: int) -> dict[str, Any]:
        """A board's traveller as plain data."""
        m = self.movement
        fouled = self.fouled.get(board)
        return {
            "board": board,
            "dealer": board_dealer(board).letter,
            "vulnerability": board_vulnerability(board).pbn,
            "expected": self.expected(board),
            "fouled": None if fouled is None else [list(g) for g in fouled.groups],
            "results": [
                {
                    **_entry_dict(row.result),
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
            "points": _num(Fraction(s.points)),
            "mp": _num(s.mp),
            "top": s.top,
            "percent": s.percent,
            "imps": _num(s.imps),
            "team": s.team,
            "vp": None if s.vp is None else _num(s.vp),
            "players": [p.to_dict() for p in s.players],
        }

    def to_dict(self) -> dict[str, Any]:
        """Everything as plain data: the travellers, the rankings, each pair's scorecard."""
        m = self.movement
        return {
            "title": self.title,
            "game": self.game,
            "movement": m.kind,
            "tables": m.tables,
            "scoring": self.scoring,
            "overtricks": self.overtricks,
            "summed": self.summed,
            "sitout": None if self.sitout is None else m.label(self.sitout),
            "boards": [self.board_dict(b) for b in self.boards],
            "rankings": {
                d: [self.standing_dict(s) for s in rows] for d, rows in self.rankings().items()
            },
            "matches": [
                {
                    **x,
                    "teams": [f"T{t}" for t in x["teams"]],
                    "tables": list(x["tables"]),
                    "imps": [_num(i) for i in x["imps"]],
                    "vp": [_num(v) for v in x["vp"]],
                }
                for x in self.matches()
            ],
            "scorecards": {m.label(p): self.scorecard(p) for p in m.pairs if p != self.sitout},
        }


def _mean(dist: Sequence[tuple[Fraction, int]]) -> Fraction:
    return sum((w * s for w, s in dist), Fraction(0))


def _side_points(e: Entry, ns: bool) -> Fraction | None:
    """The points a side scored (its own side's view), ``None`` when it has none."""
    if isinstance(e, Split):
        return e.ns_score if ns else -e.ew_score
    if isinstance(e, (Played, Weighted)):
        return Fraction(e.ns_score) if ns else -Fraction(e.ns_score)
    return None


def _entry_dict(e: Entry) -> dict[str, Any]:
    data = e.to_dict()
    data.setdefault("contract", None)
    data.setdefault("declarer", None)
    data.setdefault("lead", None)
    data.setdefault("tricks", None)
    data.setdefault("result", "")
    data.setdefault("ns_score", None)
    data["text"] = e.text()
    return data


def _whole(value: Fraction) -> int | Fraction:
    return int(value) if value.denominator == 1 else value


def _percent(w: Fraction) -> str:
    v = w * 100
    return str(int(v)) if v.denominator == 1 else str(round(float(v), 2))


def _num(value: Fraction | int) -> float | int:
    """A factored number as JSON shows it: whole, or to two decimals.

    >>> _num(Fraction(7, 2)), _num(Fraction(4)), _num(Fraction(-17, 3))
    (3.5, 4, -5.67)
    """
    value = Fraction(value)
    return int(value) if value.denominator == 1 else round(float(value), 2)
