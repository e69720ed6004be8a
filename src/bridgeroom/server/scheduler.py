"""When the robots of the server's tables act: their turns, their judgement of a claim, hints,
and the next deal of a table with no person.

The table decides what a robot may do (:meth:`~bridgeroom.table.Table.robot_turn`); the
scheduler decides when: a robot waits ``robot_delay`` seconds so people can follow, an
expert thinks on a worker thread so the event loop keeps serving the other tables, and a
table of robots alone deals on by itself after ``next_deal_delay`` seconds.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from bridgeroom.robots import Decision
from bridgeroom.server.protocol import Notice
from bridgeroom.server.rooms import Room
from bridgeroom.table import Dropped, RequestKind, TableEvent

__all__ = ["Scheduler"]

log = logging.getLogger("bridgeroom.server")

T = TypeVar("T")


class Scheduler:
    """The robots' turns of every room.

    ``commit(room, events)`` stores a robot's events; ``broadcast(room)`` sends every
    connection of the room its new state.
    """

    def __init__(
        self,
        commit: Callable[[Room, list[TableEvent]], Awaitable[None]],
        broadcast: Callable[[Room], Awaitable[None]],
        *,
        robot_delay: float = 0.5,
        next_deal_delay: float = 2.0,
    ) -> None:
        self.commit = commit
        self.broadcast = broadcast
        self.robot_delay = max(0.0, float(robot_delay))
        self.next_deal_delay = next_deal_delay
        self._threads = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bridgeroom-robot")

    def close(self) -> None:
        self._threads.shutdown(wait=False, cancel_futures=True)

    async def think(self, fn: Callable[[], T]) -> T:
        """Run a robot's thinking on a worker thread."""
        return await asyncio.get_running_loop().run_in_executor(self._threads, fn)

    # --- requests that robots answer ---------------------------------------------------------

    async def judge_claim(self, room: Room) -> list[TableEvent]:
        """Each robot opponent judges the pending claim from its own view and the claimer's hand,
        faced with the claim (Law 68); one refusal drops it (and the table is told)."""
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
        """What a robot of ``level`` would do for ``player``, whose turn it is."""
        turn = room.table.advice(player, level)
        return await self.think(turn.decide)

    # --- the robot task of a room -------------------------------------------------------------

    def schedule(self, room: Room) -> None:
        """Start the room's robot task when a robot is to act (or a table of robots is to deal on)."""
        if room.robot_task is not None and not room.robot_task.done():
            return
        if self._robot_due(room) or self._deal_due(room):
            room.robot_task = asyncio.get_running_loop().create_task(self._run(room))

    def cancel(self, room: Room) -> None:
        if room.robot_task is not None:
            room.robot_task.cancel()

    @staticmethod
    def _robot_due(room: Room) -> bool:
        return room.table.robot_to_act() is not None

    @staticmethod
    def _deal_due(room: Room) -> bool:
        """A table with no person deals on by itself."""
        table = room.table
        return table.state is not None and table.may_deal() and not table.has_people

    async def _run(self, room: Room) -> None:
        try:
            while True:
                if self._robot_due(room):
                    await asyncio.sleep(self.robot_delay)
                    await self._robot_turn(room)
                elif self._deal_due(room):
                    await asyncio.sleep(self.next_deal_delay)
                    async with room.lock:
                        if self._deal_due(room):
                            await self.commit(room, room.table.deal())
                    await self.broadcast(room)
                else:
                    return
        except asyncio.CancelledError:
            raise
        except Exception:  # a robot's failure must not kill the server
            log.exception("robot task of table %s failed", room.code)

    async def _robot_turn(self, room: Room) -> None:
        async with room.lock:
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
