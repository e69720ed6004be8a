"""Mini-bridge (docs/rules.md MB-1 to MB-A8): announcements, the declarer rules, a face-down dummy.

A deal of mini-bridge has no auction. From the dealer clockwise, each player
announces his high-card points (MB-2); the pair with more points declares and
its stronger member is the declarer (MB-3, MB-4, ties by the seed's rules, no
redeal: MB-A2). Dummy lies face down in suit columns, so its suit lengths are
public and its cards are not (MB-5, MB-A1). The declarer names any contract
(MB-6); his left-hand opponent leads and only then is dummy turned face up
(MB-7). Play is as in bridge (MB-8).

    >>> from bridgeroom.rules import Deal, Seat
    >>> deal = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> state = MiniBridgeDeal.from_board(1, deal)
    >>> state.phase, state.to_act, state.legal_actions()
    (<Phase.ANNOUNCE: 'announce'>, <Seat.NORTH: 0>, [Announce(points=37)])
    >>> state.announce_all()
    >>> state.phase, state.declarer, state.dummy
    (<Phase.NAMING: 'naming'>, <Seat.NORTH: 0>, <Seat.SOUTH: 2>)
    >>> view = state.view(Seat.NORTH)
    >>> view.dummy is None, view.game, view.extra.dummy_lengths
    (True, 'minibridge', (4, 3, 3, 3))
    >>> state.apply("7NT")
    >>> state.contract, state.to_act
    (Contract('7NTN'), <Seat.EAST: 1>)
    >>> state.apply("S7"); state.view(Seat.NORTH).dummy
    Hand('6543.876.876.876')

A wrong count is refused in strict mode; in table mode it is recorded and must
be corrected before the contract is named:

    >>> state = MiniBridgeDeal.from_board(1, deal)
    >>> state.apply(Announce(36))
    Traceback (most recent call last):
    ...
    bridgeroom.rules.minibridge.AnnouncementError: North does not hold 36 high-card points: count again (A 4, K 3, Q 2, J 1) (MB-2).

The scores of mini-bridge (MB-9 to MB-11, tables MB-T1 and MB-T2) are in
:mod:`bridgeroom.scoring`; the rules engine only reports the tricks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Self

from bridgeroom.errors import (
    IllegalActionError,
    IllegalCallError,
    ParseError,
    WrongPhaseError,
)
from bridgeroom.rules.core import (
    CALLS,
    Call,
    Contract,
    Deal,
    Seat,
    Side,
    Vulnerability,
)
from bridgeroom.rules.dealing import board_dealer, board_vulnerability
from bridgeroom.rules.state import (
    Action,
    ActionInput,
    Correction,
    DealState,
    GameAction,
    Mode,
    Phase,
    ViewExtra,
)
from bridgeroom.rules.views import ExtraValue, Variant

__all__ = [
    "MAX_HCP",
    "EBU_OPTIONS",
    "SEED_OPTIONS",
    "Announce",
    "AnnouncementError",
    "CorrectAnnouncement",
    "MiniBridgeDeal",
    "MiniBridgeExtra",
    "MiniBridgeOptions",
    "choose_declarer",
    "declaring_side",
]

#: The most high-card points one hand of 13 cards can hold (four aces, kings, queens and a jack).
MAX_HCP = 37

_BIDS: tuple[Call, ...] = CALLS[3:38]


class AnnouncementError(IllegalActionError):
    """A high-card point announcement that is wrong or impossible (MB-2)."""


def _check_points(points: int, what: str) -> None:
    if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= MAX_HCP:
        raise AnnouncementError(
            action=points,
            rule="MB-2",
            key="rules.points_range",
            params={"max": MAX_HCP, "points": str(points)},
        )


@dataclass(frozen=True, slots=True)
class Announce(GameAction):
    """A player's announcement of his high-card points (MB-2).

    >>> Announce(12), str(Announce(12)), Announce.parse("announce 12")
    (Announce(points=12), '12', Announce(points=12))
    """

    points: int

    def __post_init__(self) -> None:
        _check_points(self.points, "an announcement")

    @classmethod
    def parse(cls, text: str) -> Announce:
        """``12``, ``announce 12`` or ``12 hcp``."""
        m = re.fullmatch(r"\s*(?:announce\s+)?(\d{1,2})(?:\s*hcp)?\s*", text, re.IGNORECASE)
        if m is None:
            raise ParseError(key="rules.not_announcement", params={"text": text})
        return cls(int(m.group(1)))

    def __str__(self) -> str:
        return str(self.points)


@dataclass(frozen=True, slots=True)
class CorrectAnnouncement(GameAction):
    """Table mode: ``seat`` corrects its announcement to ``points`` (MB-2).

    >>> c = CorrectAnnouncement(Seat.EAST, 9)
    >>> str(c), CorrectAnnouncement.parse("correct E 9") == c
    ('correct E 9', True)
    """

    seat: Seat
    points: int

    def __post_init__(self) -> None:
        if not isinstance(self.seat, Seat):
            raise ParseError(key="rules.correction_seat", params={"text": str(self.seat)})
        _check_points(self.points, "a corrected announcement")

    @classmethod
    def parse(cls, text: str, seat: Seat | None = None) -> CorrectAnnouncement:
        """``correct E 9``; ``correct 9`` when ``seat`` (the seat correcting) is given."""
        m = re.fullmatch(r"\s*correct\s+(?:([NESWnesw])\s+)?(\d{1,2})\s*", text, re.IGNORECASE)
        if m is None or (m.group(1) is None and seat is None):
            raise ParseError(key="rules.not_count_correction", params={"text": text})
        who = Seat.find(m.group(1)) if m.group(1) else seat
        assert who is not None
        return cls(who, int(m.group(2)))

    def __str__(self) -> str:
        return f"correct {self.seat.letter} {self.points}"


@dataclass(frozen=True, slots=True)
class MiniBridgeExtra(ViewExtra):
    """The public part of a mini-bridge view (``View.extra``): the same for every seat.

    ``announcements`` are the counts announced so far, from the dealer clockwise
    (MB-2); ``dummy_lengths`` dummy's suit lengths (S, H, D, C) as laid out face
    down once the declarer is known (MB-5, MB-A1), else ``None``.
    """

    announcements: tuple[tuple[Seat, int], ...] = ()
    dummy_lengths: tuple[int, int, int, int] | None = None

    def fields(self) -> dict[str, ExtraValue]:
        """The items as shown: the announcements; dummy's suit lengths once laid out (MB-5)."""
        out: dict[str, ExtraValue] = {"announcements": self.announcements}
        if self.dummy_lengths is not None:
            out["dummy_lengths"] = self.dummy_lengths
        return out


