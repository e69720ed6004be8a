"""Drawing the table with Rich: hands, the auction or the mini-bridge counts, the trick, the score sheet.

Everything a person reads goes through the message catalogue
(:mod:`bridgeroom.i18n`), so the screen is English or Russian; suits are
symbols, red for hearts and diamonds.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bridgeroom.i18n import Messages
from bridgeroom.rules import (
    Action,
    Call,
    Card,
    DealState,
    Hand,
    MiniBridgeExtra,
    Phase,
    Seat,
    Side,
    Suit,
    ThreeHandedExtra,
    Trick,
)
from bridgeroom.scoring import ScoreSummary, Session, SheetEntry

__all__ = [
    "SUIT_STYLES",
    "action_text",
    "auction_grid",
    "card_markup",
    "hand_lines",
    "minibridge_panel",
    "sheet",
    "table_view",
    "trick_line",
]

#: The colour of each suit's symbol (spades and clubs in the terminal's own colour).
SUIT_STYLES = {
    Suit.SPADES: "bold",
    Suit.HEARTS: "bold red",
    Suit.DIAMONDS: "bold red",
    Suit.CLUBS: "bold",
}
_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def card_markup(card: Card, msgs: Messages) -> Text:
    """A card as coloured text: the suit symbol and the rank letter of the language."""
    text = Text(card.suit.symbol, style=SUIT_STYLES[card.suit])
    text.append(msgs.rank(card.rank))
    return text


def call_markup(call: Call, msgs: Messages) -> Text:
    if call.strain is None or call.strain.suit is None:
        return Text(msgs.call(call))
    return Text(msgs.call(call), style=SUIT_STYLES[call.strain.suit])


def action_text(action: Action, msgs: Messages) -> Text:
    """Any action for people: a card, a call, a count, a claim..."""
    if isinstance(action, Card):
        return card_markup(action, msgs)
    if isinstance(action, Call):
        return call_markup(action, msgs)
    return Text(str(action))


def hand_lines(
    hand: Hand | None,
    msgs: Messages,
    *,
    hidden: int | None = None,
    facedown: Sequence[int] | None = None,
) -> Text:
    """Four lines ♠ ♥ ♦ ♣ with the cards high to low; ``hidden``: a count of face-down cards;
    ``facedown``: the suit lengths of a face-down dummy (mini-bridge, MB-5)."""
    out = Text()
    if hand is None and facedown is None:
        out.append(
            msgs("screen.cards_hidden", count=hidden if hidden is not None else 13), style="dim"
        )
        return out
    for i, suit in enumerate(_ORDER):
        if i:
            out.append("\n")
        out.append(suit.symbol + " ", style=SUIT_STYLES[suit])
        if facedown is not None:
            out.append("▒ " * facedown[i] if facedown[i] else "—", style="dim")
            continue
        assert hand is not None
        cards = hand.suit(suit)
        out.append(" ".join(msgs.rank(c.rank) for c in cards) if cards else "—")
    return out


def _seat_title(
    seat: Seat, name: str | None, msgs: Messages, *, you: bool, dummy: bool, dealer: bool
) -> Text:
    title = Text(msgs.seat(seat), style="bold")
    details = []
    if name:
        details.append(msgs("play.you") if you else name)
    if dummy:
        details.append(msgs("screen.dummy"))
    if dealer:
        details.append(msgs("screen.dealer"))
    if details:
        title.append(" (" + ", ".join(details) + ")")
    return title


def table_view(
    state: DealState,
    me: Seat,
    names: dict[Seat, str | None],
    msgs: Messages,
    *,
    show_all: bool = False,
) -> Table:
    """The four hands around the table, as seen from ``me`` (what ``me``'s view shows: the dummy
    after the lead, or to a three-handed player who looked at it, TH-23), with the trick in the
    middle."""
    view = state.view(me)
    visible: dict[Seat, Hand] = {}
    if view.hand is not None:
        visible[me] = view.hand
    dummy_seat = view.dummy_seat
    if view.dummy is not None and dummy_seat is not None:
        visible[dummy_seat] = view.dummy
    if show_all or state.is_over:
        visible = {s: state.deal[s] if state.is_over else state.hand(s) for s in Seat}
    extra = view.extra
    lengths = extra.dummy_lengths if isinstance(extra, MiniBridgeExtra) else None

    def cell(seat: Seat) -> RenderableType:
        title = _seat_title(
            seat,
            names.get(seat),
            msgs,
            you=seat == me,
            dummy=seat == dummy_seat,
            dealer=seat == state.dealer,
        )
        if seat in visible:
            body = hand_lines(visible[seat], msgs)
        elif seat == state.dummy and lengths is not None:
            body = hand_lines(None, msgs, facedown=lengths)
        else:
            body = hand_lines(None, msgs, hidden=len(state.hand(seat)))
        return Group(title, body)

    middle = trick_box(state, msgs)
    grid = Table.grid(padding=(0, 3))
    grid.add_column(min_width=22)
    grid.add_column(min_width=22)
    grid.add_column(min_width=22)
    grid.add_row("", cell(Seat.NORTH), "")
    grid.add_row(cell(Seat.WEST), middle, cell(Seat.EAST))
    grid.add_row("", cell(Seat.SOUTH), "")
    return grid


def trick_box(state: DealState, msgs: Messages) -> RenderableType:
    """The cards of the trick in progress, each by its seat."""
    if state.phase is not Phase.PLAY or not state.current_trick:
        return Text("")
    played = dict(state.current_trick)
    out = Text()
    for seat in (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH):
        if seat in played:
            out.append(f"{msgs.letter(seat)}: ")
            out.append_text(card_markup(played[seat], msgs))
            out.append("\n")
    out.rstrip()
    return out


def trick_line(trick: Trick, msgs: Messages) -> Text:
    """A completed trick: ``N ♠A  E ♠3  S ♠2  W ♠4 -> N``."""
    out = Text()
    for seat, card in zip(trick.seats, trick.cards, strict=True):
        out.append(f"{msgs.letter(seat)} ")
        out.append_text(card_markup(card, msgs))
        out.append("  ")
    out.append(msgs("screen.won_by", seat=msgs.seat(trick.winner)))
    return out


def auction_grid(state: DealState, msgs: Messages) -> Table:
    """The calls in columns N E S W, the first row starting at the dealer (blank before him)."""
    grid = Table(box=None, padding=(0, 2), show_edge=False)
    for seat in Seat:
        grid.add_column(msgs.letter(seat), justify="left")
    rows: list[list[RenderableType]] = []
    row: list[RenderableType] = [Text("")] * 4
    last = -1
    for seat, call in state.calls:
        if int(seat) <= last:
            rows.append(row)
            row = [Text("")] * 4
        row[int(seat)] = call_markup(call, msgs)
        last = int(seat)
    if state.phase is Phase.AUCTION and state.turn is not None:
        if int(state.turn) <= last:
            rows.append(row)
            row = [Text("")] * 4
        row[int(state.turn)] = Text("?", style="bold")
        last = int(state.turn)
    if last >= 0:
        rows.append(row)
    for r in rows:
        grid.add_row(*r)
    return grid


def minibridge_panel(state: DealState, msgs: Messages) -> Text:
    """The announced counts, the pairs' totals, the declarer and the contract (MB-2 to MB-6)."""
    out = Text()
    extra = state.view(state.dealer).extra
    announced = dict(extra.announcements) if isinstance(extra, MiniBridgeExtra) else {}
    for seat in Seat:
        value = announced.get(seat)
        out.append(f"{msgs.letter(seat)} {value if value is not None else '?'}   ")
    if len(announced) == 4:
        for side in Side:
            total = sum(announced[s] for s in side.seats)
            out.append(f"\n{msgs('screen.pair_points', pair=msgs.side(side), points=total)}")
    if state.declarer is not None:
        out.append("\n" + msgs("screen.declarer_is", seat=msgs.seat(state.declarer)))
    return out


