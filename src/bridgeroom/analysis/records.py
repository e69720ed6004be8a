"""Games of files as boards to analyse, and analyses written back into PBN games.

>>> from bridgeroom.formats import pbn
>>> [game] = pbn.loads('[Board "2"]\\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 -"]\\n')
>>> board = board_input(game)
>>> board.board, board.dealer, board.vulnerability   # from the board number (CB-B1, CB-B2)
(2, <Seat.EAST: 1>, <Vulnerability.NS: 1>)
"""

from __future__ import annotations

from bridgeroom.analysis.dd import OPTIMUM_RESULT_TABLE, BoardAnalysis, BoardInput
from bridgeroom.errors import ParseError
from bridgeroom.formats import pbn
from bridgeroom.formats.reading import BadGame
from bridgeroom.formats.record import GameRecord
from bridgeroom.rules.dealing import board_dealer, board_vulnerability

__all__ = ["ANALYSIS_TAGS", "board_input", "with_analysis"]

#: The tags :func:`with_analysis` writes (any old values are replaced).
ANALYSIS_TAGS = ("DoubleDummyTricks", "OptimumScore", "ParContract", "OptimumResultTable")


def board_input(game: GameRecord, source: str = "") -> BoardInput | BadGame:
    """The deal, dealer and vulnerability of a game, or the reason it has none.

    A game without a Dealer or Vulnerable tag takes them from its board number, as
    duplicate boards are made (CB-B1, CB-B2); without either it is a bad game.
    """
    try:
        deal = game.deal
        board = game.board
        if deal is None or not deal.is_complete:
            raise ParseError(key="file.no_deal", params={"tag": "Deal"}, line=game.first_line)
        dealer = game.dealer
        vulnerability = game.vulnerability
        if dealer is None:
            if board is None:
                said = {"tag": "Dealer"}
                raise ParseError(key="file.no_tag_no_board", params=said, line=game.first_line)
            dealer = board_dealer(board)
        if vulnerability is None:
            if board is None:
                said = {"tag": "Vulnerable"}
                raise ParseError(key="file.no_tag_no_board", params=said, line=game.first_line)
            vulnerability = board_vulnerability(board)
    except ParseError as err:
        bad = BadGame.from_error(err, line=game.first_line, board=game.board_name)
        return bad.with_source(source) if source else bad
    return BoardInput(deal, dealer, vulnerability, board)


def with_analysis(game: GameRecord, analysis: BoardAnalysis) -> pbn.PbnGame:
    """A PBN game carrying ``analysis``: ``DoubleDummyTricks``, ``OptimumScore``, ``ParContract``
    and ``OptimumResultTable`` (PBN 2.1 and BridgeComposer's forms), replacing old values.

    A game of another format (a LIN deal) becomes a PBN game of its own (replayed when its
    record allows, else its board's tags only).
    """
    if not isinstance(game, pbn.PbnGame):
        game = _pbn_of(game, analysis)
    tags = {k: v for k, v in game.tags.items() if k not in ANALYSIS_TAGS}
    data = {k: v for k, v in game.data.items() if k not in ANALYSIS_TAGS}
    tags["DoubleDummyTricks"] = analysis.table.double_dummy_tricks
    tags["OptimumScore"] = analysis.par.optimum_score
    tags["ParContract"] = analysis.par.par_contract
    tags["OptimumResultTable"] = OPTIMUM_RESULT_TABLE
    data["OptimumResultTable"] = analysis.table.optimum_result_table()
    return pbn.PbnGame(tags, game.auction, game.play, data, dict(game.notes))


def _pbn_of(game: GameRecord, analysis: BoardAnalysis) -> pbn.PbnGame:
    try:
        state = game.to_state()
    except ParseError:
        state = None
    board = str(analysis.board) if analysis.board is not None else "?"
    if state is not None:
        return pbn.PbnGame.from_state(state, players=game.players, Board=board)
    return pbn.PbnGame(
        {
            "Board": board,
            **{seat.name.title(): name for seat, name in game.players.items()},
            "Dealer": analysis.dealer.letter,
            "Vulnerable": analysis.vulnerability.pbn,
            "Deal": analysis.deal.to_pbn(analysis.dealer),
        }
    )
