"""Cards, calls, contracts, suits and seats in the words and letters of a language (Russian
Т К Д В for ace, king, queen, jack; БК for no trump).

    >>> from bridgeroom.rules import Call, Card, Seat
    >>> card_text(Card("SA"), "ru"), call_text(Call("1NT"), "en"), seat_name(Seat.WEST, "ru")
    ('♠Т', '1NT', 'Запад')
"""

from __future__ import annotations

from bridgeroom.i18n.catalogues import DEFAULT_LANGUAGE, translate
from bridgeroom.rules.core import Call, Card, Contract, Rank, Seat, Side, Strain, Suit

__all__ = [
    "call_text",
    "card_text",
    "contract_text",
    "rank_text",
    "seat_letter",
    "seat_name",
    "side_name",
    "strain_text",
    "suit_name",
]


def rank_text(rank: Rank, lang: str = DEFAULT_LANGUAGE) -> str:
    """The rank as written in ``lang``: ``A K Q J 10 9 ... 2`` or ``Т К Д В 10 9 ... 2``.

    >>> rank_text(Rank.QUEEN, "ru"), rank_text(Rank.TEN, "en")
    ('Д', '10')
    """
    return translate(f"rank.{rank.letter}", lang)


def suit_name(suit: Suit, lang: str = DEFAULT_LANGUAGE) -> str:
    """The suit's name: ``spades`` / ``пики``.

    >>> suit_name(Suit.CLUBS, "ru")
    'трефы'
    """
    return translate(f"suit.{suit.letter}", lang)


def strain_text(strain: Strain, lang: str = DEFAULT_LANGUAGE) -> str:
    """A strain as written in a call: a suit symbol, or ``NT`` / ``БК``."""
    if strain is Strain.NOTRUMP:
        return translate("call.notrump", lang)
    return strain.symbol


def card_text(card: Card, lang: str = DEFAULT_LANGUAGE) -> str:
    """A card with its suit symbol and the rank letter of ``lang``: ``♠Q`` / ``♠Д``."""
    return card.suit.symbol + rank_text(card.rank, lang)


def call_text(call: Call, lang: str = DEFAULT_LANGUAGE) -> str:
    """A call for people: ``Pass``, ``X``, ``XX``, ``1♥``, ``3NT`` (``пас``, ``контра``, ``3БК``)."""
    if call.is_pass:
        return translate("call.pass", lang)
    if call.is_double:
        return translate("call.double", lang)
    if call.is_redouble:
        return translate("call.redouble", lang)
    assert call.strain is not None
    return f"{call.level}{strain_text(call.strain, lang)}"


def contract_text(
    contract: Contract, lang: str = DEFAULT_LANGUAGE, *, declarer: bool = True
) -> str:
    """A contract for people: ``4♠X by South`` / ``4♠X, играет Юг``.

    >>> contract_text(Contract("3NTXXW"), "en")
    '3NTXX by West'
    """
    text = (
        f"{contract.level}{strain_text(contract.strain, lang)}" + ("", "X", "XX")[contract.doubled]
    )
    if declarer and contract.declarer is not None:
        return translate(
            "contract.by", lang, contract=text, declarer=seat_name(contract.declarer, lang)
        )
    return text


def seat_name(seat: Seat, lang: str = DEFAULT_LANGUAGE) -> str:
    """``North`` / ``Север``."""
    return translate(f"seat.{seat.letter}", lang)


def seat_letter(seat: Seat, lang: str = DEFAULT_LANGUAGE) -> str:
    """``N`` / ``С``."""
    return translate(f"seat_letter.{seat.letter}", lang)


def side_name(side: Side, lang: str = DEFAULT_LANGUAGE) -> str:
    """``NS`` / ``СЮ``."""
    return seat_letter(side.seats[0], lang) + seat_letter(side.seats[1], lang)
