"""OpenSpiel's observation tensor of contract bridge, built from a bridgeroom view.

Agents trained on OpenSpiel's ``bridge`` game read a 571-float observation
(with the default two tricks of history); :func:`encode_openspiel` writes the
same tensor from a :class:`~bridgeroom.rules.state.View`, so that such an agent
can be evaluated here (``contract_v0.env(observation="openspiel")``). The
tests compare it with ``pyspiel``'s ``observation_tensor`` on the same deals and
actions. Seats are relative to the observer (0 him, 1 his left-hand opponent,
2 his partner, 3 his right-hand opponent); a card is ``rank * 4 + suit``
(rank 0 for a two, suits clubs, diamonds, hearts, spades), not bridgeroom's
action id.

During the auction, and in the play until the opening lead is made (4 + 480):

=========  ====  ===========================================================
entries    size  meaning
=========  ====  ===========================================================
0-3        4     kind: 1 at 0 in the auction, at 1 before the opening lead
4-5        2     our side not vulnerable / vulnerable
6-7        2     their side not vulnerable / vulnerable
8-11       4     the passes made before the first bid, by relative seat
12-431     420   per bid 1C..7NT: bidder, doubler, redoubler (3 x 4 seats)
432-483    52    our cards
=========  ====  ===========================================================

Once a card has been played (4 + 567): kind (1 at 2 for the declaring side,
at 3 for the defenders; zeros when the deal is over), the contract's level (7),
strain (5, notrump last), undoubled/doubled/redoubled (3), the declarer's
relative seat (4), the declaring side not vulnerable/vulnerable (2), our
remaining cards (52), the dummy's remaining cards (52), the trick in progress
(4 x 52 by relative seat), the previous tricks, most recent first
((num_tricks - 1) x 4 x 52), the tricks won by the declaring side (13, one-hot)
and by the defenders (13, one-hot).

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> for call in ["1NT", "P", "P", "P"]:
    ...     state.apply(call)
    >>> obs = encode_openspiel(state.view(Seat.EAST))
    >>> obs.shape, obs[:4].tolist(), int(obs[12 + 4 * 12 + 3])   # 1NT by East's right-hand opponent
    ((571,), [0.0, 1.0, 0.0, 0.0], 1)
"""

from __future__ import annotations

from typing import Final

import numpy as np

from bridgeroom.errors import BridgeError
from bridgeroom.rules.core import Card, Seat
from bridgeroom.rules.state import Phase, View

__all__ = ["SPIEL_BIDS", "encode_openspiel", "openspiel_card", "openspiel_size"]

#: The bids of the auction blocks: 1C ... 7NT.
SPIEL_BIDS: Final = 35
_AUCTION_SIZE: Final = 4 + 2 + 2 + 4 * (1 + 3 * SPIEL_BIDS) + 52


def openspiel_size(num_tricks: int = 2) -> int:
    """The length of the tensor with ``num_tricks`` tricks of history (OpenSpiel's
    ``num_tricks_in_observation``).

    >>> openspiel_size(), openspiel_size(1)   # the auction's part is the longer with one trick
    (571, 484)
    """
    play = 4 + 7 + 5 + 3 + 4 + 2 + 52 + 52 + 4 * 52 * num_tricks + 13 + 13
    return max(play, _AUCTION_SIZE)


def openspiel_card(card: Card) -> int:
    """OpenSpiel's number of a card: ``rank * 4 + suit``, the two lowest.

    >>> openspiel_card(Card("C2")), openspiel_card(Card("SA"))
    (0, 51)
    """
    return (card.rank - 2) * 4 + int(card.suit)


def _side_vulnerable(view: View, seat: Seat, dealer_as_north: bool = False) -> int:
    if dealer_as_north:  # pyspiel: dealer_vul for North-South, non_dealer_vul for East-West
        seat = view.dealer if seat & 1 == 0 else view.dealer.lho
    return 1 if view.vulnerability.is_vulnerable(seat) else 0


