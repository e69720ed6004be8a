"""A live table: its seats, its match, the deal in progress and the requests pending.

:class:`LiveTable` holds no connection and does no I/O: every change is a
method that checks the request against the rules engine and either raises a
:class:`~bridgeroom.errors.BridgeError` (nothing changed) or changes the table
and returns the :class:`LogEntry` to store. Replaying the stored entries of a
table through :meth:`LiveTable.replay` rebuilds it exactly, which is how a
restarted server resumes every table.

Seats and slots: a table has one *slot* per player (four for the four-handed
games, three for three-handed bridge): slot ``i`` is the engine's player ``i``
(:meth:`DealState.player_at`, :meth:`DealState.seat_of`). In the four-handed
games it is compass seat ``Seat(i)``; in three-handed bridge the players'
compass seats turn with the deal (TH-5, TH-A3), and the score sheet names the
players ``P1``..``P3``.

    >>> table = LiveTable("t1", "contract", seed=7, robots={1: "random", 2: "random", 3: "random"})
    >>> token = table.join(0, "Ann")
    >>> table.start_deal().dealer, table.number
    (<Seat.NORTH: 0>, 1)
    >>> table.slot_to_act(), table.seat_of_slot(0)
    (0, <Seat.NORTH: 0>)
    >>> table.act(0, "1NT").text
    '1NT'
    >>> try:
    ...     table.act(0, "2NT")
    ... except SeatError as err:
    ...     print(err)
    it is not your turn: E acts now (CB-5)
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass, field
from typing import Any

from bridgeroom.errors import BridgeError, IllegalActionError
from bridgeroom.games import Game, Match, get_game
from bridgeroom.rules import Deal, DealState, Mode, Phase, Seat, Vulnerability, deal_cards, make_rng
from bridgeroom.rules.state import Claim
from bridgeroom.server.protocol import action_text
from bridgeroom.store import hash_token, new_token

__all__ = [
    "ROBOT_LEVELS",
    "SeatError",
    "Slot",
    "LogEntry",
    "Request",
    "LiveTable",
]

#: The robot levels a seat can be given (bridgeroom.robots).
ROBOT_LEVELS: tuple[str, ...] = ("random", "basic", "expert")


class SeatError(IllegalActionError):
    """A request from a seat that may not make it: not its turn, no such seat, seat taken, bad token."""


@dataclass
class Slot:
    """One player's place: a person (with a name and a token hash), a robot (with a level), or open."""

    index: int
    kind: str = "open"  # "person" | "robot" | "open"
    name: str = ""
    level: str | None = None
    token_hash: str | None = None

    def public(self) -> dict[str, Any]:
        return {"slot": self.index, "kind": self.kind, "name": self.name, "level": self.level}


@dataclass(frozen=True)
class LogEntry:
    """One entry of a deal's append-only log, as stored (``seat`` is a letter or a slot number).

    ``act``: an action of the engine, by the seat ``seat`` (its text in ``text``);
    ``undo``: an accepted undo, keeping the first ``int(text)`` actions of the deal's history.
    An agreed claim is the engine's action ``claim N`` (``N`` tricks to the side of the seat
    that makes it, the seat to act).
    """

    kind: str
    seat: str
    text: str

    @property
    def word(self) -> str:
        """The ``action`` column of the store: the text, or ``undo N``."""
        return self.text if self.kind == "act" else f"{self.kind} {self.text}"

    @classmethod
    def from_word(cls, seat: str, word: str) -> LogEntry:
        head, _, rest = word.partition(" ")
        if head == "undo" and rest.isdigit():
            return cls(head, seat, rest)
        return cls("act", seat, word)


@dataclass
class Request:
    """An undo or a claim waiting for the opponents' answers."""

    kind: str  # "undo" | "claim"
    slot: int
    seat: Seat
    waiting: set[int] = field(default_factory=set)
    tricks: int = 0
    keep: int = 0

    def public(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "slot": self.slot,
            "seat": self.seat.letter,
            "waiting": sorted(self.waiting),
            "tricks": self.tricks,
        }


