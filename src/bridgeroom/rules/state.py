"""The deal state machine and the agent API shared by every game.

A deal goes through the same phases in every game of the family::

    (ANNOUNCE ->) AUCTION or NAMING -> PLAY -> DONE

and is fully described by its cards, its options and the list of actions
applied to it (``history``): undo drops the last action and replays the
rest, PBN export reads the list, the server stores it.

The agent API (OpenSpiel-like) is the one surface that robots, the terminal,
the server and reinforcement-learning users share:

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> state.phase, state.to_act
    (<Phase.AUCTION: 'auction'>, <Seat.NORTH: 0>)
    >>> for call in ["7NT", "P", "P", "P"]:
    ...     state.apply(call)
    >>> state.contract, state.to_act
    (Contract('7NTN'), <Seat.EAST: 1>)
    >>> state.apply("SA")
    Traceback (most recent call last):
    ...
    bridgeroom.errors.IllegalPlayError: East does not hold ♠A (CB-10).
    >>> state.apply("S7"); state.view(Seat.WEST).dummy
    Hand('6543.876.876.876')

Variants (three-handed, mini-bridge) subclass :class:`DealState` and change a
few hooks: who calls in the auction and how it ends, who may double, which
hands a seat may see, the order of play, the revoke rule.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar, Self

from bridgeroom.errors import (
    BridgeError,
    IllegalActionError,
    IllegalCallError,
    IllegalPlayError,
    ParseError,
    Refusal,
    WrongPhaseError,
)
from bridgeroom.rules.actions import Action, ActionInput, Claim, Correction, GameAction
from bridgeroom.rules.core import (
    CALLS,
    CARDS,
    SUIT_MASK,
    Call,
    Card,
    Contract,
    Deal,
    Hand,
    Seat,
    Strain,
    Suit,
    Vulnerability,
)
from bridgeroom.rules.revokes import Revoke, law64_adjustment
from bridgeroom.rules.score import ScoreState
from bridgeroom.rules.views import DealResult, Phase, RulesName, Trick, Variant, View, ViewExtra

# The actions, views and revokes live in their own modules (actions.py, views.py,
# revokes.py); their names are kept here, where the engine has always offered them.
__all__ = [
    "Phase",
    "Mode",
    "Action",
    "ActionInput",
    "GameAction",
    "RulesName",
    "ViewExtra",
    "Trick",
    "Revoke",
    "Correction",
    "Claim",
    "View",
    "DealResult",
    "DealState",
    "ContractBridgeDeal",
    "cards_of_mask",
    "law64_adjustment",
]

# Module constants for the hot paths: an enum member looked up on its class costs ~70 ns.
_AUCTION, _PLAY, _DONE = Phase.AUCTION, Phase.PLAY, Phase.DONE


class Mode(enum.Enum):
    """Strict: illegal actions are rejected. Table: irregularities are recorded and rectified."""

    STRICT = "strict"
    TABLE = "table"


# --- fast helpers ------------------------------------------------------------

_MASK_CARDS: dict[int, tuple[Card, ...]] = {}


def _suit_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a single-suit mask, low to high (memoised: at most 4 x 8192 keys)."""
    cards = _MASK_CARDS.get(mask)
    if cards is None:
        cards = tuple(CARDS[i] for i in range(52) if mask >> i & 1)
        _MASK_CARDS[mask] = cards
    return cards


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a 52-bit mask, clubs first, low to high."""
    return (
        *_suit_cards(mask & 0x1FFF),
        *_suit_cards(mask & 0x3FFE000),
        *_suit_cards(mask & 0x7FFC000000),
        *_suit_cards(mask & 0xFFF8000000000),
    )


_CALL_LISTS: dict[tuple[int, bool, bool], tuple[Call, ...]] = {}


def _call_list(last_bid: int, double: bool, redouble: bool) -> tuple[Call, ...]:
    key = (last_bid, double, redouble)
    calls = _CALL_LISTS.get(key)
    if calls is None:
        items = [CALLS[0]]
        if double:
            items.append(CALLS[1])
        if redouble:
            items.append(CALLS[2])
        items.extend(CALLS[max(3, last_bid + 1) : 38])
        calls = tuple(items)
        _CALL_LISTS[key] = calls
    return calls


_CLOCKWISE = (Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH)
_FROM_DEALER = tuple(tuple(Seat((d + i) & 3) for i in range(4)) for d in range(4))


class DealState:
    """One deal of contract bridge: auction, play, result. Variants subclass it.

    ``deal`` holds the four hands; ``dealer`` and ``vulnerability`` come from the
    board or the session. In ``Mode.TABLE`` a revoke is accepted and may be
    corrected until established (CB-V1, CB-V2); the trick adjustment of Law 64
    (CB-V3, CB-V4) is applied to the result.
    """

    #: Name of the rules, used in records and files.
    rules_name: ClassVar[RulesName] = "contract"
    #: The phase a new deal starts in.
    first_phase: ClassVar[Phase] = Phase.AUCTION
    #: How many players the game has: four, or three in three-handed bridge (TH-1).
    num_players: ClassVar[int] = 4
    #: What the rules allow (players, a partnership auction, a dummy in the auction,
    #: announcements): :class:`~bridgeroom.rules.views.Variant`.
    variant: ClassVar[Variant] = Variant.CONTRACT

    def __init__(
        self,
        deal: Deal | str,
        dealer: Seat | str = Seat.NORTH,
        vulnerability: Vulnerability | str = Vulnerability.NONE,
        *,
        mode: Mode | str = Mode.STRICT,
        board: int | None = None,
    ) -> None:
        self.deal = deal if isinstance(deal, Deal) else Deal.parse(deal)
        if not self.deal.is_complete:
            raise BridgeError("a deal to play needs four hands of 13 cards")
        self.dealer = dealer if isinstance(dealer, Seat) else Seat.find(dealer)
        self.vulnerability = (
            vulnerability
            if isinstance(vulnerability, Vulnerability)
            else Vulnerability.find(vulnerability)
        )
        self.mode = mode if isinstance(mode, Mode) else Mode(mode)
        if board is not None and (type(board) is not int or board < 1):
            raise BridgeError(f"a board number is a whole number from 1, not {board!r} (CB-B1)")
        #: The number of the board the deal came from (CB-B1), else ``None``.
        self.board = board
        #: Which of the game's packs was dealt (three-handed bridge uses two alternately,
        #: TH-1), else ``None``.
        self.pack: int | None = None
        #: Every action applied, in order, as ``(seat, action)``: the truth.
        self.history: list[tuple[Seat, Action]] = []
        #: The claims stated in the play, as ``(claimer, tricks completed then)``: each faced
        #: the claimer's hand to his opponents for the rest of the deal (Law 68B;
        #: :meth:`face_hand`). Not part of the history: a card seen is not unseen by an undo.
        self.claims: list[tuple[Seat, int]] = []
        #: The score the deal is played at (a rubber's, a Chicago round's), shown in every view;
        #: set by the match that dealt it, else ``None``.
        self.score: ScoreState | None = None
        self._reset()

    # --- state ------------------------------------------------------------

    def _reset(self) -> None:
        """Set the derived state to the start of the deal (the history is not touched)."""
        self.phase = self.first_phase
        self._hands = list(self.deal.masks)
        self._turn: Seat | None = self.dealer
        # auction
        self.calls: list[tuple[Seat, Call]] = []
        self._last_bid = 0  # index of the last bid (0: none yet)
        self._last_bidder: Seat | None = None
        self._doubled = 0
        self._doubler: Seat | None = None
        self._passes = 0
        self._first_namer: dict[tuple[int, Strain], Seat] = {}
        self.contract: Contract | None = None
        self.declarer: Seat | None = None
        self.dummy: Seat | None = None
        # play
        self._next = _CLOCKWISE
        self._trump = -1
        self._trick_cards: list[Card] = []
        self._trick_seats: list[Seat] = []
        self._led_suit = -1
        self.tricks: list[Trick] = []
        self._won = [0, 0, 0, 0]
        self.revokes: list[Revoke] = []
        self._claimed = 0  # tricks the declarer's side took by an agreed claim
        self._effective: list[tuple[Seat, Action]] = []
        self._n_callers = len(self.auction_seats())

    def clone(self) -> Self:
        """A copy that can be changed without touching this one (cheap enough for search)."""
        new = object.__new__(type(self))
        d = new.__dict__
        d.update(self.__dict__)
        new.history = list(self.history)
        new.claims = list(self.claims)
        new._effective = list(self._effective)
        new._hands = list(self._hands)
        new.calls = list(self.calls)
        new._first_namer = dict(self._first_namer)
        new._trick_cards = list(self._trick_cards)
        new._trick_seats = list(self._trick_seats)
        new.tricks = list(self.tricks)
        new._won = list(self._won)
        new.revokes = [
            Revoke(r.seat, r.trick, r.suit, r.card, r.position, r.established) for r in self.revokes
        ]
        self._clone_extra(new)
        return new

    def _clone_extra(self, new: Self) -> None:
        """Variants copy their own mutable fields here."""

    # --- who acts ---------------------------------------------------------

    @property
    def turn(self) -> Seat | None:
        """The seat whose call or card is due (the dummy's seat when a dummy card is due)."""
        return self._turn if self.phase is not _DONE else None

    @property
    def to_act(self) -> Seat | None:
        """The seat that decides now: the declarer when the dummy's card is due."""
        if self.phase is _DONE:
            return None
        if self.phase is _PLAY and self._turn == self.dummy:
            return self.declarer
        return self._turn

    @property
    def vulnerable_players(self) -> tuple[str, ...]:
        """The vulnerable players where vulnerability is by player (TH-17), else none: a
        four-handed deal's vulnerability is by side (``vulnerability``)."""
        return ()

    @property
    def is_over(self) -> bool:
        return self.phase is _DONE

    # --- seats and players ---------------------------------------------------

    def player_at(self, seat: Seat) -> int | None:
        """The player at ``seat`` in this deal, or ``None`` for a seat nobody plays (the
        three-handed dummy, TH-4).

        A *player* is a number ``0 .. num_players - 1`` that stays his for a whole match
        (a server's slot, a terminal's position, a score sheet's column). In the
        four-handed games player ``i`` always sits at ``Seat(i)``: N 0, E 1, S 2, W 3. In
        three-handed bridge the players keep their order around the table while their
        compass seats turn with the deal (TH-5).

        >>> from bridgeroom.rules import Deal
        >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
        >>> state.player_at(Seat.WEST), state.seat_of(3)
        (3, <Seat.WEST: 3>)
        """
        return int(seat)

    def seat_of(self, player: int) -> Seat:
        """The compass seat of ``player`` (see :meth:`player_at`) in this deal."""
        self._check_player(player)
        return Seat(player)

    def _check_player(self, player: int) -> None:
        if type(player) is not int or not 0 <= player < self.num_players:
            raise BridgeError(
                f"the players of this game are numbered 0 to {self.num_players - 1}, "
                f"not {player!r} (CB-2)"
            )

    def is_declaring(self, seat: Seat) -> bool:
        """Whether ``seat`` is on the declaring side: the declarer or the dummy (CB-9; in
        three-handed bridge the declarer and the dummy he plays, TH-8, TH-10). No seat is
        before the declarer is known.

        >>> from bridgeroom.rules import Deal
        >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
        >>> for call in ["1NT", "P", "P", "P"]:
        ...     state.apply(call)
        >>> [seat.letter for seat in Seat if state.is_declaring(seat)]
        ['N', 'S']
        """
        return self.declarer is not None and (seat == self.declarer or seat == self.dummy)

    def same_side(self, a: Seat, b: Seat) -> bool:
        """Whether the seats ``a`` and ``b`` play on the same side now: once the contract is
        made, the declarer and the dummy against the defenders (CB-9; in three-handed bridge
        the two defenders together for this deal, TH-8); before it, the partners who sit
        opposite each other (CB-6, CB-8), and in three-handed bridge each player bids for himself (TH-6).

        >>> from bridgeroom.rules import Deal
        >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
        >>> state.same_side(Seat.NORTH, Seat.SOUTH), state.same_side(Seat.NORTH, Seat.EAST)
        (True, False)
        """
        if self.declarer is not None:
            return self.is_declaring(a) == self.is_declaring(b)
        return self._team(a) == self._team(b)

    def around_table(self, seat: Seat) -> tuple[Seat, Seat, Seat, Seat]:
        """The four seats as they sit round the table now, clockwise from ``seat``: ``seat``
        itself, the seat at its left, the seat opposite, the seat at its right (a screen
        drawn for the player at ``seat`` puts them at the bottom, left, top and right).

        The cards go round the table clockwise, so the seat at a player's left plays after
        him. In the four-handed games that is the compass (CB-10). In three-handed bridge the
        hands sit at their compass seats until the opening lead (the dummy's hand opposite
        the dealer, TH-4); from then on, to the end of the deal, the dummy lies opposite the
        declarer, the defenders opposite each other, and the order of play goes round the
        table: declarer, left defender, dummy, right defender (TH-10).

        >>> from bridgeroom.rules import Deal
        >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
        >>> [s.letter for s in state.around_table(Seat.SOUTH)], [s.letter for s in state.around_table(Seat.EAST)]
        (['S', 'W', 'N', 'E'], ['E', 'S', 'W', 'N'])
        """
        moved = self.declarer is not None and (self._lead_made() or self.phase is _DONE)
        order = self._play_order() if moved else _CLOCKWISE
        left = order[seat]
        across = order[left]
        return (seat, left, across, order[across])

    @property
    def tricks_left(self) -> int:
        """Tricks not yet completed, the one in progress included (13 before the play; a
        claim ends the deal without playing those it settles)."""
        return 13 - len(self.tricks)

    def auction_seats(self) -> tuple[Seat, ...]:
        """The seats that call, in calling order from the dealer."""
        return _FROM_DEALER[self.dealer]

    def _next_caller(self, seat: Seat) -> Seat:
        return _CLOCKWISE[seat]

    def _team(self, seat: Seat) -> int:
        """Partnership key in the auction: declarer is the first of the contract's team to name its strain."""
        return seat & 1

    def may_double(self, caller: Seat, bidder: Seat) -> bool:
        """CB-6: only an opponent of the last bidder doubles."""
        return (caller ^ bidder) & 1 == 1

    def may_redouble(self, caller: Seat, bidder: Seat) -> bool:
        """CB-6: only the side of the doubled bid redoubles."""
        return (caller ^ bidder) & 1 == 0

    def hands_visible_to(self, seat: Seat) -> tuple[Seat, ...]:
        """The seats whose cards ``seat`` may see now: its own, and the dummy after the opening lead (CB-9)."""
        if self.phase is _DONE:
            return tuple(Seat)
        if self.dummy is not None and self._lead_made() and seat != self.dummy:
            return (seat, self.dummy)
        return (seat,)

    def _lead_made(self) -> bool:
        return bool(self.tricks or self._trick_cards)

    def face_hand(self, seat: Seat) -> None:
        """Law 68B: ``seat`` states a claim and faces his hand; its cards are seen by his
        opponents from now on, whether the claim is agreed (the deal ends) or not (play goes
        on). Recorded with the number of tricks completed (:attr:`claims`).

        >>> from bridgeroom.rules import Deal
        >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
        >>> for action in "7NT P P P S7".split():
        ...     state.apply(action)
        >>> state.face_hand(Seat.NORTH)
        >>> state.faced_to(Seat.EAST), state.faced_to(Seat.SOUTH), state.claims
        ((<Seat.NORTH: 0>,), (), [(<Seat.NORTH: 0>, 0)])
        >>> str(state.view(Seat.WEST).faced[0][1])
        'AKQJ.AKQ.AKQ.AKQ'
        """
        if self.phase is not _PLAY:
            raise WrongPhaseError(
                action="claim",
                key="rules.claim_not_now",
            )
        if seat == self.dummy:
            raise IllegalActionError(action="claim", key="rules.dummy_no_claim")
        self.claims.append((seat, len(self.tricks)))

    def faced_to(self, seat: Seat) -> tuple[Seat, ...]:
        """The seats whose hands ``seat`` sees faced with a claim: his opponents who stated one
        in this deal's play (Law 68B)."""
        if self.phase is not _PLAY or not self.claims:
            return ()
        out: list[Seat] = []
        for claimer, _ in self.claims:
            if claimer != seat and claimer not in out and not self.same_side(seat, claimer):
                out.append(claimer)
        return tuple(out)

    # --- the agent API ----------------------------------------------------

    def legal_actions(self) -> Sequence[Action]:
        """The actions the seat to act may take now (proper ones only; see ``table_actions``).

        Cards come low to high, clubs first; calls pass, double, redouble, then bids upward.
        The sequence is shared and immutable: copy it before changing it.
        """
        phase = self.phase
        if phase is _PLAY:
            m = self._hands[self._turn]  # type: ignore[index]
            if self._trick_cards:
                sm = m & SUIT_MASK[self._led_suit]
                if sm:
                    return _MASK_CARDS.get(sm) or _suit_cards(sm)
            return cards_of_mask(m)
        if phase is _AUCTION:
            return self._legal_calls()
        if phase is _DONE:
            return ()
        return self._legal_other()

    def _legal_calls(self) -> tuple[Call, ...]:
        caller = self._turn
        assert caller is not None
        bidder = self._last_bidder
        dbl = rdbl = False
        if bidder is not None:
            if self._doubled == 0:
                dbl = self.may_double(caller, bidder)
            elif self._doubled == 1:
                rdbl = self.may_redouble(caller, bidder)
        return _call_list(self._last_bid, dbl, rdbl)

    def _legal_other(self) -> Sequence[Action]:
        """Legal actions of the variants' own phases."""
        return []

    def table_actions(self, seat: Seat) -> list[Action]:
        """Table mode: the remedial actions ``seat`` may take now besides the legal ones.

        Here the corrections of a revoke not yet established (CB-V1), offered to the seat
        to act; the variants add their own (TH-21 to TH-23, MB-2).
        """
        if self.mode is not Mode.TABLE or self.phase is not _PLAY or seat != self.to_act:
            return []
        out: list[Action] = []
        for revoke in self.revokes:
            if not revoke.established and revoke.position >= 0:
                hand = self._hand_at_revoke(revoke)
                out.extend(Correction(c) for c in cards_of_mask(hand & SUIT_MASK[revoke.suit]))
        return out

    def parse_action(self, text: str) -> Action:
        """An action from text: a call in the auction, a card in the play.

        >>> ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")).parse_action("1n")
        Call('1NT')
        """
        if self.phase is _AUCTION:
            return self._parse_either(
                text,
                Call.parse,
                Card.parse,
                "a card is played after the auction",
                "card_in_auction",
            )
        if self.phase is _PLAY:
            word = text.strip().lower()
            if word.startswith("claim"):
                return Claim.parse(text)
            if word.startswith("correct"):
                return Correction.parse(text)
            return self._parse_either(
                text, Card.parse, Call.parse, "the auction is over", "call_in_play"
            )
        raise WrongPhaseError(
            action=text,
            key="rules.no_action_now",
            params={"text": text},
        )

    def _parse_either(
        self,
        text: str,
        expected: Callable[[str], Action],
        other: Callable[[str], Action],
        why: str,
        why_key: str,
    ) -> Action:
        """Parse ``text`` as the action expected now, or explain that it belongs to another phase
        (``why``, and its catalogue key ``rules.<why_key>``)."""
        try:
            return expected(text)
        except ParseError as err:
            try:
                other(text)
            except ParseError:
                raise err from None  # not of this phase nor of the other: the phase's own error
            raise WrongPhaseError(
                action=text,
                key=f"rules.{why_key}",
                params={"text": text},
            ) from None

    def apply(self, action: ActionInput, seat: Seat | None = None) -> None:
        """Apply ``action`` (an object, its text such as ``1NT``/``X``/``SA``, or its action id).

        ``seat`` defaults to the seat to act; giving another seat is an error in
        strict mode. On any error the state is unchanged.
        """
        # Fast path for robots, search and simulation: a card or a call object by the seat to act.
        kind = type(action)
        if seat is None:
            if kind is Card:
                if self.phase is _PLAY:
                    turn = self._turn
                    self._play(turn, action)  # type: ignore[arg-type]
                    self.history.append(
                        (self.declarer if turn == self.dummy else turn, action)  # type: ignore[arg-type]
                    )
                    return
            elif kind is Call and self.phase is _AUCTION:
                turn = self._turn
                self._call(turn, action)  # type: ignore[arg-type]
                self.history.append((turn, action))  # type: ignore[arg-type]
                return
        actor = self.to_act
        if seat is not None and seat != actor:
            self._apply_out_of_turn(action, seat)
            return
        if actor is None:
            raise WrongPhaseError(
                action=action,
                key="rules.deal_over",
                params={"action": str(action)},
            )
        action = self._coerce(action)
        if type(action) is Card:
            if self.phase is not _PLAY:
                raise WrongPhaseError(
                    action=action,
                    rule="CB-9",
                    key="rules.card_not_now",
                    params={"card": action, "phase": self.phase},
                )
            self._play(self._turn, action)  # type: ignore[arg-type]
        elif type(action) is Call and self.phase is _AUCTION:
            self._call(actor, action)
        elif type(action) is Correction:
            self._correct(action)
        elif type(action) is Claim and self.phase is _PLAY:
            self._claim(actor, action)
        else:
            self._apply_other(actor, action)
        self.history.append((actor, action))

    def refusal(self, action: ActionInput, seat: Seat | None = None) -> Refusal | None:
        """Why the rules refuse ``action`` by ``seat`` (default: the seat to act) now, as a
        :class:`~bridgeroom.errors.Refusal`, or ``None`` when they allow it. The state is not
        changed. The answer is the one :meth:`apply` gives, for the error path (a face that
        says why): apply itself stays the fast path.

        >>> state = ContractBridgeDeal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
        >>> state.apply("1S")
        >>> state.refusal("1C")
        Refusal(rule='CB-5', key='rules.insufficient', params={'call': Call('1C'), 'last': Call('1S')})
        >>> state.refusal("2C") is None
        True
        """
        trial = self.clone()
        try:
            trial.apply(action, seat)
        except IllegalActionError as err:
            refusal = err.refusal
            if refusal is None:  # every refusal of the rules names its message
                raise
            return refusal
        return None

    def _coerce(self, action: ActionInput) -> Action:
        """An action object from what ``apply`` was given: the object, its text, or its id."""
        if isinstance(action, str):
            return self.parse_action(action)
        if isinstance(action, int):
            return self.action_from_id(action)
        if isinstance(action, Contract):
            raise WrongPhaseError(
                action=action,
                key="rules.not_now",
                params={"action": str(action), "phase": self.phase},
            )
        return action

    def _claim(self, seat: Seat, claim: Claim) -> None:
        """End the play on an agreed claim: ``seat``'s side takes ``claim.tricks`` of the rest."""
        remaining = self.tricks_left
        if isinstance(claim.tricks, bool) or not 0 <= claim.tricks <= remaining:
            raise IllegalActionError(
                action=claim,
                key="rules.claim_range",
                params={"remaining": remaining, "tricks": str(claim.tricks)},
            )
        mine = claim.tricks if self.is_declaring(seat) else remaining - claim.tricks
        for revoke in self.revokes:
            revoke.established = True  # CB-V2: the offending side made or agreed to a claim
        self._claimed = mine
        self._effective.append((seat, claim))
        self._finish()

    def _apply_other(self, seat: Seat, action: Action) -> None:
        """Variants validate and apply their own action types here, appending ``(seat, action)``
        to ``self._effective``; ``apply`` records it in the history."""
        raise WrongPhaseError(
            action=action,
            key="rules.not_now",
            params={"action": str(action), "phase": self.phase},
        )

    def _apply_out_of_turn(self, action: ActionInput, seat: Seat) -> None:
        """Strict: acting out of turn is refused. Variants with laws for it override this."""
        if self.to_act is None:
            raise WrongPhaseError(
                action=action,
                key="rules.deal_over",
                params={"action": str(action)},
            )
        raise IllegalActionError(
            action=action,
            rule="CB-5" if self.phase is _AUCTION else "CB-10",
            key="rules.out_of_turn",
            params={"seat": seat, "to_act": self.to_act, "action": str(action)},
        )

    def undo(self) -> Action:
        """Take back the last action and return it; the state is rebuilt from the record."""
        if not self.history:
            raise IllegalActionError(key="rules.nothing_to_undo")
        _seat, action = self.history[-1]
        self.replay(self.history[:-1])
        return action

    def replay(self, records: Iterable[tuple[Seat, Action]]) -> None:
        """Reset the deal and apply ``records`` (``(seat, action)`` pairs) in order."""
        items = list(records)
        self.history = []
        self._reset()
        for seat, action in items:
            self.apply(action, seat)

    # --- RL ids ------------------------------------------------------------

    #: Number of distinct action ids: 52 cards then 38 calls.
    num_action_ids: ClassVar[int] = 90

    def action_id(self, action: Action) -> int:
        """Integer id of an action: cards 0-51, calls 52-89 (pass 52, X 53, XX 54, 1C 55 ... 7NT 89)."""
        if type(action) is Card:
            return action.index
        if type(action) is Call:
            return action.action_id
        raise IllegalActionError(
            action=action,
            key="rules.no_id",
            params={"action": str(action)},
        )

    def action_from_id(self, action_id: int) -> Action:
        if 0 <= action_id < 52:
            return CARDS[action_id]
        if 52 <= action_id < 90:
            return CALLS[action_id - 52]
        raise IllegalActionError(
            action=action_id,
            key="rules.no_such_id",
            params={"id": str(action_id)},
        )

    def legal_action_ids(self) -> list[int]:
        return [self.action_id(a) for a in self.legal_actions()]

    def legal_mask(self) -> int:
        """The ids of the legal actions as the bits of one integer (bit ``i`` set: id ``i`` is
        legal), for the action masks of learning environments. In the play it is the cards'
        own mask, found without building the cards.

        >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
        >>> for action in "1NT P P P".split():
        ...     state.apply(action)
        >>> state.legal_mask() == state.hand(Seat.EAST).mask
        True
        """
        if self.phase is _PLAY:
            m = self._hands[self._turn]  # type: ignore[index]
            if self._trick_cards:
                sm = m & SUIT_MASK[self._led_suit]
                if sm:
                    return sm
            return m
        bits = 0
        for action in self.legal_actions():
            bits |= 1 << self.action_id(action)
        return bits

    # --- auction -----------------------------------------------------------

    def _call(self, seat: Seat, call: Call) -> None:
        idx = call.index
        bidder = self._last_bidder
        if idx >= 3:
            if idx <= self._last_bid:
                raise IllegalCallError(
                    action=call,
                    rule="CB-5",
                    key="rules.insufficient",
                    params={"call": call, "last": CALLS[self._last_bid]},
                )
            self._last_bid = idx
            self._last_bidder = seat
            self._doubled = 0
            self._doubler = None
            self._passes = 0
            key = (self._team(seat), call.strain)
            if key not in self._first_namer:
                self._first_namer[key] = seat  # type: ignore[index]
        elif idx == 1:
            if bidder is None or self._doubled != 0 or not self.may_double(seat, bidder):
                why_key = self._why_not_double()
                raise IllegalCallError(action=call, rule="CB-6", key=why_key, params={"seat": seat})
            self._doubled = 1
            self._doubler = seat
            self._passes = 0
        elif idx == 2:
            if bidder is None or self._doubled != 1 or not self.may_redouble(seat, bidder):
                raise IllegalCallError(
                    action=call,
                    rule="CB-6",
                    key="rules.no_redouble",
                    params={"seat": seat},
                )
            self._doubled = 2
            self._passes = 0
        else:
            self._passes += 1
        self.calls.append((seat, call))
        self._effective.append((seat, call))
        self._after_call(seat)

    def _why_not_double(self) -> str:
        """Why the player to call may not double (CB-6), as the catalogue key."""
        if self._last_bidder is None:
            return "rules.no_double_no_bid"
        if self._doubled:
            return "rules.no_double_twice"
        return "rules.no_double_own"

    def _after_call(self, seat: Seat) -> None:
        """CB-7: three passes after a call end the auction; four passes pass the deal out."""
        n = self._n_callers
        if self._last_bidder is None:
            if self._passes >= n:
                self._finish()
                return
        elif self._passes >= n - 1:
            self._set_contract()
            return
        self._turn = self._next_caller(seat)

    def _set_contract(self) -> None:
        """CB-8: the last bid, doubled or redoubled; the declarer first named the strain for his team."""
        bid = CALLS[self._last_bid]
        assert bid.strain is not None and self._last_bidder is not None
        declarer = self._first_namer[(self._team(self._last_bidder), bid.strain)]
        self.contract = Contract(bid.level, bid.strain, self._doubled, declarer)
        self.declarer = declarer
        self._start_play()

    def _start_play(self) -> None:
        """CB-9: the declarer's left-hand opponent leads; dummy is the declarer's partner."""
        assert self.contract is not None and self.declarer is not None
        self.dummy = self._dummy_seat()
        self._next = self._play_order()
        self._trump = -1 if self.contract.strain is Strain.NOTRUMP else int(self.contract.strain)
        self.phase = Phase.PLAY
        self._turn = self._next[self.declarer]

    def _dummy_seat(self) -> Seat:
        assert self.declarer is not None
        return self.declarer.partner

    def _play_order(self) -> tuple[Seat, Seat, Seat, Seat]:
        """``order[seat]`` is the seat that plays after ``seat``."""
        return _CLOCKWISE

    # --- play ----------------------------------------------------------------

    def _play(self, seat: Seat, card: Card) -> None:
        hands = self._hands
        m = hands[seat]
        bit = card.mask
        if not m & bit:
            raise IllegalPlayError(
                action=card,
                rule="CB-10",
                key="rules.not_held",
                params={"seat": seat, "card": card},
            )
        cards = self._trick_cards
        if cards:
            led = self._led_suit
            if card.suit != led and m & SUIT_MASK[led]:
                if self.mode is Mode.STRICT:
                    raise IllegalPlayError(
                        action=card,
                        rule="CB-10",
                        key="rules.follow_suit",
                        params={"seat": seat, "suit": Suit(led), "card": card},
                    )
                self.revokes.append(
                    Revoke(seat, len(self.tricks), Suit(led), card, len(self._effective))
                )
        else:
            self._led_suit = card.suit
        if self.revokes:
            self._establish(seat)
        hands[seat] = m ^ bit
        cards.append(card)
        self._trick_seats.append(seat)
        self._effective.append((seat, card))
        if len(cards) == 4:
            self._close_trick()
        else:
            self._turn = self._next[seat]

    def _close_trick(self) -> None:
        cards = self._trick_cards
        trump = self._trump
        best = cards[0]
        best_i = 0
        for i in (1, 2, 3):
            c = cards[i]
            if c.suit == best.suit:
                if c.rank > best.rank:
                    best, best_i = c, i
            elif c.suit == trump:
                best, best_i = c, i
        seats = self._trick_seats
        winner = seats[best_i]
        self.tricks.append(Trick(seats[0], tuple(seats), tuple(cards), winner))
        self._won[winner] += 1
        self._trick_cards = []
        self._trick_seats = []
        if len(self.tricks) == 13:
            self._finish()
        else:
            self._turn = winner

    def _establish(self, seat: Seat) -> None:
        """CB-V2: a revoke is established when the offending side plays to a later trick."""
        n = len(self.tricks)
        mine = self.is_declaring(seat)
        for revoke in self.revokes:
            if (
                not revoke.established
                and revoke.trick < n
                and self.is_declaring(revoke.seat) == mine
            ):
                revoke.established = True

    def _hand_at_revoke(self, revoke: Revoke) -> int:
        """The revoker's cards when he revoked (his current cards plus those played since)."""
        mask = self._hands[revoke.seat]
        for seat, action in self._effective[revoke.position :]:
            if seat == revoke.seat and type(action) is Card:
                mask |= action.mask
        return mask

    def _correct(self, correction: Correction) -> None:
        """CB-V1: replace a revoke not yet established by a card of the suit led."""
        if self.mode is not Mode.TABLE:
            raise IllegalActionError(
                action=correction,
                key="rules.correction_strict",
            )
        pending = [r for r in self.revokes if not r.established and r.position >= 0]
        if not pending:
            raise IllegalActionError(
                action=correction,
                rule="CB-V2",
                key="rules.no_revoke",
            )
        revoke = pending[-1]
        hand = self._hand_at_revoke(revoke)
        if not hand & SUIT_MASK[revoke.suit] & correction.card.mask:
            raise IllegalPlayError(
                action=correction,
                rule="CB-V1",
                key="rules.correction_card",
                params={"suit": revoke.suit, "seat": revoke.seat, "card": correction.card},
            )
        records = [*self._effective[: revoke.position], (revoke.seat, correction.card)]
        history = self.history
        self._reset()
        for s, a in records:
            self._apply_effective(s, a)
        self.history = history

    def _apply_effective(self, seat: Seat, action: Action) -> None:
        """Re-apply one effective record while rebuilding after a correction."""
        if type(action) is Card:
            self._play(seat, action)
        elif type(action) is Call and self.phase is _AUCTION:
            self._call(seat, action)
        else:
            self._apply_other(seat, action)

    # --- the end ---------------------------------------------------------------

    def _finish(self) -> None:
        self.phase = Phase.DONE
        self._turn = None

    def declarer_tricks_taken(self) -> int:
        """Tricks the declarer's side has taken (with those an agreed claim gave it)."""
        if self.declarer is None:
            return 0
        return self._won[self.declarer] + self._won[self.dummy] + self._claimed  # type: ignore[index]

    def defender_tricks_taken(self) -> int:
        """Tricks the defenders have taken; once the deal is over, with those an agreed claim
        conceded to them (the claim settles every trick not played).

        >>> from bridgeroom.rules import Deal
        >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
        >>> for action in ["7NT", "P", "P", "P", "S7", "claim 12"]:
        ...     state.apply(action)
        >>> state.declarer_tricks_taken(), state.defender_tricks_taken()
        (12, 1)
        """
        if self.declarer is None:
            return 0
        if self.phase is _DONE:
            return 13 - self.declarer_tricks_taken()
        return len(self.tricks) - self.declarer_tricks_taken()

    def _revoke_adjustment(self) -> int:
        """Tricks transferred to the declarer (negative: to the defenders) by Law 64 (CB-V3, CB-V4)."""
        return law64_adjustment(self.tricks, self.revokes, self.is_declaring, self.dummy)

    @property
    def result(self) -> DealResult | None:
        """The outcome once the deal is over, else ``None``."""
        if self.phase is not _DONE:
            return None
        if self.contract is None:
            return DealResult(self.deal, self.dealer, self.vulnerability, None, 0, 0)
        taken = self.declarer_tricks_taken()
        adjustment = self._revoke_adjustment()
        return DealResult(
            self.deal,
            self.dealer,
            self.vulnerability,
            self.contract,
            taken + adjustment,
            taken,
            adjustment,
        )

    # --- views -------------------------------------------------------------------

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds (the whole truth: not for robots, see ``view``)."""
        return Hand(self._hands[seat])

    def view(self, seat: Seat) -> View:
        """Exactly what ``seat`` may see now: its hand, dummy after the lead, all calls and cards played."""
        visible = self.hands_visible_to(seat)
        own = Hand(self._hands[seat]) if seat in visible else None
        dummy = None
        if (
            self.dummy is not None
            and self.dummy in visible
            and (seat != self.dummy or self._lead_made())
        ):
            dummy = Hand(self._hands[self.dummy])
        declarer_tricks = self.declarer_tricks_taken() if self.declarer is not None else 0
        to_act = self.to_act
        return View(
            seat=seat,
            phase=self.phase,
            dealer=self.dealer,
            vulnerability=self.vulnerability,
            hand=own,
            dummy_seat=self.dummy,
            dummy=dummy,
            calls=tuple(self.calls),
            contract=self.contract,
            declarer=self.declarer,
            tricks=tuple(self.tricks),
            trick=tuple(zip(self._trick_seats, self._trick_cards, strict=True)),
            declarer_tricks=declarer_tricks,
            defender_tricks=self.defender_tricks_taken(),
            turn=self.turn,
            to_act=to_act,
            legal=tuple(self.legal_actions()) if to_act == seat else (),
            game=self.rules_name,
            extra=self._view_extra(),
            variant=self.variant,
            deal=self.deal if self.phase is _DONE else None,
            faced=tuple((s, Hand(self._hands[s])) for s in self.faced_to(seat)),
            score=self.score,
        )

    def _view_extra(self) -> ViewExtra | None:
        """The variant's public part of every view (mini-bridge counts, dummy's suit lengths...)."""
        return None

    @property
    def current_trick(self) -> list[tuple[Seat, Card]]:
        return list(zip(self._trick_seats, self._trick_cards, strict=True))

    @property
    def tricks_won(self) -> tuple[int, int, int, int]:
        """Tricks won by each seat's hand so far."""
        w = self._won
        return (w[0], w[1], w[2], w[3])

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}({self.deal.to_pbn()!r}, dealer={self.dealer.letter!r}, "
            f"vulnerability={self.vulnerability.pbn!r}) # {len(self.history)} actions, {self.phase.value}"
        )


class ContractBridgeDeal(DealState):
    """A deal of contract bridge (and of auction bridge, whose rules of play are the same, AB-1)."""

    rules_name = "contract"
