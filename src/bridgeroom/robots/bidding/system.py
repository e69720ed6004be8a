"""Bidding systems as data: the options a partnership's system is written with, read from TOML
(docs/bidding.md, "Systems").

A system file names the system and sets its options: the notrump ranges, four- or five-card
majors, weak or strong twos, the strong 2♣, and the conventions (Stayman, Jacoby transfers,
Blackwood or RKCB 1430 with its trump-queen ask, Gerber, negative doubles, Michaels, the
Unusual 2NT and the defence to them), and the
artificial calls the robots alert. Two systems are shipped (``standard`` and ``acol``, in
``robots/bidding/systems/``); a file of one's own loads from a path.

    >>> standard = get_system("standard")
    >>> standard.notrump, standard.majors, standard.twos
    ((15, 17), 5, 'weak')
    >>> get_system("acol").notrump
    (12, 14)
    >>> system_names()
    ('acol', 'standard')
    >>> parse_system('[system]\\nname = "x"\\n[notrump]\\nopening = [15]', "mine.toml")
    Traceback (most recent call last):
    ...
    bridgeroom.errors.SystemFileError: mine.toml, line 4 (notrump.opening): a range of two numbers [low, high] is expected, not [15]
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path

from bridgeroom.errors import BridgeError, SystemFileError, UnknownSystemError
from bridgeroom.i18n import Message
from bridgeroom.rules.core import Seat

__all__ = [
    "ALERTABLE",
    "Agreements",
    "System",
    "get_system",
    "load_system",
    "parse_system",
    "system_names",
    "resolve_system",
]

#: The artificial calls a system may alert, by name.
ALERTABLE: tuple[str, ...] = (
    "strong_2c",
    "waiting",
    "strong_two",
    "negative_2nt",
    "stayman",
    "stayman_answer",
    "transfer",
    "negative_double",
    "michaels",
    "unusual_2nt",
    "gerber",
    "ace_answer",
    "queen_ask",
    "unusual_over_unusual",
)

_ACE_ASKS = ("blackwood", "rkcb1430")
_TWOS = ("weak", "strong")


@dataclass(frozen=True)
class System:
    """A partnership's bidding system: its name, titles and options (see the module)."""

    name: str
    title_en: str = ""
    title_ru: str = ""
    #: the 1NT and 2NT openings' points
    notrump: tuple[int, int] = (15, 17)
    notrump_two: tuple[int, int] = (20, 21)
    #: the opener's 1NT and 2NT rebids after a one-level response
    rebid: tuple[int, int] = (12, 14)
    jump_rebid: tuple[int, int] = (18, 19)
    #: the cards of a 1♥ or 1♠ opening (5 or 4)
    majors: int = 5
    twos: str = "weak"
    strong_2c: bool = True
    stayman: bool = True
    transfers: bool = False
    ace_ask: str = "blackwood"
    gerber: bool = False
    negative_doubles: bool = True
    michaels: bool = False
    unusual_2nt: bool = False
    #: after an RKCB answer of 5♣ or 5♦, the next step (not the trump suit) asks for the trump queen
    queen_ask: bool = True
    #: over the opponents' Michaels or Unusual 2NT after partner's opening: unusual over unusual
    unusual_over_unusual: bool = True
    alerts: frozenset[str] = field(default_factory=frozenset)
    #: where it was read from: a shipped system's name or a file's path
    source: str = field(default="", compare=False)

    def title(self, lang: str = "en") -> str:
        """The system's title in ``lang`` (its name when it has none)."""
        return (self.title_ru if lang == "ru" else self.title_en) or self.name

    def alerts_call(self, convention: str | None) -> bool:
        """Whether a call of ``convention`` is alerted in this system."""
        return convention is not None and convention in self.alerts

    def plays(self, convention: str) -> bool:
        """Whether the system has the artificial call ``convention`` (a name of
        :data:`ALERTABLE`).

        >>> get_system("standard").plays("strong_two"), get_system("acol").plays("gerber")
        (False, True)
        """
        played = {
            "strong_2c": self.strong_2c,
            "waiting": self.strong_2c,
            "strong_two": self.twos == "strong",
            "negative_2nt": self.twos == "strong",
            "stayman": self.stayman,
            "stayman_answer": self.stayman,
            "transfer": self.transfers,
            "negative_double": self.negative_doubles,
            "michaels": self.michaels,
            "unusual_2nt": self.unusual_2nt,
            "gerber": self.gerber,
            "ace_answer": True,
            "queen_ask": self.ace_ask == "rkcb1430" and self.queen_ask,
            "unusual_over_unusual": self.unusual_over_unusual,
        }
        return played[convention]

    @property
    def raise_cards(self) -> int:
        """The cards partner needs to raise a major opening: three opposite five, else four."""
        return 3 if self.majors == 5 else 4

    def __repr__(self) -> str:
        return f"get_system({self.name!r})" if _shipped(self) else f"System(name={self.name!r})"


