"""The games of the family as data, and a match: a table's sequence of deals and its score.

Each :class:`Game` names its rules (the deal class), its players and the
score forms it can be played with. A :class:`Match` deals the next deal with
the dealer and vulnerability its session gives, scores each finished deal into
that session, and shows the running sheet; it is what the terminal client and
the web server play. It asks its session only what the
:class:`~bridgeroom.scoring.Session` protocol answers.

    >>> match = Match("contract", scoring="rubber", seed=1)
    >>> state = match.next_deal()
    >>> state.dealer, state.vulnerability
    (<Seat.NORTH: 0>, <Vulnerability.NONE: 0>)
    >>> for call in ["P", "P", "P", "P"]:
    ...     state.apply(call)
    >>> entry = match.record(state)
    >>> match.next_deal().dealer       # a passed-out deal: the deal passes to the left (CB-4, CB-7)
    <Seat.EAST: 1>

| game           | rules (deal class)      | players | score forms                                       |
|----------------|-------------------------|---------|---------------------------------------------------|
| `contract`     | ContractBridgeDeal      | 4       | rubber (default), chicago, duplicate              |
| `auction`      | ContractBridgeDeal      | 4       | auction (AB-1: play as in contract bridge)        |
| `three-handed` | ThreeHandedDeal         | 3       | three-handed-contract (default), three-handed-auction |
| `minibridge`   | MiniBridgeDeal          | 4       | minibridge (boards, MB-1)                         |
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bridgeroom.errors import BridgeError, ScoringError
from bridgeroom.i18n import LANGUAGES, Texts, keyed, translate
from bridgeroom.rules import (
    ContractBridgeDeal,
    DealState,
    Mode,
    Seat,
    Variant,
    Vulnerability,
    deal_cards,
    make_rng,
)
from bridgeroom.rules.minibridge import MiniBridgeDeal
from bridgeroom.rules.three_handed import ThreeHandedDeal, ThreeHandedTable
from bridgeroom.scoring import ScoreForm, Session, SessionEntry, new_session
from bridgeroom.scoring.sessions.boards import BoardOrder

__all__ = ["GAMES", "Game", "Match", "PlayedDeal", "get_game"]


@dataclass(frozen=True)
class Game:
    """One game of the family: its rules, its players and the score forms it is played with."""

    name: str
    titles: Mapping[str, str]
    deal_class: type[DealState]
    scorings: tuple[ScoreForm, ...]
    description: str = ""
    seat_names: tuple[str, ...] = field(default=("N", "E", "S", "W"))

    @property
    def default_scoring(self) -> ScoreForm:
        """The score form the game is played with when none is chosen."""
        return self.scorings[0]

    def score_form(self, name: str | ScoreForm | None = None) -> ScoreForm:
        """The game's score form called ``name`` (its default for ``None``); a form of another
        game is refused in every language.

        >>> GAMES["contract"].score_form("Chicago")
        <ScoreForm.CHICAGO: 'chicago'>
        >>> GAMES["three-handed"].score_form()
        <ScoreForm.THREE_HANDED_CONTRACT: 'three-handed-contract'>
        >>> GAMES["minibridge"].score_form("rubber")
        Traceback (most recent call last):
        ...
        bridgeroom.errors.ScoringError: Mini-bridge is scored as mini-bridge boards, not as rubber.
        """
        if name is None:
            return self.default_scoring
        try:
            form = ScoreForm.parse(name)
        except ScoringError:
            form = None
        if form not in self.scorings:
            chosen = _form_names((form,)) if form else Texts(en=f"“{name}”", ru=f"«{name}»")
            raise keyed(
                ScoringError,
                "game.scoring",
                game=Texts(**self.titles),
                forms=_form_names(self.scorings),
                form=chosen,
            )
        return form

    @property
    def variant(self) -> Variant:
        """What the game's rules allow: its deal class's flags (players, a partnership auction,
        a dummy in the auction, announcements).

        >>> GAMES["auction"].variant.four_handed, GAMES["three-handed"].variant.dummy_in_auction
        (True, True)
        """
        return self.deal_class.variant

    @property
    def players(self) -> int:
        """How many players the game has (three in three-handed bridge, TH-1)."""
        return self.variant.players

    @property
    def partnership_auction(self) -> bool:
        """Whether two partnerships bid against each other (contract and auction bridge): the
        game the robots' bidding system is written for (three-handed players bid each for
        himself; mini-bridge has no auction).

        >>> [name for name, game in GAMES.items() if game.partnership_auction]
        ['contract', 'auction']
        """
        return self.variant.partnership_auction

    def title(self, lang: str = "en") -> str:
        return self.titles.get(lang, self.titles["en"])


def _form_names(forms: Sequence[ScoreForm]) -> Texts:
    """The score forms' names as a list in every language ("rubber, Chicago or duplicate")."""

    def names(lang: str) -> str:
        words = [translate(f"scoring.{form.value}", lang) for form in forms]
        if len(words) == 1:
            return words[0]
        return translate("game.or", lang, first=", ".join(words[:-1]), last=words[-1])

    return Texts(**{lang: names(lang) for lang in LANGUAGES})


