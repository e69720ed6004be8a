"""The mini-bridge coach: which contract should the declarer name? (MB-13, MB-A7; advice, not a rule)

The declarer knows his own hand, the four announced counts and dummy's suit
lengths (MB-5, MB-A1). From these the seed's advice reads:

* the **balance** is the points of the declaring pair (own + partner's);
* a **fit** is a suit with 8 or more cards between the two hands: play in a
  fit, otherwise in no trumps (a fit in hearts or spades first: game there
  needs 10 tricks, in clubs or diamonds 11);
* the level comes from the balance: under 25 a part-score, 25 to 31 a game
  (five of a minor only with 28 or more, else 3NT), 32 to 36 a small slam, 37
  or more a grand slam (half-open intervals, MB-A7).

Where the seed gives no level for a part-score, the coach takes the French
table of [FR-MB]: 20-22 points level 1, 23-24 level 2.

    >>> advice = advise(Hand("AKQ.JT9.876.5432"), partner_points=15, dummy_lengths=(5, 3, 3, 2))
    >>> advice.balance, [str(f) for f in advice.fits], advice.contract
    (25, ['S 8 (3+5)'], Contract('4S'))
    >>> print(advice.reason)
    Your side has 25 points: your 10 and your partner's 15. You have a fit in spades: 8 cards together. Play with spades as trumps. With 25 to 31 points, bid a game: 4♠ needs 10 tricks.
    >>> print(advise(Hand("AKQ.JT9.876.5432"), 15, (5, 3, 3, 2), lang="ru").reason)
    У вашей линии 25 очков: ваши 10 и 15 у партнёра. У вас фит в пиках: 8 карт на двоих. Играйте с козырем пики. С 25–31 очком назначайте гейм: в 4♠ нужно взять 10 взяток.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from bridgeroom.errors import BridgeError, ParseError
from bridgeroom.i18n import LANGUAGES as I18N_LANGUAGES
from bridgeroom.i18n import (
    Message,
    MessageError,
    Texts,
    check_language,
    contract_text,
    seat_letter,
)
from bridgeroom.rules import (
    Contract,
    Hand,
    Phase,
    Seat,
    Strain,
    Suit,
    View,
    choose_declarer,
)
from bridgeroom.rules.minibridge import MAX_HCP, MiniBridgeExtra

__all__ = [
    "LANGUAGES",
    "Advice",
    "Fit",
    "advise",
    "advise_counts",
    "coach",
    "describe_deal",
]

#: The languages the coach speaks (its sentences are the catalogue's ``coach`` section).
LANGUAGES: Final[tuple[str, ...]] = I18N_LANGUAGES

_CATEGORIES: Final = ("partscore", "game", "small_slam", "grand_slam")


def _lang(lang: str) -> str:
    try:
        return check_language(lang)
    except MessageError:
        raise ParseError(
            f"no coach messages in language {lang!r} (choose {', '.join(LANGUAGES)})"
        ) from None


def _say(key: str, lang: str, **params: object) -> str:
    return Message(f"coach.{key}", **params).render(lang)


# --- advice --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fit:
    """A suit with 8 or more cards between declarer and dummy.

    >>> str(Fit(Suit.HEARTS, 5, 4))
    'H 9 (5+4)'
    """

    suit: Suit
    own: int
    dummy: int

    @property
    def total(self) -> int:
        return self.own + self.dummy

    def __str__(self) -> str:
        return f"{self.suit.letter} {self.total} ({self.own}+{self.dummy})"


@dataclass(frozen=True)
class Advice:
    """The coach's advice: balance, fits (best first), the contract, its category and the reason.

    ``category`` is ``partscore``, ``game``, ``small_slam`` or ``grand_slam``;
    ``explanation`` the sentences of the reason as messages of the catalogue (``coach.*``),
    which :attr:`reasons` renders in ``lang`` and :meth:`reason_in` in any language.
    """

    own_points: int
    partner_points: int
    fits: tuple[Fit, ...]
    contract: Contract
    category: str
    explanation: tuple[Message, ...]
    lang: str = "en"

    @property
    def balance(self) -> int:
        """The declaring pair's points (MB-13)."""
        return self.own_points + self.partner_points

    @property
    def reasons(self) -> tuple[str, ...]:
        """The sentences of the reason in ``lang``."""
        return tuple(m.render(self.lang) for m in self.explanation)

    @property
    def reason(self) -> str:
        return self.reason_in(self.lang)

    def reason_in(self, lang: str) -> str:
        """The reason in ``lang``, whatever language the advice was asked in."""
        return " ".join(m.render(lang) for m in self.explanation)

    def texts(self) -> Texts:
        """The reason in every language (a robot's explanation carries it so)."""
        return Texts(**{lang: self.reason_in(lang) for lang in LANGUAGES})

    def to_dict(self) -> dict[str, Any]:
        return {
            "balance": self.balance,
            "own_points": self.own_points,
            "partner_points": self.partner_points,
            "fits": [
                {"suit": f.suit.letter, "total": f.total, "own": f.own, "dummy": f.dummy}
                for f in self.fits
            ],
            "contract": str(self.contract),
            "category": self.category,
            "reason": self.reason,
            "lang": self.lang,
        }

    def __str__(self) -> str:
        lang = self.lang
        fits = ", ".join(
            f"{f.suit.symbol} {f.total} ({f.own}+{f.dummy})" for f in self.fits
        ) or _say("label_none", lang)
        labels = {k: _say(f"label_{k}", lang) for k in ("balance", "fits", "contract", "why")}
        width = max(len(label) for label in labels.values())
        contract = contract_text(Contract(self.contract.level, self.contract.strain), lang)
        lines = [
            f"{labels['balance']:<{width}}  {self.balance} "
            f"({_say('you', lang)} {self.own_points} + {_say('partner', lang)} "
            f"{self.partner_points})",
            f"{labels['fits']:<{width}}  {fits}",
            f"{labels['contract']:<{width}}  {contract} ({_say('cat_' + self.category, lang)})",
            f"{labels['why']:<{width}}  {self.reason}",
        ]
        return "\n".join(lines)


