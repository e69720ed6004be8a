"""The table without a screen: a match, the person's seat, the robots, and the record.

:class:`PlayTable` plays a :class:`~bridgeroom.games.Match`: it deals, lets
the robots act until the person is to act, applies the person's actions,
and writes every action to the store the moment it is taken (the log is
append-only: an undo is logged as ``undo``). A stored match is rebuilt by
replaying its log (:meth:`PlayTable.resume`).

The person plays one seat (four-handed games) or is one of the three players
(three-handed bridge, where the compass seat changes with each deal). When
the person declares, he plays the dummy too; when his partner declares, the
robot declarer plays his cards.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bridgeroom.errors import BridgeError
from bridgeroom.games import Match, get_game
from bridgeroom.i18n import Texts, seat_letter, translate
from bridgeroom.rules.core import Call, Deal, Seat, Side, Vulnerability
from bridgeroom.rules.state import Action, Claim, DealState, Phase
from bridgeroom.rules.three_handed import ThreeHandedExtra
from bridgeroom.scoring import SessionEntry
from bridgeroom.store import UNDO, MatchRecord, SeatSpec, Store, replay

__all__ = [
    "ROBOT_LEVELS",
    "Event",
    "PlayTable",
    "TableError",
    "make_robot_for",
]

ROBOT_LEVELS = ("basic", "expert", "random")


class TableError(BridgeError):
    """Something the table cannot do now; ``key`` names the message of the catalogue, ``params`` fills it."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(key)


@dataclass(frozen=True)
class Event:
    """An action taken at the table: who (``seat``; ``player`` the name) and what."""

    seat: Seat
    player: str | None  # None: the dummy's card
    action: Action
    by_robot: bool
    #: a call of a robot that bids by the system (basic, expert) in a four-handed auction: what it
    #: means in that system, in every language
    meaning: Texts | None = None


def make_robot_for(level: str, seed: int | None) -> Any:
    """A robot of ``level`` (``basic``, ``expert``, ``random``) from :mod:`bridgeroom.robots`."""
    if level not in ROBOT_LEVELS:
        raise BridgeError(f"robots are {', '.join(ROBOT_LEVELS)}, not {level!r}")
    from bridgeroom.robots import make_robot

    return make_robot(level, seed=seed)