def _shipped(system: System) -> bool:
    try:
        return system.name in system_names() and get_system(system.name) == system
    except BridgeError:
        return False


# --- reading a file ------------------------------------------------------------------------

_SECTIONS: dict[str, dict[str, str]] = {
    "system": {"name": "name", "title": "title"},
    "notrump": {"opening": "range", "two": "range", "rebid": "range", "jump_rebid": "range"},
    "openings": {"majors": "majors", "twos": "twos", "strong_2c": "bool"},
    "conventions": {
        "stayman": "bool",
        "transfers": "bool",
        "ace_ask": "ace_ask",
        "gerber": "bool",
        "negative_doubles": "bool",
        "michaels": "bool",
        "unusual_2nt": "bool",
        "queen_ask": "bool",
        "unusual_over_unusual": "bool",
    },
    "alerts": {"calls": "alerts"},
}
_FIELDS = {
    ("notrump", "opening"): "notrump",
    ("notrump", "two"): "notrump_two",
    ("notrump", "rebid"): "rebid",
    ("notrump", "jump_rebid"): "jump_rebid",
}


def _line_of(text: str, section: str, key: str | None) -> int | None:
    """The line of ``[section]`` (or of ``key`` in it) in ``text``."""
    current = None
    for n, line in enumerate(text.splitlines(), 1):
        head = re.match(r"\s*\[([^\]]+)\]", line)
        if head:
            current = head.group(1).strip()
            if key is None and current == section:
                return n
            continue
        if current == section and key is not None and re.match(rf"\s*{re.escape(key)}\s*=", line):
            return n
    return None


