"""Seeded tables of every game and score form played to fixed moments, for the golden frames.

Each table is played by people (players 0 and 2; three-handed: player 0) and ``basic`` robots,
the people's actions chosen by the same robot (``Table.advice``), so every deal is the same on
every run. :func:`checkpoints` plays a table and yields it at the moments worth a frame: the
deal just dealt, the first action, every change of phase, the opening lead, a trick completed,
a card more, a claim waiting for its answer and after it, a three-handed player looking at the
dummy (TH-23), the end of each deal (its result and the score sheet), two deals in all.

The golden files (``tests/data/golden/``) hold what the server sends each viewer at each of
those moments, and what the terminal draws for each seat; ``BRIDGEROOM_WRITE_GOLDEN=1`` writes
them again (only on purpose: the tests compare against them).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bridgeroom.rules import LookAtDummy, Phase
from bridgeroom.table import Table

GOLDEN = Path(__file__).resolve().parent.parent / "data" / "golden"

#: The tables: a name, the game, its score form and the seed.
TABLES: tuple[tuple[str, str, str, int], ...] = (
    ("contract-rubber", "contract", "rubber", 11),
    ("contract-chicago", "contract", "chicago", 12),
    ("contract-duplicate", "contract", "duplicate", 13),
    ("auction", "auction", "auction", 14),
    ("three-handed-contract", "three-handed", "three-handed-contract", 15),
    ("three-handed-auction", "three-handed", "three-handed-auction", 16),
    ("minibridge", "minibridge", "minibridge", 17),
)

#: The deals each table plays.
DEALS = 2


def writing() -> bool:
    """Whether this run writes the golden files instead of comparing with them."""
    return os.environ.get("BRIDGEROOM_WRITE_GOLDEN") == "1"


def new_table(game: str, scoring: str, seed: int) -> Table:
    """The seeded table: people at players 0 and 2 (three-handed: 0), ``basic`` robots else."""
    if game == "three-handed":
        return Table(
            game, scoring=scoring, seed=seed, people={0: "Ann"}, robots={1: "basic", 2: "basic"}
        )
    return Table(
        game,
        scoring=scoring,
        seed=seed,
        people={0: "Ann", 2: "Cy"},
        robots={1: "basic", 3: "basic"},
    )


def _step(table: Table) -> None:
    """One action: the robot's, or the person's as the robot advises him."""
    turn = table.robot_turn()
    if turn is not None:
        table.play_robot(turn, turn.decide())
        return
    player = table.player_to_act()
    assert player is not None
    decision = table.advice(player, "basic").decide()
    table.act(player, decision.action)


def checkpoints(table: Table) -> Iterator[str]:
    """Play ``table`` for :data:`DEALS` deals, yielding a label at each moment of a frame."""
    for number in range(1, DEALS + 1):
        table.deal()
        yield f"{number}:dealt"
        state = table.current
        assert state is not None
        looked = claimed = False
        phase = state.phase
        moves = 0
        while table.current is state:
            person = table.player_to_act()
            if (
                not looked
                and state.phase is Phase.AUCTION
                and len(state.calls) >= 2
                and any(isinstance(a, LookAtDummy) for a in table.table_actions(0))
            ):
                looked = True  # TH-23: player 0 looks at the dummy and is barred
                table.look_at_dummy(0)
                yield f"{number}:looked"
                continue
            if (
                not claimed
                and number == 1
                and state.phase is Phase.PLAY
                and len(state.tricks) >= 6
                and not state.current_trick
                and person is not None
                and table.places[person].is_person
                and table.seat_of(person) != state.dummy
            ):
                claimed = True  # a claim of all the rest, faced (Law 68B), judged by the robots
                table.request_claim(person)
                yield f"{number}:claim"
                table.answer_by_robots()
                yield f"{number}:claim-answered"
                continue
            _step(table)
            moves += 1
            tricks = len(state.tricks)
            if table.current is not state:
                break
            if moves == 1:
                yield f"{number}:first"
            if state.phase is not phase:
                phase = state.phase
                yield f"{number}:{phase.value}"
            elif state.phase is Phase.PLAY and not tricks and len(state.current_trick) == 1:
                yield f"{number}:lead"
            elif state.phase is Phase.PLAY and tricks == 1 and len(state.current_trick) <= 1:
                yield f"{number}:trick-{len(state.current_trick)}"
        yield f"{number}:over"


def dump(path: Path, frames: list[dict[str, Any]]) -> None:
    """Write frames one JSON object a line (so a difference shows as a line)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as f:
        for frame in frames:
            f.write(json.dumps(frame, ensure_ascii=False, sort_keys=True) + "\n")


def load(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def differences(got: object, want: object, path: str = "") -> list[str]:
    """Where two JSON values differ, one line a difference (for a failing comparison)."""
    if isinstance(got, dict) and isinstance(want, dict):
        out = []
        for key in sorted(set(got) | set(want)):
            if key not in got or key not in want:
                out.append(f"{path}/{key}: got {got.get(key)!r}, want {want.get(key)!r}")
            else:
                out += differences(got[key], want[key], f"{path}/{key}")
        return out
    return [] if got == want else [f"{path}: got {got!r}, want {want!r}"]
