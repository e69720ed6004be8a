"""What a robot's call means in the system, for the other players (Law 20F; docs/bidding.md,
"Explanations at the table"): its agreed meaning from the auction alone, never the caller's hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgeroom.i18n import DEFAULT_LANGUAGE, LANGUAGES, Message, Texts, catalogue
from bridgeroom.robots.bidding.candidates import candidates
from bridgeroom.robots.bidding.inference import shown_by
from bridgeroom.robots.bidding.model import Context
from bridgeroom.robots.bidding.slam import is_blackwood, is_queen_ask
from bridgeroom.robots.bidding.system import Agreements, default_agreements
from bridgeroom.rules.core import Call, Seat, Suit

__all__ = ["CONVENTIONS", "alerted", "explain_call"]


#: Names of the system's conventional calls whose own explanation tells the caller's hand.
CONVENTIONS = {
    "robot.bid.open_2c": "robot.meaning.strong_two_clubs",
    "robot.bid.stayman": "robot.meaning.stayman",
    "robot.bid.negative_double": "robot.meaning.negative_double",
    "robot.bid.takeout_double": "robot.meaning.takeout_double",
    "robot.bid.blackwood": "robot.meaning.blackwood",
    "robot.bid.slam_losers": "robot.meaning.blackwood",
    "robot.bid.penalty_their_nt": "robot.meaning.penalty_double",
    "robot.bid.penalty_their_nt_strong": "robot.meaning.penalty_double",
    "robot.bid.penalty_double": "robot.meaning.penalty_double",
    "robot.bid.penalty_between_us": "robot.meaning.penalty_double",
}
#: Placeholders that tell what the caller holds: an explanation with one is not shown to others.
_PRIVATE = ("{hcp", "{lp", "{points", "{aces", "{cards", "{losers")


def _public(why: Message) -> Message | None:
    """The part of a rule's explanation others may be told: the explanation itself when it says
    nothing of the caller's own hand, else the convention's name, if it has one."""
    if not any(p in catalogue(DEFAULT_LANGUAGE)[why.key] for p in _PRIVATE):
        return why
    name = CONVENTIONS.get(why.key)
    return Message(name) if name is not None else None


def explain_call(
    calls: Sequence[tuple[Seat, Call]],
    dealer: Seat,
    index: int,
    systems: Agreements | None = None,
) -> Texts:
    """What call ``index`` of an auction means in the caller's side's system (``systems``:
    both sides ``standard`` unless given), in every language: the explanation a player may ask
    for of a call (its agreed meaning from the card, not the caller's hand).

    >>> from bridgeroom.rules import Call, Seat
    >>> print(explain_call([(Seat.NORTH, Call("1NT"))], Seat.NORTH, 0).render("en"))
    15-17 points, balanced
    >>> print(explain_call([(Seat.NORTH, Call("1NT"))], Seat.NORTH, 0).render("ru"))
    15-17 очков, равномерный расклад
    >>> print(explain_call([(Seat.NORTH, Call("1S"))], Seat.NORTH, 0).render("en"))  # rule of 20
    10-21 points, 5+ ♠
    """
    agreements = systems or default_agreements()
    shown = shown_by(calls, dealer, index, agreements)
    if shown is None:
        seat, call = calls[index]
        ctx = Context(seat, dealer, tuple(calls[:index]), agreements)
        # calls outside the candidate rules place the contract, or ask for aces (docs/bidding.md);
        # a pass outside them has nothing more to show (it places no contract)
        if call.is_pass:
            key = "robot.meaning.nothing_more"
        elif is_blackwood(ctx, call, seat):
            rkcb = agreements.of(seat).ace_ask == "rkcb1430"
            key = "robot.system.rkcb" if rkcb else "robot.meaning.blackwood"
        elif is_queen_ask(ctx, call):
            key = "robot.queen.ask_meaning"
        else:
            key = "robot.meaning.natural"
        return Texts(**{lang: Message(key).render(lang) for lang in LANGUAGES})
    limits, forcing, whys = shown
    lo, hi = limits.hcp
    parts: list[Message | str] = []
    names = {_public(why) for why in whys}
    said = names.pop() if len(names) == 1 else None
    if said is not None and not said.key.startswith("robot.meaning."):
        # the rule's own words say what the call shows
        parts.append(said)
        if forcing:
            parts.append(Message("robot.meaning.forcing"))
        return Texts(**{lang: ", ".join(p.render(lang) for p in parts) for lang in LANGUAGES})  # type: ignore[union-attr]
    if said is not None:
        parts.append(said)  # the convention's name
    if lo > 0 and hi < 37:
        parts.append(Message("robot.meaning.points", lo=lo, hi=hi))
    elif lo > 0:
        parts.append(Message("robot.meaning.at_least", lo=lo))
    elif hi < 37:
        parts.append(Message("robot.meaning.at_most", hi=hi))
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        least, most = limits.lengths[suit]
        if least > 0 and most < 13:
            parts.append(f"{least}-{most} {suit.symbol}")
        elif least > 0:
            parts.append(f"{least}+ {suit.symbol}")
        elif most < 13:
            parts.append(f"≤{most} {suit.symbol}")
    if limits.balanced:
        parts.append(Message("robot.meaning.balanced"))
    if forcing:
        parts.append(Message("robot.meaning.forcing"))
    if not parts:
        call = calls[index][1]
        parts.append(
            Message("robot.meaning.nothing_more" if call.is_pass else "robot.meaning.natural")
        )

    def render(lang: str) -> str:
        return ", ".join(p if isinstance(p, str) else p.render(lang) for p in parts)

    return Texts(**{lang: render(lang) for lang in LANGUAGES})


def alerted(
    calls: Sequence[tuple[Seat, Call]],
    dealer: Seat,
    index: int,
    systems: Agreements | None = None,
) -> bool:
    """Whether call ``index`` is alerted: an artificial call of the caller's side's system
    (a candidate with that call names a convention) that the system alerts.

    >>> from bridgeroom.rules import Call, Seat
    >>> calls = [(Seat.NORTH, Call("1NT")), (Seat.EAST, Call("P")), (Seat.SOUTH, Call("2C"))]
    >>> alerted(calls, Seat.NORTH, 2), alerted(calls, Seat.NORTH, 0)
    (True, False)
    """
    agreements = systems or default_agreements()
    seat, call = calls[index]
    ctx = Context(seat, dealer, tuple(calls[:index]), agreements)
    system = agreements.of(seat)
    if is_queen_ask(ctx, call):
        return system.alerts_call("queen_ask")
    return any(
        rule.call == call and system.alerts_call(rule.convention) for rule in candidates(ctx)
    )
