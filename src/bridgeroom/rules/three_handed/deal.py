"""One three-handed deal: three players on four seats, the auction of three, the play with
the dummy, and the irregularities of table mode (TH-4 to TH-23). See the package's docs."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar, NoReturn, Self

from bridgeroom.errors import BridgeError, IllegalActionError, IllegalCallError, WrongPhaseError
from bridgeroom.rules.core import CALLS, Call, Deal, Seat, Vulnerability
from bridgeroom.rules.state import (
    Action,
    ActionInput,
    DealState,
    Mode,
    Phase,
)
from bridgeroom.rules.three_handed.actions import (
    DOUBLE_OF,
    PERSISTENT,
    TABLE_WORDS,
    AcceptDouble,
    CancelBid,
    CancelDouble,
    DoubleOf,
    Immunity,
    Irregularity,
    LookAtDummy,
    Recall,
)
from bridgeroom.rules.three_handed.results import ThreeHandedExtra, ThreeHandedResult, defenders_of
from bridgeroom.rules.views import Variant

__all__ = ["ThreeHandedDeal"]


class ThreeHandedDeal(DealState):
    """One deal of three-handed bridge (TH-4 to TH-11, TH-21 to TH-23).

    ``players`` names the dealer, his left- and his right-hand player (or maps
    the three live seats to names); by default the players are named after
    their seats. ``table_order`` gives the three names in their fixed order
    around the table (clockwise, as :attr:`ThreeHandedTable.players`): player
    ``i`` of :meth:`player_at` and :meth:`seat_of` is ``table_order[i]``, whose
    compass seat turns with the deal (TH-5); by default the order starts at
    the dealer. ``pack`` (1 or 2) records which of the two packs was dealt
    (TH-1). ``vulnerable`` names the vulnerable players (TH-17; public
    information for the auction, used by the scorer). ``vulnerability`` (by
    compass side) is kept for the shared interface and means nothing here.

    >>> state = ThreeHandedDeal(
    ...     "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
    ...     dealer="E", players=("Bob", "Cy", "Ann"), table_order=("Ann", "Bob", "Cy"),
    ... )
    >>> state.seat_of(0), state.player_at(Seat.EAST), state.player_at(Seat.WEST) is None
    (<Seat.NORTH: 0>, 1, True)
    """

    rules_name = "three-handed"
    num_players: ClassVar[int] = 3
    variant: ClassVar[Variant] = Variant.THREE_HANDED
    #: Which of the two packs was dealt (TH-1).
    pack: int

    def __init__(
        self,
        deal: Deal | str,
        dealer: Seat | str = Seat.NORTH,
        vulnerability: Vulnerability | str = Vulnerability.NONE,
        *,
        mode: Mode | str = Mode.STRICT,
        players: Sequence[str] | Mapping[Seat, str] | None = None,
        table_order: Sequence[str] | None = None,
        pack: int = 1,
        vulnerable: Iterable[str] = (),
    ) -> None:
        super().__init__(deal, dealer, vulnerability, mode=mode)
        live = self.auction_seats()
        if players is None:
            names: tuple[str, ...] = tuple(s.letter for s in live)
        elif isinstance(players, Mapping):
            if set(players) != set(live):
                raise BridgeError(
                    f"the players sit at the three live seats {'/'.join(s.letter for s in live)}, "
                    f"not {'/'.join(str(s) for s in players)} (TH-4)"
                )
            names = tuple(players[s] for s in live)
        elif isinstance(players, str):
            raise BridgeError(f"players are three names, not the string {players!r} (TH-1)")
        else:
            names = tuple(players)
        if len(names) != 3 or len(set(names)) != 3 or not all(n.strip() for n in names):
            raise BridgeError(
                f"three-handed bridge has three players with distinct names: {names} (TH-1)"
            )
        if pack not in (1, 2):
            raise BridgeError(f"the two packs are numbered 1 and 2, not {pack} (TH-1)")
        vulnerable_names = frozenset(vulnerable)
        if not vulnerable_names <= set(names):
            raise BridgeError(
                f"vulnerable players must be players: {sorted(vulnerable_names - set(names))} (TH-17)"
            )
        order = names if table_order is None else tuple(table_order)
        k = order.index(names[0]) if len(order) == 3 and names[0] in order else -1
        if k < 0 or (order[(k + 1) % 3], order[(k + 2) % 3]) != names[1:]:
            raise BridgeError(
                f"the players {list(order)} keep their order around the table as the deal "
                f"passes (TH-5): the dealer, his left- and his right-hand player are {list(names)}"
            )
        #: The live seats and their players' names.
        self.players: dict[Seat, str] = dict(zip(live, names, strict=True))
        #: The players' names by player number (their fixed order around the table).
        self.names: tuple[str, str, str] = (order[0], order[1], order[2])
        self._player_seats = tuple(live[(i - k) % 3] for i in range(3))
        self.pack = pack
        self.vulnerable = vulnerable_names

    @property
    def vulnerable_players(self) -> tuple[str, ...]:
        """The vulnerable players (TH-17), by name."""
        return tuple(sorted(self.vulnerable))

    # --- seats and players -------------------------------------------------------

    @property
    def dummy_seat(self) -> Seat:
        """TH-4: the hand opposite the dealer."""
        return self.dealer.partner

    @property
    def player_names(self) -> tuple[str, str, str]:
        """The dealer's, his left- and his right-hand player's names."""
        d = self.dealer
        p = self.players
        return (p[d], p[d.lho], p[d.rho])

    def player_at(self, seat: Seat) -> int | None:
        """The number of the player at ``seat`` (his place in :attr:`names`); ``None`` for the
        dummy's seat, which nobody plays (TH-4)."""
        name = self.players.get(seat)
        return None if name is None else self.names.index(name)

    def seat_of(self, player: int) -> Seat:
        """The compass seat of player number ``player`` in this deal (TH-5)."""
        self._check_player(player)
        return self._player_seats[player]

    def name_at(self, seat: Seat) -> str | None:
        """The name of the player at ``seat``; ``None`` for the dummy."""
        return self.players.get(seat)

    def name_of(self, player: int) -> str:
        """The name of player number ``player``."""
        self._check_player(player)
        return self.names[player]

    def player_named(self, name: str) -> int:
        """The number of the player called ``name``."""
        if name not in self.names:
            raise BridgeError(f"no player is called {name!r}: {', '.join(self.names)} (TH-1)")
        return self.names.index(name)

    @property
    def left_defender(self) -> Seat | None:
        """TH-9: the defender on the declarer's left, who leads."""
        return None if self.declarer is None else defenders_of(self.dealer, self.declarer)[0]

    @property
    def right_defender(self) -> Seat | None:
        return None if self.declarer is None else defenders_of(self.dealer, self.declarer)[1]

    @property
    def barred(self) -> frozenset[Seat]:
        """TH-23: the players who looked at the dummy; their remaining calls are passes."""
        return frozenset(self._barred)

    @property
    def protected(self) -> frozenset[Seat]:
        """TH-21, TH-A9: the players whose bids nobody may double for the rest of the auction."""
        return frozenset(self._immune)

    @property
    def irregularities(self) -> tuple[Irregularity, ...]:
        """The irregular calls that may still be cancelled, oldest first."""
        return tuple(self._open)

    # --- the hooks of DealState ------------------------------------------------

    def _reset(self) -> None:
        super()._reset()
        self.dummy = self.dealer.partner
        self._barred: set[Seat] = set()
        self._immune: set[Seat] = set()
        self._recall: Seat | None = None
        self._open: list[Irregularity] = []

    def _clone_extra(self, new: Self) -> None:
        new._barred = set(self._barred)
        new._immune = set(self._immune)
        new._open = list(self._open)
        new.players = dict(self.players)

    def auction_seats(self) -> tuple[Seat, ...]:
        """TH-6: the dealer, his left-hand player, his right-hand player; nobody calls for the dummy."""
        d = self.dealer
        return (d, d.lho, d.rho)

    def _next_caller(self, seat: Seat) -> Seat:
        nxt = Seat((seat + 1) & 3)
        return Seat((nxt + 1) & 3) if nxt == self.dealer.partner else nxt

    def _team(self, seat: Seat) -> int:
        """TH-6: each bids for himself."""
        return int(seat)

    def may_double(self, caller: Seat, bidder: Seat) -> bool:
        """TH-6: any other player doubles the last bid, unless its bidder cancelled an improper double (TH-21)."""
        return caller != bidder and bidder not in self._immune

    def may_redouble(self, caller: Seat, bidder: Seat) -> bool:
        """TH-6: only the player whose bid was doubled redoubles."""
        return caller == bidder

    def _dummy_seat(self) -> Seat:
        return self.dealer.partner

    def _play_order(self) -> tuple[Seat, Seat, Seat, Seat]:
        """TH-10: declarer -> left defender -> dummy -> right defender -> declarer."""
        assert self.declarer is not None
        declarer = self.declarer
        left, right = defenders_of(self.dealer, declarer)
        order = [declarer, declarer, declarer, declarer]
        order[declarer] = left
        order[left] = self.dealer.partner
        order[self.dealer.partner] = right
        order[right] = declarer
        return (order[0], order[1], order[2], order[3])

    def hands_visible_to(self, seat: Seat) -> tuple[Seat, ...]:
        """TH-4, TH-10: nobody sees the dummy before the opening lead (not even the declarer); all
        do after it. TH-23: a player who looked at the dummy during the auction has seen it, and
        sees it from then on."""
        if self.phase is Phase.DONE:
            return tuple(Seat)
        dummy = self.dealer.partner
        if self._lead_made():
            return (dummy,) if seat == dummy else (seat, dummy)
        if seat == dummy:
            return ()
        return (seat, dummy) if seat in self._barred else (seat,)

    def _legal_calls(self) -> tuple[Call, ...]:
        if self._turn in self._barred:
            return (CALLS[0],)
        return super()._legal_calls()

    def _view_extra(self) -> ThreeHandedExtra:
        return ThreeHandedExtra(
            players=dict(self.players),
            pack=self.pack,
            vulnerable=tuple(sorted(self.vulnerable)),
            barred=tuple(sorted(self._barred)),
            protected=tuple(sorted(self._immune)),
            irregularities=tuple(self._open),
        )

    # --- the auction ------------------------------------------------------------

    def _faults(self, seat: Seat, call: Call) -> tuple[str, ...]:
        """What is irregular about ``seat`` making ``call`` now (empty: a proper call)."""
        faults: list[str] = []
        if seat != self._turn:
            faults.append("out of turn")
        idx = call.index
        if idx >= 3:
            if idx <= self._last_bid:
                faults.append("insufficient")
        elif idx == 1:
            bidder = self._last_bidder
            if bidder == seat:
                faults.append("own bid")
            if self._doubled:
                faults.append("repeated")
            if bidder is not None and bidder != seat and bidder in self._immune:
                faults.append("protected")
        elif idx == 2 and (self._doubled != 1 or self._last_bidder != seat):
            faults.append("improper redouble")
        return tuple(faults)

    def _check_caller(self, seat: Seat, call: Call | DoubleOf) -> None:
        if self.phase is not Phase.AUCTION:
            raise WrongPhaseError(
                action=call,
                rule="TH-7",
                key="rules.th_auction_over",
                params={"seat": seat, "call": call if type(call) is Call else str(call)},
            )
        if seat == self.dealer.partner:
            raise IllegalCallError(
                action=call,
                rule="TH-4",
                key="rules.th_dummy_calls",
                params={"seat": seat},
            )
        if seat in self._barred and not (type(call) is Call and call.is_pass):
            raise IllegalCallError(
                action=call,
                rule="TH-23",
                key="rules.th_barred",
                params={"seat": seat, "call": call if type(call) is Call else str(call)},
            )

    def _refuse(self, seat: Seat, call: Call | DoubleOf, faults: tuple[str, ...]) -> NoReturn:
        """Raise the error for an irregular call that is not to be recorded."""
        bidder = self._last_bidder
        if "out of turn" in faults:
            rule = "TH-22" if type(call) is Call and call.is_bid else "TH-6"
            raise IllegalCallError(
                action=call,
                rule=rule,
                key="rules.out_of_turn",
                params={"seat": seat, "to_act": self._turn, "action": str(call)},
            )
        if "insufficient" in faults:
            raise IllegalCallError(
                action=call,
                rule="TH-22",
                key="rules.insufficient",
                params={"call": call, "last": CALLS[self._last_bid]},
            )
        if "improper redouble" in faults:
            raise IllegalCallError(
                action=call,
                rule="TH-6",
                key="rules.th_no_redouble",
                params={"seat": seat},
            )
        if "protected" in faults:
            raise IllegalCallError(
                action=call,
                rule="TH-21",
                key="rules.th_protected",
                params={"seat": seat, "bidder": bidder},
            )
        reason = {
            "own bid": "rules.th_double_own",
            "repeated": "rules.th_double_twice",
            "not the last bid": "rules.th_double_not_last",
        }
        key = next(reason[f] for f in faults if f in reason)
        raise IllegalCallError(
            action=call,
            rule="TH-21",
            key=key,
            params={"seat": seat},
        )

    def _call(self, seat: Seat, call: Call) -> None:
        self._check_caller(seat, call)
        if call.index == 1 and self._last_bidder is None:
            raise IllegalCallError(
                action=call,
                rule="TH-6",
                key="rules.no_double_no_bid",
                params={"seat": seat},
            )
        faults = self._faults(seat, call)
        if not faults:
            super()._call(seat, call)
            self._note_call(seat)
            self._after_any_call(seat)
            return
        idx = call.index
        if idx == 0 or idx == 2 or self.mode is Mode.STRICT:
            self._refuse(seat, call, faults)
        if self._recall == seat:
            raise IllegalCallError(
                action=call,
                rule="TH-22",
                key="rules.th_recall",
                params={"seat": seat},
            )
        position = len(self._effective)
        number = len(self.calls)
        if idx >= 3:
            item = Irregularity(
                "TH-22",
                seat,
                call,
                number,
                faults,
                tuple(s for s in self.auction_seats() if s != seat),
                position=position,
            )
            self._last_bid = idx
            self._last_bidder = seat
            self._doubled = 0
            self._doubler = None
            key = (int(seat), call.strain)
            if key not in self._first_namer:
                self._first_namer[key] = seat  # type: ignore[index]
        else:
            target = self._last_bidder
            assert target is not None
            item = Irregularity(
                "TH-21", seat, call, number, faults, (target,), target, position=position
            )
            if self._doubled == 0:
                self._doubled = 1
                self._doubler = seat
        self._passes = 0
        self.calls.append((seat, call))
        self._effective.append((seat, call))
        self._note_call(seat)
        self._open.append(item)
        self._after_call(seat)
        self._after_any_call(seat)

    def _double_of(self, seat: Seat, action: DoubleOf) -> None:
        """A double naming its bid (TH-21: a double of a bid that is not the last bid is improper)."""
        self._check_caller(seat, action)
        number = action.number
        if not 0 <= number < len(self.calls) or not self.calls[number][1].is_bid:
            raise IllegalCallError(
                action=action,
                rule="TH-6",
                key="rules.th_not_a_bid",
                params={"number": number},
            )
        last = max(i for i, (_, c) in enumerate(self.calls) if c.is_bid)
        if number == last:
            self._call(seat, CALLS[1])
            return
        target = self.calls[number][0]
        faults = [*(["out of turn"] if seat != self._turn else []), "not the last bid"]
        if target == seat:
            faults.append("own bid")
        if self.mode is Mode.STRICT:
            self._refuse(seat, action, tuple(faults))
        if self._recall == seat:
            raise IllegalCallError(
                action=action,
                rule="TH-22",
                key="rules.th_recall",
                params={"seat": seat},
            )
        item = Irregularity(
            "TH-21",
            seat,
            CALLS[1],
            len(self.calls),
            tuple(faults),
            (target,),
            target,
            position=len(self._effective),
        )
        self._passes = 0
        self.calls.append((seat, CALLS[1]))
        self._effective.append((seat, action))
        self._note_call(seat)
        self._open.append(item)
        self._after_call(seat)
        self._after_any_call(seat)

    def _note_call(self, seat: Seat) -> None:
        """A call by ``seat`` answers the open irregularities: TH-22 (called over) and TH-21 (called on)."""
        if not self._open:
            return
        kept: list[Irregularity] = []
        for item in self._open:
            if item.rule == "TH-22":
                if seat != item.seat:
                    answered = item.answered | {seat}
                    if len(answered) == 2:
                        continue  # both opponents called over it: it stands
                    item = Irregularity(
                        item.rule,
                        item.seat,
                        item.call,
                        item.number,
                        item.reasons,
                        item.may_cancel,
                        item.target,
                        answered,
                        item.position,
                    )
            elif item.target == seat:
                continue  # the doubled player called on: the double stands
            kept.append(item)
        self._open = kept

    def _after_any_call(self, seat: Seat) -> None:
        if self._recall == seat:
            self._recall = None
        if self.phase is not Phase.AUCTION:
            self._open = []  # whatever is still open stands once the auction is closed
            self._recall = None

    # --- table-mode actions ---------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        """Also the table-mode actions: ``cancel bid``, ``cancel double``, ``accept double``,
        ``look at dummy`` and ``X of call N``.

        >>> from bridgeroom.rules import Deal
        >>> state = ThreeHandedDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
        >>> state.parse_action("Look at dummy"), state.parse_action("x of call 0")
        (LookAtDummy(), DoubleOf(number=0))
        """
        key = " ".join(text.strip().lower().replace("-", " ").replace("_", " ").split())
        if key in TABLE_WORDS:
            return TABLE_WORDS[key]
        match = DOUBLE_OF.fullmatch(key)
        if match:
            return DoubleOf(int(match.group(1)))
        return super().parse_action(text)

    def _apply_other(self, seat: Seat, action: Action) -> None:
        if isinstance(action, DoubleOf):
            self._double_of(seat, action)
        elif isinstance(action, CancelBid):
            self._cancel_bid(seat, action)
        elif isinstance(action, CancelDouble):
            self._cancel_double(seat, action)
        elif isinstance(action, AcceptDouble):
            self._accept_double(seat, action)
        elif isinstance(action, LookAtDummy):
            self._look(seat, action)
        else:
            super()._apply_other(seat, action)

    def _apply_out_of_turn(self, action: ActionInput, seat: Seat) -> None:
        """Table-mode actions by any player; in table mode, irregular bids and doubles out of turn (TH-21, TH-22)."""
        if self.phase is Phase.DONE:
            raise WrongPhaseError(
                action=action,
                key="rules.deal_over",
                params={"action": str(action)},
            )
        action = self._coerce(action)
        if type(action) is Call and self.phase is Phase.AUCTION:
            self._call(seat, action)
        elif type(action) in (DoubleOf, CancelBid, CancelDouble, AcceptDouble, LookAtDummy):
            self._apply_other(seat, action)
        else:
            super()._apply_out_of_turn(action, seat)
        self.history.append((seat, action))

    def _apply_effective(self, seat: Seat, action: Action) -> None:
        kind = type(action)
        if kind is Immunity:
            self._immune.add(seat)
            self._effective.append((seat, action))
        elif kind is Recall:
            self._recall = seat
            self._effective.append((seat, action))
        else:
            super()._apply_effective(seat, action)

    def _require_table(self, seat: Seat, action: Action, rule: str) -> None:
        if self.mode is not Mode.TABLE:
            raise IllegalActionError(
                action=action,
                rule=rule,
                key="rules.th_table_mode",
                params={"action": str(action)},
            )
        if self.phase is not Phase.AUCTION:
            raise WrongPhaseError(
                action=action,
                rule="TH-A10" if rule == "TH-23" else rule,
                key="rules.th_rectify_after_auction",
                params={"action": str(action)},
            )
        if seat == self.dealer.partner:
            raise IllegalActionError(
                action=action,
                rule="TH-4",
                key="rules.th_dummy_calls",
                params={"seat": seat},
            )

    def _cancel_bid(self, seat: Seat, action: CancelBid) -> None:
        self._require_table(seat, action, "TH-22")
        for item in reversed(self._open):
            if item.rule == "TH-22" and seat in item.may_cancel:
                self._rollback(item.position, [(item.seat, Recall())])
                return
        raise IllegalActionError(
            action=action,
            rule="TH-22",
            key="rules.th_no_bid_to_cancel",
            params={"seat": seat},
        )

    def _cancel_double(self, seat: Seat, action: CancelDouble) -> None:
        self._require_table(seat, action, "TH-21")
        for item in reversed(self._open):
            if item.rule == "TH-21" and item.target == seat:
                self._rollback(item.position, [(seat, Immunity())])
                return
        raise IllegalActionError(
            action=action,
            rule="TH-21",
            key="rules.th_no_double_to_cancel",
            params={"seat": seat},
        )

    def _accept_double(self, seat: Seat, action: AcceptDouble) -> None:
        self._require_table(seat, action, "TH-21")
        kept = [i for i in self._open if not (i.rule == "TH-21" and i.target == seat)]
        if len(kept) == len(self._open):
            raise IllegalActionError(
                action=action,
                rule="TH-21",
                key="rules.th_no_double_to_accept",
                params={"seat": seat},
            )
        self._open = kept
        self._effective.append((seat, action))

    def _look(self, seat: Seat, action: LookAtDummy) -> None:
        self._require_table(seat, action, "TH-23")
        if seat in self._barred:
            raise IllegalActionError(
                action=action,
                rule="TH-23",
                key="rules.th_looked_already",
                params={"seat": seat},
            )
        self._barred.add(seat)
        self._effective.append((seat, action))

    def _rollback(self, position: int, markers: list[tuple[Seat, Action]]) -> None:
        """Withdraw the effective record from ``position`` on, keeping what cannot be withdrawn."""
        effective = self._effective
        kept = [r for r in effective[position:] if isinstance(r[1], PERSISTENT)]
        records = effective[:position] + kept + markers
        history = self.history
        self._reset()
        for seat, action in records:
            self._apply_effective(seat, action)
        self.history = history

    def table_actions(self, seat: Seat) -> list[Action]:
        """Table mode: the rectifications ``seat`` may make now.

        In the auction: :class:`CancelBid` (an opponent's irregular bid, TH-22),
        :class:`CancelDouble` and :class:`AcceptDouble` (an improper double of
        his bid, TH-21), :class:`LookAtDummy` (TH-23). In the play: the
        corrections of a revoke, by the seat to act (TH-11).
        """
        if self.mode is not Mode.TABLE:
            return []
        who = seat
        if self.phase is Phase.PLAY:
            return super().table_actions(who)
        if self.phase is not Phase.AUCTION or who == self.dealer.partner:
            return []
        out: list[Action] = []
        if any(i.rule == "TH-22" and who in i.may_cancel for i in self._open):
            out.append(CancelBid())
        if any(i.rule == "TH-21" and i.target == who for i in self._open):
            out.extend((CancelDouble(), AcceptDouble()))
        if who not in self._barred:
            out.append(LookAtDummy())
        return out

    def table_actions_by_seat(self) -> dict[Seat, list[Action]]:
        """``table_actions`` of each live seat."""
        return {seat: self.table_actions(seat) for seat in self.auction_seats()}

    # --- the result -----------------------------------------------------------------

    @property
    def result(self) -> ThreeHandedResult | None:
        base = super().result
        if base is None:
            return None
        return ThreeHandedResult(
            base.deal,
            base.dealer,
            base.vulnerability,
            base.contract,
            base.tricks,
            base.tricks_taken,
            base.adjustment,
            players=self.player_names,
            pack=self.pack,
            vulnerable=self.vulnerable,
        )

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}({self.deal.to_pbn()!r}, dealer={self.dealer.letter!r}, "
            f"players={self.player_names!r}, pack={self.pack})"
            f" # {len(self.history)} actions, {self.phase.value}"
        )
