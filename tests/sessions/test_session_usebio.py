"""The USEBIO 1.2 file checked against the rules its published writers and readers share.

The DTD (http://www.ebu.co.uk/usebio/usebio_v1_2.dtd) and the specification are not
reachable here, so the rules below are those the independent published programs agree on
(docs/results.md names them): Compscore3's files (``abftech/cobalt``,
``results/tests/test_files/*.xml``), the readers of ``marcshearer/ImportUsebio``
(``Usebio Parser.swift``: the closed lists of ``EVENT_TYPE`` and scoring methods; ``MATCH``
with ``TEAM``, ``OPPOSING_TEAM``, ``TEAM_SCORE``, ``OPPOSING_TEAM_SCORE``, its lines'
``DIRECTION``) and ``abftech/cobalt`` (``HANDSET`` a child of ``USEBIO``; ``DATE`` dd/mm/yyyy),
and a results site's reader (an adjusted score ``A`` + two digits each way, ``A6040``;
``NS_CROSS_IMP_POINTS``). The teams match's expected values come from the rules: the IMP scale
(docs/rules.md) and the WBF 2013 victory-point table as printed (16 boards, a 5-IMP win:
11.48 to 8.52).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from bridgeroom.errors import ParseError
from bridgeroom.i18n import error_text
from bridgeroom.rules import Deal
from bridgeroom.sessions import Movement, Played, Player, Results
from bridgeroom.sessions.results import Artificial
from bridgeroom.sessions.usebio import read_usebio, usebio_xml

#: ``EVENT_TYPE`` and ``BOARD_SCORING_METHOD`` the published readers know (ImportUsebio).
EVENT_TYPES = {
    "KO", "LADDER", "MP_PAIRS", "BUTLER_PAIRS", "INDIVIDUAL", "SWISS_PAIRS", "SWISS_TEAMS",
    "TEAMS_OF_FOUR", "CROSS_IMPS", "AGGREGATE", "SWISS_PAIRS_CROSS_IMPS",
    "SWISS_PAIRS_BUTLER_IMPS", "PAIRS", "TEAMS",
}  # fmt: skip
SCORING_METHODS = {"VPS", "IMPS", "MATCH_POINTS", "PERCENTAGE", "CROSS_IMPS", "AGGREGATE"}
LINE = ["NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "LEAD", "TRICKS", "SCORE"]
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def _mitchell(scoring: str) -> Results:
    """Two tables, two boards: board 1 is 3NT= by North at table 1 (+400, Law 77: 100 + 300
    not vulnerable) and A+/A- at table 2; board 2 4S-1 by North (-100 vulnerable) and 4S=."""
    m = Movement.make("mitchell", tables=2, boards=2)
    return Results(
        m, "contract", scoring,
        [
            Played.of("contract", 1, 1, 1, 3, "N", "3NT", 9, "SQ"),
            Artificial(1, 2, 2, 4, "A+", "A-"),
            Played.of("contract", 2, 1, 1, 4, "N", "4S", 9, "HK"),
            Played.of("contract", 2, 2, 2, 3, "N", "4S", 10),
        ],
        players={1: [Player("Ann Smith", "1234"), Player("Bob Jones")]},
    )  # fmt: skip


@pytest.mark.parametrize(
    ("scoring", "event_type", "method", "points"),
    [
        ("matchpoints", "MP_PAIRS", "MATCH_POINTS", "MATCH_POINTS"),
        ("imps", "CROSS_IMPS", "CROSS_IMPS", "CROSS_IMP_POINTS"),
        ("butler", "BUTLER_PAIRS", "IMPS", "BUTLER_POINTS"),
        ("total", "AGGREGATE", "AGGREGATE", None),
    ],
)
def test_a_pairs_file_follows_the_published_layout(
    scoring: str, event_type: str, method: str, points: str | None
) -> None:
    xml = usebio_xml(
        _mitchell(scoring), {1: Deal.parse(DEAL)}, event="Tuesday", club="Ely BC",
        club_number="4680", date="2026-12-01",
    )  # fmt: skip
    assert xml.splitlines()[1] == (
        '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
    )
    root = ET.fromstring(xml.split("\n", 2)[2])
    assert (root.tag, root.get("Version")) == ("USEBIO", "1.2")
    assert [c.tag for c in root] == ["CLUB", "EVENT", "HANDSET"]
    assert [(c.tag, c.text) for c in root.find("CLUB")] == [
        ("CLUB_NAME", "Ely BC"), ("CLUB_ID_NUMBER", "4680"),
    ]  # fmt: skip
    ev = root.find("EVENT")
    assert ev.get("EVENT_TYPE") == event_type and event_type in EVENT_TYPES
    assert ev.findtext("BOARD_SCORING_METHOD") == method and method in SCORING_METHODS
    assert re.fullmatch(r"\d\d/\d\d/\d{4}", ev.findtext("DATE")) and ev.findtext("DATE") == (
        "01/12/2026"
    )
    assert ev.findtext("WINNER_TYPE") == "2"  # a Mitchell: a winner each way
    assert ev.findtext("MPS_AWARDED_FLAG") == "N"
    section = ev.find("SESSION/SECTION")
    assert [c.tag for c in section] == ["PARTICIPANTS", "BOARD", "BOARD"]
    pair = section.find("PARTICIPANTS/PAIR")
    assert [c.tag for c in pair][:3] == ["PAIR_NUMBER", "DIRECTION", "PLACE"]
    tail = [f"NS_{points}", f"EW_{points}"] if points else []
    for line in section.iter("TRAVELLER_LINE"):
        assert [c.tag for c in line] == LINE + tail
    board1 = section.find("BOARD").findall("TRAVELLER_LINE")
    assert [(x.findtext("CONTRACT"), x.findtext("PLAYED_BY"), x.findtext("SCORE")) for x in board1] == [
        ("3NT", "N", "400"),
        ("", "", "A6040"),  # average plus to North-South, average minus to East-West
    ]  # fmt: skip
    hand = root.find("HANDSET/BOARD/HAND")
    assert [(c.tag, c.text) for c in hand] == [
        ("DIRECTION", "North"), ("SPADES", "AKQJ"), ("HEARTS", "T98"), ("DIAMONDS", "765"),
        ("CLUBS", "432"),
    ]  # fmt: skip
    read = read_usebio(xml)
    assert (read["club"], read["club_number"], read["scoring"]) == ("Ely BC", "4680", method)
    assert read["hands"][1]["West"] == ("432", "AKQJ", "T98", "765")


def test_matchpoints_on_the_lines_are_the_rules_own() -> None:
    """Board 2: -100 against +620 for North-South, one comparison: 0 and 2 matchpoints
    (a top of 2 with two tables, each line two points shared)."""
    read = read_usebio(usebio_xml(_mitchell("matchpoints"), date="2026-12-01"))
    assert [(x["score"], x["ns_points"], x["ew_points"]) for x in read["boards"][2]] == [
        ("-100", "0", "2"),
        ("620", "2", "0"),
    ]


def test_another_published_layout_is_read() -> None:
    """Some programs (Compscore3) put ``PARTICIPANTS`` and ``BOARD`` in the ``EVENT``
    itself and number a Mitchell's pairs ``1NS``; ``read_usebio`` reads that too."""
    text = """<?xml version="1.0"?>
<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">
<USEBIO Version="1.2">
<CLUB><CLUB_NAME>Test BC</CLUB_NAME><CLUB_ID_NUMBER>1</CLUB_ID_NUMBER></CLUB>
<EVENT EVENT_TYPE="CROSS_IMPS">
  <EVENT_DESCRIPTION>Monday</EVENT_DESCRIPTION><DATE>02/02/2026</DATE>
  <PARTICIPANTS>
    <PAIR><PAIR_NUMBER>1NS</PAIR_NUMBER><DIRECTION>NS</DIRECTION>
      <TOTAL_SCORE>3.67</TOTAL_SCORE><PLACE>1</PLACE>
      <PLAYER><PLAYER_NAME>A N Other</PLAYER_NAME><NATIONAL_ID_NUMBER>7</NATIONAL_ID_NUMBER></PLAYER>
    </PAIR>
  </PARTICIPANTS>
  <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
    <TRAVELLER_LINE><NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2EW</EW_PAIR_NUMBER>
      <CONTRACT>3S</CONTRACT><PLAYED_BY>W</PLAYED_BY><LEAD>9H</LEAD><TRICKS>9</TRICKS>
      <SCORE>-140</SCORE><NS_CROSS_IMP_POINTS>3.67</NS_CROSS_IMP_POINTS>
      <EW_CROSS_IMP_POINTS>-3.67</EW_CROSS_IMP_POINTS></TRAVELLER_LINE>
  </BOARD>
</EVENT>
</USEBIO>"""
    read = read_usebio(text)
    assert read["pairs"] == [
        {"number": "1NS", "direction": "NS", "place": "1", "score": "3.67",
         "players": [("A N Other", "7")]},
    ]  # fmt: skip
    assert read["boards"][1][0]["ns_points"] == "3.67"


