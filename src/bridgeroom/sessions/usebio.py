"""A session's results as USEBIO 1.2 XML, the file English clubs send the EBU (and many other
federations and results sites read): the participants with their players and membership
numbers and places, each board's traveller, and the hand records.

The format is the Universal Scoring Exchange for Bridge Interchange Operations, version 1.2
(specification and DTD at http://www.usebio.org/, the DTD ``usebio_v1_2.dtd`` published by the
EBU at http://www.ebu.co.uk/usebio/usebio_v1_2.dtd). The elements written:

* ``USEBIO Version="1.2"`` > ``CLUB`` (``CLUB_NAME``) and ``EVENT EVENT_TYPE=...``
  (``MP_PAIRS``, ``CROSS_IMPS``, ``BUTLER_PAIRS``, ``TEAMS_OF_FOUR``) with
  ``EVENT_DESCRIPTION``, ``DATE`` (dd/mm/yyyy), ``PROGRAM_NAME``, ``BOARD_SCORING_METHOD``
  (``MATCH_POINTS``, ``CROSS_IMPS``, ``BUTLER_IMPS``, ``IMPS``), ``MATCH_SCORING_METHOD``
  (``VPS`` for teams of several matches), ``WINNER_TYPE`` (2: a winner each way);
* ``SESSION SESSION_ID="1"`` > ``SECTION SECTION_ID="A"`` > ``PARTICIPANTS`` with a ``PAIR``
  (``PAIR_NUMBER``, ``DIRECTION``, ``PLACE``, ``PERCENTAGE`` or ``TOTAL_SCORE``) or a ``TEAM``
  (``TEAM_ID``, ``TEAM_NAME`` attributes; ``PLACE``, ``TOTAL_SCORE``), each with its
  ``PLAYER`` elements (``PLAYER_NAME``, ``NATIONAL_ID_NUMBER``);
* ``BOARD`` (``BOARD_NUMBER``) > ``TRAVELLER_LINE`` (``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``,
  ``CONTRACT``, ``PLAYED_BY``, ``LEAD``, ``TRICKS``, ``SCORE``, ``NS_MATCH_POINTS`` and
  ``EW_MATCH_POINTS`` or ``NS_IMPS`` and ``EW_IMPS``); an adjusted score has an empty contract
  and its ``SCORE`` written as the award (``A60``/``A40``, or the assigned score);
* ``HANDSET`` > ``BOARD`` > ``HAND`` (``DIRECTION`` North..West, ``SPADES`` .. ``CLUBS``) when
  the deals are given.

Pairs in a movement whose pairs keep their direction (a Mitchell, a class) are numbered within
their direction, as on the club's own travellers: pair ``3EW`` is ``PAIR_NUMBER`` 3,
``DIRECTION`` EW.

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
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

from bridgeroom.errors import ParseError
from bridgeroom.rules import Deal, Seat, Suit
from bridgeroom.sessions.results import (
    ARTIFICIAL,
    Artificial,
    NotPlayed,
    Played,
    Results,
    Split,
    Standing,
    Weighted,
)

__all__ = ["DTD", "pair_number", "read_usebio", "usebio_xml"]

#: The DTD a USEBIO 1.2 file declares.
DTD: Final[str] = "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd"

_EVENT_TYPES: Final[dict[str, str]] = {
    "matchpoints": "MP_PAIRS",
    "imps": "CROSS_IMPS",
    "butler": "BUTLER_PAIRS",
    "total": "MP_PAIRS",
}
_BOARD_SCORING: Final[dict[str, str]] = {
    "matchpoints": "MATCH_POINTS",
    "imps": "CROSS_IMPS",
    "butler": "BUTLER_IMPS",
    "total": "MATCH_POINTS",
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
            raise ParseError(f"a session's date is YYYY-MM-DD, not {date!r}") from None
    return date.strftime("%d/%m/%Y")


def pair_number(results: Results, pair: int) -> tuple[str, str | None]:
    """A pair's ``PAIR_NUMBER`` and ``DIRECTION`` (``None`` in a Howell)."""
    m = results.movement
    if not m.separate_directions:
        return str(pair), None
    if pair <= m.tables:
        return str(pair), "NS"
    return str(pair - m.tables), "EW"


