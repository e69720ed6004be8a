"""How each game of the family is written in PBN: :class:`PbnVariant` and its registry.

The base class is contract bridge; :mod:`bridgeroom.formats.variants` registers the other games.

    >>> from bridgeroom.formats.pbn import PbnGame
    >>> variant_of_game(PbnGame({"Scoring": "IMP"}))
    <PbnVariant 'contract'>
"""

from __future__ import annotations

from typing import Any, ClassVar

from bridgeroom.errors import BridgeError, ParseError
from bridgeroom.formats.pbn.sections import DUPLICATE_SCORINGS, PbnAuction
from bridgeroom.formats.pbn.tagged import TaggedGame
from bridgeroom.i18n import Message, error_texts
from bridgeroom.rules.core import Call, Seat, Vulnerability
from bridgeroom.rules.state import ActionInput, ContractBridgeDeal, DealState, Mode, Phase

__all__ = [
    "PbnVariant",
    "register_variant",
    "replay_action",
    "variant_named",
    "variant_of_game",
    "variant_of_state",
]


class PbnVariant:
    """How one game of the family is written in PBN: a small class of data and hooks.

    Subclasses are registered with :func:`register_variant`; this base class is
    contract bridge, the default. ``name`` names the variant; a game is of this
    variant when its ``Variant`` tag is ``variant_tag``, or, without a Variant
    tag, when the first item of its ``Scoring`` tag is one of ``scorings``.
    ``rules_names`` are the ``DealState.rules_name`` values whose states this
    variant writes. ``auction_columns`` is the number of calls a row of the
    Auction section holds (one per player calling).
    """

    name: ClassVar[str] = "contract"
    variant_tag: ClassVar[str | None] = None
    scorings: ClassVar[tuple[str, ...]] = ()
    rules_names: ClassVar[tuple[str, ...]] = ("contract",)
    auction_columns: ClassVar[int] = 4
    #: bridgeroom's score forms of this game (``games.GAMES[name].scorings``) and the tags that
    #: name each in PBN: the PBN 2.1 Scoring value where it has one (``Rubber``, ``Chicago``).
    scoring_forms: ClassVar[dict[str, dict[str, str]]] = {
        "rubber": {"Scoring": "Rubber"},
        "chicago": {"Scoring": "Chicago"},
        "duplicate": {"Scoring": "Duplicate"},
    }

    def matches(self, game: TaggedGame) -> bool:
        """Whether ``game`` is of this variant (from its ``Variant`` and ``Scoring`` tags)."""
        variant = (game.tags.get("Variant") or "").strip().lower()
        if variant:
            return variant == self.variant_tag
        scoring = (game.tags.get("Scoring") or "").split(";")[0].strip().lower()
        return scoring in self.scorings

    def state_class(self) -> type[DealState]:
        return ContractBridgeDeal

    def scoring_tags(self, scoring: str) -> dict[str, str]:
        """The tags that say, in a file, that a deal was played in this game under ``scoring``
        (one of bridgeroom's score forms: ``rubber``, ``chicago``, ``auction``...).

        >>> PbnVariant().scoring_tags("rubber")
        {'Scoring': 'Rubber'}
        """
        try:
            return dict(self.scoring_forms[scoring])
        except KeyError:
            raise BridgeError(
                f"{self.name} is not scored {scoring!r} (its forms: {', '.join(self.scoring_forms)})"
            ) from None

    def scoring_form(self, game: TaggedGame) -> str | None:
        """bridgeroom's score form of ``game`` read from its tags (the inverse of
        :meth:`scoring_tags`); ``None`` when the tags name none of this game's forms.

        >>> from bridgeroom.formats.pbn import PbnGame
        >>> PbnVariant().scoring_form(PbnGame({"Scoring": "IMP;Cross"}))
        'duplicate'
        """
        scoring = (game.tags.get("Scoring") or "").split(";")[0].strip().lower()
        for form, tags in self.scoring_forms.items():
            if tags.get("Scoring", "").lower() == scoring:
                return form
        if scoring in DUPLICATE_SCORINGS and "duplicate" in self.scoring_forms:
            return "duplicate"
        return None

    def state_options(self, game: TaggedGame) -> dict[str, Any]:
        """Keyword arguments of the state's constructor that come from the variant's tags."""
        return {}

    def new_state(self, game: TaggedGame, mode: Mode) -> DealState:
        """A fresh state for the game's deal, dealer and vulnerability (and the variant's tags)."""
        deal = game.deal
        if deal is None:
            raise game.tag_error("Deal", "deal_needed", tag="Deal")
        if not deal.is_complete:
            raise game.tag_error("Deal", "four_hands", deal=str(deal))
        dealer = game.dealer
        if dealer is None:
            raise game.tag_error("Dealer", "deal_needed", tag="Dealer")
        vulnerability = game.vulnerability
        options = self.state_options(game)
        try:
            return self.state_class()(
                deal,
                dealer,
                vulnerability if vulnerability is not None else Vulnerability.NONE,
                mode=mode,
                **options,
            )
        except ParseError:
            raise
        except BridgeError as err:
            line = game.lines.get("Variant", game.lines.get("Deal"))
            said = {"variant": self.name, "error": error_texts(err)}
            raise ParseError(key="file.cannot_set_up", params=said, line=line) from err

    def read_auction(self, game: TaggedGame) -> PbnAuction | None:
        """The Auction section's calls as the game's players made them, from the dealer in turn
        (contract bridge: the section as it is)."""
        return game.auction

    def replay_contract_phase(self, game: TaggedGame, state: DealState) -> None:
        """Apply the Auction section's calls (``AP``: passes until the auction ends)."""
        auction = self.read_auction(game)
        if auction is None:
            return
        if auction.first != state.dealer:
            said = {"auction": "Auction", "first": auction.first, "dealer": state.dealer}
            raise ParseError(key="file.auction_starts", params=said, line=auction.line)
        stopped_at: int | None = None
        for i, call in enumerate(auction.calls):
            line = auction.lines[i] if i < len(auction.lines) else auction.line
            if call is None:
                stopped_at = i if stopped_at is None else stopped_at
                continue
            if stopped_at is not None:
                said = {"number": i + 1, "call": call}
                raise ParseError(key="file.call_after_gap", params=said, line=line)
            replay_action(state, call, Message("file.call_number", number=i + 1), line)
        if auction.all_pass and stopped_at is None:
            line = auction.lines[-1] if auction.lines else auction.line
            while state.phase is Phase.AUCTION:
                replay_action(state, Call.PASS, "AP", line)

    def state_tags(self, state: DealState) -> dict[str, str]:
        """Extra tags that mark a state of this variant (none for contract bridge)."""
        return {}

    def score_tag(self, state: DealState, scoring: str) -> str | None:
        """The ``Score`` tag of a finished deal under ``scoring`` (the Scoring tag), if this
        variant knows it: contract bridge writes the duplicate score (CB-D1..CB-D6) of the
        declaring side when the Scoring tag names a duplicate scoring (IMP, MP, BAM...)."""
        if scoring.split(";")[0].strip().lower() not in DUPLICATE_SCORINGS:
            return None
        result = state.result
        if result is None:
            return None
        if result.contract is None or result.contract.declarer is None:
            return "NS 0"
        from bridgeroom.scoring import score_duplicate

        declarer = result.contract.declarer
        vulnerable = state.vulnerability.is_vulnerable(declarer)
        points = score_duplicate(result.contract, result.tricks, vulnerable).score
        return f"{declarer.side} {points}"

    def state_auction(self, state: DealState) -> PbnAuction | None:
        """The Auction section of a state: every call so far, ``*`` if the auction is unfinished."""
        if not state.calls:
            return None
        calls: list[Call | None] = [call for _, call in state.calls]
        end = "*" if state.phase is Phase.AUCTION else ""
        return PbnAuction(state.dealer, calls, end=end)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def replay_action(
    state: DealState,
    action: ActionInput,
    what: Message | str,
    line: int | None,
    seat: Seat | None = None,
) -> None:
    """``state.apply(action, seat)``; a refusal becomes a ParseError naming ``line`` (``what``
    names the action in the file, in every language: ``call 3``, ``AP``)."""
    try:
        state.apply(action, seat)
    except BridgeError as err:
        said = {"what": what, "action": action, "error": error_texts(err)}
        raise ParseError(key="file.replay", params=said, line=line) from err