def _teams() -> Results:
    """Four teams, three rounds of 16 boards (a match each round). Round 1: team 4 (North-
    South at table 1, East-West at table 2) against team 1, and team 2 against team 3. Board 1
    (nobody vulnerable): 1NT by North making 8 at table 1 (+120: 40 + 30 + 50, Law 77) and
    1NT by North making 6 at table 2 (-50): team 4 gains 170 points, 5 IMPs (170-210, the
    IMP scale). Every other board of the round is passed out at all four tables."""
    m = Movement.make("teams", tables=4, boards=48)
    played = [
        Played.of("contract", 1, 1, 4, 5, "N", "1NT", 8, "S2"),
        Played.of("contract", 1, 2, 1, 8, "N", "1NT", 6),
    ]
    played += [Played.of("contract", 1, t, e.ns, e.ew, None, None, 0)
               for t, e in ((3, m.encounter(0, 3)), (4, m.encounter(0, 4)))]  # fmt: skip
    for board in range(2, 17):
        for e in m.round(0):
            played.append(Played.of("contract", board, e.table, e.ns, e.ew, None, None, 0))
    return Results(m, "contract", "imps", played)


def test_a_teams_file_has_its_matches() -> None:
    results = _teams()
    assert [(e.table, e.ns, e.ew) for e in results.movement.round(0)] == [
        (1, 4, 5), (2, 1, 8), (3, 2, 7), (4, 3, 6),
    ]  # fmt: skip
    xml = usebio_xml(results, event="Teams", date="2026-12-01")
    root = ET.fromstring(xml.split("\n", 2)[2])
    ev = root.find("EVENT")
    assert (ev.get("EVENT_TYPE"), ev.findtext("BOARD_SCORING_METHOD")) == ("TEAMS_OF_FOUR", "IMPS")
    assert ev.findtext("MATCH_SCORING_METHOD") == "VPS"
    matches = ev.findall("SESSION/SECTION/MATCH")
    assert len(matches) == 2  # round 1's two matches; rounds 2 and 3 are not started
    first = matches[0]
    assert [(c.tag, c.text) for c in first if c.tag != "BOARD"] == [
        ("ROUND_NUMBER", "1"), ("TEAM", "4"), ("OPPOSING_TEAM", "1"),
        ("START_BOARD_NUMBER", "1"), ("END_BOARD_NUMBER", "16"),
        ("TEAM_SCORE", "11.48"), ("OPPOSING_TEAM_SCORE", "8.52"),
    ]  # fmt: skip
    boards = first.findall("BOARD")
    assert [b.findtext("IMPS") for b in boards] == ["5"] + ["0"] * 15
    lines = boards[0].findall("TRAVELLER_LINE")
    assert [[(c.tag, c.text) for c in line] for line in lines] == [
        [("DIRECTION", "NS"), ("NS_PAIR_NUMBER", "4"), ("EW_PAIR_NUMBER", "1"),
         ("CONTRACT", "1NT"), ("PLAYED_BY", "N"), ("LEAD", "S2"), ("TRICKS", "8"),
         ("SCORE", "120")],
        [("DIRECTION", "EW"), ("NS_PAIR_NUMBER", "1"), ("EW_PAIR_NUMBER", "4"),
         ("CONTRACT", "1NT"), ("PLAYED_BY", "N"), ("LEAD", None), ("TRICKS", "6"),
         ("SCORE", "-50")],
    ]  # fmt: skip
    read = read_usebio(xml)
    assert [(x["round"], x["team"], x["opponents"], x["score"]) for x in read["matches"]] == [
        (1, "4", "1", ("11.48", "8.52")),
        (1, "2", "3", ("10", "10")),
    ]
    assert read["matches"][0]["board"][1]["imps"] == "5"
    assert [(p["number"], p["place"], p["score"]) for p in read["pairs"]] == [
        ("4", "1", "11.48"), ("2", "2", "10"), ("3", "2", "10"), ("1", "4", "8.52"),
    ]  # fmt: skip


