"""``bridgeroom rubber``: a score pad for a rubber played with real cards.

Reads the deals on stdin, one a line: a JSON object
``{"declarer": "NS", "contract": "4S", "tricks": 10, "honors": {"kind": "4-one", "side": "declarer"}}``
(``"contract": "pass"`` for a passed-out deal), or the same in words:
``NS 4S 10``, ``Ann 3NT 8 4-aces-one defenders``, ``pass``. Blank lines and
lines starting with ``#`` are skipped. The vulnerability always comes from the
rubber itself. With ``--jsonl`` it writes one JSON object after each deal and
a final one; otherwise a readable pad. See docs/scoring.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from functools import partial
from typing import IO, Any

from bridgeroom.errors import BridgeError, ScoringError
from bridgeroom.i18n import LANGUAGES, error_text, keyed, translate
from bridgeroom.scoring import (
    ROUNDINGS,
    DealEntry,
    Honors,
    LineSession,
    Rubber,
    ThreeHandedRubber,
    Unfinished,
    get_table,
    is_pass,
    settle,
)
from bridgeroom.scoring.pad import format_sheet

__all__ = ["configure", "run", "make_session", "parse_deal_line"]

GAMES = ("rubber", "auction", "three-handed-contract", "three-handed-auction")


def configure(p: argparse.ArgumentParser) -> None:
    p.description = (
        "A score pad. GAME is one of: " + ", ".join(GAMES) + ". Deals are read from stdin, "
        'one a line: JSON {"declarer": "NS"|"EW"|player, "contract": "4S"|"pass", "tricks": 10, '
        '"honors": {"kind": "4-one", "side": "declarer"}} or words: "NS 4S 10", "pass".'
    )
    p.add_argument("game", metavar="GAME", help="one of: " + ", ".join(GAMES))
    p.add_argument("--players", metavar="A,B,C", help="three-handed: the three players' names")
    p.add_argument("--jsonl", action="store_true", help="write JSON lines instead of a pad")
    p.add_argument(
        "--unfinished",
        metavar="GAME,PART|none",
        help="bonuses for a rubber left unfinished at the end of input "
        "(default 300,100 for contract rubber, none otherwise; CB-R6, AB-A9, TH-A11)",
    )
    p.add_argument(
        "--rounding",
        choices=ROUNDINGS,
        default="pairwise",
        help="three-handed settlement: round each pair's difference (default) or the totals (TH-A8)",
    )
    p.add_argument("--stake", type=float, help="three-handed: money per 100 points")
    p.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="language of the pad and the errors (default: from BRIDGEROOM_LANG or the locale, "
        "else en); --jsonl is English",
    )


def _parse_unfinished(text: str | None) -> Unfinished | bool | None:
    """``None`` text: the table's default (``True``); ``none``: no bonus; ``300,100``."""
    if text is None:
        return True
    if text.strip().lower() in ("none", "no", "0"):
        return None
    parts = text.replace("/", ",").split(",")
    try:
        game, part = (int(x) for x in parts)
    except ValueError:
        raise keyed(
            ScoringError,
            "score.rubber.unfinished_form",
            option="--unfinished",
            text=text,
            none="none",
            rule="CB-R6",
        ) from None
    if game < 0 or part < 0:
        raise keyed(ScoringError, "score.rubber.unfinished_negative", text=text, rule="CB-R6")
    return Unfinished(game, part)


def make_session(game: str, players: str | None, unfinished: str | None = None) -> LineSession[Any]:
    """The session for ``bridgeroom rubber GAME``."""
    table = get_table(game)
    if table.game_points is None:
        raise keyed(
            ScoringError,
            "score.rubber.no_rubbers",
            table=table.name,
            command="bridgeroom score",
            games=", ".join(GAMES),
        )
    setting = _parse_unfinished(unfinished)
    if table.three_handed:
        if not players:
            raise keyed(
                ScoringError,
                "score.rubber.needs_players",
                table=table.name,
                option="--players",
                example="A,B,C",
                rule="TH-1",
            )
        names = [name.strip() for name in players.split(",")]
        if setting is True:
            return ThreeHandedRubber(names, table)
        return ThreeHandedRubber(names, table, unfinished=setting or None)
    if players:
        raise keyed(
            ScoringError, "score.rubber.sides", table=table.name, option="--players", **_SIDES
        )
    if setting is True:
        return Rubber(table)
    return Rubber(table, unfinished=setting or None)


_FIELDS = frozenset({"declarer", "contract", "tricks", "honors"})
#: Words of the input a refusal names (the same in every language).
_PASS = {"pass": "pass"}
_SIDES = {"ns": "NS", "ew": "EW"}