def _check_lengths(hand: Hand, dummy_lengths: Sequence[int]) -> tuple[int, int, int, int]:
    if len(dummy_lengths) != 4 or any(
        isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in dummy_lengths
    ):
        raise ParseError(
            f"dummy's suit lengths are four numbers in the order S, H, D, C: {list(dummy_lengths)} (MB-5)"
        )
    if sum(dummy_lengths) != 13:
        raise ParseError(
            f"dummy's suit lengths add up to 13 cards, not {sum(dummy_lengths)}: "
            f"{list(dummy_lengths)} (MB-5)"
        )
    for suit, n in zip(
        (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS), dummy_lengths, strict=True
    ):
        if n + hand.length(suit) > 13:
            raise ParseError(
                f"dummy cannot hold {n} {suit.name.lower()} when the declarer holds "
                f"{hand.length(suit)} (MB-5)"
            )
    return (dummy_lengths[0], dummy_lengths[1], dummy_lengths[2], dummy_lengths[3])


def _partscore_level(balance: int) -> int:
    """[FR-MB]: 20-22 points level 1, 23-24 level 2 (the seed gives no level for a part-score)."""
    return 2 if balance >= 23 else 1


def advise(
    hand: Hand | str,
    partner_points: int,
    dummy_lengths: Sequence[int],
    *,
    declarer: Seat | None = None,
    lang: str = "en",
) -> Advice:
    """The contract the seed's advice (MB-13, MB-A7) recommends for ``hand``, with its reason.

    ``partner_points`` is dummy's announced count, ``dummy_lengths`` dummy's
    suit lengths (S, H, D, C) as laid out face down. ``declarer`` is put on the
    contract when given.

    >>> advise("AKQJ.AKQ.AK.5432", 8, (4, 4, 3, 2)).contract  # 26 + 8 = 34: small slam
    Contract('6S')
    >>> advise("AKQ.KQ2.A76.5432", 9, (3, 3, 4, 3)).contract  # 27, no fit
    Contract('3NT')
    """
    lang = _lang(lang)
    h = hand if isinstance(hand, Hand) else Hand.parse(hand)
    if len(h) != 13:
        raise ParseError(f"the declarer's hand has 13 cards before the lead, not {len(h)}: {h}")
    if (
        isinstance(partner_points, bool)
        or not isinstance(partner_points, int)
        or not (0 <= partner_points <= MAX_HCP)
    ):
        raise ParseError(f"partner's count is 0 to {MAX_HCP} points, not {partner_points!r} (MB-2)")
    if h.hcp + partner_points > 40:
        raise ParseError(
            f"the two hands cannot hold {h.hcp + partner_points} points: the pack holds 40 (MB-2)"
        )
    lengths = _check_lengths(h, dummy_lengths)
    own = h.hcp
    balance = own + partner_points
    order = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    fits = tuple(
        sorted(
            (
                Fit(suit, h.length(suit), n)
                for suit, n in zip(order, lengths, strict=True)
                if h.length(suit) + n >= 8
            ),
            key=lambda f: (not f.suit.is_major, -f.total, -f.suit),
        )
    )
    best = fits[0] if fits else None

    said = [Message("coach.balance", balance=balance, own=own, partner=partner_points)]
    if len(fits) > 1:
        names = "abc"
        params: dict[str, object] = {}
        for name, f in zip(names, fits, strict=False):
            params[name] = f.suit
            params[f"{name}_total"] = f.total
        said.append(Message(f"coach.fits{len(fits)}", **params))
    elif best is not None:
        said.append(Message("coach.fit", suit=best.suit, total=best.total))
    else:
        said.append(Message("coach.no_fit"))

    strain = Strain(best.suit) if best is not None else Strain.NOTRUMP
    if balance < 25:
        category, level = "partscore", _partscore_level(balance)
    elif balance < 32:
        category = "game"
        if strain.is_major:
            level = 4
        elif strain.is_minor and balance >= 28:
            level = 5
        else:
            level = 3
    elif balance < 37:
        category, level = "small_slam", 6
    else:
        category, level = "grand_slam", 7

    minor_to_nt = category == "game" and level == 3 and strain.is_minor
    if best is not None and not minor_to_nt:
        if len(fits) > 1 and best.suit.is_major and any(not f.suit.is_major for f in fits):
            said.append(Message("coach.major_first"))
        said.append(Message("coach.trumps", suit=best.suit))
    if minor_to_nt:
        assert best is not None
        said.append(Message("coach.minor_3nt", suit=best.suit, balance=balance))
        strain = Strain.NOTRUMP
    contract = Contract(level, strain, 0, declarer)
    said.append(
        Message(
            f"coach.{category}",
            contract=Contract(level, strain),
            tricks=contract.tricks_needed,
        )
    )
    return Advice(own, partner_points, fits, contract, category, tuple(said), lang)


