"""``bridgeroom review ID``: stored games (written through the public store API, as a table logs
them) reviewed card by card, in English and Russian, and as JSON."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from bridgeroom.analysis.review import review, robot_reasons, stored_deals
from bridgeroom.cli.main import main
from bridgeroom.games import Match
from bridgeroom.robots import make_robot
from bridgeroom.rules import Card, Phase, Seat, Vulnerability, deal_cards
from bridgeroom.store import MatchOptions, Store

from .test_review import SQUANDER, SQUANDER_PLAY


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def store_contract_game(url: str) -> int:
    """A duplicate game of two deals: the squandered club queen, then one left unfinished."""
    store = Store(url)
    try:
        match = store.create_match(
            "play", "contract", "duplicate", seats=["basic", "basic", ("Ann", None), "basic"],
            options=MatchOptions(human="Ann", position=2, mode="strict"),
        )  # fmt: skip
        deal_id = store.add_deal(match.id, 1, "N", "None", SQUANDER.to_pbn(), board=1)
        # The log a table writes: each action with the seat that took it (the declarer for dummy).
        log = [("N", "7NT"), ("E", "P"), ("S", "P"), ("W", "P")]
        state = Match("contract", scoring="duplicate").start_deal(
            SQUANDER, Seat.NORTH, Vulnerability.NONE
        )
        for seat, call in log:
            state.apply(call, Seat.find(seat))
        for trick in SQUANDER_PLAY:
            for text in trick:
                actor = state.to_act
                assert actor is not None
                state.apply(Card(text))
                log.append((actor.letter, text))
        for seat, action in log:
            store.append_action(deal_id, seat, action)
        store.finish_deal(deal_id, {"tricks": 13})
        second = store.add_deal(match.id, 2, "E", "NS", deal_cards(seed=5).to_pbn(), board=2)
        store.append_action(second, "E", "P")
        return match.id
    finally:
        store.close()


def test_review_of_a_stored_game(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    match_id = store_contract_game(url)
    code, out, err = run_cli("review", str(match_id), "--database", url)
    assert code == 0, err
    assert "Review: 7NT by North, 13 tricks taken" in out
    assert "Double dummy, 7NT by North: 12 tricks" in out
    assert "West ♣3: cost 1 trick" in out
    assert "East-West" not in out and "EW gave away 1 trick against double dummy" in out


def test_review_in_russian_and_json(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    match_id = store_contract_game(url)
    code, out, _ = run_cli("review", str(match_id), "--database", url, "--lang", "ru")
    assert code == 0
    assert "Запад ♣3: стоило 1 взятку" in out and "ВЗ: отдано 1 взятка" in out
    code, out, _ = run_cli("review", str(match_id), "--database", url, "--json", "--deal", "1")
    assert code == 0
    [data] = [json.loads(line) for line in out.splitlines()]
    store = Store(url)
    try:
        [first, second] = stored_deals(store, match_id)
    finally:
        store.close()
    assert second.state.phase is not Phase.DONE  # the unfinished deal is not reviewed
    expected = review(first.state, reasons=robot_reasons(first)).to_json("en")
    assert data == {"deal": 1, **expected}
    assert data["lost"] == {"NS": 0, "EW": 1}


def test_unknown_or_unfinished_deals_are_clear_errors(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    match_id = store_contract_game(url)
    code, _, err = run_cli("review", str(match_id), "--database", url, "--deal", "9")
    assert code == 2 and f"match {match_id} has no deal 9" in err
    code, _, err = run_cli("review", str(match_id), "--database", url, "--deal", "2")
    assert code == 2 and "deal 2 is not finished" in err


def test_basic_robots_reasons_are_given_for_the_cards_they_would_play_again(tmp_path: Path) -> None:
    """Every reason the review gives is the basic robot's own explanation of that very card."""
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    match_id = store_contract_game(url)
    store = Store(url)
    try:
        [first, _] = stored_deals(store, match_id)
    finally:
        store.close()
    reasons = robot_reasons(first)
    robot = make_robot("basic")
    replay = first.state.clone()
    replay.replay(first.state.history[: min(reasons)])
    actor, card = first.state.history[min(reasons)]
    assert first.levels[actor] == "basic"
    assert robot.decide(replay.view(actor)).action == card
    # South is a person: none of South's cards has a robot's reason.
    assert all(first.state.history[i][0] is not Seat.SOUTH for i in reasons)


def test_a_three_handed_game_is_reviewed(tmp_path: Path) -> None:
    """Three-handed bridge: the stored log replayed with the match's seating (TH-2, TH-5)."""
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    names = ["Ann", "Robot 1", "Robot 2"]
    match = Match("three-handed", players=names, seed=3, mode="table")
    state = match.next_deal()
    robot = make_robot("basic", seed=1)
    while state.phase is not Phase.DONE:
        seat = state.to_act
        assert seat is not None
        state.apply(robot.decide(state.view(seat)).action)
    store = Store(url)
    try:
        record = store.create_match(
            "play", "three-handed", match.scoring,
            seats=[("Ann", None), ("Robot 1", "basic"), ("Robot 2", "basic")],
            options=MatchOptions(human="Ann", position=0, players=tuple(names), mode="table"),
        )  # fmt: skip
        deal_id = store.add_deal(record.id, 1, state.dealer.letter, state.vulnerability.pbn,
                                 state.deal.to_pbn())  # fmt: skip
        for seat, action in state.history:
            store.append_action(deal_id, seat.letter, str(action))
        store.finish_deal(deal_id, {"done": True})
    finally:
        store.close()
    code, out, err = run_cli("review", str(record.id), "--database", url, "--json")
    assert code == 0, err
    [data] = [json.loads(line) for line in out.splitlines()]
    if state.contract is None:
        assert data["contract"] is None  # pragma: no cover - the seed is chosen to be played
    else:
        assert data["game"] == "three-handed" and data["par"] is None
        assert data["contract"] == str(state.contract)
        assert sum(len(t["cards"]) for t in data["tricks"]) == 52
