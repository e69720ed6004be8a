"""The state messages the server sends, frame by frame, equal to the golden files recorded before
the table's snapshot took over building them: seeded tables of every game and score form
(contract rubber, Chicago and duplicate, auction, both three-handed tables, mini-bridge), each
viewer (every player and a spectator) at every moment of :func:`tests.table.golden.checkpoints`.

The web page reads exactly these messages; equal frames are the proof that the wire format it
reads did not change. ``BRIDGEROOM_WRITE_GOLDEN=1`` writes the files again (on purpose only).
"""

from __future__ import annotations

from typing import Any

import pytest

from bridgeroom.server.protocol import score_payload, state_message
from bridgeroom.table import Table

from ..table.golden import (
    GOLDEN,
    TABLES,
    checkpoints,
    differences,
    dump,
    load,
    new_table,
    writing,
)


def frame(table: Table, player: int | None) -> dict[str, Any]:
    """What the server sends ``player``'s connections (``None``: a spectator's), as the hub does."""
    message = state_message(
        table,
        player,
        code="golden",
        private=False,
        score=score_payload(table.match.session),
    )
    return message.model_dump(mode="json", exclude={"id", "notice"})


def frames(game: str, scoring: str, seed: int) -> list[dict[str, Any]]:
    table = new_table(game, scoring, seed)
    viewers: list[int | None] = [*range(table.num_players), None]
    out = []
    for label in checkpoints(table):
        for player in viewers:
            out.append({"at": label, "viewer": player, "message": frame(table, player)})
    return out


@pytest.mark.parametrize(("name", "game", "scoring", "seed"), TABLES, ids=[t[0] for t in TABLES])
def test_state_messages_equal_the_golden_frames(
    name: str, game: str, scoring: str, seed: int
) -> None:
    path = GOLDEN / f"{name}.messages.jsonl"
    got = frames(game, scoring, seed)
    if writing():
        dump(path, got)
    want = load(path)
    assert [(f["at"], f["viewer"]) for f in got] == [(f["at"], f["viewer"]) for f in want]
    for g, w in zip(got, want, strict=True):
        assert g == w, f"{name} at {g['at']} for viewer {g['viewer']}: {differences(g, w)}"


def test_the_golden_tables_reach_every_moment() -> None:
    """The checkpoints cover what the frames are for: a claim, TH-23's look at the dummy, a
    result with its points, the auction and the play, every viewer."""
    labels = {
        name: {f["at"].split(":")[1] for f in load(GOLDEN / f"{name}.messages.jsonl")}
        for name, *_ in TABLES
    }
    assert all(
        {"dealt", "first", "play", "lead", "trick-0", "trick-1", "over"} <= got
        for got in labels.values()
    )
    assert any("claim" in got for got in labels.values())
    assert "looked" in labels["three-handed-contract"] or "looked" in labels["three-handed-auction"]
    peeked = [
        f
        for name in ("three-handed-contract", "three-handed-auction")
        for f in load(GOLDEN / f"{name}.messages.jsonl")
        if f["message"]["deal"] and f["message"]["deal"].get("peeked")
    ]
    assert peeked
    results = [
        f["message"]["deal"]["result"]
        for name, *_ in TABLES
        for f in load(GOLDEN / f"{name}.messages.jsonl")
        if f["message"]["deal"] and "result" in f["message"]["deal"]
    ]
    assert results and all(r["points"] for r in results if r["contract"] is not None)