GAMES: dict[str, Game] = {
    game.name: game
    for game in (
        Game(
            "contract",
            {"en": "Contract bridge", "ru": "Контрактный бридж"},
            ContractBridgeDeal,
            (ScoreForm.RUBBER, ScoreForm.CHICAGO, ScoreForm.DUPLICATE),
            "Four players in two pairs; rubber, Chicago or duplicate scoring (CB-).",
        ),
        Game(
            "auction",
            {"en": "Auction bridge", "ru": "Бридж-аукцион"},
            ContractBridgeDeal,
            (ScoreForm.AUCTION,),
            "Contract-bridge play with the auction score table (AB-).",
        ),
        Game(
            "three-handed",
            {"en": "Three-handed bridge", "ru": "Бридж втроём"},
            ThreeHandedDeal,
            (ScoreForm.THREE_HANDED_CONTRACT, ScoreForm.THREE_HANDED_AUCTION),
            "Three players; the highest bidder plays the dummy against the other two (TH-).",
        ),
        Game(
            "minibridge",
            {"en": "Mini-bridge", "ru": "Мини-бридж"},
            MiniBridgeDeal,
            (ScoreForm.MINIBRIDGE,),
            "Points announced, the stronger pair declares, the declarer names the contract (MB-).",
        ),
    )
}


@dataclass(eq=False)
class PlayedDeal:
    """One deal of a match and, once it is recorded, what its session scored for it: the two
    are kept together, so the entry of a deal is never found by its place in a parallel list.

    >>> match = Match("contract", seed=1)
    >>> state = match.next_deal()
    >>> for call in ["P", "P", "P", "P"]:
    ...     state.apply(call)
    >>> played = match.played_of(state)
    >>> played.number, played.entry is None
    (1, True)
    >>> entry = match.record(state)
    >>> played.entry is entry, played.is_recorded
    (True, True)
    """

    #: The deal's number in the match (1-based, in the order dealt).
    number: int
    state: DealState
    #: What the session returned when the deal was recorded; ``None`` until then.
    entry: SessionEntry | None = None

    @property
    def is_recorded(self) -> bool:
        return self.entry is not None

    def __repr__(self) -> str:
        return f"<PlayedDeal {self.number} {self.state.phase.name.lower()}{' recorded' if self.entry else ''}>"


def get_game(name: str) -> Game:
    """The game called ``name`` (``contract``, ``auction``, ``three-handed``, ``minibridge``)."""
    key = name.strip().lower().replace("_", "-")
    aliases = {"bridge": "contract", "mini-bridge": "minibridge", "mini": "minibridge",
               "three": "three-handed", "3": "three-handed", "cutthroat": "three-handed"}  # fmt: skip
    key = aliases.get(key, key)
    if key not in GAMES:
        raise keyed(BridgeError, "game.unknown", name=name, games=", ".join(GAMES))
    return GAMES[key]


