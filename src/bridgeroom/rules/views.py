"""What a seat may see of a deal, and what a finished deal comes to.

:class:`Phase` (where a deal stands), :class:`View` (exactly what one seat may see
now, built by ``DealState.view``), :class:`ViewExtra` (a variant's public part of
every view), :class:`Trick` (a completed trick) and :class:`DealResult` (the outcome
of a deal, for scoring).

    >>> Phase("play"), Trick(Seat.NORTH, (Seat.NORTH,), (Card("SA"),), Seat.NORTH).card_of(Seat.NORTH)
    (<Phase.PLAY: 'play'>, Card('SA'))
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal, NamedTuple, TypeAlias

from bridgeroom.rules.actions import Action
from bridgeroom.rules.core import Call, Card, Contract, Deal, Hand, Seat, Vulnerability
from bridgeroom.rules.score import ScoreState

__all__ = [
    "DealResult",
    "ExtraValue",
    "Phase",
    "PublicExtra",
    "PublicView",
    "RulesName",
    "Trick",
    "Variant",
    "View",
    "ViewExtra",
]


class Phase(enum.Enum):
    """Where a deal stands."""

    ANNOUNCE = "announce"  # mini-bridge: each player announces his high-card points
    AUCTION = "auction"
    NAMING = "naming"  # mini-bridge: the declarer names the contract
    PLAY = "play"
    DONE = "done"


#: The rules a deal is played by (``DealState.rules_name``, ``View.game``): contract bridge
#: (auction bridge is played by the same rules, AB-1), three-handed bridge, mini-bridge.
RulesName: TypeAlias = Literal["contract", "three-handed", "minibridge"]


@dataclass(frozen=True)
class Variant:
    """What a game's rules allow, as flags kept on its deal-state class (``DealState.variant``,
    as python-chess keeps a variant's flags on its board class) and given with every view.

    ``players``: four, or three in three-handed bridge (TH-1); ``auction``: the contract is
    bid for (mini-bridge's is named by the declarer, MB-6); ``partnership_auction``: two
    partnerships bid against each other, so calls tell of a partner's hand by a system (contract
    and auction bridge; three-handed players bid each for himself, TH-6; mini-bridge has no
    auction, MB-1); ``dummy_in_auction``: a dummy hand lies face down through the auction and a
    player may look at it (TH-4, TH-23); ``announcements``: each player announces his points
    before the contract is named (MB-2); ``vulnerable_by_player``: each player is vulnerable or
    not, not each side (TH-17).

    >>> Variant.CONTRACT.four_handed, Variant.THREE_HANDED.players, Variant.MINIBRIDGE.announcements
    (True, 3, True)
    """

    name: RulesName
    players: int = 4
    auction: bool = True
    partnership_auction: bool = True
    dummy_in_auction: bool = False
    announcements: bool = False
    vulnerable_by_player: bool = False

    CONTRACT: ClassVar[Variant]
    THREE_HANDED: ClassVar[Variant]
    MINIBRIDGE: ClassVar[Variant]

    @property
    def four_handed(self) -> bool:
        """Whether four players hold the four hands (every game but three-handed bridge)."""
        return self.players == 4


Variant.CONTRACT = Variant("contract")
Variant.THREE_HANDED = Variant(
    "three-handed",
    players=3,
    partnership_auction=False,
    dummy_in_auction=True,
    vulnerable_by_player=True,
)
Variant.MINIBRIDGE = Variant(
    "minibridge", auction=False, partnership_auction=False, announcements=True
)


class ViewExtra:
    """Base of a variant's public part of a view (``View.extra``): every seat sees the same.

    :class:`~bridgeroom.rules.three_handed.ThreeHandedExtra` (the players, the pack, the
    irregularities) and :class:`~bridgeroom.rules.minibridge.MiniBridgeExtra` (the
    announcements, dummy's suit lengths) derive from it. The class holds the defaults of the
    items a variant lacks, so that a view answers each (``View.announcements``...) in every game.
    """

    __slots__ = ()

    #: The points announced so far, from the dealer clockwise (mini-bridge, MB-2).
    announcements: tuple[tuple[Seat, int], ...] = ()
    #: Dummy's suit lengths (S, H, D, C) laid out face down (mini-bridge, MB-5, MB-A1).
    dummy_lengths: tuple[int, int, int, int] | None = None
    #: The vulnerable players (three-handed bridge, TH-17).
    vulnerable: tuple[str, ...] = ()
    #: The seats of players who looked at the dummy in the auction (three-handed, TH-23).
    barred: tuple[Seat, ...] = ()

    def fields(self) -> dict[str, ExtraValue]:
        """The variant's items by name, as every seat is shown them (``{}`` here)."""
        return {}

    def looked_at_dummy(self, seat: Seat) -> bool:
        """Whether the player at ``seat`` looked at the dummy during the auction (TH-23); no
        player does but in three-handed bridge."""
        return False


#: The value of a variant's item in a view: a count, a name, seats, names, counts by seat,
#: suit lengths, names by seat.
ExtraValue: TypeAlias = (
    int
    | str
    | tuple[Seat, ...]
    | tuple[str, ...]
    | tuple[int, ...]
    | tuple[tuple[Seat, int], ...]
    | Mapping[Seat, str]
)


@dataclass(frozen=True)
class PublicExtra(ViewExtra):
    """The items of a variant that every seat's view shows alike (a spectator's ``extra``).

    >>> PublicExtra((("pack", 1),)).fields()
    {'pack': 1}
    """

    items: tuple[tuple[str, ExtraValue], ...] = ()
    announcements: tuple[tuple[Seat, int], ...] = ()
    dummy_lengths: tuple[int, int, int, int] | None = None
    vulnerable: tuple[str, ...] = ()

    def fields(self) -> dict[str, ExtraValue]:
        return dict(self.items)

    @classmethod
    def common(cls, extras: Sequence[ViewExtra | None]) -> PublicExtra:
        """The items that every one of ``extras`` (every seat's, at one moment) shows alike,
        by name and as the typed items a view answers (``announcements``...)."""
        shown = [{} if e is None else e.fields() for e in extras]
        items = tuple(
            (key, value)
            for key, value in shown[0].items()
            if all(key in other and other[key] == value for other in shown[1:])
        )
        first = extras[0]
        names = {key for key, _ in items}
        if first is None:
            return cls(items)
        return cls(
            items,
            announcements=first.announcements if "announcements" in names else (),
            dummy_lengths=first.dummy_lengths if "dummy_lengths" in names else None,
            vulnerable=first.vulnerable if "vulnerable" in names else (),
        )


class Trick(NamedTuple):
    """A completed trick: who led, the seats and cards in the order played, who won."""

    leader: Seat
    seats: tuple[Seat, ...]
    cards: tuple[Card, ...]
    winner: Seat

    def card_of(self, seat: Seat) -> Card | None:
        for s, c in zip(self.seats, self.cards, strict=True):
            if s == seat:
                return c
        return None


@dataclass(frozen=True)
class View:
    """What one seat may see, and nothing more.

    ``hand`` is the seat's own remaining cards (``None`` for a seat nobody
    plays, such as the three-handed dummy); ``dummy`` the dummy's remaining
    cards once the opening lead has been made (or earlier where a variant
    shows it: mini-bridge's open dummy, MB-A1; a three-handed player who
    looked at it, TH-23). ``game`` names the rules the deal is played by;
    ``extra`` is the variant's public part of the view (``None`` in contract
    and auction bridge). ``deal`` (the whole original deal) is filled only
    when the deal is over. ``faced``: the remaining cards of the opponents who faced their
    hands with a claim in this deal's play (Law 68B), as ``(seat, hand)``.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> for action in "7NT P P P S7".split():
    ...     state.apply(action)
    >>> view = state.view(Seat.EAST)
    >>> view.game, view.extra, view.tricks_left, view.is_declaring(Seat.SOUTH)
    ('contract', None, 13, True)
    """

    seat: Seat
    phase: Phase
    dealer: Seat
    vulnerability: Vulnerability
    hand: Hand | None
    dummy_seat: Seat | None
    dummy: Hand | None
    calls: tuple[tuple[Seat, Call], ...]
    contract: Contract | None
    declarer: Seat | None
    tricks: tuple[Trick, ...]
    trick: tuple[tuple[Seat, Card], ...]
    declarer_tricks: int
    defender_tricks: int
    turn: Seat | None
    to_act: Seat | None
    legal: tuple[Action, ...]
    game: RulesName = "contract"
    extra: ViewExtra | None = None
    #: The flags of the rules the deal is played by.
    variant: Variant = Variant.CONTRACT
    deal: Deal | None = None
    faced: tuple[tuple[Seat, Hand], ...] = ()
    #: The score the deal is played at where the score counts games (a rubber, a Chicago
    #: round, a three-handed rubber), else ``None``: :class:`~bridgeroom.rules.score.ScoreState`.
    score: ScoreState | None = None

    def is_declaring(self, seat: Seat) -> bool:
        """Whether ``seat`` is on the declaring side: the declarer or the dummy (CB-9; in
        three-handed bridge the declarer and the dummy he plays, TH-8, TH-10). No seat is
        before the declarer is known."""
        return self.declarer is not None and (seat == self.declarer or seat == self.dummy_seat)

    @property
    def announcements(self) -> tuple[tuple[Seat, int], ...]:
        """The points announced so far, from the dealer clockwise (MB-2); none in other games."""
        return self.extra.announcements if self.extra is not None else ()

    @property
    def dummy_lengths(self) -> tuple[int, int, int, int] | None:
        """Dummy's suit lengths laid out face down (MB-5, MB-A1), else ``None``."""
        return self.extra.dummy_lengths if self.extra is not None else None

    @property
    def vulnerable_players(self) -> tuple[str, ...]:
        """The vulnerable players where vulnerability is by player (TH-17), else none."""
        return self.extra.vulnerable if self.extra is not None else ()

    @property
    def tricks_left(self) -> int:
        """Tricks not yet completed, the one in progress included (13 before the play)."""
        return 13 - len(self.tricks)

    @property
    def peeked(self) -> bool:
        """TH-23: the view shows the dummy before the opening lead because its player chose to
        look at it during the auction (he is barred from the rest of the auction)."""
        before_lead = self.phase is not Phase.DONE and not (self.tricks or self.trick)
        return (
            self.extra is not None
            and self.extra.looked_at_dummy(self.seat)
            and self.dummy is not None
            and before_lead
        )

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played so far, in order."""
        cards = [c for t in self.tricks for c in t.cards]
        cards.extend(c for _, c in self.trick)
        return tuple(cards)


@dataclass(frozen=True)
class PublicView:
    """What a spectator sees: only what every seat's view shows alike, and no hand.

    Built from every seat's :class:`View` (:meth:`of`): the dummy appears when every seat but
    the dummy's sees it (after the opening lead; not a three-handed player's look at it,
    TH-23); a hand faced with a claim does not (Law 68B: the claimer's partner does not see
    it); a variant's item appears only when every view carries the same value (the
    mini-bridge counts and dummy's suit lengths do, a private irregularity does not); the
    whole deal once it is over.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> for action in "7NT P P P".split():
    ...     state.apply(action)
    >>> PublicView.of([state.view(s) for s in Seat]).dummy is None   # before the lead
    True
    >>> state.apply("S7")
    >>> PublicView.of([state.view(s) for s in Seat]).dummy
    Hand('6543.876.876.876')
    """

    phase: Phase
    dealer: Seat
    vulnerability: Vulnerability
    dummy_seat: Seat | None
    dummy: Hand | None
    calls: tuple[tuple[Seat, Call], ...]
    contract: Contract | None
    declarer: Seat | None
    tricks: tuple[Trick, ...]
    trick: tuple[tuple[Seat, Card], ...]
    declarer_tricks: int
    defender_tricks: int
    turn: Seat | None
    to_act: Seat | None
    game: RulesName = "contract"
    extra: PublicExtra = PublicExtra()
    deal: Deal | None = None
    variant: Variant = Variant.CONTRACT

    @classmethod
    def of(cls, views: Sequence[View]) -> PublicView:
        """What ``views`` (every seat's, of one deal at one moment) show alike."""
        first = views[0]
        dummies = {v.dummy for v in views if v.seat != v.dummy_seat}
        dummy = next(iter(dummies)) if len(dummies) == 1 else None
        return cls(
            phase=first.phase,
            dealer=first.dealer,
            vulnerability=first.vulnerability,
            dummy_seat=first.dummy_seat,
            dummy=dummy,
            calls=first.calls,
            contract=first.contract,
            declarer=first.declarer,
            tricks=first.tricks,
            trick=first.trick,
            declarer_tricks=first.declarer_tricks,
            defender_tricks=first.defender_tricks,
            turn=first.turn,
            to_act=first.to_act,
            game=first.game,
            extra=PublicExtra.common([v.extra for v in views]),
            deal=first.deal if first.phase is Phase.DONE else None,
            variant=first.variant,
        )

    @property
    def peeked(self) -> bool:
        """A spectator never looks at the dummy (TH-23 is a player's choice)."""
        return False

    @property
    def announcements(self) -> tuple[tuple[Seat, int], ...]:
        """The points announced so far, from the dealer clockwise (MB-2); none in other games."""
        return self.extra.announcements

    @property
    def dummy_lengths(self) -> tuple[int, int, int, int] | None:
        """Dummy's suit lengths laid out face down (MB-5, MB-A1), else ``None``."""
        return self.extra.dummy_lengths

    @property
    def vulnerable_players(self) -> tuple[str, ...]:
        """The vulnerable players where vulnerability is by player (TH-17), else none."""
        return self.extra.vulnerable


@dataclass(frozen=True)
class DealResult:
    """The outcome of a deal, for scoring.

    ``contract`` is ``None`` for a passed-out deal. ``tricks`` is the number of
    tricks credited to the declarer after any revoke adjustment; ``tricks_taken``
    before it.
    """

    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    contract: Contract | None
    tricks: int
    tricks_taken: int
    adjustment: int = 0

    @property
    def declarer(self) -> Seat | None:
        return self.contract.declarer if self.contract else None

    @property
    def dummy(self) -> Seat | None:
        """The dummy's seat: the declarer's partner (CB-9); ``None`` for a passed-out deal."""
        declarer = self.declarer
        return None if declarer is None else declarer.partner

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    @property
    def overtricks(self) -> int:
        """Tricks beyond the contract (negative: undertricks)."""
        if self.contract is None:
            return 0
        return self.tricks - self.contract.tricks_needed
