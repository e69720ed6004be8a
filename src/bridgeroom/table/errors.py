"""The table's errors: a request the table cannot carry out now, named by a catalogue key.

A :class:`TableError` changes nothing. It carries its message as a catalogue key and its
parameters (:attr:`TableError.message`), so that each face renders it in its player's
language: the terminal on its screen, the server in an error frame with every language.
``str()`` is the English text, with the rule's number when there is one.

    >>> from bridgeroom.rules import Seat
    >>> err = SeatError("table.not_your_turn", rule="CB-5", seat=Seat.EAST)
    >>> str(err)
    'It is not your turn: East acts now (CB-5)'
    >>> err.render("ru")
    'Сейчас не ваш ход: ходит Восток (CB-5)'
"""

from __future__ import annotations

from bridgeroom.errors import IllegalActionError
from bridgeroom.i18n import Message

__all__ = ["SeatError", "TableError"]


class TableError(IllegalActionError):
    """Something the table cannot do now (nothing changed): ``key`` names the catalogue's
    message, ``params`` fill it, ``rule`` is the number of the rule it enforces, if any."""

    def __init__(self, key: str, /, *, rule: str | None = None, **params: object) -> None:
        self.key = key
        self.params = params
        self.message = Message(key, **params)
        super().__init__(self.message.render("en"), rule=rule)

    def render(self, lang: str) -> str:
        """The error in ``lang``, with the rule's number."""
        text = self.message.render(lang)
        return f"{text} ({self.rule})" if self.rule else text


class SeatError(TableError):
    """A request from a seat that may not make it: not its turn, no such seat, a seat taken,
    a request waiting for an answer, a token that holds no seat."""
