"""Observations kept up to date as a deal is played, for every seat at once.

Encoding a whole :class:`~bridgeroom.rules.state.View` at every step costs more
than the step itself. A :class:`Tracker` does it once per seat when the deal
starts (``Layout.encode(view)``), then writes only what each action changes, from
what every seat sees: who made the call or played the card, and the public
facts that follow (the phase, the contract, who won the trick). The dummy's
cards are read from each seat's own view at the moment the dummy is turned face
up. Nothing is read from a hand a seat may not see; the leak test
(``tests/envs/test_leak.py``) checks at every step of thousands of random deals
that each observation equals ``Layout.encode(view)``.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
    >>> from bridgeroom.envs.layout import CONTRACT_LAYOUT
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> tracker = Tracker(CONTRACT_LAYOUT)
    >>> tracker.start(state, tuple(Seat))
    >>> for action in "1NT P P P S7".split():
    ...     tracker.apply(state, action)
    >>> (tracker.observe(Seat.WEST) == CONTRACT_LAYOUT.encode(state.view(Seat.WEST))).all()
    np.True_
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bridgeroom.envs.layout import (
    PHASE_INDEX,
    VULNERABLE_BY_SIDE,
    Layout,
    card_bytes,
    vulnerable_seats,
)
from bridgeroom.rules.core import Call, Card, Contract, Seat, Strain, Vulnerability
from bridgeroom.rules.minibridge import Announce, MiniBridgeExtra
from bridgeroom.rules.state import ActionInput, ContractBridgeDeal, DealState, Phase, View
from bridgeroom.rules.views import DealResult

__all__ = ["OVER", "REFUSED", "ContractSteps", "Tracker"]

_ZEROS_208 = bytes(208)
_ZEROS_52 = bytes(52)
#: The 13 cards of a suit as bytes of 0 and 1, by the suit's bits (two first).
_SUIT_BYTES = tuple(card_bytes(bits)[:13] for bits in range(1 << 13))
_SEATS = tuple(Seat)

_PLAY, _DONE, _AUCTION = Phase.PLAY, Phase.DONE, Phase.AUCTION


class _Tables:
    """Flat indices into the four rows (one per compass seat) of a tracker's buffer."""

    def __init__(self, layout: Layout) -> None:
        n = layout.size
        self.size = n
        start = {b.name: b.start for b in layout.blocks}
        self.start = start

        def rel4(offset: int, seat: int, stride: int = 1, plus: int = 0) -> tuple[int, ...]:
            """The index, in each row, of ``seat``'s relative place in a block at ``offset``."""
            return tuple(row * n + offset + stride * ((seat - row) & 3) + plus for row in range(4))

        self.card: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(
                rel4(start["played"], x, 52, c) + rel4(start["trick"], x, 52, c) for c in range(52)
            )
            for x in range(4)
        )
        self.dummy_card = tuple(
            tuple(row * n + start["dummy"] + c for row in range(4)) for c in range(52)
        )
        auction = start["auction"]
        self.opening_pass = tuple(rel4(auction, x) for x in range(4))
        # [seat][bid index 3..37][kind 0 bid, 1 double, 2 redouble]
        self.bid = tuple(
            tuple(
                tuple(rel4(auction, x, 1, 4 + (b - 3) * 12 + 4 * kind) for kind in range(3))
                for b in range(38)
            )
            for x in range(4)
        )
        self.seat_of = {
            name: tuple(rel4(start[name], x) for x in range(4))
            for name in ("dummy_seat", "declarer", "leader", "turn")
        }
        #: [side: declarer's 0, defenders' 1][tricks]: the cells of a trick count, every row
        self.count = tuple(
            tuple(tuple(row * n + start[name] + v for row in range(4)) for v in range(14))
            for name in ("declarer_tricks", "defender_tricks")
        )
        self.announced = (
            tuple(tuple(rel4(start["announced"], x, 38, p) for p in range(38)) for x in range(4))
            if "announced" in layout
            else ()
        )


_TABLES: dict[str, _Tables] = {}


def _tables(layout: Layout) -> _Tables:
    tables = _TABLES.get(layout.name)
    if tables is None:
        tables = _TABLES[layout.name] = _Tables(layout)
    return tables


