"""Drawing the table with Rich: hands, the auction or the mini-bridge counts, the trick, the score sheet.

The table is drawn from the person's snapshot (:meth:`Table.snapshot
<bridgeroom.table.Table.snapshot>`: his view of the deal, who sits where on his screen, how
many cards each seat holds, the sheet), the same value the server sends the page; nothing here
asks the rules again. Everything a person reads goes through the message catalogue
(:mod:`bridgeroom.i18n`), so the screen is English or Russian; suits are symbols, red for
hearts and diamonds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bridgeroom.i18n import Messages
from bridgeroom.rules import (
    Action,
    Call,
    Card,
    Hand,
    Phase,
    PublicView,
    Seat,
    Side,
    Suit,
    Trick,
    View,
)
from bridgeroom.scoring import ScoreSummary, Session, SheetEntry
from bridgeroom.table import DealSnapshot, Layout, TableSnapshot

__all__ = [
    "SUIT_STYLES",
    "action_text",
    "auction_grid",
    "card_markup",
    "hand_lines",
    "minibridge_panel",
    "names_of",
    "sheet",
    "status_lines",
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


def _deal(snapshot: TableSnapshot) -> DealSnapshot:
    if snapshot.deal is None:
        raise ValueError("no deal has been dealt at this table yet")
    return snapshot.deal


def names_of(snapshot: TableSnapshot) -> dict[Seat, str | None]:
    """The name of the player at each seat (``None``: the three-handed dummy's seat)."""
    deal = _deal(snapshot)
    return {
        seat: None if player is None else snapshot.places[player].name
        for seat, player in deal.players.items()
    }


def table_view(snapshot: TableSnapshot, msgs: Messages) -> Table:
    """The four hands around the table, as the snapshot's viewer sees them (his view shows the
    dummy after the lead, or to a three-handed player who looked at it, TH-23; every hand once
    the deal is over), with the trick in the middle. He sits at the bottom and the others
    clockwise round him, where the snapshot's layout puts them (three-handed, the dummy
    opposite the declarer once the contract is made, TH-10)."""
    deal = _deal(snapshot)
    return hands_view(deal.view, names_of(snapshot), deal.held, deal.layout, msgs, me=snapshot.seat)


def hands_view(
    view: View | PublicView,
    names: Mapping[Seat, str | None],
    held: Mapping[Seat, int],
    places: Layout,
    msgs: Messages,
    *,
    me: Seat | None = None,
) -> Table:
    """The hands of ``view`` around the table, where ``places`` draws each seat, with the trick
    in the middle: the face of :func:`table_view`, and of a stored deal reviewed afterwards
    (its view once it is over shows every hand)."""
    visible: dict[Seat, Hand] = {}
    if isinstance(view, View) and view.hand is not None:
        visible[view.seat] = view.hand
    dummy_seat = view.dummy_seat
    if view.dummy is not None and dummy_seat is not None:
        visible[dummy_seat] = view.dummy
    if view.deal is not None:
        visible = {s: view.deal[s] for s in Seat}
    lengths = view.dummy_lengths

    def cell(seat: Seat) -> RenderableType:
        title = _seat_title(
            seat,
            names.get(seat),
            msgs,
            you=seat == me,
            dummy=seat == dummy_seat,
            dealer=seat == view.dealer,
        )
        if seat in visible:
            body = hand_lines(visible[seat], msgs)
        elif seat == dummy_seat and lengths is not None:
            body = hand_lines(None, msgs, facedown=list(lengths))
        else:
            body = hand_lines(None, msgs, hidden=held[seat])
        return Group(title, body)

    middle = trick_box(view, msgs)
    grid = Table.grid(padding=(0, 3))
    grid.add_column(min_width=22)
    grid.add_column(min_width=22)
    grid.add_column(min_width=22)
    grid.add_row("", cell(places.top), "")
    grid.add_row(cell(places.left), middle, cell(places.right))
    grid.add_row("", cell(places.bottom), "")
    return grid


def trick_box(view: View | PublicView, msgs: Messages) -> RenderableType:
    """The trick in progress, its cards in the order played, the leader's marked."""
    if view.phase is not Phase.PLAY or not view.trick:
        return Text("")
    out = Text(msgs("screen.trick_number", number=len(view.tricks) + 1), style="bold")
    for i, (seat, card) in enumerate(view.trick):
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


def auction_grid(view: View | PublicView, msgs: Messages) -> Table:
    """The calls in columns N E S W, the first row starting at the dealer (blank before him)."""
    grid = Table(box=None, padding=(0, 2), show_edge=False)
    for seat in Seat:
        grid.add_column(msgs.letter(seat), justify="left")
    rows: list[list[RenderableType]] = []
    row: list[RenderableType] = [Text("")] * 4
    last = -1
    for seat, call in view.calls:
        if int(seat) <= last:
            rows.append(row)
            row = [Text("")] * 4
        row[int(seat)] = call_markup(call, msgs)
        last = int(seat)
    if view.phase is Phase.AUCTION and view.turn is not None:
        if int(view.turn) <= last:
            rows.append(row)
            row = [Text("")] * 4
        row[int(view.turn)] = Text("?", style="bold")
        last = int(view.turn)
    if last >= 0:
        rows.append(row)
    for r in rows:
        grid.add_row(*r)
    return grid


def minibridge_panel(view: View | PublicView, msgs: Messages) -> Text:
    """The announced counts, the pairs' totals, the declarer and the contract (MB-2 to MB-6)."""
    out = Text()
    announced = dict(view.announcements)
    for seat in Seat:
        value = announced.get(seat)
        out.append(f"{msgs.letter(seat)} {value if value is not None else '?'}   ")
    if len(announced) == 4:
        for side in Side:
            total = sum(announced[s] for s in side.seats)
            out.append(f"\n{msgs('screen.pair_points', pair=msgs.side(side), points=total)}")
    if view.declarer is not None:
        out.append("\n" + msgs("screen.declarer_is", seat=msgs.seat(view.declarer)))
    return out


def status_lines(snapshot: TableSnapshot, msgs: Messages, *, vulnerability: bool = True) -> Text:
    """Deal number (or board), dealer and vulnerability (``vulnerability=False``: a game that has
    none, auction bridge, AB-5; three-handed: the vulnerable players, TH-17); the contract and
    the tricks won."""
    deal = _deal(snapshot)
    return deal_status(
        deal.view, msgs, number=deal.number, board=deal.board, vulnerability=vulnerability
    )


def deal_status(
    view: View | PublicView,
    msgs: Messages,
    *,
    number: int,
    board: int | None,
    vulnerability: bool = True,
) -> Text:
    """The status lines of deal ``number`` (or ``board``) as ``view`` shows it
    (:func:`status_lines`)."""
    out = Text()
    label = (
        msgs("screen.board", number=board)
        if board is not None
        else msgs("screen.deal", number=number)
    )
    out.append(label, style="bold")
    out.append("   " + msgs("screen.dealer_is", seat=msgs.seat(view.dealer)))
    if not vulnerability:
        pass
    elif view.variant.vulnerable_by_player:  # vulnerability is per player (TH-17)
        names = ", ".join(sorted(view.vulnerable_players)) or msgs("screen.nobody")
        out.append("   " + msgs("screen.vulnerable", who=names))
    else:
        out.append("   " + msgs("screen.vulnerable", who=_vul_text(view, msgs)))
    if view.contract is not None:
        out.append("\n" + msgs("screen.contract", contract=msgs.contract(view.contract)))
        decl, defenders = view.declarer_tricks, view.defender_tricks
        out.append("   " + msgs("screen.tricks", declarer=decl, defenders=defenders))
    return out


def _vul_text(view: View | PublicView, msgs: Messages) -> str:
    vul = view.vulnerability
    if vul == vul.NONE:
        return msgs("screen.nobody")
    if vul == vul.BOTH:
        return msgs("screen.both")
    return msgs.side(Side.NS if vul == vul.NS else Side.EW)


# --- the score sheet ------------------------------------------------------------------------


def _column_name(
    column: object,
    msgs: Messages,
    you: str | None = None,
    sides: Mapping[Side, str] | None = None,
) -> str:
    """A column's heading: a side's letters (and its players, ``sides``), a player's name,
    ``you`` for the person."""
    if isinstance(column, Side):
        players = (sides or {}).get(column)
        return f"{msgs.side(column)}\n{players}" if players else msgs.side(column)
    if you is not None and column == you:
        return msgs("play.you")
    return str(column)


def sheet(
    session: Session | ScoreSummary,
    msgs: Messages,
    *,
    you: str | None = None,
    sides: Mapping[Side, str] | None = None,
) -> RenderableType:
    """The score sheet in the form of the session (its :meth:`~bridgeroom.scoring.Session.summary`,
    or a snapshot's sheet): above/below the line (rubber, Chicago, three-handed with its
    settlement) or a line per board (duplicate, mini-bridge); ``sides``: the players of each
    side, under its heading."""
    summary = session if isinstance(session, ScoreSummary) else session.summary()
    if summary.kind == "boards":
        return _boards_sheet(summary, msgs, sides)
    return _line_sheet(summary, msgs, you=you, sides=sides)


def _line_sheet(
    summary: ScoreSummary,
    msgs: Messages,
    *,
    you: str | None,
    sides: Mapping[Side, str] | None = None,
) -> RenderableType:
    columns = summary.columns
    table = Table(title=msgs("sheet.title"), show_lines=False, title_justify="left")
    table.add_column("", style="dim")
    for column in columns:
        table.add_column(_column_name(column.name, msgs, you, sides), justify="right")
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


#: The entries that are not a deal's own score, by their message (rows of their own).
_SPECIAL_ENTRIES = {
    "score.item.rubber_bonus": "sheet.row_rubber",
    "score.item.unfinished_game": "sheet.row_unfinished",
    "score.item.unfinished_partscore": "sheet.row_unfinished",
}


def _entry_kind(entry: SheetEntry) -> str | None:
    return _SPECIAL_ENTRIES.get(entry.message.key)


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


def _boards_sheet(
    summary: ScoreSummary, msgs: Messages, sides: Mapping[Side, str] | None = None
) -> RenderableType:
    table = Table(title=msgs("sheet.boards_title"), title_justify="left")
    for key in ("board", "dealer", "vulnerable", "contract", "tricks"):
        table.add_column(msgs(f"sheet.col_{key}"))
    table.add_column(_column_name(Side.NS, msgs, sides=sides), justify="right")
    table.add_column(_column_name(Side.EW, msgs, sides=sides), justify="right")
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
