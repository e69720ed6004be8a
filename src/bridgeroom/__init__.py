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


def _show_deals_in_notebooks() -> None:
    """In Jupyter (IPython already running), draw a :class:`Deal` as SVG (:mod:`bridgeroom.svg`).

    The picture is registered with IPython's display formatter rather than as a
    ``Deal._repr_svg_`` method: the rules import nothing outside the standard library, not even
    lazily, and the drawing is a layer above them.
    """
    import sys

    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return
    from bridgeroom.svg import deal as draw

    shell.display_formatter.formatters["image/svg+xml"].for_type(Deal, draw)


_show_deals_in_notebooks()

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