class Tracker:
    """The observations of every seat of one deal, updated action by action.

    :meth:`start` encodes each seat's view; :meth:`apply` applies an action to the
    deal and updates the observations (or :meth:`after`, for an action applied
    already); :meth:`observe` returns a seat's observation, a fresh array, and
    :meth:`row` the same memory the tracker updates in place (the ``turn`` block
    included: every row names the seat now due).
    """

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        t = self._t = _tables(layout)
        n = layout.size
        self._buf = bytearray(4 * n)
        #: The same memory as rows, one per compass seat, for the block operations.
        self._rows = np.frombuffer(self._buf, np.int8).reshape(4, n)
        self._card = tuple(cells for per_seat in t.card for cells in per_seat)
        self._dummy_card = t.dummy_card
        self._hand_at = tuple(row * n + layout["hand"].start for row in range(4))
        self._turn_at = layout["turn"].start
        self._seats: tuple[Seat, ...] = ()
        self._state: DealState | None = None
        self._phase = Phase.AUCTION
        self._cards = 0
        self._last_bid = 0
        self._dummy: Seat | None = None
        self._won = [0, 0]  # tricks of the declaring side, of the defenders
        self._marked: Seat | None = None  # the seat whose turn the rows show

    # --- the deal ---------------------------------------------------------------

    def start(self, state: DealState, seats: Sequence[Seat]) -> None:
        """Encode the views of ``seats`` (the seats the agents play) in ``state`` as it is now
        (usually at the start of the deal)."""
        layout = self.layout
        rows = self._rows
        rows[:] = 0
        fresh = not state.history
        if fresh and type(state) is ContractBridgeDeal:
            # contract bridge's rules before the first call: each seat sees its own hand, the
            # dealer and the vulnerability (what its view holds then, read without building it)
            vulnerable = VULNERABLE_BY_SIDE[state.vulnerability]
            for seat in seats:
                self._write_fresh(
                    seat, state.phase, state.dealer, vulnerable, state.hand(seat).mask, None, None
                )
        else:
            for seat in seats:
                view = state.view(seat)
                if fresh:
                    self._fresh(view)
                else:
                    rows[seat] = layout.encode(view)
        self._seats = tuple(seats)
        self._clear(self._turn_at, 4)
        self._marked = None
        self._mark_turn(state.turn)
        self._state = state
        self._phase = state.phase
        self._cards = 4 * len(state.tricks) + len(state.current_trick)
        self._last_bid = max((call.index for _, call in state.calls if call.index >= 3), default=0)
        self._dummy = state.dummy
        declarer = state.declarer_tricks_taken()
        self._won = [declarer, len(state.tricks) - declarer]

    def _fresh(self, view: View) -> None:
        """A seat's row at the start of a deal, when most blocks are empty (what
        ``Layout.encode`` writes then, faster)."""
        self._write_fresh(
            view.seat,
            view.phase,
            view.dealer,
            vulnerable_seats(view),
            None if view.hand is None else view.hand.mask,
            view.dummy_seat,
            None if view.dummy is None else view.dummy.mask,
        )

    def _write_fresh(
        self,
        me: Seat,
        phase: Phase,
        dealer: Seat,
        vulnerable_at: Sequence[bool],
        hand_mask: int | None,
        dummy_seat: Seat | None,
        dummy_mask: int | None,
    ) -> None:
        at = me * self._t.size
        start = self._t.start
        buf = self._buf
        buf[at + start["phase"] + PHASE_INDEX[phase]] = 1
        buf[at + start["dealer"] + ((dealer - me) & 3)] = 1
        vulnerable = start["vulnerable"]
        for seat, flag in zip(_SEATS, vulnerable_at, strict=True):
            if flag:
                buf[at + vulnerable + ((seat - me) & 3)] = 1
        if hand_mask is not None:
            hand = at + start["hand"]
            buf[hand : hand + 52] = card_bytes(hand_mask)
        if dummy_seat is not None:
            buf[at + start["dummy_seat"] + ((dummy_seat - me) & 3)] = 1
        if dummy_mask is not None:
            dummy = at + start["dummy"]
            buf[dummy : dummy + 52] = card_bytes(dummy_mask)

    def apply(self, state: DealState, action: ActionInput) -> None:
        """Apply ``action`` to ``state`` (by the seat to act) and update the observations."""
        seat = state.turn
        state.apply(action)
        assert seat is not None
        self.after(state, seat, state.history[-1][1])

    def observe(self, seat: Seat) -> np.ndarray:
        """The observation of ``seat`` now (a new ``int8`` array)."""
        obs: np.ndarray = self._rows[seat].copy()
        return obs

    def row(self, seat: Seat) -> np.ndarray:
        """The observation of ``seat``, the tracker's own memory: it changes as the deal goes
        on (read it, do not write it)."""
        row: np.ndarray = self._rows[seat]
        return row

    @property
    def rows(self) -> np.ndarray:
        """The observations of the four compass seats (``4 x size``, the tracker's memory; the
        rows of seats nobody plays, a three-handed dummy's, are not kept)."""
        return self._rows

    def observe_into(self, seat: Seat, out: np.ndarray) -> None:
        """Write the observation of ``seat`` into ``out`` (a row of a batch)."""
        out[:] = self._rows[seat]

    def _mark_turn(self, turn: Seat | None) -> None:
        """Move the ``turn`` block of every row to ``turn`` (``None``: nobody, the deal is over)."""
        marked = self._marked
        if marked is turn:
            return
        buf = self._buf
        cells = self._t.seat_of["turn"]
        if marked is not None:
            for i in cells[marked]:
                buf[i] = 0
        if turn is not None:
            for i in cells[turn]:
                buf[i] = 1
        self._marked = turn

    # --- updates --------------------------------------------------------------------

    def _clear(self, offset: int, size: int) -> None:
        self._rows[:, offset : offset + size] = 0

    def _set_all(self, offset: int, index: int) -> None:
        self._rows[:, offset + index] = 1

    def _set_seat(self, name: str, seat: Seat | None) -> None:
        self._clear(self._t.start[name], 4)
        if seat is not None:
            for i in self._t.seat_of[name][seat]:
                self._buf[i] = 1

    def after(self, state: DealState, seat: Seat, action: object) -> None:
        """Update the observations after ``seat`` made ``action`` (its card or call: the
        seat whose turn it was, the dummy for a dummy card)."""
        buf = self._buf
        kind = type(action)
        if kind is Card:
            c: int = action.index  # type: ignore[attr-defined]
            for i in self._card[seat * 52 + c]:
                buf[i] = 1
            buf[self._hand_at[seat] + c] = 0
            if seat == self._dummy:
                for i in self._dummy_card[c]:
                    buf[i] = 0
            cards = self._cards = self._cards + 1
            if cards == 1:
                self._expose(state)
            elif cards & 3 == 0:
                self._close_trick(state)
        elif kind is Call and self._phase is _AUCTION:
            t = self._t
            idx: int = action.index  # type: ignore[attr-defined]
            if idx >= 3:
                self._last_bid = idx
                cells = t.bid[seat][idx][0]
            elif idx == 0:
                cells = t.opening_pass[seat] if self._last_bid == 0 else ()
            else:
                cells = t.bid[seat][self._last_bid][idx]
            for i in cells:
                buf[i] = 1
        elif kind is Announce:
            for i in self._t.announced[seat][action.points]:  # type: ignore[attr-defined]
                buf[i] = 1
        if state.phase is not self._phase:
            self._new_phase(state)
        self._mark_turn(state.turn)

    def _close_trick(self, state: DealState) -> None:
        start = self._t.start
        buf = self._buf
        trick, last = start["trick"], start["last_trick"]
        n = self._t.size
        for at in range(0, 4 * n, n):
            buf[at + last : at + last + 208] = buf[at + trick : at + trick + 208]
            buf[at + trick : at + trick + 208] = _ZEROS_208
        last_trick = state.tricks[-1]
        winner = last_trick.winner
        trick_leader = last_trick.leader
        side = 0 if state.is_declaring(winner) else 1
        count = self._t.count[side]
        won = self._won[side]
        for i in count[won]:
            buf[i] = 0
        for i in count[won + 1]:
            buf[i] = 1
        self._won[side] = won + 1
        leader = self._t.seat_of["leader"]
        for i in leader[trick_leader]:
            buf[i] = 0
        if state.phase is _PLAY:
            for i in leader[winner]:
                buf[i] = 1

    def _expose(self, state: DealState) -> None:
        """Write the dummy's cards into the observation of each seat whose view shows them.

        Only a seat whose visible hands (``hands_visible_to``) include the dummy's can;
        once the thirteenth trick is played the dummy has nothing left to show."""
        dummy = state.dummy
        if dummy is None or len(state.tricks) == 13:
            return
        offset = self._t.start["dummy"]
        n = self._t.size
        buf = self._buf
        # what ``state.view(seat).dummy`` holds, without building the view: the dummy's hand
        # where the seat sees it, the dummy's own seat only once the lead is made
        lead_made = state._lead_made()
        cards: bytes | None = None
        for seat in self._seats:
            if dummy in state.hands_visible_to(seat) and (seat != dummy or lead_made):
                if cards is None:
                    cards = card_bytes(state.hand(dummy).mask)
                at = seat * n + offset
                buf[at : at + 52] = cards

    def _new_phase(self, state: DealState) -> None:
        """The public facts that come with a new phase: the contract, the declarer and
        dummy, the leader, dummy's suit lengths (mini-bridge)."""
        phase = state.phase
        self._phase = phase
        start = self._t.start
        self._clear(start["phase"], 5)
        self._set_all(start["phase"], PHASE_INDEX[phase])
        self._dummy = state.dummy
        self._set_seat("dummy_seat", state.dummy)
        self._set_seat("declarer", state.declarer)
        contract = state.contract
        if contract is not None and phase is _PLAY:
            self._clear(start["contract"], 15)
            self._set_all(start["contract"], contract.level - 1)
            self._set_all(start["contract"], 7 + int(contract.strain))
            self._set_all(start["contract"], 12 + contract.doubled)
            self._set_all(start["declarer_tricks"], 0)
            self._set_all(start["defender_tricks"], 0)
        self._set_seat("leader", state.turn if phase is _PLAY else None)
        self._expose(state)
        if "dummy_lengths" in start and state.dummy is not None and self._seats:
            extra = state.view(self._seats[0]).extra
            if isinstance(extra, MiniBridgeExtra) and extra.dummy_lengths is not None:
                spades, hearts, diamonds, clubs = extra.dummy_lengths
                self._clear(start["dummy_lengths"], 56)
                for suit, length in enumerate((clubs, diamonds, hearts, spades)):
                    self._set_all(start["dummy_lengths"], 14 * suit + length)


