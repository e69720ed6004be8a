"""The Dealer language as data: expressions, actions and whole scripts, each node with its line.

Parsed by :mod:`bridgeroom.analysis.dealer.parser`; evaluated over batches of
deals by :mod:`bridgeroom.analysis.dealer.evaluate`. Nodes are frozen
dataclasses (picklable, so a parsed script travels to Dask workers as it is).

Expressions follow the Dealer manual (Hans van Staveren's program, as
documented at bridgebase.com and reprinted by endplay): C operators with C
priorities, integers only, identifiers standing for the expression they were
defined as, and the bridge functions below (``seat`` is 0-3 for N, E, S, W;
``suit`` 0-3 for clubs ... spades; ``strain`` 4 for notrump).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bridgeroom.analysis.hands import ShapeSet
from bridgeroom.rules.core import Seat, Vulnerability

if TYPE_CHECKING:
    from bridgeroom.i18n import Message

__all__ = [
    "Action",
    "Average",
    "Binary",
    "Controls",
    "Expr",
    "Frequency",
    "HasCard",
    "Imps",
    "Length",
    "Losers",
    "Number",
    "Points",
    "Print",
    "PrintES",
    "Ref",
    "Score",
    "Script",
    "Select",
    "Shape",
    "Tricks",
    "Unary",
]


@dataclass(frozen=True)
class Expr:
    """An expression; ``line`` is where it starts in the script."""

    line: int


@dataclass(frozen=True)
class Number(Expr):
    value: int


@dataclass(frozen=True)
class Ref(Expr):
    """A use of an identifier: it stands for the expression it was defined as (Dealer's rule)."""

    name: str
    target: Expr


@dataclass(frozen=True)
class Unary(Expr):
    op: str  # "!" or "-"
    operand: Expr


@dataclass(frozen=True)
class Binary(Expr):
    op: str  # && || == != < <= > >= + - * / %
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Select(Expr):
    """``test ? then : other``."""

    test: Expr
    then: Expr
    other: Expr


@dataclass(frozen=True)
class Length(Expr):
    """``spades(north)``: cards held in a suit."""

    seat: Seat
    suit: int


@dataclass(frozen=True)
class Points(Expr):
    """``hcp(north)``, ``hcp(north, spades)``, ``pt3(east)``, ``aces(west)``, ``top4(south, hearts)``.

    ``count`` is ``None`` for ``hcp`` (the ``pointcount`` scale) or the number
    of the alternative count (``altcount``, 0-9).
    """

    seat: Seat
    suit: int | None
    count: int | None
    name: str


@dataclass(frozen=True)
class Controls(Expr):
    seat: Seat
    suit: int | None


@dataclass(frozen=True)
class Losers(Expr):
    seat: Seat
    suit: int | None


@dataclass(frozen=True)
class Shape(Expr):
    seat: Seat
    shapes: ShapeSet = field(compare=False)
    text: str = ""


@dataclass(frozen=True)
class HasCard(Expr):
    seat: Seat
    card: int  # the card index, suit * 13 + rank - 2


@dataclass(frozen=True)
class Tricks(Expr):
    """``tricks(south, notrump)``: the declarer's double-dummy tricks."""

    seat: Seat
    strain: int


@dataclass(frozen=True)
class Score(Expr):
    """``score(vul, x3N, tricks)``: the duplicate score of an undoubled contract."""

    vulnerable: bool
    level: int
    strain: int
    tricks: Expr


@dataclass(frozen=True)
class Imps(Expr):
    """``imps(difference)``: a score difference in IMPs (WBF scale)."""

    value: Expr


# --- actions ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Action:
    line: int


@dataclass(frozen=True)
class Print(Action):
    """A printing action: ``printall``, ``print(...)``, ``printew``, ``printpbn``,
    ``printcompact [expr]`` or ``printoneline [expr]``; ``seats`` are the hands it shows."""

    name: str
    seats: tuple[Seat, ...]
    value: Expr | None = None


@dataclass(frozen=True)
class PrintES(Action):
    """``printes "text", expr, \\n, ...``: strings, values and line breaks for each deal."""

    items: tuple[str | Expr, ...]


@dataclass(frozen=True)
class Average(Action):
    label: str | None
    value: Expr


@dataclass(frozen=True)
class Frequency(Action):
    """A histogram of ``value`` between ``low`` and ``high`` (and a second, for a 2-D one)."""

    label: str | None
    value: Expr
    low: int
    high: int
    value2: Expr | None = None
    low2: int = 0
    high2: int = 0


# --- the script ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Script:
    """A parsed Dealer script: its inputs, its condition and its actions.

    ``predeal`` holds the cards given to each seat (four masks, N, E, S, W);
    ``pointcount`` the scale of ``hcp()`` and ``altcounts`` those of ``pt0`` ...
    ``pt9`` (ace first); ``warnings`` what Dealer accepts but a reader should
    know (a second ``condition`` replaces the first, as in Dealer), as messages of the catalogue.
    """

    condition: Expr | None = None
    actions: tuple[Action, ...] = ()
    generate: int | None = None
    produce: int | None = None
    dealer: Seat | None = None
    vulnerable: Vulnerability | None = None
    predeal: tuple[int, int, int, int] = (0, 0, 0, 0)
    pointcount: tuple[int, ...] | None = None
    altcounts: tuple[tuple[int, ...] | None, ...] = (None,) * 10
    variables: tuple[tuple[str, Expr], ...] = ()
    warnings: tuple[Message, ...] = ()
    name: str = "<script>"

    @property
    def prints(self) -> bool:
        """Whether the script prints deals (or only statistics)."""
        return not self.actions or any(isinstance(a, Print | PrintES) for a in self.actions)