_VARIANTS: list[PbnVariant] = []
_DEFAULT = PbnVariant()


def register_variant(variant: PbnVariant) -> PbnVariant:
    """Add a variant; later registrations are tried first. Returns it (usable as a decorator on an instance)."""
    _VARIANTS.insert(0, variant)
    return variant


def variant_of_game(game: TaggedGame) -> PbnVariant:
    """The registered variant whose tags ``game`` carries (contract bridge if none)."""
    for variant in _VARIANTS:
        if variant.matches(game):
            return variant
    value = game.tags.get("Variant")
    if value is not None and value.strip():
        raise game.tag_error("Variant", "unknown_variant", tag="Variant", text=repr(value))
    return _DEFAULT


def variant_named(name: str) -> PbnVariant:
    """The registered variant of the game called ``name`` (``contract``, ``auction``,
    ``three-handed``, ``minibridge``).

    >>> variant_named("contract")
    <PbnVariant 'contract'>
    """
    for variant in [*_VARIANTS, _DEFAULT]:
        if variant.name == name:
            return variant
    raise BridgeError(f"no PBN variant for the game {name!r}")


def variant_of_state(state: DealState) -> PbnVariant:
    """The registered variant that writes states of ``type(state)``."""
    for variant in _VARIANTS:
        if state.rules_name in variant.rules_names and isinstance(state, variant.state_class()):
            return variant
    return _DEFAULT
