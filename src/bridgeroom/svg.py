"""Deal diagrams as SVG, as python-chess draws boards with ``chess.svg``.

:func:`deal` draws the four hands around a compass box: the board number in
the middle, the seats' letters at its edges (a vulnerable side's edges red,
the dealer's letter marked), each hand's high-card points beside its letter;
the board, dealer and vulnerability in the top-left corner; optionally the
double-dummy table (bottom left) and the par (under the diagram). Cards are
written with the ranks and seat letters of the language: English
(A K Q J 10, N E S W, NT) or Russian (Т К Д В 10, С В Ю З, БК).

The same picture serves the HTML hand record, the PDF (fpdf2 draws SVG), the
web page's review and Jupyter (in a notebook, importing :mod:`bridgeroom`
registers it with IPython's display, so a ``Deal`` shows as this picture; the
rules themselves import nothing outside the standard library). It uses the font
DejaVu Sans (shipped with matplotlib), which has the suit symbols.

    >>> from bridgeroom.rules import Deal, Seat, Vulnerability
    >>> d = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> picture = deal(d, board=1, dealer=Seat.NORTH, vulnerability=Vulnerability.NONE)
    >>> picture.startswith("<svg") and picture.count("♠") >= 4
    True
    >>> "Т К Д В" in deal(d, lang="ru")
    True

This module imports only the standard library and bridgeroom's rules and messages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol
from xml.sax.saxutils import escape

from bridgeroom.i18n import rank_text, seat_letter, strain_text, translate
from bridgeroom.rules.core import Deal, Hand, Seat, Strain, Suit, Vulnerability

__all__ = ["FONT", "HEIGHT", "TABLE_HEIGHT", "WIDTH", "Table", "deal", "hand_lines"]

#: The font of the diagrams (DejaVu Sans has ♠ ♥ ♦ ♣ and Cyrillic).
FONT = "DejaVu Sans"
#: The size of a diagram without the par line (user units, 1 = 1 px = 0.75 pt).
WIDTH = 360
HEIGHT = 290
#: The height the par line adds.
TABLE_HEIGHT = 22

_RED = "#c8102e"
_INK = "#111111"
_GREY = "#666666"
_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_LINE = 17  # line height of a hand


class Table(Protocol):
    """A double-dummy table: tricks for ``table[seat, strain]``
    (:class:`bridgeroom.analysis.dd.DDTable` is one)."""

    def __getitem__(self, key: tuple[Seat, Strain], /) -> int: ...


def hand_lines(hand: Hand, lang: str = "en") -> list[tuple[Suit, str]]:
    """The four lines of a hand, spades first: ``(suit, "A K 10 2")``, a void as ``—``.

    >>> hand_lines(Hand("AKT2.Q.-.98765"), "ru")[:3]
    [(<Suit.SPADES: 3>, 'Т К 10 2'), (<Suit.HEARTS: 2>, 'Д'), (<Suit.DIAMONDS: 1>, '—')]
    """
    out = []
    for suit in _SUITS:
        cards = sorted(hand.suit(suit), reverse=True)
        out.append((suit, " ".join(rank_text(c.rank, lang) for c in cards) or "—"))
    return out


def _text(x: float, y: float, text: str, *, size: int = 13, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}"{extra}>{escape(text)}</text>'


def _hand(hand: Hand, x: float, y: float, lang: str) -> list[str]:
    out = []
    for i, (suit, ranks) in enumerate(hand_lines(hand, lang)):
        colour = _RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else _INK
        line_y = y + i * _LINE
        out.append(_text(x, line_y, suit.symbol, fill=colour))
        out.append(_text(x + 16, line_y, ranks))
    return out


def _compass(
    x: float,
    y: float,
    size: float,
    board: int | None,
    dealer: Seat | None,
    vulnerability: Vulnerability | None,
    points: dict[Seat, int],
    lang: str,
) -> list[str]:
    out = [
        f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" rx="4" '
        f'fill="#f4f4f0" stroke="{_INK}" stroke-width="1"/>'
    ]
    band = 13.0
    if vulnerability is not None:
        for seat in Seat:
            if not vulnerability.is_vulnerable(seat):
                continue
            bx, by, bw, bh = {
                Seat.NORTH: (x, y, size, band),
                Seat.SOUTH: (x, y + size - band, size, band),
                Seat.WEST: (x, y, band, size),
                Seat.EAST: (x + size - band, y, band, size),
            }[seat]
            out.append(
                f'<rect x="{bx:g}" y="{by:g}" width="{bw:g}" height="{bh:g}" '
                f'fill="{_RED}" fill-opacity="0.85"/>'
            )
    mid = x + size / 2
    centre = y + size / 2
    spots = {
        Seat.NORTH: (mid, y + 10.5, mid, y + 25),
        Seat.SOUTH: (mid, y + size - 2.5, mid, y + size - 17),
        Seat.WEST: (x + 6.5, centre + 4, x + 22, centre + 4),
        Seat.EAST: (x + size - 6.5, centre + 4, x + size - 22, centre + 4),
    }
    for seat, (lx, ly, px, py) in spots.items():
        vulnerable = vulnerability is not None and vulnerability.is_vulnerable(seat)
        colour = "#ffffff" if vulnerable else _INK
        letter = seat_letter(seat, lang)
        weight = "bold"
        out.append(_text(lx, ly, letter, size=11, fill=colour, font_weight=weight,
                         text_anchor="middle"))  # fmt: skip
        if seat is dealer:
            # The dealer's letter is underlined, as on a duplicate board.
            out.append(
                f'<line x1="{lx - 4:g}" y1="{ly + 1.5:g}" x2="{lx + 4:g}" y2="{ly + 1.5:g}" '
                f'stroke="{colour}" stroke-width="1.4"/>'
            )
        if seat in points:
            out.append(_text(px, py, str(points[seat]), size=10, fill=_GREY,
                             text_anchor="middle"))  # fmt: skip
    if board is not None:
        out.append(_text(mid, centre + 6, str(board), size=17, font_weight="bold",
                         text_anchor="middle"))  # fmt: skip
    return out


def _table(table: Table, x: float, y: float, lang: str) -> list[str]:
    out = [_text(x, y, translate("analysis.double_dummy", lang), size=10, fill=_GREY)]
    col = 17.0
    row = 13.0
    top = y + 14
    for i, strain in enumerate(Strain):
        colour = _RED if strain in (Strain.HEARTS, Strain.DIAMONDS) else _INK
        out.append(_text(x + 32 + i * col, top, strain_text(strain, lang), size=10, fill=colour,
                         text_anchor="end"))  # fmt: skip
    for j, seat in enumerate((Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)):
        line_y = top + (j + 1) * row
        out.append(_text(x, line_y, seat_letter(seat, lang), size=10, font_weight="bold"))
        for i, strain in enumerate(Strain):
            out.append(_text(x + 32 + i * col, line_y, str(table[seat, strain]), size=10,
                             text_anchor="end"))  # fmt: skip
    return out


def deal(
    cards: Deal,
    *,
    board: int | None = None,
    dealer: Seat | None = None,
    vulnerability: Vulnerability | None = None,
    table: Table | None = None,
    par: str | None = None,
    lang: str = "en",
    notes: Sequence[str] = (),
) -> str:
    """The SVG picture of a deal (a string). ``table`` adds the double-dummy table, ``par`` a
    line of text under the diagram (e.g. :func:`bridgeroom.analysis.text.par_text`), ``notes``
    more lines under it."""
    extra = ([par] if par else []) + list(notes)
    height = HEIGHT + TABLE_HEIGHT * len(extra)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="{FONT}, sans-serif" fill="{_INK}">'
    ]
    title = []
    if board is not None:
        title.append(translate("analysis.board", lang, board=board))
    if dealer is not None:
        title.append(translate("analysis.dealer", lang, seat=seat_letter(dealer, lang)))
    if vulnerability is not None:
        key = f"analysis.vul_{vulnerability.pbn}"
        title.append(translate("analysis.vulnerable", lang, vul=translate(key, lang)))
    for i, line in enumerate(title):
        parts.append(
            _text(8, 18 + i * 16, line, size=12, font_weight="bold" if i == 0 else "normal")
        )
    complete = {seat: cards[seat] for seat in Seat if len(cards[seat])}
    box, size = (WIDTH - 92) / 2, 92.0
    top = 104.0
    positions = {
        Seat.NORTH: (box, 20.0),
        Seat.WEST: (8.0, top + 12),
        Seat.EAST: (box + size + 14, top + 12),
        Seat.SOUTH: (box, top + size + 24),
    }
    for seat, hand in complete.items():
        hx, hy = positions[seat]
        parts.extend(_hand(hand, hx, hy, lang))
    points = {seat: hand.hcp for seat, hand in complete.items()}
    parts.extend(_compass(box, top, size, board, dealer, vulnerability, points, lang))
    if table is not None:
        parts.extend(_table(table, 8.0, top + size + 12, lang))
    for i, line in enumerate(extra):
        parts.append(_text(8, HEIGHT + 6 + i * TABLE_HEIGHT, line, size=12))
    parts.append("</svg>")
    return "\n".join(parts)
