"""The deal review for the terminal: Rich renderables in English or Russian.

:func:`render` is what ``bridgeroom review ID`` prints, and what the terminal's
``review`` command after a deal can print: one place for the words of a review.

    >>> from bridgeroom.analysis.review import review
    >>> from bridgeroom.rules import ContractBridgeDeal, Deal
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> for action in "7NT P P P".split():
    ...     state.apply(action)
    >>> state.apply("claim 0")
    >>> from rich.console import Console
    >>> console = Console(width=100, color_system=None)
    >>> with console.capture() as out:
    ...     console.print(render(review(state), "en"))
    >>> print(out.get().strip())
    Review: 7NT by North, 13 tricks taken
    Double dummy, 7NT by North: 13 tricks with best play from the opening lead
    Par +1520 (North-South): 7NT N/S
    East claimed 0 of the remaining tricks
    No card cost a trick against double dummy
"""

from __future__ import annotations

from typing import Any

__all__ = ["lost_messages", "render"]


def render(review: Any, lang: str) -> Any:
    """The review of one deal for the terminal (Rich renderables)."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from bridgeroom.analysis.text import par_contract_text
    from bridgeroom.i18n import Message, card_text, contract_text, seat_letter

    parts: list[Any] = []
    if review.contract is None:
        parts.append(Text(Message("review.passed_out").render(lang), style="bold"))
    else:
        title = Message(
            "review.title", contract=contract_text(review.contract, lang), tricks=review.result
        ).render(lang)
        parts.append(Text(title, style="bold"))
        parts.append(
            Text(
                Message(
                    "review.double_dummy",
                    contract=contract_text(review.contract, lang),
                    tricks=review.dd_tricks,
                ).render(lang)
            )
        )
    if review.par is not None:
        contracts = ", ".join(par_contract_text(review.par.contracts, lang)) or "—"
        parts.append(
            Text(Message("review.par", score=review.par.score, contracts=contracts).render(lang))
        )
    if review.tricks:
        table = Table(show_header=False, box=None, padding=(0, 2))
        for trick in review.tricks:
            cells = [Text(Message("review.trick", number=trick.number).render(lang), style="dim")]
            for card in trick.cards:
                cell = Text(f"{seat_letter(card.seat, lang)} {card_text(card.card, lang)}")
                if card.cost:
                    cell.append(f" −{card.cost}", style="bold red")
                    cell.stylize("red")
                cells.append(cell)
            while len(cells) < 5:
                cells.append(Text(""))
            cells.append(Text(str(trick.cards[-1].declarer_tricks), style="dim"))
            table.add_row(*cells)
        parts.append(table)
        parts.append(Text(Message("review.legend").render(lang), style="dim"))
    costly = review.costly()
    for card in costly:
        best = " ".join(card_text(c, lang) for c in card.keep)
        line = Message(
            "review.costly",
            seat=card.seat,
            card=card.card,
            cost=card.cost,
            best=best,
        ).render(lang)
        parts.append(Text(line, style="red"))
        reason = card.to_json(lang)["reason"]
        if reason:
            parts.append(Text("  " + Message("review.because", reason=reason).render(lang)))
    if review.claim is not None:
        claim = review.claim
        parts.append(
            Text(Message("review.claim", seat=claim.seat, tricks=claim.tricks).render(lang))
        )
    parts.extend(Text(message.render(lang)) for message in lost_messages(review, lang))
    parts.append(Text(""))
    return Group(*parts)


def lost_messages(review: Any, lang: str) -> list[Any]:
    """What each side gave away against double dummy, as messages (the terminal's and the page's
    review say the same): by partnership, or in three-handed bridge the declarer (with the dummy)
    against the defenders (TH-10). Nothing for a passed-out deal."""
    from bridgeroom.games import get_game
    from bridgeroom.i18n import Message, side_name
    from bridgeroom.rules.core import Side

    if review.contract is None:
        return []
    out: list[Any] = []
    if not get_game(review.game).variant.four_handed:  # each defender for himself (TH-14)
        declarer, defenders = review.lost_by(True), review.lost_by(False)
        if declarer:
            out.append(
                Message("review.lost_declarer", seat=review.contract.declarer, cost=declarer)
            )
        if defenders:
            out.append(Message("review.lost_defenders", cost=defenders))
    else:
        for side in Side:
            n = review.lost(side)
            if n:
                out.append(Message("review.lost_total", side=side_name(side, lang), cost=n))
    return out or [Message("review.no_loss")]
