"""The tables of a running server: connections, robots, the store, in one asyncio loop.

The :class:`Hub` owns every :class:`~bridgeroom.server.tables.LiveTable`, the
websocket connections watching each one, and the robots' turns. Each change
to a table runs under that table's lock in this order:

1. the rules engine checks and applies it (an illegal request changes nothing
   and is answered with an error to its sender only);
2. the change is committed to the store (one thread does every database call,
   so the loop keeps serving other tables while a commit waits for the disk);
3. only then is every connection sent its own new view.

If a commit fails, the table is rebuilt from the store, so memory never runs
ahead of the record. At start-up :meth:`Hub.restore` rebuilds every active
table by replaying its stored log.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from bridgeroom.errors import BridgeError
from bridgeroom.formats.pbn import PbnGame, dumps
from bridgeroom.games import GAMES
from bridgeroom.i18n import LANGUAGES
from bridgeroom.rules import Call, DealState, Phase, Seat, ThreeHandedExtra, View, Vulnerability
from bridgeroom.server.journal import Journal, LogRow, add_deal_row, finish_deal_row
from bridgeroom.server.protocol import public_view, score_payload, view_payload
from bridgeroom.server.tables import ROBOT_LEVELS, LiveTable, LogEntry, SeatError
from bridgeroom.store import Store, StoreError, hash_token

__all__ = ["Connection", "Hub", "TableRuntime", "make_seat_robot"]

log = logging.getLogger("bridgeroom.server")

T = TypeVar("T")


class Connection(Protocol):
    """What the hub needs of a websocket: send a text frame."""

    async def send_text(self, data: str) -> None: ...


def make_seat_robot(level: str, *, seed: int | None = None, scoring: str | None = None) -> Any:
    """A robot of ``level`` (:func:`bridgeroom.robots.make_robot`) playing for ``scoring``."""
    from bridgeroom.robots import make_robot

    return make_robot(level, seed=seed, scoring=scoring)


def use_wal(engine: Any) -> None:
    """SQLite: write-ahead logging, so that readers never wait for the writer and a commit
    appends to one file (every commit is still flushed to disk). Other databases: nothing."""
    if engine.url.get_backend_name() != "sqlite" or engine.url.database in (None, "", ":memory:"):
        return
    with engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA journal_mode=WAL")


@dataclass
class Watcher:
    """One open websocket: the slot it acts for (``None``: a spectator), the last request it sent."""

    conn: Connection
    slot: int | None
    ack: Any = None


@dataclass
class TableRuntime:
    """A live table and what the server keeps beside it."""

    live: LiveTable
    match_id: int
    deal_id: int | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: list[Watcher] = field(default_factory=list)
    robot_task: asyncio.Task[None] | None = None
    robots: dict[int, Any] = field(default_factory=dict)
    notice: dict[str, Any] | None = None
    #: Entries of the deal in progress already stored (the next one is number ``seq + 1``).
    seq: int = 0

    @property
    def code(self) -> str:
        return self.live.code


class Hub:
    """Every table of the server.

    ``robot_delay``: seconds a robot waits before it acts (so people can follow);
    ``hint_level``: the robot level whose decision a hint shows.
    """

    def __init__(
        self,
        store: Store,
        *,
        robot_delay: float = 0.5,
        hint_level: str = "expert",
        next_deal_delay: float = 2.0,
    ) -> None:
        self.store = store
        self.robot_delay = max(0.0, float(robot_delay))
        self.hint_level = hint_level
        self.next_deal_delay = next_deal_delay
        self.tables: dict[str, TableRuntime] = {}
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bridgeroom-db")
        self._robot_threads = ThreadPoolExecutor(
            max_workers=2, thread_name_prefix="bridgeroom-robot"
        )
        self.actions = 0
        use_wal(store.engine)
        self.journal = Journal(store.engine, self.db)

    # --- the database thread ------------------------------------------------------------

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a store call on the database thread and wait for its commit."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, lambda: fn(*args, **kwargs))

    def close(self) -> None:
        for rt in self.tables.values():
            if rt.robot_task is not None:
                rt.robot_task.cancel()
        self._db.shutdown(wait=True)
        self._robot_threads.shutdown(wait=False, cancel_futures=True)

    # --- creating, joining, restoring -----------------------------------------------------

    async def create_table(
        self,
        game: str,
        *,
        scoring: str | None = None,
        private: bool = False,
        robots: dict[int, str] | None = None,
        seed: int | str | None = None,
    ) -> TableRuntime:
        """A new table; ``robots`` maps slots to robot levels, the other slots wait for people."""
        live = LiveTable("", game, scoring=scoring, seed=seed, private=private, robots=robots)
        seats = [(s.name, s.level) if s.kind == "robot" else ("", None) for s in live.slots]
        record = await self.db(
            self.store.create_match,
            "play",
            live.game.name,
            live.scoring,
            seats=seats,
            options={"mode": live.mode.value, "server": True},
            seed=live.seed,
            private=private,
        )
        live.code = record.code
        rt = TableRuntime(live, record.id)
        self.tables[live.code] = rt
        return rt

    def get(self, code: str) -> TableRuntime:
        rt = self.tables.get(code)
        if rt is None:
            raise SeatError(f"no table {code!r}")
        return rt

    async def join(self, code: str, slot: int, name: str) -> str:
        """A person takes an open seat; returns the seat token (shown once, kept by the browser)."""
        rt = self.get(code)
        async with rt.lock:
            token = rt.live.join(slot, name)
            try:
                await self.db(
                    self.store.update_seat,
                    rt.match_id,
                    slot,
                    player=rt.live.slots[slot].name,
                    robot_level=None,
                )
                await self.db(self.store.set_seat_token, rt.match_id, slot, token)
            except StoreError:
                await self._reload(rt)
                raise
            await self._after_change(rt)
        return token

    async def fill_with_robots(self, code: str, level: str) -> None:
        """Robots of ``level`` take every open seat."""
        rt = self.get(code)
        if level not in ROBOT_LEVELS:
            raise SeatError(f"no robot level {level!r}; the levels are {', '.join(ROBOT_LEVELS)}")
        async with rt.lock:
            for slot in rt.live.slots:
                if slot.kind == "open":
                    rt.live.set_robot(slot.index, level)
                    await self.db(
                        self.store.update_seat,
                        rt.match_id,
                        slot.index,
                        player=slot.name,
                        robot_level=level,
                    )
            await self._after_change(rt)

    async def restore(self) -> int:
        """Rebuild every active table of the store by replaying its log; returns how many."""
        summaries = await self.db(
            self.store.list_matches, kind="play", status="active", limit=100000
        )
        n = 0
        for summary in summaries:
            if summary.code in self.tables:
                continue
            record = await self.db(self.store.get_match, summary.id)
            if not record.options.get("server"):
                continue
            try:
                rt = self._rebuild(record)
            except (BridgeError, ValueError, KeyError) as err:
                log.warning("table %s cannot be resumed: %s", record.code, err)
                continue
            self.tables[rt.code] = rt
            n += 1
        for rt in self.tables.values():
            await self._after_change(rt, broadcast=False)
        return n

    def _rebuild(self, record: Any) -> TableRuntime:
        robots = {s.position: s.robot_level for s in record.seats if s.is_robot and s.robot_level}
        seed: int | str | None = record.seed
        if isinstance(seed, str) and seed.lstrip("-").isdigit():
            seed = int(seed)
        live = LiveTable(
            record.code,
            record.game,
            scoring=record.scoring,
            seed=seed,
            private=record.private,
            robots=robots,
            mode=record.options.get("mode"),
        )
        for seat in record.seats:
            if not seat.is_robot and seat.player:
                slot = live.slots[seat.position]
                slot.kind, slot.name = "person", seat.player
        rt = TableRuntime(live, record.id)
        for deal in record.deals:
            live.resume_deal(
                deal.cards, Seat.find(deal.dealer), Vulnerability.find(deal.vulnerability)
            )
            for action in deal.actions:
                live.replay(LogEntry.from_word(action.seat, action.action))
            rt.deal_id = deal.id
            rt.seq = len(deal.actions)
        return rt

    async def _reload(self, rt: TableRuntime) -> None:
        """Memory and the store disagree (a failed commit): rebuild the table from the store."""
        record = await self.db(self.store.get_match, rt.match_id)
        fresh = self._rebuild(record)
        rt.live, rt.deal_id, rt.seq = fresh.live, fresh.deal_id, fresh.seq

    async def slot_of_token(self, rt: TableRuntime, token: str | None) -> int | None:
        """The slot a token acts for (checked against the store's hashes), or ``None``."""
        if not token:
            return None
        known = rt.live.slot_by_token(token)  # joined since this server started, or seen before
        if known is not None:
            return known
        slot = await self.db(self.store.seat_of_token, rt.match_id, token)
        if slot is not None and rt.live.slots[slot].kind == "person":
            rt.live.slots[slot].token_hash = hash_token(token)
            return int(slot)
        return None

    # --- requests from people -----------------------------------------------------------------

    async def handle(self, rt: TableRuntime, watcher: Watcher, message: dict[str, Any]) -> None:
        """One message from a websocket. Errors go back to the sender only."""
        kind = message.get("type")
        watcher.ack = message.get("id")
        try:
            if kind == "hint":
                await self._hint(rt, watcher)
                return
            if watcher.slot is None:
                raise SeatError("spectators watch; only a seated player's token acts")
            slot = watcher.slot
            async with rt.lock:
                live = rt.live
                entries: list[LogEntry] = []
                if kind == "action":
                    entries.append(live.act(slot, str(message.get("action", ""))))
                elif kind == "undo":
                    live.request_undo(slot)
                    entry = live.settle_request()
                    if entry is not None:
                        entries.append(entry)
                elif kind == "claim":
                    tricks = message.get("tricks")
                    live.request_claim(slot, tricks)  # type: ignore[arg-type]
                    entry = await self._robots_answer_claim(rt)
                    if entry is not None:
                        entries.append(entry)
                elif kind == "answer":
                    entry = live.answer(slot, bool(message.get("accept")))
                    if entry is not None:
                        entries.append(entry)
                elif kind == "next":
                    if not self._may_start(rt):
                        raise SeatError(
                            "the next deal starts when this one is over and every seat is taken"
                        )
                    await self._start_deal(rt)
                elif kind == "fill":
                    level = str(message.get("level", "basic"))
                    if level not in ROBOT_LEVELS:
                        raise SeatError(f"no robot level {level!r}")
                    for s in live.slots:
                        if s.kind == "open":
                            live.set_robot(s.index, level)
                            await self.db(
                                self.store.update_seat,
                                rt.match_id,
                                s.index,
                                player=s.name,
                                robot_level=level,
                            )
                else:
                    raise SeatError(f"unknown request {kind!r}")
                await self._commit(rt, entries)
                await self._after_change(rt)
        except BridgeError as err:
            await self._send(
                watcher,
                {
                    "type": "error",
                    "message": str(err),
                    "rule": getattr(err, "rule", None),
                    "id": watcher.ack,
                },
            )

    async def _robots_answer_claim(self, rt: TableRuntime) -> LogEntry | None:
        """Each robot opponent judges the claim from its own view and the claimer's hand, faced
        with the claim (Law 68; the robots check it double dummy over the layouts they cannot
        tell apart); one refusal drops it."""
        live = rt.live
        request = live.request
        state = live.state
        assert request is not None and state is not None
        robot_opponents = [i for i in live.opponents(request.slot) if live.slots[i].kind == "robot"]
        from bridgeroom.robots.claims import robot_accepts_claim

        for index in robot_opponents:
            seat = live.seat_of_slot(index)
            assert seat is not None
            level = live.slots[index].level or "basic"
            robot = rt.robots.get(index)
            if robot is None or getattr(robot, "level", level) != level:
                robot = rt.robots[index] = make_seat_robot(level, scoring=live.scoring)
            right = await asyncio.get_running_loop().run_in_executor(
                self._robot_threads,
                robot_accepts_claim,
                robot,
                state,
                seat,
                request.seat,
                request.tricks,
            )
            if not right:
                live.request = None
                rt.notice = {"kind": "claim_refused", "slot": index, "tricks": request.tricks}
                return None
        return live.settle_request()

    async def _commit(self, rt: TableRuntime, entries: list[LogEntry]) -> None:
        """Store the entries of the deal in progress, and its result once it is over."""
        if not entries:
            return
        try:
            for entry in entries:
                assert rt.deal_id is not None
                rt.seq += 1
                await self.journal.append(
                    LogRow(rt.match_id, rt.deal_id, rt.seq, entry.seat, entry.word)
                )
                self.actions += 1
            await self._store_result(rt)
        except Exception as err:
            log.error("table %s: commit failed (%s); rebuilding it from the store", rt.code, err)
            await self._reload(rt)
            raise BridgeError(f"the server could not save that action: {err}") from None

    async def _store_result(self, rt: TableRuntime) -> None:
        state = rt.live.state
        if state is None or state.phase is not Phase.DONE or rt.deal_id is None:
            return
        await self.db(
            finish_deal_row,
            self.store.engine,
            rt.match_id,
            rt.deal_id,
            result_record(rt.live, state),
        )
        if rt.live.match.is_over:
            await self.db(self.store.set_status, rt.match_id, "finished")

    async def _start_deal(self, rt: TableRuntime) -> None:
        live = rt.live
        state = live.start_deal()
        try:
            rt.deal_id = await self.db(
                add_deal_row,
                self.store.engine,
                rt.match_id,
                live.number,
                state.dealer.letter,
                state.vulnerability.pbn,
                state.deal.to_pbn(),
                board=state.board,
                pack=state.pack,
            )
            rt.seq = 0
        except StoreError:
            await self._reload(rt)
            raise

    def _may_start(self, rt: TableRuntime) -> bool:
        live = rt.live
        if not live.full or live.match.is_over:
            return False
        return live.state is None or live.state.phase is Phase.DONE

    async def _hint(self, rt: TableRuntime, watcher: Watcher) -> None:
        live = rt.live
        state = live.state
        if watcher.slot is None or state is None or live.slot_to_act() != watcher.slot:
            raise SeatError("a hint is given to the player whose turn it is")
        view = state.view(state.to_act)  # type: ignore[arg-type]
        robot = make_seat_robot(self.hint_level, scoring=live.scoring)
        decision = await asyncio.get_running_loop().run_in_executor(
            self._robot_threads, robot.decide, view
        )
        await self._send(
            watcher,
            {
                "type": "hint",
                "action": str(decision.action),
                "reason": decision.reason,
                "reasons": {lang: decision.explain(lang) for lang in LANGUAGES},
                # the reason without the action in front, for a page that shows the action itself
                "why": {lang: decision.why.render(lang) for lang in LANGUAGES},
                "id": watcher.ack,
            },
        )

    # --- after every change: robots, next deal, broadcast ------------------------------------------

    async def _after_change(self, rt: TableRuntime, *, broadcast: bool = True) -> None:
        live = rt.live
        if live.state is None and self._may_start(rt):
            await self._start_deal(rt)
        if broadcast:
            await self.broadcast(rt)
        self._schedule(rt)

    def _schedule(self, rt: TableRuntime) -> None:
        """Start the table's robot task when a robot is to act (or an all-robot table is to deal on)."""
        if rt.robot_task is not None and not rt.robot_task.done():
            return
        if self._robot_due(rt) or self._auto_next_due(rt):
            rt.robot_task = asyncio.get_running_loop().create_task(self._robot_loop(rt))

    def _robot_due(self, rt: TableRuntime) -> bool:
        live = rt.live
        state = live.state
        if state is None or state.phase is Phase.DONE or live.request is not None:
            return False
        slot = live.slot_to_act()
        return slot is not None and live.slots[slot].kind == "robot"

    def _auto_next_due(self, rt: TableRuntime) -> bool:
        """A table with no person deals on by itself."""
        live = rt.live
        return (
            live.state is not None
            and live.state.phase is Phase.DONE
            and not live.match.is_over
            and live.full
            and all(s.kind == "robot" for s in live.slots)
        )

    async def _robot_loop(self, rt: TableRuntime) -> None:
        try:
            while True:
                if self._robot_due(rt):
                    await asyncio.sleep(self.robot_delay)
                    await self._robot_turn(rt)
                elif self._auto_next_due(rt):
                    await asyncio.sleep(self.next_deal_delay)
                    async with rt.lock:
                        if self._auto_next_due(rt):
                            await self._start_deal(rt)
                    await self.broadcast(rt)
                else:
                    return
        except asyncio.CancelledError:
            raise
        except Exception:  # a robot's failure must not kill the server
            log.exception("robot task of table %s failed", rt.code)

    async def _robot_turn(self, rt: TableRuntime) -> None:
        async with rt.lock:
            if not self._robot_due(rt):
                return
            live = rt.live
            state = live.state
            assert state is not None and state.to_act is not None
            slot = live.slot_to_act()
            assert slot is not None
            level = live.slots[slot].level or "random"
            robot = rt.robots.get(slot)
            if robot is None or getattr(robot, "level", level) != level:
                robot = rt.robots[slot] = make_seat_robot(level, scoring=live.scoring)
            view = state.view(state.to_act)
            if level == "expert":
                decision = await asyncio.get_running_loop().run_in_executor(
                    self._robot_threads, robot.decide, view
                )
            else:
                decision = robot.decide(view)
            entry = live.act(slot, str(decision.action))
            await self._commit(rt, [entry])
        await self.broadcast(rt)

    # --- sending -----------------------------------------------------------------------------------------

    async def _send(self, watcher: Watcher, data: dict[str, Any]) -> None:
        with contextlib.suppress(Exception):
            await watcher.conn.send_text(json.dumps(data, separators=(",", ":")))

    async def broadcast(self, rt: TableRuntime) -> None:
        """Send every connection of the table its own view of the table."""
        cache: dict[int | None, dict[str, Any]] = {}
        sends: list[Awaitable[None]] = []
        notice, rt.notice = rt.notice, None
        for watcher in list(rt.watchers):
            payload = cache.get(watcher.slot)
            if payload is None:
                payload = cache[watcher.slot] = table_payload(rt.live, watcher.slot)
            message = dict(payload)
            message["id"] = watcher.ack
            if notice is not None:
                message["notice"] = notice
            sends.append(self._send(watcher, message))
        if sends:
            await asyncio.gather(*sends)

    async def watch(self, rt: TableRuntime, watcher: Watcher) -> None:
        rt.watchers.append(watcher)
        await self._send(watcher, {**table_payload(rt.live, watcher.slot), "id": None})

    def unwatch(self, rt: TableRuntime, watcher: Watcher) -> None:
        with contextlib.suppress(ValueError):
            rt.watchers.remove(watcher)

    # --- records ---------------------------------------------------------------------------------------

    async def pbn(self, code: str, number: int | None = None) -> str:
        """The finished deals of a table (or deal ``number``) as PBN."""
        record = await self.db(self.store.get_match, code)
        if record.kind != "play":
            raise StoreError(f"{code} is a score pad, not a table")
        rt = self._rebuild(record)
        games = []
        for state, deal in zip(rt.live.match.deals, record.deals, strict=False):
            if state.phase is not Phase.DONE:
                continue
            if number is not None and deal.number != number:
                continue
            games.append(pbn_game(rt.live, state, deal.number, record))
        if number is not None and not games:
            raise StoreError(f"table {code} has no finished deal {number}")
        return dumps(games) if games else ""


def result_record(live: LiveTable, state: DealState) -> dict[str, Any]:
    """What the store keeps as a finished deal's result."""
    result = state.result
    assert result is not None
    contract = result.contract
    return {
        "contract": None if contract is None else str(contract),
        "declarer": None
        if contract is None or contract.declarer is None
        else contract.declarer.letter,
        "tricks": result.tricks,
        "claimed": any(e.text.startswith("claim") for e in live.log),
        "score": score_payload(live.match.session).get("totals"),
        "finished": time.time(),
    }


def pbn_game(live: LiveTable, state: DealState, number: int, record: Any) -> PbnGame:
    """One finished deal as a PBN game, with the players' names and the table's code."""
    names: dict[str, str] = {}
    for seat in Seat:
        slot = live.slot_of_seat(seat)
        if slot is not None:
            names[seat.name.title()] = live.slots[slot].name or "?"
    tags: dict[str, str] = {
        "Event": f"bridgeroom {live.game.title('en')} ({live.scoring})",
        "Site": f"bridgeroom table {record.code}",
        "Date": record.created_at.strftime("%Y.%m.%d"),
        "Board": str(number),
        **names,
    }
    result = state.result
    if result is not None and result.contract is not None:
        tags["Result"] = str(result.tricks)
    return PbnGame.from_state(state, **tags)


@functools.lru_cache(maxsize=4096)
def _explained(calls: tuple[tuple[Seat, Call], ...], dealer: Seat) -> tuple[dict[str, str], ...]:
    """What each call of an auction means in the robots' system, in every language (cached: every
    broadcast asks again)."""
    from bridgeroom.robots.bidding import explain_call

    out = []
    for i in range(len(calls)):
        texts = explain_call(calls, dealer, i)
        out.append({lang: texts.render(lang) for lang in LANGUAGES})
    return tuple(out)


def call_meanings(live: LiveTable, state: DealState) -> list[dict[str, str] | None]:
    """For each call of the auction: what it means in the robots' system when a robot that bids by
    it made it (the explanation a player may ask for, Law 20F), else ``None``. Four-handed auctions only:
    the three-handed players bid each for himself, and mini-bridge has no auction."""
    if not live.game.partnership_auction or not state.calls:
        return [None] * len(state.calls)
    robots = {  # robots that bid by the system (a random robot's calls mean nothing)
        s
        for s in Seat
        if (slot := live.slot_of_seat(s)) is not None
        and live.slots[slot].kind == "robot"
        and live.slots[slot].level != "random"
    }
    if not robots:
        return [None] * len(state.calls)
    explained = _explained(tuple(state.calls), state.dealer)
    return [
        texts if seat in robots else None
        for (seat, _), texts in zip(state.calls, explained, strict=True)
    ]


def table_payload(live: LiveTable, slot: int | None) -> dict[str, Any]:
    """The whole message a slot's connections get: the table, its own view of the deal, the score."""
    state = live.state
    deal: dict[str, Any] | None = None
    you_seat: Seat | None = None
    if slot is not None:
        you_seat = live.seat_of_slot(slot)
    if state is not None:
        view = state.view(you_seat) if you_seat is not None else None
        deal = view_payload(view) if view is not None else public_view(state)
        deal["table_actions"] = live.table_actions(slot) if slot is not None else []
        if view is not None and _peeked(view):
            deal["peeked"] = True
        deal["seats"] = {s.letter: live.slot_of_seat(s) for s in Seat}
        deal["meanings"] = call_meanings(live, state)
        deal["number"] = live.number
        deal["board"] = state.board
        if state.phase is Phase.DONE and state.result is not None:
            r = state.result
            deal["result"] = {
                "contract": None if r.contract is None else str(r.contract),
                "tricks": r.tricks,
                "claimed": any(e.text.startswith("claim") for e in live.log),
            }
    game = GAMES.get(live.game.name, live.game)
    return {
        "type": "state",
        "table": {
            "code": live.code,
            "game": live.game.name,
            "titles": dict(game.titles),
            "scoring": live.scoring,
            "private": live.private,
            "players": live.game.players,
            "slots": [s.public() for s in live.slots],
            "you": slot,
            "full": live.full,
            "over": live.match.is_over,
            "remaining": live.remaining_tricks(),
        },
        "deal": deal,
        "score": cached_score(live),
        "request": None if live.request is None else live.request.public(),
    }


def _peeked(view: View) -> bool:
    """TH-23: the view shows the dummy before the opening lead because its player chose to look at
    it during the auction (he is barred from the rest of the auction)."""
    extra = view.extra
    before_lead = view.phase is not Phase.DONE and not (view.tricks or view.trick)
    return (
        isinstance(extra, ThreeHandedExtra)
        and view.seat in extra.barred
        and view.dummy is not None
        and before_lead
    )


def cached_score(live: LiveTable) -> dict[str, Any]:
    """The score sheet, recomputed only when a deal has been recorded since the last time."""
    version = len(live.match.entries)
    cache = getattr(live, "_score_cache", None)
    if cache is None or cache[0] != version:
        cache = (version, score_payload(live.match.session))
        live._score_cache = cache  # type: ignore[attr-defined]
    return cache[1]
