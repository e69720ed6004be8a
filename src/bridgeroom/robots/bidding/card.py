"""A system's convention card: its options as lines of the catalogue, in every language
(the terminal's ``system`` command, ``bridgeroom system NAME``, the page ``/system/NAME``).

    >>> from bridgeroom.robots.bidding.system import get_system
    >>> lines = convention_card(get_system("acol"))
    >>> print(lines[1].render("en"))
    1NT opening: 12-14 points, balanced; 2NT: 20-22
    >>> print(lines[1].render("ru"))
    Открытие 1 БК: 12-14 очков, равномерный расклад; 2 БК: 20-22
"""

from __future__ import annotations

from bridgeroom.i18n import LANGUAGES, Message, Texts
from bridgeroom.robots.bidding.system import ALERTABLE, System

__all__ = ["convention_card", "card_text"]

#: The conventions played or not, as the card names them.
_SWITCHES = (
    "stayman",
    "transfers",
    "gerber",
    "negative_doubles",
    "michaels",
    "unusual_2nt",
    "unusual_over_unusual",
)
#: The catalogue's keys of a convention's name and of an alerted call, where they are not
#: ``system.name_<name>`` and ``system.call_<name>``.
_NAMES = {"unusual_over_unusual": "system.card_more.name_unusual_over_unusual"}
_CALLS = {
    "queen_ask": "system.card_more.call_queen_ask",
    "unusual_over_unusual": "system.card_more.call_unusual_over_unusual",
}


def convention_card(system: System) -> list[Message]:
    """The lines of ``system``'s convention card: its title first."""
    s = system
    title = Texts(**{lang: s.title(lang) for lang in LANGUAGES})
    lines = [
        Message("system.card_title", title=title),
        Message(
            "system.card_notrump",
            lo=s.notrump[0],
            hi=s.notrump[1],
            lo2=s.notrump_two[0],
            hi2=s.notrump_two[1],
        ),
        Message("system.card_majors", n=s.majors),
        Message(
            "system.card_rebid",
            lo=s.rebid[0],
            hi=s.rebid[1],
            lo2=s.jump_rebid[0],
            hi2=s.jump_rebid[1],
        ),
        Message("system.card_2c_on" if s.strong_2c else "system.card_2c_off"),
        Message(f"system.card_twos_{s.twos}"),
    ]
    for name in _SWITCHES:
        on = bool(getattr(s, name))
        lines.append(
            Message(
                "system.card_on" if on else "system.card_off",
                name=Message(_NAMES.get(name, f"system.name_{name}")),
            )
        )
    lines.append(
        Message("system.card_ace_blackwood" if s.ace_ask == "blackwood" else "system.card_ace_rkcb")
    )
    if s.ace_ask == "rkcb1430":
        lines.append(
            Message("system.card_more.queen_on" if s.queen_ask else "system.card_more.queen_off")
        )
    alerted = [a for a in ALERTABLE if a in s.alerts and s.plays(a)]
    calls = Texts(
        **{
            lang: ", ".join(
                Message(_CALLS.get(a, f"system.call_{a}")).render(lang) for a in alerted
            )
            or Message("system.card_nothing").render(lang)
            for lang in LANGUAGES
        }
    )
    lines.append(Message("system.card_alerts", calls=calls))
    return lines


def card_text(system: System, lang: str = "en") -> str:
    """The convention card as plain text, one line each, in ``lang``.

    >>> from bridgeroom.robots.bidding.system import get_system
    >>> print(card_text(get_system("standard")).splitlines()[0])
    Convention card: Standard: five-card majors, strong notrump, weak twos
    """
    return "\n".join(line.render(lang) for line in convention_card(system))
