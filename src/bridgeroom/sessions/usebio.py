"""A session's results as USEBIO 1.2 XML, the file English clubs send the EBU (and many other
federations and results sites read): the participants with their players and membership
numbers and places, each board's traveller or each teams match, and the hand records.

The format is the Universal Scoring Exchange for Bridge Interchange Operations, version 1.2,
maintained by the EBU (http://www.usebio.org/; the DTD a file declares,
``http://www.ebu.co.uk/usebio/usebio_v1_2.dtd``). The DTD and the specification are not
reachable from here, so what is written is what independent published programs write and read
alike (docs/results.md lists them): Compscore3's files (in ``abftech/cobalt``'s tests), the
readers of ``marcshearer/ImportUsebio`` (Swift, EBU and SBU files) and ``abftech/cobalt``, a
results site's reader, and the writers of Steve Pomeroy's stratification program and a
club-scoring appliance. The elements:

* ``USEBIO Version="1.2"`` > ``CLUB`` (``CLUB_NAME``, ``CLUB_ID_NUMBER`` when given), ``EVENT``
  and, when the deals are given, ``HANDSET`` > ``BOARD`` > ``HAND`` (``DIRECTION`` North..West,
  ``SPADES`` .. ``CLUBS``), a child of ``USEBIO`` after ``EVENT`` as the readers look for it;
* ``EVENT EVENT_TYPE=...``: ``MP_PAIRS``, ``CROSS_IMPS``, ``BUTLER_PAIRS``, ``AGGREGATE`` (total
  points) or ``TEAMS_OF_FOUR``, from the readers' closed list, with ``EVENT_DESCRIPTION``,
  ``DATE`` (dd/mm/yyyy), ``PROGRAM_NAME``, ``PROGRAM_VERSION``, ``BOARD_SCORING_METHOD``
  (``MATCH_POINTS``, ``CROSS_IMPS``, ``IMPS`` for Butler and for teams, ``AGGREGATE``: the
  readers know no other), ``MATCH_SCORING_METHOD`` (teams: ``VPS`` for several matches,
  ``IMPS`` for one), ``WINNER_TYPE`` (2: a winner each way), ``BOARDS_PLAYED``,
  ``MPS_AWARDED_FLAG`` ``N`` (no master points are awarded here);
* ``SESSION SESSION_ID="1"`` > ``SECTION SECTION_ID="A"`` > ``PARTICIPANTS`` with a ``PAIR``
  (``PAIR_NUMBER``, ``DIRECTION``, ``PLACE``, ``PERCENTAGE`` and ``TOTAL_SCORE``) or a ``TEAM``
  (``TEAM_ID``, ``TEAM_NAME`` attributes; ``PLACE``, ``TOTAL_SCORE``: victory points, or IMPs
  for one match), each with its ``PLAYER`` elements (``PLAYER_NAME``, ``NATIONAL_ID_NUMBER``);
* pairs: ``BOARD`` (``BOARD_NUMBER``) > ``TRAVELLER_LINE`` (``NS_PAIR_NUMBER``,
  ``EW_PAIR_NUMBER``, ``CONTRACT``, ``PLAYED_BY``, ``LEAD``, ``TRICKS``, ``SCORE``, then
  ``NS_MATCH_POINTS``/``EW_MATCH_POINTS``, ``NS_CROSS_IMP_POINTS``/``EW_CROSS_IMP_POINTS`` or
  ``NS_BUTLER_POINTS``/``EW_BUTLER_POINTS``; nothing more for total points);
* teams: one ``MATCH`` a match played (``ROUND_NUMBER``, ``TEAM``, ``OPPOSING_TEAM``,
  ``START_BOARD_NUMBER``, ``END_BOARD_NUMBER``, ``TEAM_SCORE``, ``OPPOSING_TEAM_SCORE``: victory
  points, or IMPs for one match) > ``BOARD`` (``BOARD_NUMBER``, ``IMPS``: the board's IMPs to
  ``TEAM``) > ``TRAVELLER_LINE`` (``DIRECTION``: where ``TEAM`` sat at that table, then the
  pair numbers and the result as above);
* an artificial score: an empty contract and ``SCORE`` ``A`` with North-South's and East-West's
  percentages in two digits each (``A6040``, ``A5050``, ``A4060``), the form the published
  reader takes apart; a weighted score its North-South score; a split one ``ns/ew``.

Pairs that keep their direction (a Mitchell, a class, teams) are numbered within their
direction, as on the club's own travellers: pair ``3EW`` is ``PAIR_NUMBER`` 3, ``DIRECTION`` EW,
and team ``t``'s pairs are ``t`` North-South and ``t`` East-West.

    >>> from bridgeroom.sessions import Movement, Played, Player, Results
    >>> m = Movement.make("class", tables=2, boards=1)
    >>> r = Results(m, "contract", "matchpoints", [
    ...     Played.of("contract", 1, 1, 1, 3, "N", "3NT", 9, "SQ"),
    ...     Played.of("contract", 1, 2, 2, 4, "N", "3NT", 8, "H4"),
    ... ], players={1: [Player("Ann Smith", "1234"), Player("Bob Jones")]})
    >>> xml = usebio_xml(r, event="Tuesday pairs", date="2026-12-01")
    >>> read = read_usebio(xml)
    >>> read["event_type"], read["pairs"][0]
    ('MP_PAIRS', {'number': '1', 'direction': 'NS', 'place': '1', 'score': '100.0', 'players': [('Ann Smith', '1234'), ('Bob Jones', None)]})
    >>> read["boards"][1][0]["contract"], read["boards"][1][0]["ns_points"]
    ('3NT', '2')
"""

