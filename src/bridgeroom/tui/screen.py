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
    Phase,
    Seat,
    Side,
    Suit,
    Trick,
)
from bridgeroom.scoring import ScoreSummary, Session, SheetEntry
from bridgeroom.table import layout

__all__ = [
    "SUIT_STYLES",
    "action_text",
    "auction_grid",
    "card_markup",
    "hand_lines",
    "minibridge_panel",
    "sheet",
    "table_view",
    "trick_box",
    "trick_cards",
    "trick_line",
    "trick_winner",
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
    middle. ``me`` sits at the bottom and the others clockwise round him, where the table layer
    says they sit (:func:`bridgeroom.table.layout`: three-handed, the dummy opposite the
    declarer once the contract is made, TH-10)."""
    view = state.view(me)
    visible: dict[Seat, Hand] = {}
    if view.hand is not None:
        visible[me] = view.hand
    dummy_seat = view.dummy_seat
    if view.dummy is not None and dummy_seat is not None:
        visible[dummy_seat] = view.dummy
    if show_all or state.is_over:
        visible = {s: state.deal[s] if state.is_over else state.hand(s) for s in Seat}
    lengths = view.dummy_lengths

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

    places = layout(state, me)
    middle = trick_box(state, msgs)
    grid = Table.grid(padding=(0, 3))
    grid.add_column(min_width=22)
    grid.add_column(min_width=22)
    grid.add_column(min_width=22)
    grid.add_row("", cell(places.top), "")
    grid.add_row(cell(places.left), middle, cell(places.right))
    grid.add_row("", cell(places.bottom), "")
    return grid


def trick_box(state: DealState, msgs: Messages) -> RenderableType:
    """The trick in progress, its cards in the order played, the leader's marked."""
    if state.phase is not Phase.PLAY or not state.current_trick:
        return Text("")
    out = Text(msgs("screen.trick_number", number=len(state.tricks) + 1), style="bold")
    for i, (seat, card) in enumerate(state.current_trick):
        out.append(f"\n{msgs.letter(seat)} ")
        out.append_text(card_markup(card, msgs))
        if i == 0:
            out.append(" " + msgs("screen.lead_mark"), style="dim")
    return out


def trick_cards(cards: Sequence[tuple[Seat, Card]], msgs: Messages, *, first: int = 0) -> Text:
    """Cards of a trick in the order played, from the ``first``-th: ``W ♠K (lead)  N ♠2``."""
    out = Text()
    for i, (seat, card) in enumerate(cards):
        if i < first:
            continue
        if i:
            out.append("  ")
        out.append(f"{msgs.letter(seat)} ")
        out.append_text(card_markup(card, msgs))
        if i == 0:
            out.append(" " + msgs("screen.lead_mark"), style="dim")
    return out


def trick_winner(winner: Seat, msgs: Messages) -> Text:
    """The end of a trick's line: `` — won by South``."""
    return Text(" — " + msgs("screen.won_by", seat=msgs.seat(winner)), style="bold")


def trick_line(trick: Trick, msgs: Messages, number: int) -> Text:
    """A completed trick on one line, in the order played, the leader marked, and its winner:
    ``Trick 3: W ♠K (lead)  N ♠2  E ♠5  S ♠A — won by South``."""
    out = Text(msgs("screen.trick_number", number=number) + " ", style="bold")
    out.append_text(trick_cards(list(zip(trick.seats, trick.cards, strict=True)), msgs))
    out.append_text(trick_winner(trick.winner, msgs))
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
    announced = dict(state.view(state.dealer).announcements)
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


def status_lines(
    state: DealState,
    msgs: Messages,
    *,
    number: int,
    board: int | None,
    vulnerability: bool = True,
) -> Text:
    """Deal number, dealer and vulnerability (``vulnerability=False``: a game that has none,
    auction bridge, AB-5); the contract and the tricks won."""
    out = Text()
    label = (
        msgs("screen.board", number=board)
        if board is not None
        else msgs("screen.deal", number=number)
    )
    out.append(label, style="bold")
    out.append("   " + msgs("screen.dealer_is", seat=msgs.seat(state.dealer)))
    if not vulnerability:
        pass
    elif state.variant.vulnerable_by_player:  # TH-17
        names = ", ".join(sorted(state.view(state.dealer).vulnerable_players))
        names = names or msgs("screen.nobody")
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


def _column_name(column: object, msgs: Messages, you: str | None = None) -> str:
    """A column's heading: a side's letters, a player's name, ``you`` for the person."""
    if isinstance(column, Side):
        return msgs.side(column)
    if you is not None and column == you:
        return msgs("play.you")
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
        table.add_column(_column_name(column.name, msgs, you), justify="right")
    above_rows = _grouped([c.above for c in columns], msgs)
    for label, values in reversed(above_rows):
        table.add_row(label, *[str(values.get(i, "")) for i in range(len(columns))])
    table.add_row(msgs("sheet.the_line"), *["═" * 6 for _ in columns])
    games = len(columns[0].below)
    for g in range(games):
        rows = _grouped([c.below[g] for c in columns], msgs)
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
            msgs("sheet.games_won", who=_subject(c.name, msgs, you), games=c.games)
            + (" " + msgs("sheet.vulnerable") if c.vulnerable else "")
            for c in columns
        )
        parts.append(Text(info))
    if summary.rubber_bonus and summary.winner is not None:
        parts.append(
            Text(
                msgs(
                    "sheet.rubber_bonus",
                    who=_column_name(summary.winner, msgs, you),
                    points=summary.rubber_bonus,
                )
            )
        )
    if summary.settlement is not None:
        if not summary.settlement:
            parts.append(Text(msgs("sheet.all_quits")))
        for p in summary.settlement:
            parts.append(Text(_payment(p.from_, p.to, p.points, msgs, you)))
    return Group(*parts)


