"""Class sessions: scoresheets, matchpoints (Law 78A) and cross-IMPs (Law 78B) on a session worked by hand.

A class file is read into the club's results model (``bridgeroom.sessions.Results``): its seating
the ``free`` movement its lines tell, mini-bridge scoring, the cross-IMPs summed.

The session: three tables, pairs stationary (NS and EW), boards 1-3.

Board 1 (dealer N, none vulnerable; MB-T1 3NT NV 400, 2NT 120, MB-T2 one down NV 50):
    T1 3NT N 9   NS +400          T2 3NT N 8   NS -50          T3 2NT S 10  NS +120 (no overtricks, MB-9)
    NS MP (2 per score beaten, 1 per tie): T1 4, T2 0, T3 2;  EW: 0, 4, 2
    cross-IMPs NS: T1 450->10 + 280->7 = 17;  T2 -450->-10 + -170->-5 = -15;  T3 -280->-7 + 170->5 = -2
Board 2 (dealer E, NS vulnerable, so EW not; 4H NV 420, 2H 110, one down NV 50):
    T1 4H E 10   NS -420          T2 4H E 9    NS +50          T3 2H W 10   NS -110
    NS MP: 0, 4, 2;  EW: 4, 0, 2
    cross-IMPs NS: T1 -470->-10 + -310->-7 = -17;  T2 470->10 + 160->4 = 14;  T3 310->7 + -160->-4 = 3
Board 3 (dealer S, EW vulnerable; 4S NS NV 420; 3NT by E vulnerable two down 200):
    T1 4S S 10   NS +420          T2 4S N 10   NS +420         T3 3NT E 7   NS +200
    NS MP: 3, 3, 0;  EW: 1, 1, 4
    cross-IMPs NS: T1 0 + 220->6 = 6;  T2 6;  T3 -6 - 6 = -12
Totals:
    Anna & Boris (T1 NS) MP 4+0+3 = 7/12, IMPs 17-17+6 = 6, points 400-420+420 = 400
    Dima & Egor  (T2 NS) MP 0+4+3 = 7/12, IMPs -15+14+6 = 5, points -50+50+420 = 420
    Ivan & Katya (T3 NS) MP 2+2+0 = 4/12, IMPs -2+3-12 = -11, points 120-110+200 = 210
    Vera & Gleb  (T1 EW) MP 0+4+1 = 5/12, IMPs -6;  Zhenya & Zoya (T2 EW) 4+0+1 = 5/12, IMPs -5
    Lena & Misha (T3 EW) MP 2+2+4 = 8/12, IMPs 11
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgeroom.errors import BridgeError, ParseError
from bridgeroom.rules import Contract, MiniBridgeDeal, Seat
from bridgeroom.scoring.compare import IMP_SCALE, cross_imps, imps, matchpoint_top, matchpoints
from bridgeroom.sessions import Played, Results
from bridgeroom.teaching import dumps_csv, format_session, load, loads

CSV = """\
# Tuesday class: three tables, three boards
board,table,ns,ew,declarer,contract,tricks
1,1,Anna & Boris,Vera & Gleb,N,3NT,9
1,2,Dima & Egor,Zhenya & Zoya,N,3NT,8
1,3,Ivan & Katya,Lena & Misha,S,2NT,10
2,1,Anna & Boris,Vera & Gleb,E,4H,10
2,2,Dima & Egor,Zhenya & Zoya,E,4H,9
2,3,Ivan & Katya,Lena & Misha,W,2H,10
3,1,Anna & Boris,Vera & Gleb,S,4S,10
3,2,Dima & Egor,Zhenya & Zoya,N,4S,10
3,3,Ivan & Katya,Lena & Misha,E,3NT,7
"""


@pytest.fixture
def session() -> Results:
    return loads(CSV).results


def pair(session: Results, name: str) -> int:
    return session.movement.find_pair(name)


# --- Law 78A / 78B ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("low", "high", "n"),
    [(0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
     (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11),
     (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16),
     (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21),
     (3000, 3490, 22), (3500, 3990, 23), (4000, 7600, 24)],
)  # fmt: skip
def test_imp_scale_law_78b(low: int, high: int, n: int) -> None:
    """The WBF IMP scale (Law 78B): both ends of every band, both signs."""
    assert imps(low) == n and imps(high) == n
    assert imps(-low) == -n and imps(-high) == -n


def test_imp_scale_has_24_steps() -> None:
    """Law 78B: 0 to 24 IMPs."""
    assert len(IMP_SCALE) == 24


def test_matchpoints_law_78a() -> None:
    """Law 78A: 2 per score beaten, 1 per score equalled; top 2(n-1)."""
    assert matchpoints([400, -50, 120]) == [4, 0, 2]
    assert matchpoints([420, 420, 200]) == [3, 3, 0]
    assert matchpoints([50, 50, 50, 50]) == [3, 3, 3, 3]
    assert matchpoints([-100, 620, 170, 140]) == [0, 6, 4, 2]
    assert matchpoint_top(3) == 4 and matchpoint_top(4) == 6 and matchpoint_top(1) == 0
    with pytest.raises(BridgeError):
        matchpoint_top(0)


def test_cross_imps() -> None:
    """Cross-IMPs: each score against each other one, summed; the sum over the tables is 0."""
    assert cross_imps([400, -50, 120]) == [17, -15, -2]
    assert cross_imps([-420, 50, -110]) == [-17, 14, 3]
    assert cross_imps([100]) == [0]


# --- the hand-worked session ------------------------------------------------------------------


def test_travellers(session: Results) -> None:
    """Per board: the NS score, matchpoints and cross-IMPs of each table (worked above)."""
    expected = {
        1: [(400, 4, 0, 17), (-50, 0, 4, -15), (120, 2, 2, -2)],
        2: [(-420, 0, 4, -17), (50, 4, 0, 14), (-110, 2, 2, 3)],
        3: [(420, 3, 1, 6), (420, 3, 1, 6), (200, 0, 4, -12)],
    }
    assert session.boards == (1, 2, 3)
    for board, rows in expected.items():
        got = [(r.ns_score, r.ns_mp, r.ew_mp, r.ns_imps) for r in session.traveller(board)]
        assert got == rows
        assert all(r.top == 4 and r.ew_imps == -r.ns_imps for r in session.traveller(board))


def test_mb1_scores_belong_to_the_pair(session: Results) -> None:
    """MB-1: the pair's score is the same for both partners: one line per pair on the scorecard."""
    card = session.scorecard(pair(session, "Anna & Boris"))
    assert [(r["board"], r["direction"], r["opponents"]) for r in card] == [
        (1, "NS", "Vera & Gleb"),
        (2, "NS", "Vera & Gleb"),
        (3, "NS", "Vera & Gleb"),
    ]