from __future__ import annotations

import datetime as _dt
import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

from bridgeroom import __version__
from bridgeroom.errors import ParseError
from bridgeroom.i18n import keyed
from bridgeroom.rules import Deal, Seat, Suit
from bridgeroom.sessions.movements import FREE
from bridgeroom.sessions.results import (
    ARTIFICIAL,
    Artificial,
    NotPlayed,
    Played,
    Player,
    Results,
    Split,
    Standing,
    TravellerRow,
    Weighted,
)

__all__ = ["DTD", "pair_number", "read_usebio", "usebio_xml"]

#: The DTD a USEBIO 1.2 file declares.
DTD: Final[str] = "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd"

# scoring -> (EVENT_TYPE, BOARD_SCORING_METHOD, the traveller lines' points elements)
_PAIRS: Final[dict[str, tuple[str, str, str | None]]] = {
    "matchpoints": ("MP_PAIRS", "MATCH_POINTS", "MATCH_POINTS"),
    "imps": ("CROSS_IMPS", "CROSS_IMPS", "CROSS_IMP_POINTS"),
    "butler": ("BUTLER_PAIRS", "IMPS", "BUTLER_POINTS"),
    "total": ("AGGREGATE", "AGGREGATE", None),
}
_SEATS: Final[dict[Seat, str]] = {
    Seat.NORTH: "North",
    Seat.EAST: "East",
    Seat.SOUTH: "South",
    Seat.WEST: "West",
}
_SUITS: Final[tuple[tuple[Suit, str], ...]] = (
    (Suit.SPADES, "SPADES"),
    (Suit.HEARTS, "HEARTS"),
    (Suit.DIAMONDS, "DIAMONDS"),
    (Suit.CLUBS, "CLUBS"),
)


def _text(parent: ET.Element, tag: str, value: object) -> ET.Element:
    el = ET.SubElement(parent, tag)
    el.text = "" if value is None else str(value)
    return el


def _num(value: Any) -> str:
    v = Fraction(value)
    return str(int(v)) if v.denominator == 1 else f"{float(v):.2f}"


def _date(date: str | _dt.date | None) -> str:
    if date is None:
        return ""
    if isinstance(date, str):
        try:
            date = _dt.date.fromisoformat(date)
        except ValueError:
            raise keyed(ParseError, "club.file_date", date=repr(date)) from None
    return date.strftime("%d/%m/%Y")


def pair_number(results: Results, pair: int) -> tuple[str, str | None]:
    """A pair's ``PAIR_NUMBER`` and ``DIRECTION`` (``None`` in a Howell): a Mitchell's pairs
    are numbered within their direction; a class typed as it was played (a ``free``
    movement) keeps the numbers its pairs took as they first sat, each with its direction."""
    m = results.movement
    if not m.separate_directions:
        return str(pair), None
    direction = m.direction(pair)
    if m.kind == FREE or direction == "NS":
        return str(pair), direction
    return str(pair - m.tables), direction


