"""bridgeroom: play, score and analyse the games of the bridge family.

Contract bridge, auction bridge, three-handed bridge and mini-bridge share one
rules engine (:mod:`bridgeroom.rules`), one scoring layer
(:mod:`bridgeroom.scoring`) and one agent API.

    >>> import bridgeroom
    >>> bridgeroom.Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")[bridgeroom.Seat.SOUTH]
    Hand('6543.876.876.876')
"""

from bridgeroom.errors import (
    BridgeError,
    IllegalActionError,
    IllegalCallError,
    IllegalPlayError,
    ParseError,
    ScoringError,
    WrongPhaseError,
)
from bridgeroom.rules import (
    Call,
    Card,
    Contract,
    ContractBridgeDeal,
    Deal,
    DealState,
    Hand,
    Mode,
    Phase,
    Rank,
    Seat,
    Side,
    Strain,
    Suit,
    Vulnerability,
)

__version__ = "0.1.0"

__all__ = [
    "BridgeError",
    "Call",
    "Card",
    "Contract",
    "ContractBridgeDeal",
    "Deal",
    "DealState",
    "Hand",
    "IllegalActionError",
    "IllegalCallError",
    "IllegalPlayError",
    "Mode",
    "ParseError",
    "Phase",
    "Rank",
    "ScoringError",
    "Seat",
    "Side",
    "Strain",
    "Suit",
    "Vulnerability",
    "WrongPhaseError",
    "__version__",
]
