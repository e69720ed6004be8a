"""The director's adjustments (Law 12C), fouled boards (Law 87), a sit-out, Butler and the
victory points of a teams event: checked against published figures (cited in each test) and
worked by hand. Scores are Law 77's; board 1 is nobody vulnerable (CB-B2): 4♠ made +420, one
down -50, 3NT made +400."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgeroom.errors import ScoringError
from bridgeroom.scoring.compare import matchpoints
from bridgeroom.sessions import (
    Artificial,
    Fouled,
    Movement,
    NotPlayed,
    Played,
    Player,
    Results,
    Split,
    Weighted,
    adjusted,
    butler_datum,
    parse_entry,
    victory_points,
)


def _p(board: int, table: int, ns: int, ew: int, text: str) -> Played:
    entry = parse_entry("contract", board, table, ns, ew, text)
    assert isinstance(entry, Played)
    return entry


def test_the_wbf_continuous_scale_printed_for_sixteen_boards() -> None:
    """WBF Scoring Panel, "The New WBF IMP to VP Scales" (2013): the continuous scale's printed
    table for a 16-board match (blitz 15 x sqrt 16 = 60 IMPs): 0 IMPs 10.00-10.00, 1: 10.31,
    2: 10.61, 3: 10.91, 4: 11.20, 5: 11.48; 60 and more: 20.00-0.00; winner and loser add to 20
    (P. Buchen, "A Brief Intro to the New WBF Scales", 2014)."""
    printed = ["10", "10.31", "10.61", "10.91", "11.2", "11.48"]
    assert [f"{float(victory_points(m, 16)):g}" for m in range(6)] == printed
    assert victory_points(60, 16) == victory_points(99, 16) == 20
    assert victory_points(-3, 16) == Fraction(909, 100)  # 20 - 10.91


@given(st.integers(-200, 200), st.integers(1, 64))
def test_victory_points_add_to_twenty_and_never_fall(margin: int, boards: int) -> None:
    vp = victory_points(margin, boards)
    assert vp + victory_points(-margin, boards) == 20
    assert 0 <= vp <= 20
    assert victory_points(margin + 1, boards) >= vp


def test_average_plus_and_minus_at_matchpoints_and_the_others_factored() -> None:
    """Law 12C2(a): 60 % and 40 % of the top. Three tables expected; table 3 gets A+/A-; tables
    1 and 2 (+420, +170 by 4♠ by N with 9 tricks... here 2♠ +2 = +170) are two results of
    three, factored by Neuberg: (2 + 1) x 3/2 - 1 = 3.5 and (0 + 1) x 3/2 - 1 = 0.5 of a top
    of 4 (the example of bridgeroom.scoring.compare.neuberg, after Max Bavin, "The Neuberg
    formula", EBU)."""
    m = Movement.make("class", tables=3, boards=1)
    r = Results(
        m,
        "contract",
        "matchpoints",
        [_p(1, 1, 1, 4, "4S N ="), _p(1, 2, 2, 5, "2S N +2"), Artificial(1, 3, 3, 6, "A+", "A-")],
    )
    rows = r.traveller(1)
    assert [(row.ns_mp, row.ew_mp) for row in rows] == [
        (Fraction(7, 2), Fraction(1, 2)),
        (Fraction(1, 2), Fraction(7, 2)),
        (Fraction(12, 5), Fraction(8, 5)),
    ]
    by_pair = {s.label: s for s in r.standings()}
    assert by_pair["3NS"].percent == 60.0 and by_pair["3EW"].percent == 40.0


def test_artificial_scores_at_imps_are_three_imps() -> None:
    """+3, 0, -3 IMPs for average plus, average, average minus (Law 12C2(a) at IMPs)."""
    m = Movement.make("class", tables=3, boards=1)
    r = Results(
        m,
        "contract",
        "imps",
        [_p(1, 1, 1, 4, "4S N ="), _p(1, 2, 2, 5, "4S N ="), Artificial(1, 3, 3, 6, "A", "A-")],
    )
    assert [(row.ns_imps, row.ew_imps) for row in r.traveller(1)][2] == (0, -3)


def test_a_weighted_score_worked_by_hand() -> None:
    """Law 12C1(c): table 3 gets 30 % of 4♠= (+420) and 70 % of 4♠-1 (-50); tables 1 and 2 made
    +420 and -50. Each comparison is weighted: table 3 against +420 scores 0.3 x 1 (a tie) +
    0.7 x 0 = 0.3, against -50 0.3 x 2 + 0.7 x 1 = 1.3: 1.6 of 4; table 1: 2 + (0.3 x 1 + 0.7
    x 2) = 3.7; table 2: 0 + 0.7 x 1 = 0.7. The tops still add up: 1.6 + 3.7 + 0.7 = 6."""
    m = Movement.make("class", tables=3, boards=1)
    weighted = parse_entry("contract", 1, 3, 3, 6, "30% 4S N = + 70% 4S N -1")
    assert isinstance(weighted, Weighted)
    r = Results(
        m,
        "contract",
        "matchpoints",
        [_p(1, 1, 1, 4, "4S N ="), _p(1, 2, 2, 5, "4S N -1"), weighted],
    )
    assert [row.ns_mp for row in r.traveller(1)] == [
        Fraction(37, 10),
        Fraction(7, 10),
        Fraction(8, 5),
    ]
    assert all(row.ns_mp + row.ew_mp == 4 for row in r.traveller(1))
    assert weighted.ns_score == Fraction(91)  # 0.3 x 420 + 0.7 x -50


def test_a_split_score_compares_each_side_with_its_own_side() -> None:
    """Law 12C1(b): the two sides' scores need not balance. Table 3: North-South are scored
    4♠= (+420), East-West 4♠-1 (+50 to them). North-South's field is +420, -50, +420: table 3
    ties table 1 and beats table 2, 3 of 4; East-West's field (North-South's points) is +420,
    -50, -50: table 3's East-West tie table 2 and beat table 1, 3 of 4. Table 1 gets 3 and 0,
    table 2 0 and 3."""
    m = Movement.make("class", tables=3, boards=1)
    split = parse_entry("contract", 1, 3, 3, 6, "NS 4S N = / EW 4S N -1")
    assert isinstance(split, Split)
    r = Results(
        m, "contract", "matchpoints", [_p(1, 1, 1, 4, "4S N ="), _p(1, 2, 2, 5, "4S N -1"), split]
    )
    assert [(row.ns_mp, row.ew_mp) for row in r.traveller(1)] == [(3, 0), (0, 3), (3, 3)]
    card = r.scorecard(6)
    assert card[0]["points"] == 50 and card[0]["mp"] == 3


def test_a_fouled_board_is_scored_in_its_groups() -> None:
    """Law 87: tables 1-2 and 3-4 played different cards. Each group of two is factored to the
    four tables expected (Neuberg: (mp + 1) x 4/2 - 1): +420 against +170 gives 5 and 1 of a
    top of 6; +400 and +400 tie, 3 each."""
    m = Movement.make("class", tables=4, boards=1)
    played = [
        _p(1, 1, 1, 5, "4S N ="),
        _p(1, 2, 2, 6, "2S N +2"),
        _p(1, 3, 3, 7, "3NT N ="),
        _p(1, 4, 4, 8, "3NT S ="),
    ]
    r = Results(m, "contract", "matchpoints", played, fouled=[Fouled(1, ((1, 2), (3, 4)))])
    assert [row.ns_mp for row in r.traveller(1)] == [5, 1, 3, 3]
    unfouled = Results(m, "contract", "matchpoints", played)
    assert [row.ns_mp for row in unfouled.traveller(1)] == matchpoints([420, 170, 400, 400])
    with pytest.raises(ScoringError, match="two groups or more"):
        Fouled(1, ((1, 2),))


def test_a_sit_out_plays_no_board_and_the_top_is_one_table_less() -> None:
    """Three-table Mitchell with five pairs: pair 3EW sits out. In round 1 it would be at
    table 3, which plays nothing; boards 1-2 are played at two tables, top 2 (not 4), and
    every board of the session likewise."""
    m = Movement.make("mitchell", tables=3, boards=3)
    r = Results(m, "contract", "matchpoints", sitout=6)
    with pytest.raises(ScoringError, match="sits out"):
        r.add(_p(1, 3, 3, 6, "4S N ="))
    r.add(_p(1, 1, 1, 4, "4S N ="))
    r.add(_p(1, 2, 2, 5, "4S N -1"))
    r.add(NotPlayed(1, 3, 3, 6))
    assert [(row.table, row.ns_mp, row.top) for row in r.traveller(1)] == [
        (1, 2, 2),
        (2, 0, 2),
        (3, 0, 0),
    ]
    assert "3EW" not in {s.label for s in r.standings()}
    assert {s.label: s.boards for s in r.standings()}["3NS"] == 0


def test_butler_against_the_datum_worked_by_hand() -> None:
    """Butler: five results +420, +420, +170, +450, -50; without the highest and lowest the
    mean is (420 + 420 + 170) / 3 = 336.7, datum 340. IMPs (Law 78B): +80 = 2, -170 = -5,
    +110 = 3, -390 = -9."""
    assert butler_datum([420, 420, 170, 450, -50]) == 340
    m = Movement.make("class", tables=5, boards=1)
    texts = ["4S N =", "4S S =", "2S N +2", "4S N +1", "4S N -1"]
    r = Results(
        m, "contract", "butler", [_p(1, t + 1, t + 1, t + 6, x) for t, x in enumerate(texts)]
    )
    assert [row.ns_imps for row in r.traveller(1)] == [2, 2, -5, 3, -9]
    assert [row.ew_imps for row in r.traveller(1)] == [-2, -2, 5, -3, 9]


def test_teams_of_several_matches_rank_by_victory_points() -> None:
    """Four teams, three matches of two boards. In round 1 team 4 beats team 1 by 10 IMPs on
    board 1 and nothing happens on board 2; teams 2 and 3 draw. Two boards: blitz 15 x sqrt 2 =
    21.2 IMPs; 10 IMPs are 10 + 10 (1 - t^(30/21.2)) / (1 - t^3) = 16.46 VPs (WBF formula),
    3.54 to the loser; a draw is 10-10."""
    m = Movement.make("teams", tables=4, boards=6)
    assert m.rounds == 3
    entries = [
        _p(1, 1, 4, 5, "4S N ="),  # team 4 NS +420
        _p(1, 2, 1, 8, "4S N -1"),  # team 1 NS -50: team 4 +470 = 10 IMPs
        _p(2, 1, 4, 5, "pass"),
        _p(2, 2, 1, 8, "pass"),
        _p(1, 3, 2, 7, "3NT N ="),
        _p(1, 4, 3, 6, "3NT N ="),
    ]
    r = Results(m, "contract", "imps", entries)
    match = r.matches()[0]
    assert match["teams"] == (4, 1) and match["imps"] == (10, -10)
    assert match["vp"] == (Fraction(1646, 100), Fraction(354, 100))
    ranking = r.rankings()["teams"]
    assert [(s.label, s.vp) for s in ranking] == [
        ("T4", Fraction(1646, 100)),
        ("T2", 10),
        ("T3", 10),
        ("T1", Fraction(354, 100)),
    ]
    assert (r.matches()[1]["imps"], r.matches()[1]["vp"]) == ((0, 0), (10, 10))
    assert r.matches()[2]["compared"] == 0  # round 2 not started: no victory points yet


def test_an_artificial_score_in_a_team_match() -> None:
    m = Movement.make("teams", tables=2, boards=1)
    r = Results(
        m, "contract", "imps", [_p(1, 1, 1, 4, "4S N ="), Artificial(1, 2, 2, 3, "A-", "A+")]
    )
    # table 2's North-South pair is team 2's (A-), its East-West pair team 1's (A+)
    assert [s.imps for s in r.team_standings()] == [3, -3]


def test_corrections_are_new_values() -> None:
    m = Movement.make("class", tables=2, boards=1)
    first = Results(
        m, "contract", "matchpoints", [_p(1, 1, 1, 3, "4S N ="), _p(1, 2, 2, 4, "4S N -1")]
    )
    corrected = first.with_entry(_p(1, 2, 2, 4, "4S N ="))
    assert [row.ns_mp for row in first.traveller(1)] == [2, 0]
    assert [row.ns_mp for row in corrected.traveller(1)] == [1, 1]
    removed = corrected.without(1, 2)
    assert [row.table for row in removed.traveller(1)] == [1]
    with pytest.raises(ScoringError, match="no result to remove"):
        removed.without(1, 2)
    with pytest.raises(ScoringError, match="played by pairs"):
        first.with_entry(_p(1, 2, 1, 4, "4S N ="))


def test_players_go_with_their_pair() -> None:
    m = Movement.make("class", tables=1, boards=1)
    r = Results(m, "contract", "matchpoints", [_p(1, 1, 1, 2, "4S N =")]).with_players(
        1, [Player.parse("Ann Smith #123"), Player("Bob")]
    )
    ns = r.ranking("NS")[0]
    assert ns.players == (Player("Ann Smith", "123"), Player("Bob"))
    assert r.standing_dict(ns)["players"][0] == {"name": "Ann Smith", "number": "123"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4S N +9", "tricks are 0-13"),
        ("4S Q =", "Q"),
        ("4S N", "CONTRACT DECLARER RESULT"),
        ("A+/B", "CONTRACT DECLARER RESULT"),
        ("50% 4S N = + 40% 4S N -1", "add up to 1"),
        ("4S N = ZZ", "ZZ"),
    ],
)
def test_a_bad_entry_is_refused_with_its_reason(text: str, message: str) -> None:
    with pytest.raises((ScoringError, ValueError), match=message):
        parse_entry("contract", 1, 1, 1, 2, text)


