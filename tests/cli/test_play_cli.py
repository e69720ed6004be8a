"""``bridgeroom play``'s choice of score form: the game decides which forms are its own
(``Game.score_form``) and refuses another game's in the player's language, one line and exit 2,
before anything is stored."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bridgeroom.errors import ScoringError
from bridgeroom.games import GAMES
from bridgeroom.i18n import error_text, translate
from bridgeroom.scoring import ScoreForm


def play(*args: str, database: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, NO_COLOR="1", BRIDGEROOM_PAUSE="0")
    env.pop("BRIDGEROOM_DATABASE", None)
    return subprocess.run(
        [sys.executable, "-m", "bridgeroom", "play", *args, "--database", str(database)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_each_game_lists_its_score_forms_as_typed_values() -> None:
    assert GAMES["contract"].scorings == (ScoreForm.RUBBER, ScoreForm.CHICAGO, ScoreForm.DUPLICATE)
    assert GAMES["contract"].score_form("Chicago") is ScoreForm.CHICAGO
    assert GAMES["contract"].score_form() is ScoreForm.RUBBER  # CB-R: rubber by default
    assert (
        GAMES["three-handed"].score_form("three_handed-auction") is ScoreForm.THREE_HANDED_AUCTION
    )
    assert GAMES["minibridge"].score_form() is ScoreForm.MINIBRIDGE


@pytest.mark.parametrize(
    ("game", "form", "en", "ru"),
    [
        (
            "minibridge",
            "rubber",
            "Mini-bridge is scored as mini-bridge boards, not as rubber.",
            "Мини-бридж: счёт — сдачи мини-бриджа, а не роббер.",
        ),
        (
            "three-handed",
            "duplicate",
            "Three-handed bridge is scored as contract table or auction table, not as duplicate.",
            "Бридж втроём: счёт — контрактная таблица или таблица аукциона, а не дубликатный.",
        ),
        (
            "contract",
            "whist",
            "Contract bridge is scored as rubber, Chicago or duplicate, not as “whist”.",
            "Контрактный бридж: счёт — роббер, чикаго или дубликатный, а не «whist».",
        ),
    ],
)
def test_a_form_of_another_game_is_refused_in_each_language(
    game: str, form: str, en: str, ru: str
) -> None:
    with pytest.raises(ScoringError) as refused:
        GAMES[game].score_form(form)
    assert (error_text(refused.value, "en"), error_text(refused.value, "ru")) == (en, ru)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["minibridge", "--scoring", "rubber"],
            "Мини-бридж: счёт — сдачи мини-бриджа, а не роббер.",
        ),
        # --table names a three-handed rubber's score table (TH-12): not contract bridge's
        (["contract", "--table", "auction"], "а не таблица аукциона."),
        (["whist"], "Игры «whist» нет: игры — contract, auction, three-handed, minibridge."),
    ],
)
def test_play_refuses_a_score_form_in_one_russian_line_and_stores_nothing(
    tmp_path: Path, args: list[str], said: str
) -> None:
    database = tmp_path / "games.db"
    out = play(*args, "--lang", "ru", database=database)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("bridgeroom play: ошибка: "), out.stderr
    assert lines[0].endswith(said)
    assert not database.exists() or translate("history.empty", "ru") in play_history(database)


def play_history(database: Path) -> str:
    env = dict(os.environ, NO_COLOR="1")
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "bridgeroom",
            "history",
            "--lang",
            "ru",
            "--database",
            str(database),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    ).stdout


def test_the_three_handed_auction_table_is_chosen_with_table(tmp_path: Path) -> None:
    """``--table auction`` is accepted for three-handed bridge: with no terminal the command
    then stops before dealing (exit 1, nothing kept), not at the score form (exit 2)."""
    out = play("three-handed", "--table", "auction", database=tmp_path / "games.db")
    assert out.returncode == 1, out.stderr
