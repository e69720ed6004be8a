"""File formats: PBN 2.1 (:mod:`bridgeroom.formats.pbn`) and BBO LIN (:mod:`bridgeroom.formats.lin`).

Both follow the ``load/loads/dump/dumps`` interface of the standard ``json``
module (and of endplay); games convert to and from the engine's deal states::

    >>> from bridgeroom.formats import pbn
    >>> [game] = pbn.loads('[Dealer "E"]\\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 -"]\\n')
    >>> game.to_state().to_act
    <Seat.EAST: 1>
"""

from bridgeroom.formats import lin, pbn, variants

__all__ = ["lin", "pbn", "variants"]