class Match:
    """A table's sequence of deals and its score (a rubber, a Chicago round, a set of boards).

    ``players`` names the players (three for three-handed bridge; for the
    four-handed games, optional names by seat N, E, S, W). ``seed`` makes the
    deals reproducible; without it they come from ``SystemRandom``. ``board_order``: the
    numbers of the boards a set of boards plays, in its order (a class whose boards rotate
    between tables); by default 1, 2, 3...
    """

    def __init__(
        self,
        game: str | Game,
        *,
        scoring: str | None = None,
        players: Sequence[str] = (),
        seed: int | str | None = None,
        mode: Mode | str = Mode.STRICT,
        first_dealer: Seat = Seat.NORTH,
        board_order: Sequence[int] = (),
    ) -> None:
        self.game = game if isinstance(game, Game) else get_game(game)
        #: The score form: its session, its score table, what a result is worth to a robot.
        self.form = self.game.score_form(scoring)
        self.scoring: str = self.form.value
        self.players: tuple[str, ...]
        if not self.game.variant.four_handed:
            names = tuple(players) or ("A", "B", "C")
            if len(names) != 3:
                raise BridgeError(
                    f"three-handed bridge has three players, not {len(names)}: {names} (TH-1)"
                )
            #: Three-handed: the players around the table and whose deal it is (TH-2, TH-5).
            self.seating: ThreeHandedTable | None = ThreeHandedTable(
                (names[0], names[1], names[2]), names[0]
            )
            self.players = self.seating.players
        else:
            self.seating = None
            self.players = tuple(players)
        self.seed = seed
        self.mode = Mode(mode) if isinstance(mode, str) else mode
        self.first_dealer = first_dealer
        self._rng: random.Random = make_rng(seed)
        #: The score: a rubber, a Chicago round, a set of boards, a three-handed rubber.
        self.session: Session = new_session(
            self.scoring, players=self.players, first_dealer=first_dealer, board_order=board_order
        )
        #: The deals dealt so far (passed-out ones included), in order, each with its entry
        #: once recorded.
        self.played: list[PlayedDeal] = []

    # --- dealing -------------------------------------------------------------

    @property
    def deals(self) -> tuple[DealState, ...]:
        """The states of the deals dealt so far, in order (see :attr:`played` for their entries)."""
        return tuple(played.state for played in self.played)

    @property
    def number(self) -> int:
        """The number of the next deal (1-based; boards for duplicate and mini-bridge)."""
        return len(self.played) + 1

    @property
    def recorded(self) -> int:
        """How many deals have been recorded (all dealt but the one in progress)."""
        return len(self.played) - (self.current is not None)

    def played_of(self, state: DealState) -> PlayedDeal:
        """The deal of this match whose state is ``state`` (the very object, not an equal one)."""
        for played in self.played:
            if played.state is state:
                return played
        raise BridgeError("the deal is not one of this match's")

    @property
    def next_board(self) -> int | None:
        """The number of the next board when the score is a set of boards (CB-B1), else
        ``None``: the next in its order (a class whose boards rotate), else 1, 2, 3...

        >>> Match("contract", scoring="duplicate", board_order=(3, 4, 1, 2)).next_board
        3
        >>> Match("contract").next_board is None
        True
        """
        session = self.session
        return session.next_board if isinstance(session, BoardOrder) else None

    def next_dealer(self) -> Seat:
        """The session's: boards from the board number (CB-B1); Chicago from the round (CB-C1);
        rubbers rotating to the left (CB-4); three-handed with the deal number (TH-5)."""
        return self.session.next_dealer()

    def _table_for(self, number: int) -> ThreeHandedTable:
        table = self.seating
        assert table is not None
        while table.number < number:
            table = table.next()
        return table

    def next_vulnerability(self) -> Vulnerability:
        """The session's: boards CB-B2; Chicago CB-C1; rubber from the games won (CB-R3);
        auction bridge none (AB-5); three-handed none by side (per player, TH-17)."""
        return self.session.next_vulnerability()

    def next_deal(self) -> DealState:
        """Shuffle, cut and deal the next deal (CB-3) and return its state, ready to play."""
        if self.is_over:
            raise BridgeError(f"the {self.scoring} is over; start a new match")
        dealer = self.next_dealer()
        deal = deal_cards(dealer, self._rng)
        return self.start_deal(deal, dealer, self.next_vulnerability())

    def start_deal(self, deal: Any, dealer: Seat, vulnerability: Vulnerability) -> DealState:
        """Start a deal with the given cards (for replaying a stored match or playing a given board)."""
        if self.seating is not None:
            vulnerable = [p for p in self.players if self.session.vulnerable(p)]
            state: DealState = self._table_for(self.number).start(
                deal, mode=self.mode, vulnerable=vulnerable
            )
        else:
            cls = self.game.deal_class
            state = cls(deal, dealer, vulnerability, mode=self.mode, board=self.next_board)
        # the score the deal is played at, shown in every view (the robots play to it)
        state.score = self.session.score_state()
        self.played.append(PlayedDeal(self.number, state))
        return state

    @property
    def current(self) -> DealState | None:
        """The deal in progress (dealt and not yet recorded), if any."""
        if self.played and self.played[-1].entry is None:
            return self.played[-1].state
        return None

    # --- scoring -------------------------------------------------------------

    def record(self, state: DealState) -> SessionEntry:
        """Score a finished deal into the session (its honors found in the cards where the
        score form counts them, CB-R5, AB-9, TH-15) and return the session's entry."""
        if state is not self.current:
            raise BridgeError("only the deal in progress can be recorded")
        result = state.result
        if result is None:
            raise BridgeError("the deal is not over yet")
        entry = self.session.record_result(result)
        self.played[-1].entry = entry
        return entry

    @property
    def is_over(self) -> bool:
        """A rubber ends at two games, a Chicago round after four deals; a set of boards never ends by itself."""
        return self.session.is_over

    def __repr__(self) -> str:
        return (
            f"Match({self.game.name!r}, scoring={self.scoring!r}, players={list(self.players)!r}) "
            f"# {len(self.played)} deals"
        )
