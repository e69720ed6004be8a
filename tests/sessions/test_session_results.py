"""Travellers and rankings of a session, checked against published examples (cited in each
test) and worked by hand: matchpoints (WBF Law 78A) with ties, the Neuberg factoring of a board
with a missing result, IMPs across the field (Law 78B)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgeroom.errors import ScoringError
from bridgeroom.scoring.compare import imps_across_field, neuberg
from bridgeroom.sessions import Movement, Played, Results


def test_neuberg_ebu_example_ten_results_of_eleven() -> None:
    """Max Bavin, "The Neuberg formula" (EBU Laws & Ethics, 'the principle'): a board expected
    11 times, played 10; factored matchpoints 19.9, 17.7, ... 0.1 out of a top of 20."""
    scores = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
    expected = [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]
    assert [round(float(mp), 1) for mp in neuberg(scores, 11)] == expected


def test_neuberg_ebu_example_through_the_traveller() -> None:
    """The same example played out as contracts at ten of eleven tables (board 1, nobody
    vulnerable: 3NT+4 = 520, 4SX by East 3 down = 500, ..., 3NT-1 = -50, Law 77)."""
    m = Movement.make("class", tables=11, boards=1)
    results = [
        ("N", "3NT", 13), ("E", "4SX", 7), ("N", "3NT", 12), ("N", "4S", 12), ("N", "3NT", 11),
        ("N", "4S", 11), ("N", "3NT", 10), ("N", "4S", 10), ("N", "3NT", 9), ("N", "3NT", 8),
    ]  # fmt: skip
    played = [
        Played.of("contract", 1, t + 1, t + 1, 12 + t, d, c, k)
        for t, (d, c, k) in enumerate(results)
    ]
    session = Results(m, "contract", "matchpoints", played)
    rows = session.traveller(1)
    assert [r.ns_score for r in rows] == [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
    assert [round(float(r.ns_mp), 1) for r in rows][:2] == [19.9, 17.7]
    assert all(r.top == 20 and r.ns_mp + r.ew_mp == 20 for r in rows)
    # table 11 did not play: its pairs have no board and no percentage
    by_pair = {s.label: s for s in session.standings()}
    assert by_pair["11NS"].boards == 0 and by_pair["11NS"].percent == 0.0


def test_matchpoints_with_ties_and_a_missing_result_worked_by_hand() -> None:
    """Four tables expected, three played: +420, +420, +170 NS. Unfactored (Law 78A, 2 per
    score beaten, 1 per tie): 3, 3, 0 of a top of 4. Neuberg: (mp + 1) x 4/3 - 1 =
    13/3, 13/3, 1/3 of a top of 6; East-West get 6 minus those."""
    m = Movement.make("class", tables=4, boards=1)
    played = [
        Played.of("contract", 1, 1, 1, 5, "S", "4S", 10),
        Played.of("contract", 1, 2, 2, 6, "N", "4S", 10),
        Played.of("contract", 1, 3, 3, 7, "S", "4S", 9),
    ]
    rows = Results(m, "contract", "matchpoints", played).traveller(1)
    assert [r.ns_mp for r in rows] == [Fraction(13, 3), Fraction(13, 3), Fraction(1, 3)]
    assert [r.ew_mp for r in rows] == [Fraction(5, 3), Fraction(5, 3), Fraction(17, 3)]


def test_imps_across_the_field_ebu_example() -> None:
    """EBU forum, "Pairs, XIMPs and weighted & split scoring" (answered with White Book
    4.1.1.4): four results -110, +50, +170, +120 give -5.667, -0.333, +4.000, +2.000."""
    got = [round(float(x), 3) for x in imps_across_field([-110, 50, 170, 120])]
    assert got == [-5.667, -0.333, 4.0, 2.0]


def test_imps_across_the_field_factored_worked_by_hand() -> None:
    """EBU forum, "XIMP scoring with fouled boards" (R. Barden): with fewer results than
    expected the sum of comparisons is scaled by expected/actual, then divided by expected - 1.
    Three of four results, +420 +420 +170: sums 6, 6, -12 (250 points = 6 IMPs, Law 78B);
    x 4/3 / 3 = 8/3, 8/3, -16/3."""
    assert imps_across_field([420, 420, 170], 4) == [
        Fraction(8, 3),
        Fraction(8, 3),
        Fraction(-16, 3),
    ]


def test_mitchell_ranking_by_direction_with_a_shared_rank() -> None:
    """Two tables, Mitchell, two rounds of one board. Board 1 (none vul): table 1 3NT N =
    +400, table 2 3NT N = +400 (a tie: 1 each of a top of 2). Board 2 (NS vul): table 1 4H
    by S making = +620, table 2 4H S down one = -100. 1NS: 1 + 2 = 3 of 4 = 75 %; 2NS: 1 + 0
    = 25 %; East-West pairs the mirror; 1EW met 1NS then 2NS."""
    m = Movement.make("mitchell", tables=2, boards=2)
    played = [
        Played.of("contract", 1, 1, 1, 3, "N", "3NT", 9),
        Played.of("contract", 1, 2, 2, 4, "N", "3NT", 9),
        Played.of("contract", 2, 1, 1, 4, "S", "4H", 10),
        Played.of("contract", 2, 2, 2, 3, "S", "4H", 9),
    ]
    results = Results(m, "contract", "matchpoints", played)
    ns = [(s.rank, s.label, s.percent) for s in results.ranking("NS")]
    ew = [(s.rank, s.label, s.percent) for s in results.ranking("EW")]
    assert ns == [(1, "1NS", 75.0), (2, "2NS", 25.0)]
    assert ew == [(1, "1EW", 75.0), (2, "2EW", 25.0)]  # 1EW: 1 + 2 (at table 2 in round 2)
    tied = Results(m, "contract", "matchpoints", played[:2])
    assert [s.rank for s in tied.ranking("NS")] == [1, 1]  # level pairs share the rank
    card = results.scorecard(3)
    assert [(c["board"], c["opponents"], c["points"], c["mp"]) for c in card] == [
        (1, "1NS", -400, 1),
        (2, "2NS", 100, 2),
    ]


def test_imps_and_total_rankings() -> None:
    m = Movement.make("class", tables=2, boards=1)
    played = [
        Played.of("minibridge", 1, 1, 1, 3, "N", "3NT", 9),  # 100 + 300 game (MB-9, MB-10)
        Played.of(
            "minibridge", 1, 2, 2, 4, "N", "2NT", 9
        ),  # 70 + 50 partscore, no overtricks (MB-9)
    ]
    imps = Results(m, "minibridge", "imps", played)
    assert [r.ns_score for r in imps.traveller(1)] == [400, 120]
    # 280 points = 7 IMPs (270-310), one comparison
    assert [(s.label, s.imps) for s in imps.ranking("NS")] == [("1NS", 7), ("2NS", -7)]
    total = Results(m, "minibridge", "total", played)
    assert [(s.label, s.points) for s in total.ranking("EW")] == [("2EW", -120), ("1EW", -400)]


def test_a_result_from_the_wrong_pairs_or_twice_is_refused() -> None:
    m = Movement.make("mitchell", tables=2, boards=2)
    results = Results(m, "contract", "matchpoints")
    with pytest.raises(ScoringError, match="played by pairs 2NS and 2EW"):
        results.add(Played.of("contract", 1, 2, 2, 3, "N", "3NT", 9))
    results.add(Played.of("contract", 1, 2, 2, 4, "N", "3NT", 9))
    with pytest.raises(ScoringError, match="given twice"):
        results.add(Played.of("contract", 1, 2, 2, 4, "N", "3NT", 9))
    with pytest.raises(ScoringError, match="not 'swiss'"):
        Results(m, "contract", "swiss")


def test_teams_compare_each_board_within_its_match_worked_by_hand() -> None:
    """Four teams, round 1: teams 4 and 1 at tables 1-2, teams 2 and 3 at tables 3-4. Scores
    by Law 77 (board 1 nobody vulnerable, board 2 North-South vulnerable, CB-B2), IMPs by the
    Law 78B scale, each board compared between the two tables of its match only."""
    m = Movement.make("teams", tables=4, boards=2, rounds=1)
    results = Results(m, "contract", "imps")
    for p in (
        Played.of("contract", 1, 1, 4, 5, "N", "3NT", 10),  # team 4 NS: +430
        Played.of("contract", 1, 2, 1, 8, "N", "3NT", 9),  # team 1 NS: +400
        Played.of("contract", 2, 1, 4, 5, "E", "4S", 10),  # team 4 NS: -420
        Played.of("contract", 1, 3, 2, 7, "N", "1NT", 7),  # team 2 NS: +90
        Played.of("contract", 1, 4, 3, 6, "N", "1NT", 7),  # team 3 NS: +90
        Played.of("contract", 2, 3, 2, 7, None, None, 0),  # passed out
    ):
        results.add(p)
    # board 2 not yet played at tables 2 and 4: nothing compared yet
    assert [(r.table, r.ns_imps) for r in results.traveller(2)] == [(1, 0), (3, 0)]
    # board 1: 430 - 400 = 30 points = 1 IMP (20-40); 90 - 90 = 0
    assert [(r.table, r.ns_imps) for r in results.traveller(1)] == [(1, 1), (2, -1), (3, 0), (4, 0)]
    results.add(Played.of("contract", 2, 2, 1, 8, "E", "4S", 9))  # team 1 NS: +50
    results.add(Played.of("contract", 2, 4, 3, 6, "N", "2S", 8))  # team 3 NS: +110 vulnerable
    # board 2: -420 - 50 = -470 = 10 IMPs to team 1 (430-490); 0 - 110 = 3 IMPs to team 3
    assert [(r.table, r.ns_imps) for r in results.traveller(2)] == [
        (1, -10),
        (2, 10),
        (3, -3),
        (4, 3),
    ]
    ranking = results.rankings()
    assert list(ranking) == ["teams"]
    assert [(s.rank, s.label, s.imps, s.boards) for s in ranking["teams"]] == [
        (1, "T1", 9, 2),
        (2, "T3", 3, 2),
        (3, "T2", -3, 2),
        (4, "T4", -9, 2),
    ]
    # team 1's East-West pair (1EW, at table 1) shares its team's IMPs on its scorecard
    assert [(c["board"], c["imps"]) for c in results.scorecard(5)] == [(1, -1), (2, 10)]
    with pytest.raises(ScoringError, match="scored by IMPs"):
        Results(m, "contract", "matchpoints")
