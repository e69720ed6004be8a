"""The terminal's table: one person with robots at a :class:`~bridgeroom.table.Table`, kept in
the store as it plays.

:class:`PlayTable` is the terminal's side of the table layer: it seats the person and the
robots (:func:`~bridgeroom.table.solo_places`), lets the robots act until the person is
to act, passes the person's actions, undo, claims and looks at the dummy to the table,
and writes every event to the store the moment it happens
(:class:`~bridgeroom.table.TableRecord`). A stored match is rebuilt by replaying its log
(:meth:`PlayTable.resume`). The rules of the table (whose turn, who consents to an undo
or a claim, what a robot's call means) are the table's; the terminal's own choices are
that robots consent to an undo only while none of them has acted since, and that the
person claims and asks for hints from the ``expert`` robot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from bridgeroom.errors import BridgeError
from bridgeroom.games import Match, get_game
from bridgeroom.i18n import Message
from bridgeroom.robots import Decision, make_robot
from bridgeroom.rules import Action, Deal, DealState, LookAtDummy, Seat
from bridgeroom.store import MatchOptions, MatchRecord, Store
from bridgeroom.table import (
    ROBOT_LEVELS,
    Acted,
    RobotFactory,
    Table,
    TableError,
    TableEvent,
    TableRecord,
    TableSnapshot,
    Undone,
    default_robot_factory,
    robot_seed,
    solo_places,
    solo_player,
    table_from_record,
)
from bridgeroom.tui.saving import SaveError, saving

__all__ = ["ROBOT_LEVELS", "PlayTable", "SaveError", "TableError"]

#: The robot level whose choice a hint shows.
HINT_LEVEL = "expert"
#: Seconds the expert thinks for a hint (a card; a call gets its share of it).
HINT_BUDGET = 4.0


def given_name(name: str, player: int, players: int, lang: str, *, robot: bool) -> str:
    """``name`` in ``lang`` when it is a name the terminal gave (a robot's, named by its seat or
    number, :func:`~bridgeroom.table.solo_places`; the person's default), else as it is.

    >>> given_name("Robot W", 3, 4, "ru", robot=True), given_name("Робот 2", 2, 3, "en", robot=True)
    ('Робот З', 'Robot 2')
    >>> given_name("Ann", 0, 4, "ru", robot=False), given_name("Игрок", 0, 4, "en", robot=False)
    ('Ann', 'Player')
    """
    from bridgeroom.i18n import LANGUAGES, seat_letter, translate

    def label(tongue: str) -> str:
        """A robot's seat letter (four-handed) or number (three-handed) in ``tongue``."""
        return seat_letter(Seat(player), tongue) if players == 4 else name.rpartition(" ")[2]

    for other in LANGUAGES:
        if robot:
            if name == f"{translate('play.robot_name', other)} {label(other)}":
                return f"{translate('play.robot_name', lang)} {label(lang)}"
        elif name == translate("play.default_name", other):
            return translate("play.default_name", lang)
    return name


class PlayTable:
    """A match played at the terminal by one person and robots, kept in ``store``."""

    def __init__(self, store: Store, record: MatchRecord, table: Table) -> None:
        self.store = store
        self.record = record
        self.table = table
        self.writer = TableRecord.of(store, record)
        options = record.options
        if options.human is None or options.position is None:
            raise BridgeError(
                f"match {record.id} was not played at the terminal: it has no person to seat"
            )
        self.human_name: str = options.human
        #: The person's player number (his place at the table).
        self.human_position: int = options.position
        #: The language the match was started in (a resumed match speaks it again).
        self.lang: str | None = options.lang
        #: Events taken at the table but not yet in the store (it could not write them).
        self.pending: list[TableEvent] = []

    # --- creating and resuming ---------------------------------------------------------------

    @classmethod
    def new(
        cls,
        store: Store,
        game: str,
        *,
        scoring: str | None = None,
        seat: Seat = Seat.SOUTH,
        name: str | None = None,
        robots: str = "basic",
        seed: int | str | None = None,
        robot_factory: RobotFactory | None = None,
        lang: str = "en",
        systems: Sequence[str] | None = None,
    ) -> PlayTable:
        """Start a new match of ``game``: the person called ``name`` (by default the word for a
        player in ``lang``: "Player", "Игрок") at ``seat``, robots of level ``robots``, named in
        ``lang`` ("Robot 1", "Робот 1" three-handed; "Robot W", "Робот З"). The language is kept
        with the match, so that ``resume`` speaks it again. ``systems``: the bidding systems of
        North-South and East-West (names or files' paths; both ``standard`` by default)."""
        from bridgeroom.i18n import translate

        info = get_game(game)
        if name is None or not name.strip():
            name = translate("play.default_name", lang)
        places = solo_places(info, seat, name, robots, lang=lang)
        table = Table(
            info,
            scoring=scoring,
            seed=seed,
            places=places,
            names=[p.name for p in places],
            undo_past_robots=False,
            robot_factory=robot_factory,
            systems=systems,
        )
        with saving():
            record = TableRecord.create(
                store,
                table,
                options=MatchOptions(
                    human=name,
                    position=solo_player(info, seat),
                    players=tuple(p.name for p in places),
                    mode=table.mode.value,
                    lang=lang,
                ),
            )
            return cls(store, store.get_match(record.match_id), table)

    @classmethod
    def resume(
        cls, store: Store, match_id: int | str, *, robot_factory: RobotFactory | None = None
    ) -> PlayTable:
        """Rebuild a stored match by replaying every deal's log; the deal in progress continues."""
        record = store.get_match(match_id)
        if record.kind != "play":
            raise BridgeError(
                f"match {record.id} is a score pad: continue it with 'bridgeroom pad --resume {record.id}'"
            )
        table = table_from_record(record, undo_past_robots=False, robot_factory=robot_factory)
        return cls(store, record, table)

    # --- who plays ---------------------------------------------------------------------------

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def match(self) -> Match:
        return self.table.match

    @property
    def state(self) -> DealState | None:
        """The deal in progress, or ``None`` between deals."""
        return self.table.current

    @property
    def last_state(self) -> DealState | None:
        """The deal in progress or, between deals, the last deal played."""
        return self.table.state

    def human_seat(self, state: DealState | None = None) -> Seat:
        """The compass seat the person holds in ``state`` (three-handed: changes with the deal)."""
        seat = self.table.seat_of(self.human_position, state)
        if seat is None:
            raise BridgeError("no deal yet")
        return seat

    def player_name(
        self, seat: Seat, state: DealState | None = None, lang: str | None = None
    ) -> str | None:
        """The player at ``seat`` (``None`` for the three-handed dummy); in ``lang``, a name the
        terminal gave (a robot's, the person's default) is said in that language, whatever the
        language the match was started in (``resume --lang``)."""
        place = self.table.place_at(seat, state)
        if place is None:
            return None
        return self.name_of(place.player, lang)

    def name_of(self, player: int, lang: str | None = None) -> str:
        """Player ``player``'s name (in ``lang``, as :meth:`player_name` says it)."""
        place = self.table.places[player]
        if lang is None:
            return place.name
        return given_name(place.name, player, len(self.table.places), lang, robot=place.is_robot)

    def told(self, seat: Seat) -> bool:
        """Whether the person is told the meaning and alert of ``seat``'s calls (the opponents'
        only: :meth:`~bridgeroom.table.Table.explains_to`)."""
        return self.table.explains_to(self.human_position, seat)

    def convention_cards(self) -> list[list[Message]]:
        """The convention cards of the person's side, then the opponents'."""
        return self.table.convention_cards(self.human_position)

    def snapshot(self, lang: str | None = None) -> TableSnapshot:
        """What the person may see of the table now (:meth:`Table.snapshot
        <bridgeroom.table.Table.snapshot>`): what the terminal draws; in ``lang``, the names the
        terminal gave are said in that language (:meth:`name_of`)."""
        snapshot = self.table.snapshot(self.human_position)
        if lang is None:
            return snapshot
        places = tuple(
            replace(place, name=self.name_of(place.player, lang)) for place in snapshot.places
        )
        return replace(snapshot, places=places)

    def human_to_act(self) -> bool:
        return self.table.player_to_act() == self.human_position

    @property
    def is_over(self) -> bool:
        return self.table.over

    # --- what the person and the robots do, each stored at once ---------------------------------

    def _write(self, events: list[TableEvent]) -> list[TableEvent]:
        """Store ``events`` after any still waiting; :class:`SaveError` if the store cannot
        write (the table keeps them: :meth:`flush` writes them when it can)."""
        self.pending.extend(events)
        self.flush()
        return events

    def flush(self) -> None:
        """Write the events the store could not take yet, in order, each committed at once;
        :class:`SaveError` (those left still waiting) if it still cannot write."""
        while self.pending:
            with saving():
                self.writer.write(self.table, self.pending[:1])
            self.pending.pop(0)

    @property
    def unsaved(self) -> list[Action]:
        """The actions taken at the table that the store has not written yet."""
        return [e.action for e in self.pending if isinstance(e, Acted)]

    def next_deal(self, cards: Deal | None = None) -> DealState:
        """Deal the next deal (or play the given ``cards``, e.g. a teacher's deal) and store it."""
        self._write(self.table.deal(cards))
        state = self.table.current
        assert state is not None
        return state

    def act(self, action: Action) -> Acted:
        """The person's action (already checked); stored at once."""
        if not self.human_to_act():
            raise TableError("error.not_your_turn_now")
        events = self._write(self.table.act(self.human_position, action))
        acted = events[0]
        assert isinstance(acted, Acted)
        return acted

    def robots_act(
        self, limit: int = 200, *, each: Callable[[list[TableEvent]], object] | None = None
    ) -> list[Acted]:
        """Let the robots act until the person is to act or the deal is over; each action is
        given to ``each`` (to show it) and stored as it is taken."""

        def record(events: list[TableEvent]) -> None:
            if each is not None:
                each(events)
            self._write(events)

        events = self.table.run_robots(limit, record=record)
        return [e for e in events if isinstance(e, Acted)]

    def undo(self) -> Action:
        """Take back the person's last action, if no robot has acted since (logged as ``undo N``)."""
        events = self._write(self.table.request_undo(self.human_position))
        undone = next(e for e in events if isinstance(e, Undone))
        return undone.taken[0][1]

    def hint(self) -> Decision:
        """The expert robot's choice for the person's turn, with its reason.

        A person who asks for a hint waits a moment for it: the expert thinks
        :data:`HINT_BUDGET` seconds (against its 0.8 s at the table), so that its reason rests on
        enough layouts to mean something (issue 15: a three-handed call from one layout); where
        it still has too few it says so, and falls back on its cheaper estimate."""
        turn = self.table.advice(self.human_position, HINT_LEVEL)
        if self.table.robot_factory is default_robot_factory:  # a test's own robots stay theirs
            robot = make_robot(
                HINT_LEVEL,
                seed=robot_seed(self.table.seed, turn.number, turn.moves),
                scoring=self.table.scoring,
                time_budget=HINT_BUDGET,
                system=self.table.systems.of(turn.seat),  # the person's side's card
                opponents=self.table.systems.of(turn.seat.lho),
            )
            turn = replace(turn, robot=robot)
        return turn.decide()

    def claim(self, tricks: int | None) -> tuple[bool, int]:
        """The person claims ``tricks`` of the rest (all by default); each robot opponent judges it.

        Returns ``(accepted, tricks claimed)``; an accepted claim ends the deal (logged as ``claim N``).
        """
        table = self.table
        self._write(table.request_claim(self.human_position, tricks))  # his hand faced (Law 68B)
        request = table.request
        assert request is not None
        events = self._write(table.answer_by_robots())
        return any(isinstance(e, Acted) for e in events), request.tricks

    def look_at_dummy(self) -> None:
        """Three-handed: the person looks at the dummy during the auction (TH-23): barred from it."""
        self._write(self.table.look_at_dummy(self.human_position))

    def may_look(self) -> bool:
        """Three-handed: whether the person may look at the dummy now (TH-23)."""
        return any(
            isinstance(a, LookAtDummy) for a in self.table.table_actions(self.human_position)
        )

    def barred(self) -> bool:
        """Three-handed: whether the person looked at the dummy and is barred from the auction (TH-23)."""
        return self.table.is_barred(self.human_position)

    def close(self) -> None:
        self.store.close()