def encode_openspiel(
    view: View, num_tricks: int = 2, *, dealer_as_north: bool = False
) -> np.ndarray:
    """OpenSpiel's contract-bridge observation of ``view``'s seat (``float32``), from the
    view alone.

    ``dealer_as_north``: as pyspiel writes it whoever dealt. pyspiel's ``bridge`` always
    has North deal: it places the i-th call at seat ``i mod 4`` counted from North, and
    reads its parameters ``dealer_vul`` and ``non_dealer_vul`` as North-South's and
    East-West's vulnerability. A board dealt by another seat, given to pyspiel with its
    cards where they lie and the dealer's side's vulnerability as ``dealer_vul``, is
    observed there with the calls moved round by the dealer's place and, when East or West
    deals, the two sides' vulnerability exchanged; this layout writes that, so that an
    agent trained on pyspiel sees here what it saw there. The rest (cards, contract,
    declarer, tricks) is the true deal. When North deals both layouts are equal.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat, Vulnerability
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"), Seat.EAST, Vulnerability.NS)
    >>> state.apply("1NT")                       # East opens
    >>> true, north = encode_openspiel(state.view(Seat.NORTH)), encode_openspiel(state.view(Seat.NORTH), dealer_as_north=True)
    >>> int(true[12 + 4 * 12 + 1]), int(north[12 + 4 * 12 + 0])   # 1NT by East; by North as pyspiel places it
    (1, 1)
    >>> true[4:8].tolist(), north[4:8].tolist()   # N-S vulnerable; pyspiel: the dealer's side (E-W) is not
    ([0.0, 1.0, 1.0, 0.0], [1.0, 0.0, 0.0, 1.0])
    """
    if view.game != "contract":
        raise BridgeError(
            f"OpenSpiel's bridge observation describes contract bridge; this deal is "
            f"played by the {view.game} rules"
        )
    if num_tricks < 1:
        raise BridgeError(f"the tensor holds at least the trick in progress: {num_tricks}")
    out = np.zeros(openspiel_size(num_tricks), np.float32)
    me = view.seat
    played = [c for t in view.tricks for c in t.cards]
    played.extend(c for _, c in view.trick)
    if view.phase is Phase.AUCTION or (not played and view.phase is Phase.PLAY):
        out[0 if view.phase is Phase.AUCTION else 1] = 1
        out[4 + _side_vulnerable(view, me, dealer_as_north)] = 1
        out[6 + _side_vulnerable(view, me.lho, dealer_as_north)] = 1
        last_bid = 0
        for k, (seat, call) in enumerate(view.calls):
            rel = ((k if dealer_as_north else seat) - me) & 3
            idx = call.index
            if idx >= 3:
                last_bid = idx
                out[12 + (idx - 3) * 12 + rel] = 1
            elif idx == 0:
                if last_bid == 0:
                    out[8 + rel] = 1
            else:
                out[12 + (last_bid - 3) * 12 + 4 * idx + rel] = 1
        if view.hand is not None:
            for card in view.hand:
                out[432 + openspiel_card(card)] = 1
        return out
    if not played:  # passed out: OpenSpiel's tensor of a finished auction-only deal is empty
        return out
    contract = view.contract
    declarer = view.declarer
    assert contract is not None and declarer is not None
    if view.phase is Phase.PLAY:
        out[2 if view.is_declaring(me) else 3] = 1
    at = 4
    out[at + contract.level - 1] = 1
    at += 7
    out[at + int(contract.strain)] = 1
    at += 5
    out[at + contract.doubled] = 1
    at += 3
    out[at + ((declarer - me) & 3)] = 1
    at += 4
    out[at + _side_vulnerable(view, declarer, dealer_as_north)] = 1
    at += 2
    if view.hand is not None:
        for card in view.hand:
            out[at + openspiel_card(card)] = 1
    at += 52
    if view.dummy is not None:
        for card in view.dummy:
            out[at + openspiel_card(card)] = 1
    at += 52
    for seat, card in view.trick:
        out[at + 52 * ((seat - me) & 3) + openspiel_card(card)] = 1
    at += 4 * 52
    for trick in list(reversed(view.tricks))[: num_tricks - 1]:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            out[at + 52 * ((seat - me) & 3) + openspiel_card(card)] = 1
        at += 4 * 52
    at += 4 * 52 * max(0, num_tricks - 1 - len(view.tricks))
    out[at + view.declarer_tricks] = 1
    at += 13
    defenders = at + view.defender_tricks
    if defenders < out.size:
        out[defenders] = 1
    return out
