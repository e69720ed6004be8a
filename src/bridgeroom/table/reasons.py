"""The robots' reasons for the actions they took in a deal of a table, asked again.

A table's robot is made afresh for each decision, seeded from the table's seed, the deal's
number and the actions taken before it (:func:`~bridgeroom.table.robots.robot_seed`), and
decides from its view alone: asked again at the same point of the same deal it takes the same
action for the same reason. So the reasons need not be kept while the table plays: a review of
the deal, later and elsewhere (in a worker, after a restart), asks the robots again. A decision
that comes out differently (an unseeded table, a changed robot) gives no reason for that action.

    >>> from bridgeroom.table import Table
    >>> table = Table("minibridge", seed=5, robots={p: "basic" for p in range(4)})
    >>> _ = table.deal() + table.run_robots()
    >>> reasons = robot_reasons(table, 1)
    >>> len(reasons) == len(table.state.history), reasons[0].render("en")
    (True, '... high-card points ...')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bridgeroom.i18n import Message
from bridgeroom.table.robots import robot_seed

if TYPE_CHECKING:
    from bridgeroom.table.table import Table

__all__ = ["robot_reasons"]


def robot_reasons(table: Table, number: int) -> dict[int, Message]:
    """For deal ``number`` of ``table``: the index in its history of each action a robot took,
    and the robot's reason for it (without the action), asked again as it was decided."""
    state = table.match.deals[number - 1]
    replay = state.clone()
    replay.replay([])
    out: dict[int, Message] = {}
    for index, (actor, action) in enumerate(state.history):
        place = table.place_at(actor, state) if replay.to_act == actor else None
        if place is not None and place.is_robot and place.level is not None:
            robot = table.robot_factory(
                place.level,
                seed=robot_seed(table.seed, number, index),
                scoring=table.match.form,
            )
            decision = robot.decide(replay.view(actor))
            if decision.action == action:
                out[index] = decision.why
        replay.apply(action, actor)
    return out
