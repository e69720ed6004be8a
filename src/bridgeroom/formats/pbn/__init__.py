"""PBN 2.1 (Portable Bridge Notation): read and write deals, auctions and play.

The interface follows endplay's and the standard library's ``json``:
:func:`loads` / :func:`load` read text or a file into a list of
:class:`PbnGame`, :func:`dumps` / :func:`dump` write them back::

    >>> text = '''[Event "Club night"]
    ... [Board "1"]
    ... [Dealer "N"]
    ... [Vulnerable "None"]
    ... [Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
    ... [Declarer "N"]
    ... [Contract "7NT"]
    ... [Result "13"]
    ... [Auction "N"]
    ... 7NT Pass Pass Pass
    ... '''
    >>> [game] = loads(text)
    >>> game.contract, game.result, game.tags["Event"]
    (Contract('7NTN'), 13, 'Club night')
    >>> state = game.to_state()                    # Result 13 and no play: conceded (a claim)
    >>> state.contract, state.result.tricks
    (Contract('7NTN'), 13)
    >>> game.to_state(claim=False).to_act          # the play as recorded, not yet begun
    <Seat.EAST: 1>

A game is kept as its tags (strings, in file order), its Auction and Play
sections and the data lines of other sections (``...Table`` tags); typed
views (:attr:`PbnGame.deal`, :attr:`PbnGame.contract`, ...) parse the tags
on demand. :meth:`PbnGame.to_state` replays the auction and the play through
the agent API of :mod:`bridgeroom.rules` (``state.apply``), so a file whose
play is illegal is refused with the line of the offending card;
:meth:`PbnGame.from_state` writes a deal in progress or finished.

The Play section lists the cards in *seat columns*, not in the order played:
column 1 is the opening leader's seat, then the seats clockwise, one row per
trick. To replay, each trick is played from the seat that won the previous
trick; the engine says whose turn it is and the card is taken from that
seat's column.

Games of the other members of the family (three-handed bridge, auction
bridge, mini-bridge) are written with a few extra tags (see
``docs/formats.md``); the variant of a game is found from its tags through
a small registry (:func:`register_variant`), never by ``if`` chains here.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import IO

from bridgeroom.formats.pbn.game import PbnGame
from bridgeroom.formats.pbn.reader import BOARD_TAGS, Reader
from bridgeroom.formats.pbn.sections import (
    DUPLICATE_SCORINGS,
    MANDATORY_TAGS,
    UNKNOWN,
    PbnAuction,
    PbnPlay,
)
from bridgeroom.formats.pbn.variant import (
    PbnVariant,
    register_variant,
    variant_named,
    variant_of_game,
    variant_of_state,
)
from bridgeroom.formats.reading import BadGame, Games

__all__ = [
    "BOARD_TAGS",
    "DUPLICATE_SCORINGS",
    "MANDATORY_TAGS",
    "UNKNOWN",
    "PbnAuction",
    "PbnGame",
    "PbnPlay",
    "PbnVariant",
    "dump",
    "dumps",
    "iter_games",
    "load",
    "loads",
    "register_variant",
    "variant_named",
    "variant_of_game",
    "variant_of_state",
]


def loads(text: str, *, strict: bool = True) -> Games[PbnGame]:
    """Read the games of a PBN text.

    ``strict`` (the default) raises the first error; ``strict=False`` leaves a
    game that cannot be read out and lists it in the result's ``errors`` (its
    line and the reason), reading on.

    >>> [g.board for g in loads('[Board "1"]\\n\\n[Board "2"]\\n')]
    [1, 2]
    >>> games = loads('[Board "1"]\\n[Dealer "Q"]\\n\\n[Board "2"]\\n', strict=False)
    >>> [g.board for g in games], [str(e) for e in games.errors]
    ([2], ["line 2: board 1: bad Dealer tag 'Q' (N, E, S, W)"])
    """
    return _collect(iter_games(io.StringIO(text), strict=strict))


def load(fp: IO[str], *, strict: bool = True) -> Games[PbnGame]:
    """Read the games of a PBN file opened as text (see :func:`loads`)."""
    return _collect(iter_games(fp, strict=strict))


def iter_games(
    lines: Iterable[str], *, strict: bool = False, deals: bool = False
) -> Iterator[PbnGame | BadGame]:
    """The games of a PBN file (any iterable of lines, read lazily), each as soon as it is read:
    a :class:`PbnGame`, or a :class:`~bridgeroom.formats.reading.BadGame` for one that cannot be
    read (``strict=True``: raise instead). A file of a million games is never held in memory.
    ``deals=True`` keeps every readable deal: a game whose auction or play is wrong comes
    without them after a warning, and a record without Board and Deal continues the board
    before it (for analysis).

    >>> [type(g).__name__ for g in iter_games(['[Board "1"]', '', '[Deal "N:AK"]', ''])]
    ['PbnGame', 'BadGame']
    """
    return Reader(strict=strict, deals=deals).games(lines)


def _collect(items: Iterable[PbnGame | BadGame]) -> Games[PbnGame]:
    games: Games[PbnGame] = Games()
    for item in items:
        if isinstance(item, BadGame):
            games.errors.append(item)
        else:
            games.append(item)
    return games


def _iter_text(games: Iterable[PbnGame]) -> Iterator[str]:
    items = list(games)
    export = all(game.is_export for game in items)
    yield "% PBN 2.1\n"
    yield "% EXPORT\n" if export else "% IMPORT\n"
    for game in items:
        yield game.to_pbn()
        yield "\n"  # every game ends with an empty line, as exported files do


def dumps(games: Iterable[PbnGame] | PbnGame) -> str:
    """Write games as PBN 2.1 text (``% EXPORT`` when all carry the mandatory tags)."""
    return "".join(_iter_text([games] if isinstance(games, PbnGame) else games))


def dump(games: Iterable[PbnGame] | PbnGame, fp: IO[str]) -> None:
    """Write games as PBN 2.1 to a file opened as text."""
    fp.write(dumps(games))
