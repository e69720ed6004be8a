"""One table for every face: its places, its match, the deal in progress, robots and requests.

:class:`Table` holds no connection, no screen and no database: every change is a
method that checks the request against the seats and the rules engine and either
raises a :class:`~bridgeroom.table.TableError` (nothing changed) or changes the table
and returns what happened as typed events (:mod:`bridgeroom.table.events`). The
questions (``legal_actions``, ``table_actions``, ``player_to_act``, ``robot_turn``,
``opponents``...) change nothing.

Players are the engine's player numbers (``DealState.player_at``,
``DealState.seat_of``): the place of player ``i`` is ``table.places[i]``; in the
four-handed games he sits at ``Seat(i)``, in three-handed bridge his compass seat turns
with the deal (TH-5).

    >>> table = Table("contract", seed=7, robots={1: "random", 2: "random", 3: "random"})
    >>> _ = table.join(0, "Ann")
    >>> [type(e).__name__ for e in table.deal()], table.state.dealer, table.number
    (['DealStarted'], <Seat.NORTH: 0>, 1)
    >>> table.player_to_act(), table.seat_of(0)
    (0, <Seat.NORTH: 0>)
    >>> [event] = table.act(0, "1NT")
    >>> event.action, event.entry
    (Call('1NT'), LogEntry(seat='N', word='1NT'))
    >>> table.act(0, "2NT")
    Traceback (most recent call last):
    ...
    bridgeroom.table.errors.SeatError: It is not your turn: East acts now (CB-5)
    >>> turn = table.robot_turn()
    >>> turn.player, turn.seat
    (1, <Seat.EAST: 1>)
    >>> [event] = table.play_robot(turn, turn.decide())
    >>> event.by_robot, event.seat
    (True, <Seat.EAST: 1>)
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, NoReturn

from bridgeroom.errors import BridgeError
from bridgeroom.games import Game, Match, get_game
from bridgeroom.i18n import Message, Texts
from bridgeroom.robots import Agreements, Decision, System, resolve_system
from bridgeroom.rules import (
    Action,
    ActionInput,
    Call,
    Claim,
    Deal,
    DealState,
    LookAtDummy,
    Mode,
    Phase,
    Seat,
    ThreeHandedDeal,
    Vulnerability,
    deal_cards,
    make_rng,
)
from bridgeroom.store import LogEntry, hash_token, new_token
from bridgeroom.table.errors import SeatError, TableError, read_action
from bridgeroom.table.events import (
    Accepted,
    Acted,
    DealEnded,
    DealStarted,
    Dropped,
    Requested,
    TableEvent,
    Undone,
)
from bridgeroom.table.layout import Layout, layout
from bridgeroom.table.requests import Request, RequestKind
from bridgeroom.table.robots import (
    ClaimJudgement,
    RobotFactory,
    RobotTurn,
    call_alerts,
    call_meanings,
    convention_card,
    default_robot_factory,
    robot_seed,
    takes_systems,
)
from bridgeroom.table.seats import ROBOT_LEVELS, Holder, Place, person_name
from bridgeroom.table.snapshot import (
    DealSnapshot,
    ResultSnapshot,
    TableSnapshot,
    deal_points,
    public_view,
)

__all__ = ["Table"]

#: The rule a turn is taken by, per phase (who calls, CB-5; who plays, CB-10; in mini-bridge who
#: announces, MB-2, and who names the contract, MB-6).
_TURN_RULES = {
    Phase.AUCTION: "CB-5",
    Phase.PLAY: "CB-10",
    Phase.ANNOUNCE: "MB-2",
    Phase.NAMING: "MB-6",
}


class Table:
    """A game's match played at one table by people and robots.

    ``places`` gives who holds each place (:class:`Place`); or ``robots`` maps players to
    robot levels and ``people`` players to names (seated without a token: the terminal's
    person, a restored server table); the other places are open until a person joins. ``names``: what the match and its score sheet call
    the three-handed players (``P1``..``P3`` by default; the four-handed sheets name
    the sides). ``mode``: the engine's mode (three-handed tables play in table mode, so
    that its irregularities can be made and rectified, TH-21..TH-23). ``seed``: the
    seed of the table's shuffles and robots (a random one when not given).

    ``undo_past_robots``: whether the robots consent to taking back an action after
    they acted on it (the server's tables), or refuse it (the terminal's: only while no
    robot has acted since).

    ``boards``: the cards of every deal of the match in order (a session's boards, the same
    at every table); the match is over once they are played. ``numbers``: those boards'
    ``systems``: the bidding systems of North-South and East-West (names of
    :func:`bridgeroom.robots.systems`, files' paths or :class:`~bridgeroom.robots.System`;
    both ``standard`` by default): each side's robots bid by theirs and read the other's, and
    each side is told the meaning of the other side's calls from the other side's card.

    numbers, in the same order (a class whose boards rotate between the tables starts at
    another board than 1; by default 1, 2, 3...). ``hold``: deal no further than
    this many deals for now (a session's round). ``paused``: nobody acts and nothing is
    dealt until it is lifted (a session's director).
    """

    def __init__(
        self,
        game: str | Game,
        *,
        scoring: str | None = None,
        seed: int | str | None = None,
        places: Sequence[Place] | None = None,
        robots: Mapping[int, str] | None = None,
        people: Mapping[int, str] | None = None,
        names: Sequence[str] = (),
        mode: Mode | str | None = None,
        undo_past_robots: bool = True,
        robot_factory: RobotFactory | None = None,
        boards: Sequence[Deal | str] | None = None,
        numbers: Sequence[int] = (),
        hold: int | None = None,
        paused: bool = False,
        systems: Sequence[System | str] | None = None,
    ) -> None:
        self.game = game if isinstance(game, Game) else get_game(game)
        given = list(systems or ())
        if len(given) not in (0, 2):
            raise TableError("system.two_sides", n=len(given))
        if given and not self.game.partnership_auction:
            raise TableError("system.no_partnerships", game=self.game.title("en"))
        try:
            ns, ew = (resolve_system(s) for s in given) if given else (None, None)
            #: The bidding systems of the two sides.
            self.systems = Agreements(resolve_system(ns), resolve_system(ew))
        except BridgeError as err:
            _refuse(err)
        #: The given deals of the match (``None``: shuffled), how many may be dealt for now,
        #: and whether the table is paused.
        self.boards: tuple[Deal, ...] | None = (
            None
            if boards is None
            else tuple(b if isinstance(b, Deal) else Deal.parse(b) for b in boards)
        )
        self.hold = hold
        self.paused = paused
        #: The seed of the table's shuffles and robots.
        self.seed: int | str = seed if seed is not None else secrets.randbits(63)
        n = self.game.players
        self.places: list[Place] = [Place(i) for i in range(n)]
        for place in places or ():
            self.place(place.player)
            if place.is_robot and place.level not in ROBOT_LEVELS:
                raise SeatError(
                    "table.robot_level", level=place.level, levels=", ".join(ROBOT_LEVELS)
                )
            self.places[place.player] = place
        for player, level in (robots or {}).items():
            self.set_robot(player, level)
        for player, name in (people or {}).items():
            self.seat_person(player, name)
        if mode is None:
            mode = Mode.TABLE if n == 3 else Mode.STRICT
        self.mode = Mode(mode) if isinstance(mode, str) else mode
        self.names: tuple[str, ...] = (
            (tuple(names) or tuple(f"P{i + 1}" for i in range(3))) if n == 3 else ()
        )
        self.match = Match(
            self.game,
            scoring=scoring,
            players=self.names,
            seed=self.seed,
            mode=self.mode,
            board_order=numbers,
        )
        self.scoring = self.match.scoring
        self.undo_past_robots = undo_past_robots
        #: The robots of the deal in progress, one a place and level (:meth:`_robot`).
        self._deal_robots: dict[tuple[int, int, str], Any] = {}
        self.robot_factory: RobotFactory = robot_factory or default_robot_factory
        if self.system_names != ("standard", "standard") and not takes_systems(self.robot_factory):
            raise TableError("system.table.factory", systems=" / ".join(self.system_names))
        #: The log of the last deal dealt, as stored.
        self.log: list[LogEntry] = []
        #: The undo or claim waiting for answers, if any.
        self.request: Request | None = None

    def __repr__(self) -> str:
        return (
            f"Table({self.game.name!r}, scoring={self.scoring!r}, seed={self.seed!r}) "
            f"# deal {self.number}, {[p.holder.value for p in self.places]}"
        )

    # --- places ---------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.game.players

    def place(self, player: int) -> Place:
        """The place of ``player`` (:class:`SeatError` if the table has no such player)."""
        if type(player) is not int or not 0 <= player < len(self.places):
            raise SeatError("table.no_seat", player=player, players=len(self.places))
        return self.places[player]

    def join(self, player: int, name: str, token: str | None = None) -> str:
        """A person called ``name`` takes the open place of ``player``; returns his seat token
        (new unless given), of which the table keeps the hash."""
        place = self.place(player)
        name = person_name(str(name))
        if not place.is_open:
            raise SeatError("table.seat_taken", player=player, name=place.name)
        token = token or new_token()
        self.places[player] = Place(player, Holder.PERSON, name, None, hash_token(token))
        return token

    def seat_person(self, player: int, name: str) -> None:
        """A person called ``name`` holds ``player``'s place (no token: the terminal's person,
        or a server table rebuilt from the store, whose tokens the store checks)."""
        place = self.place(player)
        self.places[player] = Place(player, Holder.PERSON, name, None, place.token_hash)

    def set_robot(self, player: int, level: str) -> None:
        """A robot of ``level`` takes the place of ``player`` (open, or a robot's)."""
        place = self.place(player)
        if level not in ROBOT_LEVELS:
            raise SeatError("table.robot_level", level=level, levels=", ".join(ROBOT_LEVELS))
        if place.is_person:
            raise SeatError("table.seat_taken", player=player, name=place.name)
        self.places[player] = Place(player, Holder.ROBOT, f"Robot ({level})", level)

    def fill(self, level: str) -> list[int]:
        """Robots of ``level`` take every open place; returns those players."""
        if level not in ROBOT_LEVELS:
            raise SeatError("table.robot_level", level=level, levels=", ".join(ROBOT_LEVELS))
        filled = [p.player for p in self.places if p.is_open]
        for player in filled:
            self.set_robot(player, level)
        return filled

    def player_by_token(self, token: str | None) -> int | None:
        """The player whose seat token this is, or ``None`` (a spectator)."""
        if not token:
            return None
        import hmac

        digest = hash_token(token)
        for place in self.places:
            if place.token_hash is not None and hmac.compare_digest(place.token_hash, digest):
                return place.player
        return None

    def remember_token(self, player: int, token: str) -> None:
        """Keep the hash of a token the store has checked for ``player``'s place."""
        place = self.place(player)
        self.places[player] = replace(place, token_hash=hash_token(token))

    @property
    def full(self) -> bool:
        """Every place is held."""
        return all(not p.is_open for p in self.places)

    @property
    def has_people(self) -> bool:
        return any(p.is_person for p in self.places)

    # --- seats in the deal ------------------------------------------------------------------

    @property
    def state(self) -> DealState | None:
        """The last deal dealt: in progress, or over until the next one (``None`` before the
        first)."""
        return self.match.played[-1].state if self.match.played else None

    @property
    def current(self) -> DealState | None:
        """The deal in progress, or ``None`` between deals."""
        return self.match.current

    @property
    def number(self) -> int:
        """The number of the last deal dealt (0 before the first)."""
        return len(self.match.played)

    @property
    def over(self) -> bool:
        """The match is over (a rubber won, a Chicago round played, the given boards played)."""
        if self.boards is not None and self.current is None and self.number >= len(self.boards):
            return True
        return self.match.is_over

    def seat_of(self, player: int, state: DealState | None = None) -> Seat | None:
        """The compass seat of ``player`` in ``state`` (default: the last deal); before the
        first deal, his seat in the four-handed games and ``None`` in three-handed bridge,
        whose seats come with the deal (TH-5)."""
        state = state or self.state
        if state is None:
            self.place(player)
            return Seat(player) if self.num_players == 4 else None
        return state.seat_of(player)

    def player_at(self, seat: Seat, state: DealState | None = None) -> int | None:
        """The player at ``seat`` (``None`` for the three-handed dummy's seat)."""
        state = state or self.state
        if state is None:
            return int(seat) if self.num_players == 4 else None
        return state.player_at(seat)

    def place_at(self, seat: Seat, state: DealState | None = None) -> Place | None:
        """The place of the player at ``seat`` (``None`` for the three-handed dummy's seat)."""
        player = self.player_at(seat, state)
        return None if player is None else self.places[player]

    def layout(self, player: int | None, state: DealState | None = None) -> Layout | None:
        """Where each seat sits on the screen of ``player`` (his seat at the bottom; a
        spectator's from South, or where South is the three-handed dummy's seat, from player
        0's), in ``state`` (default: the last deal); ``None`` before the first deal. The
        rules say who sits where (``DealState.around_table``: TH-10 in three-handed bridge)."""
        state = state or self.state
        if state is None:
            return None
        if player is not None:
            viewer = state.seat_of(player)
        elif state.player_at(Seat.SOUTH) is not None:
            viewer = Seat.SOUTH
        else:
            viewer = state.seat_of(0)
        return layout(state, viewer)

    def player_to_act(self) -> int | None:
        """The player who decides now (the declarer for the dummy's card), if a deal is on."""
        state = self.current
        if state is None or state.to_act is None:
            return None
        return state.player_at(state.to_act)

    def legal_actions(self, player: int) -> Sequence[Action]:
        """The proper actions ``player`` may take now (none when it is not his turn)."""
        state = self.current
        if state is None or self.player_to_act() != player or self.request is not None:
            return ()
        return state.legal_actions()

    def table_actions(self, player: int) -> list[Action]:
        """The remedial and irregular actions ``player`` may take now, in or out of turn (the
        corrections of a revoke, CB-V1; the three-handed irregularities, TH-21..TH-23)."""
        state = self.current
        if state is None:
            return []
        seat = self.seat_of(player)
        return [] if seat is None else state.table_actions(seat)

    def is_barred(self, player: int) -> bool:
        """Three-handed: whether ``player`` looked at the dummy and is barred from the rest of
        the auction, his calls being passes (TH-23)."""
        state = self.current
        seat = None if state is None else self.seat_of(player)
        return isinstance(state, ThreeHandedDeal) and seat in state.barred

    # --- dealing ----------------------------------------------------------------------------------

    def may_deal(self) -> bool:
        """Whether the next deal may start: the last one is over, every place is held and the
        match goes on."""
        held = self.hold is not None and self.number >= self.hold
        return self.current is None and self.full and not self.over and not held and not self.paused

    def deal(self, cards: Deal | None = None) -> list[TableEvent]:
        """Deal the next deal of the match (or play the given ``cards``: a teacher's deal).

        Its cards come from a shuffle seeded by the table's seed and the deal's number
        (CB-3), so a table's deals are reproducible and a rebuilt table deals on as before.
        """
        if self.current is not None:
            raise TableError("table.deal_in_progress")
        if self.over:
            raise TableError("table.match_over", scoring=self.scoring)
        if not self.full:
            raise SeatError("table.seats_open")
        if self.paused:
            raise TableError("session.paused")
        if self.hold is not None and self.number >= self.hold:
            raise TableError("session.wait_round")
        match = self.match
        dealer = match.next_dealer()
        if cards is None and self.boards is not None:
            cards = self.boards[self.number]
        if cards is None:
            cards = deal_cards(dealer, make_rng(f"{self.seed}:{match.number}"))
        state = self.resume_deal(cards, dealer, match.next_vulnerability())
        return [DealStarted(self.number, state)]

    def resume_deal(
        self, cards: Deal | str, dealer: Seat, vulnerability: Vulnerability
    ) -> DealState:
        """Start the next deal of the match with these cards, dealer and vulnerability (a
        stored deal, when a table is rebuilt); no place needs to be held."""
        state = self.match.start_deal(
            cards if isinstance(cards, Deal) else Deal.parse(cards), dealer, vulnerability
        )
        self.log = []
        self.request = None
        return state

    def claimed(self, state: DealState | None = None) -> bool:
        """Whether the deal ended on an agreed claim."""
        state = state or self.state
        return state is not None and any(isinstance(a, Claim) for _, a in state.history)

    # --- actions ------------------------------------------------------------------------------------

    def _in_progress(self, key: str = "table.no_deal") -> DealState:
        state = self.current
        if state is None:
            raise TableError(key)
        return state

    def _not_paused(self) -> None:
        if self.paused:
            raise TableError("session.paused")

    def _no_request(self) -> None:
        if self.request is not None:
            raise SeatError("table.request_waiting", kind=self.request.kind.message)

    def act(self, player: int, action: ActionInput) -> list[TableEvent]:
        """``player`` takes ``action`` (an action or its text: ``1NT``, ``SA``, ``12``...).

        Out of turn only the table-mode actions of :meth:`table_actions` are allowed;
        anything else is refused with the rule's number. While a request waits for its
        answers play stops.
        """
        state = self._in_progress()
        self._no_request()
        self._not_paused()
        seat = self.seat_of(player)
        if seat is None:
            raise SeatError("table.no_place", player=player)
        if isinstance(action, str):
            action = action.strip()
            if not action:
                raise TableError("table.empty_action")
            try:
                action = read_action(state, action)
            except BridgeError as err:  # the engine's refusal of another phase's action
                _refuse(err)
        if isinstance(action, Claim):
            raise TableError("table.claim_asks")
        to_act = state.to_act
        if seat != to_act:
            words = {str(a).lower() for a in state.table_actions(seat)}
            if str(action).lower() not in words:
                raise SeatError(
                    "table.not_your_turn", rule=_TURN_RULES.get(state.phase), seat=to_act
                )
        return self._apply(player, state, action, None if seat == to_act else seat)

    def _apply(
        self,
        player: int,
        state: DealState,
        action: ActionInput,
        seat: Seat | None,
        decision: Decision | None = None,
    ) -> list[TableEvent]:
        turn = state.turn if state.turn is not None else state.to_act  # Seat.NORTH is 0
        assert turn is not None
        try:
            state.apply(action, seat)
        except BridgeError as err:
            _refuse(err)
        actor, applied = state.history[-1]
        entry = LogEntry.act(actor, applied)
        self.log.append(entry)
        meaning = self._meaning(player, state, applied) if decision is not None else None
        alert = self._alert(player, state, applied) if decision is not None else False
        events: list[TableEvent] = [
            Acted(
                player,
                actor,
                turn if seat is None else seat,
                applied,
                entry,
                by_robot=decision is not None,
                decision=decision,
                meaning=meaning,
                alert=alert,
            )
        ]
        return events + self._finish_if_over()

    def _finish_if_over(self) -> list[TableEvent]:
        state = self.state
        if state is None or not state.is_over or self.match.current is not state:
            return []
        score = self.match.record(state)
        return [DealEnded(self.number, state, score)]

    def look_at_dummy(self, player: int) -> list[TableEvent]:
        """Three-handed: ``player`` looks at the dummy during the auction; he sees it and is
        barred from the rest of the auction (TH-23)."""
        state = self.current
        if not isinstance(state, ThreeHandedDeal):
            raise TableError("error.look_three_handed")
        if state.phase is not Phase.AUCTION:
            raise TableError("error.look_auction")
        return self.act(player, LookAtDummy())

    # --- robots -------------------------------------------------------------------------------------

    def _robot(self, level: str, state: DealState, player: int) -> Any:
        """The robot of ``level`` at ``player``'s place for the deal in progress: made at its
        first decision of the deal (seeded by :func:`robot_seed` from the table's seed, the deal
        and the actions so far) and kept to the deal's end, so that what it learnt and solved
        (the expert's layouts) serves its later decisions. A deal taken back drops them."""
        key = (self.number, player, level)
        robot = self._deal_robots.get(key)
        if robot is None:
            if any(k[0] != self.number for k in self._deal_robots):
                self._deal_robots.clear()  # a new deal: the last one's robots go
            extra: dict[str, System] = {}
            seat = state.seat_of(player)
            if self.system_names != ("standard", "standard") and seat is not None:
                extra = {
                    "system": self.systems.of(seat),
                    "opponents": self.systems.of(seat.lho),
                }
            robot = self._deal_robots[key] = self.robot_factory(
                level,
                seed=robot_seed(self.seed, self.number, len(state.history)),
                scoring=self.match.form,
                **extra,
            )
        return robot

    def robot_to_act(self) -> int | None:
        """The robot player who is to act now (no request waiting), else ``None``."""
        player = self.player_to_act()
        if player is None or self.request is not None or not self.places[player].is_robot:
            return None
        return None if self.paused else player

    def robot_turn(self) -> RobotTurn | None:
        """The robot's turn if a robot is to act now (no request waiting), else ``None``."""
        state = self.current
        player = self.robot_to_act()
        if state is None or player is None:
            return None
        place = self.places[player]
        if place.level is None:
            return None
        seat = state.to_act
        assert seat is not None
        return RobotTurn(
            player,
            seat,
            place.level,
            self._robot(place.level, state, player),
            state.view(seat),
            self.number,
            len(state.history),
        )

    def play_robot(self, turn: RobotTurn, decision: Decision) -> list[TableEvent]:
        """Apply the decision of a robot's turn, if the turn is still the one prepared (a
        robot acts only on its turn)."""
        state = self.current
        if (
            state is None
            or turn.number != self.number
            or turn.moves != len(state.history)
            or self.robot_to_act() != turn.player
        ):
            raise TableError("table.robot_turn_passed")
        return self._apply(turn.player, state, decision.action, None, decision)

    def run_robots(
        self, limit: int = 200, *, record: Callable[[list[TableEvent]], object] | None = None
    ) -> list[TableEvent]:
        """Let the robots act, one after the other, until a person is to act, a request waits
        or the deal is over (at most ``limit`` actions). ``record`` is given the events of
        each robot's action as soon as it is taken (to store them)."""
        events: list[TableEvent] = []
        for _ in range(limit):
            turn = self.robot_turn()
            if turn is None:
                break
            done = self.play_robot(turn, turn.decide())
            if record is not None:
                record(done)
            events += done
        return events

    def advice(self, player: int, level: str) -> RobotTurn:
        """A hint for ``player``, whose turn it is: what a robot of ``level`` would do, with its
        reason (:meth:`RobotTurn.decide`)."""
        state = self.current
        if state is None or self.player_to_act() != player:
            raise TableError("error.not_your_turn_now")
        seat = state.to_act
        assert seat is not None
        robot = self._robot(level, state, player)
        return RobotTurn(
            player, seat, level, robot, state.view(seat), self.number, len(state.history)
        )

    def by_system(self, state: DealState | None = None) -> frozenset[Seat]:
        """The seats whose calls follow the robots' bidding system: robots that bid by it
        (``basic``, ``expert``; a ``random`` robot follows none) in a partnership auction
        (contract and auction bridge: three-handed players bid each for himself, and
        mini-bridge has no auction)."""
        state = state or self.state
        if state is None or not self.game.partnership_auction:
            return frozenset()
        return frozenset(
            seat
            for seat in Seat
            if (place := self.place_at(seat, state)) is not None
            and place.is_robot
            and place.level != "random"
        )

    @property
    def system_names(self) -> tuple[str, str]:
        """The names of North-South's and East-West's systems."""
        return (self.systems.ns.name, self.systems.ew.name)

    def explains_to(self, player: int | None, seat: Seat, state: DealState | None = None) -> bool:
        """Whether ``player`` (``None``: a spectator) is told the meaning and alert of the
        calls of ``seat``: a spectator of every seat's, a player of the opponents' only (his
        partner's calls are explained to the opponents, not to him, Law 20F)."""
        if player is None:
            return True
        mine = self.seat_of(player, state)
        return mine is None or not (seat == mine or seat == mine.partner)

    def convention_cards(self, player: int | None = None) -> list[list[Message]]:
        """The convention cards of the two sides, each a list of lines (its title first): the
        side of ``player`` first, then the other (North-South first for a spectator); none in a
        game without a partnership auction."""
        if not self.game.partnership_auction:
            return []
        seat = None if player is None else self.seat_of(player)
        first = self.systems.ns if seat is None else self.systems.of(seat)
        second = self.systems.ew if seat is None else self.systems.of(seat.lho)
        return [convention_card(first), convention_card(second)]

    def call_meanings(
        self, state: DealState | None = None, viewer: int | None = None
    ) -> list[Texts | None]:
        """What each call of the auction means in its side's system, for the calls of robots
        that bid by it and that ``viewer`` is told of (:meth:`explains_to`; ``None``: a
        spectator, told of all); ``None`` for the others (Law 20F)."""
        state = state or self.state
        if state is None:
            return []
        meanings = call_meanings(state.calls, state.dealer, self.by_system(state), self.systems)
        return [
            m if self.explains_to(viewer, seat, state) else None
            for m, (seat, _) in zip(meanings, state.calls, strict=True)
        ]

    def call_alerts(self, state: DealState | None = None, viewer: int | None = None) -> list[bool]:
        """Which calls of the auction are alerted to ``viewer``: robots' artificial calls that
        their side's system alerts, made by the other side (any side, for a spectator)."""
        state = state or self.state
        if state is None:
            return []
        alerts = call_alerts(state.calls, state.dealer, self.by_system(state), self.systems)
        return [
            a and self.explains_to(viewer, seat, state)
            for a, (seat, _) in zip(alerts, state.calls, strict=True)
        ]

    def _meaning(self, player: int, state: DealState, action: Action) -> Texts | None:
        if not isinstance(action, Call) or not state.calls:
            return None
        seat = state.calls[-1][0]
        if seat not in self.by_system(state) or state.player_at(seat) != player:
            return None
        return call_meanings(state.calls, state.dealer, frozenset({seat}), self.systems)[-1]

    def _alert(self, player: int, state: DealState, action: Action) -> bool:
        if not isinstance(action, Call) or not state.calls:
            return False
        seat = state.calls[-1][0]
        if seat not in self.by_system(state) or state.player_at(seat) != player:
            return False
        return call_alerts(state.calls, state.dealer, frozenset({seat}), self.systems)[-1]

    # --- requests -------------------------------------------------------------------------------------

    def opponents(self, player: int) -> list[int]:
        """The players whose consent an undo or a claim of ``player`` needs: the other side
        (in three-handed bridge, both other players during the auction, each bidding for
        himself; in the play, the other side of declarer against defenders)."""
        state = self.current
        seat = None if state is None else self.seat_of(player)
        if state is None or seat is None:
            return []
        out = []
        for place in self.places:
            other = state.seat_of(place.player)
            if place.player != player and not state.same_side(seat, other):
                out.append(place.player)
        return out

    def request_undo(self, player: int) -> list[TableEvent]:
        """``player`` asks to take back his last action of the deal and everything after it.

        The people among his opponents must accept; the robots accept at once (when the
        table lets robots consent after they acted, else the request is refused if a robot
        acted since). With no person to ask it is carried out at once.
        """
        self._not_paused()
        state = self._in_progress("error.nothing_to_undo")
        self._no_request()
        seat = self.seat_of(player)
        keep = next(
            (i for i in range(len(state.history) - 1, -1, -1) if state.history[i][0] == seat),
            None,
        )
        if seat is None or keep is None:
            raise TableError("error.nothing_to_undo")
        if not self.undo_past_robots and any(
            self._is_robot_seat(state, s) for s, _ in state.history[keep + 1 :]
        ):
            raise TableError("error.robot_acted")
        waiting = frozenset(p for p in self.opponents(player) if self.places[p].is_person)
        request = Request(RequestKind.UNDO, player, seat, waiting, keep=keep)
        if request.settled:
            return self._carry_out(request)
        self.request = request
        return [Requested(request)]

    def _is_robot_seat(self, state: DealState, seat: Seat) -> bool:
        player = state.player_at(seat)
        return player is not None and self.places[player].is_robot

    def request_claim(self, player: int, tricks: int | None = None) -> list[TableEvent]:
        """``player`` claims ``tricks`` of the tricks left for his side (all by default),
        facing his hand (Law 68B): his opponents see it from now on, also when they refuse
        the claim and play goes on (so a wrong claim costs something, as at a real table).
        The people among his opponents answer; each robot opponent judges it from what it
        sees (:meth:`judgements`). At most one claim is stated per trick; the dummy does not
        claim. The claim's event carries the log entry of the faced hand."""
        self._not_paused()
        state = self.current
        if state is None or state.phase is not Phase.PLAY:
            raise TableError("error.claim_in_play")
        self._no_request()
        seat = self.seat_of(player)
        if seat is None:
            raise SeatError("table.no_place", player=player)
        if seat == state.dummy:
            raise SeatError("table.dummy_claims")
        if any(trick == len(state.tricks) for _, trick in state.claims):
            raise TableError("table.one_claim_per_trick")
        left = state.tricks_left
        n = left if tricks is None else tricks
        if type(n) is not int or not 0 <= n <= left:
            raise TableError("error.claim_too_many", remaining=left)
        state.face_hand(seat)
        entry = LogEntry.face(seat)
        self.log.append(entry)
        opponents = self.opponents(player)
        request = Request(
            RequestKind.CLAIM,
            player,
            seat,
            frozenset(p for p in opponents if self.places[p].is_person),
            frozenset(p for p in opponents if self.places[p].is_robot),
            tricks=n,
        )
        self.request = request
        return [Requested(request, entry)]

    def judgements(self) -> list[ClaimJudgement]:
        """The robots' judgements the pending claim waits for, to decide (on any thread) and
        answer with :meth:`answer`."""
        request = self.request
        state = self.current
        if request is None or state is None or request.kind is not RequestKind.CLAIM:
            return []
        out = []
        for player in sorted(request.judges):
            level = self.places[player].level or "random"
            seat = state.seat_of(player)
            out.append(
                ClaimJudgement(
                    player,
                    seat,
                    self._robot(level, state, player),
                    state.view(seat),
                    request.seat,
                    request.tricks,
                )
            )
        return out

    def answer(self, player: int, accept: bool) -> list[TableEvent]:
        """``player`` answers the pending request. A refusal drops it (so does the requester's
        own no: a withdrawal); the last awaited yes carries it out."""
        self._not_paused()
        request = self.request
        if request is None:
            raise SeatError("table.no_request")
        if player == request.player and not accept:
            self.request = None
            return [Dropped(player, request)]
        if not request.asks(player):
            raise SeatError("table.not_asked")
        if not accept:
            self.request = None
            return [Dropped(player, request, by_robot=player in request.judges)]
        request = request.answered_by(player)
        if not request.settled:
            self.request = request
            return [Accepted(player, request)]
        self.request = None
        return self._carry_out(request)

    def answer_by_robots(self) -> list[TableEvent]:
        """Every robot the pending claim waits for judges it now, in turn; one refusal drops it."""
        events: list[TableEvent] = []
        for judgement in self.judgements():
            events += self.answer(judgement.player, judgement.decide())
            if self.request is None:
                break
        return events

    def _carry_out(self, request: Request) -> list[TableEvent]:
        state = self._in_progress()
        if request.kind is RequestKind.UNDO:
            taken = tuple(state.history[request.keep :])
            state.replay(state.history[: request.keep])
            self._deal_robots.clear()  # what they learnt of the actions taken back goes too
            entry = LogEntry.undo(request.seat, request.keep)
            self.log.append(entry)
            return [Undone(request.player, request.keep, taken, entry)]
        # an agreed claim is the engine's action ``claim N`` by the seat to act, for its side
        actor = state.to_act
        assert actor is not None
        left = state.tricks_left
        same = state.same_side(actor, request.seat)
        n = request.tricks if same else left - request.tricks
        return self._apply(request.player, state, Claim(n), None)

    # --- rebuilding ---------------------------------------------------------------------------------

    def replay(self, entry: LogEntry) -> list[TableEvent]:
        """Re-apply a stored log entry of the deal in progress (a table rebuilt from its record)."""
        state = self._in_progress()
        entry.apply_to(state)
        self.log.append(entry)
        return self._finish_if_over()

    # --- what a viewer sees -------------------------------------------------------------------------

    def snapshot(self, player: int | None) -> TableSnapshot:
        """Everything ``player`` (``None``: a spectator) may see of the table now, as one frozen
        value (:class:`~bridgeroom.table.TableSnapshot`): what the server sends him and what
        the terminal draws. His view of the deal is his seat's; a spectator's what every seat
        sees alike (``PublicView``)."""
        return self.snapshots([player])[player]

    def snapshots(self, viewers: Iterable[int | None]) -> dict[int | None, TableSnapshot]:
        """The snapshot of each of ``viewers`` (:meth:`snapshot`), what they share worked out
        once (the sheet, who plays each seat, the cards held, the meanings, the result)."""
        wanted = list(dict.fromkeys(viewers))
        for player in wanted:
            if player is not None:
                self.place(player)
        state = self.state
        summary = self.match.session.summary()
        places = tuple(
            p if p.token_hash is None else Place(p.player, p.holder, p.name, p.level)
            for p in self.places
        )
        full, over = self.full, self.over
        remaining = 0 if state is None else state.tricks_left
        shared: dict[str, Any] = {}
        if state is not None:
            result = state.result
            shared = {
                "number": self.number,
                "board": state.board,
                "players": {s: state.player_at(s) for s in Seat},
                "held": {s: len(state.hand(s)) for s in Seat},
                "result": None
                if state.phase is not Phase.DONE or result is None
                else ResultSnapshot(
                    contract=result.contract,
                    declarer=result.declarer,
                    tricks=result.tricks,
                    overtricks=result.overtricks,
                    claimed=self.claimed(state),
                    points=deal_points(summary, state, self.match.played_of(state).number),
                ),
            }
        out: dict[int | None, TableSnapshot] = {}
        for player in wanted:
            seat = None if player is None else self.seat_of(player)
            deal = None
            if state is not None:
                layout = self.layout(player, state)
                assert layout is not None
                view = state.view(seat) if seat is not None else public_view(state)
                deal = DealSnapshot(
                    view=view,
                    meanings=tuple(self.call_meanings(state, player)),
                    alerts=tuple(self.call_alerts(state, player)),
                    peeked=view.peeked,
                    table_actions=tuple(self.table_actions(player)) if player is not None else (),
                    layout=layout,
                    **shared,
                )
            out[player] = TableSnapshot(
                game=self.game,
                scoring=self.scoring,
                places=places,
                player=player,
                seat=seat,
                full=full,
                over=over,
                remaining=remaining,
                deal=deal,
                request=self.request,
                sheet=summary,
                systems=self.system_names,
            )
        return out


def _refuse(err: BridgeError) -> NoReturn:
    """Raise the engine's refusal ``err``, named in the catalogue, as the table's (the same
    message, parameters and rule, in every language); any other error as it is."""
    if isinstance(err, TableError) or err.key is None:
        raise err
    raise TableError.of(err) from err