class LiveTable:
    """One table in play: a game's match, its slots, the deal in progress, undo and claim requests.

    ``robots`` maps slots to robot levels; the other slots are open until a
    person joins. ``mode``: the engine's mode (three-handed tables play in
    table mode, so that its irregularities can be made and rectified, TH-21..TH-23).
    """

    def __init__(
        self,
        code: str,
        game: str | Game,
        *,
        scoring: str | None = None,
        seed: int | str | None = None,
        private: bool = False,
        robots: dict[int, str] | None = None,
        mode: Mode | str | None = None,
    ) -> None:
        self.code = code
        self.game = game if isinstance(game, Game) else get_game(game)
        self.private = private
        #: The seed of the table's shuffles (random when not given).
        self.seed: int | str = seed if seed is not None else secrets.randbits(63)
        n = self.game.players
        self.slots = [Slot(i) for i in range(n)]
        for index, level in (robots or {}).items():
            self.set_robot(index, level)
        if mode is None:
            mode = Mode.TABLE if n == 3 else Mode.STRICT
        self.mode = Mode(mode) if isinstance(mode, str) else mode
        self.match = Match(
            self.game, scoring=scoring, players=self.player_keys(), seed=self.seed, mode=self.mode
        )
        self.scoring = self.match.scoring
        self.state: DealState | None = None
        #: The current deal's log entries since it was dealt.
        self.log: list[LogEntry] = []
        self.request: Request | None = None
        #: The deal number of the deal in progress (or the last one), 0 before the first.
        self.number = 0

    # --- players and seats ---------------------------------------------------------

    @property
    def three_handed(self) -> bool:
        return self.game.players == 3

    def player_keys(self) -> tuple[str, ...]:
        """The names the engine and the score sheet know the players by."""
        if self.three_handed:
            return tuple(f"P{i + 1}" for i in range(3))
        return ()

    def seat_of_slot(self, slot: int) -> Seat | None:
        """The compass seat of ``slot`` in the deal in progress (``None`` before the first deal
        of a three-handed table)."""
        state = self.state
        if state is None:
            return None if self.three_handed else Seat(slot)
        return state.seat_of(slot)

    def slot_of_seat(self, seat: Seat) -> int | None:
        """The slot playing ``seat`` (``None`` for the three-handed dummy's seat)."""
        state = self.state
        if state is None:
            return None if self.three_handed else int(seat)
        return state.player_at(seat)

    def slot_to_act(self) -> int | None:
        state = self.state
        if state is None or state.to_act is None:
            return None
        return self.slot_of_seat(state.to_act)

    def slot_by_token(self, token: str | None) -> int | None:
        """The slot whose token this is, or ``None`` (a spectator)."""
        if not token:
            return None
        digest = hash_token(token)
        for slot in self.slots:
            if slot.token_hash is not None and hmac.compare_digest(slot.token_hash, digest):
                return slot.index
        return None

    def _slot(self, index: int) -> Slot:
        if not isinstance(index, int) or not 0 <= index < len(self.slots):
            raise SeatError(f"no seat {index!r} at a table of {len(self.slots)} players")
        return self.slots[index]

    def join(self, index: int, name: str, token: str | None = None) -> str:
        """A person takes the open slot ``index``; returns the seat token (new unless given)."""
        slot = self._slot(index)
        name = " ".join(str(name).split())[:40]
        if not name:
            raise SeatError("a player joins with a display name")
        if slot.kind != "open":
            raise SeatError(f"seat {index} is taken by {slot.name or 'a robot'}")
        token = token or new_token()
        slot.kind, slot.name, slot.level, slot.token_hash = "person", name, None, hash_token(token)
        return token

    def set_robot(self, index: int, level: str) -> None:
        """Put a robot of ``level`` in an open slot."""
        slot = self._slot(index)
        if level not in ROBOT_LEVELS:
            raise SeatError(f"no robot level {level!r}; the levels are {', '.join(ROBOT_LEVELS)}")
        if slot.kind == "person":
            raise SeatError(f"seat {index} is taken by {slot.name}")
        slot.kind, slot.name, slot.level, slot.token_hash = "robot", f"Robot ({level})", level, None

    @property
    def full(self) -> bool:
        return all(s.kind != "open" for s in self.slots)

    # --- deals --------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """The match is over (a rubber won, a Chicago round played)."""
        return self.match.is_over and (self.state is None or self.state.phase is Phase.DONE)

    def start_deal(self) -> DealState:
        """Deal the next deal of the match.

        Its cards come from a shuffle seeded by the table's seed and the deal's
        number (CB-3), so a table's deals are reproducible and a restarted
        server deals on exactly as before.
        """
        if self.state is not None and self.state.phase is not Phase.DONE:
            raise IllegalActionError("the deal in progress is not over")
        if self.match.is_over:
            raise IllegalActionError(f"the {self.scoring} is over")
        dealer = self.match.next_dealer()
        deal = deal_cards(dealer, make_rng(f"{self.seed}:{self.match.number}"))
        return self.resume_deal(deal, dealer, self.match.next_vulnerability())

    def resume_deal(
        self, deal: Deal | str, dealer: Seat, vulnerability: Vulnerability
    ) -> DealState:
        """Start the next deal of the match with these cards (a stored deal, when resuming)."""
        self.number = self.match.number
        self.state = self.match.start_deal(
            deal if isinstance(deal, Deal) else Deal.parse(deal), dealer, vulnerability
        )
        self.log = []
        self.request = None
        return self.state

    def _state(self) -> DealState:
        if self.state is None or self.state.phase is Phase.DONE:
            raise IllegalActionError("no deal is in progress")
        return self.state

    def _finish_if_over(self) -> None:
        state = self.state
        if state is not None and state.phase is Phase.DONE and self.match.current is state:
            self.match.record(state)

    def act(self, index: int, text: str) -> LogEntry:
        """The person or robot in slot ``index`` makes the action ``text`` (``1NT``, ``SA``, ``12``...).

        Out of turn only the variants' table-mode actions are allowed (three-handed
        irregularities); anything else is refused with the rule's number.
        """
        state = self._state()
        if self.request is not None:
            raise SeatError(
                f"an {self.request.kind} request is waiting for an answer; play goes on after it"
            )
        seat = self.seat_of_slot(index)
        if seat is None:
            raise SeatError(f"seat {index} has no place in this deal")
        text = str(text).strip()
        if not text:
            raise IllegalActionError("an empty action")
        to_act = state.to_act
        if seat != to_act and text.lower() not in self._table_words(seat):
            rule = {"auction": "CB-5", "play": "CB-10"}.get(state.phase.value, state.phase.value)
            actor = "nobody" if to_act is None else to_act.letter
            raise SeatError(f"it is not your turn: {actor} acts now ({rule})")
        before = len(state.history)
        state.apply(text, seat if seat != to_act else None)
        if len(state.history) == before:  # pragma: no cover - the engine always records
            raise IllegalActionError(f"the action {text!r} was not recorded")
        _, action = state.history[-1]
        entry = LogEntry("act", seat.letter, action_text(action))
        self.log.append(entry)
        self._finish_if_over()
        return entry

    def _table_words(self, seat: Seat) -> set[str]:
        """The texts of the table-mode actions ``seat`` may take out of turn now."""
        state = self.state
        if state is None:
            return set()
        return {action_text(a).lower() for a in state.table_actions(seat)}

    def table_actions(self, index: int) -> list[str]:
        """Remedial and irregular actions slot ``index`` may take now (three-handed TH-21..TH-23, revoke corrections)."""
        state = self.state
        if state is None or state.phase is Phase.DONE:
            return []
        seat = self.seat_of_slot(index)
        if seat is None:
            return []
        return [action_text(a) for a in state.table_actions(seat)]

    # --- undo ---------------------------------------------------------------------------------

    def opponents(self, index: int) -> list[int]:
        """The slots whose agreement an undo or a claim of slot ``index`` needs.

        Four-handed: the other side. Three-handed: in the auction both other
        players; in the play the other side of declarer against defenders.
        """
        state = self.state
        seat = self.seat_of_slot(index)
        if state is None or seat is None:
            return []
        out: list[int] = []
        for slot in self.slots:
            other = self.seat_of_slot(slot.index)
            if slot.index == index or other is None:
                continue
            if self.three_handed:
                sides_differ = state.is_declaring(seat) != state.is_declaring(other)
                if state.phase is not Phase.PLAY or sides_differ:
                    out.append(slot.index)
            elif other.side != seat.side:
                out.append(slot.index)
        return out

    def request_undo(self, index: int) -> Request:
        """Slot ``index`` asks to take back its last action (and everything after it)."""
        state = self._state()
        if self.request is not None:
            raise SeatError(f"an {self.request.kind} request is already waiting")
        seat = self.seat_of_slot(index)
        keep = None
        for i in range(len(state.history) - 1, -1, -1):
            if state.history[i][0] == seat:
                keep = i
                break
        if seat is None or keep is None:
            raise SeatError("you have no action in this deal to take back")
        waiting = {i for i in self.opponents(index) if self.slots[i].kind == "person"}
        self.request = Request("undo", index, seat, waiting, keep=keep)
        return self.request

    def _do_undo(self, keep: int) -> LogEntry:
        state = self._state()
        if not 0 <= keep <= len(state.history):
            raise IllegalActionError(f"cannot keep {keep} of {len(state.history)} actions")
        state.replay(state.history[:keep])
        entry = LogEntry("undo", "", str(keep))
        self.log.append(entry)
        return entry

    # --- claims -----------------------------------------------------------------------------------

    def remaining_tricks(self) -> int:
        state = self.state
        return 0 if state is None else state.tricks_left

    def request_claim(self, index: int, tricks: int) -> Request:
        """Slot ``index`` claims ``tricks`` of the tricks left for its side (the play must be on)."""
        state = self._state()
        if self.request is not None:
            raise SeatError(f"an {self.request.kind} request is already waiting")
        if state.phase is not Phase.PLAY:
            raise IllegalActionError("a claim is made during the play")
        seat = self.seat_of_slot(index)
        assert seat is not None
        if seat == state.dummy:
            raise SeatError("the dummy does not claim; the declarer claims for his side")
        left = self.remaining_tricks()
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= left:
            raise IllegalActionError(f"a claim is of 0 to {left} tricks, not {tricks!r}")
        waiting = {i for i in self.opponents(index) if self.slots[i].kind == "person"}
        self.request = Request("claim", index, seat, waiting, tricks=tricks)
        return self.request

    def claim_is_right(self) -> bool:
        """Whether the pending claim is right double dummy: the claimer's side takes at least the
        tricks claimed whatever the others play (what a robot opponent checks before accepting)."""
        state = self.state
        request = self.request
        if state is None or request is None or request.kind != "claim":
            return False
        from bridgeroom.robots.claims import claim_limit

        return request.tricks <= claim_limit(state, request.seat)

    def _do_claim(self, seat: Seat, tricks: int) -> LogEntry:
        """Apply an agreed claim as the engine's ``claim N`` action, made by the seat to act
        for its side (so ``N`` counts that side's tricks)."""
        state = self._state()
        actor = state.to_act
        assert actor is not None
        left = state.tricks_left
        n = tricks if state.is_declaring(actor) == state.is_declaring(seat) else left - tricks
        state.apply(Claim(n))
        entry = LogEntry("act", actor.letter, action_text(state.history[-1][1]))
        self.log.append(entry)
        self._finish_if_over()
        return entry

    def answer(self, index: int, accept: bool) -> LogEntry | None:
        """Slot ``index`` answers the pending request; when the last awaited answer is yes, it is done.

        Returns the log entry of the undo or claim carried out, else ``None``.
        A refusal drops the request. The requester may withdraw it (answer ``False``).
        """
        request = self.request
        if request is None:
            raise SeatError("there is no request to answer")
        if index == request.slot and not accept:
            self.request = None
            return None
        if index not in request.waiting:
            raise SeatError("this request does not wait for your answer")
        if not accept:
            self.request = None
            return None
        request.waiting.discard(index)
        return self.settle_request()

    def settle_request(self) -> LogEntry | None:
        """Carry out the pending request once no answer is awaited."""
        request = self.request
        if request is None or request.waiting:
            return None
        self.request = None
        if request.kind == "undo":
            return self._do_undo(request.keep)
        return self._do_claim(request.seat, request.tricks)

    # --- replay ---------------------------------------------------------------------------------------

    def replay(self, entry: LogEntry) -> None:
        """Re-apply a stored log entry of the deal in progress (restart after a crash)."""
        state = self._state()
        if entry.kind == "act":
            state.apply(entry.text, Seat.find(entry.seat))
            self.log.append(entry)
            self._finish_if_over()
        elif entry.kind == "undo":
            self._do_undo(int(entry.text))
        else:
            raise BridgeError(f"unknown log entry {entry!r}")
