"""Issue 38, item 13: a three-handed review sums what the declarer (with the dummy he plays)
gave away against what the defenders gave away (TH-10: the dummy plays opposite the declarer
wherever its compass seat is), never by compass partnership."""

from __future__ import annotations

from rich.console import Console

from bridgeroom.analysis.review import review
from bridgeroom.analysis.review_text import render
from bridgeroom.robots import make_robot
from bridgeroom.rules import Phase, Seat, ThreeHandedDeal, deal_cards


def played(seed: int) -> ThreeHandedDeal:
    state = ThreeHandedDeal(deal_cards(seed=seed), dealer=Seat(seed % 4), players=("A", "B", "C"))
    robot = make_robot("basic", seed=seed)
    while state.phase is not Phase.DONE:
        seat = state.to_act
        assert seat is not None
        state.apply(robot.decide(state.view(seat)).action)
    return state


def text(r: object, lang: str) -> str:
    console = Console(width=120, color_system=None)
    with console.capture() as out:
        console.print(render(r, lang))
    return out.get()


def test_th_10_the_declarer_against_the_defenders() -> None:
    """Seed 10: East declares 1♦, the dummy sits North (opposite the dealer South, TH-4), so
    compass partnerships mix the declarer's side with a defender's. Each card's cost is checked
    against endplay in tests/analysis/test_review.py; here the sums go to the right players."""
    state = played(10)
    assert state.declarer is Seat.EAST and state.dummy is Seat.NORTH
    r = review(state)
    declaring = (state.declarer, state.dummy)
    by_declarer = sum(c.cost for c in r.cards if c.seat in declaring)
    by_defenders = sum(c.cost for c in r.cards if c.seat not in declaring)
    assert by_declarer and by_defenders  # both sides gave tricks away on this deal
    assert (r.lost_by(True), r.lost_by(False)) == (by_declarer, by_defenders)
    assert r.to_json()["lost"] == {"declarer": by_declarer, "defenders": by_defenders}
    english = text(r, "en")
    assert f"The declarer (East) gave away {by_declarer} trick" in english
    assert f"The defenders gave away {by_defenders} trick" in english
    assert "North-South" not in english and "East-West" not in english
    russian = text(r, "ru")
    assert "Разыгрывающий (Восток): отдано" in russian and "Защитники: отдано" in russian
    # the page's review says the same (server.review.review_lines)
    from bridgeroom.server.review import review_lines

    page = review_lines(r, "en")["lost"]
    assert page[0].startswith(f"The declarer (East) gave away {by_declarer} trick")
    assert page[1].startswith(f"The defenders gave away {by_defenders} trick")