def usebio_xml(
    results: Results,
    deals: Mapping[int, Deal] | None = None,
    *,
    event: str = "",
    club: str = "",
    club_number: str | None = None,
    date: str | _dt.date | None = None,
) -> str:
    """The session as a USEBIO 1.2 document (UTF-8 text, with its XML declaration and DTD)."""
    m = results.movement
    teams = m.kind == "teams"
    root = ET.Element("USEBIO", {"Version": "1.2"})
    club_el = ET.SubElement(root, "CLUB")
    _text(club_el, "CLUB_NAME", club or "bridgeroom")
    if club_number:
        _text(club_el, "CLUB_ID_NUMBER", club_number)
    event_type, board_scoring, points = (
        ("TEAMS_OF_FOUR", "IMPS", None) if teams else _PAIRS[results.scoring]
    )
    ev = ET.SubElement(root, "EVENT", {"EVENT_TYPE": event_type})
    _text(ev, "EVENT_DESCRIPTION", event or results.title or "bridgeroom session")
    if date is not None:
        _text(ev, "DATE", _date(date))
    _text(ev, "PROGRAM_NAME", "bridgeroom")
    _text(ev, "PROGRAM_VERSION", __version__)
    _text(ev, "BOARD_SCORING_METHOD", board_scoring)
    if teams:
        _text(ev, "MATCH_SCORING_METHOD", "VPS" if m.rounds > 1 else "IMPS")
    _text(ev, "WINNER_TYPE", 2 if m.separate_directions and not teams else 1)
    _text(ev, "BOARDS_PLAYED", len(results.boards))
    _text(ev, "MPS_AWARDED_FLAG", "N")
    session = ET.SubElement(ev, "SESSION", {"SESSION_ID": "1"})
    section = ET.SubElement(session, "SECTION", {"SECTION_ID": "A"})
    _participants(ET.SubElement(section, "PARTICIPANTS"), results)
    if teams:
        _matches(section, results)
    else:
        for board in results.boards:
            b = ET.SubElement(section, "BOARD")
            _text(b, "BOARD_NUMBER", board)
            for row in results.traveller(board):
                if isinstance(row.result, NotPlayed):
                    continue
                line = ET.SubElement(b, "TRAVELLER_LINE")
                _pairs_of(line, results, row)
                _line(line, row.result)
                if points is not None:
                    ns, ew = (
                        (row.ns_mp, row.ew_mp)
                        if results.scoring == "matchpoints"
                        else (row.ns_imps, row.ew_imps)
                    )
                    _text(line, f"NS_{points}", _num(ns))
                    _text(line, f"EW_{points}", _num(ew))
    if deals:
        handset = ET.SubElement(root, "HANDSET")
        for board in sorted(deals):
            b = ET.SubElement(handset, "BOARD")
            _text(b, "BOARD_NUMBER", board)
            for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST):
                hand = ET.SubElement(b, "HAND")
                _text(hand, "DIRECTION", _SEATS[seat])
                cards = deals[board].hands[seat]
                for suit, tag in _SUITS:
                    ranks = sorted((c.rank for c in cards.suit(suit)), reverse=True)
                    _text(hand, tag, "".join(r.letter for r in ranks))
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO SYSTEM "{DTD}">\n{body}\n'


def _participants(participants: ET.Element, results: Results) -> None:
    teams = results.movement.kind == "teams"
    for rows in results.rankings().values():
        for s in rows:
            if teams:
                el = ET.SubElement(
                    participants, "TEAM", {"TEAM_ID": str(s.pair), "TEAM_NAME": s.label}
                )
                _text(el, "PLACE", s.rank)
                _text(el, "TOTAL_SCORE", _num(s.vp if s.vp is not None else s.imps))
            else:
                el = ET.SubElement(participants, "PAIR")
                number, direction = pair_number(results, s.pair)
                _text(el, "PAIR_NUMBER", number)
                if direction is not None:
                    _text(el, "DIRECTION", direction)
                _text(el, "PLACE", s.rank)
                _score(el, results, s)
            for p in _players(results, s):
                player = ET.SubElement(el, "PLAYER")
                _text(player, "PLAYER_NAME", p.name)
                if p.number is not None:
                    _text(player, "NATIONAL_ID_NUMBER", p.number)


#: What joins two names in a pair typed by its names ("Anna & Boris", "Anna / Boris",
#: "Anna and Boris", "Анна и Борис").
_NAMES_JOINED = re.compile(r"\s*[&/+,]\s*|\s+(?:and|и)\s+")