def test_scorecard_running_totals(session: Results) -> None:
    """Each pair's scorecard: points, matchpoints and IMPs with running totals."""
    card = session.scorecard(pair(session, "Anna & Boris"))
    assert [(r["points"], r["total_points"]) for r in card] == [(400, 400), (-420, -20), (420, 400)]
    assert [(r["mp"], r["total_mp"], r["total_top"]) for r in card] == [
        (4, 4, 4),
        (0, 4, 8),
        (3, 7, 12),
    ]
    assert [(r["imps"], r["total_imps"]) for r in card] == [(17, 17), (-17, 0), (6, 6)]
    lena = session.scorecard(pair(session, "Lena & Misha"))
    assert [(r["points"], r["total_points"]) for r in lena] == [
        (-120, -120),
        (110, -10),
        (-200, -210),
    ]
    assert [r["total_mp"] for r in lena] == [2, 4, 8]
    assert [r["total_imps"] for r in lena] == [2, -1, 11]


def test_standings(session: Results) -> None:
    """Totals: matchpoints, percentage of the tops, IMPs, points (worked above)."""
    got = {
        s.label: (s.direction, s.boards, s.mp, s.top, s.imps, s.points) for s in session.standings()
    }
    assert got == {
        "Anna & Boris": ("NS", 3, 7, 12, 6, 400),
        "Dima & Egor": ("NS", 3, 7, 12, 5, 420),
        "Ivan & Katya": ("NS", 3, 4, 12, -11, 210),
        "Vera & Gleb": ("EW", 3, 5, 12, -6, -400),
        "Zhenya & Zoya": ("EW", 3, 5, 12, -5, -420),
        "Lena & Misha": ("EW", 3, 8, 12, 11, -210),
    }
    best = session.ranking(by="matchpoints")[0]
    assert best.label == "Lena & Misha" and best.percent == 66.67  # 8/12, to two decimals
    assert session.movement.separate_directions
    assert [s.label for s in session.ranking("NS", by="imps")] == [
        "Anna & Boris",  # +6
        "Dima & Egor",  # +5
        "Ivan & Katya",  # -11
    ]


def test_printed_session(session: Results) -> None:
    """The printout has a traveller per board, a scorecard per pair and both rankings."""
    text = format_session(session)
    for needle in ("Board 1  dealer N  vulnerable: None", "Board 2  dealer E  vulnerable: N-S",
                   "Scorecard: Ivan & Katya", "Ranking NS by matchpoints", "Ranking EW by IMPs",
                   "58.33", "66.67", "Law 78A", "Law 78B"):  # fmt: skip
        assert needle in text
    first_ns = text.split("Ranking NS by matchpoints")[1].splitlines()[3]
    assert first_ns.split()[0] == "1="  # Anna & Boris and Dima & Egor share first place


