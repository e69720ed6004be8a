"""What a view makes public, in the integer form the sampler and solver use.

Everything here reads a :class:`~bridgeroom.rules.state.View` only: the
cards played and who played them, the suits a seat has shown out of, the
mini-bridge announcements and dummy's suit lengths, and the seats of the
play (declarer, dummy, the defender who led, the other defender).

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> for action in "7NT P P P S7 S3 S2 SA SK S8 S4 H2".split():
    ...     state.apply(action)
    >>> k = knowledge(state.view(Seat.NORTH))
    >>> k.hidden, bin(k.voids[Seat.WEST])   # East and West hold 11 unseen cards; West showed out of spades
    ((0, 11, 0, 11), '0b1000')
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgeroom.robots.sampler import NO_LIMITS, HandLimits, Knowledge
from bridgeroom.rules.core import SUIT_MASK, Card, Seat, Suit
from bridgeroom.rules.minibridge import MiniBridgeExtra
from bridgeroom.rules.state import Phase, View

__all__ = [
    "bid_suits",
    "high_to_low",
    "knowledge",
    "masters",
    "partner_of",
    "winning_so_far",
    "played_masks",
    "played_tricks",
    "unplayed_cards",
    "shown_voids",
    "announcements",
    "acting_hand",
    "play_order",
    "current_trick",
]


def masters(own: int, unplayed: int) -> int:
    """The cards of ``own`` higher than every unplayed card outside ``own`` in their suit.

    >>> from bridgeroom.rules import Hand
    >>> Hand(masters(Hand("AQ2.K.-.-").mask, (1 << 52) - 1))
    Hand('A...')
    """
    out = 0
    others = unplayed & ~own
    for suit in range(4):
        mine = own & SUIT_MASK[suit]
        theirs = others & SUIT_MASK[suit]
        top = theirs.bit_length()  # bits at or above this index beat all of theirs
        out |= mine & ~((1 << top) - 1)
    return out


def high_to_low(mask: int) -> list[Card]:
    """The cards of ``mask``, highest index first (in one suit: high to low).

    >>> [str(c) for c in high_to_low(Card("SA").mask | Card("S2").mask | Card("HK").mask)]
    ['SA', 'S2', 'HK']
    """
    out = []
    while mask:
        top = mask.bit_length() - 1
        out.append(Card.from_index(top))
        mask ^= 1 << top
    return out


def winning_so_far(trick: tuple[tuple[Seat, Card], ...], trump: Suit | None) -> tuple[Seat, Card]:
    """The seat and card winning the unfinished trick (CB-10)."""
    seat, best = trick[0]
    for s, c in trick[1:]:
        if c.suit == best.suit:
            if c.rank > best.rank:
                seat, best = s, c
        elif trump is not None and c.suit == trump:
            seat, best = s, c
    return seat, best


def partner_of(view: View, seat: Seat) -> Seat:
    """The seat playing on the same side as ``seat`` this deal (dummy for the declarer)."""
    if view.declarer is not None and view.dummy_seat is not None:
        if seat == view.declarer:
            return view.dummy_seat
        if seat == view.dummy_seat:
            return view.declarer
        return next(s for s in Seat if s not in (view.declarer, view.dummy_seat, seat))
    return seat.partner


def bid_suits(view: View, seat: Seat) -> list[Suit]:
    """The suits ``seat`` bid in the auction, in the order he first bid them.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> for call in "1C P 1S P 2NT P 3C P 3S P P P".split():
    ...     state.apply(call)
    >>> bid_suits(state.view(Seat.EAST), Seat.NORTH), bid_suits(state.view(Seat.EAST), Seat.SOUTH)
    ([<Suit.CLUBS: 0>, <Suit.SPADES: 3>], [<Suit.SPADES: 3>, <Suit.CLUBS: 0>])
    """
    out: list[Suit] = []
    for s, call in view.calls:
        suit = call.strain.suit if call.strain is not None else None
        if s == seat and suit is not None and suit not in out:
            out.append(suit)
    return out


def played_masks(view: View) -> tuple[int, int, int, int]:
    """The cards each seat has played so far (tricks and the current trick)."""
    masks = [0, 0, 0, 0]
    for trick in view.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            masks[seat] |= card.mask
    for seat, card in view.trick:
        masks[seat] |= card.mask
    return (masks[0], masks[1], masks[2], masks[3])


def played_tricks(view: View) -> list[tuple[tuple[Seat, Card], ...]]:
    """Every trick so far as ``(seat, card)`` pairs in the order played, the trick in progress
    (when a card has been played to it) last."""
    out = [tuple(zip(t.seats, t.cards, strict=True)) for t in view.tricks]
    if view.trick:
        out.append(tuple(view.trick))
    return out


def unplayed_cards(view: View) -> int:
    """The cards nobody has played yet (every hand's, the viewer's own included), as a mask."""
    played = 0
    for m in played_masks(view):
        played |= m
    return ((1 << 52) - 1) & ~played


def shown_voids(view: View, before: int | None = None) -> tuple[int, int, int, int]:
    """For each seat, the suits (bit ``suit``) it failed to follow to, so holds no more of (CB-10):
    in every trick so far, the current one included, or only in the tricks before trick number
    ``before`` (0-based)."""
    voids = [0, 0, 0, 0]
    sequences: list[Sequence[tuple[Seat, Card]]] = [
        list(zip(t.seats, t.cards, strict=True)) for t in view.tricks[:before]
    ]
    if view.trick and before is None:
        sequences.append(view.trick)
    for seq in sequences:
        led = seq[0][1].suit
        for seat, card in seq[1:]:
            if card.suit != led:
                voids[seat] |= 1 << led
    return (voids[0], voids[1], voids[2], voids[3])


def announcements(view: View) -> dict[Seat, int]:
    """Mini-bridge counts announced so far (MB-2), by seat; empty in other games."""
    extra = view.extra
    return dict(extra.announcements) if isinstance(extra, MiniBridgeExtra) else {}


def dummy_lengths(view: View) -> tuple[int, int, int, int] | None:
    """Dummy's suit lengths as laid out face down (S, H, D, C), when the view shows them (MB-5)."""
    extra = view.extra
    return extra.dummy_lengths if isinstance(extra, MiniBridgeExtra) else None