def _players(results: Results, s: Standing) -> tuple[Player, ...]:
    """A line's players: those the director entered, else, for a class typed as it was
    played (a ``free`` movement: its pairs are their names), each name of the pair's.

    >>> _NAMES_JOINED.split("Anna & Boris"), _NAMES_JOINED.split("Вера и Глеб")
    (['Anna', 'Boris'], ['Вера', 'Глеб'])
    """
    if s.players or results.movement.kind != FREE:
        return s.players
    return tuple(Player(n) for n in _NAMES_JOINED.split(s.label) if n.strip())


def _matches(section: ET.Element, results: Results) -> None:
    """One ``MATCH`` for each match of a teams session with a result entered: the home team
    (North-South at the match's first table) as ``TEAM``, each board's IMPs to it, both
    tables' lines with the side it sat."""
    m = results.movement
    vps = m.rounds > 1
    for match in results.matches():
        first, second = match["tables"]
        home, away = match["teams"]
        boards = m.boards_of(match["round"] - 1)
        rows = {
            b: {r.table: r for r in results.traveller(b) if r.table in (first, second)}
            for b in boards
        }
        if not any(rows.values()):
            continue  # a match not started: nothing to send
        el = ET.SubElement(section, "MATCH")
        _text(el, "ROUND_NUMBER", match["round"])
        _text(el, "TEAM", home)
        _text(el, "OPPOSING_TEAM", away)
        _text(el, "START_BOARD_NUMBER", min(boards))
        _text(el, "END_BOARD_NUMBER", max(boards))
        scores = match["vp"] if vps else match["imps"]
        _text(el, "TEAM_SCORE", _num(scores[0]))
        _text(el, "OPPOSING_TEAM_SCORE", _num(scores[1]))
        for board in boards:
            here = rows[board]
            if not here:
                continue
            b = ET.SubElement(el, "BOARD")
            _text(b, "BOARD_NUMBER", board)
            # the home team's IMPs on the board: its North-South pair's at the first table
            _text(b, "IMPS", _num(here[first].ns_imps if first in here else 0))
            for table in (first, second):
                row = here.get(table)
                if row is None or isinstance(row.result, NotPlayed):
                    continue
                line = ET.SubElement(b, "TRAVELLER_LINE")
                _text(line, "DIRECTION", "NS" if table == first else "EW")
                _pairs_of(line, results, row)
                _line(line, row.result)


def _pairs_of(line: ET.Element, results: Results, row: TravellerRow) -> None:
    e = row.result
    _text(line, "NS_PAIR_NUMBER", pair_number(results, e.ns)[0])
    _text(line, "EW_PAIR_NUMBER", pair_number(results, e.ew)[0])


def _score(el: ET.Element, results: Results, s: Standing) -> None:
    if results.scoring == "matchpoints":
        _text(el, "PERCENTAGE", f"{s.percent}")
        _text(el, "TOTAL_SCORE", _num(s.mp))
    elif results.scoring == "total":
        _text(el, "TOTAL_SCORE", _num(s.points))
    else:
        _text(el, "TOTAL_SCORE", _num(s.imps))


def _line(line: ET.Element, e: Any) -> None:
    """The traveller line's contract, declarer, lead, tricks and score."""
    if isinstance(e, Played):
        _played(line, e)
        return
    _text(line, "CONTRACT", "")
    _text(line, "PLAYED_BY", "")
    _text(line, "LEAD", "")
    _text(line, "TRICKS", "")
    if isinstance(e, Artificial):
        ns, ew = ARTIFICIAL[e.ns_award][0], ARTIFICIAL[e.ew_award][0]
        _text(line, "SCORE", f"A{ns:02d}{ew:02d}")
    elif isinstance(e, Weighted):
        _text(line, "SCORE", _num(e.ns_score))
    elif isinstance(e, Split):
        _text(line, "SCORE", f"{_num(e.ns_score)}/{_num(e.ew_score)}")


def _played(line: ET.Element, p: Played) -> None:
    if p.contract is None or p.declarer is None:
        _text(line, "CONTRACT", "PASS")
        _text(line, "PLAYED_BY", "")
        _text(line, "LEAD", "")
        _text(line, "TRICKS", "")
    else:
        _text(line, "CONTRACT", str(p.contract))
        _text(line, "PLAYED_BY", p.declarer.letter)
        _text(line, "LEAD", p.lead or "")
        _text(line, "TRICKS", p.tricks)
    _text(line, "SCORE", p.ns_score)


_POINTS: Final[tuple[str, ...]] = ("MATCH_POINTS", "CROSS_IMP_POINTS", "BUTLER_POINTS", "IMPS")


