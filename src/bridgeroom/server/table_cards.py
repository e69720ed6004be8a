"""The table cards of a session played with real cards: a PDF of one card a table, two to an A4
page, each with the table's number, its QR code and link (the table's phone page, its token in
the address's fragment, which no browser sends to a server), and the pairs and boards of each
round at that table, in the session's language.

The QR code is segno's (pure Python, ISO/IEC 18004, error correction M), drawn as squares of
the PDF (no picture, sharp at any size); the PDF is fpdf2's with DejaVu Sans (it has Cyrillic),
as the hand records are (:mod:`bridgeroom.analysis.handrecord`).

    >>> pdf = table_cards_pdf("Club night", "ab12", [
    ...     {"table": 1, "link": "http://club/session/ab12/table/1#t=x",
    ...      "rounds": [{"round": 1, "ns": "1NS", "ew": "1EW", "boards": [1, 2]}]}], "en")
    >>> pdf[:5]
    b'%PDF-'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bridgeroom.i18n import translate

__all__ = ["table_cards_pdf"]

#: The QR code's side and the card's height on the page (mm; two cards to an A4 page).
QR_SIDE = 62.0
CARD_HEIGHT = 148.5


def _qr(pdf: Any, text: str, x: float, y: float, side: float) -> None:
    """``text`` as a QR code of ``side`` mm at (``x``, ``y``), its quiet zone included."""
    import segno

    code = segno.make(text, error="m", micro=False)
    matrix = code.matrix
    n = len(matrix) + 8  # four modules of quiet zone on each side
    module = side / n
    pdf.set_fill_color(0, 0, 0)
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if dark:
                pdf.rect(x + (c + 4) * module, y + (r + 4) * module, module, module, style="F")


def table_cards_pdf(
    title: str, code: str, tables: Sequence[dict[str, Any]], lang: str = "en"
) -> bytes:
    """The cards of ``tables`` (each: ``table``, ``link``, ``rounds`` with ``round``, ``ns``,
    ``ew``, ``boards`` and ``sit_out``) as a PDF."""
    from fpdf import FPDF

    from bridgeroom.analysis.handrecord import font_files

    pdf = FPDF(format="A4", unit="mm")
    pdf.set_auto_page_break(False)
    fonts = font_files()
    pdf.add_font("DejaVu", "", str(fonts[""]))
    pdf.add_font("DejaVu", "B", str(fonts["B"]))
    pdf.set_title(translate("cards.tablecards_title", lang, code=code))
    for i, table in enumerate(tables):
        if i % 2 == 0:
            pdf.add_page()
        top = 10 + (i % 2) * CARD_HEIGHT
        if i % 2:
            pdf.set_draw_color(150, 150, 150)
            pdf.set_dash_pattern(dash=2, gap=2)
            pdf.line(5, CARD_HEIGHT, 205, CARD_HEIGHT)
            pdf.set_dash_pattern()
        pdf.set_xy(12, top)
        pdf.set_font("DejaVu", "B", 26)
        pdf.cell(0, 12, translate("cards.tablecard_table", lang, table=table["table"]))
        pdf.set_xy(12, top + 13)
        pdf.set_font("DejaVu", "", 11)
        pdf.cell(0, 6, title or translate("cards.tablecards_title", lang, code=code))
        _qr(pdf, table["link"], 12, top + 21, QR_SIDE)
        pdf.set_xy(80, top + 22)
        pdf.set_font("DejaVu", "", 11)
        pdf.multi_cell(118, 5.5, translate("cards.tablecard_scan", lang))
        pdf.set_x(80)
        pdf.set_font("DejaVu", "", 7)
        pdf.multi_cell(118, 4, table["link"])
        pdf.set_xy(80, pdf.get_y() + 3)
        pdf.set_font("DejaVu", "B", 10)
        head = [translate(f"cards.tablecard_{k}", lang) for k in ("round", "ns", "ew", "boards")]
        widths = (18, 25, 25, 50)
        for w, h in zip(widths, head, strict=True):
            pdf.cell(w, 6, h, border="B")
        pdf.ln()
        pdf.set_font("DejaVu", "", 10)
        for r in table["rounds"]:
            pdf.set_x(80)
            boards = ", ".join(map(str, r["boards"]))
            if r.get("sit_out"):
                boards = translate("cards.tablecard_sit_out", lang)
            for w, text in zip(widths, (str(r["round"]), r["ns"], r["ew"], boards), strict=True):
                pdf.cell(w, 5.5, text)
            pdf.ln()
    return bytes(pdf.output())
