"""The exceptions of bridgeroom: one base class, a few families.

Every error a user can trigger derives from :class:`BridgeError`, so an
embedding program can catch them all at once. Errors about the rules carry
the rule number of ``docs/rules.md`` that was broken (``rule``) and the offending
input (``action``).

>>> from bridgeroom import Call
>>> try:
...     Call.parse("8NT")
... except BridgeError as err:
...     print(type(err).__name__)
ParseError
"""

from __future__ import annotations

__all__ = [
    "BridgeError",
    "ParseError",
    "IllegalActionError",
    "IllegalCallError",
    "IllegalPlayError",
    "WrongPhaseError",
    "ScoringError",
]


class BridgeError(Exception):
    """Base class of every error raised by bridgeroom."""


class ParseError(BridgeError, ValueError):
    """Text that does not describe a card, hand, call, contract or file.

    ``line`` is the 1-based line number when the text came from a file.
    """

    def __init__(self, message: str, *, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line is not None else message)


class IllegalActionError(BridgeError, ValueError):
    """An action the rules do not allow now. The game state is unchanged.

    ``action`` is the offending input as given, ``rule`` the docs/rules.md number.
    """

    def __init__(self, message: str, *, action: object = None, rule: str | None = None) -> None:
        self.action = action
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


class IllegalCallError(IllegalActionError):
    """A call that may not be made now (CB-5, CB-6 and the variants' rules)."""


class IllegalPlayError(IllegalActionError):
    """A card that may not be played now (CB-9, CB-10)."""


class WrongPhaseError(IllegalActionError):
    """An action of another phase: a card during the auction, a call during play."""


class ScoringError(BridgeError, ValueError):
    """Scoring input that cannot be scored (a trick count out of range, ...)."""