def test_the_notation_reads_every_kind() -> None:
    assert parse_entry("contract", 1, 1, 1, 2, "A") == adjusted(1, 1, 1, 2, "A")
    assert parse_entry("contract", 1, 1, 1, 2, "60%/40%") == Artificial(1, 1, 1, 2, "A+", "A-")
    assert parse_entry("contract", 1, 1, 1, 2, "not played") == NotPlayed(1, 1, 1, 2)
    assigned = parse_entry("contract", 1, 1, 1, 2, "assigned 3NT S 10")
    assert isinstance(assigned, Played) and assigned.assigned and assigned.ns_score == 430
    played = parse_entry("contract", 1, 1, 1, 2, "4SX E -2 HK")
    assert isinstance(played, Played) and (played.ns_score, played.lead) == (300, "HK")
    assert played.text() == "4SX E -2"
    assert parse_entry("contract", 1, 1, 1, 2, "pass").ns_score == 0  # type: ignore[union-attr]


scores = st.lists(st.sampled_from([-200, -50, 0, 110, 140, 420, 450, 620]), min_size=1, max_size=8)


@given(scores, st.integers(0, 4))
def test_matchpoints_of_both_sides_add_to_the_top(values: list[int], missing: int) -> None:
    """With any results (and tables missing), each table's two sides share the top, and with
    every table in, North-South's matchpoints are Law 78A's."""
    tables = len(values) + missing
    m = Movement.make("class", tables=tables, boards=1)
    contracts = {-200: "4S N -2", -50: "4S N -1", 0: "pass", 110: "2S N =", 140: "2S N +1",
                 420: "4S N =", 450: "4S N +1", 620: "4S N +3"}  # fmt: skip
    entries = [_p(1, t + 1, t + 1, t + 1 + tables, contracts[v]) for t, v in enumerate(values)]
    r = Results(m, "contract", "matchpoints", entries)
    rows = r.traveller(1)
    assert all(row.ns_mp + row.ew_mp == row.top for row in rows)
    if missing == 0:
        assert [row.ns_mp for row in rows] == matchpoints(values)


