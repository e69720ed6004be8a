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
from bridgeroom.rules.core import Call, Card, Seat
from bridgeroom.rules.minibridge import Announce, MiniBridgeExtra
from bridgeroom.rules.state import ActionInput, ContractBridgeDeal, DealState, Phase, View

__all__ = ["Tracker"]

_ZEROS_208 = bytes(208)
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
