"""Hand records: the boards of a session with their double-dummy tables and par, as PDF or HTML.
A mini-bridge board shows its best mini-bridge contract instead of par (:func:`record_line`).

Each board is the diagram of :mod:`bridgeroom.svg` (drawn once, as SVG): the
PDF places those pictures on A4 pages with fpdf2, two or four boards a page;
the HTML page holds them inline, one printed page per two or four boards.

The PDF library is fpdf2: pure Python (no system libraries, unlike WeasyPrint's
Pango and cairo), it embeds TrueType fonts and draws SVG, text included, so the
diagram is written once; ReportLab would need the SVG converted by another
package, and Typst is a separate compiler to install. The font is DejaVu Sans
from matplotlib's package data (it has the suit symbols and Cyrillic), found
without importing matplotlib.

    >>> from bridgeroom.rules import Deal, Seat, Vulnerability
    >>> from bridgeroom.analysis.dd import BoardAnalysis, DDTable, Par
    >>> board = BoardAnalysis(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 -"),
    ...     Seat.NORTH, Vulnerability.NONE, DDTable(((13,) * 5, (0,) * 5) * 2), Par(1520), 1)
    >>> page = html([board], title="Club night")
    >>> "<svg" in page and "Club night" in page
    True
"""

from __future__ import annotations

import importlib.util
import io
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

from bridgeroom import svg
from bridgeroom.analysis.dd import BoardAnalysis
from bridgeroom.analysis.text import par_text
from bridgeroom.errors import BridgeError
from bridgeroom.i18n import translate
from bridgeroom.rules import Deal

__all__ = ["PER_PAGE", "board_svg", "font_files", "html", "pdf", "record_line"]

#: Boards a page may hold.
PER_PAGE = (2, 4)

# A4 in points, margins, and the diagram's size in points (SVG user units are px: 0.75 pt).
_PAGE_W, _PAGE_H = 595.28, 841.89
_MARGIN = 36.0
_HEADER = 28.0


def record_line(board: BoardAnalysis, lang: str = "en", game: str = "contract") -> str:
    """The line under a board's table: its par (contract bridge), or for a mini-bridge board,
    which has no auction and no doubles, its best mini-bridge contract by double dummy
    (:func:`bridgeroom.analysis.minibridge.best_minibridge`, MB-3 to MB-10)."""
    if game == "minibridge":
        from bridgeroom.analysis.minibridge import best_minibridge, best_minibridge_text

        best = best_minibridge(board.deal, board.dealer, board.vulnerability, board.table)
        return best_minibridge_text(best, lang)
    return par_text(board.par, lang)


def board_svg(board: BoardAnalysis, lang: str = "en", game: str = "contract") -> str:
    """The diagram of one board with its table and par (or best mini-bridge contract)."""
    return svg.deal(
        board.deal,
        board=board.board,
        dealer=board.dealer,
        vulnerability=board.vulnerability,
        table=board.table,
        par=record_line(board, lang, game),
        lang=lang,
    )


def font_files() -> dict[str, Path]:
    """DejaVu Sans (regular, bold) from matplotlib's package data, found without importing it."""
    spec = importlib.util.find_spec("matplotlib")
    if spec is None or spec.origin is None:
        raise BridgeError("the hand records need matplotlib's DejaVu fonts: pip install matplotlib")
    folder = Path(spec.origin).parent / "mpl-data" / "fonts" / "ttf"
    files = {"": folder / "DejaVuSans.ttf", "B": folder / "DejaVuSans-Bold.ttf"}
    for path in files.values():
        if not path.is_file():
            raise BridgeError(f"font file {path} is missing from matplotlib's package data")
    return files


def _game(board: BoardAnalysis, games: Mapping[tuple[int | None, Deal], str] | None) -> str:
    return (games or {}).get((board.board, board.deal), "contract")


def _check(per_page: int) -> None:
    if per_page not in PER_PAGE:
        raise BridgeError(f"a hand record holds 2 or 4 boards a page, not {per_page}")