def usebio_xml(
    results: Results,
    deals: Mapping[int, Deal] | None = None,
    *,
    event: str = "",
    club: str = "",
    date: str | _dt.date | None = None,
) -> str:
    """The session as a USEBIO 1.2 document (UTF-8 text, with its XML declaration and DTD)."""
    m = results.movement
    teams = m.kind == "teams"
    root = ET.Element("USEBIO", {"Version": "1.2"})
    club_el = ET.SubElement(root, "CLUB")
    _text(club_el, "CLUB_NAME", club or "bridgeroom")
    ev = ET.SubElement(
        root,
        "EVENT",
        {"EVENT_TYPE": "TEAMS_OF_FOUR" if teams else _EVENT_TYPES[results.scoring]},
    )
    _text(ev, "EVENT_DESCRIPTION", event or results.title or "bridgeroom session")
    if date is not None:
        _text(ev, "DATE", _date(date))
    _text(ev, "PROGRAM_NAME", "bridgeroom")
    _text(ev, "BOARD_SCORING_METHOD", "IMPS" if teams else _BOARD_SCORING[results.scoring])
    if teams and m.rounds > 1:
        _text(ev, "MATCH_SCORING_METHOD", "VPS")
    _text(ev, "WINNER_TYPE", 2 if m.separate_directions and not teams else 1)
    _text(ev, "BOARDS_PLAYED", len(results.boards))
    session = ET.SubElement(ev, "SESSION", {"SESSION_ID": "1"})
    section = ET.SubElement(session, "SECTION", {"SECTION_ID": "A"})
    participants = ET.SubElement(section, "PARTICIPANTS")
    rankings = results.rankings()
    for rows in rankings.values():
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
            for p in s.players:
                player = ET.SubElement(el, "PLAYER")
                _text(player, "PLAYER_NAME", p.name)
                if p.number is not None:
                    _text(player, "NATIONAL_ID_NUMBER", p.number)
    for board in results.boards:
        b = ET.SubElement(section, "BOARD")
        _text(b, "BOARD_NUMBER", board)
        for row in results.traveller(board):
            e = row.result
            if isinstance(e, NotPlayed):
                continue
            line = ET.SubElement(b, "TRAVELLER_LINE")
            if teams:
                _text(line, "TABLE_NUMBER", e.table)
            _text(line, "NS_PAIR_NUMBER", pair_number(results, e.ns)[0])
            _text(line, "EW_PAIR_NUMBER", pair_number(results, e.ew)[0])
            _line(line, e)
            if results.scoring == "matchpoints" and not teams:
                _text(line, "NS_MATCH_POINTS", _num(row.ns_mp))
                _text(line, "EW_MATCH_POINTS", _num(row.ew_mp))
            else:
                _text(line, "NS_IMPS", _num(row.ns_imps))
                _text(line, "EW_IMPS", _num(row.ew_imps))
    if deals:
        handset = ET.SubElement(ev, "HANDSET")
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
        _text(line, "SCORE", f"A{ns}A{ew}")
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


def read_usebio(text: str) -> dict[str, Any]:
    """A USEBIO file read back as plain data: the event's type and description, each pair's
    (or team's) number, direction, place, score and players, each board's traveller lines.
    Used to check a file and by clubs' scripts; refuses a file that is not USEBIO.
    """
    try:
        root = ET.fromstring(text.encode("utf-8") if isinstance(text, str) else text)
    except ET.ParseError as err:
        raise ParseError(f"not a USEBIO file: {err}") from None
    if root.tag != "USEBIO":
        raise ParseError(f"not a USEBIO file: its root is {root.tag!r}")
    ev = root.find("EVENT")
    if ev is None:
        raise ParseError("a USEBIO file has an EVENT")
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
    for section in ev.iter("SECTION"):
        for b in section.findall("BOARD"):
            number = int(b.findtext("BOARD_NUMBER") or 0)
            boards[number] = [
                {
                    "ns": line.findtext("NS_PAIR_NUMBER"),
                    "ew": line.findtext("EW_PAIR_NUMBER"),
                    "contract": line.findtext("CONTRACT"),
                    "declarer": line.findtext("PLAYED_BY"),
                    "lead": line.findtext("LEAD"),
                    "tricks": line.findtext("TRICKS"),
                    "score": line.findtext("SCORE"),
                    "ns_points": line.findtext("NS_MATCH_POINTS") or line.findtext("NS_IMPS"),
                    "ew_points": line.findtext("EW_MATCH_POINTS") or line.findtext("EW_IMPS"),
                }
                for line in b.findall("TRAVELLER_LINE")
            ]
    return {
        "version": root.get("Version"),
        "event_type": ev.get("EVENT_TYPE"),
        "event": ev.findtext("EVENT_DESCRIPTION"),
        "date": ev.findtext("DATE"),
        "scoring": ev.findtext("BOARD_SCORING_METHOD"),
        "pairs": pairs,
        "boards": boards,
    }