def status_lines(state: DealState, msgs: Messages, *, number: int, board: int | None) -> Text:
    """Deal number, dealer and vulnerability; the contract and the tricks won."""
    out = Text()
    label = (
        msgs("screen.board", number=board)
        if board is not None
        else msgs("screen.deal", number=number)
    )
    out.append(label, style="bold")
    out.append("   " + msgs("screen.dealer_is", seat=msgs.seat(state.dealer)))
    extra = state.view(state.dealer).extra
    if isinstance(extra, ThreeHandedExtra):  # vulnerability is per player (TH-17)
        names = ", ".join(sorted(extra.vulnerable)) or msgs("screen.nobody")
        out.append("   " + msgs("screen.vulnerable", who=names))
    else:
        out.append("   " + msgs("screen.vulnerable", who=_vul_text(state, msgs)))
    if state.contract is not None:
        out.append("\n" + msgs("screen.contract", contract=msgs.contract(state.contract)))
        decl, defenders = state.declarer_tricks_taken(), state.defender_tricks_taken()
        out.append("   " + msgs("screen.tricks", declarer=decl, defenders=defenders))
    return out


def _vul_text(state: DealState, msgs: Messages) -> str:
    vul = state.vulnerability
    if vul == vul.NONE:
        return msgs("screen.nobody")
    if vul == vul.BOTH:
        return msgs("screen.both")
    return msgs.side(Side.NS if vul == vul.NS else Side.EW)