def parse_deal_line(line: str) -> tuple[str | None, str | None, int, Honors | None]:
    """``(declarer, contract, tricks, honors)`` from a JSON line or words; contract ``None``: passed out."""
    from bridgeroom.cli.commands.score import parse_honors

    text = line.strip()
    if text.startswith("{"):
        try:
            record = json.loads(text)
        except ValueError as err:
            raise keyed(ScoringError, "score.rubber.not_json", reason=str(err)) from None
        if not isinstance(record, dict):
            raise keyed(ScoringError, "score.rubber.one_object")
        unknown = sorted(set(record) - _FIELDS)
        if unknown:
            fields = ", ".join(sorted(_FIELDS))
            raise keyed(
                ScoringError,
                "score.rubber.unknown_field",
                field=unknown[0],
                fields=fields,
                rule="CB-R3, TH-17",
            )
        contract = record.get("contract")
        if contract is None:
            raise keyed(ScoringError, "score.rubber.missing_contract", field="contract", **_PASS)
        if not isinstance(contract, str):
            raise keyed(ScoringError, "score.rubber.contract_text", text=repr(contract), **_PASS)
        honors = parse_honors(record.get("honors"))
        if is_pass(contract):
            if honors is not None:
                raise keyed(ScoringError, "score.rubber.pass_honors")
            return None, None, 0, None
        declarer = record.get("declarer")
        if not isinstance(declarer, str):
            raise keyed(
                ScoringError,
                "score.rubber.declarer",
                field="declarer",
                text=repr(declarer),
                **_SIDES,
            )
        if "tricks" not in record:
            raise keyed(ScoringError, "score.rubber.missing_tricks", field="tricks")
        tricks = record["tricks"]
        if isinstance(tricks, bool) or not isinstance(tricks, int):
            raise keyed(ScoringError, "score.calc.tricks", text=str(tricks), rule="CB-11")
        return declarer, contract, tricks, honors
    words = text.split()
    if len(words) == 1 and is_pass(words[0]):
        return None, None, 0, None
    if len(words) not in (3, 5):
        raise keyed(
            ScoringError,
            "score.rubber.words",
            text=text,
            declarer="declarer",
            defenders="defenders",
            **_PASS,
        )
    try:
        tricks = int(words[2])
    except ValueError:
        raise keyed(ScoringError, "score.calc.tricks", text=words[2], rule="CB-11") from None
    honors = Honors(words[3], words[4]) if len(words) == 5 else None
    return words[0], words[1], tricks, honors


def _sheet_json(session: LineSession[Any]) -> dict[str, Any]:
    sheet = session.sheet.to_dict()
    for column in session.columns:
        entry = sheet[str(column)]
        assert isinstance(entry, dict)
        entry["leg"] = session.sheet.leg(column)
        entry["games"] = session.games[column]
        entry["vulnerable"] = session.vulnerable(column)
    return sheet


def _deal_json(session: LineSession[Any], deal: DealEntry[Any], line: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "line": line,
        "deal": deal.number,
        "declarer": None if deal.declarer is None else str(deal.declarer),
        "contract": "pass" if deal.contract is None else str(deal.contract),
        "tricks": deal.tricks,
        "honors": None
        if deal.honors is None
        else {"kind": deal.honors.kind.value, "side": deal.honors.side.value},
        "vulnerable": deal.vulnerable,
        "hand": None if deal.hand is None else deal.hand.to_dict(),
        "game_won": None if deal.game_won is None else str(deal.game_won),
        "rubber_bonus": deal.rubber_bonus,
        "sheet": _sheet_json(session),
        "vulnerable_now": [str(c) for c in session.columns if session.vulnerable(c)],
        "over": session.is_over,
    }
    return out


def _final_json(
    session: LineSession[Any], unfinished: list[tuple[Any, Any]], rounding: str, stake: float | None
) -> dict[str, Any]:
    totals = {str(c): t for c, t in session.totals.items()}
    winner = session.winner
    out: dict[str, Any] = {
        "final": True,
        "finished": winner is not None,
        "winner": None if winner is None else str(winner),
        "games": {str(c): g for c, g in session.games.items()},
        "rubber_bonus": None
        if winner is None
        else {"to": str(winner), "points": session.rubber_bonus},
        "unfinished_bonuses": [
            {"to": str(column), "points": entry.points, "what": entry.what}
            for column, entry in unfinished
        ],
        "sheet": _sheet_json(session),
        "totals": totals,
    }
    if isinstance(session, ThreeHandedRubber):
        out["settlement"] = [p.to_dict() for p in settle(totals, rounding=rounding, stake=stake)]
    else:
        ns, ew = totals["NS"], totals["EW"]
        out["margin"] = abs(ns - ew)
        out["leader"] = None if ns == ew else ("NS" if ns > ew else "EW")
    return out


