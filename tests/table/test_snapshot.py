"""The table's snapshot: what each viewer may see and do, answered once in the table layer from
the rules, and drawn or sent by the faces without asking the rules again."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bridgeroom.rules import LookAtDummy, Phase, PublicView, Seat, View
from bridgeroom.table import SeatError, Table

#: Four people, so that the test decides every action.
PEOPLE = {0: "Ann", 1: "Bob", 2: "Cy", 3: "Di"}


def four_spades_by_north(scoring: str = "rubber") -> Table:
    table = Table("contract", scoring=scoring, seed=1, people=PEOPLE)
    table.deal()
    for player, call in ((0, "4S"), (1, "P"), (2, "P"), (3, "P")):
        table.act(player, call)
    return table


def test_a_seat_sees_its_view_and_a_spectator_what_every_seat_sees_alike() -> None:
    """CB-9: the dummy is faced after the opening lead, to everybody; before it a spectator
    sees no hand at all and may take no action."""
    table = four_spades_by_north()
    east, spectator = table.snapshot(1), table.snapshot(None)
    assert east.deal is not None and spectator.deal is not None
    assert isinstance(east.deal.view, View) and east.seat is Seat.EAST
    assert isinstance(spectator.deal.view, PublicView) and spectator.seat is None
    assert east.deal.view.dummy is None and spectator.deal.view.dummy is None
    assert spectator.deal.table_actions == ()
    lead = table.legal_actions(1)[0]
    table.act(1, lead)
    spectator = table.snapshot(None)
    assert spectator.deal is not None
    assert spectator.deal.view.dummy == table.snapshot(1).deal.view.dummy  # type: ignore[union-attr]
    assert spectator.deal.view.dummy is not None and len(spectator.deal.view.dummy) == 13


def test_a_hand_faced_with_a_claim_is_shown_to_the_opponents_only() -> None:
    """Law 68B: the claimer faces his hand to his opponents; his partner (and so a spectator,
    who sees only what every seat sees) does not see it."""
    table = four_spades_by_north()
    table.act(1, table.legal_actions(1)[0])
    table.request_claim(0, 10)
    faced = {p: dict(table.snapshot(p).deal.view.faced) for p in (1, 2, 3)}  # type: ignore[union-attr]
    assert Seat.NORTH in faced[1] and Seat.NORTH in faced[3]
    assert Seat.NORTH not in faced[2]
    spectator = table.snapshot(None)
    assert spectator.deal is not None and not hasattr(spectator.deal.view, "faced")
    assert spectator.request is not None and spectator.request.player == 0


def test_the_result_carries_what_the_deal_wrote_on_the_sheet_once() -> None:
    """CB-C2: a game made on the first Chicago deal, not vulnerable, scores 120 below (4♠, CB-12)
    and a premium of 300 above: 420 for North-South (the premium counted once)."""
    table = four_spades_by_north("chicago")
    table.request_claim(0, 10)
    table.answer(1, True)
    table.answer(3, True)
    snapshot = table.snapshot(2)
    assert snapshot.deal is not None and snapshot.deal.result is not None
    result = snapshot.deal.result
    assert (result.tricks, result.overtricks, result.claimed) == (10, 0, True)
    assert dict(result.points) == {"NS": 420, "EW": 0}
    assert snapshot.sheet.totals[next(iter(snapshot.sheet.totals))] in (420, 0)


def test_th23_the_player_who_looked_sees_the_dummy_and_nobody_else_does() -> None:
    """TH-23: a player who looks at the dummy during the auction sees it (``peeked``) and is
    barred; the other player and a spectator do not see it before the lead."""
    table = Table("three-handed", seed=4, people={0: "Ann", 1: "Bob", 2: "Cy"})
    table.deal()
    state = table.current
    assert state is not None
    looker = next(
        p for p in range(3) if any(isinstance(a, LookAtDummy) for a in table.table_actions(p))
    )
    table.look_at_dummy(looker)
    mine = table.snapshot(looker)
    assert mine.deal is not None and mine.deal.peeked and mine.deal.view.dummy is not None
    for other in (p for p in range(3) if p != looker):
        theirs = table.snapshot(other)
        assert theirs.deal is not None and not theirs.deal.peeked
        assert theirs.deal.view.dummy is None
    spectator = table.snapshot(None)
    assert spectator.deal is not None and spectator.deal.view.dummy is None
    assert not spectator.deal.peeked
    assert state.phase is Phase.AUCTION


def test_a_snapshot_holds_no_token_and_refuses_a_player_the_table_has_not() -> None:
    table = Table("contract", seed=2, robots={1: "basic", 2: "basic", 3: "basic"})
    table.join(0, "Ann")
    assert table.places[0].token_hash is not None
    assert all(place.token_hash is None for place in table.snapshot(0).places)
    assert table.snapshot(0).deal is None  # nothing dealt yet
    with pytest.raises(SeatError):
        table.snapshot(7)


#: The faces' modules that draw or send a snapshot: they hold no rule of what a viewer sees.
DRAWING = ("server/views.py", "server/protocol.py", "server/sheets.py", "tui/screen.py")


@pytest.mark.parametrize("module", DRAWING)
def test_the_faces_draw_the_snapshot_without_asking_the_rules(module: str) -> None:
    """No variant's class, no three-handed deal, no count of players in the modules that write
    down or draw a snapshot: what a viewer sees is the table's and the rules' answer."""
    path = Path(__file__).resolve().parents[2] / "src" / "bridgeroom" / module
    tree = ast.parse(path.read_text("utf-8"))
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    names |= {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    attributes = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    calls = {
        n.func.attr
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
    }
    assert not names & {"ThreeHandedExtra", "MiniBridgeExtra", "ThreeHandedDeal"}
    assert "num_players" not in attributes
    assert not calls & {"view", "hand"}  # the snapshot, never the deal itself