@dataclass(frozen=True, slots=True)
class MiniBridgeOptions:
    """Rule options of mini-bridge. The defaults are the seed's rules.

    ``open_dummy``: dummy is turned face up as soon as the declarer is known,
    before the contract is named (the EBU/NBB practice, MB-A1). ``overtricks``:
    overtricks score their trick value (the EBU practice, MB-A6); the engine
    only carries this flag for the scorer.

    >>> SEED_OPTIONS
    MiniBridgeOptions(open_dummy=False, overtricks=False)
    >>> EBU_OPTIONS.open_dummy, EBU_OPTIONS.overtricks
    (True, True)
    """

    open_dummy: bool = False
    overtricks: bool = False


#: The seed's rules: dummy face down until the lead, no overtricks (MB-A1, MB-9).
SEED_OPTIONS = MiniBridgeOptions()
#: The English Bridge Union's variant: dummy face up before the contract, overtricks counted (MB-A1, MB-A6).
EBU_OPTIONS = MiniBridgeOptions(open_dummy=True, overtricks=True)


def _check_counts(counts: Sequence[int]) -> tuple[int, int, int, int]:
    if len(counts) != 4:
        raise AnnouncementError(
            action=counts,
            rule="MB-2",
            key="rules.four_counts",
        )
    for c in counts:
        _check_points(c, "each count")
    if sum(counts) != 40:
        raise AnnouncementError(
            action=counts,
            rule="MB-2",
            key="rules.counts_total",
            params={"total": sum(counts)},
        )
    return (counts[0], counts[1], counts[2], counts[3])