def _read_line(line: ET.Element) -> dict[str, Any]:
    ns = next((t for t in _POINTS if line.find(f"NS_{t}") is not None), None)
    out = {
        "ns": line.findtext("NS_PAIR_NUMBER"),
        "ew": line.findtext("EW_PAIR_NUMBER"),
        "contract": line.findtext("CONTRACT"),
        "declarer": line.findtext("PLAYED_BY"),
        "lead": line.findtext("LEAD"),
        "tricks": line.findtext("TRICKS"),
        "score": line.findtext("SCORE"),
        "ns_points": line.findtext(f"NS_{ns}") if ns else None,
        "ew_points": line.findtext(f"EW_{ns}") if ns else None,
    }
    if line.find("DIRECTION") is not None:
        out["direction"] = line.findtext("DIRECTION")
    return out


def read_usebio(text: str) -> dict[str, Any]:
    """A USEBIO file read back as plain data: the event's type and description, each pair's
    (or team's) number, direction, place, score and players, each board's traveller lines
    (``BOARD`` in a ``SECTION`` or, as some programs write them, in the ``EVENT``), each
    teams ``MATCH`` and the hands of the ``HANDSET``. Used to check a file and by clubs'
    scripts; refuses a file that is not USEBIO.
    """
    try:
        root = ET.fromstring(text.encode("utf-8") if isinstance(text, str) else text)
    except ET.ParseError as err:
        raise keyed(ParseError, "usebio.not_xml", reason=str(err)) from None
    if root.tag != "USEBIO":
        raise keyed(ParseError, "usebio.root", root=repr(root.tag))
    ev = root.find("EVENT")
    if ev is None:
        raise keyed(ParseError, "usebio.no_event")
    pairs = []
    for el in ev.iter():
        if el.tag not in ("PAIR", "TEAM") or el.find("PLACE") is None:
            continue
        pairs.append(
            {
                "number": el.findtext("PAIR_NUMBER") or el.get("TEAM_ID"),
                "direction": el.findtext("DIRECTION"),
                "place": el.findtext("PLACE"),
                "score": el.findtext("PERCENTAGE") or el.findtext("TOTAL_SCORE"),
                "players": [
                    (p.findtext("PLAYER_NAME"), p.findtext("NATIONAL_ID_NUMBER"))
                    for p in el.findall("PLAYER")
                ],
            }
        )
    boards: dict[int, list[dict[str, Any]]] = {}
    for holder in [ev, *ev.iter("SECTION")]:
        for b in holder.findall("BOARD"):
            number = int(b.findtext("BOARD_NUMBER") or 0)
            boards[number] = [_read_line(line) for line in b.findall("TRAVELLER_LINE")]
    matches = [
        {
            "round": int(el.findtext("ROUND_NUMBER") or 0),
            "team": el.findtext("TEAM"),
            "opponents": el.findtext("OPPOSING_TEAM"),
            "boards": (el.findtext("START_BOARD_NUMBER"), el.findtext("END_BOARD_NUMBER")),
            "score": (el.findtext("TEAM_SCORE"), el.findtext("OPPOSING_TEAM_SCORE")),
            "board": {
                int(b.findtext("BOARD_NUMBER") or 0): {
                    "imps": b.findtext("IMPS"),
                    "lines": [_read_line(line) for line in b.findall("TRAVELLER_LINE")],
                }
                for b in el.findall("BOARD")
            },
        }
        for el in ev.iter("MATCH")
    ]
    hands = {
        int(b.findtext("BOARD_NUMBER") or 0): {
            h.findtext("DIRECTION"): tuple(h.findtext(tag) or "" for _, tag in _SUITS)
            for h in b.findall("HAND")
        }
        for b in root.findall("HANDSET/BOARD")
    }
    club = root.find("CLUB")
    return {
        "version": root.get("Version"),
        "club": None if club is None else club.findtext("CLUB_NAME"),
        "club_number": None if club is None else club.findtext("CLUB_ID_NUMBER"),
        "event_type": ev.get("EVENT_TYPE"),
        "event": ev.findtext("EVENT_DESCRIPTION"),
        "date": ev.findtext("DATE"),
        "scoring": ev.findtext("BOARD_SCORING_METHOD"),
        "match_scoring": ev.findtext("MATCH_SCORING_METHOD"),
        "pairs": pairs,
        "boards": boards,
        "matches": matches,
        "hands": hands,
    }
