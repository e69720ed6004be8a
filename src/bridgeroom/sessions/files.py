"""A session's results typed in a file: ``bridgeroom session FILE.toml`` reads it.

The file is TOML. Its top-level keys say what was played; ``results`` holds one line per
board and table; ``[players]`` (after the top-level keys, as TOML wants) names each pair's or
team's players::

    title = "Tuesday pairs"
    date = "2026-12-01"           # optional: YYYY-MM-DD, for the USEBIO file
    club = "Riverside BC"         # optional
    club_number = "4680"          # optional: the federation's number of the club (USEBIO)
    game = "contract"             # or "minibridge"
    movement = "mitchell"         # class, rotating, mitchell, howell, teams
    tables = 3
    boards = 6
    rounds = 3                    # optional (the movement's most)
    scoring = "matchpoints"       # imps, butler, total; a teams session: imps
    sitout = "3EW"                # optional: the pair that is not there
    deals = "boards.pbn"          # optional: the deals (a PBN file, next to this one) ...
    seed = 7                      # ... or dealt from a seed, as the server deals them
    results = '''
    # board table result
    1 1 4S N = HK
    1 2 3NT S +1
    2 3 A+/A-
    3 1 30% 4S N = + 70% 4S N -1
    4 2 NS 4S N = / EW 4S N -1
    5 1 not played
    '''
    fouled = '''
    6 1,2 | 3
    '''

    [players]
    1NS = ["Ann Smith #123456", "Bob Jones #234567"]
    2EW = ["Cat Brown", "Dan Green"]

A result line is ``BOARD TABLE ENTRY``: the pairs are the movement's at that table in the
board's round, the entry as :func:`~bridgeroom.sessions.results.parse_entry` reads it (a
result, ``pass``, ``not played``, an artificial, assigned, weighted or split score). A
``fouled`` line is ``BOARD`` and the groups of tables that played the same cards. Players are
``Name`` or ``Name #number`` (a federation membership number); a team's key is ``T1``, ``T2``...

A bad line is reported with its line number in the file and left out; the rest is read
(:attr:`SessionFile.errors`).

    >>> text = '''
    ... movement = "class"
    ... tables = 2
    ... boards = 1
    ... results = \"\"\"
    ... 1 1 3NT N =
    ... 1 2 3NT N -10
    ... \"\"\"
    ... '''
    >>> f = loads(text)
    >>> [row.ns_score for row in f.results.traveller(1)], [str(e) for e in f.errors]
    ([400], ['line 7: board 1 at table 2: tricks are 0-13, not -1'])
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bridgeroom.errors import BridgeError, ParseError, ScoringError
from bridgeroom.i18n import Message, keyed
from bridgeroom.rules import Deal, board_dealer, deal_cards, make_rng
from bridgeroom.sessions.movements import Movement
from bridgeroom.sessions.results import Fouled, Player, Results, parse_entry

__all__ = ["SessionFile", "load", "loads", "refused_at", "seeded_deals"]

_KEYS = frozenset(
    {
        "title", "date", "club", "club_number", "game", "movement", "tables", "boards",
        "rounds", "scoring", "sitout", "deals", "seed", "results", "fouled", "players",
    }
)  # fmt: skip


@dataclass
class SessionFile:
    """What a session file holds: the results read, the deals (if given), the event's
    description, and the lines refused (each a :class:`ParseError` with its line)."""

    results: Results
    deals: dict[int, Deal] = field(default_factory=dict)
    date: str | None = None
    club: str = ""
    club_number: str | None = None
    errors: list[ParseError] = field(default_factory=list)


def seeded_deals(seed: int, boards: int) -> dict[int, Deal]:
    """``boards`` deals shuffled from ``seed`` (CB-3), each with its board's dealer (CB-B1): the
    deals the server gives a session of that seed."""
    return {
        b: deal_cards(board_dealer(b), make_rng(f"{seed}:board:{b}")) for b in range(1, boards + 1)
    }


def _first_line(text: str, key: str) -> int:
    """The line (1-based) of the first character of the multi-line string ``key``."""
    pattern = re.compile(rf"^\s*{key}\s*=\s*(\"\"\"|''')(.*)$")
    for number, line in enumerate(text.splitlines(), start=1):
        m = pattern.match(line)
        if m:
            return number + 1 if not m.group(2).strip() else number
    return 1


def _pair(movement: Movement, label: str) -> int:
    try:
        return movement.find_pair(label)
    except ScoringError:
        pass
    raise keyed(
        ParseError, "club.file_pair", label=repr(label), tables=movement.tables,
        first=movement.label(1), last=movement.label(movement.pairs[-1]),
    )  # fmt: skip


def loads(text: str, base: str | Path | None = None) -> SessionFile:
    """A session file's text read (``base``: the folder a ``deals`` file is found in).
    Raises :class:`ParseError` when the session itself cannot be made (a bad movement, a
    missing key); a bad result line is kept in ``errors``."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise keyed(ParseError, "club.file_toml", reason=str(err)) from None
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        keys = ", ".join(sorted(_KEYS))
        raise keyed(ParseError, "club.file_unknown_key", key=repr(unknown[0]), keys=keys)
    for key in ("movement", "tables", "boards"):
        if key not in data:
            raise keyed(ParseError, "club.file_missing", key=key)
    try:
        movement = Movement.make(
            data["movement"], data["tables"], data["boards"], data.get("rounds")
        )
        sitout = _pair(movement, data["sitout"]) if "sitout" in data else None
        default = "imps" if movement.kind == "teams" else "matchpoints"
        results = Results(
            movement,
            str(data.get("game", "contract")),
            str(data.get("scoring", default)),
            sitout=sitout,
            title=str(data.get("title", "")),
        )
    except BridgeError as err:
        raise ParseError(None if err.key else str(err), key=err.key, params=err.params) from None
    number = data.get("club_number")
    out = SessionFile(
        results,
        date=_date(data.get("date")),
        club=str(data.get("club", "")),
        club_number=None if number is None else str(number),
    )
    players = data.get("players", {})
    if not isinstance(players, dict):
        raise keyed(ParseError, "club.file_players_table")
    for label, names in players.items():
        line = _key_line(text, label)
        try:
            if isinstance(names, str) or not isinstance(names, list):
                raise keyed(ParseError, "club.file_players_list", label=label, names=repr(names))
            people = [Player.parse(n) if isinstance(n, str) else Player(**n) for n in names]
            if movement.kind == "teams":
                team = str(label).strip().upper().removeprefix("T")
                if not team.isdigit():
                    raise keyed(ParseError, "club.file_team", label=repr(label))
                number = int(team)
            else:
                number = _pair(movement, label)
            out.results = out.results.with_players(number, people)
        except (BridgeError, TypeError) as err:
            out.errors.append(
                ParseError(
                    line=line,
                    key="club.file_player",
                    params={"label": label, "reason": _reason(err)},
                )
            )  # fmt: skip
    _read_results(text, data, out)
    _read_fouled(text, data, out)
    _read_deals(data, base, out)
    return out


