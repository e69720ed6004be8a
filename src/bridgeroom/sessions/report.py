"""A session's results for people: printed (the terminal), as a web page, as a PDF with the
travellers and the hand records. Every word comes from the catalogue's ``[club]`` section, in
English or Russian; contracts, seats and cards in the language's letters.

    >>> from bridgeroom.sessions import Movement, Played, Player, Results
    >>> m = Movement.make("class", tables=2, boards=1)
    >>> r = Results(m, "contract", "matchpoints", [
    ...     Played.of("contract", 1, 1, 1, 3, "N", "3NT", 9, "SQ"),
    ...     Played.of("contract", 1, 2, 2, 4, "N", "3NT", 8, "H4"),
    ... ], players={1: [Player("Ann Smith"), Player("Bob Jones")]}, title="Tuesday")
    >>> text = format_results(r)
    >>> print(text.splitlines()[0])
    Tuesday
    >>> "Ann Smith – Bob Jones" in text
    True
    >>> "<caption>Board 1" in results_html(r)
    True
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bridgeroom.i18n import card_text, contract_text, seat_letter, side_name, translate
from bridgeroom.rules import Card, Deal, Side, board_dealer, board_vulnerability
from bridgeroom.sessions.results import (
    ARTIFICIAL,
    Artificial,
    Entry,
    NotPlayed,
    Played,
    Results,
    Split,
    Standing,
    TravellerRow,
    Weighted,
)

if TYPE_CHECKING:
    from bridgeroom.analysis.dd import BoardAnalysis

__all__ = ["format_results", "pair_label", "results_html", "results_pdf", "traveller_cells"]


def _num(value: Any) -> str:
    from fractions import Fraction

    v = Fraction(value)
    return str(int(v)) if v.denominator == 1 else f"{float(v):.2f}"


def _signed(value: Any) -> str:
    text = _num(value)
    return text if text.startswith("-") or text == "0" else f"+{text}"


def pair_label(results: Results, pair: int, lang: str = "en") -> str:
    """A pair's name in ``lang``: ``3NS`` / ``3СЮ``, ``5`` in a Howell.

    >>> from bridgeroom.sessions import Movement, Results
    >>> pair_label(Results(Movement.make("mitchell", 3, 3), "contract", "imps"), 6, "ru")
    '3ВЗ'
    """
    label = results.movement.label(pair)
    for side in (Side.NS, Side.EW):
        if label.endswith(side.name):
            return label[: -len(side.name)] + side_name(side, lang)
    return label


def _played_cells(p: Played, lang: str) -> list[str]:
    if p.contract is None or p.declarer is None:
        return [translate("club.passed_out", lang), "", "", ""]
    lead = card_text(Card.parse(p.lead), lang) if p.lead else ""
    return [
        contract_text(p.contract, lang, declarer=False),
        seat_letter(p.declarer, lang),
        lead,
        p.result,
    ]


def _award(award: str, imps: bool) -> str:
    pc, im = ARTIFICIAL[award]
    return _signed(im) if imps else f"{pc}%"


def traveller_cells(results: Results, row: TravellerRow, lang: str = "en") -> list[str]:
    """One line of a traveller as text cells: table, pairs, contract, declarer, lead, result,
    North-South's and East-West's scores, then matchpoints or IMPs of each side."""
    m = results.movement
    e: Entry = row.result
    imps = results.scoring != "matchpoints" or m.kind == "teams"
    cells = [str(e.table), pair_label(results, e.ns, lang), pair_label(results, e.ew, lang)]
    score_ns = score_ew = ""
    if isinstance(e, Played):
        cells += _played_cells(e, lang)
        if e.assigned:
            cells[3] += f" ({translate('club.assigned', lang)})"
        score_ns, score_ew = (str(e.ns_score), "") if e.ns_score > 0 else ("", str(-e.ns_score))
        if e.ns_score == 0:
            score_ns = score_ew = ""
    elif isinstance(e, Weighted):
        parts = "; ".join(
            f"{_num(w * 100)}% " + " ".join(c for c in _played_cells(p, lang) if c)
            for w, p in e.parts
        )
        cells += [f"{parts} ({translate('club.weighted', lang)})", "", "", ""]
        score_ns = _num(e.ns_score)
    elif isinstance(e, Split):
        cells += [
            f"{cells[1]}: {_num(e.ns_score)} / {cells[2]}: {_num(-e.ew_score)}"
            f" ({translate('club.split', lang)})",
            "",
            "",
            "",
        ]
    elif isinstance(e, Artificial):
        cells += [f"{_award(e.ns_award, imps)} / {_award(e.ew_award, imps)}", "", "", ""]
    elif isinstance(e, NotPlayed):
        cells += [translate("club.not_played", lang), "", "", ""]
    cells += [score_ns, score_ew]
    if isinstance(e, NotPlayed):
        return [*cells, "", ""]
    if imps:
        return [*cells, _signed(row.ns_imps), _signed(row.ew_imps)]
    return [*cells, _num(row.ns_mp), _num(row.ew_mp)]


def _traveller_headers(results: Results, lang: str) -> list[str]:
    imps = results.scoring != "matchpoints" or results.movement.kind == "teams"
    keys = ["table", "ns", "ew", "contract", "by", "lead", "result", "score_ns", "score_ew"]
    keys += ["imps_ns", "imps_ew"] if imps else ["mp_ns", "mp_ew"]
    return [translate(f"club.{k}", lang) for k in keys]


def _names(s: Standing) -> str:
    return " – ".join(p.name for p in s.players)


def _standing_cells(results: Results, s: Standing, lang: str) -> list[str]:
    label = s.label if s.team is not None else pair_label(results, s.pair, lang)
    cells = [str(s.rank), label, _names(s), str(s.boards)]
    if s.vp is not None:
        return [*cells, _signed(s.imps), _num(s.vp)]
    if results.scoring == "matchpoints" and s.team is None:
        return [*cells, _num(s.mp), f"{s.percent:.2f}"]
    if results.scoring == "total":
        return [*cells, _signed(s.points)]
    return [*cells, _signed(s.imps)]


def _standing_headers(results: Results, lang: str, s: Standing | None) -> list[str]:
    teams = results.movement.kind == "teams"
    keys = ["rank", "team" if teams else "pair", "players", "boards"]
    if teams and results.movement.rounds > 1:
        keys += ["imps", "vp"]
    elif results.scoring == "matchpoints" and not teams:
        keys += ["mp", "percent"]
    elif results.scoring == "total":
        keys += ["points"]
    else:
        keys += ["imps"]
    return [translate(f"club.{k}", lang) for k in keys]


def _scoring(results: Results, lang: str) -> str:
    m = results.movement
    if m.kind == "teams":
        return translate("club.scoring_teams_vp" if m.rounds > 1 else "club.scoring_teams", lang)
    return translate(f"club.scoring_{results.scoring}", lang)


def _board_line(results: Results, board: int, lang: str) -> str:
    line = translate(
        "club.board_line",
        lang,
        board=board,
        dealer=seat_letter(board_dealer(board), lang),
        vulnerable=translate(f"analysis.vul_{board_vulnerability(board).pbn}", lang),
    )
    fouled = results.fouled.get(board)
    if fouled is not None:
        groups = " | ".join(",".join(str(t) for t in g) for g in fouled.groups)
        line += " · " + translate("club.fouled", lang, groups=groups)
    return line


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]

    def line(values: Sequence[str]) -> str:
        return "  ".join(v.ljust(w) for v, w in zip(values, widths, strict=True)).rstrip()

    return [line(headers), line(["-" * w for w in widths]), *(line(r) for r in rows)]


def format_results(results: Results, lang: str = "en") -> str:
    """The results as text: the title and scoring, each board's traveller, the rankings (and
    a teams event's matches)."""
    title = results.title or translate("club.results", lang)
    out = [title, "=" * len(title), _scoring(results, lang)]
    if results.sitout is not None:
        out.append(translate("club.sitout", lang, pair=pair_label(results, results.sitout, lang)))
    for board in results.boards:
        out += ["", _board_line(results, board, lang)]
        rows = [traveller_cells(results, row, lang) for row in results.traveller(board)]
        out += _table(_traveller_headers(results, lang), rows)
    for name, standings in results.rankings().items():
        out += ["", f"{translate('club.ranking', lang)}: {translate(f'club.ranking_{name}', lang)}"]
        rows = [_standing_cells(results, s, lang) for s in standings]
        out += _table(_standing_headers(results, lang, None), rows)
    matches = [x for x in results.matches() if x["compared"]]
    if matches:
        out += ["", translate("club.matches", lang)]
        rows = [
            [str(x["round"]), f"T{x['teams'][0]} – T{x['teams'][1]}",
             f"{_num(x['imps'][0])} : {_num(x['imps'][1])}",
             f"{_num(x['vp'][0])} : {_num(x['vp'][1])}"]
            for x in matches
        ]  # fmt: skip
        headers = [translate(f"club.{k}", lang) for k in ("round", "team", "imps", "vp")]
        out += _table(headers, rows)
    return "\n".join(out) + "\n"