def declaring_side(counts: Sequence[int], dealer: Seat) -> Side:
    """The pair that declares, from the four counts in seat order N, E, S, W (MB-3, MB-A2).

    More points declare; at 20-20 the pair holding the single highest count;
    with equal maxima (10-10-10-10, 11-9 against 11-9) the dealer's pair.

    >>> declaring_side([12, 16, 8, 4], Seat.NORTH)
    <Side.EW: 1>
    >>> declaring_side([10, 10, 10, 10], Seat.WEST)
    <Side.EW: 1>
    """
    n, e, s, w = _check_counts(counts)
    ns, ew = n + s, e + w
    if ns != ew:
        return Side.NS if ns > ew else Side.EW
    top_ns, top_ew = max(n, s), max(e, w)
    if top_ns != top_ew:
        return Side.NS if top_ns > top_ew else Side.EW
    return dealer.side


def choose_declarer(counts: Sequence[int], dealer: Seat) -> Seat:
    """The declarer (MB-4): the declaring pair's member with more points; if the partners
    are equal, the first of them clockwise from the dealer.

    >>> choose_declarer([12, 16, 8, 4], Seat.NORTH)
    <Seat.EAST: 1>
    >>> choose_declarer([10, 10, 10, 10], Seat.EAST)
    <Seat.EAST: 1>
    >>> choose_declarer([9, 11, 11, 9], Seat.NORTH)
    <Seat.SOUTH: 2>
    """
    side = declaring_side(counts, dealer)
    a, b = side.seats
    if counts[a] != counts[b]:
        return a if counts[a] > counts[b] else b
    for i in range(4):
        seat = dealer.offset(i)
        if seat in (a, b):
            return seat
    raise AssertionError("unreachable: a pair always has a seat")  # pragma: no cover