#: What :meth:`ContractSteps.step` returns when the deal is over, or the action is refused.
OVER, REFUSED = -1, -2
#: The phases as the ``phase`` block numbers them (:data:`PHASE_INDEX`).
_AUCTION_I, _PLAY_I, _DONE_I = PHASE_INDEX[_AUCTION], PHASE_INDEX[_PLAY], PHASE_INDEX[_DONE]
_STRAINS = tuple(Strain)


class ContractSteps:
    """Contract bridge's auction and play (CB-5 to CB-10) stepped on plain integers for the
    deal of a :class:`Tracker`, its observations written in place as :meth:`Tracker.after`
    writes them and the legal-action mask of the player to act written into ``masks`` (one
    row of ``size`` bytes per seat), without the rules engine.

    For the environments of the games played by contract bridge's rules (contract and
    auction bridge), whose deals start with :meth:`Tracker.start` and whose players sit at
    the compass seats of their numbers. The engine stays the judge: an action the mask does
    not mark is refused here (:meth:`step` returns :data:`REFUSED`, nothing changed) and the
    environment asks the engine why; the actions accepted are kept in :attr:`pending` for the
    environment to replay in the engine when the deal is asked for. The tests replay every
    step in the engine and compare the observations with its views and the masks with its
    legal actions.

        >>> from bridgeroom.rules import ContractBridgeDeal, Deal
        >>> from bridgeroom.envs.layout import CONTRACT_LAYOUT
        >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
        >>> tracker = Tracker(CONTRACT_LAYOUT)
        >>> tracker.start(state, tuple(Seat))
        >>> steps = ContractSteps(tracker, bytearray(4 * 90), 90)
        >>> steps.start(state)
        >>> [steps.step(a) for a in (74, 52, 52, 52, 30)]   # 4NT by North, three passes, East to lead: no H6
        [1, 2, 3, 1, -2]
        >>> steps.step(21), steps.turn          # he leads the DT; North plays the dummy's cards
        (0, 2)
        >>> for a in steps.pending:
        ...     state.apply(state.action_from_id(a))
        >>> (tracker.observe(Seat.WEST) == CONTRACT_LAYOUT.encode(state.view(Seat.WEST))).all()
        np.True_
    """

    def __init__(self, tracker: Tracker, masks: bytearray, size: int) -> None:
        self._tracker = tracker
        self._buf = tracker._buf
        # slices are written through memoryviews (several times faster than a bytearray's)
        self._view = memoryview(tracker._buf)
        self._masks = memoryview(masks)
        self._size = size
        self._zeros = bytes(size)
        t = tracker._t
        self._t = t
        n = t.size
        start = t.start
        turn_cells = t.seat_of["turn"]
        # [seat * 52 + card], when the seat plays the card: the cells set, its cells in the
        # "played" and "trick" blocks of the four rows and the next seat's in the "turn" block;
        # the cells cleared, its cell in its holder's "hand" and the seat's in "turn"
        self._card_cells = tuple(
            (
                *cells,
                *turn_cells[(index // 52 + 1) & 3],
                tracker._hand_at[index // 52] + index % 52,
                *turn_cells[index // 52],
            )
            for index, cells in enumerate(tracker._card)
        )
        self._dummy_cells = t.dummy_card
        self._hand_at = tracker._hand_at
        self._dummy_at = tuple(row * n + start["dummy"] for row in range(4))
        # a trick is closed by moving the "trick" block of each row into "last_trick", which
        # follows it (one slice of each row)
        if start["last_trick"] != start["trick"] + 208:
            raise ValueError(f"{tracker.layout.name}: last_trick does not follow trick")
        self._trick_at = tuple(row * n + start["trick"] for row in range(4))
        self._turn_cells = t.seat_of["turn"]
        # the start of a deal: per row, the auction's phase cell; per seat x, the cells naming
        # x as dealer, as vulnerable, as the seat to act in the four rows
        self._fresh_cells = tuple(row * n + start["phase"] + _AUCTION_I for row in range(4))
        self._dealer_cells = tuple(
            tuple(row * n + start["dealer"] + ((x - row) & 3) for row in range(4)) for x in range(4)
        )
        self._vulnerable_cells = tuple(
            tuple(row * n + start["vulnerable"] + ((x - row) & 3) for row in range(4))
            for x in range(4)
        )
        # the four rows at the start of a deal with its hands left out, by dealer and
        # vulnerability (dealer * 4 + vulnerability)
        blanks = []
        for dealer in range(4):
            for vulnerability in Vulnerability:
                blank = bytearray(4 * n)
                cells = [*self._fresh_cells, *self._dealer_cells[dealer]]
                cells += self._turn_cells[dealer]
                for seat, vulnerable in enumerate(VULNERABLE_BY_SIDE[vulnerability]):
                    if vulnerable:
                        cells += self._vulnerable_cells[seat]
                for i in cells:
                    blank[i] = 1
                blanks.append(bytes(blank))
        self._blanks = tuple(blanks)
        #: [phase index]: its cell in the "phase" block of the four rows
        self._phase_cells = tuple(
            tuple(row * n + start["phase"] + i for row in range(4)) for i in range(5)
        )
        self._contract_at = tuple(row * n + start["contract"] for row in range(4))
        self._leader_cells = t.seat_of["leader"]
        self._dummy_seat_cells = t.seat_of["dummy_seat"]
        self._declarer_cells = t.seat_of["declarer"]
        self._bid_cells = t.bid
        self._opening_pass = t.opening_pass
        self._count = t.count
        #: [seat]: its turn cells cleared, the next seat's set
        self._turn_move = tuple(
            (*self._turn_cells[x], *self._turn_cells[(x + 1) & 3]) for x in range(4)
        )
        #: [last bid * 6 + doubling * 2 + (1 if the last bid is the opponents')]: the legal
        #: calls, a mask row (CB-5, CB-6): pass; a double of the opponents' undoubled last bid;
        #: a redouble of their double of ours; the bids above the last
        call_rows = []
        for last in range(38):
            for doubled in range(3):
                for theirs in (False, True):
                    row = bytearray(size)
                    row[52] = 1
                    row[53] = last > 0 and doubled == 0 and theirs
                    row[54] = last > 0 and doubled == 1 and not theirs
                    for k in range(max(last + 1, 3), 38):
                        row[52 + k] = 1
                    call_rows.append(bytes(row))
        self._call_rows = tuple(call_rows)
        self.phase = _AUCTION_I
        #: Whether the deal is over (passed out, or its thirteenth trick played).
        self.done = False
        #: The action ids accepted since the deal started (the environment replays them in the
        #: engine when the deal is asked for, and empties the list).
        self.pending: list[int] = []
        self.turn = 0  # the seat whose call or card is due
        self._actor_of = [0, 1, 2, 3]  # by the seat due: who acts for it
        self._at = 0  # where the mask of the player to act starts in ``masks``
        self.hands = [0, 0, 0, 0]
        self._last_bid = self._last_bidder = self._passes = 0
        self._first = [-1] * 10  # [side * 5 + strain]: who named it first (CB-8)
        self.declarer = self.dummy = -1
        self.level = self.strain = 0
        self.doubled = 0  # the contract's doubling: 0, 1 doubled, 2 redoubled
        self._cards = self._best = self._best_seat = self._leader = self._led = 0
        self.won = [0, 0]  # tricks of the declaring side, of the defenders

    def start(self, state: DealState) -> None:
        """A fresh deal of contract bridge's rules (no call made yet): the four rows as
        :meth:`Tracker.start` writes them (each seat's hand, the dealer, the vulnerability,
        the auction's phase, the dealer to act) and the dealer's mask."""
        self.phase = _AUCTION_I
        self.done = False
        self.pending.clear()
        dealer = self.turn = int(state.dealer)
        hands = self.hands = list(state.deal.masks)
        view = self._view
        view[:] = self._blanks[dealer * 4 + state.vulnerability]
        for at, hand in zip(self._hand_at, hands, strict=True):
            view[at : at + 52] = card_bytes(hand)
        self._last_bid = self._last_bidder = self.doubled = self._passes = 0
        self._first = [-1] * 10
        self.declarer = self.dummy = -1
        self._actor_of = [0, 1, 2, 3]
        self._cards = 0
        self.won = [0, 0]
        masks = self._masks
        masks[:] = bytes(len(masks))
        size = self._size
        at = self._at = dealer * size
        masks[at : at + size] = self._call_rows[0]

    @property
    def actor(self) -> int:
        """The seat of the player to act (the declarer for the dummy, CB-9)."""
        return self._actor_of[self.turn]

    def result(self, state: DealState) -> DealResult:
        """The finished deal's result (``state``: the deal as dealt, for its cards, dealer and
        vulnerability)."""
        contract = (
            None
            if self.declarer < 0
            else Contract(self.level, _STRAINS[self.strain], self.doubled, _SEATS[self.declarer])
        )
        tricks = self.won[0]
        return DealResult(state.deal, state.dealer, state.vulnerability, contract, tricks, tricks)

    def step(self, a: int) -> int:
        """Action id ``a`` by the player to act. Returns the seat of the player to act next
        (the declarer for the dummy), :data:`OVER` if the deal is over, or :data:`REFUSED`
        (nothing changed) if the mask of the player to act does not mark ``a``."""
        masks = self._masks
        at = self._at
        if not 0 <= a < self._size or not masks[at + a]:
            return REFUSED
        self.pending.append(a)
        buf = self._buf
        s = self.turn
        if a >= 52:
            return self._after_call(s, a - 52)
        # a card (CB-10), by the seat due: every row sees it played, its holder's hand loses it,
        # the turn passes to the next seat (moved to the trick's winner if it is complete)
        masks[at : at + 52] = _ZEROS_52  # a card mask is written in the first 52 cells
        hands = self.hands
        hands[s] ^= 1 << a
        # (unrolled: faster)
        c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, z0, z1, z2, z3, z4 = self._card_cells[
            s * 52 + a
        ]
        buf[c0] = buf[c1] = buf[c2] = buf[c3] = buf[c4] = buf[c5] = buf[c6] = buf[c7] = 1
        buf[z0] = buf[z1] = buf[z2] = buf[z3] = buf[z4] = 0
        buf[c8] = buf[c9] = buf[c10] = buf[c11] = 1
        if s == self.dummy:
            d0, d1, d2, d3 = self._dummy_cells[a]
            buf[d0] = buf[d1] = buf[d2] = buf[d3] = 0
        n = self._cards = self._cards + 1
        k = n & 3  # the cards of the trick played (0: all four)
        if k == 1:
            self._best = a
            self._best_seat = self._leader = s
            self._led = a // 13
            if n == 1:  # the opening lead: the dummy is faced (CB-9)
                cards = card_bytes(hands[self.dummy])
                view = self._view
                for d in self._dummy_at:
                    view[d : d + 52] = cards
        else:
            suit = a // 13
            best = self._best
            if suit == best // 13:
                if a > best:
                    self._best = a
                    self._best_seat = s
            elif suit == self.strain:
                self._best = a
                self._best_seat = s
            if not k:  # the winner leads, any card of his hand
                turn = self._close_trick(n, (s + 1) & 3)
                if turn < 0:
                    return OVER
                self.turn = turn
                actor = self._actor_of[turn]
                at = self._at = actor * self._size
                h = self._hand_at[turn]
                masks[at : at + 52] = buf[h : h + 52]
                return actor
        turn = self.turn = (s + 1) & 3
        # the mask of the player to act: the declarer plays the dummy's cards (CB-9)
        actor = self._actor_of[turn]
        at = self._at = actor * self._size
        led = self._led
        follow = hands[turn] >> 13 * led & 0x1FFF
        if follow:  # follow suit when able (CB-10)
            at += 13 * led
            masks[at : at + 13] = _SUIT_BYTES[follow]
        else:  # any card: the "hand" block of the row of the seat due, as it stands
            h = self._hand_at[turn]
            masks[at : at + 52] = buf[h : h + 52]
        return actor

    def _after_call(self, s: int, k: int) -> int:
        """Call ``k`` (pass 0, double 1, redouble 2, the bids 3-37) by seat ``s`` (CB-5 to
        CB-8): its cells, the turn and the mask of the next caller or of the opening leader;
        or the end of the deal (:data:`OVER`)."""
        buf = self._buf
        size = self._size
        masks = self._masks
        at = self._at
        masks[at : at + size] = self._zeros
        if k >= 3:  # a bid
            c0, c1, c2, c3 = self._bid_cells[s][k][0]
            self._last_bid = k
            self._last_bidder = s
            self.doubled = self._passes = 0
            key = (s & 1) * 5 + (k - 3) % 5
            if self._first[key] < 0:  # the first of his side to name the strain (CB-8)
                self._first[key] = s
            buf[c0] = buf[c1] = buf[c2] = buf[c3] = 1
        elif k:  # a double or a redouble of the last bid
            c0, c1, c2, c3 = self._bid_cells[s][self._last_bid][k]
            self.doubled = k
            self._passes = 0
            buf[c0] = buf[c1] = buf[c2] = buf[c3] = 1
        else:
            passes = self._passes = self._passes + 1
            if not self._last_bid:  # a pass before any bid
                c0, c1, c2, c3 = self._opening_pass[s]
                buf[c0] = buf[c1] = buf[c2] = buf[c3] = 1
                if passes == 4:  # passed out (CB-7)
                    c0, c1, c2, c3 = self._turn_cells[s]
                    buf[c0] = buf[c1] = buf[c2] = buf[c3] = 0
                    self._end()
                    return OVER
            elif passes == 3:  # the auction is over (CB-8): the opening leader's cards
                turn = self._contract()
                c0, c1, c2, c3 = self._turn_cells[s]
                buf[c0] = buf[c1] = buf[c2] = buf[c3] = 0
                c0, c1, c2, c3 = self._turn_cells[turn]
                buf[c0] = buf[c1] = buf[c2] = buf[c3] = 1
                self.turn = turn
                at = self._at = turn * size
                h = self._hand_at[turn]
                masks[at : at + 52] = buf[h : h + 52]
                return turn
        z0, z1, z2, z3, c0, c1, c2, c3 = self._turn_move[s]
        buf[z0] = buf[z1] = buf[z2] = buf[z3] = 0
        buf[c0] = buf[c1] = buf[c2] = buf[c3] = 1
        turn = self.turn = (s + 1) & 3
        at = self._at = turn * size
        last = self._last_bid
        theirs = 1 if last and (self._last_bidder - turn) & 1 else 0
        masks[at : at + size] = self._call_rows[last * 6 + self.doubled * 2 + theirs]
        return turn

    def _contract(self) -> int:
        """The auction ended in a contract: the declarer first named its strain for his side
        (CB-8), his left-hand opponent leads (CB-9); the public facts that come with it.
        Returns the opening leader."""
        k = self._last_bid
        strain = self.strain = (k - 3) % 5
        level = self.level = (k - 3) // 5 + 1
        declarer = self.declarer = self._first[(self._last_bidder & 1) * 5 + strain]
        dummy = self.dummy = (declarer + 2) & 3
        self._actor_of[dummy] = declarer
        leader = self._leader = (declarer + 1) & 3
        self.phase = _PLAY_I
        buf = self._buf
        # in every row: the phase, the dummy's and declarer's seats, the contract, no trick
        # won yet, the leader (these blocks were empty)
        for i in self._phase_cells[_AUCTION_I]:
            buf[i] = 0
        cells = [*self._phase_cells[_PLAY_I], *self._dummy_seat_cells[dummy]]
        cells += self._declarer_cells[declarer]
        cells += self._count[0][0]
        cells += self._count[1][0]
        cells += self._leader_cells[leader]
        for at in self._contract_at:
            cells += (at + level - 1, at + 7 + strain, at + 12 + self.doubled)
        for i in cells:
            buf[i] = 1
        return leader

    def _end(self) -> None:
        """The deal is over: the phase (the turn and the leader are cleared by the step)."""
        buf = self._buf
        for i in self._phase_cells[self.phase]:
            buf[i] = 0
        for i in self._phase_cells[_DONE_I]:
            buf[i] = 1
        self.phase = _DONE_I
        self.done = True

    def _close_trick(self, n: int, marked: int) -> int:
        """The trick is complete (``n`` cards played): the highest trump wins, else the highest
        card of the suit led (CB-10); the turn moves from ``marked`` to him. Returns the seat to
        lead next, or -1 after the last trick (the turn marked nowhere)."""
        buf = self._buf
        view = self._view
        zeros = _ZEROS_208
        # in each row the trick moves to "last_trick" (the next block), "trick" is emptied
        t0, t1, t2, t3 = self._trick_at
        view[t0 : t0 + 416] = zeros + buf[t0 : t0 + 208]
        view[t1 : t1 + 416] = zeros + buf[t1 : t1 + 208]
        view[t2 : t2 + 416] = zeros + buf[t2 : t2 + 208]
        view[t3 : t3 + 416] = zeros + buf[t3 : t3 + 208]
        winner = self._best_seat
        side = (winner - self.declarer) & 1
        count = self._count[side]
        won = self.won[side]
        self.won[side] = won + 1
        c0, c1, c2, c3 = count[won]
        buf[c0] = buf[c1] = buf[c2] = buf[c3] = 0
        c0, c1, c2, c3 = count[won + 1]
        buf[c0] = buf[c1] = buf[c2] = buf[c3] = 1
        leader = self._leader_cells
        c0, c1, c2, c3 = leader[self._leader]
        buf[c0] = buf[c1] = buf[c2] = buf[c3] = 0
        if n == 52:
            c0, c1, c2, c3 = self._turn_cells[marked]
            buf[c0] = buf[c1] = buf[c2] = buf[c3] = 0
            self._end()
            return -1
        c0, c1, c2, c3 = leader[winner]
        buf[c0] = buf[c1] = buf[c2] = buf[c3] = 1
        if winner != marked:
            turn = self._turn_cells
            c0, c1, c2, c3 = turn[marked]
            buf[c0] = buf[c1] = buf[c2] = buf[c3] = 0
            c0, c1, c2, c3 = turn[winner]
            buf[c0] = buf[c1] = buf[c2] = buf[c3] = 1
        return winner