def parse_system(text: str, path: str = "<system>") -> System:
    """The system written in ``text`` (TOML); ``path`` names it in errors.

    Raises :class:`~bridgeroom.errors.SystemFileError` naming the file, the line and key, and
    what is wrong: bad TOML, an unknown section or key, a value of the wrong kind.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        found = re.search(r"\(at line (\d+), column \d+\)", str(err))
        line = int(found.group(1)) if found else None
        raise _fail(path, "not_toml", line=line) from None
    values: dict[str, object] = {}
    for section, table in data.items():
        if section not in _SECTIONS:
            raise _fail(
                path,
                "unknown_section",
                line=_line_of(text, section, None),
                section=section,
                names=", ".join(_SECTIONS),
            )
        if not isinstance(table, dict):
            raise _fail(path, "not_section", where=section, section=section)
        for key, value in table.items():
            kind = _SECTIONS[section].get(key)
            shown = _toml(value)

            def bad(
                what: str, _key: str = key, _section: str = section, **params: object
            ) -> SystemFileError:
                return _fail(
                    path,
                    what,
                    line=_line_of(text, _section, _key),
                    where=f"{_section}.{_key}",
                    **params,
                )

            if kind is None:
                raise bad(
                    "unknown_key", field=key, section=section, names=", ".join(_SECTIONS[section])
                )
            name: str = _FIELDS.get((section, key)) or str(key)
            if kind == "name":
                if not isinstance(value, str) or not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", value):
                    raise bad("name", value=shown)
                values["name"] = value
            elif kind == "title":
                if not isinstance(value, dict) or set(value) - {"en", "ru"}:
                    raise bad("title")
                values["title_en"] = str(value.get("en", ""))
                values["title_ru"] = str(value.get("ru", ""))
            elif kind == "range":
                if (
                    not isinstance(value, list)
                    or len(value) != 2
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
                    or not 0 <= value[0] <= value[1] <= 37
                ):
                    raise bad("range", value=shown)
                values[name] = (value[0], value[1])
            elif kind == "bool":
                if not isinstance(value, bool):
                    raise bad("bool", value=shown)
                values[name] = value
            elif kind == "majors":
                if value not in (4, 5) or isinstance(value, bool):
                    raise bad("majors", value=shown)
                values[name] = value
            elif kind == "twos":
                if value not in _TWOS:
                    raise bad("twos", value=shown)
                values[name] = value
            elif kind == "ace_ask":
                if value not in _ACE_ASKS:
                    raise bad("ace_ask", value=shown)
                values[name] = value
            elif kind == "alerts":
                if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                    raise bad("alerts")
                unknown = [v for v in value if v not in ALERTABLE]
                if unknown:
                    raise bad("alert_unknown", value=_toml(unknown[0]), names=", ".join(ALERTABLE))
                values["alerts"] = frozenset(value)
    if "name" not in values:
        raise _fail(path, "no_name", where="system.name")
    return System(**values)  # type: ignore[arg-type]


def _fail(
    path: str, key: str, *, line: int | None = None, where: str | None = None, **params: object
) -> SystemFileError:
    """The error of the file ``path``: ``system.file.<key>`` of the catalogue with ``params``."""
    return SystemFileError(path, Message(f"system.file.{key}", **params), line=line, where=where)


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


def load_system(path: str | Path) -> System:
    """The system of the file at ``path``.

    Raises :class:`~bridgeroom.errors.SystemFileError` when the file cannot be read or is wrong.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise _fail(str(path), "unreadable", reason=err.__class__.__name__) from None
    return replace(parse_system(text, str(path)), source=str(path))


def _shipped_files() -> dict[str, str]:
    folder = resources.files("bridgeroom.robots.bidding").joinpath("systems")
    return {
        entry.name.removesuffix(".toml"): entry.read_text(encoding="utf-8")
        for entry in folder.iterdir()
        if entry.name.endswith(".toml")
    }


@cache
def system_names() -> tuple[str, ...]:
    """The names of the shipped systems, in alphabetical order."""
    return tuple(sorted(_shipped_files()))


@cache
def get_system(name: str) -> System:
    """The shipped system ``name`` (``standard``, ``acol``).

    >>> get_system("precision")
    Traceback (most recent call last):
    ...
    bridgeroom.errors.UnknownSystemError: no bidding system 'precision'; the systems are acol, standard
    """
    key = name.strip().lower()
    files = _shipped_files()
    if key not in files:
        raise UnknownSystemError(name, system_names())
    return replace(parse_system(files[key], f"systems/{key}.toml"), source=key)


def resolve_system(system: System | str | Path | None) -> System:
    """A system from what people give: a :class:`System`, a shipped name, or a file's path
    (``None``: ``standard``)."""
    if system is None:
        return get_system("standard")
    if isinstance(system, System):
        return system
    text = str(system)
    if isinstance(system, Path) or text.endswith(".toml") or "/" in text:
        return load_system(text)
    return get_system(text)


@dataclass(frozen=True)
class Agreements:
    """The systems of the two sides at a table: North-South's and East-West's.

    >>> a = Agreements(get_system("acol"), get_system("standard"))
    >>> a.of(Seat.SOUTH).name, a.of(Seat.EAST).name
    ('acol', 'standard')
    """

    ns: System
    ew: System

    def of(self, seat: Seat) -> System:
        """The system ``seat``'s side plays."""
        return self.ns if seat in (Seat.NORTH, Seat.SOUTH) else self.ew

    @classmethod
    def for_seat(cls, seat: Seat, mine: System, theirs: System) -> Agreements:
        """The agreements seen from ``seat``: its side plays ``mine``, the other ``theirs``."""
        if seat in (Seat.NORTH, Seat.SOUTH):
            return cls(mine, theirs)
        return cls(theirs, mine)


def default_agreements() -> Agreements:
    """Both sides play ``standard``."""
    s = get_system("standard")
    return Agreements(s, s)