def test_json_format_and_round_trip(session: Results, tmp_path: Path) -> None:
    """The JSON form of the file gives the same session; CSV written back reads back."""
    m = session.movement
    records = [
        {"board": r.board, "table": r.table, "ns": m.label(r.ns), "ew": m.label(r.ew),
         "declarer": r.declarer.letter, "contract": str(r.contract), "tricks": r.tricks}
        for r in session.played
        if isinstance(r, Played) and r.declarer is not None
    ]  # fmt: skip
    path = tmp_path / "tuesday.json"
    path.write_text(json.dumps({"title": "Tuesday", "results": records}), encoding="utf-8")
    again = load(path).results
    assert again.title == "Tuesday"
    assert again.played == session.played and len(again.played) == 9
    csv_path = tmp_path / "back.csv"
    csv_path.write_text(dumps_csv(session), encoding="utf-8")
    assert load(csv_path).results.played == session.played
    assert load(csv_path).results.title == "back"
    data = session.to_dict()
    assert data["boards"][0]["results"][0]["ns_score"] == 400
    first = data["rankings"]["EW"][0]
    assert first["pair"] == "Lena & Misha" and first["mp"] == 8


def test_relative_tricks_and_declarer_in_contract() -> None:
    """Tricks may be written relative to the contract (=, +1, -2); the declarer may follow it."""
    s = loads("board,table,contract,tricks\n1,1,3NTN,=\n1,2,4SE,+1\n1,3,2HS,-2\n").results
    assert [(r.declarer, r.tricks) for r in s.played if isinstance(r, Played)] == [
        (Seat.NORTH, 9),
        (Seat.EAST, 11),
        (Seat.SOUTH, 6),
    ]
    # 3NT= NV 400; 4S+1 by E NV 420 (no overtricks) -> NS -420; 2H-2 by S NV -> NS -100
    assert [r.ns_score for r in s.traveller(1)] == [400, -420, -100]
    assert s.movement.label(1) == "table 1 NS"


def test_overtricks_option() -> None:
    """MB-A6: a session may be scored the EBU way, overtricks counted (4S+1 NV = 450)."""
    s = loads(
        '{"overtricks": true, "results": [{"board": 1, "table": 1, "declarer": "N", "contract": "4S", "tricks": 11}]}'
    ).results
    assert s.overtricks
    assert s.traveller(1)[0].ns_score == 450


def test_result_from_a_played_deal() -> None:
    """A deal played by the engine becomes a session result (board, declarer, contract, tricks)."""
    deal = "N:AKQJT98765432... .5432.T98.AKQJT9 .AKQJT9876.AKQJ. ..765432.8765432"
    state = MiniBridgeDeal.from_board(5, deal)  # NS vulnerable
    state.announce_all()
    state.apply("7S")  # S declares; N's 13 trumps take every trick
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    result = Played.from_deal("minibridge", state, 1, 1, 2)
    assert (result.board, result.declarer, result.contract, result.tricks) == (
        5,
        Seat.SOUTH,
        Contract("7S"),
        13,
    )
    assert result.ns_score == 2210  # MB-T1 7S vulnerable
    with pytest.raises(BridgeError):
        Played.from_deal("minibridge", MiniBridgeDeal.from_board(1, deal), 1, 1, 2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("board,table,contract,tricks\n1,1,3NT,9\n", "no declarer"),
        ("board,table,declarer,contract,tricks\n1,1,N,3NTX,9\n", "MB-6"),
        ("board,table,declarer,contract,tricks\n1,1,N,3NT,14\n", "0-13"),
        ("board,table,declarer,contract,tricks\n0,1,N,3NT,9\n", "board"),
        ("board,table,declarer,contract,tricks\nx,1,N,3NT,9\n", "board"),
        ("board,table,declarer,contract,tricks\n1,1,Q,3NT,9\n", "seat"),
        ("board,table,declarer,contract,tricks\n1,1,N,3NT,nine\n", "tricks"),
        ("board,table,declarer,contract,tricks\n1,1,N,3NTE,9\n", "declarer"),
        ("board,table,declarer,contract,tricks\n1,1,N,3NT,9\n1,1,E,2S,8\n", "twice"),
        ("board,table,ns,ew,declarer,contract,tricks\n1,1,A,B,N,3NT,9\n1,2,A,C,E,2S,8\n", "twice"),
        ("board,table,declarer,contract,tricks\n1,1,N,3NT\n", "values"),
        ("board,contract,tricks\n1,3NTN,9\n", "table"),
        ("board,table,declarer,contract,tricks,colour\n1,1,N,3NT,9,red\n", "colour"),
        ("# nothing\n", "no results"),
        ('{"results": []}', "list of results"),
        ('{"results": [1]}', "not an object"),
        ('{"results": [{"board": 1}], "extra": 1}', "extra"),
        ("{not json", "JSON"),
    ],
)
def test_bad_files_raise_parse_errors(text: str, message: str) -> None:
    """A bad results file raises a ParseError naming the input (and the rule where there is one)."""
    with pytest.raises(ParseError, match=message):
        loads(text)


def test_csv_errors_name_the_line() -> None:
    """CSV errors give the line number."""
    with pytest.raises(ParseError) as info:
        loads("board,table,declarer,contract,tricks\n1,1,N,3NT,9\n\n2,1,N,3NT,99\n")
    assert info.value.line == 4


def test_unknown_pair_and_board(session: Results) -> None:
    """Asking for a board or pair that did not play is an error."""
    with pytest.raises(BridgeError):
        session.traveller(9)
    with pytest.raises(BridgeError):
        session.movement.find_pair("Nobody")