def html(
    boards: Iterable[BoardAnalysis],
    *,
    title: str = "",
    lang: str = "en",
    per_page: int = 4,
    games: Mapping[tuple[int | None, Deal], str] | None = None,
) -> str:
    """A printable HTML page of the boards (inline SVG), ``per_page`` boards a printed page;
    ``games`` names the game of a board by its number and deal (contract bridge if absent)."""
    _check(per_page)
    columns = 2 if per_page == 4 else 1
    items = [
        f'<figure class="board">{board_svg(b, lang, _game(b, games))}</figure>' for b in boards
    ]
    pages = [
        '<section class="page">' + "\n".join(items[i : i + per_page]) + "</section>"
        for i in range(0, len(items), per_page)
    ]
    heading = f"<h1>{escape(title)}</h1>" if title else ""
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{escape(title or translate("analysis.made_by", lang))}</title>
<style>
body {{ font-family: "{svg.FONT}", sans-serif; margin: 1.5em; color: #111; }}
h1 {{ font-size: 1.3em; margin: 0 0 0.6em; }}
.page {{ display: grid; grid-template-columns: repeat({columns}, max-content); gap: 1.2em 2em;
        page-break-after: always; break-after: page; margin-bottom: 2em; }}
.page:last-child {{ page-break-after: auto; break-after: auto; }}
.board {{ margin: 0; }}
.board svg {{ width: {svg.WIDTH * (1.0 if columns == 2 else 1.4):.0f}px; height: auto; }}
footer {{ color: #666; font-size: 0.8em; }}
</style>
</head>
<body>
{heading}
{chr(10).join(pages)}
<footer>{escape(translate("analysis.made_by", lang))}</footer>
</body>
</html>
"""


class _Pdf:
    """An fpdf2 document of hand-record pages, filled board by board."""

    def __init__(self, *, title: str, lang: str, per_page: int) -> None:
        from fpdf import FPDF

        _check(per_page)
        self.title = title
        self.lang = lang
        self.per_page = per_page
        doc = FPDF(unit="pt", format="A4")
        doc.set_auto_page_break(False)
        doc.set_creator("bridgeroom")
        doc.set_title(title or translate("analysis.made_by", lang))
        for style, path in font_files().items():
            doc.add_font(svg.FONT, style, str(path))
        self.doc: Any = doc
        self.count = 0

    def _slot(self, index: int) -> tuple[float, float, float]:
        """x, y and width (points) of the ``index``-th board of a page."""
        usable_w = _PAGE_W - 2 * _MARGIN
        usable_h = _PAGE_H - 2 * _MARGIN - _HEADER - 16
        top = _MARGIN + _HEADER
        if self.per_page == 2:
            height = usable_h / 2
            width = min(usable_w, height * svg.WIDTH / (svg.HEIGHT + svg.TABLE_HEIGHT))
            return _MARGIN + (usable_w - width) / 2, top + index * height, width
        width = usable_w / 2 - 8
        height = usable_h / 2
        drawn = width * (svg.HEIGHT + svg.TABLE_HEIGHT) / svg.WIDTH
        col, row = index % 2, index // 2
        return _MARGIN + col * (usable_w / 2 + 8), top + row * height + (height - drawn) / 3, width

    def _new_page(self) -> None:
        doc = self.doc
        doc.add_page()
        page = doc.page_no()
        doc.set_font(svg.FONT, "B", 13)
        doc.set_xy(_MARGIN, _MARGIN - 6)
        doc.cell(0, 18, self.title or translate("analysis.made_by", self.lang))
        doc.set_font(svg.FONT, "", 8)
        doc.set_text_color(110)
        doc.set_xy(_MARGIN, _PAGE_H - _MARGIN)
        footer = f"{translate('analysis.page', self.lang, page=page)} · " + translate(
            "analysis.made_by", self.lang
        )
        doc.cell(0, 10, footer)
        doc.set_text_color(0)
        doc.set_draw_color(180)
        doc.line(_MARGIN, _MARGIN + 16, _PAGE_W - _MARGIN, _MARGIN + 16)

    def add(self, board: BoardAnalysis, game: str = "contract") -> None:
        index = self.count % self.per_page
        if index == 0:
            self._new_page()
        x, y, width = self._slot(index)
        picture = board_svg(board, self.lang, game).encode("utf-8")
        self.doc.image(io.BytesIO(picture), x=x, y=y, w=width)
        self.count += 1

    def output(self, path: str | Path) -> None:
        if self.count == 0:
            self._new_page()
        self.doc.output(str(path))


def pdf(
    boards: Iterable[BoardAnalysis],
    path: str | Path,
    *,
    title: str = "",
    lang: str = "en",
    per_page: int = 4,
    games: Mapping[tuple[int | None, Deal], str] | None = None,
) -> int:
    """Write the hand record of ``boards`` to the PDF file ``path``; returns the boards written
    (``games`` as for :func:`html`)."""
    doc = _Pdf(title=title, lang=lang, per_page=per_page)
    for board in boards:
        doc.add(board, _game(board, games))
    doc.output(path)
    return doc.count


def boards_title(titles: Sequence[str]) -> str:
    """The title of a hand record: the events of its boards, in order, without repeats."""
    return " · ".join(dict.fromkeys(t for t in titles if t and t != "?"))