def test_one_match_is_scored_in_imps() -> None:
    """Two teams, one match: ``MATCH_SCORING_METHOD`` IMPS and the match's IMPs as scores
    (team 1's North-South +120 at table 1, team 2's -50 at table 2: 170 points, 5 IMPs)."""
    m = Movement.make("teams", tables=2, boards=1)
    results = Results(
        m, "contract", "imps",
        [
            Played.of("contract", 1, 1, 1, 4, "N", "1NT", 8),
            Played.of("contract", 1, 2, 2, 3, "N", "1NT", 6),
        ],
    )  # fmt: skip
    read = read_usebio(usebio_xml(results))
    assert read["match_scoring"] == "IMPS"
    assert [(x["team"], x["opponents"], x["score"]) for x in read["matches"]] == [
        ("1", "2", ("5", "-5")),
    ]


def test_what_is_not_usebio_is_refused_in_both_languages() -> None:
    with pytest.raises(ParseError, match="it is not XML") as e:
        read_usebio("<USEBIO")
    assert error_text(e.value, "ru").startswith("Это не файл USEBIO: это не XML")
    with pytest.raises(ParseError, match="its root element is 'PBN', not USEBIO") as e:
        read_usebio("<PBN/>")
    assert error_text(e.value, "ru") == (
        "Это не файл USEBIO: его корневой элемент 'PBN', а не USEBIO."
    )
    with pytest.raises(ParseError, match="has no EVENT") as e:
        read_usebio('<USEBIO Version="1.2"><CLUB/></USEBIO>')
    assert error_text(e.value, "ru") == "В этом файле USEBIO нет элемента EVENT."
