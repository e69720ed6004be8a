"""The observation tensor of the environments, block by block, and its reference encoder.

An observation is a flat ``int8`` vector of 0s and 1s, built from one seat's
:class:`~bridgeroom.rules.state.View` and nothing else. Seats are written
*relative* to the observer, four places each: ``0`` the observer, ``1`` his
left-hand opponent, ``2`` the seat opposite (partner; in three-handed bridge
whoever sits there, maybe the dummy), ``3`` his right-hand opponent. Cards are
indexed as the action ids of the cards: ``suit * 13 + rank - 2`` (clubs 2 is
0, clubs ace 12, diamonds 13-25, hearts 26-38, spades 39-51).

The blocks, in order (every game has them; mini-bridge adds the last two):

================  =====  ==============================================================
block             size   meaning
================  =====  ==============================================================
phase             5      one-hot: announce (MB-2), auction, naming (MB-6), play, done
dealer            4      the dealer's relative seat
vulnerable        4      which relative seats are vulnerable (by side, CB-B2; per player
                         in three-handed bridge, TH-17; none in auction bridge, AB-5)
turn              4      the seat whose call or card is due (the dummy's seat when a
                         dummy card is due); zeros when the deal is over
hand              52     the observer's remaining cards
dummy_seat        4      the dummy's relative seat once known (three-handed: from the
                         start, TH-4; mini-bridge: once the declarer is known, MB-4)
dummy             52     the dummy's remaining cards while the observer may see them
                         (after the opening lead, CB-9, TH-10, MB-7)
declarer          4      the declarer's relative seat once known
contract          15     level one-hot (7), strain one-hot C D H S NT (5), undoubled,
                         doubled, redoubled (3); zeros until the contract is known
auction           424    4: the passes made before any bid, by relative seat; then for
                         each of the 35 bids 1C..7NT, 12: who bid it, who doubled it,
                         who redoubled it (4 relative seats each)
played            208    4 x 52: every card each relative seat has played so far
trick             208    4 x 52: the cards of the trick in progress, by relative seat
last_trick        208    4 x 52: the last completed trick, by relative seat
leader            4      who led the trick in progress, or leads next (play only)
declarer_tricks   14     one-hot 0-13: tricks won by the declaring side (once the
                         contract is known)
defender_tricks   14     one-hot 0-13: tricks won by the defenders
announced         152    mini-bridge: 4 x 38, each relative seat's announced points
                         one-hot 0-37 once announced (MB-2)
dummy_lengths     56     mini-bridge: 4 x 14, dummy's suit lengths C D H S one-hot 0-13,
                         public once the declarer is known (MB-5)
================  =====  ==============================================================

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> for action in "1NT P P P S7".split():
    ...     state.apply(action)
    >>> obs = CONTRACT_LAYOUT.encode(state.view(Seat.WEST))
    >>> obs.shape, int(obs.sum())
    ((1224,), 40)
    >>> CONTRACT_LAYOUT.cards(obs, "dummy") == state.hand(Seat.SOUTH)  # after the lead
    True
    >>> CONTRACT_LAYOUT.seat(obs, "declarer"), CONTRACT_LAYOUT.seat(obs, "dummy_seat")
    (1, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Final

import numpy as np

from bridgeroom.errors import BridgeError
from bridgeroom.rules.core import CARDS, Hand, Seat, Vulnerability
from bridgeroom.rules.minibridge import MiniBridgeExtra
from bridgeroom.rules.state import Phase, View
from bridgeroom.rules.three_handed import ThreeHandedExtra

__all__ = [
    "BLOCKS",
    "CONTRACT_LAYOUT",
    "LAYOUTS",
    "MINIBRIDGE_BLOCKS",
    "MINIBRIDGE_LAYOUT",
    "PHASES",
    "Block",
    "Layout",
    "card_bits",
    "card_bytes",
    "layout_for",
    "vulnerable_seats",
]

#: The phases in the order of the ``phase`` block.
PHASES: Final[tuple[Phase, ...]] = (
    Phase.ANNOUNCE,
    Phase.AUCTION,
    Phase.NAMING,
    Phase.PLAY,
    Phase.DONE,
)
PHASE_INDEX: Final[dict[Phase, int]] = {phase: i for i, phase in enumerate(PHASES)}


@dataclass(frozen=True, slots=True)
class Block:
    """One named block of the observation: ``size`` entries from ``start``."""

    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        return self.start + self.size


#: (name, size, meaning) of the blocks every game has.
BLOCKS: Final[tuple[tuple[str, int, str], ...]] = (
    ("phase", 5, "one-hot: announce, auction, naming, play, done"),
    ("dealer", 4, "the dealer's relative seat"),
    ("vulnerable", 4, "the vulnerable relative seats"),
    ("turn", 4, "the seat whose call or card is due"),
    ("hand", 52, "the observer's remaining cards"),
    ("dummy_seat", 4, "the dummy's relative seat once known"),
    ("dummy", 52, "the dummy's remaining cards while visible"),
    ("declarer", 4, "the declarer's relative seat once known"),
    ("contract", 15, "level (7), strain C D H S NT (5), undoubled/doubled/redoubled (3)"),
    ("auction", 424, "passes before any bid (4); per bid: bidder, doubler, redoubler (35 x 12)"),
    ("played", 208, "the cards each relative seat has played (4 x 52)"),
    ("trick", 208, "the trick in progress by relative seat (4 x 52)"),
    ("last_trick", 208, "the last completed trick by relative seat (4 x 52)"),
    ("leader", 4, "who led the trick in progress, or leads next"),
    ("declarer_tricks", 14, "tricks won by the declaring side, one-hot 0-13"),
    ("defender_tricks", 14, "tricks won by the defenders, one-hot 0-13"),
)
#: The blocks mini-bridge adds.
MINIBRIDGE_BLOCKS: Final[tuple[tuple[str, int, str], ...]] = (
    ("announced", 152, "each relative seat's announced points, one-hot 0-37 (4 x 38)"),
    ("dummy_lengths", 56, "dummy's suit lengths C D H S, one-hot 0-13 (4 x 14)"),
)

#: ``_BITS[m]`` is the 13 bits of a 13-bit suit holding, lowest card first.
_BITS: Final = ((np.arange(8192)[:, None] >> np.arange(13)) & 1).astype(np.int8)
_BYTES: Final[tuple[bytes, ...]] = tuple(row.tobytes() for row in _BITS)


def card_bytes(mask: int) -> bytes:
    """The 52 bits of a card mask as 52 bytes of 0 and 1, card index order.

    >>> card_bytes(Hand.parse("A...2").mask).count(1), card_bytes(1)[:2]
    (2, b'\\x01\\x00')
    """
    table = _BYTES
    return b"".join(
        (
            table[mask & 0x1FFF],
            table[mask >> 13 & 0x1FFF],
            table[mask >> 26 & 0x1FFF],
            table[mask >> 39 & 0x1FFF],
        )
    )


def card_bits(mask: int) -> np.ndarray:
    """The 52 bits of a card mask (``int8``), card index order.

    >>> card_bits(Hand.parse("A...2").mask).nonzero()[0].tolist()
    [0, 51]
    """
    bits = _BITS
    return np.concatenate(
        (
            bits[mask & 0x1FFF],
            bits[mask >> 13 & 0x1FFF],
            bits[mask >> 26 & 0x1FFF],
            bits[mask >> 39 & 0x1FFF],
        )
    )


VULNERABLE_BY_SIDE: Final[dict[Vulnerability, tuple[bool, ...]]] = {
    vul: tuple(vul.is_vulnerable(seat) for seat in Seat) for vul in Vulnerability
}


def vulnerable_seats(view: View) -> tuple[bool, ...]:
    """Which seats (N, E, S, W) are vulnerable as ``view`` shows it: by side (CB-B2), or per
    player in three-handed bridge (TH-17), the dummy's seat never.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"), vulnerability="EW")
    >>> vulnerable_seats(state.view(Seat.NORTH))
    (False, True, False, True)
    """
    extra = view.extra
    if isinstance(extra, ThreeHandedExtra):
        return tuple(extra.vulnerable_at(seat) for seat in Seat)
    return VULNERABLE_BY_SIDE[view.vulnerability]


class Layout:
    """An observation layout: its blocks, its size, and the reference encoder.

    ``encode(view)`` reads the view and nothing else; the environments keep
    their observations up to date faster (:mod:`bridgeroom.envs.tracker`) and
    the tests check, step by step, that they equal ``encode(view)``.
    """

    def __init__(self, name: str, blocks: Sequence[tuple[str, int, str]]) -> None:
        self.name = name
        out: list[Block] = []
        start = 0
        for block_name, size, meaning in blocks:
            out.append(Block(block_name, start, size, meaning))
            start += size
        self.blocks: tuple[Block, ...] = tuple(out)
        self.size = start
        self._by_name = {b.name: b for b in out}

    def __getitem__(self, name: str) -> Block:
        try:
            return self._by_name[name]
        except KeyError:
            raise BridgeError(
                f"the {self.name} layout has no block {name!r}; its blocks are "
                f"{', '.join(self._by_name)}"
            ) from None

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __repr__(self) -> str:
        return f"Layout({self.name!r}, size={self.size})"

    @cached_property
    def card_blocks(self) -> tuple[tuple[int, int], ...]:
        """``(start, stop)`` of every run of 52 card bits (hands, played, tricks)."""
        runs: list[tuple[int, int]] = []
        for name in ("hand", "dummy", "played", "trick", "last_trick"):
            block = self[name]
            runs.extend((s, s + 52) for s in range(block.start, block.stop, 52))
        return tuple(runs)

    # --- reading an observation -------------------------------------------------

    def part(self, obs: np.ndarray, name: str) -> np.ndarray:
        """The entries of block ``name`` in ``obs``."""
        block = self[name]
        return obs[block.start : block.stop]

    def cards(self, obs: np.ndarray, name: str, seat: int = 0) -> Hand:
        """The cards of a card block (``hand``, ``dummy``; ``played``, ``trick``,
        ``last_trick`` of relative ``seat``) as a :class:`Hand`."""
        part = self.part(obs, name)[52 * seat : 52 * seat + 52]
        mask = 0
        for i in np.flatnonzero(part).tolist():
            mask |= 1 << i
        return Hand(mask)

    def seat(self, obs: np.ndarray, name: str) -> int | None:
        """The relative seat a 4-entry block names (``dealer``, ``turn``, ...), or ``None``."""
        hits = np.flatnonzero(self.part(obs, name))
        return int(hits[0]) if hits.size else None

    # --- the reference encoder ----------------------------------------------------

    def encode(self, view: View) -> np.ndarray:
        """The observation of ``view``'s seat, from ``view`` alone."""
        out = np.zeros(self.size, np.int8)
        me = view.seat
        b = self._by_name

        def put(name: str, index: int) -> None:
            out[b[name].start + index] = 1

        def put_cards(start: int, mask: int) -> None:
            out[start : start + 52] = card_bits(mask)

        put("phase", PHASE_INDEX[view.phase])
        put("dealer", (view.dealer - me) & 3)
        for seat, vulnerable in zip(Seat, vulnerable_seats(view), strict=True):
            if vulnerable:
                put("vulnerable", (seat - me) & 3)
        if view.turn is not None:
            put("turn", (view.turn - me) & 3)
        if view.hand is not None:
            put_cards(b["hand"].start, view.hand.mask)
        if view.dummy_seat is not None:
            put("dummy_seat", (view.dummy_seat - me) & 3)
        if view.dummy is not None:
            put_cards(b["dummy"].start, view.dummy.mask)
        if view.declarer is not None:
            put("declarer", (view.declarer - me) & 3)
        contract = view.contract
        if contract is not None:
            put("contract", contract.level - 1)
            put("contract", 7 + int(contract.strain))
            put("contract", 12 + contract.doubled)
            put("declarer_tricks", view.declarer_tricks)
            put("defender_tricks", view.defender_tricks)
        last_bid = 0
        for seat, call in view.calls:
            rel = (seat - me) & 3
            idx = call.index
            if idx >= 3:
                last_bid = idx
                put("auction", 4 + (idx - 3) * 12 + rel)
            elif idx == 0:
                if last_bid == 0:
                    put("auction", rel)
            else:  # 1: double, 2: redouble of the last bid
                put("auction", 4 + (last_bid - 3) * 12 + 4 * idx + rel)
        played = b["played"].start
        for trick in view.tricks:
            for seat, card in zip(trick.seats, trick.cards, strict=True):
                out[played + 52 * ((seat - me) & 3) + card.index] = 1
        if view.tricks:
            last = b["last_trick"].start
            trick = view.tricks[-1]
            for seat, card in zip(trick.seats, trick.cards, strict=True):
                out[last + 52 * ((seat - me) & 3) + card.index] = 1
        current = b["trick"].start
        for seat, card in view.trick:
            rel = (seat - me) & 3
            out[played + 52 * rel + card.index] = 1
            out[current + 52 * rel + card.index] = 1
        if view.trick:
            put("leader", (view.trick[0][0] - me) & 3)
        elif view.phase is Phase.PLAY and view.turn is not None:
            put("leader", (view.turn - me) & 3)
        extra = view.extra
        if "announced" in b and isinstance(extra, MiniBridgeExtra):
            for seat, points in extra.announcements:
                put("announced", 38 * ((seat - me) & 3) + points)
            if extra.dummy_lengths is not None:
                spades, hearts, diamonds, clubs = extra.dummy_lengths
                for suit, length in enumerate((clubs, diamonds, hearts, spades)):
                    put("dummy_lengths", 14 * suit + length)
        return out

    def hidden_cards(self, obs: np.ndarray, visible: int) -> list[str]:
        """The cards set anywhere in ``obs``'s card blocks that are not in ``visible`` (a card
        mask of what the observer may know: his hand, the exposed dummy, the cards played);
        empty when nothing leaks."""
        seen = 0
        for start, stop in self.card_blocks:
            for i in np.flatnonzero(obs[start:stop]).tolist():
                seen |= 1 << i
        leaked = seen & ~visible
        return [str(CARDS[i]) for i in range(52) if leaked >> i & 1]


#: The layout of contract, auction and three-handed bridge.
CONTRACT_LAYOUT: Final = Layout("bridgeroom", BLOCKS)
#: The layout of mini-bridge: the common blocks, then the announcements and dummy's lengths.
MINIBRIDGE_LAYOUT: Final = Layout("bridgeroom-minibridge", BLOCKS + MINIBRIDGE_BLOCKS)
#: The layouts by the rules a deal is played by (``View.game``).
LAYOUTS: Final[dict[str, Layout]] = {
    "contract": CONTRACT_LAYOUT,
    "three-handed": CONTRACT_LAYOUT,
    "minibridge": MINIBRIDGE_LAYOUT,
}


def layout_for(rules: str) -> Layout:
    """The layout of the games played by ``rules`` (``contract``, ``three-handed``, ``minibridge``).

    >>> layout_for("minibridge").size - layout_for("contract").size
    208
    """
    try:
        return LAYOUTS[rules]
    except KeyError:
        raise BridgeError(
            f"no observation layout for {rules!r}; the rules are {', '.join(LAYOUTS)}"
        ) from None