def _say(lang: str, key: str, /, **params: object) -> str:
    """The pad's words ``score.rubber.<key>`` in ``lang``."""
    return translate(f"score.rubber.{key}", lang, **params)


def _deal_text(session: LineSession[Any], deal: DealEntry[Any], lang: str) -> str:
    say = partial(_say, lang)
    if deal.contract is None or deal.hand is None:
        return say("passed_out", deal=deal.number)
    hand = deal.hand
    need = deal.contract.level + 6
    if deal.tricks > need:
        result = say("made_over", over=deal.tricks - need)
    elif deal.tricks == need:
        result = say("made")
    else:
        result = say("down", down=need - deal.tricks)
    vul = ""
    if session.table.vulnerability:
        vul = say("vulnerable" if deal.vulnerable else "not_vulnerable")
    others = [str(c) for c in session.columns if c != deal.declarer]
    parts = [say("declarer_part", who=deal.declarer, below=hand.below, above=hand.declarer_above)]
    if hand.defenders_above:
        each = "defenders_part_each" if len(others) > 1 else "defenders_part"
        parts.append(say(each, who=say("and").join(others), above=hand.defenders_above))
    text = say(
        "deal",
        deal=deal.number,
        who=deal.declarer,
        contract=str(deal.contract),
        vul=vul,
        tricks=deal.tricks,
        result=result,
        parts="; ".join(parts),
    )
    if deal.game_won is not None:
        text += say("game_to", who=deal.game_won)
    if deal.rubber_bonus:
        text += say("wins", who=deal.game_won, bonus=deal.rubber_bonus)
    return text


def _final_text(
    session: LineSession[Any], final: dict[str, Any], unfinished: list[tuple[Any, Any]], lang: str
) -> str:
    say = partial(_say, lang)
    lines = [format_sheet(session.sheet, [d.game_won for d in session.deals], lang)]
    if final["winner"] is None:
        lines.append(say("unfinished"))
        for column, entry in unfinished:
            lines.append(say("bonus", who=column, points=entry.points, what=entry.text(lang)))
    lines.append(say("games", games=", ".join(f"{c} {g}" for c, g in final["games"].items())))
    lines.append(say("totals", totals=", ".join(f"{c} {t}" for c, t in final["totals"].items())))
    if "settlement" in final:
        payments = final["settlement"]
        if not payments:
            lines.append(say("all_quits"))
        for p in payments:
            money = f" ({p['amount']:g})" if "amount" in p else ""
            lines.append(
                say("pays", payer=p["from"], payee=p["to"], points=p["points"], money=money)
            )
    elif final["leader"] is None:
        lines.append(say("level"))
    else:
        lines.append(say("margin", who=final["leader"], margin=final["margin"]))
    return "\n".join(lines)


def run_pad(
    session: LineSession[Any],
    lines: Iterable[str],
    out: IO[str],
    err: IO[str],
    *,
    jsonl: bool,
    rounding: str = "pairwise",
    stake: float | None = None,
    lang: str = "en",
) -> int:
    """Fold the deal lines into ``session``, writing the pad as it goes (in ``lang``; JSON lines
    are English)."""
    finished = False

    def emit(obj: dict[str, Any], text: str) -> None:
        out.write((json.dumps(obj) if jsonl else text) + "\n")
        out.flush()

    def finish(unfinished: list[tuple[Any, Any]]) -> None:
        final = _final_json(session, unfinished, rounding, stake)
        emit(final, _final_text(session, final, unfinished, lang))

    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            declarer, contract, tricks, honors = parse_deal_line(text)
            deal = session.record_deal(declarer, contract, tricks, honors)
        except BridgeError as error:
            if jsonl:
                emit({"error": str(error), "line": number}, "")
            else:
                message = error_text(error, lang)
                err.write(translate("score.rubber.line_error", lang, line=number, message=message))
                err.write("\n")
                err.flush()
            continue
        emit(_deal_json(session, deal, number), _deal_text(session, deal, lang))
        if session.winner is not None and not finished:
            finished = True
            finish([])
    if not finished:
        finish(session.close())
    return 0


def run(args: argparse.Namespace) -> int:
    from bridgeroom.i18n import detect_language

    session = make_session(args.game, args.players, args.unfinished)
    if args.stake is not None and not isinstance(session, ThreeHandedRubber):
        raise keyed(ScoringError, "score.rubber.stake", option="--stake")
    return run_pad(
        session,
        sys.stdin,
        sys.stdout,
        sys.stderr,
        jsonl=args.jsonl,
        rounding=args.rounding,
        stake=args.stake,
        lang=detect_language(args.lang),
    )
