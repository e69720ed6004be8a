"""A match's options as a typed value, and its one codec to and from the JSON the store keeps.

What a match was started with beyond its game and score form: the players' names, the mode
of the rules, the language, whose terminal game it is, whether a server plays it and for
which session, the boards a session's table plays and how far it may deal. The store keeps
them as JSON in the match's row; :meth:`MatchOptions.from_json` and :meth:`MatchOptions.to_json`
are the only way between the two, so no face reads the JSON with ``.get``.

    >>> options = MatchOptions(players=("Ann", "Bob", "Cy"), mode="strict", lang="ru")
    >>> options.to_json()
    {'players': ['Ann', 'Bob', 'Cy'], 'mode': 'strict', 'lang': 'ru'}
    >>> MatchOptions.from_json(options.to_json()) == options
    True
    >>> MatchOptions.from_json({"hold": "2"})
    Traceback (most recent call last):
    ...
    bridgeroom.store.errors.StoreError: match option 'hold': a whole number or null, not '2'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bridgeroom.store.errors import StoreError

__all__ = ["MatchOptions"]


@dataclass(frozen=True)
class MatchOptions:
    """What a match was started with (every field optional; a default is left out of the JSON).

    ``players``: the players' names in the order of the places (a pad: the names typed).
    ``mode``: the rules' mode (``strict``, ``table``). ``lang``: the language it was started in.
    ``human`` and ``position``: the person of a terminal game and his place. ``server``: a
    table of the web server. ``session`` and ``table``: the code of the club session and the
    number of its table that plays this match. ``boards``: the deals (PBN) of the boards it
    plays, ``numbers`` their numbers; ``hold``: it deals no further than this many deals (a
    session's round); ``paused``: its director paused it; ``systems``: the bidding systems of
    North-South and East-West.
    """

    players: tuple[str, ...] = ()
    mode: str | None = None
    lang: str | None = None
    human: str | None = None
    position: int | None = None
    server: bool = False
    session: str | None = None
    table: int | None = None
    boards: tuple[str, ...] | None = None
    numbers: tuple[int, ...] = ()
    hold: int | None = None
    paused: bool = False
    #: the bidding systems of North-South and East-West (shipped names or files' paths)
    systems: tuple[str, ...] = ()
    #: Keys this version does not know (a newer program's), kept as they are and written back.
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    # --- the codec ---------------------------------------------------------------------------

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> MatchOptions:
        """The options of the JSON object the store keeps; a value of the wrong type raises
        :class:`~bridgeroom.store.StoreError` naming the option."""
        data = dict(data or {})
        known = {f.name for f in dataclasses.fields(cls)} - {"extra"}
        values: dict[str, Any] = {}
        for name in known & data.keys():
            values[name] = _READERS[name](name, data[name])
        extra = {k: v for k, v in data.items() if k not in known}
        return cls(**values, extra=extra)

    def to_json(self) -> dict[str, Any]:
        """The JSON object the store keeps: each option that is not its default, then the
        unknown keys read (``from_json`` of it gives these options back)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name == "extra":
                continue
            value = getattr(self, f.name)
            if value == f.default:
                continue
            out[f.name] = list(value) if isinstance(value, tuple) else value
        out.update({k: v for k, v in self.extra.items() if k not in out})
        return out

    def replace(self, **changes: Any) -> MatchOptions:
        """These options with ``changes`` (option names; each value read as ``from_json``
        reads it).

        >>> MatchOptions(server=True).replace(paused=True, hold=2)
        MatchOptions(players=(), mode=None, lang=None, human=None, position=None, server=True, session=None, table=None, boards=None, numbers=(), hold=2, paused=True, systems=())
        """
        unknown = set(changes) - set(_READERS)
        if unknown:
            raise StoreError(f"no match option {', '.join(sorted(unknown))}")
        return dataclasses.replace(
            self, **{name: _READERS[name](name, value) for name, value in changes.items()}
        )


def _text(name: str, value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise StoreError(f"match option {name!r}: a text or null, not {value!r}")


def _whole(name: str, value: Any) -> int | None:
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise StoreError(f"match option {name!r}: a whole number or null, not {value!r}")


def _flag(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise StoreError(f"match option {name!r}: true or false, not {value!r}")


def _texts(name: str, value: Any) -> tuple[str, ...]:
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise StoreError(f"match option {name!r}: a list of texts, not {value!r}")


def _boards(name: str, value: Any) -> tuple[str, ...] | None:
    return None if value is None else _texts(name, value)


def _numbers(name: str, value: Any) -> tuple[int, ...]:
    if isinstance(value, list | tuple) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        return tuple(value)
    raise StoreError(f"match option {name!r}: a list of whole numbers, not {value!r}")


_READERS: dict[str, Callable[[str, Any], Any]] = {
    "players": _texts,
    "mode": _text,
    "lang": _text,
    "human": _text,
    "position": _whole,
    "server": _flag,
    "session": _text,
    "table": _whole,
    "boards": _boards,
    "numbers": _numbers,
    "hold": _whole,
    "paused": _flag,
    "systems": _texts,
}
