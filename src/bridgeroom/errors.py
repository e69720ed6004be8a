"""The exceptions of bridgeroom: one base class, a few families.

Every error a user can trigger derives from :class:`BridgeError`, so an
embedding program can catch them all at once. Errors about the rules carry
the rule number of ``docs/rules.md`` that was broken (``rule``) and the offending
input (``action``).

An error a person can cause also names its message in the catalogue of
:mod:`bridgeroom.i18n` (``key``, with its ``params``), so that every face shows
it in the person's language (:func:`bridgeroom.i18n.error_text`); ``str()`` is
the English text. The rules, which import nothing but the standard library, set
the key and the values (seats, cards, calls, numbers); the faces render them.

>>> from bridgeroom import Call
>>> try:
...     Call.parse("8NT")
... except BridgeError as err:
...     print(type(err).__name__)
ParseError
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

__all__ = [
    "Refusal",
    "BridgeError",
    "ParseError",
    "IllegalActionError",
    "IllegalCallError",
    "IllegalPlayError",
    "WrongPhaseError",
    "ScoringError",
    "SystemFileError",
    "UnknownSystemError",
]


class BridgeError(Exception):
    """Base class of every error raised by bridgeroom.

    ``key`` names the error's message in the catalogue (``None``: it has none, and
    ``str()`` is all there is), ``params`` the values that fill it in.
    """

    key: str | None = None
    params: Mapping[str, object] = MappingProxyType({})

    def _keyed(self, key: str | None, params: Mapping[str, object] | None) -> None:
        if key is not None:
            self.key = key
            self.params = dict(params or {})


class ParseError(BridgeError, ValueError):
    """Text that does not describe a card, hand, call, contract or file.

    ``line`` is the 1-based line number when the text came from a file, ``rule`` the
    docs/rules.md number of the rule whose form the text breaks, if any. A parse error has
    either a catalogue key (its ``str()`` is the catalogue's English, the one wording) or a
    plain message, never both, as :class:`IllegalActionError`.

    >>> str(ParseError(key="rules.not_suit", params={"text": "X"}))
    '“X” is not a suit.'
    >>> str(ParseError("no [Deal] tag", line=3))
    'line 3: no [Deal] tag'
    """

    def __init__(
        self,
        message: str | None = None,
        *,
        line: int | None = None,
        rule: str | None = None,
        key: str | None = None,
        params: Mapping[str, object] | None = None,
    ) -> None:
        if (message is None) == (key is None):
            raise TypeError("a ParseError has either a catalogue key or a message, not both")
        self.line = line
        self.rule = rule
        self._keyed(key, params)
        if message is not None:
            super().__init__(f"line {line}: {message}" if line is not None else message)
        else:
            super().__init__(key)

    def __str__(self) -> str:
        """The English rendering of the catalogue message (after the line number where the text
        came from a file); the text given for an error without a key."""
        if self.key is None:
            return super().__str__()
        # i18n is standard library only; imported when the error is shown (see IllegalActionError)
        from bridgeroom.i18n.message import error_text

        return error_text(self, "en")


@dataclass(frozen=True)
class Refusal:
    """Why the rules refuse an action, as a value: the rule broken (its docs/rules.md number,
    ``None`` where no rule of the game is cited, as for text that names no action), the message
    in the catalogue's ``[rules]`` section and the values that fill it in. Every face renders
    it in its player's language (:func:`bridgeroom.i18n.error_text` of the error carrying it).

    >>> Refusal("CB-5", "rules.insufficient", {"call": "1C", "last": "1S"})
    Refusal(rule='CB-5', key='rules.insufficient', params={'call': '1C', 'last': '1S'})
    """

    rule: str | None
    key: str
    params: Mapping[str, object] = field(default_factory=dict)


class IllegalActionError(BridgeError, ValueError):
    """An action the rules do not allow now. The game state is unchanged.

    ``action`` is the offending input as given, ``rule`` the docs/rules.md number;
    :attr:`refusal` the same as a value.
    """

    @property
    def refusal(self) -> Refusal | None:
        """The refusal this error carries (``None`` for an error without a catalogue message)."""
        return None if self.key is None else Refusal(self.rule, self.key, dict(self.params))

    def __init__(
        self,
        message: str | None = None,
        *,
        action: object = None,
        rule: str | None = None,
        key: str | None = None,
        params: Mapping[str, object] | None = None,
    ) -> None:
        if (message is None) == (key is None):
            raise TypeError(
                "an IllegalActionError has either a catalogue key or a message, not both"
            )
        self.action = action
        self.rule = rule
        self._keyed(key, params)
        if message is not None:
            super().__init__(f"{message} ({rule})" if rule else message)
        else:
            super().__init__(key)

    def __str__(self) -> str:
        """The English rendering of the catalogue message (with the rule's number), the one
        wording of a refusal; the text given for an error without a key."""
        if self.key is None:
            return super().__str__()
        # i18n is standard library only (tests/test_imports.py); imported here, when a refusal
        # is shown, so that importing the rules loads nothing else
        from bridgeroom.i18n.message import error_text

        return error_text(self, "en")


class IllegalCallError(IllegalActionError):
    """A call that may not be made now (CB-5, CB-6 and the variants' rules)."""


class IllegalPlayError(IllegalActionError):
    """A card that may not be played now (CB-9, CB-10)."""


class WrongPhaseError(IllegalActionError):
    """An action of another phase: a card during the auction, a call during play."""


class ScoringError(BridgeError, ValueError):
    """Scoring input that cannot be scored (a trick count out of range, ...)."""


class SystemFileError(BridgeError, ValueError):
    """A bidding-system file that cannot be read: ``path`` names the file, ``line`` and
    ``where`` (the key, as ``section.key``) the place when known, ``problem`` what is wrong (a
    message of the catalogue, or text). Its one wording is the catalogue's
    (``system.bad_file``): ``str()`` is the English, every face renders it in its language."""

    def __init__(
        self, path: str, problem: object, *, line: int | None = None, where: str | None = None
    ) -> None:
        self.path = path
        self.line = line
        self.where = where
        params = {
            "path": path,
            "line": line,
            "where": f" ({where})" if where else "",
            "problem": problem,
        }
        self._keyed("system.bad_file" if line is None else "system.bad_file_line", params)
        super().__init__(self.key)

    def __str__(self) -> str:
        from bridgeroom.i18n.message import error_text

        return error_text(self, "en")


class UnknownSystemError(BridgeError, ValueError):
    """A bidding system's name that names no shipped system (``names``: those there are)."""

    def __init__(self, name: str, names: tuple[str, ...]) -> None:
        self.name = name
        self._keyed("system.unknown", {"name": name, "names": ", ".join(names)})
        super().__init__(f"no bidding system {name!r}; the systems are {', '.join(names)}")