def _html_table(caption: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return (
        f'<div class="scroll" role="region" tabindex="0" aria-label="{escape(caption)}">'
        f"<table><caption>{escape(caption)}</caption><thead><tr>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table></div>"
    )


def results_html(
    results: Results, deals: Mapping[int, Deal] | None = None, *, lang: str = "en"
) -> str:
    """The results page: the rankings first, then each board's traveller (with its hands when
    the deals are given), readable on a phone and by a screen reader."""
    title = results.title or translate("club.results", lang)
    parts = [f"<h1>{escape(title)}</h1>", f"<p>{escape(_scoring(results, lang))}</p>"]
    if results.sitout is not None:
        label = pair_label(results, results.sitout, lang)
        parts.append(f"<p>{escape(translate('club.sitout', lang, pair=label))}</p>")
    parts.append(f"<h2>{escape(translate('club.ranking', lang))}</h2>")
    for name, standings in results.rankings().items():
        rows = [_standing_cells(results, s, lang) for s in standings]
        caption = translate(f"club.ranking_{name}", lang)
        parts.append(_html_table(caption, _standing_headers(results, lang, None), rows))
    matches = [x for x in results.matches() if x["compared"]]
    if matches:
        rows = [
            [str(x["round"]), f"T{x['teams'][0]} – T{x['teams'][1]}",
             f"{_num(x['imps'][0])} : {_num(x['imps'][1])}",
             f"{_num(x['vp'][0])} : {_num(x['vp'][1])}"]
            for x in matches
        ]  # fmt: skip
        headers = [translate(f"club.{k}", lang) for k in ("round", "team", "imps", "vp")]
        parts.append(_html_table(translate("club.matches", lang), headers, rows))
    parts.append(f"<h2>{escape(translate('club.travellers', lang))}</h2>")
    for board in results.boards:
        rows = [traveller_cells(results, row, lang) for row in results.traveller(board)]
        section = [
            _html_table(_board_line(results, board, lang), _traveller_headers(results, lang), rows)
        ]
        if deals and board in deals:
            from bridgeroom import svg

            picture = svg.deal(
                deals[board],
                board=board,
                dealer=board_dealer(board),
                vulnerability=board_vulnerability(board),
                lang=lang,
            )
            section.insert(0, f'<figure class="deal" aria-hidden="false">{picture}</figure>')
        parts.append(f'<section class="board">{"".join(section)}</section>')
    return f"""<!DOCTYPE html>
<html lang="{escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>
body {{ font-family: "DejaVu Sans", system-ui, sans-serif; margin: 1em; color: #111;
       background: #fff; max-width: 60em; }}
h1 {{ font-size: 1.4em; }} h2 {{ font-size: 1.2em; margin-top: 1.5em; }}
.scroll {{ overflow-x: auto; margin: 0.8em 0; }}
.scroll:focus {{ outline: 2px solid #0645ad; }}
table {{ border-collapse: collapse; font-size: 0.95em; }}
caption {{ text-align: left; font-weight: bold; padding: 0.3em 0; }}
th, td {{ border: 1px solid #999; padding: 0.25em 0.5em; text-align: left; white-space: nowrap; }}
th {{ background: #eee; }}
.deal svg {{ max-width: 100%; height: auto; }}
footer {{ color: #555; font-size: 0.85em; margin-top: 2em; }}
</style>
</head>
<body>
<main>
{chr(10).join(parts)}
</main>
<footer>{escape(translate("club.made_by", lang))}</footer>
</body>
</html>
"""


# -- PDF ---------------------------------------------------------------------------------------

_PAGE_W, _PAGE_H, _MARGIN = 595.28, 841.89, 36.0


def results_pdf(
    results: Results,
    path: str | Path,
    *,
    records: Sequence[BoardAnalysis] = (),
    lang: str = "en",
) -> int:
    """Write the results as an A4 PDF to ``path``: the rankings, every board's traveller,
    then the hand records of ``records`` (double-dummy tables and par, four boards a page,
    as ``bridgeroom handrecord`` draws them). Returns the number of pages."""
    from fpdf import FPDF

    from bridgeroom import svg
    from bridgeroom.analysis.handrecord import board_svg, font_files

    title = results.title or translate("club.results", lang)
    doc: Any = FPDF(unit="pt", format="A4")
    doc.set_creator("bridgeroom")
    doc.set_title(title)
    doc.set_auto_page_break(True, margin=_MARGIN)
    for style, file in font_files().items():
        doc.add_font(svg.FONT, style, str(file))
    doc.set_margins(_MARGIN, _MARGIN, _MARGIN)

    def footer() -> None:
        doc.set_y(-_MARGIN + 6)
        doc.set_font(svg.FONT, "", 7)
        doc.set_text_color(110)
        page = translate("club.page", lang, page=doc.page_no())
        doc.cell(0, 10, f"{page} · {translate('club.made_by', lang)}")
        doc.set_text_color(0)

    doc.footer = footer
    doc.add_page()
    doc.set_font(svg.FONT, "B", 14)
    doc.multi_cell(0, 18, title, new_x="LMARGIN", new_y="NEXT")
    doc.set_font(svg.FONT, "", 9)
    doc.multi_cell(0, 12, _scoring(results, lang), new_x="LMARGIN", new_y="NEXT")

    def table(caption: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        usable = _PAGE_W - 2 * _MARGIN
        widths = [max([len(h)] + [len(r[i]) for r in rows]) + 1 for i, h in enumerate(headers)]
        scale = usable / max(sum(widths), 1)
        sizes = [w * scale for w in widths]
        size = 7.5 if sum(len(h) for h in headers) > 60 else 8.5
        if doc.get_y() > _PAGE_H - _MARGIN - 14 * (len(rows) + 3):
            doc.add_page()
        doc.ln(6)
        doc.set_font(svg.FONT, "B", 10)
        doc.multi_cell(0, 13, caption, new_x="LMARGIN", new_y="NEXT")
        doc.set_font(svg.FONT, "B", size)
        for h, w in zip(headers, sizes, strict=True):
            doc.cell(w, 12, h, border=1)
        doc.ln(12)
        doc.set_font(svg.FONT, "", size)
        for row in rows:
            for c, w in zip(row, sizes, strict=True):
                doc.cell(w, 11, c, border=1)
            doc.ln(11)

    for name, standings in results.rankings().items():
        table(
            f"{translate('club.ranking', lang)}: {translate(f'club.ranking_{name}', lang)}",
            _standing_headers(results, lang, None),
            [_standing_cells(results, s, lang) for s in standings],
        )
    for board in results.boards:
        table(
            _board_line(results, board, lang),
            _traveller_headers(results, lang),
            [traveller_cells(results, row, lang) for row in results.traveller(board)],
        )
    if records:
        doc.set_auto_page_break(False)
        width = (_PAGE_W - 2 * _MARGIN) / 2 - 8
        height = (_PAGE_H - 2 * _MARGIN - 40) / 2
        for i, record in enumerate(records):
            slot = i % 4
            if slot == 0:
                doc.add_page()
                doc.set_font(svg.FONT, "B", 13)
                doc.cell(0, 18, translate("club.hand_records", lang))
            x = _MARGIN + (slot % 2) * (width + 16)
            y = _MARGIN + 26 + (slot // 2) * height
            picture = board_svg(record, lang, results.game).encode("utf-8")
            doc.image(io.BytesIO(picture), x=x, y=y, w=width)
    doc.output(str(path))
    return int(doc.page_no())
