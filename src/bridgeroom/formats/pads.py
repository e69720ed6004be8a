"""Score-pad deals in PBN: deals played with real cards, of which a pad keeps only the result.

A line of ``bridgeroom pad`` says who declared (a side in the rubber games, a seat on a
set of boards, a player in three-handed bridge), the contract, the tricks taken and the
honors claimed. A PBN game of such a deal has no Deal, Auction or Play; it carries the
Contract and Result tags (``Pass`` for a passed-out deal), the Dealer and Vulnerable tags
of the pad's session, the variant's and scoring's tags (as a played deal of the same game),
and bridgeroom's tags for what PBN has no place for:

==================  =====================================================================
``DeclaringSide``   ``NS`` or ``EW``: the side that declared (the pad knows no seat;
                    ``Declarer`` is then ``?``)
``DeclarerName``    three-handed: the player who declared (``Declarer`` ``?``)
``Honors``          the honors scored (CB-R5, AB-9): ``4-one defenders``
==================  =====================================================================

    >>> game = pad_game(PadDeal("NS", "4S", 10, "4-one defenders"), "side", Board="1")
    >>> game.tags["Declarer"], game.tags["DeclaringSide"], game.tags["Contract"], game.tags["Result"]
    ('?', 'NS', '4S', '10')
    >>> pad_deal(game)
    PadDeal(declarer='NS', contract='4S', tricks=10, honors='4-one defenders')
    >>> pad_deal(pad_game(PadDeal(None, None, 0), "side"))
    PadDeal(declarer=None, contract=None, tricks=0, honors=None)
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgeroom.errors import ParseError
from bridgeroom.formats.pbn import UNKNOWN, PbnGame
from bridgeroom.rules.core import Contract, Seat, Side

__all__ = ["DECLARER_NAME", "DECLARING_SIDE", "HONORS", "PadDeal", "pad_deal", "pad_game"]

DECLARING_SIDE = "DeclaringSide"
DECLARER_NAME = "DeclarerName"
HONORS = "Honors"

#: Who declares on each kind of pad: a side, a seat or a three-handed player.
KINDS = ("side", "seat", "player")


@dataclass(frozen=True)
class PadDeal:
    """One deal of a score pad: the declarer (``NS``/``EW``, a seat letter or a player's name;
    ``None`` when passed out), the contract (``None``: passed out), the declarer's tricks and
    the honors written."""

    declarer: str | None
    contract: str | None
    tricks: int
    honors: str | None = None


def pad_game(deal: PadDeal, kind: str, **tags: str) -> PbnGame:
    """The PBN game of a pad's deal; ``kind`` says who declares (``side``, ``seat``,
    ``player``); ``tags`` add the others (Event, Board, Dealer, Vulnerable, Scoring...)."""
    if kind not in KINDS:
        raise ValueError(f"a pad's declarer is a side, a seat or a player, not {kind!r}")
    values: dict[str, str] = {"Event": UNKNOWN, "Site": UNKNOWN, "Date": "????.??.??"}
    values.update(tags)
    if deal.contract is None:
        values.update({"Declarer": "", "Contract": "Pass", "Result": ""})
    else:
        contract = Contract.parse(deal.contract)
        values["Contract"] = str(contract.without_declarer())
        values["Result"] = str(deal.tricks)
        declarer = deal.declarer or UNKNOWN
        if kind == "seat":
            values["Declarer"] = Seat.find(declarer).letter
        elif kind == "side":
            values["Declarer"] = UNKNOWN
            values[DECLARING_SIDE] = str(Side.find(declarer))
        else:
            values["Declarer"] = UNKNOWN
            values[DECLARER_NAME] = declarer
    if deal.honors:
        values[HONORS] = deal.honors
    return PbnGame(values)


def pad_deal(game: PbnGame) -> PadDeal:
    """The pad's deal a PBN game records (the inverse of :func:`pad_game`)."""
    if game.passed_out:
        return PadDeal(None, None, 0, game.tags.get(HONORS) or None)
    contract = game.contract
    tricks = game.result
    if contract is None or tricks is None:
        said = {"contract": "Contract", "result": "Result", "passed": "Contract Pass"}
        raise ParseError(key="file.pad_deal", params=said, line=game.lines.get("Contract"))
    declarer: str | None
    if game.tags.get(DECLARING_SIDE):
        declarer = str(Side.find(game.tags[DECLARING_SIDE]))
    elif game.tags.get(DECLARER_NAME):
        declarer = game.tags[DECLARER_NAME]
    else:
        declarer = None if contract.declarer is None else contract.declarer.letter
    return PadDeal(
        declarer, str(contract.without_declarer()), tricks, game.tags.get(HONORS) or None
    )
