"""What a tolerant reader returns: the good games of a file, and where and why the bad ones failed.

Real tournament files carry mistakes. The readers of :mod:`~bridgeroom.formats.pbn`
and :mod:`~bridgeroom.formats.lin` read such a file game by game: a game that
cannot be read becomes a :class:`BadGame` (its line, its board, the reason) and
the reader goes on with the next one. ``strict=True`` (the default of
``load``/``loads``, for tests and programs that want all or nothing) raises the
first error instead.

    >>> bad = BadGame(line=12, error="not a call in the Auction section: '8NT'", board="3")
    >>> str(bad)
    "line 12: board 3: not a call in the Auction section: '8NT'"
    >>> bad.with_source("club.pbn").to_json()
    {'board': '3', 'line': 12, 'error': "not a call in the Auction section: '8NT'", 'file': 'club.pbn'}
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from bridgeroom.errors import ParseError

__all__ = ["BadGame", "Games"]

G = TypeVar("G")

_LINE_PREFIX = re.compile(r"^line \d+: ")


@dataclass(frozen=True)
class BadGame:
    """A game of a file that could not be read.

    ``line`` is the line of the mistake (1-based), ``first_line`` the game's
    first line, ``board`` its Board tag (or LIN board name) as written when it
    was read before the mistake, ``error`` the reason, ``source`` the file.
    """

    line: int
    error: str
    board: str | None = None
    first_line: int | None = None
    source: str = ""
    #: A warning: the game's auction or play is wrong, and the game comes next without them (its
    #: deal read all the same: ``iter_games(..., deals=True)``).
    warning: bool = False
    #: The error itself, so that each face says it in its reader's language (:meth:`text`).
    reason: ParseError | None = field(default=None, compare=False, repr=False)

    @classmethod
    def from_error(
        cls, err: ParseError, *, line: int, board: str | None = None, first_line: int | None = None
    ) -> BadGame:
        """The bad game of a :class:`~bridgeroom.errors.ParseError` (its own line if it has one)."""
        message = _LINE_PREFIX.sub("", str(err))
        return cls(err.line or line, message, board, first_line, reason=err)

    def text(self, lang: str) -> str:
        """The reason in ``lang`` (without the line, which :attr:`line` holds).

        >>> bad = BadGame.from_error(ParseError(key="file.card_twice", params={"card": "SA"}), line=4)
        >>> bad.error, bad.text("ru")
        ('card SA is played twice', 'карта SA сыграна дважды')
        """
        if self.reason is None or self.reason.key is None:
            return self.error
        from bridgeroom.i18n import error_text

        said = ParseError(key=self.reason.key, params=self.reason.params, rule=self.reason.rule)
        return error_text(said, lang)

    def with_source(self, source: str) -> BadGame:
        return replace(self, source=source)

    def to_json(self) -> dict[str, Any]:
        """The JSON object ``analyse --json`` writes for a bad game."""
        out: dict[str, Any] = {"board": self.board, "line": self.line, "error": self.error}
        if self.warning:
            out["warning"] = True
        if self.source:
            out["file"] = self.source
        return out

    def __str__(self) -> str:
        where = f"{self.source}:{self.line}" if self.source else f"line {self.line}"
        board = f"board {self.board}: " if self.board else ""
        return f"{where}: {board}{self.error}"


class Games(list[G], Generic[G]):
    """The games read from a file (a list), with the bad games left out in :attr:`errors`.

    >>> games = Games(["g1", "g2"], [BadGame(3, "bad Deal tag")])
    >>> len(games), games.errors[0].line
    (2, 3)
    """

    def __init__(self, games: Any = (), errors: Any = ()) -> None:
        super().__init__(games)
        self.errors: list[BadGame] = list(errors)

    def __repr__(self) -> str:
        return f"Games({list(self)!r}, errors={self.errors!r})"
