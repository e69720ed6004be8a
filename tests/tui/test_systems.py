"""The sides' bidding systems in the terminal (docs/terminal.md, docs/bidding.md "Systems"):
``--system`` and ``--opponents``, the alert on an opponent's artificial call, ``explain`` (the
opponents' calls from their card) and ``system`` (both sides' cards); kept for ``resume``."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest

from bridgeroom.store import Store
from bridgeroom.tui.table import PlayTable

from .conftest import screen, spawn
from .test_follow import CALL

# seed 7, the person East: North (standard, for the opponents) opens 2C, alerted
EXPLAIN = {"en": "explain", "ru": "объяснить"}
SYSTEM = {"en": "system", "ru": "система"}
QUIT = {"en": "quit", "ru": "выход"}
ALERT = {"en": "Alert!", "ru": "Внимание!"}
CARD_ACOL = {
    "en": "1NT opening: 12-14 points, balanced",
    "ru": "Открытие 1 БК: 12-14 очков, равномерный расклад",
}
CARD_STANDARD = {
    "en": "1NT opening: 15-17 points, balanced",
    "ru": "Открытие 1 БК: 15-17 очков, равномерный расклад",
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_play_with_systems_alerts_explains_and_shows_the_cards(tmp_path: Path, lang: str) -> None:
    database = tmp_path / "games.sqlite3"
    args = ["play", "contract", "--system", "acol", "--seat", "E", "--seed", "7"]
    child = spawn(args, database, lang)
    child.expect(CALL[lang])
    shown = screen(child)
    assert ALERT[lang] in shown  # North's strong 2C, alerted to East
    child.sendline(EXPLAIN[lang])
    child.expect(CALL[lang])
    explained = screen(child)
    assert "2♣" in explained and ALERT[lang] in explained
    child.sendline(SYSTEM[lang])
    child.expect(CALL[lang])
    cards = screen(child)
    # the person's side's card (acol) first, then the opponents' (standard)
    assert cards.index(CARD_ACOL[lang]) < cards.index(CARD_STANDARD[lang])
    child.sendline(QUIT[lang])
    child.expect(pexpect.EOF)
    store = Store(str(database))
    try:
        table = PlayTable.resume(store, 1)
        assert table.table.system_names == ("standard", "acol")  # East-West play acol
    finally:
        store.close()


def test_a_system_for_a_game_without_partnerships_is_refused(tmp_path: Path) -> None:
    child = spawn(["play", "three-handed", "--system", "acol"], tmp_path / "g.sqlite3")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert "bidding system is for contract and auction bridge" in screen(child)