def acting_hand(view: View) -> int:
    """The mask of the hand whose card is due: the dummy's when the declarer plays for it."""
    if view.turn is not None and view.turn != view.seat and view.turn == view.dummy_seat:
        return view.dummy.mask if view.dummy is not None else 0
    return view.hand.mask if view.hand is not None else 0


def current_trick(view: View) -> tuple[Seat | None, tuple[int, ...]]:
    """The leader of the current trick (the seat to lead when it is empty) and its cards."""
    if view.trick:
        return view.trick[0][0], tuple(c.index for _, c in view.trick)
    return view.turn, ()


def play_order(view: View) -> tuple[Seat, Seat, Seat, Seat] | None:
    """The seats of the play in clockwise order from the declarer: declarer, left defender, dummy,
    right defender (CB-9; three-handed TH-10 moves the dummy opposite the declarer).

    ``None`` before the contract is known or before anyone has led.
    """
    declarer = view.declarer
    dummy = view.dummy_seat
    if declarer is None or dummy is None:
        return None
    if view.tricks:
        leader = view.tricks[0].leader
    elif view.trick:
        leader = view.trick[0][0]
    elif view.phase is Phase.PLAY and view.turn is not None:
        leader = view.turn
    else:
        return None
    other = next(s for s in Seat if s not in (declarer, dummy, leader))
    return (declarer, leader, dummy, other)


def knowledge(
    view: View,
    inferred: Sequence[HandLimits | None] | None = None,
    *,
    inferred_hard: bool = False,
) -> Knowledge:
    """The public information of ``view`` for the sampler (the viewer's own hand, dummy once
    exposed, a hand faced with a claim, cards played, voids shown, mini-bridge counts and
    dummy's lengths), with optional
    limits ``inferred`` from the auction, per seat N, E, S, W."""
    played = played_masks(view)
    known = [0, 0, 0, 0]
    hidden = [0, 0, 0, 0]
    if view.hand is not None:
        known[view.seat] = view.hand.mask
    if view.dummy is not None and view.dummy_seat is not None:
        known[view.dummy_seat] = view.dummy.mask
    faced = dict(view.faced)  # hands faced with a claim (Law 68B)
    for seat, hand in faced.items():
        known[seat] = hand.mask
    for s in Seat:
        if view.seat == s and view.hand is not None:
            continue
        if view.dummy is not None and view.dummy_seat == s:
            continue
        if s in faced:
            continue
        hidden[s] = 13 - played[s].bit_count()
    voids = list(shown_voids(view))
    certain = [NO_LIMITS] * 4
    counts = announcements(view)
    for seat, points in counts.items():
        certain[seat] = certain[seat] & HandLimits(hcp=(points, points))
    lengths = dummy_lengths(view)
    if lengths is not None and view.dummy_seat is not None and view.dummy is None:
        certain[view.dummy_seat] = certain[view.dummy_seat] & HandLimits.exact_shdc(lengths)
    for s in Seat:
        if known[s] or not hidden[s]:
            voids[s] = 0
            if known[s]:
                certain[s] = NO_LIMITS
    limits = list(inferred) if inferred is not None else [None] * 4
    for s in Seat:
        if known[s]:
            limits[s] = None
    return Knowledge(
        view.seat,
        (known[0], known[1], known[2], known[3]),
        (hidden[0], hidden[1], hidden[2], hidden[3]),
        played,
        (voids[0], voids[1], voids[2], voids[3]),
        tuple(certain),
        tuple(lim if lim is not None else NO_LIMITS for lim in limits),
        inferred_hard,
    )
