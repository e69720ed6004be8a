"""The tolerant readers: a bad game is reported with its line and reason, the rest is read.

Expected lines and reasons are read off the texts below by hand.
"""

from __future__ import annotations

import io

import pytest

from bridgeroom.errors import ParseError
from bridgeroom.formats import lin, pbn
from bridgeroom.formats.reading import BadGame
from bridgeroom.rules import Contract, Phase, Seat

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"

THREE_GAMES = f"""\
[Board "1"]
[Dealer "N"]
[Deal "{DEAL}"]

[Board "2"]
[Dealer "E"]
[Auction "E"]
Pass 8NT

[Board "3"]
[Dealer "S"]
[Deal "{DEAL}"]
"""


def test_a_bad_game_is_reported_with_its_line_and_the_rest_is_read() -> None:
    games = pbn.loads(THREE_GAMES, strict=False)
    assert [g.board for g in games] == [1, 3]
    [bad] = games.errors
    assert (bad.line, bad.board, bad.first_line) == (8, "2", 5)
    assert bad.error == "not a call in the Auction section: '8NT'"
    assert str(bad) == "line 8: board 2: not a call in the Auction section: '8NT'"


def test_strict_reading_raises_the_first_error() -> None:
    with pytest.raises(ParseError, match="line 8: not a call"):
        pbn.loads(THREE_GAMES)


def test_games_stream_one_by_one() -> None:
    items = list(pbn.iter_games(io.StringIO(THREE_GAMES)))
    assert [type(item).__name__ for item in items] == ["PbnGame", "BadGame", "PbnGame"]


def test_an_error_found_at_the_end_of_a_game_is_its_own() -> None:
    """The Auction tag says W but the Dealer tag N: found when the game ends, at its empty line."""
    text = f'[Board "1"]\n[Dealer "N"]\n[Auction "W"]\nPass\n\n[Board "2"]\n[Deal "{DEAL}"]\n'
    games = pbn.loads(text, strict=False)
    assert [g.board for g in games] == [2]
    assert games.errors[0].line == 3 and "Auction tag names W" in games.errors[0].error


def test_hash_repeats_the_previous_games_value() -> None:
    """PBN 2.1: a tag value '#' is the value of the same tag in the previous game."""
    text = '[Event "Club night"]\n[Board "1"]\n\n[Event "#"]\n[Board "2"]\n'
    games = pbn.loads(text)
    assert [g.tags["Event"] for g in games] == ["Club night", "Club night"]
    bad = pbn.loads('[Event "#"]\n', strict=False)
    assert "no previous game has it" in bad.errors[0].error


SECOND_TABLE = f"""\
[Board "7"]
[Dealer "S"]
[Vulnerable "Both"]
[Deal "{DEAL}"]
[Room "Open"]

[Board "7"]
[Room "Closed"]
[Declarer "N"]
[Contract "3NT"]
[Result "9"]

[Board "8"]
[Room "Closed"]
"""


def test_a_second_table_record_takes_the_boards_tags_from_the_same_boards_record() -> None:
    first, second, other = pbn.loads(SECOND_TABLE)
    assert second.deal == first.deal and second.dealer is Seat.SOUTH
    assert second.vulnerability == first.vulnerability
    assert second.inherited == {"Deal", "Dealer", "Vulnerable"}
    assert other.deal is None and not other.inherited  # another board takes nothing
    # Written back in full: the file no longer depends on the record before it.
    again = pbn.loads(pbn.dumps([second]))[0]
    assert again.deal == first.deal and not again.inherited


def test_a_redouble_written_r_reads_as_xx() -> None:
    game = pbn.loads('[Contract "4SR"]\n[Declarer "W"]\n')[0]
    assert game.contract == Contract("4SXXW")


def test_a_replayed_claim_keeps_its_result_when_written_back() -> None:
    text = f"""\
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{DEAL}"]
[Declarer "N"]
[Contract "3NT"]
[Result "12"]
[Auction "N"]
3NT AP
[Play "E"]
ST S3 S2 SA
*
"""
    [game] = pbn.loads(text)
    state = game.to_state()
    assert state.phase is Phase.DONE and state.result is not None and state.result.tricks == 12
    assert game.claimed_tricks(state) == 11
    written = pbn.PbnGame.from_state(state)
    assert written.tags["Result"] == "12"
    assert written.play is not None and written.play.end == "*"
    assert pbn.loads(pbn.dumps(written))[0].to_state().result.tricks == 12  # type: ignore[union-attr]


def test_lin_bad_deal_is_reported_and_the_next_is_read() -> None:
    text = (
        "md|3SAKQJ,,,|mb|9Z|\n"
        "md|3S6543H876D876C876,S2H5432D5432C5432,SAKQJHAKQDAKQCAKQ,|mb|7N|mb|p|mb|p|mb|p|\n"
    )
    games = lin.loads(text, strict=False)
    assert len(games) == 1 and games[0].to_state().contract == Contract("7NTN")
    [bad] = games.errors
    assert isinstance(bad, BadGame) and bad.line == 1
    with pytest.raises(ParseError):
        lin.loads(text)


def test_lin_text_that_is_no_command_skips_to_the_next_line() -> None:
    text = (
        "this is not lin\n"
        "md|3S6543H876D876C876,S2H5432D5432C5432,SAKQJHAKQDAKQCAKQ,|mb|7N|mb|p|mb|p|mb|p|\n"
    )
    games = lin.loads(text, strict=False)
    assert len(games) == 1 and games.errors[0].line == 1
