"""When the robots of the server's tables act: their turns, their judgement of a claim, hints,
and the next deal of a table with no person.

The table decides what a robot may do (:meth:`~bridgeroom.table.Table.robot_turn`); the
scheduler decides when:

* a robot waits ``robot_delay`` seconds so people can follow, and acts only while someone
  watches the table (a table nobody has open stops, and leaves memory: see the hub);
* an expert thinks on one of the robots' worker threads so the event loop keeps serving the
  other tables; hints are worked out on their own thread, so a table's robot turn is never
  queued behind another table's hints (one seat asking for many hints slows nobody else);
* a table of robots alone deals on by itself after ``next_deal_delay`` seconds, while watched;
* a robot's turn that fails is not the end of the table: a store that cannot write is waited
  for (``wait_writable``), any other error is logged and tried again later, and only after
  many failures in a row does the task stop, saying so in the log; the table's next change
  starts it again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from bridgeroom.robots import Decision
from bridgeroom.server.health import StoreDown
from bridgeroom.server.protocol import Notice
from bridgeroom.server.rooms import Room
from bridgeroom.table import Dropped, RequestKind, TableError, TableEvent

__all__ = ["Scheduler"]

log = logging.getLogger("bridgeroom.server")

T = TypeVar("T")

#: Failures in a row after which a table's robot task stops (until the table's next change).
GIVE_UP = 8


class Scheduler:
    """The robots' turns of every room.

    ``commit(room, events)`` stores a robot's events; ``broadcast(room)`` sends every
    connection of the room its new state; ``wait_writable()`` returns once the store can
    write; ``settled(room)`` is called when a room's robot task ends.
    """

    def __init__(
        self,
        commit: Callable[[Room, list[TableEvent]], Awaitable[None]],
        broadcast: Callable[[Room], Awaitable[None]],
        *,
        wait_writable: Callable[[], Awaitable[None]],
        settled: Callable[[Room], None],
        robot_delay: float = 0.5,
        next_deal_delay: float = 2.0,
        robot_threads: int = 2,
    ) -> None:
        self.commit = commit
        self.broadcast = broadcast
        self.wait_writable = wait_writable
        self.settled = settled
        self.robot_delay = max(0.0, float(robot_delay))
        self.next_deal_delay = next_deal_delay
        self._robots = ThreadPoolExecutor(
            max_workers=robot_threads, thread_name_prefix="bridgeroom-robot"
        )
        self._hints = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bridgeroom-hint")
        #: Robot tasks that failed (for monitoring).
        self.failures = 0

    def close(self) -> None:
        self._robots.shutdown(wait=False, cancel_futures=True)
        self._hints.shutdown(wait=False, cancel_futures=True)

    async def think(self, fn: Callable[[], T]) -> T:
        """Run a robot's thinking on a robots' worker thread."""
        return await asyncio.get_running_loop().run_in_executor(self._robots, fn)

    # --- requests that robots answer ---------------------------------------------------------

    async def judge_claim(self, room: Room) -> list[TableEvent]:
        """Each robot opponent judges the pending claim from its own view, where the claimer's
        hand is faced (Law 68B); one refusal drops it (and the table is told)."""
        table = room.table
        events: list[TableEvent] = []
        for judgement in table.judgements():
            accepted = await self.think(judgement.decide)
            events += table.answer(judgement.player, accepted)
            if table.request is None:
                break
        for event in events:
            if (
                isinstance(event, Dropped)
                and event.by_robot
                and event.request.kind is RequestKind.CLAIM
            ):
                room.notice = Notice(
                    kind="claim_refused", slot=event.player, tricks=event.request.tricks
                )
        return events

    async def hint(self, room: Room, player: int, level: str) -> Decision:
        """What a robot of ``level`` would do for ``player``, whose turn it is (on the hints'
        own thread)."""
        turn = room.table.advice(player, level)
        return await asyncio.get_running_loop().run_in_executor(self._hints, turn.decide)

    # --- the robot task of a room -------------------------------------------------------------

    def schedule(self, room: Room) -> None:
        """Start the room's robot task when a robot is to act (or a table of robots is to deal
        on) and someone watches the table."""
        if room.robot_task is not None and not room.robot_task.done():
            return
        if self._may_act(room) and (self._robot_due(room) or self._deal_due(room)):
            task = asyncio.get_running_loop().create_task(self._run(room))
            room.robot_task = task
            task.add_done_callback(lambda _: self.settled(room))

    def cancel(self, room: Room) -> None:
        if room.robot_task is not None:
            room.robot_task.cancel()

    @staticmethod
    def _may_act(room: Room) -> bool:
        """Robots act only at a table someone watches (or a session's), that is open, agrees
        with the store and that this process writes."""
        watched = room.watched or room.session is not None
        return watched and room.writer and not room.closed and not room.stale

    @staticmethod
    def _robot_due(room: Room) -> bool:
        return room.table.robot_to_act() is not None

    @staticmethod
    def _deal_due(room: Room) -> bool:
        """A table with no person deals on by itself."""
        table = room.table
        return table.state is not None and table.may_deal() and not table.has_people

    async def _run(self, room: Room) -> None:
        failures = 0
        while True:
            try:
                await self.wait_writable()
                if not self._may_act(room):
                    return
                if self._robot_due(room):
                    await asyncio.sleep(self.robot_delay)
                    await self._robot_turn(room)
                elif self._deal_due(room):
                    await asyncio.sleep(self.next_deal_delay)
                    async with room.lock:
                        if self._deal_due(room) and self._may_act(room):
                            await self.commit(room, room.table.deal())
                    await self.broadcast(room)
                else:
                    return
                failures = 0
            except asyncio.CancelledError:
                raise
            except StoreDown:
                continue  # the store cannot write (the hub knows): wait until it can
            except Exception as err:  # a robot's failure must not end the table
                if isinstance(err, TableError) and err.key == "table.robot_turn_passed":
                    continue  # the table changed while the robot thought: look again
                failures += 1
                self.failures += 1
                if failures >= GIVE_UP:
                    log.exception(
                        "robot task of table %s failed %d times in a row; it stops until the "
                        "table changes again",
                        room.code,
                        failures,
                    )
                    return
                pause = min(60.0, 0.5 * 2**failures)
                log.exception(
                    "robot task of table %s failed; trying again in %.0f s", room.code, pause
                )
                await asyncio.sleep(pause)

    async def _robot_turn(self, room: Room) -> None:
        async with room.lock:
            if not self._may_act(room):
                return
            table = room.table
            turn = table.robot_turn()
            if turn is None:
                return
            if turn.level == "expert":
                decision = await self.think(turn.decide)
            else:
                decision = turn.decide()
            await self.commit(room, table.play_robot(turn, decision))
        await self.broadcast(room)
