"""Movements as data: which pairs meet at which table in each round, and which boards they play.

A session of ``tables`` tables plays ``boards`` boards in rounds. On the web a board is not a
wallet carried from table to table: the server gives every table its own copy, so in each
round **every table plays that round's boards, in order** (as BBO's pair tournaments do), and
every table plays boards 1..N in order over the session. What moves are the pairs:

* ``class``: one round; the pairs stay at their tables all session (a class, a teacher's
  session): the North-South pair of table ``t`` is pair ``t``, its East-West pair ``t + n``
  (shown ``tNS`` and ``tEW``).
* ``rotating``: a class whose boards rotate between the tables, as wallets do in a classroom:
  the pairs stay, and table ``t`` starts at the board ``(t - 1) * boards // tables + 1`` and
  plays on in order, back to board 1 after the last (:meth:`Movement.order`). Every table
  still plays every board, but not at the same time: the tables are spread over the boards.
* ``mitchell``: North-South pairs stay; East-West pairs move up one table each round (pair
  ``tEW`` is at table ``t + r`` in round ``r``, counted from 0), so each meets a different
  North-South pair, at most ``tables`` rounds. North-South and East-West pairs are ranked
  apart. With boards copied, an even number of tables needs no skip and no relay.
* ``teams``: ``n`` teams of four (``n`` even) in matches of two tables: team ``t`` is pairs
  ``tNS`` (always North-South) and ``tEW`` (always East-West). In each round the teams meet in
  matches (a round robin by the circle method, at most ``n - 1`` rounds); the match of teams
  ``A`` and ``B`` is played at tables ``2k - 1`` (``A``'s North-South pair against ``B``'s
  East-West pair) and ``2k`` (the other two pairs), and each board is compared between those
  two tables only (:meth:`Movement.other_table`).
* ``howell``: ``2 n`` pairs, each meeting a different opponent every round, at most
  ``2 n - 1`` rounds (the circle method of a round robin: pair ``2n`` stays at table 1, the
  others move), every pair changing direction now and then; one ranking.
* ``free``: no movement: the seating as it was typed, board by board (a class whose results
  name their pairs, docs/minibridge.md). :meth:`Movement.free` starts one and
  :meth:`Movement.seat` seats two named pairs at a table for a board; each board is a round of
  its own, played at the tables that were seated for it (so a board is compared over the
  tables that played it, unfactored); a pair keeps its name (:meth:`Movement.label`), a table
  its number or name (:meth:`Movement.table_label`); the pairs are ranked by direction when
  each kept its own (:meth:`Movement.direction`).

    >>> m = Movement.make("mitchell", tables=3, boards=6)
    >>> m.rounds, m.boards_per_round, m.boards_of(1)
    (3, 2, (3, 4))
    >>> [(e.table, m.label(e.ns), m.label(e.ew)) for e in m.round(1)]
    [(1, '1NS', '3EW'), (2, '2NS', '1EW'), (3, '3NS', '2EW')]
    >>> m.expected(5), m.separate_directions
    (3, True)
    >>> r = Movement.make("rotating", tables=2, boards=4)
    >>> r.order(1), r.order(2)
    ((1, 2, 3, 4), (3, 4, 1, 2))
    >>> t = Movement.make("teams", tables=4, boards=6)
    >>> t.rounds, [(e.table, t.label(e.ns), t.label(e.ew)) for e in t.round(0)]
    (3, [(1, '4NS', '1EW'), (2, '1NS', '4EW'), (3, '2NS', '3EW'), (4, '3NS', '2EW')])
    >>> t.team_of(5), t.other_table(3)
    (1, 4)
    >>> h = Movement.make("howell", tables=2, boards=3)
    >>> [(e.table, e.ns, e.ew) for e in h.round(0)]
    [(1, 4, 1), (2, 2, 3)]
    >>> f = Movement.free().seat(1, 1, "Ann & Bob", "Cy & Di").seat(1, 2, "Ed & Flo", "Gus & Hal")
    >>> f.expected(1), [f.label(p) for p in f.pairs], f.direction(3), f.separate_directions
    (2, ['Ann & Bob', 'Cy & Di', 'Ed & Flo', 'Gus & Hal'], 'NS', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from bridgeroom.errors import ScoringError
from bridgeroom.i18n import keyed

__all__ = ["KINDS", "Encounter", "Movement"]

#: The movements, by name (:meth:`Movement.make`'s; a ``free`` seating is typed, not made).
KINDS: Final[tuple[str, ...]] = ("class", "rotating", "mitchell", "howell", "teams")
#: The kind of a movement typed as it was played (:meth:`Movement.free`).
FREE: Final = "free"

#: The most tables and boards a session may have.
MAX_TABLES: Final[int] = 64
MAX_BOARDS: Final[int] = 64


@dataclass(frozen=True)
class Encounter:
    """Two pairs at a table in a round, and the boards they play there."""

    round: int
    table: int
    ns: int
    ew: int
    boards: tuple[int, ...]


@dataclass(frozen=True)
class Movement:
    """Who plays where in each round (:meth:`make` builds one from its kind; :meth:`free`
    and :meth:`seat` one typed as it was played)."""

    kind: str
    tables: int
    boards: int
    rounds: int
    #: A ``free`` movement's seating: each board's encounters (its round is the board's, less 1).
    seating: tuple[Encounter, ...] = ()
    #: A ``free`` movement's pairs by their names, pair 1's first.
    names: tuple[str, ...] = ()
    #: A ``free`` movement's tables that have a name rather than a number: (number, name).
    table_names: tuple[tuple[int, str], ...] = ()

    @classmethod
    def free(cls) -> Movement:
        """No movement yet: a seating to be typed board by board (:meth:`seat`)."""
        return cls(FREE, 0, 0, 0)

    def seat(
        self, board: int, table: int, ns: str, ew: str, *, table_name: str | None = None
    ) -> Movement:
        """A new ``free`` movement with pairs ``ns`` and ``ew`` (their names; a new name is
        a new pair) at ``table`` for ``board``; ``table_name``: the table's name where it has
        one. A table plays a board once, and so does a pair.

        >>> m = Movement.free().seat(1, 1, "A", "B")
        >>> m.seat(1, 2, "C", "A")
        Traceback (most recent call last):
        ...
        bridgeroom.errors.ScoringError: A plays board 1 twice (tables 1 and 2).
        """
        if self.kind != FREE:
            raise keyed(ScoringError, "movement.free.seated", kind=self.kind)
        for what, value in (("board", board), ("table", table)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise keyed(ScoringError, f"movement.free.{what}", value=repr(value))
        ns, ew = str(ns).strip(), str(ew).strip()
        if not ns or not ew or ns == ew:
            raise keyed(ScoringError, "movement.free.pairs", board=board, table=table)
        names = list(self.names)
        for e in self.seating:
            if e.round != board - 1:
                continue
            if e.table == table:
                raise keyed(ScoringError, "movement.free.twice", board=board, table=table)
            for pair in (e.ns, e.ew):
                if names[pair - 1] in (ns, ew):
                    raise keyed(
                        ScoringError, "movement.free.pair_twice", pair=names[pair - 1],
                        board=board, first=self.table_label(e.table),
                        table=table_name or str(table),
                    )  # fmt: skip
        numbers = []
        for name in (ns, ew):
            if name not in names:
                names.append(name)
            numbers.append(names.index(name) + 1)
        named = dict(self.table_names)
        if table_name is not None and named.setdefault(table, table_name) != table_name:
            raise keyed(ScoringError, "movement.free.table_name", table=table, name=named[table])
        encounter = Encounter(board - 1, table, numbers[0], numbers[1], (board,))
        return Movement(
            FREE,
            max(self.tables, table),
            max(self.boards, board),
            max(self.boards, board),
            (*self.seating, encounter),
            tuple(names),
            tuple(sorted(named.items())),
        )

    @classmethod
    def make(cls, kind: str, tables: int, boards: int, rounds: int | None = None) -> Movement:
        """The movement ``kind`` for ``tables`` tables and ``boards`` boards, in ``rounds``
        rounds (default: one for a class, as many as there are opponents for the others,
        no more than there are boards).

        >>> Movement.make("howell", tables=3, boards=10).rounds
        5
        >>> Movement.make("mitchell", tables=2, boards=3, rounds=2)
        Traceback (most recent call last):
        ...
        bridgeroom.errors.ScoringError: 3 boards cannot be shared out in 2 rounds of the same number of boards.
        """
        kind = str(kind).strip().lower()
        if kind not in KINDS:
            raise keyed(ScoringError, "movement.unknown", kind=kind, kinds=", ".join(KINDS))
        for what, value, most in (("tables", tables, MAX_TABLES), ("boards", boards, MAX_BOARDS)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
                raise keyed(ScoringError, f"movement.{what}", n=most, value=repr(value))
        if kind == "howell" and tables < 2:
            raise keyed(ScoringError, "movement.howell_tables")
        if kind == "teams" and tables % 2:
            raise keyed(ScoringError, "movement.teams_even", tables=tables)
        most_rounds = {
            "class": 1,
            "rotating": 1,
            "mitchell": tables,
            "howell": 2 * tables - 1,
            "teams": max(1, tables - 1),
        }[kind]
        if rounds is None:
            rounds = most_rounds
            while rounds > 1 and boards % rounds:
                rounds -= 1
        if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
            raise keyed(ScoringError, "movement.rounds_min", rounds=repr(rounds))
        if rounds > most_rounds:
            raise keyed(
                ScoringError,
                "movement.rounds_max",
                kind=kind,
                tables=tables,
                n=most_rounds,
                rounds=rounds,
            )
        if boards % rounds:
            raise keyed(ScoringError, "movement.rounds_share", boards=boards, rounds=rounds)
        return cls(kind, tables, boards, rounds)

    @property
    def boards_per_round(self) -> int:
        return 1 if self.kind == FREE else self.boards // self.rounds

    @property
    def pairs(self) -> tuple[int, ...]:
        """Every pair's number: ``2 n`` pairs for ``n`` tables (a ``free`` movement: those
        seated)."""
        if self.kind == FREE:
            return tuple(range(1, len(self.names) + 1))
        return tuple(range(1, 2 * self.tables + 1))

    @property
    def separate_directions(self) -> bool:
        """Whether every pair keeps its direction all session (a class, a Mitchell; a ``free``
        movement where each pair sat one way), so that North-South and East-West pairs are
        ranked apart."""
        if self.kind == FREE:
            return all(self.direction(p) is not None for p in self.pairs)
        return self.kind != "howell"

    def direction(self, pair: int) -> str | None:
        """The direction pair ``pair`` keeps all session (``NS``, ``EW``), or ``None`` where it
        changes (a Howell; a ``free`` pair that sat both ways)."""
        self.label(pair)
        if self.kind == FREE:
            sides = {"NS" if pair == e.ns else "EW" for e in self.seating if pair in (e.ns, e.ew)}
            return sides.pop() if len(sides) == 1 else None
        if self.kind == "howell":
            return None
        return "NS" if pair <= self.tables else "EW"

    @property
    def teams(self) -> tuple[int, ...]:
        """Every team's number (a ``teams`` movement): one team for two tables' pairs."""
        return tuple(range(1, self.tables + 1)) if self.kind == "teams" else ()

    def team_of(self, pair: int) -> int:
        """The team pair ``pair`` plays for (a ``teams`` movement): ``tNS`` and ``tEW`` are
        team ``t``."""
        if self.kind != "teams":
            raise keyed(ScoringError, "movement.no_teams", kind=self.kind)
        self.label(pair)
        return pair if pair <= self.tables else pair - self.tables

    def other_table(self, table: int) -> int:
        """The table of the same match (a ``teams`` movement): tables ``2k - 1`` and ``2k``
        play the same boards between the same two teams."""
        if self.kind != "teams":
            raise keyed(ScoringError, "movement.no_matches", kind=self.kind)
        if not 1 <= table <= self.tables:
            raise keyed(ScoringError, "movement.no_table", table=repr(table), n=self.tables)
        return table + 1 if table % 2 else table - 1

    def label(self, pair: int) -> str:
        """How a pair is named: ``3NS`` and ``3EW`` in a class or a Mitchell, ``5`` in a Howell,
        by its name in a ``free`` movement."""
        if pair not in self.pairs:
            raise keyed(ScoringError, "movement.no_pair", pair=repr(pair), n=self.tables)
        if self.kind == FREE:
            return self.names[pair - 1]
        if self.kind == "howell":
            return str(pair)
        n = self.tables
        return f"{pair}NS" if pair <= n else f"{pair - n}EW"

    def boards_of(self, round_: int) -> tuple[int, ...]:
        """The boards of round ``round_`` (from 0), which every table plays."""
        self._check_round(round_)
        k = self.boards_per_round
        return tuple(range(round_ * k + 1, round_ * k + k + 1))

    def order(self, table: int, round_: int = 0) -> tuple[int, ...]:
        """The boards of round ``round_`` in the order ``table`` plays them: in their numbers'
        order, except in a ``rotating`` class, where table ``t`` of ``n`` starts a
        ``(t - 1) / n``-th of the way through the boards and goes round.

        >>> Movement.make("rotating", tables=3, boards=4).order(3)
        (3, 4, 1, 2)
        >>> Movement.make("class", tables=3, boards=4).order(3)
        (1, 2, 3, 4)
        """
        boards = self.boards_of(round_)
        if not 1 <= table <= self.tables:
            raise keyed(ScoringError, "movement.no_table", table=repr(table), n=self.tables)
        if self.kind != "rotating":
            return boards
        start = (table - 1) * len(boards) // self.tables
        return boards[start:] + boards[:start]

    def round_of(self, board: int) -> int:
        """The round in which ``board`` is played."""
        if not 1 <= board <= self.boards:
            raise keyed(ScoringError, "movement.no_board", board=repr(board), n=self.boards)
        return (board - 1) // self.boards_per_round

    def find_pair(self, label: str) -> int:
        """The number of the pair called ``label`` (``3NS``, ``5``, a ``free`` pair's name;
        the case does not matter).

        >>> Movement.make("mitchell", tables=3, boards=6).find_pair("2ew")
        5
        """
        for pair in self.pairs:
            if self.label(pair).casefold() == str(label).strip().casefold():
                return pair
        raise keyed(ScoringError, "movement.no_pair", pair=repr(label), n=self.tables)

    def table_label(self, table: int) -> str:
        """How a table is named: its number, or its name in a ``free`` movement that gave it
        one."""
        return dict(self.table_names).get(table, str(table))

    def expected(self, board: int) -> int:
        """How many tables play ``board``: all of them (a ``free`` movement: those seated for
        it)."""
        round_ = self.round_of(board)
        if self.kind == FREE:
            return sum(1 for e in self.seating if e.round == round_)
        return self.tables

    def _check_round(self, round_: int) -> None:
        if not 0 <= round_ < self.rounds:
            raise keyed(ScoringError, "movement.no_round", round=repr(round_), n=self.rounds)

    def round(self, round_: int) -> tuple[Encounter, ...]:
        """The encounters of round ``round_`` (from 0), table by table."""
        self._check_round(round_)
        if self.kind == FREE:
            return tuple(sorted((e for e in self.seating if e.round == round_), key=_table))
        n, boards = self.tables, self.boards_of(round_)
        out = []
        for t in range(n):
            if self.kind in ("class", "rotating"):
                ns, ew = t + 1, n + t + 1
            elif self.kind == "mitchell":
                ns, ew = t + 1, n + (t - round_) % n + 1
            elif self.kind == "teams":
                a, b = self._match(round_, t // 2)
                ns, ew = (a, n + b) if t % 2 == 0 else (b, n + a)
            else:
                ns, ew = self._howell(round_, t)
            out.append(Encounter(round_, t + 1, ns, ew, boards))
        return tuple(out)

    def _match(self, round_: int, k: int) -> tuple[int, int]:
        """The two teams of match ``k`` (from 0) in ``round_``: the circle method, team ``n``
        fixed, the others turning."""
        n = self.tables
        if n == 2:
            return 1, 2
        m = n - 1
        if k == 0:
            return n, round_ % m + 1
        return (round_ + k) % m + 1, (round_ - k) % m + 1

    def _howell(self, round_: int, t: int) -> tuple[int, int]:
        """The circle method: pairs ``1..2n-1`` on a circle, pair ``2n`` in the middle at
        table 1; in round ``r`` pair ``r+1`` meets ``2n`` and pairs ``r+k``, ``r-k`` meet at
        table ``k+1``. The directions alternate so that pairs change sides."""
        m = 2 * self.tables - 1
        if t == 0:
            a, b = 2 * self.tables, round_ % m + 1
            flip = round_ % 2 == 1
        else:
            a, b = (round_ + t) % m + 1, (round_ - t) % m + 1
            flip = t % 2 == 0
        return (b, a) if flip else (a, b)

    def encounter(self, round_: int, table: int) -> Encounter:
        """Who plays at ``table`` in round ``round_``."""
        for e in self.round(round_):
            if e.table == table:
                return e
        raise keyed(ScoringError, "movement.no_table", table=repr(table), n=self.tables)

    def where(self, pair: int, round_: int) -> tuple[int, str]:
        """Pair ``pair``'s table and direction (``NS`` or ``EW``) in round ``round_``."""
        for e in self.round(round_):
            if pair in (e.ns, e.ew):
                return e.table, "NS" if pair == e.ns else "EW"
        raise keyed(ScoringError, "movement.no_pair", pair=repr(pair), n=self.tables)

    def to_dict(self) -> dict[str, object]:
        """The movement as plain data: its kind, size and every round's encounters."""
        return {
            "kind": self.kind,
            "tables": self.tables,
            "boards": self.boards,
            "rounds": [
                {
                    "round": r + 1,
                    "boards": list(self.boards_of(r)),
                    "tables": [
                        {
                            "table": e.table,
                            "ns": self.label(e.ns),
                            "ew": self.label(e.ew),
                            "order": list(self.order(e.table, r)),
                        }
                        for e in self.round(r)
                    ],
                }
                for r in range(self.rounds)
            ],
        }


def _table(e: Encounter) -> int:
    return e.table
