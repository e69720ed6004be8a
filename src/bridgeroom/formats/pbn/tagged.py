"""What a PBN variant reads of a game: :class:`TaggedGame`, the protocol
:class:`~bridgeroom.formats.pbn.PbnGame` answers.

The variants (:mod:`bridgeroom.formats.pbn.variant`, :mod:`bridgeroom.formats.variants`) read a
game's tags and sections through this protocol, so that the game's module imports the
variants' and not the other way round.

    >>> from bridgeroom.formats.pbn import PbnGame
    >>> isinstance(PbnGame({"Board": "1"}), TaggedGame)
    True
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from bridgeroom.errors import ParseError
from bridgeroom.formats.pbn.sections import PbnAuction, PbnPlay
from bridgeroom.rules.core import Contract, Deal, Seat, Vulnerability

__all__ = ["TaggedGame"]


@runtime_checkable
class TaggedGame(Protocol):
    """A PBN game as its variant reads it: the tags with their lines, the Auction and Play
    sections, the typed views of the tags, and an error naming a tag's line."""

    tags: dict[str, str]
    lines: dict[str, int]
    auction: PbnAuction | None
    play: PbnPlay | None

    @property
    def deal(self) -> Deal | None: ...

    @property
    def dealer(self) -> Seat | None: ...

    @property
    def vulnerability(self) -> Vulnerability | None: ...

    @property
    def board(self) -> int | None: ...

    @property
    def contract(self) -> Contract | None: ...

    def tag_error(self, name: str, key: str, /, **params: object) -> ParseError:
        """A :class:`~bridgeroom.errors.ParseError` saying the catalogue's message ``file.<key>``
        at the line of tag ``name``."""
        ...
