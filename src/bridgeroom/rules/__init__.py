"""The rules engine: value types, dealing, the deal state machine and the variants.

This package imports nothing outside the standard library.

    >>> from bridgeroom.rules import Card, Deal, Seat
    >>> Card.parse("SA").index
    51
"""

from bridgeroom.rules.core import (
    CARDS,
    HCP,
    Call,
    Card,
    Contract,
    Deal,
    Hand,
    Rank,
    Seat,
    Side,
    Strain,
    Suit,
    Vulnerability,
)
from bridgeroom.rules.dealing import (
    board_dealer,
    board_vulnerability,
    cut,
    deal_cards,
    deal_pack,
    draw_for_deal,
    make_rng,
    new_pack,
    shuffle,
)
from bridgeroom.rules.minibridge import (
    EBU_OPTIONS,
    SEED_OPTIONS,
    Announce,
    AnnouncementError,
    CorrectAnnouncement,
    MiniBridgeDeal,
    MiniBridgeOptions,
    choose_declarer,
    declaring_side,
)
from bridgeroom.rules.state import (
    ContractBridgeDeal,
    Correction,
    DealResult,
    DealState,
    Mode,
    Phase,
    Revoke,
    Trick,
    View,
)

__all__ = [
    "CARDS",
    "EBU_OPTIONS",
    "SEED_OPTIONS",
    "Announce",
    "AnnouncementError",
    "CorrectAnnouncement",
    "MiniBridgeDeal",
    "MiniBridgeOptions",
    "choose_declarer",
    "declaring_side",
    "HCP",
    "Call",
    "Card",
    "Contract",
    "ContractBridgeDeal",
    "Correction",
    "Deal",
    "DealResult",
    "DealState",
    "Hand",
    "Mode",
    "Phase",
    "Rank",
    "Revoke",
    "Seat",
    "Side",
    "Strain",
    "Suit",
    "Trick",
    "View",
    "Vulnerability",
    "board_dealer",
    "board_vulnerability",
    "cut",
    "deal_cards",
    "deal_pack",
    "draw_for_deal",
    "make_rng",
    "new_pack",
    "shuffle",
]
