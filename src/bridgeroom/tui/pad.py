"""``bridgeroom pad GAME``: the score pad of a game played with real cards.

Each line typed is one deal: who declared, the contract, the tricks taken,
and the honors if any::

    NS 4S 10            North-South made 4♠ with 10 tricks
    EW 3NTX -2          East-West went two down doubled (also 3NTX 7)
    NS 4H= 100 def      4♥ made exactly; the defenders held 100 honors
    Ann 2H 8            three-handed: Ann declared
    N 3NT 9             boards (duplicate, mini-bridge): the declarer's seat
    pass                a passed-out deal

``correct LINE`` replaces the last entry, ``undo`` withdraws it, ``sheet``
shows the score, ``quit`` stops (the pad is kept: ``bridgeroom resume ID``).
The scores come from :mod:`bridgeroom.scoring` sessions, rebuilt from the
stored entries after every change.

    >>> parse_pad_line("NS 4S+1", PAD_GAMES["rubber"], ())
    PadLine(declarer='NS', contract='4S', tricks=11, honors=None)
    >>> parse_pad_line("EW 6NT 12 150 decl", PAD_GAMES["rubber"], ())
    PadLine(declarer='EW', contract='6NT', tricks=12, honors='4-aces-one declarer')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.text import Text

from bridgeroom.errors import BridgeError
from bridgeroom.i18n import LANGUAGES, Messages, error_text, translate
from bridgeroom.rules import Contract, Seat, Side, Strain
from bridgeroom.scoring import (
    BoardResult,
    Chicago,
    Declarer,
    DuplicateSet,
    Honors,
    HonorsKind,
    Rubber,
    Session,
    SessionEntry,
    ThreeHandedRubber,
)
from bridgeroom.store import MatchOptions, MatchRecord, PadEntry, Store
from bridgeroom.tui import screen
from bridgeroom.tui.entry import shown
from bridgeroom.tui.reading import read_line
from bridgeroom.tui.saving import SaveError, saving

__all__ = ["PAD_GAMES", "PadGame", "PadLine", "PadError", "PadLoop", "parse_pad_line"]


class PadError(BridgeError):
    """A pad line that cannot be scored; ``key`` and ``params`` give the message of the catalogue."""

    key: str

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(f"{key} {params}")


@dataclass(frozen=True)
class PadGame:
    """A form of score pad: its session, who declares (``sides``, ``players`` or ``seats``), its honors."""

    name: str
    game: str
    declarer_kind: str  # "side", "player" or "seat"
    make: Callable[[Sequence[str]], Session]
    honors: str | None  # "contract" or "auction": how honors points read; None: no honors
    #: What the pad says when its session is over: a rubber, or a Chicago round (CB-C1).
    over: str = "pad.over"


PAD_GAMES: dict[str, PadGame] = {
    pad.name: pad
    for pad in (
        PadGame("rubber", "contract", "side", lambda _: Rubber("rubber"), "contract"),
        PadGame("chicago", "contract", "side", lambda _: Chicago(), "contract", "pad.over_round"),
        PadGame("auction", "auction", "side", lambda _: Rubber("auction"), "auction"),
        PadGame(
            "three-handed-contract",
            "three-handed",
            "player",
            lambda names: ThreeHandedRubber(names, "contract"),
            "contract",
        ),
        PadGame(
            "three-handed-auction",
            "three-handed",
            "player",
            lambda names: ThreeHandedRubber(names, "auction"),
            "auction",
        ),
        PadGame("duplicate", "contract", "seat", lambda _: DuplicateSet("duplicate"), None),
        PadGame("minibridge", "minibridge", "seat", lambda _: DuplicateSet("minibridge"), None),
    )
}
PAD_ALIASES = {
    "contract": "rubber",
    "three-handed": "three-handed-contract",
    "mini-bridge": "minibridge",
}


@dataclass(frozen=True)
class PadLine:
    """One deal on the pad, as stored."""

    declarer: str | None
    contract: str | None
    tricks: int
    honors: str | None = None


_CONTRACT = re.compile(r"(?i)^([1-7](?:NT|БК|[CDHSNТБЧП♣♦♥♠])(?:XX|X|ХХ|Х)?)(=|[+-]\d{1,2})?$")
_HONOR_POINTS = {
    "contract": {
        100: (HonorsKind.FOUR_ONE, None),
        150: (HonorsKind.FIVE_ONE, HonorsKind.FOUR_ACES_ONE),
    },
    "auction": {
        30: (HonorsKind.THREE, HonorsKind.THREE_ACES),
        40: (HonorsKind.FOUR, HonorsKind.FOUR_ACES),
        50: (HonorsKind.FIVE, None),
        80: (HonorsKind.FOUR_ONE, None),
        90: (HonorsKind.FOUR_ONE_FIFTH_PARTNER, None),
        100: (HonorsKind.FIVE_ONE, HonorsKind.FOUR_ACES_ONE),
    },
}


def _words(key: str) -> set[str]:
    out: set[str] = set()
    for lang in LANGUAGES:
        out |= {w.strip().lower() for w in translate(key, lang).split("|")}
    return out


def parse_pad_line(text: str, pad: PadGame, players: Sequence[str]) -> PadLine:
    """One pad line: ``DECLARER CONTRACT TRICKS [HONORS SIDE]`` or ``pass`` (see the module)."""
    tokens = text.split()
    if not tokens:
        raise PadError("pad.error_empty")
    if len(tokens) == 1 and tokens[0].lower() in _words("pad.word_pass") | {"pass", "p", "-"}:
        return PadLine(None, None, 0)
    if len(tokens) < 2:
        raise PadError("pad.error_form")
    declarer = _declarer(tokens[0], pad, players)
    m = _CONTRACT.match(tokens[1].replace("х", "x").replace("Х", "X"))
    if m is None:
        raise PadError("pad.error_contract", text=tokens[1])
    try:
        contract = Contract.parse(m.group(1).replace("Х", "X").replace("х", "X"))
    except BridgeError:
        raise PadError("pad.error_contract", text=tokens[1]) from None
    rest = tokens[2:]
    rel: str | None = None
    if m.group(2):
        rel = m.group(2)
    elif rest and re.fullmatch(r"=|[+-]\d{1,2}", rest[0]):
        rel = rest.pop(0)
    if rel is not None:
        need = contract.tricks_needed
        tricks = need + (0 if rel == "=" else int(rel))
        if tricks < 0:  # more undertricks than the contract's tricks
            raise PadError("pad.error_down", contract=contract, need=need, down=-int(rel))
        if tricks > 13:
            raise PadError("pad.error_over", contract=contract, over=int(rel), tricks=tricks)
    elif rest and rest[0].isdigit():
        tricks = int(rest.pop(0))
    else:
        raise PadError("pad.error_tricks_missing")
    if not 0 <= tricks <= 13:
        raise PadError("pad.error_tricks", tricks=tricks)
    honors = None
    if rest:
        honors = _honors(rest, contract.strain, pad, declarer, players)
    if pad.declarer_kind == "seat":
        contract = Contract(contract.level, contract.strain, contract.doubled)
    return PadLine(declarer, str(contract), tricks, honors)


def _declarer(token: str, pad: PadGame, players: Sequence[str]) -> str:
    if pad.declarer_kind == "player":
        for name in players:
            if name.lower() == token.lower():
                return name
        raise PadError("pad.error_player", text=token, players=", ".join(players))
    key = token.upper()
    ru = {"СЮ": "NS", "ЮС": "NS", "ВЗ": "EW", "ЗВ": "EW", "С": "N", "В": "E", "Ю": "S", "З": "W"}
    key = ru.get(key, key)
    if pad.declarer_kind == "seat":
        if key in ("N", "E", "S", "W"):
            return key
        raise PadError("pad.error_seat", text=token)
    if key in ("NS", "SN", "N", "S"):
        return "NS"
    if key in ("EW", "WE", "E", "W"):
        return "EW"
    raise PadError("pad.error_side", text=token)


def _honors(
    tokens: list[str], strain: Strain, pad: PadGame, declarer: str, players: Sequence[str]
) -> str:
    if pad.honors is None:
        raise PadError("pad.error_no_honors")
    if len(tokens) != 2:
        raise PadError("pad.error_honors_form")
    kind_text, side_text = tokens
    side = _honors_side(side_text, pad, declarer, players)
    if kind_text.isdigit():
        table = _HONOR_POINTS[pad.honors]
        points = int(kind_text)
        if points not in table:
            raise PadError(
                "pad.error_honors_points", points=points, allowed=", ".join(str(p) for p in table)
            )
        suit_kind, nt_kind = table[points]
        kind = nt_kind if strain is Strain.NOTRUMP else suit_kind
        if kind is None or kind.notrump != (strain is Strain.NOTRUMP):
            raise PadError(
                "pad.error_honors_points", points=points, allowed=", ".join(str(p) for p in table)
            )
    else:
        try:
            kind = HonorsKind.parse(kind_text)
        except BridgeError:
            raise PadError("pad.error_honors_form") from None
    return str(Honors(kind, side))


def _honors_side(text: str, pad: PadGame, declarer: str, players: Sequence[str]) -> str:
    """Who held the honors: ``decl`` or ``def``, or the holders named as the declarer is (a side,
    NS or EW; a three-handed player), the declarer's side or another."""
    key = text.lower()
    if key in _words("pad.word_declarer") | {"declarer", "decl", "d"}:
        return "declarer"
    if key in _words("pad.word_defenders") | {"defenders", "def"}:
        return "defenders"
    try:
        holder = _declarer(text, pad, players)
    except PadError:
        raise PadError("pad.error_honors_side", text=text) from None
    return "declarer" if holder == declarer else "defenders"


