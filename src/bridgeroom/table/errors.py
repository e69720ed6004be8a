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

from bridgeroom.errors import BridgeError, IllegalActionError, ParseError
from bridgeroom.i18n import Message, error_text
from bridgeroom.rules import Action, DealState, Phase

__all__ = ["SeatError", "TableError", "read_action"]


class TableError(IllegalActionError):
    """Something the table cannot do now (nothing changed): ``key`` names the catalogue's
    message, ``params`` fill it, ``rule`` is the number of the rule it enforces, if any."""

    key: str

    def __init__(self, key: str, /, *, rule: str | None = None, **params: object) -> None:
        self.key = key
        self.params = params
        self.message = Message(key, **params)
        super().__init__(self.message.render("en"), rule=rule)

    def render(self, lang: str) -> str:
        """The error in ``lang``, with the rule's number (:func:`bridgeroom.i18n.error_text`)."""
        return error_text(self, lang)

    @classmethod
    def of(cls, err: BridgeError) -> TableError:
        """The rules engine's refusal ``err`` (which names its catalogue message) as the
        table's: the same message, parameters and rule, so that every face shows it in its
        player's language.

        >>> from bridgeroom.errors import IllegalPlayError
        >>> from bridgeroom.rules import Card, Seat
        >>> refused = IllegalPlayError(rule="CB-10", key="rules.not_held",
        ...                            params={"seat": Seat.NORTH, "card": Card("SA")})
        >>> TableError.of(refused).render("ru")
        'У игрока Север нет карты ♠Т (CB-10).'
        """
        assert err.key is not None
        return cls(err.key, rule=getattr(err, "rule", None), **err.params)


class SeatError(TableError):
    """A request from a seat that may not make it: not its turn, no such seat, a seat taken,
    a request waiting for an answer, a token that holds no seat."""


def read_action(state: DealState, text: str) -> Action:
    """The action ``text`` names in this phase of the deal; a text that names none is refused
    with the catalogue's message (in every language) and the rule of the phase. An action of
    the other phase ('пТ' in the auction) is the engine's own refusal, raised as it is.

    >>> from bridgeroom.rules import ContractBridgeDeal
    >>> state = ContractBridgeDeal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> read_action(state, "1nt")
    Call('1NT')
    >>> read_action(state, "8NT")
    Traceback (most recent call last):
    ...
    bridgeroom.table.errors.TableError: 8NT is not a call: p, x, xx, or a bid such as 1n or 4s (CB-5).
    """
    try:
        return state.parse_action(text)
    except ParseError:
        shown = text if len(text) <= 16 else text[:15] + "…"
        if state.phase is Phase.AUCTION:
            if text.lower().startswith("claim"):
                raise TableError("error.claim_in_play") from None
            raise TableError("error.not_call", rule="CB-5", text=shown) from None
        if state.phase is Phase.PLAY:
            raise TableError("error.not_card", rule="CB-10", text=shown) from None
        raise
