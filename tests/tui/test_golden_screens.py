"""What the terminal draws of a table (the status lines, the auction or the mini-bridge counts,
the hands round the table, the score sheet), for every seat of the seeded tables of every game
and score form, equal to the golden screens recorded before the terminal drew from the table's
snapshot (:mod:`tests.table.golden`). ``BRIDGEROOM_WRITE_GOLDEN=1`` writes them again.
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from bridgeroom.errors import BridgeError
from bridgeroom.i18n import Messages
from bridgeroom.rules import Phase
from bridgeroom.scoring import get_table
from bridgeroom.table import Table
from bridgeroom.tui import screen

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


def shows_vulnerability(scoring: str) -> bool:
    """As ``PlayLoop._vulnerability``: auction bridge has none to show (AB-5)."""
    try:
        return get_table(scoring).vulnerability
    except BridgeError:
        return True


def draw(table: Table, player: int, lang: str) -> str:
    """The screen of ``player`` as ``bridgeroom play`` draws it (``PlayLoop.show_table``, at the
    end of a deal ``show_deal_end``), without colours."""
    state = table.state
    assert state is not None
    msgs = Messages(lang)
    console = Console(file=io.StringIO(), width=100, color_system=None, record=True)
    snapshot = table.snapshot(player)
    assert snapshot.deal is not None
    view = snapshot.deal.view
    console.print(
        screen.status_lines(snapshot, msgs, vulnerability=shows_vulnerability(table.scoring))
    )
    if state.phase is Phase.ANNOUNCE or table.game.name == "minibridge":
        if not state.is_over:
            console.print(screen.minibridge_panel(view, msgs))
    elif state.calls:
        console.print(screen.auction_grid(view, msgs))
    console.print(screen.table_view(snapshot, msgs))
    if state.is_over:
        you = table.places[player].name
        console.print(screen.sheet(snapshot.sheet, msgs, you=you))
    return console.export_text()


def screens(game: str, scoring: str, seed: int, langs: tuple[str, ...]) -> list[dict[str, object]]:
    table = new_table(game, scoring, seed)
    out: list[dict[str, object]] = []
    for label in checkpoints(table):
        for player in range(table.num_players):
            for lang in langs:
                out.append(
                    {
                        "at": label,
                        "player": player,
                        "lang": lang,
                        "screen": draw(table, player, lang),
                    }
                )
    return out


@pytest.mark.parametrize(("name", "game", "scoring", "seed"), TABLES, ids=[t[0] for t in TABLES])
def test_screens_equal_the_golden_screens(name: str, game: str, scoring: str, seed: int) -> None:
    langs = ("en", "ru") if name == "contract-rubber" else ("en",)
    path = GOLDEN / f"{name}.screens.jsonl"
    got = screens(game, scoring, seed, langs)
    if writing():
        dump(path, got)
    want = load(path)
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        assert g == w, (
            f"{name} at {g['at']} for player {g['player']} ({g['lang']}): {differences(g, w)}"
        )