@given(scores, st.integers(0, 3), st.sampled_from(["matchpoints", "imps", "butler"]))
def test_a_weighted_score_of_one_result_is_that_result(
    values: list[int], missing: int, scoring: str
) -> None:
    """A weighted score whose parts are the same result (1/3 and 2/3 of it) scores as the result
    itself: the weighted comparisons (Law 12C1(c)) reduce to Law 78A and 78B's."""
    tables = len(values) + missing
    m = Movement.make("class", tables=tables, boards=1)
    contracts = {-200: "4S N -2", -50: "4S N -1", 0: "pass", 110: "2S N =", 140: "2S N +1",
                 420: "4S N =", 450: "4S N +1", 620: "4S N +3"}  # fmt: skip
    plain = [_p(1, t + 1, t + 1, t + 1 + tables, contracts[v]) for t, v in enumerate(values)]
    third = Fraction(1, 3)
    weighted = [
        Weighted.of(p.board, p.table, p.ns, p.ew, [(third, p), (1 - third, p)]) for p in plain
    ]
    a = Results(m, "contract", scoring, plain).traveller(1)
    b = Results(m, "contract", scoring, weighted).traveller(1)
    assert [(r.ns_mp, r.ew_mp, r.ns_imps, r.ew_imps) for r in a] == [
        (r.ns_mp, r.ew_mp, r.ns_imps, r.ew_imps) for r in b
    ]