class PlayTable:
    """A match played at the terminal by one person and robots, kept in ``store``."""

    def __init__(
        self,
        store: Store,
        record: MatchRecord,
        match: Match,
        *,
        robot_factory: Callable[[str, int | None], Any] = make_robot_for,
    ) -> None:
        self.store = store
        self.record = record
        self.match = match
        self.robot_factory = robot_factory
        options = record.options
        self.human_name: str = options["human"]
        self.human_position: int = int(options["position"])
        self.levels: dict[int, str] = {
            s.position: s.robot_level or "" for s in record.seats if s.is_robot
        }
        self.deal_id: int | None = None
        #: How many actions of the deal in progress were taken by robots since the person's last one.
        self._robot_since_human = 0
        self.last_event: Event | None = None

    # --- creating and resuming ---------------------------------------------------------------

    @classmethod
    def new(
        cls,
        store: Store,
        game: str,
        *,
        scoring: str | None = None,
        seat: Seat = Seat.SOUTH,
        name: str = "you",
        robots: str = "basic",
        seed: int | str | None = None,
        robot_factory: Callable[[str, int | None], Any] = make_robot_for,
        lang: str = "en",
    ) -> PlayTable:
        """Start a new match of ``game``: the person called ``name`` at ``seat``, robots of level
        ``robots``, named in ``lang`` ("Robot 1", "Робот 1" three-handed; "Robot W", "Робот З")."""
        robot_name = translate("play.robot_name", lang)
        info = get_game(game)
        if robots not in ROBOT_LEVELS:
            raise BridgeError(f"robots are {', '.join(ROBOT_LEVELS)}, not {robots!r}")
        scoring = scoring or info.default_scoring
        if info.players == 3:
            names = [name, f"{robot_name} 1", f"{robot_name} 2"]
            seats: list[SeatSpec] = [
                SeatSpec(name),
                SeatSpec(names[1], robots),
                SeatSpec(names[2], robots),
            ]
            position = 0
        else:
            seats = [
                SeatSpec(name)
                if s == seat
                else SeatSpec(f"{robot_name} {seat_letter(s, lang)}", robots)
                for s in Seat
            ]
            names = [spec.player for spec in seats]
            position = int(seat)
        mode = "table" if info.players == 3 else "strict"
        match = Match(
            info.name,
            scoring=scoring,
            players=names if info.players == 3 else (),
            seed=seed,
            mode=mode,
        )
        record = store.create_match(
            "play",
            info.name,
            match.scoring,
            seats=seats,
            seed=seed,
            options={"human": name, "position": position, "players": names, "mode": mode},
        )
        return cls(store, record, match, robot_factory=robot_factory)

    @classmethod
    def resume(
        cls,
        store: Store,
        match_id: int | str,
        *,
        robot_factory: Callable[[str, int | None], Any] = make_robot_for,
    ) -> PlayTable:
        """Rebuild a stored match by replaying every deal's log; the deal in progress continues."""
        record = store.get_match(match_id)
        if record.kind != "play":
            raise BridgeError(
                f"match {record.id} is a score pad: continue it with 'bridgeroom pad --resume {record.id}'"
            )
        options = record.options
        info = get_game(record.game)
        match = Match(
            info.name,
            scoring=record.scoring,
            players=options.get("players", ()) if info.players == 3 else (),
            seed=record.seed,
            mode=options.get("mode", "strict"),
        )
        table = cls(store, record, match, robot_factory=robot_factory)
        for deal in record.deals:
            cards = Deal.parse(deal.cards)
            state = None
            if record.seed is not None:
                # Deal again from the seed, so that the deals after this one come as they would have.
                state = match.next_deal()
                if state.deal != cards:  # a deal given by hand: the record is the truth
                    match.deals.pop()
                    state = None
            if state is None:
                state = match.start_deal(
                    cards, Seat.find(deal.dealer), Vulnerability.find(deal.vulnerability)
                )
            replay(state, deal.actions)
            if deal.is_over:
                if not state.is_over:
                    raise BridgeError(
                        f"deal {deal.number} of match {record.id} is recorded as over but its log is not"
                    )
                match.record(state)
            else:
                table.deal_id = deal.id
        table._robot_since_human = 1  # what was taken before the interruption cannot be taken back
        return table

    # --- who plays ---------------------------------------------------------------------------

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def state(self) -> DealState | None:
        """The deal in progress, or ``None`` between deals."""
        return self.match.current

    @property
    def last_state(self) -> DealState | None:
        """The deal in progress or, between deals, the last deal played."""
        return self.match.deals[-1] if self.match.deals else None

    @property
    def three_handed(self) -> bool:
        return self.match.game.players == 3

    def human_seat(self, state: DealState | None = None) -> Seat:
        """The compass seat the person holds in ``state`` (three-handed: changes with the deal).

        The person is the engine's player ``human_position`` (his place at the table, the
        position of his seat in the record)."""
        st = state or self.last_state
        if st is None:
            if self.three_handed:
                raise BridgeError("no deal yet")
            return Seat(self.human_position)
        return st.seat_of(self.human_position)

    def player_name(self, seat: Seat, state: DealState | None = None) -> str | None:
        """The player at ``seat`` (``None`` for the three-handed dummy)."""
        st = state or self.last_state
        if st is None:
            assert not self.three_handed, "no deal yet"
            return self.record.seats[seat].player
        player = st.player_at(seat)
        return None if player is None else self.record.seats[player].player

    def _level_of(self, seat: Seat, state: DealState) -> str:
        player = state.player_at(seat)
        assert player is not None, "nobody plays the three-handed dummy's seat"
        return self.levels[player]

    def human_to_act(self) -> bool:
        state = self.state
        return state is not None and state.to_act == self.human_seat(state)

    # --- dealing -------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    def next_deal(self, cards: Deal | None = None) -> DealState:
        """Deal the next deal (or play the given ``cards``, e.g. a teacher's deal) and store it."""
        if self.state is not None:
            raise BridgeError("the deal in progress is not over")
        if cards is None:
            state = self.match.next_deal()
        else:
            state = self.match.start_deal(
                cards, self.match.next_dealer(), self.match.next_vulnerability()
            )
        options: dict[str, Any] = {}
        if self.three_handed:
            options["players"] = {
                s.letter: self.match.players[p]
                for s in Seat
                if (p := state.player_at(s)) is not None
            }
        self.deal_id = self.store.add_deal(
            self.id,
            len(self.match.deals),
            state.dealer.letter,
            state.vulnerability.pbn,
            state.deal.to_pbn(),
            board=state.board,
            pack=state.pack,
            options=options,
        )
        self._robot_since_human = 0
        return state

    # --- acting ----------------------------------------------------------------------------------

    def _log(self, state: DealState) -> None:
        seat, action = state.history[-1]
        assert self.deal_id is not None
        self.store.append_action(self.deal_id, seat.letter, str(action))
        if state.is_over:
            self._finish(state)

    def _finish(self, state: DealState) -> None:
        entry = self.match.record(state)
        result = state.result
        assert result is not None and self.deal_id is not None
        data: dict[str, Any] = {
            "contract": None if result.contract is None else str(result.contract),
            "tricks": result.tricks,
            "summary": _entry_summary(entry),
        }
        self.store.finish_deal(self.deal_id, data)
        if self.match.is_over:
            self.store.set_status(self.id, "finished")

    def act(self, action: Action) -> Event:
        """The person's action (already checked); logged at once."""
        state = self.state
        if state is None or not self.human_to_act():
            raise TableError("error.not_your_turn_now")
        turn = state.turn or state.to_act
        assert turn is not None
        state.apply(action)
        self._robot_since_human = 0
        self._log(state)
        event = Event(turn, None if turn == state.dummy else self.human_name, action, False)
        self.last_event = event
        return event

    def robots_act(self, limit: int = 200) -> list[Event]:
        """Let the robots act until the person is to act or the deal is over."""
        events: list[Event] = []
        state = self.state
        while (
            state is not None
            and not state.is_over
            and not self.human_to_act()
            and len(events) < limit
        ):
            seat = state.to_act
            assert seat is not None
            level = self._level_of(seat, state)
            robot = self.robot_factory(level, self._robot_seed(state))
            decision = robot.decide(state.view(seat))
            turn = state.turn or seat
            state.apply(decision.action)
            self._robot_since_human += 1
            name = None if turn == state.dummy else self.player_name(turn, state)
            meaning = None
            if (
                isinstance(decision.action, Call)
                and level != "random"
                and self.match.game.partnership_auction
            ):
                from bridgeroom.robots.bidding import explain_call

                meaning = explain_call(state.calls, state.dealer, len(state.calls) - 1)
            events.append(Event(turn, name, decision.action, True, meaning))
            self._log(state)
            state = self.state
        return events

    def _robot_seed(self, state: DealState) -> int | None:
        if self.record.seed is None:
            return None
        return zlib.crc32(
            f"{self.record.seed}:{len(self.match.deals)}:{len(state.history)}".encode()
        )

    def undo(self) -> Action:
        """Take back the person's last action, if no robot has acted since (logged as ``undo``)."""
        state = self.state
        if state is None or not state.history:
            raise TableError("error.nothing_to_undo")
        if self._robot_since_human or state.history[-1][0] != self.human_seat(state):
            raise TableError("error.robot_acted")
        seat, _ = state.history[-1]
        action = state.undo()
        assert self.deal_id is not None
        self.store.append_action(self.deal_id, seat.letter, UNDO)
        return action

    def hint(self) -> Any:
        """The expert robot's choice for the person's turn, with its reason."""
        state = self.state
        if state is None or not self.human_to_act():
            raise TableError("error.not_your_turn_now")
        robot = self.robot_factory("expert", self._robot_seed(state))
        return robot.decide(state.view(self.human_seat(state)))

    def claim(self, tricks: int | None) -> tuple[bool, int]:
        """The person claims ``tricks`` of the rest (all by default); the robots accept when it is right.

        Returns ``(accepted, tricks claimed)``; an accepted claim ends the deal (logged as ``claim N``).
        """
        state = self.state
        if state is None or state.phase is not Phase.PLAY:
            raise TableError("error.claim_in_play")
        if not self.human_to_act():
            raise TableError("error.not_your_turn_now")
        remaining = state.tricks_left
        n = remaining if tricks is None else tricks
        if not 0 <= n <= remaining:
            raise TableError("error.claim_too_many", remaining=remaining)
        seat = self.human_seat(state)
        if not self._robots_accept_claim(state, seat, n):
            return False, n
        state.apply(Claim(n))
        self._robot_since_human = 0
        self._log(state)
        return True, n

    def _robots_accept_claim(self, state: DealState, claimer: Seat, tricks: int) -> bool:
        """Each robot opponent of ``claimer`` judges the claim from its own view, with the claimer's
        hand faced (Law 68): a robot that judges claims checks it double dummy over the layouts it
        cannot tell apart; one without judgement (``random``) takes the exact double-dummy check
        (:func:`bridgeroom.robots.claims.robot_accepts_claim`). One refusal drops the claim."""
        from bridgeroom.robots.claims import robot_accepts_claim

        for seat in Seat:
            if seat == state.dummy or state.is_declaring(seat) == state.is_declaring(claimer):
                continue
            robot = self.robot_factory(self._level_of(seat, state), self._robot_seed(state))
            if not robot_accepts_claim(robot, state, seat, claimer, tricks):
                return False
        return True

    def look_at_dummy(self) -> None:
        """Three-handed: the person looks at the dummy during the auction (TH-23): barred from it."""
        state = self.state
        if not self.three_handed or state is None:
            raise TableError("error.look_three_handed")
        if state.phase is not Phase.AUCTION:
            raise TableError("error.look_auction")
        from bridgeroom.rules.three_handed import LookAtDummy

        seat = self.human_seat(state)
        state.apply(LookAtDummy(), seat)
        self._robot_since_human = 0
        self._log(state)

    def barred(self) -> bool:
        """Three-handed: whether the person looked at the dummy and is barred from the auction (TH-23)."""
        state = self.state
        if state is None:
            return False
        seat = self.human_seat(state)
        extra = state.view(seat).extra
        return isinstance(extra, ThreeHandedExtra) and seat in extra.barred

    def close(self) -> None:
        self.store.close()


def _entry_summary(entry: SessionEntry) -> dict[str, Any]:
    """What a session entry says about one deal, as JSON-ready data."""
    out: dict[str, Any] = {}
    hand = entry.hand
    if hand is not None:
        out["score"] = hand.to_dict()
    for name in ("game_won", "rubber_bonus", "premium", "board"):
        value = getattr(entry, name, None)
        if value is not None:
            out[name] = str(value) if isinstance(value, (Side, Seat)) else value
    ns = getattr(entry, "ns_score", None)
    if ns is not None:
        out["ns_score"] = ns
    return out