# --- the session of a pad ------------------------------------------------------------------------


class PadSheet:
    """A pad's session rebuilt from its entries (the stored lines are the truth)."""

    def __init__(self, pad: PadGame, players: Sequence[str]) -> None:
        self.pad = pad
        self.players = tuple(players)
        self.session: Session = pad.make(self.players)

    def add(self, line: PadLine) -> SessionEntry:
        """Score one line into the session (boards: the next board); errors from scoring leave it
        unchanged."""
        honors = Honors.parse(line.honors) if line.honors else None
        declarer: Declarer | None = line.declarer or None
        if line.declarer and self.pad.declarer_kind == "side":
            declarer = Side.find(line.declarer)
        elif line.declarer and self.pad.declarer_kind == "seat":
            declarer = Seat.find(line.declarer)
        return self.session.record_deal(declarer, line.contract, line.tricks, honors)

    @property
    def is_over(self) -> bool:
        return self.session.is_over

    @classmethod
    def rebuild(cls, pad: PadGame, players: Sequence[str], entries: Sequence[PadEntry]) -> PadSheet:
        sheet = cls(pad, players)
        for e in entries:
            sheet.add(PadLine(e.declarer, e.contract, e.tricks, e.honors))
        return sheet


class PadLoop:
    """The pad at the terminal: read a line, score it, store it, show the sheet."""

    def __init__(self, store: Store, record: MatchRecord, console: Console, msgs: Messages) -> None:
        self.store = store
        self.record = record
        self.console = console
        self.msgs = msgs
        self.pad = PAD_GAMES[record.scoring]
        self.players = record.options.players
        self.sheet = PadSheet.rebuild(self.pad, self.players, record.entries)
        #: Started by this command (not resumed): left with no input at all (no terminal:
        #: ``pad ... </dev/null``), it is not kept.
        self.fresh = False
        self._typed = False

    @classmethod
    def new(
        cls, store: Store, game: str, players: Sequence[str], console: Console, msgs: Messages
    ) -> PadLoop:
        key = PAD_ALIASES.get(game.strip().lower(), game.strip().lower())
        if key not in PAD_GAMES:
            raise BridgeError(f"no score pad {game!r}; the pads are {', '.join(PAD_GAMES)}")
        pad = PAD_GAMES[key]
        names = list(players)
        if pad.declarer_kind == "player":
            if len(names) != 3:
                raise BridgeError(
                    "a three-handed pad needs three players: --players Ann,Bob,Cy (TH-1)"
                )
            ThreeHandedRubber(names, "contract")  # checks the names (TH-1)
            seats = [(n, None) for n in names]
        else:
            if names and (len(names) != 4 or not all(names) or len(set(names)) != 4):
                raise BridgeError(
                    "a four-handed pad's players are four different names, North, East, South "
                    f"and West: --players Ann,Bob,Cy,Dan, not {','.join(names)!r}"
                )
            seats = [(n, None) for n in names] if names else [("NS", None), ("EW", None)]
        with saving():
            record = store.create_match(
                "pad",
                pad.game,
                pad.name,
                seats=seats,
                options=MatchOptions(players=tuple(names), lang=msgs.lang),
            )
        loop = cls(store, record, console, msgs)
        loop.fresh = True
        return loop

    @classmethod
    def resume(cls, store: Store, match_id: int, console: Console, msgs: Messages) -> PadLoop:
        return cls(store, store.get_match(match_id), console, msgs)

    # --- output ------------------------------------------------------------------------

    def say(self, key: str, style: str = "", **params: object) -> None:
        self.console.print(Text(self.msgs(key, **params), style=style))

    def show(self) -> None:
        sides = None
        if self.pad.declarer_kind != "player" and len(self.players) == 4:
            # the four players, North, East, South, West: each side's under its column
            sides = {
                side: ", ".join(self.players[int(seat)] for seat in side.seats) for side in Side
            }
        self.console.print(screen.sheet(self.sheet.session, self.msgs, sides=sides))

    def _examples(self) -> dict[str, str]:
        """The example lines of this pad (three-handed: with its players' names)."""
        players = list(self.players) or ["Ann", "Bob"]
        names = {"player": players[0], "other": players[1 % len(players)]}
        example = self.msgs(f"pad.example_{self.pad.declarer_kind}", **names)
        return {**names, "example": example}

    def _prompt(self) -> str:
        n = len(self.record.entries) + 1
        key = "pad.prompt_board" if self.pad.declarer_kind == "seat" else "pad.prompt"
        return self.msgs(key, number=n)

    # --- the loop --------------------------------------------------------------------------

    def run(self) -> int:
        """Read lines until the person stops; returns the exit code (130 after Ctrl-C, 1 when
        he stops while the store cannot write his line)."""
        try:
            return self._run()
        except KeyboardInterrupt:
            self.console.print()
            self.say("pad.finished" if self.sheet.is_over else "pad.saved", id=self.record.id)
            return 130

    def _run(self) -> int:
        self.say("pad.intro", id=self.record.id, pad=self.msgs(f"scoring.{self.pad.name}"))
        self.say(f"pad.form_{self.pad.declarer_kind}", **self._examples())
        if self.record.entries:
            self.show()
        while True:
            if self.sheet.is_over:
                if not self._over():
                    return 0
                continue
            line = self._input(self._prompt())
            if line is None:
                self.console.print()
                if self.fresh and not self._typed and not self.record.entries:
                    with saving():
                        self.store.delete_match(self.record.id)
                    self.say("pad.not_kept", id=self.record.id)
                    return 1
                self.say("pad.saved", id=self.record.id)
                return 0
            try:
                going = self._handle(line.strip())
            except SaveError as err:
                if not self._store_down(err, line.strip()):
                    return 1
                continue
            if not going:
                self.say("pad.saved", id=self.record.id)
                return 0

    def _input(self, prompt: str) -> str | None:
        try:
            line = read_line(self.console, Text(prompt))
        except EOFError:
            return None
        self._typed = True
        return line

    def _over(self) -> bool:
        """The rubber (the Chicago round) is over: the pad is finished; a new one with the same
        players is offered. ``True`` when the person starts it."""
        self.say(self.pad.over, style="bold")
        self._margin()
        with saving():
            self.store.set_status(self.record.id, "finished")
        while True:
            line = self._input(self.msgs("pad.again_prompt"))
            word = " ".join((line or "").split()).lower()
            if line is None or word in {"q"} | _words("command.quit"):
                self.say("pad.finished", id=self.record.id)
                return False
            if not word:
                break
            # a deal typed here is not taken for Enter or q: it belongs to a pad not yet begun
            self.say("pad.again_refused", style="bold red", text=shown(line.strip()))
        names = list(self.players)
        seats = [(n, None) for n in names] if names else [("NS", None), ("EW", None)]
        with saving():
            record = self.store.create_match(
                "pad",
                self.pad.game,
                self.pad.name,
                seats=seats,
                options=MatchOptions(players=tuple(names), lang=self.msgs.lang),
            )
        self.record = record
        self.sheet = PadSheet.rebuild(self.pad, self.players, record.entries)
        self.say("pad.intro", id=record.id, pad=self.msgs(f"scoring.{self.pad.name}"))
        return True

    def _margin(self) -> None:
        """The rubber's (the Chicago round's) result in one line: the side ahead and by how much
        (CB-R4: the difference of the grand totals), or that the totals are equal."""
        totals = getattr(self.sheet.session, "totals", None)
        if not isinstance(totals, dict) or set(totals) != {Side.NS, Side.EW}:
            return  # three-handed: the sheet's settlement says who pays whom (TH-20)
        ns, ew = totals[Side.NS], totals[Side.EW]
        if ns == ew:
            self.say("pad.margin_even", style="bold")
            return
        ahead = Side.NS if ns > ew else Side.EW
        self.say("pad.margin", style="bold", who=self.msgs.side(ahead), points=abs(ns - ew))

    def _store_down(self, err: SaveError, line: str) -> bool:
        """The store could not write the line: say so, keep it, and write it when the person
        presses Enter and the store takes it. ``False`` when he stops."""
        while True:
            self.say("save.failed", style="bold red", what=err.render(self.msgs.lang))
            self.say("pad.kept", line=line)
            self.say(f"save.how_{err.kind}")
            answer = self._input(self.msgs("save.prompt"))
            if answer is None or answer.strip().lower() in _words("command.quit"):
                self.console.print()
                self.say("pad.left", line=line, id=self.record.id)
                return False
            try:
                self._handle(line)
            except SaveError as again:
                err = again
                continue
            return True

    def _handle(self, line: str) -> bool:
        head, _, rest = line.partition(" ")
        word = head.lower()
        if not line:
            return True
        if word in _words("command.quit"):
            return False
        if word in _words("command.score") | _words("pad.word_sheet"):
            self.show()
            return True
        if word in _words("command.help"):
            self.say(f"pad.form_{self.pad.declarer_kind}", **self._examples())
            self.say("pad.help")
            return True
        if word in _words("command.undo"):
            if not self.record.entries:
                self.say("pad.error_nothing", style="bold red")
                return True
            with saving():
                self.store.remove_last_pad_entry(self.record.id)
            self._reload()
            self.say("pad.withdrawn")
            self.show()
            return True
        replace = word in _words("pad.word_correct")
        if replace:
            if not self.record.entries:
                self.say("pad.error_nothing", style="bold red")
                return True
            line = rest
        if len(line) > 80:
            self.say("pad.error_long", style="bold red", length=len(line), **self._examples())
            return True
        try:
            parsed = parse_pad_line(line, self.pad, self.players)
            entries = list(self.record.entries)
            if replace:
                entries.pop()
            trial = PadSheet.rebuild(self.pad, self.players, entries)
            entry = trial.add(parsed)
        except PadError as err:
            params = {**self._examples(), **err.params}
            self.say(err.key, style="bold red", **params)
            return True
        except BridgeError as err:
            self.say("pad.error_scoring", style="bold red", reason=error_text(err, self.msgs.lang))
            return True
        with saving():
            self.store.add_pad_entry(
                self.record.id,
                declarer=parsed.declarer,
                contract=parsed.contract,
                tricks=parsed.tricks,
                honors=parsed.honors,
                board=entry.board if isinstance(entry, BoardResult) else None,
                replace_last=replace,
            )
        self._reload()
        self._report(entry)
        self.show()
        return True

    def _reload(self) -> None:
        self.record = self.store.get_match(self.record.id)
        self.sheet = PadSheet.rebuild(self.pad, self.players, self.record.entries)

    def _report(self, entry: SessionEntry) -> None:
        msgs = self.msgs
        if entry.contract is None:
            self.say("pad.passed_out")
            return
        hand = entry.hand
        if hand is not None:
            self.say(
                "pad.scored",
                below=hand.below,
                declarer_above=hand.declarer_above,
                defenders_above=hand.defenders_above,
            )
        game_won = entry.game_won
        if game_won is not None:
            who = msgs.side(game_won) if isinstance(game_won, Side) else str(game_won)
            self.say("pad.game_won", style="bold", who=who)
        # the rubber bonus is on the sheet shown next, with its own row and line
