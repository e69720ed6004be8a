"""PBN games and LIN deals behind one record protocol (``bridgeroom.formats.record``)."""

from __future__ import annotations

import io

from bridgeroom.analysis.records import board_input, with_analysis
from bridgeroom.formats import lin, pbn
from bridgeroom.formats.files import read_games
from bridgeroom.formats.reading import BadGame
from bridgeroom.formats.record import GameRecord
from bridgeroom.rules import Deal, Seat, Vulnerability

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
PBN = f"""% PBN 2.1

[Board "4"]
[West "Wes"]
[North "Nat"]
[East "Eve"]
[South "Sam"]
[Dealer "W"]
[Vulnerable "All"]
[Deal "{DEAL}"]
[Declarer "N"]
[Contract "7NT"]
[Result "13"]
[Auction "W"]
Pass 7NT Pass Pass
Pass
"""
# The same deal in LIN: hands S, W, N, E from dealer digit 2 (West), names S, W, N, E.
LIN = (
    "pn|Sam,Wes,Nat,Eve|md|2S6543H876D876C876,S2H5432D5432C5432,SAKQJHAKQDAKQCAKQ,|"
    "sv|b|ah|Board 4|mb|p|mb|7N|mb|p|mb|p|mb|p|mc|13|"
)


def records() -> list[GameRecord]:
    [p] = pbn.loads(PBN)
    [lin_game] = lin.loads(LIN)
    return [p, lin_game]


def test_both_formats_answer_the_protocol_alike() -> None:
    p, lin_game = records()
    for game in (p, lin_game):
        assert isinstance(game, GameRecord)
        assert game.deal == Deal.parse(DEAL)
        assert game.dealer is Seat.WEST and game.vulnerability is Vulnerability.BOTH
        assert game.board == 4
        assert dict(game.players) == {
            Seat.NORTH: "Nat",
            Seat.EAST: "Eve",
            Seat.SOUTH: "Sam",
            Seat.WEST: "Wes",
        }
    assert p.board_name == "4" and lin_game.board_name == "Board 4"
    assert p.first_line == 10 and lin_game.first_line == 1  # the Deal tag's line; the md command's


def test_each_format_replays_to_the_same_state_and_writes_it_back() -> None:
    states = [game.to_state() for game in records()]
    assert states[0].history == states[1].history and states[0].result == states[1].result
    for cls in (pbn.PbnGame, lin.LinGame):
        game = cls.from_state(states[0], players={Seat.NORTH: "Nat"}, board=4)
        assert isinstance(game, GameRecord)
        assert game.board == 4 and game.players[Seat.NORTH] == "Nat"
        assert game.deal == Deal.parse(DEAL) and game.dealer is Seat.WEST
        assert game.to_state(claim=False).calls == states[0].calls


def test_a_game_without_a_dealer_takes_it_from_its_board_or_is_a_bad_game_at_its_line() -> None:
    text = f'[Board "5"]\n[Deal "{DEAL}"]\n\n[Deal "{DEAL}"]\n'
    games = [g for _, g in read_games(["-"], stdin=io.StringIO(text))]
    board = board_input(games[0])
    assert not isinstance(board, BadGame)
    assert board.dealer is Seat.NORTH and board.vulnerability is Vulnerability.NS  # CB-B1, CB-B2
    bad = board_input(games[1])
    assert isinstance(bad, BadGame) and bad.line == 4 and "no Dealer tag" in bad.error


def test_each_lin_deal_starts_at_the_line_of_its_md_command() -> None:
    [first, second] = lin.loads(LIN + "\n" + LIN)
    assert (first.first_line, second.first_line) == (1, 2)


def test_a_lin_deal_with_an_analysis_becomes_a_pbn_game_with_its_players() -> None:
    from bridgeroom.analysis.dd import BoardAnalysis, solve_boards

    _, lin_game = records()
    board = board_input(lin_game)
    assert not isinstance(board, BadGame)
    [(table, par)] = solve_boards([(board.deal, board.dealer, board.vulnerability)])
    analysis = BoardAnalysis(board.deal, board.dealer, board.vulnerability, table, par, board.board)
    game = with_analysis(lin_game, analysis)
    assert game.players == dict(lin_game.players) and game.tags["Board"] == "4"
    assert (
        game.to_state().history == lin_game.to_state().history
    )  # replayed, not the board's tags only
    assert game.tags["DoubleDummyTricks"] == table.double_dummy_tricks