class MiniBridgeDeal(DealState):
    """One deal of mini-bridge: ANNOUNCE -> NAMING -> PLAY -> DONE (MB-1 to MB-12).

    ``options`` holds the rule options (:class:`MiniBridgeOptions`, the seed's
    rules by default). In ``Mode.TABLE`` a wrong announcement is recorded and
    must be corrected (:class:`CorrectAnnouncement`) before the contract is
    named, and a revoke stands and costs its line one trick at the end (MB-12,
    MB-A5); in ``Mode.STRICT`` both are refused.
    """

    rules_name = "minibridge"
    first_phase: ClassVar[Phase] = Phase.ANNOUNCE
    variant: ClassVar[Variant] = Variant.MINIBRIDGE

    #: Action ids: cards 0-51 and calls 52-89 as in bridge, announcements 90-127
    #: (90 + points), corrections 128-279 (128 + 38 * seat + points).
    num_action_ids: ClassVar[int] = 90 + (MAX_HCP + 1) * 5

    def __init__(
        self,
        deal: Deal | str,
        dealer: Seat | str = Seat.NORTH,
        vulnerability: Vulnerability | str = Vulnerability.NONE,
        *,
        mode: Mode | str = Mode.STRICT,
        options: MiniBridgeOptions = SEED_OPTIONS,
        board: int | None = None,
    ) -> None:
        self.options = options
        super().__init__(deal, dealer, vulnerability, mode=mode, board=board)

    @classmethod
    def from_board(
        cls,
        board: int,
        deal: Deal | str,
        *,
        mode: Mode | str = Mode.STRICT,
        options: MiniBridgeOptions = SEED_OPTIONS,
    ) -> Self:
        """The deal of duplicate board ``board``: the board fixes dealer and vulnerability (MB-1, CB-B1, CB-B2).

        >>> d = MiniBridgeDeal.from_board(6, "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
        >>> d.dealer, d.vulnerability, d.board
        (<Seat.EAST: 1>, <Vulnerability.EW: 2>, 6)
        """
        return cls(
            deal,
            board_dealer(board),
            board_vulnerability(board),
            mode=mode,
            options=options,
            board=board,
        )

    # --- state -------------------------------------------------------------

    def _reset(self) -> None:
        super()._reset()
        self._hcp = tuple(hand.hcp for hand in self.deal.hands)
        self._announced: list[int | None] = [None, None, None, None]
        self._n_announced = 0

    def _clone_extra(self, new: Self) -> None:
        new._announced = list(self._announced)

    # --- announcements (MB-2) ----------------------------------------------

    @property
    def announcements(self) -> tuple[tuple[Seat, int], ...]:
        """The counts announced so far, from the dealer clockwise (corrected ones as corrected)."""
        out: list[tuple[Seat, int]] = []
        for i in range(self._n_announced):
            seat = self.dealer.offset(i)
            points = self._announced[seat]
            assert points is not None
            out.append((seat, points))
        return tuple(out)

    @property
    def announcement_total(self) -> int:
        """The sum of the counts announced so far (40 when all four are right, MB-2)."""
        return sum(p for _, p in self.announcements)

    def wrong_announcements(self) -> list[Seat]:
        """Table mode: the seats whose announced count is wrong and not yet corrected, from the dealer."""
        return [seat for seat, points in self.announcements if points != self._hcp[seat]]

    def announce_all(self) -> None:
        """Announce the true count for every seat still to announce (MB-2), correcting any
        wrong count recorded in table mode, so that the declarer may name the contract."""
        while self.phase is Phase.ANNOUNCE:
            self.apply(self.legal_actions()[0])

    def _announce(self, seat: Seat, action: Announce) -> None:
        if self._announced[seat] is not None:
            raise AnnouncementError(
                action=action,
                rule="MB-2",
                key="rules.announced_already",
                params={"seat": seat},
            )
        if action.points != self._hcp[seat] and self.mode is Mode.STRICT:
            raise AnnouncementError(
                action=action,
                rule="MB-2",
                key="rules.wrong_count",
                params={"seat": seat, "points": action.points},
            )
        self._announced[seat] = action.points
        self._n_announced += 1
        self._effective.append((seat, action))
        if self._n_announced < 4:
            self._turn = seat.lho
        else:
            self._after_announcements()

    def _correct_announcement(self, action: CorrectAnnouncement) -> None:
        seat = action.seat
        if self.mode is not Mode.TABLE:
            raise AnnouncementError(
                action=action,
                rule="MB-2",
                key="rules.count_correction_strict",
            )
        announced = self._announced[seat]
        if announced is None or announced == self._hcp[seat]:
            raise AnnouncementError(
                action=action,
                rule="MB-2",
                key="rules.no_wrong_count",
                params={"seat": seat},
            )
        if action.points != self._hcp[seat]:
            raise AnnouncementError(
                action=action,
                rule="MB-2",
                key="rules.wrong_count",
                params={"seat": seat, "points": action.points},
            )
        self._announced[seat] = action.points
        self._effective.append((seat, action))
        if self._n_announced == 4:
            self._after_announcements()

    def _after_announcements(self) -> None:
        """Every seat has announced: wrong counts wait for correction, else the declarer is known."""
        wrong = self.wrong_announcements()
        if wrong:
            self._turn = wrong[0]
            return
        counts = [p if p is not None else 0 for p in self._announced]
        self.declarer = choose_declarer(counts, self.dealer)
        self.dummy = self.declarer.partner
        self.phase = Phase.NAMING
        self._turn = self.declarer

    # --- naming the contract (MB-6) ----------------------------------------

    def _coerce(self, action: ActionInput) -> Action:
        """Also a :class:`Contract` object when the declarer names the contract (MB-6): it is
        recorded as its bid.

        >>> state = MiniBridgeDeal.from_board(1, "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
        >>> state.announce_all(); state.apply(Contract("6NTN")); state.history[-1]
        (<Seat.NORTH: 0>, Call('6NT'))
        """
        if isinstance(action, Contract):
            return self._named_bid(action)
        return super()._coerce(action)

    def _named_bid(self, contract: Contract) -> Call:
        """The bid of a contract named as a :class:`Contract` (undoubled, by the declarer)."""
        if self.phase is Phase.ANNOUNCE:
            raise WrongPhaseError(
                action=contract,
                rule="MB-2",
                key="rules.announce_first",
            )
        if self.phase is not Phase.NAMING:
            raise WrongPhaseError(
                action=contract,
                key="rules.not_now",
                params={"action": str(contract), "phase": self.phase},
            )
        if contract.doubled:
            raise IllegalCallError(
                action=contract,
                rule="MB-6",
                key="rules.mini_no_double",
            )
        if contract.declarer is not None and contract.declarer != self.declarer:
            raise IllegalCallError(
                action=contract,
                rule="MB-4",
                key="rules.not_the_declarer",
                params={"declarer": self.declarer, "seat": contract.declarer},
            )
        return contract.bid

    def _name(self, seat: Seat, call: Call) -> None:
        if not call.is_bid:
            raise IllegalCallError(
                action=call,
                rule="MB-6",
                key="rules.name_a_contract",
            )
        assert call.strain is not None and self.declarer is not None
        self.contract = Contract(call.level, call.strain, 0, self.declarer)
        self._effective.append((seat, call))
        self._start_play()

    # --- the hooks of DealState --------------------------------------------

    def _legal_other(self) -> list[Action]:
        if self.phase is Phase.ANNOUNCE:
            seat = self._turn
            assert seat is not None
            if self._announced[seat] is None:
                return [Announce(self._hcp[seat])]
            return [CorrectAnnouncement(seat, self._hcp[seat])]
        if self.phase is Phase.NAMING:
            return list(_BIDS)
        return []

    def table_actions(self, seat: Seat) -> list[Action]:
        """Table mode: the correction of ``seat``'s own wrong announcement, while it is open
        (MB-2; he may make it out of turn).

        Revokes are not corrected in mini-bridge: they are found at the end (MB-A5).
        """
        if self.mode is not Mode.TABLE or self.phase is not Phase.ANNOUNCE:
            return []
        return [
            CorrectAnnouncement(s, self._hcp[s]) for s in self.wrong_announcements() if s == seat
        ]

    def parse_action(self, text: str) -> Action:
        """An announcement (``12``, ``correct E 9``), a contract (``3NT``), or a card (``SA``).

        In table mode, a bare number from a seat that has announced already is
        its correction.
        """
        if self.phase is Phase.ANNOUNCE:
            seat = self._turn
            assert seat is not None
            if text.strip().lower().startswith("correct"):
                return CorrectAnnouncement.parse(text, seat)
            if self._announced[seat] is not None and text.strip().isdigit():
                return CorrectAnnouncement(seat, int(text))
            try:
                return Announce.parse(text)
            except ParseError as err:
                try:
                    Call.parse(text)
                except ParseError:
                    raise err from None
                raise WrongPhaseError(
                    action=text,
                    rule="MB-2",
                    key="rules.contract_after_counts",
                ) from None
        if self.phase is Phase.NAMING:
            return Call.parse(text)
        return super().parse_action(text)

    def _apply_other(self, seat: Seat, action: Action) -> None:
        phase = self.phase
        if phase is Phase.ANNOUNCE:
            if type(action) is Announce:
                self._announce(seat, action)
                return
            if type(action) is CorrectAnnouncement:
                self._correct_announcement(action)
                return
            raise WrongPhaseError(
                action=action,
                rule="MB-2",
                key="rules.announce_first",
            )
        if phase is Phase.NAMING and isinstance(action, Call):
            self._name(seat, action)
            return
        if isinstance(action, (Announce, CorrectAnnouncement)):
            raise WrongPhaseError(
                action=action,
                rule="MB-2",
                key="rules.announcements_over",
            )
        raise WrongPhaseError(
            action=action,
            key="rules.not_now",
            params={"action": str(action), "phase": phase},
        )

    def _apply_out_of_turn(self, action: ActionInput, seat: Seat) -> None:
        """Table mode: a player may correct his own wrong count at any time before the contract is named."""
        if isinstance(action, str) and self.phase is Phase.ANNOUNCE:
            if action.strip().lower().startswith("correct"):
                action = CorrectAnnouncement.parse(action, seat)
            elif action.strip().isdigit():
                action = CorrectAnnouncement(seat, int(action))
        elif isinstance(action, int) and not isinstance(action, bool):
            action = self.action_from_id(action)
        if type(action) is CorrectAnnouncement and action.seat == seat:
            if self.phase is not Phase.ANNOUNCE:
                raise WrongPhaseError(
                    action=action,
                    rule="MB-2",
                    key="rules.announcements_over",
                )
            self._correct_announcement(action)
            self.history.append((seat, action))
            return
        if self.phase is Phase.ANNOUNCE:
            raise IllegalActionError(
                action=action,
                rule="MB-2",
                key="rules.out_of_turn_announce",
                params={"seat": seat, "to_act": self.to_act},
            )
        if self.phase is Phase.NAMING:
            raise IllegalActionError(
                action=action,
                rule="MB-6",
                key="rules.out_of_turn_naming",
                params={"seat": seat, "to_act": self.to_act},
            )
        super()._apply_out_of_turn(action, seat)

    def hands_visible_to(self, seat: Seat) -> tuple[Seat, ...]:
        """Own hand; dummy only after the opening lead (MB-5, MB-7), or from the naming on with ``open_dummy`` (MB-A1)."""
        if self.phase is Phase.DONE:
            return tuple(Seat)
        dummy = self.dummy
        if dummy is not None and seat != dummy and (self._lead_made() or self.options.open_dummy):
            return (seat, dummy)
        return (seat,)

    def _view_extra(self) -> MiniBridgeExtra:
        """Public to every seat: the announcements (MB-2) and, once the declarer is known,
        dummy's suit lengths (S, H, D, C) as laid out face down (MB-5, MB-A1)."""
        lengths = self.deal[self.dummy].lengths if self.dummy is not None else None
        return MiniBridgeExtra(self.announcements, lengths)

    def _correct(self, correction: Correction) -> None:
        raise IllegalActionError(
            action=correction,
            rule="MB-A5",
            key="rules.mini_revoke",
        )

    def _revoke_adjustment(self) -> int:
        """MB-12, MB-A5: one trick from each offending line per deal, whatever the number of its
        revokes; when both lines revoked the transfers cancel; a line with no trick loses none."""
        lines = {self.is_declaring(r.seat) for r in self.revokes}
        if len(lines) != 1:
            return 0
        taken = self.declarer_tricks_taken()
        if True in lines:
            return -1 if taken > 0 else 0
        return 1 if taken < len(self.tricks) else 0

    # --- RL ids ----------------------------------------------------------------

    def action_id(self, action: Action) -> int:
        """Ids as in bridge, then announcements and corrections.

        >>> d = MiniBridgeDeal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
        >>> d.action_id(Announce(37)), d.action_id(CorrectAnnouncement(Seat.EAST, 0))
        (127, 166)
        """
        if type(action) is Announce:
            return 90 + action.points
        if type(action) is CorrectAnnouncement:
            return 128 + (MAX_HCP + 1) * action.seat + action.points
        return super().action_id(action)

    def action_from_id(self, action_id: int) -> Action:
        if 90 <= action_id < 128:
            return Announce(action_id - 90)
        if 128 <= action_id < self.num_action_ids:
            k = action_id - 128
            return CorrectAnnouncement(Seat(k // (MAX_HCP + 1)), k % (MAX_HCP + 1))
        return super().action_from_id(action_id)

    def __repr__(self) -> str:
        board = f", board={self.board}" if self.board is not None else ""
        return (
            f"{type(self).__name__}({self.deal.to_pbn()!r}, dealer={self.dealer.letter!r}, "
            f"vulnerability={self.vulnerability.pbn!r}{board}) # {len(self.history)} actions, "
            f"{self.phase.value}"
        )
