"""The pieces of a PBN game: the Auction and Play sections, and how tags are written.

>>> tag_line("Event", 'Club "Rook" night')
'[Event "Club \\\\"Rook\\\\" night"]'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgeroom.rules.core import Call, Card, Seat

__all__ = ["DUPLICATE_SCORINGS", "MANDATORY_TAGS", "UNKNOWN", "PbnAuction", "PbnPlay"]


#: The tags every exported game carries, in the order of export format (PBN 2.1, 3.2).
MANDATORY_TAGS: tuple[str, ...] = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)

#: Value of a tag whose value is not known.
UNKNOWN = "?"

#: ``Scoring`` tag values (first item, lower case) under which ``Score`` is the duplicate score.
DUPLICATE_SCORINGS: frozenset[str] = frozenset(
    {"mp", "matchpoints", "imp", "imps", "bam", "butler", "duplicate", "cross-imps", "crossimps"}
)


# --- the sections ------------------------------------------------------------------


@dataclass
class PbnAuction:
    """The Auction section: the calls from the dealer (``first``), clockwise.

    ``calls`` holds ``None`` for PBN's ``-`` (a call not made). ``all_pass``
    is PBN's ``AP`` after the last call: the remaining players pass. ``end``
    is ``"*"`` when the section was closed explicitly. ``annotations[i]``
    are the tokens written after call ``i`` (note references ``=1=``,
    suffixes ``!``/``?``, NAGs ``$n``, irregularities ``^x``); index
    ``len(calls)`` annotates the ``AP``. ``notes`` are the ``Note`` tags that
    follow the section, by number.

    >>> auction = PbnAuction(Seat.SOUTH, [Call("1NT")], all_pass=True)
    >>> auction.tokens()
    ['1NT', 'AP']
    """

    first: Seat
    calls: list[Call | None] = field(default_factory=list)
    all_pass: bool = False
    end: str = ""
    annotations: dict[int, list[str]] = field(default_factory=dict)
    notes: dict[int, str] = field(default_factory=dict)
    #: 1-based line of each call in the file read (empty for a built section).
    lines: list[int] = field(default_factory=list, compare=False, repr=False)
    #: 1-based line of the ``Auction`` tag.
    line: int | None = field(default=None, compare=False, repr=False)

    def tokens(self) -> list[str]:
        """The calls as PBN tokens, ``AP`` included, without annotations."""
        out = ["-" if call is None else _call_token(call) for call in self.calls]
        if self.all_pass:
            out.append("AP")
        return out

    def rows(self, columns: int = 4) -> list[str]:
        """The section's lines: ``columns`` calls a row (one per player), the first the dealer's."""
        cells: list[list[str]] = []
        for i, token in enumerate(self.tokens()):
            cells.append([token, *self.annotations.get(i, [])])
        rows = [
            " ".join(" ".join(cell) for cell in cells[i : i + columns])
            for i in range(0, len(cells), columns)
        ]
        if self.end:
            rows.append(self.end)
        return rows


@dataclass
class PbnPlay:
    """The Play section: one row per trick, columns by seat from the opening leader.

    ``tricks[k][i]`` is the card that seat ``leader.offset(i)`` played to
    trick ``k`` (``None``: PBN's ``-``, not played). The cards of a row are
    **not** in the order played: the trick was led by the winner of the
    previous one. ``end`` is ``"*"`` when the section ends with PBN's ``*``
    (the play was not recorded to the end, e.g. after a claim).

    >>> play = PbnPlay(Seat.WEST, [(Card("DQ"), Card("D3"), Card("D4"), Card("D2"))], end="*")
    >>> play.rows()
    ['DQ D3 D4 D2', '*']
    """

    leader: Seat
    tricks: list[tuple[Card | None, Card | None, Card | None, Card | None]] = field(
        default_factory=list
    )
    end: str = ""
    annotations: dict[tuple[int, int], list[str]] = field(default_factory=dict)
    notes: dict[int, str] = field(default_factory=dict)
    lines: list[int] = field(default_factory=list, compare=False, repr=False)
    line: int | None = field(default=None, compare=False, repr=False)

    def seat_of_column(self, column: int) -> Seat:
        return self.leader.offset(column)

    def rows(self) -> list[str]:
        out = []
        for k, trick in enumerate(self.tricks):
            cells = []
            for i, card in enumerate(trick):
                cell = [str(card) if card is not None else "- ", *self.annotations.get((k, i), [])]
                cells.append(" ".join(cell))
            out.append(" ".join(cells).rstrip())
        if self.end:
            out.append(self.end)
        return out


def _call_token(call: Call) -> str:
    return "Pass" if call.is_pass else str(call)


# --- writing tags ----------------------------------------------------------------------------------


def _escape(value: str, *, table: bool = False) -> str:
    r"""Escape a tag value: ``"`` as ``\"`` and ``\`` as ``\\``.

    The column definitions of a ``...Table`` tag (``Result\2R``) are written as the
    standard writes them: a backslash is doubled only where a reader would misread it.
    """
    out = []
    for i, ch in enumerate(value):
        if ch == '"':
            out.append('\\"')
        elif ch == "\\" and (not table or i + 1 == len(value) or value[i + 1] in '"\\'):
            out.append("\\\\")
        else:
            out.append(ch)
    return "".join(out)


def tag_line(name: str, value: str) -> str:
    return f'[{name} "{_escape(value, table=is_table(name))}"]'


def is_table(name: str) -> bool:
    return name.endswith("Table") and name != "Table"