# --- the score sheet ------------------------------------------------------------------------


def _column_name(column: object, msgs: Messages) -> str:
    if isinstance(column, Side):
        return msgs.side(column)
    return str(column)


def sheet(session: Session, msgs: Messages, *, you: str | None = None) -> RenderableType:
    """The score sheet in the form of the session (its :meth:`~bridgeroom.scoring.Session.summary`):
    above/below the line (rubber, Chicago, three-handed with its settlement) or a line per board
    (duplicate, mini-bridge)."""
    summary = session.summary()
    if summary.kind == "boards":
        return _boards_sheet(summary, msgs)
    return _line_sheet(summary, msgs, you=you)


def _line_sheet(summary: ScoreSummary, msgs: Messages, *, you: str | None) -> RenderableType:
    columns = summary.columns
    table = Table(title=msgs("sheet.title"), show_lines=False, title_justify="left")
    table.add_column("", style="dim")
    for column in columns:
        name = _column_name(column.name, msgs)
        table.add_column(
            msgs("play.you") if you is not None and name == you else name, justify="right"
        )
    above_rows = _grouped([c.above for c in columns])
    for label, values in reversed(above_rows):
        table.add_row(label, *[str(values.get(i, "")) for i in range(len(columns))])
    table.add_row(msgs("sheet.the_line"), *["═" * 6 for _ in columns])
    games = len(columns[0].below)
    for g in range(games):
        rows = _grouped([c.below[g] for c in columns])
        for label, values in rows:
            table.add_row(label, *[str(values.get(i, "")) for i in range(len(columns))])
        if g < games - 1:
            table.add_row(msgs("sheet.game"), *["─" * 6 for _ in columns])
    table.add_row(
        Text(msgs("sheet.total"), style="bold"),
        *[Text(str(c.total), style="bold") for c in columns],
    )
    parts: list[RenderableType] = [table]
    if summary.counts_games:
        info = "   ".join(
            msgs("sheet.games_won", who=_column_name(c.name, msgs), games=c.games)
            + (" " + msgs("sheet.vulnerable") if c.vulnerable else "")
            for c in columns
        )
        parts.append(Text(info))
    if summary.rubber_bonus and summary.winner is not None:
        parts.append(
            Text(
                msgs(
                    "sheet.rubber_bonus",
                    who=_column_name(summary.winner, msgs),
                    points=summary.rubber_bonus,
                )
            )
        )
    if summary.settlement is not None:
        if not summary.settlement:
            parts.append(Text(msgs("sheet.all_quits")))
        for p in summary.settlement:
            parts.append(Text(msgs("sheet.pays", payer=p.from_, payee=p.to, points=p.points)))
    return Group(*parts)


def _grouped(columns: Sequence[Sequence[SheetEntry]]) -> list[tuple[str, dict[int, int]]]:
    """The entries of each column (by index) summed by deal, in deal order."""
    rows: dict[int, dict[int, int]] = {}
    for i, entries in enumerate(columns):
        for entry in entries:
            rows.setdefault(entry.deal, {})
            rows[entry.deal][i] = rows[entry.deal].get(i, 0) + entry.points
    return [(f"#{deal}", rows[deal]) for deal in sorted(rows)]


def _boards_sheet(summary: ScoreSummary, msgs: Messages) -> RenderableType:
    table = Table(title=msgs("sheet.boards_title"), title_justify="left")
    for key in ("board", "dealer", "vulnerable", "contract", "tricks"):
        table.add_column(msgs(f"sheet.col_{key}"))
    table.add_column(msgs.side(Side.NS), justify="right")
    table.add_column(msgs.side(Side.EW), justify="right")
    for r in summary.boards:
        ns = r.ns_score
        vul = r.vulnerability
        vul_text = (
            msgs("screen.nobody")
            if vul == vul.NONE
            else msgs("screen.both")
            if vul == vul.BOTH
            else msgs.side(Side.NS if vul == vul.NS else Side.EW)
        )
        table.add_row(
            str(r.board),
            msgs.letter(r.dealer),
            vul_text,
            msgs.contract(r.contract) if r.contract is not None else msgs("sheet.passed_out"),
            str(r.tricks) if r.contract is not None else "",
            str(ns) if ns > 0 else "",
            str(-ns) if ns < 0 else "",
        )
    totals = summary.totals
    table.add_row(msgs("sheet.total"), "", "", "", "", str(totals[Side.NS]), str(totals[Side.EW]))
    return table
