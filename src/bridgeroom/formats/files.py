"""Reading the games of several files, PBN or LIN, for the commands: every game or bad game in order.

A path ``-`` is standard input. The format comes from the file's extension
(``.pbn``, ``.lin``), else from its first characters (a PBN file starts with a
tag ``[`` or a ``%`` line, a LIN file with a ``key|`` command). PBN files are
streamed game by game; LIN files are read whole (BBO's files are small).

    >>> import io
    >>> text = '[Board "1"]\\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 -"]\\n\\n[Deal "x"]\\n'
    >>> [(src, type(g).__name__) for src, g in read_games(["-"], stdin=io.StringIO(text))]
    [('<stdin>', 'PbnGame'), ('<stdin>', 'BadGame')]
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO

from bridgeroom.errors import ParseError
from bridgeroom.formats import lin, pbn
from bridgeroom.formats.reading import BadGame
from bridgeroom.formats.record import GameRecord

__all__ = ["count_games", "detect_format", "read_games"]


def detect_format(name: str, head: str) -> str:
    """``"pbn"`` or ``"lin"``, from the file's name, else from its first characters.

    >>> detect_format("club.LIN", ""), detect_format("-", "% PBN 2.1"), detect_format("-", "pn|a,b|")
    ('lin', 'pbn', 'lin')
    """
    suffix = Path(name).suffix.lower()
    if suffix in (".pbn", ".lin"):
        return suffix[1:]
    text = head.lstrip("\ufeff \t\r\n")
    if text.startswith(("[", "%", "{", ";")) or not text:
        return "pbn"
    first = text.split("|", 1)[0]
    if "|" in text and first.strip().isalnum() and len(first.strip()) <= 3:
        return "lin"
    raise ParseError(key="file.neither", params={"name": name, "text": repr(text[:20])}, line=1)


def _open(path: str, stdin: IO[str] | None) -> tuple[str, IO[str]]:
    if path == "-":
        return "<stdin>", stdin if stdin is not None else sys.stdin
    return path, open(path, encoding="utf-8-sig", errors="replace")


def read_games(
    paths: Sequence[str], *, stdin: IO[str] | None = None, deals: bool = False
) -> Iterator[tuple[str, GameRecord | BadGame]]:
    """``(source, game)`` for every game of every file in order; a game that cannot be read is a
    :class:`~bridgeroom.formats.reading.BadGame` naming its file and line. A file that cannot be
    opened raises ``OSError``. ``deals=True``: every readable deal of a PBN file is kept
    (:func:`bridgeroom.formats.pbn.iter_games`), its errors as warnings."""
    for path in paths:
        source, fp = _open(path, stdin)
        try:
            head = fp.read(512)
            fmt = detect_format(path, head)
            if fmt == "lin":
                items: Iterator[GameRecord | BadGame] = lin.iter_games(head + fp.read())
            else:
                items = pbn.iter_games(_lines(head, fp), deals=deals)
            for item in items:
                yield source, item.with_source(source) if isinstance(item, BadGame) else item
        finally:
            if fp is not stdin and fp is not sys.stdin:
                fp.close()


def _lines(head: str, fp: IO[str]) -> Iterator[str]:
    """The lines of a file whose first characters ``head`` were already read."""
    rest = fp.readline()
    first = head + rest
    yield from first.splitlines(keepends=True)
    yield from fp


def count_games(paths: Sequence[str]) -> int | None:
    """A quick count of the games of regular files (for a progress bar's total), without reading
    them as PBN or LIN: ``[Deal`` tags and LIN ``md|`` commands. ``None`` for standard input."""
    total = 0
    for path in paths:
        if path == "-":
            return None
        try:
            with open(path, encoding="utf-8-sig", errors="replace") as fp:
                word = "[Deal " if detect_format(path, fp.read(512)) == "pbn" else "md|"
                fp.seek(0)
                total += sum(line.count(word) for line in fp)
        except (OSError, ParseError):
            return None
    return total