def describe_deal(view: View, board: int | None = None, *, lang: str = "en") -> str:
    """One line on who declares: the dealer, the counts, declarer and dummy (MB-2 to MB-4).

    >>> from bridgeroom.rules import MiniBridgeDeal
    >>> state = MiniBridgeDeal.from_board(2, "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> state.announce_all()
    >>> describe_deal(state.view(Seat.NORTH), 2)
    'Board 2, dealer E; counts E:3 S:0 W:0 N:37; N declares, S is dummy'
    """
    lang = _lang(lang)
    extra = view.extra
    announcements = extra.announcements if isinstance(extra, MiniBridgeExtra) else ()
    counts = " ".join(f"{seat_letter(seat, lang)}:{points}" for seat, points in announcements)

    def letter(seat: Seat | None) -> str:
        return "?" if seat is None else seat_letter(seat, lang)

    return _say(
        "deal",
        lang,
        board=_say("board", lang, board=board) if board is not None else "",
        dealer=letter(view.dealer),
        counts=counts,
        declarer=letter(view.declarer),
        dummy=letter(view.dummy_seat),
    )


def coach(view: View, *, lang: str = "en") -> Advice:
    """Advice for the declarer from his own view when he is to name the contract (MB-6, MB-13).

    Uses only what the declarer sees: his hand, the announcements (MB-2) and
    dummy's suit lengths (MB-5).

    >>> from bridgeroom.rules import MiniBridgeDeal
    >>> state = MiniBridgeDeal.from_board(1, "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> state.announce_all()
    >>> coach(state.view(Seat.NORTH)).contract
    Contract('7SN')
    """
    if view.phase is not Phase.NAMING or view.declarer is None or view.seat != view.declarer:
        raise BridgeError(
            f"the coach advises the declarer when he names the contract; this is {view.seat}'s "
            f"view in the {view.phase.value} phase (MB-6)"
        )
    if view.hand is None or view.dummy_seat is None:
        raise BridgeError("the declarer's view has no hand or no dummy")
    extra = view.extra
    announcements = dict(extra.announcements) if isinstance(extra, MiniBridgeExtra) else {}
    lengths = extra.dummy_lengths if isinstance(extra, MiniBridgeExtra) else None
    if view.dummy_seat not in announcements or lengths is None:
        raise BridgeError("the view lacks dummy's count or suit lengths (MB-2, MB-5)")
    return advise(view.hand, announcements[view.dummy_seat], lengths, declarer=view.seat, lang=lang)


def advise_counts(
    hand: Hand | str,
    counts: Sequence[int],
    dummy_lengths: Sequence[int],
    *,
    dealer: Seat = Seat.NORTH,
    seat: Seat | None = None,
    lang: str = "en",
) -> Advice:
    """Advice from the four announced counts (N, E, S, W) as a teacher writes them on the board.

    The declarer follows from the counts (MB-3, MB-4; ``dealer`` breaks ties);
    ``hand`` must be his, so its points must be his count. ``seat``, if given,
    must be the declarer.

    >>> advise_counts("AKQ.KQ2.A76.5432", [18, 8, 9, 5], (5, 3, 3, 2)).contract
    Contract('4SN')
    """
    h = hand if isinstance(hand, Hand) else Hand.parse(hand)
    declarer = choose_declarer(counts, dealer)
    if seat is not None and seat != declarer:
        raise BridgeError(
            f"{seat} is not the declarer: with counts {list(counts)} and dealer {dealer}, "
            f"{declarer} declares (MB-3, MB-4)"
        )
    if h.hcp != counts[declarer]:
        raise ParseError(
            f"the hand holds {h.hcp} points but the declarer {declarer} announced "
            f"{counts[declarer]}: counts {list(counts)} are N, E, S, W (MB-2, MB-4)"
        )
    return advise(h, counts[declarer.partner], dummy_lengths, declarer=declarer, lang=lang)
