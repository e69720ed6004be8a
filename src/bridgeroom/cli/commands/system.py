"""``bridgeroom system NAME``: a bidding system's convention card (docs/bidding.md, "Systems").

NAME is a shipped system (``standard``, ``acol``) or a system file's path; ``--pdf FILE``
writes the card as a printable PDF (fpdf2 and the hand records' font), else it is printed.
"""

from __future__ import annotations

import argparse

__all__ = ["configure", "run", "write_pdf"]


def configure(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Print a bidding system's convention card: the notrump ranges, the majors, the twos, "
        "the conventions played and the calls alerted. NAME is standard, acol, or the path of "
        "a system file of your own."
    )
    p.add_argument("name", metavar="NAME", help="a system's name, or a system file's path")
    p.add_argument("--pdf", metavar="FILE", help="write the card to this PDF file")
    p.add_argument(
        "--lang",
        choices=("en", "ru"),
        help="language of the card (default: from BRIDGEROOM_LANG or the locale, else en)",
    )


def write_pdf(lines: list[str], path: str) -> None:
    """The card's ``lines`` (its title first) as a one-page A4 PDF at ``path``."""
    from fpdf import FPDF

    from bridgeroom import svg
    from bridgeroom.analysis.handrecord import font_files

    doc = FPDF(unit="pt", format="A4")
    doc.set_creator("bridgeroom")
    doc.set_title(lines[0])
    for style, font in font_files().items():
        doc.add_font(svg.FONT, style, str(font))
    doc.add_page()
    doc.set_font(svg.FONT, "B", 15)
    doc.multi_cell(0, 22, lines[0])
    doc.ln(6)
    doc.set_font(svg.FONT, "", 11)
    for line in lines[1:]:
        doc.multi_cell(0, 16, line)
        doc.ln(3)
    doc.output(path)


def run(args: argparse.Namespace) -> int:
    from bridgeroom.robots import resolve_system
    from bridgeroom.robots.bidding.card import convention_card
    from bridgeroom.tui.options import messages

    msgs = messages(args)
    system = resolve_system(args.name)
    lines = [line.render(msgs.lang) for line in convention_card(system)]
    if args.pdf:
        write_pdf(lines, args.pdf)
        print(args.pdf)
        return 0
    print("\n".join(lines))
    return 0