def _key_line(text: str, key: str) -> int | None:
    pattern = re.compile(rf"^\s*[\"']?{re.escape(str(key))}[\"']?\s*=")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return number
    return None


def _date(value: Any) -> str | None:
    if value is None:
        return None
    text = str(value)
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        raise keyed(ParseError, "club.file_date", date=repr(text))
    return text


def _lines(text: str, data: dict[str, Any], key: str) -> list[tuple[int, str]]:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise keyed(ParseError, "club.file_lines", key=key)
    first = _first_line(text, key)
    return [
        (first + i, line.split("#", 1)[0].strip() if not line.lstrip().startswith("#") else "")
        for i, line in enumerate(value.splitlines())
    ]


def _reason(err: Exception) -> object:
    """What an error says, in every language where it has its catalogue message."""
    key = getattr(err, "key", None)
    return Message(key, **getattr(err, "params", {})) if isinstance(key, str) else str(err)


def refused_at(err: Exception, line: int | None) -> ParseError:
    """``err`` as the refusal of line ``line`` of a file (``None``: a record without a line),
    its catalogue message kept (a session file's, a class file's)."""
    key = getattr(err, "key", None)
    message = None if isinstance(key, str) else str(err)
    return ParseError(message, line=line, key=key, params=getattr(err, "params", None))


def _read_results(text: str, data: dict[str, Any], out: SessionFile) -> None:
    r = out.results
    m = r.movement
    for number, line in _lines(text, data, "results"):
        if not line:
            continue
        try:
            words = line.split(maxsplit=2)
            if len(words) < 3 or not words[0].isdigit() or not words[1].isdigit():
                raise keyed(ParseError, "club.line_format", line=repr(line))
            board, table = int(words[0]), int(words[1])
            e = m.encounter(m.round_of(board), table)
            entry = parse_entry(r.game, board, table, e.ns, e.ew, words[2])
            r.add(entry)
        except (BridgeError, ValueError) as err:
            out.errors.append(refused_at(err, number))


def _read_fouled(text: str, data: dict[str, Any], out: SessionFile) -> None:
    for number, line in _lines(text, data, "fouled"):
        if not line:
            continue
        try:
            board, _, rest = line.partition(" ")
            if not board.isdigit():
                raise keyed(ParseError, "club.fouled_format", line=repr(line))
            groups = tuple(
                tuple(int(t) for t in g.replace(",", " ").split()) for g in rest.split("|")
            )
            out.results = out.results.with_fouled(Fouled(int(board), groups))
        except (BridgeError, ValueError) as err:
            out.errors.append(refused_at(err, number))


def _read_deals(data: dict[str, Any], base: str | Path | None, out: SessionFile) -> None:
    boards = out.results.movement.boards
    if "deals" in data and "seed" in data:
        raise keyed(ParseError, "club.file_deals_both")
    if "seed" in data:
        seed = data["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise keyed(ParseError, "club.file_seed", seed=repr(seed))
        out.deals = seeded_deals(seed, boards)
    elif "deals" in data:
        from bridgeroom.formats.pbn import loads as pbn_loads

        path = Path(base or ".") / str(data["deals"])
        try:
            games = pbn_loads(path.read_text(encoding="utf-8"), strict=False)
        except OSError as err:
            raise keyed(
                ParseError, "club.file_deals_read", path=str(path), reason=str(err.strerror)
            ) from None
        for i, g in enumerate(games, start=1):
            if g.deal is not None:
                out.deals.setdefault(g.board or i, g.deal)
        missing = [b for b in range(1, boards + 1) if b not in out.deals]
        if missing:
            raise keyed(ParseError, "club.file_deals_missing", path=str(path), board=missing[0])


def load(path: str | Path) -> SessionFile:
    """A session file read from ``path``."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as err:
        raise ParseError(f"{p}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise keyed(ParseError, "club.file_utf8", path=str(p)) from None
    return loads(text, p.parent)
