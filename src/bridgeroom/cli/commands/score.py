"""``bridgeroom score``: the score calculator.

One deal from the command line (a readable breakdown, or ``--json``), or any
number of deals as JSON lines on stdin (``--jsonl``), one result a line; a bad
line gets ``{"error": ...}`` and the others go on. See docs/scoring.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping
from typing import IO, Any

from bridgeroom.errors import BridgeError, ScoringError
from bridgeroom.i18n import LANGUAGES
from bridgeroom.scoring import SCORE_TABLES, HandScore, Honors, ScoreTable, get_table
from bridgeroom.scoring.tables import ALIASES as SCORE_ALIASES

__all__ = ["configure", "run", "score_record", "parse_honors", "format_hand"]


def configure(p: argparse.ArgumentParser) -> None:
    games = ", ".join(SCORE_TABLES)
    aliases = "; ".join(f"{alias} means {name}" for alias, name in SCORE_ALIASES.items())
    p.description = (
        "Score one deal: GAME CONTRACT TRICKS, where GAME is one of "
        f"{games} ({aliases}); CONTRACT like 4H, 3NTX, 6SXX; TRICKS the declarer's tricks "
        "(0-13). With --jsonl, read one JSON object a line on stdin and write one a line."
    )
    p.add_argument("game", nargs="?", metavar="GAME", help=f"one of: {games} ({aliases})")
    p.add_argument("contract", nargs="?", metavar="CONTRACT", help="e.g. 4H, 3NTX, 6SXX")
    p.add_argument("tricks", nargs="?", metavar="TRICKS", help="tricks taken by the declarer, 0-13")
    p.add_argument("--vulnerable", action="store_true", help="the declaring side is vulnerable")
    p.add_argument("--honors", metavar="KIND", help="honors held, e.g. 4-one, 5-one, 4-aces-one, 3")
    p.add_argument("--honors-side", choices=("declarer", "defenders"), help="who holds the honors")
    p.add_argument(
        "--overtricks",
        action="store_true",
        help="minibridge only: score overtricks at trick value (the EBU variant, MB-A6)",
    )
    p.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="language of the breakdown and the errors (default: from BRIDGEROOM_LANG or the "
        "locale, else en); --json and --jsonl are English",
    )
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print one JSON object")
    out.add_argument(
        "--jsonl", action="store_true", help="score JSON lines from stdin, one result a line"
    )


def parse_honors(value: object) -> Honors | None:
    """Honors from JSON: ``null``, ``{"kind": "4-one", "side": "declarer"}`` or ``"4-one declarer"``."""
    if value is None:
        return None
    if isinstance(value, str):
        return Honors.parse(value)
    if isinstance(value, Mapping):
        unknown = sorted(set(value) - {"kind", "side"})
        if unknown or "kind" not in value or "side" not in value:
            raise ScoringError(f'honors are {{"kind": ..., "side": ...}}, not {json.dumps(value)}')
        kind, side = value["kind"], value["side"]
        if not isinstance(kind, str) or not isinstance(side, str):
            raise ScoringError(f"honors kind and side are strings, not {json.dumps(value)}")
        return Honors(kind, side)
    raise ScoringError(f'honors are {{"kind": ..., "side": ...}}, not {value!r}')


def _table(game: object, overtricks: object) -> ScoreTable:
    if not isinstance(game, str):
        raise ScoringError(f"game is a string (one of {', '.join(SCORE_TABLES)}), not {game!r}")
    table = get_table(game)
    if overtricks:
        if overtricks is not True:
            raise ScoringError(f"overtricks is true or false, not {overtricks!r}")
        table = table.with_options(overtricks=True)
    return table


_FIELDS = frozenset({"game", "contract", "tricks", "vulnerable", "honors", "overtricks"})


def score_record(record: object) -> dict[str, Any]:
    """Score one JSON record (a dict) and return the output object."""
    if not isinstance(record, dict):
        raise ScoringError(f"each line is a JSON object, not {json.dumps(record)[:40]}")
    unknown = sorted(set(record) - _FIELDS)
    if unknown:
        raise ScoringError(f"unknown field {unknown[0]!r} (fields: {', '.join(sorted(_FIELDS))})")
    for name in ("game", "contract", "tricks"):
        if name not in record:
            raise ScoringError(f"missing field {name!r}")
    table = _table(record["game"], record.get("overtricks", False))
    contract = record["contract"]
    if not isinstance(contract, str):
        raise ScoringError(f"contract is a string such as '4H' or '3NTX', not {contract!r}")
    vulnerable = record.get("vulnerable", False)
    if not isinstance(vulnerable, bool):
        raise ScoringError(f"vulnerable is true or false, not {vulnerable!r}")
    honors = parse_honors(record.get("honors"))
    hand = table.score(contract, record["tricks"], vulnerable, honors)
    out: dict[str, Any] = {
        "game": table.name,
        "contract": contract,
        "tricks": record["tricks"],
        "vulnerable": vulnerable,
    }
    out.update(hand.to_dict())
    if table.three_handed:
        out["each_defender"] = hand.defenders_above
    return out


def run_jsonl(lines: Iterable[str], out: IO[str]) -> int:
    """Score JSON lines: one output line per input line, errors included."""
    write = out.write
    interactive = out.isatty()
    for number, line in enumerate(lines, 1):
        try:
            if not line.strip():
                raise ScoringError("empty line (one JSON object a line)")
            record = json.loads(line)
            result = score_record(record)
        except BridgeError as err:
            result = {"error": str(err), "line": number}
        except (ValueError, TypeError) as err:
            result = {"error": f"not JSON: {err}", "line": number}
        write(json.dumps(result))
        write("\n")
        if interactive:
            out.flush()
    out.flush()
    return 0


def format_hand(
    table: ScoreTable,
    contract: str,
    tricks: int,
    vulnerable: bool,
    hand: HandScore,
    asked: str | None = None,
    lang: str = "en",
) -> str:
    """The readable breakdown printed by ``bridgeroom score``, in ``lang``; ``asked``: the
    game's name as typed, said when it is another name of the table's (``contract`` is scored
    as rubber).

    >>> from bridgeroom.scoring import get_table
    >>> table = get_table("auction")
    >>> print(format_hand(table, "2S", 9, False, table.score("2S", 9), lang="ru"))
    auction: 2S, 9 взяток: контракт выполнен +1
      3 взятки сверх шести × 9 (П)          27  под чертой
    под чертой 27; над чертой: разыгрывающему 0, защитникам 0; счёт +27
    """
    from bridgeroom.i18n import translate
    from bridgeroom.scoring import as_contract

    def say(key: str, /, **params: object) -> str:
        return translate(f"score.calc.{key}", lang, **params)

    c = as_contract(contract)
    need = c.level + 6
    if tricks > need:
        result = say("made_over", over=tricks - need)
    elif tricks == need:
        result = say("made_exactly")
    else:
        result = say("down", down=need - tricks)
    vul = ""
    if table.vulnerability:
        vul = say("vulnerable" if vulnerable else "not_vulnerable")
    name = table.name
    if asked is not None and asked.strip().lower() != table.name:
        name = say("alias", table=table.name, asked=asked.strip())
    lines = [say("line", table=name, contract=str(c), tricks=tricks, vul=vul, result=result)]
    texts = [item.text(lang) for item in hand.items]
    width = max([len(text) for text in texts] + [20])
    defenders = say("each_defender" if table.three_handed else "defenders")
    columns = {"below": say("below"), "declarer": say("declarer"), "defenders": defenders}
    for item, text in zip(hand.items, texts, strict=True):
        lines.append(f"  {text:<{width}}  {item.points:>5}  {columns[item.to]}")
    lines.append(
        say(
            "total",
            below=hand.below,
            declarer=hand.declarer_above,
            defenders=defenders,
            defending=hand.defenders_above,
            score=f"{hand.score:+d}",
        )
    )
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from bridgeroom.i18n import detect_language, keyed

    lang = detect_language(args.lang)
    if args.jsonl:
        extra = [name for name in ("game", "contract", "tricks") if getattr(args, name) is not None]
        flags = [
            f for f in ("vulnerable", "honors", "honors_side", "overtricks") if getattr(args, f)
        ]
        if extra or flags:
            raise keyed(BridgeError, "score.calc.jsonl_alone", jsonl="--jsonl")
        return run_jsonl(sys.stdin, sys.stdout)
    if args.game is None or args.contract is None or args.tricks is None:
        raise keyed(BridgeError, "score.calc.needs", jsonl="--jsonl")
    table = _table(args.game, args.overtricks)
    try:
        tricks = int(args.tricks)
    except ValueError:
        raise keyed(ScoringError, "score.calc.tricks", text=args.tricks, rule="CB-11") from None
    honors = None
    if args.honors is not None or args.honors_side is not None:
        if args.honors is None or args.honors_side is None:
            raise keyed(
                ScoringError,
                "score.calc.honors_both",
                honors="--honors",
                side="--honors-side",
                declarer="declarer",
                defenders="defenders",
            )
        honors = Honors(args.honors, args.honors_side)
    hand = table.score(args.contract, tricks, args.vulnerable, honors)
    if args.json:
        out: dict[str, Any] = {
            "game": table.name,
            "contract": args.contract,
            "tricks": tricks,
            "vulnerable": args.vulnerable,
            "honors": None
            if honors is None
            else {"kind": honors.kind.value, "side": honors.side.value},
        }
        out.update(hand.to_dict())
        if table.three_handed:
            out["each_defender"] = hand.defenders_above
        out["breakdown"] = [
            {"what": item.what, "points": item.points, "to": item.to.value} for item in hand.items
        ]
        print(json.dumps(out))
    else:
        print(format_hand(table, args.contract, tricks, args.vulnerable, hand, args.game, lang))
    return 0
