"""A class typed in afterwards is the club's one results model: the ``free`` movement its lines
tell, mini-bridge scoring with the EBU's overtricks as an option, and cross-IMPs summed.

Expected values are worked by hand from docs/rules.md (MB-T1, MB-T2, MB-A6) and the laws
(Law 78A: 2 matchpoints a score beaten, 1 a tie; Law 78B: the IMP scale), as
docs/minibridge.md describes a class:

Board 1 (dealer N, nobody vulnerable): 3NT N 9 tricks +400; 3NT N 8 tricks -50 (one down
not vulnerable, MB-T2). Board 2 (dealer E, North-South vulnerable): 4H E 10 tricks, East-West
not vulnerable, -420 for North-South; 4H E 9 tricks +50. A difference of 450 or 470 points is
10 IMPs (430-490).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgeroom.errors import BridgeError, ParseError, ScoringError
from bridgeroom.rules import Seat
from bridgeroom.sessions import Movement, Played, Results
from bridgeroom.teaching import dumps_csv, format_session, loads

MOVING = """\
board,table,ns,ew,declarer,contract,tricks
1,1,Ann,Bob,N,3NT,9
1,2,Cy,Di,N,3NT,8
2,1,Bob,Ann,E,4H,10
2,2,Cy,Di,E,4H,9
"""


def test_pairs_that_change_direction_are_ranked_in_one_list() -> None:
    results = loads(MOVING).results
    m = results.movement
    assert m.kind == "free" and [m.label(p) for p in m.pairs] == ["Ann", "Bob", "Cy", "Di"]
    assert m.direction(1) is None and not m.separate_directions  # Ann sat NS, then EW
    # two tables a board: the top is 2 (Law 78A), nothing factored
    assert [(r.ns_score, r.ns_mp, r.top, r.ns_imps) for r in results.traveller(1)] == [
        (400, 2, 2, 10),
        (-50, 0, 2, -10),
    ]
    assert [(r.ns_score, r.ns_mp, r.ns_imps) for r in results.traveller(2)] == [
        (-420, 0, -10),
        (50, 2, 10),
    ]
    ranking = results.ranking(by="matchpoints")
    assert [(s.rank, s.label, s.mp, s.top, s.imps) for s in ranking] == [
        (1, "Ann", 4, 4, 20),  # 2 + 2: +400 at NS, +420 at EW
        (2, "Cy", 2, 4, 0),
        (2, "Di", 2, 4, 0),
        (4, "Bob", 0, 4, -20),
    ]
    text = format_session(results)
    assert "Ranking by matchpoints" in text and "Ranking NS" not in text


def test_a_table_keeps_its_number_or_its_name() -> None:
    text = "board,table,ns,ew,declarer,contract,tricks\n1,2,A,B,N,3NT,9\n1,Hall,C,D,N,3NT,8\n"
    results = loads(text).results
    m = results.movement
    assert [(r.table, m.table_label(r.table)) for r in results.traveller(1)] == [
        (2, "2"),
        (3, "Hall"),  # after the highest number
    ]
    assert dumps_csv(results).splitlines()[1:] == ["1,2,A,B,N,3NT,9", "1,Hall,C,D,N,3NT,8"]
    assert "Hall   C   D   3NT N" in format_session(results)


def test_cross_imps_summed_or_divided_by_the_comparisons() -> None:
    """Three tables of a class movement, board 1: +400, -50, +120 (2NT S 10 tricks, no
    overtricks: 120). Cross-IMPs (Law 78B): 450 is 10, 280 is 7, 170 is 5: +17, -15, -2
    summed; over the two comparisons +8.5, -7.5, -1."""
    m = Movement.make("class", tables=3, boards=1)
    played = [
        Played.of("minibridge", 1, 1, 1, 4, "N", "3NT", 9),
        Played.of("minibridge", 1, 2, 2, 5, "N", "3NT", 8),
        Played.of("minibridge", 1, 3, 3, 6, "S", "2NT", 10),
    ]
    summed = Results(m, "minibridge", "imps", played, summed=True)
    mean = Results(m, "minibridge", "imps", played)
    assert [r.ns_imps for r in summed.traveller(1)] == [17, -15, -2]
    assert [r.ns_imps for r in mean.traveller(1)] == [Fraction(17, 2), Fraction(-15, 2), -1]
    assert summed.with_players(1, []).summed  # a correction keeps the option


def test_overtricks_are_mini_bridges_option() -> None:
    """MB-A6: 2NT with 10 tricks scores 120 + 2 x 30 = 180 with overtricks counted."""
    assert Played.of("minibridge", 1, 1, 1, 2, Seat.SOUTH, "2NT", 10).ns_score == 120
    assert Played.of("minibridge", 1, 1, 1, 2, "S", "2NT", 10, overtricks=True).ns_score == 180
    read = loads("board,table,declarer,contract,tricks\n1,1,S,2NT,10\n", overtricks=True)
    assert read.results.overtricks and read.results.traveller(1)[0].ns_score == 180
    m = Movement.make("class", tables=1, boards=1)
    with pytest.raises(ScoringError, match="mini-bridge's option"):
        Results(m, "contract", "matchpoints", overtricks=True)


def test_a_free_movement_seats_a_table_and_a_pair_once_a_board() -> None:
    m = Movement.free().seat(1, 1, "A", "B")
    with pytest.raises(ScoringError, match="given twice"):
        m.seat(1, 1, "C", "D")
    with pytest.raises(ScoringError, match="A plays board 1 twice"):
        m.seat(1, 2, "C", "A")
    with pytest.raises(ScoringError, match="two different pairs"):
        m.seat(2, 1, "A", "A")
    with pytest.raises(ScoringError, match="seats its pairs itself"):
        Movement.make("class", tables=1, boards=1).seat(1, 1, "A", "B")
    assert m.seat(2, 1, "B", "A").direction(1) is None


def test_a_line_refused_leaves_the_rest_scored() -> None:
    text = "board,table,ns,ew,declarer,contract,tricks\n1,1,A,B,N,3NT,9\n1,2,A,C,N,3NT,8\n"
    read = loads(text, strict=False)
    assert [str(e) for e in read.errors] == ["line 3: A plays board 1 twice (tables 1 and 2)."]
    assert [m for m in read.results.movement.names] == ["A", "B"]  # C was never seated
    with pytest.raises(ParseError) as info:
        loads(text)
    assert info.value.line == 3


def test_a_played_deal_needs_its_board_and_its_end() -> None:
    from bridgeroom.rules import MiniBridgeDeal

    deal = "N:AKQJT98765432... .5432.T98.AKQJT9 .AKQJT9876.AKQJ. ..765432.8765432"
    with pytest.raises(BridgeError, match="not over"):
        Played.from_deal("minibridge", MiniBridgeDeal.from_board(1, deal), 1, 1, 2)


def test_the_lines_refused_come_in_the_files_order() -> None:
    """A pair seated twice (line 3) comes before a contract that is not one (line 4)."""
    text = (
        "board,table,ns,ew,declarer,contract,tricks\n"
        "1,1,A,B,N,3NT,9\n1,2,A,C,N,3NT,8\n1,3,D,E,N,9S,8\n"
    )
    read = loads(text, strict=False)
    assert [e.line for e in read.errors] == [3, 4]
    with pytest.raises(ParseError, match="twice") as info:
        loads(text)
    assert info.value.line == 3