def _subject(column: object, msgs: Messages, you: str | None) -> str:
    """A column as the subject of a sentence: ``You`` (capitalised) for the person."""
    if you is not None and column == you:
        return msgs("sheet.you")
    return _column_name(column, msgs, you)


def _payment(payer: str, payee: str, points: int, msgs: Messages, you: str | None) -> str:
    """Who pays whom (TH-20), with the verb's person when the person pays or is paid: "You pay
    Bob 100", "Bob pays you 100" ("Вы платите игроку Bob 100", "Bob платит вам 100").

    >>> _payment("Ann", "Bob", 100, Messages("en"), "Ann")
    'You pay Bob 100.'
    >>> _payment("Bob", "Ann", 100, Messages("ru"), "Ann")
    'Bob платит вам 100.'
    """
    if you is not None and payer == you:
        return msgs("sheet.you_pay", payee=payee, points=points)
    if you is not None and payee == you:
        return msgs("sheet.pays_you", payer=payer, points=points)
    return msgs("sheet.pays", payer=payer, payee=payee, points=points)


#: What the sessions write for the entries that are not a deal's own score (their own rows).
_SPECIAL_ENTRIES = {"rubber bonus": "sheet.row_rubber", "unfinished rubber": "sheet.row_unfinished"}


def _entry_kind(entry: SheetEntry) -> str | None:
    for prefix, key in _SPECIAL_ENTRIES.items():
        if entry.what.startswith(prefix):
            return key
    return None


def _grouped(
    columns: Sequence[Sequence[SheetEntry]], msgs: Messages
) -> list[tuple[str, dict[int, int]]]:
    """The entries of each column (by index) summed by deal, in deal order; the rubber bonus and
    the scores of an unfinished rubber on rows of their own, labelled."""
    rows: dict[tuple[int, str | None], dict[int, int]] = {}
    for i, entries in enumerate(columns):
        for entry in entries:
            row = rows.setdefault((entry.deal, _entry_kind(entry)), {})
            row[i] = row.get(i, 0) + entry.points
    return [
        (f"#{deal}" if kind is None else f"#{deal} {msgs(kind)}", rows[(deal, kind)])
        for deal, kind in sorted(rows, key=lambda k: (k[0], k[1] or ""))
    ]


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
