"""Reading Dealer scripts: statements, expressions and actions, with the line of every error.

    >>> script = loads('''
    ... produce 4
    ... dealer south
    ... predeal north SAK2, HQJ3
    ... nt = hcp(south) >= 15 && hcp(south) <= 17 && shape(south, any 4333 + any 4432 + any 5332)
    ... condition nt && spades(north) >= 4
    ... action printall, average "north's points" hcp(north)
    ... ''')
    >>> from bridgeroom.rules import Hand
    >>> script.produce, script.dealer, Hand(script.predeal[0])
    (4, <Seat.SOUTH: 2>, Hand('AK2.QJ3..'))
    >>> [type(a).__name__ for a in script.actions]
    ['Print', 'Average']

Errors name the line and the construct; what Dealer knows but bridgeroom does
not evaluate is refused the same way, never guessed:

    >>> loads("condition cccc(north) > 1200")
    Traceback (most recent call last):
    ...
    bridgeroom.analysis.dealer.lexer.UnsupportedError: line 1: cccc() is not supported by bridgeroom (Kaplan-Rubens hand evaluation); only hcp, suit lengths, shape, hascard, controls, losers, the point counts, tricks, score and imps are
    >>> loads("x = hcp(north)\\ncondition y > 3")
    Traceback (most recent call last):
    ...
    bridgeroom.analysis.dealer.lexer.DealerError: line 2: y is not defined (define it with 'y = ...' before it is used)
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import IO, NoReturn

from bridgeroom.analysis.dealer.lexer import DealerError, Token, UnsupportedError, tokenize
from bridgeroom.analysis.dealer.syntax import (
    Action,
    Average,
    Binary,
    Controls,
    Expr,
    Frequency,
    HasCard,
    Imps,
    Length,
    Losers,
    Number,
    Points,
    Print,
    PrintES,
    Ref,
    Score,
    Script,
    Select,
    Shape,
    Tricks,
    Unary,
)
from bridgeroom.analysis.hands import ShapeSet
from bridgeroom.errors import ParseError
from bridgeroom.rules.core import Rank, Seat, Suit, Vulnerability

__all__ = ["load", "loads", "parse_expression"]

_SEATS = {"north": Seat.NORTH, "east": Seat.EAST, "south": Seat.SOUTH, "west": Seat.WEST}
_SUITS = {
    "club": 0, "clubs": 0, "diamond": 1, "diamonds": 1,
    "heart": 2, "hearts": 2, "spade": 3, "spades": 3,
}  # fmt: skip
_STRAINS = {**_SUITS, "notrump": 4, "notrumps": 4}
_VULNERABLE = {"none": Vulnerability.NONE, "ns": Vulnerability.NS, "ew": Vulnerability.EW,
               "all": Vulnerability.BOTH, "both": Vulnerability.BOTH}  # fmt: skip
#: Named alternative counts: the number of the count each one reads (pt0 ... pt9).
_NAMED_COUNTS = {
    "ten": 0, "tens": 0, "jack": 1, "jacks": 1, "queen": 2, "queens": 2, "king": 3, "kings": 3,
    "ace": 4, "aces": 4, "top2": 5, "top3": 6, "top4": 7, "top5": 8, "c13": 9,
}  # fmt: skip
_STATEMENTS = ("generate", "produce", "vulnerable", "dealer", "predeal", "pointcount",
               "altcount", "condition", "action")  # fmt: skip
_PRINTS = ("printall", "print", "printew", "printpbn", "printcompact", "printoneline", "printes",
           "average", "frequency")  # fmt: skip
_FUNCTIONS = (
    *_SUITS, "hcp", "hcps", *(f"pt{i}" for i in range(10)), *_NAMED_COUNTS,
    "control", "controls", "loser", "losers", "shape", "hascard", "trick", "tricks",
    "score", "imp", "imps",
)  # fmt: skip
#: Words of Dealer and of its later dialects that bridgeroom refuses, with what they are.
_UNSUPPORTED = {
    "cccc": "Kaplan-Rubens hand evaluation",
    "quality": "Kaplan-Rubens suit quality",
    "rnd": "a random number",
    "ltc": "the losing trick count of later dialects",
    "dds": "a double-dummy call of later dialects",
    "par": "the par score of later dialects",
    "export": "export of later dialects",
    "title": "a title of later dialects",
    "seed": "a seed in the script (use --seed)",
    "bktfreq": "bucket frequencies of later dialects",
    "evalcontract": "contract evaluation of later dialects",
    "printside": "printing a side (later dialects)",
    "printhandpbn": "printing one hand in PBN (later dialects)",
    "csvrpt": "CSV reports of later dialects",
    "usereval": "user evaluation of later dialects",
    "hascards": "hascards of later dialects",
}
_RESERVED = (
    set(_STATEMENTS) | set(_PRINTS) | set(_FUNCTIONS) | set(_SEATS) | set(_STRAINS)
    | set(_VULNERABLE) | set(_UNSUPPORTED) | {"and", "or", "not", "any", "nv", "vul"}
)  # fmt: skip
_SUPPORTED_FUNCTIONS = (
    "only hcp, suit lengths, shape, hascard, controls, losers, the point counts, tricks, "
    "score and imps are"
)
_NUMBER = re.compile(r"[0-9]+")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CARD = re.compile(r"([AKQJT98765432])([SHDC])", re.I)
_HOLDING = re.compile(r"([SHDC])([AKQJT98765432]*)", re.I)
_CONTRACT = re.compile(r"x([1-7])([NSHDC])", re.I)
# Binary operators by priority (C's), lowest first.
_LEVELS: tuple[tuple[str, ...], ...] = (
    ("||", "or"),
    ("&&", "and"),
    ("==", "!="),
    ("<", "<=", ">", ">="),
    ("+", "-"),
    ("*", "/", "%"),
)
_CANONICAL = {"or": "||", "and": "&&"}


class _Parser:
    def __init__(self, text: str, name: str) -> None:
        self.tokens = tokenize(text)
        self.pos = 0
        self.name = name
        self.variables: dict[str, Expr] = {}
        self.defined: list[tuple[str, Expr]] = []
        self.warnings: list[str] = []

    # --- tokens ------------------------------------------------------------------------------

    @property
    def tok(self) -> Token:
        return self.tokens[self.pos]

    def peek(self, ahead: int = 1) -> Token:
        return self.tokens[min(self.pos + ahead, len(self.tokens) - 1)]

    def next(self) -> Token:
        tok = self.tokens[self.pos]
        if tok.kind != "end":
            self.pos += 1
        return tok

    def fail(self, message: str, tok: Token | None = None) -> NoReturn:
        at = tok or self.tok
        raise DealerError(message, line=at.line, construct=at.text or None)

    def is_op(self, text: str) -> bool:
        return self.tok.kind == "op" and self.tok.text == text

    def expect_op(self, text: str, what: str) -> Token:
        if not self.is_op(text):
            self.fail(f"expected {text!r} {what}, found {self.tok}")
        return self.next()

    def word(self) -> str:
        return self.tok.text.lower() if self.tok.kind == "word" else ""

    def expect_word(self, what: str) -> Token:
        if self.tok.kind != "word":
            self.fail(f"expected {what}, found {self.tok}")
        return self.next()

    def integer(self, what: str) -> int:
        sign = 1
        if self.is_op("-"):
            self.next()
            sign = -1
        tok = self.expect_word(what)
        if not _NUMBER.fullmatch(tok.text):
            self.fail(f"expected {what}, found {tok}", tok)
        return sign * int(tok.text)

    def seat(self) -> Seat:
        tok = self.expect_word("a compass (north, east, south or west)")
        seat = _SEATS.get(tok.text.lower())
        if seat is None:
            self.fail(f"expected a compass (north, east, south or west), found {tok}", tok)
        return seat

    def suit(self, table: dict[str, int] = _SUITS, what: str = "a suit") -> int:
        tok = self.expect_word(what)
        suit = table.get(tok.text.lower())
        if suit is None:
            self.fail(f"expected {what}, found {tok}", tok)
        return suit

    # --- statements --------------------------------------------------------------------------

    def script(self) -> Script:
        condition: Expr | None = None
        condition_line = 0
        actions: list[Action] = []
        values: dict[str, object] = {}
        predeal = [0, 0, 0, 0]
        pointcount: tuple[int, ...] | None = None
        altcounts: list[tuple[int, ...] | None] = [None] * 10
        while self.tok.kind != "end":
            tok = self.tok
            key = self.word()
            if key in ("generate", "produce"):
                self.next()
                number = self.integer(f"a number after {key}")
                if number < 0:
                    self.fail(f"{key} takes a number of deals, 0 or more", tok)
                values[key] = number
            elif key == "dealer":
                self.next()
                values["dealer"] = self.seat()
            elif key == "vulnerable":
                self.next()
                vtok = self.expect_word("none, NS, EW or all")
                vul = _VULNERABLE.get(vtok.text.lower())
                if vul is None:
                    self.fail(f"expected none, NS, EW or all, found {vtok}", vtok)
                values["vulnerable"] = vul
            elif key == "predeal":
                self.next()
                self.predeal(predeal, tok)
            elif key == "pointcount":
                self.next()
                pointcount = self.scale("pointcount")
            elif key == "altcount":
                self.next()
                number = self.integer("the number of an alternative count (0 to 9)")
                if not 0 <= number <= 9:
                    self.fail(f"altcount numbers the counts 0 to 9, not {number}", tok)
                if self.is_op(","):
                    self.next()
                altcounts[number] = self.scale("altcount")
            elif key == "condition":
                self.next()
                if condition is not None:
                    self.warnings.append(
                        f"line {tok.line}: this condition replaces the one of line "
                        f"{condition_line} (as in Dealer: join them with && to have both)"
                    )
                condition, condition_line = self.expression(), tok.line
            elif key == "action":
                self.next()
                actions.extend(self.actions())
            elif key in _UNSUPPORTED:
                self.unsupported(tok)
            elif tok.kind == "word" and self.peek().kind == "op" and self.peek().text == "=":
                self.define()
            elif key in _PRINTS:
                self.fail(f"{tok.text} is an action: write 'action {tok.text}'", tok)
            else:
                # "The word condition can actually be omitted."
                if condition is not None:
                    self.warnings.append(
                        f"line {tok.line}: this condition replaces the one of line "
                        f"{condition_line} (as in Dealer: join them with && to have both)"
                    )
                condition, condition_line = self.expression(), tok.line
        return Script(
            condition=condition,
            actions=tuple(actions),
            generate=values.get("generate"),  # type: ignore[arg-type]
            produce=values.get("produce"),  # type: ignore[arg-type]
            dealer=values.get("dealer"),  # type: ignore[arg-type]
            vulnerable=values.get("vulnerable"),  # type: ignore[arg-type]
            predeal=(predeal[0], predeal[1], predeal[2], predeal[3]),
            pointcount=pointcount,
            altcounts=tuple(altcounts),
            variables=tuple(self.defined),
            warnings=tuple(self.warnings),
            name=self.name,
        )

    def unsupported(self, tok: Token) -> NoReturn:
        key = tok.text.lower()
        what = _UNSUPPORTED[key]
        if key in ("cccc", "quality", "rnd", "ltc", "dds", "par", "hascards", "evalcontract"):
            message = (
                f"{tok.text}() is not supported by bridgeroom ({what}); {_SUPPORTED_FUNCTIONS}"
            )
        else:
            message = f"{tok.text} is not supported by bridgeroom ({what})"
        raise UnsupportedError(message, line=tok.line, construct=tok.text)

    def define(self) -> None:
        tok = self.next()
        name = tok.text
        if not _IDENT.fullmatch(name):
            self.fail(f"{name} is not a name (letters, digits and _, not starting with a digit)")
        if name.lower() in _RESERVED:
            self.fail(f"{name} is a word of the Dealer language and cannot be defined", tok)
        self.expect_op("=", "in a definition")
        expr = self.expression()
        self.variables[name] = expr
        self.defined.append((name, expr))

    def scale(self, what: str) -> tuple[int, ...]:
        values = [self.integer(f"the points of {what}")]
        while self.is_op(","):
            self.next()
            values.append(self.integer(f"the points of {what}"))
        if len(values) > 13:
            self.fail(f"{what} gives points to 13 cards at most (ace to deuce), not {len(values)}")
        return tuple(values) + (0,) * (13 - len(values))

    def predeal(self, predeal: list[int], start: Token) -> None:
        seen_seat = False
        while self.word() in _SEATS:
            seat_tok = self.tok
            seat = self.seat()
            seen_seat = True
            if self.is_op(","):
                self.next()
            while True:
                tok = self.expect_word("a holding (a suit letter S, H, D or C and its cards)")
                m = _HOLDING.fullmatch(tok.text)
                if m is None:
                    self.fail(f"not a holding: {tok} (e.g. SAQ542, HKJ8, D32, C)", tok)
                suit = Suit.find(m.group(1).upper())
                for ch in m.group(2).upper():
                    bit = 1 << (suit * 13 + Rank.find(ch) - 2)
                    if any(p & bit for p in predeal):
                        self.fail(f"{suit.letter}{ch} is predealt twice", tok)
                    predeal[seat] |= bit
                if predeal[seat].bit_count() > 13:
                    self.fail(f"{seat.name.lower()} is predealt more than 13 cards", seat_tok)
                if not (self.is_op(",") and self.peek().kind == "word"):
                    break
                if self.peek().text.lower() in _SEATS:
                    self.next()  # a comma before the next seat
                    break
                self.next()
        if not seen_seat:
            self.fail("predeal names a compass, then its cards (predeal north SAK2, HQJ3)", start)

    # --- actions -----------------------------------------------------------------------------

    def actions(self) -> list[Action]:
        out = [self.action()]
        while self.is_op(","):
            self.next()
            out.append(self.action())
        return out

    def action(self) -> Action:
        tok = self.tok
        key = self.word()
        if key in _UNSUPPORTED:
            self.unsupported(tok)
        if key not in _PRINTS:
            self.fail(
                f"not an action: {tok} (printall, print, printew, printpbn, printcompact, "
                "printoneline, printes, average, frequency)"
            )
        self.next()
        every = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
        if key in ("printall", "printpbn"):
            return Print(tok.line, key, every)
        if key == "printew":
            return Print(tok.line, key, (Seat.WEST, Seat.EAST))
        if key == "print":
            self.expect_op("(", "after print")
            seats = [self.seat()]
            while self.is_op(","):
                self.next()
                seats.append(self.seat())
            self.expect_op(")", "after the compasses of print")
            return Print(tok.line, key, tuple(dict.fromkeys(seats)))
        if key in ("printcompact", "printoneline"):
            value = self.expression() if self.starts_expression() else None
            return Print(tok.line, key, every, value)
        if key == "printes":
            items: list[str | Expr] = [self.printes_item()]
            while self.is_op(",") and self.printes_follows():
                self.next()
                items.append(self.printes_item())
            return PrintES(tok.line, tuple(items))
        label = self.next().text if self.tok.kind == "string" else None
        if key == "average":
            return Average(tok.line, label, self.expression())
        self.expect_op("(", "after frequency")
        value = self.expression()
        self.expect_op(",", "after the expression of frequency")
        low = self.integer("the low bound of frequency")
        self.expect_op(",", "after the low bound")
        high = self.integer("the high bound of frequency")
        if high < low:
            self.fail(f"frequency's high bound {high} is below its low bound {low}", tok)
        if self.is_op(")"):
            self.next()
            return Frequency(tok.line, label, value, low, high)
        self.expect_op(",", "or ')' after the bounds of frequency")
        value2 = self.expression()
        self.expect_op(",", "after the second expression of frequency")
        low2 = self.integer("the second low bound")
        self.expect_op(",", "after the second low bound")
        high2 = self.integer("the second high bound")
        if high2 < low2:
            self.fail(f"frequency's high bound {high2} is below its low bound {low2}", tok)
        self.expect_op(")", "after the bounds of frequency")
        return Frequency(tok.line, label, value, low, high, value2, low2, high2)

    def printes_item(self) -> str | Expr:
        if self.tok.kind == "string":
            return self.next().text
        if self.tok.kind == "newline":
            self.next()
            return "\n"
        return self.expression()

    def printes_follows(self) -> bool:
        nxt = self.peek()
        if nxt.kind in ("string", "newline"):
            return True
        if nxt.kind == "word":
            return nxt.text.lower() not in _PRINTS and nxt.text.lower() not in _STATEMENTS
        return nxt.kind == "op" and nxt.text in ("(", "!", "-")

    def starts_expression(self) -> bool:
        tok = self.tok
        if tok.kind == "op":
            return tok.text in ("(", "!", "-")
        if tok.kind != "word":
            return False
        key = tok.text.lower()
        if key in _STATEMENTS or key in _PRINTS:
            return False
        nxt = self.peek()
        return not (nxt.kind == "op" and nxt.text == "=")

    # --- expressions -------------------------------------------------------------------------

    def expression(self) -> Expr:
        test = self.binary(0)
        if self.is_op("?"):
            self.next()
            then = self.expression()
            self.expect_op(":", "in a ?: selection")
            other = self.expression()
            return Select(test.line, test, then, other)
        return test

    def binary(self, level: int) -> Expr:
        if level == len(_LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        ops = _LEVELS[level]
        while (self.tok.kind == "op" and self.tok.text in ops) or self.word() in ops:
            op = self.next().text.lower()
            right = self.binary(level + 1)
            left = Binary(left.line, _CANONICAL.get(op, op), left, right)
        return left

    def unary(self) -> Expr:
        tok = self.tok
        if self.is_op("!") or self.word() == "not":
            self.next()
            return Unary(tok.line, "!", self.unary())
        if self.is_op("-"):
            self.next()
            return Unary(tok.line, "-", self.unary())
        if self.is_op("+"):
            self.next()
            return self.unary()
        return self.primary()

    def primary(self) -> Expr:
        tok = self.tok
        if self.is_op("("):
            self.next()
            inner = self.expression()
            self.expect_op(")", "to close '('")
            return inner
        if tok.kind != "word":
            self.fail(f"expected an expression, found {tok}")
        key = tok.text.lower()
        if _NUMBER.fullmatch(tok.text):
            self.next()
            return Number(tok.line, int(tok.text))
        if key in _UNSUPPORTED:
            self.unsupported(tok)
        if key in _FUNCTIONS:
            self.next()
            self.expect_op("(", f"after {tok.text}")
            expr = self.function(key, tok)
            self.expect_op(")", f"to close {tok.text}(")
            return expr
        if self.peek().kind == "op" and self.peek().text == "(":
            self.fail(f"{tok.text}() is not a function of the Dealer language", tok)
        if not _IDENT.fullmatch(tok.text):
            self.fail(f"not a number or a name: {tok}", tok)
        if key in _RESERVED:
            self.fail(f"{tok.text} cannot be used here", tok)
        target = self.variables.get(tok.text)
        if target is None:
            self.fail(
                f"{tok.text} is not defined (define it with '{tok.text} = ...' before it is used)"
            )
        self.next()
        return Ref(tok.line, tok.text, target)

    def seat_and_suit(self) -> tuple[Seat, int | None]:
        seat = self.seat()
        if self.is_op(","):
            self.next()
            return seat, self.suit()
        return seat, None

    def function(self, key: str, tok: Token) -> Expr:
        line = tok.line
        if key in _SUITS:
            return Length(line, self.seat(), _SUITS[key])
        if key in ("hcp", "hcps"):
            seat, suit = self.seat_and_suit()
            return Points(line, seat, suit, None, "hcp")
        if key.startswith("pt") or key in _NAMED_COUNTS:
            number = int(key[2:]) if key.startswith("pt") else _NAMED_COUNTS[key]
            seat, suit = self.seat_and_suit()
            return Points(line, seat, suit, number, key)
        if key in ("control", "controls"):
            seat, suit = self.seat_and_suit()
            return Controls(line, seat, suit)
        if key in ("loser", "losers"):
            seat, suit = self.seat_and_suit()
            return Losers(line, seat, suit)
        if key == "shape":
            seat = self.seat()
            self.expect_op(",", "after the compass of shape")
            return self.shape(line, seat)
        if key == "hascard":
            seat = self.seat()
            self.expect_op(",", "after the compass of hascard")
            ctok = self.expect_word("a card (rank then suit: AS, TC, 2D)")
            m = _CARD.fullmatch(ctok.text)
            if m is None:
                self.fail(f"not a card: {ctok} (rank then suit: AS, TC, 2D)", ctok)
            suit = Suit.find(m.group(2).upper())
            return HasCard(line, seat, suit * 13 + Rank.find(m.group(1).upper()) - 2)
        if key in ("trick", "tricks"):
            seat = self.seat()
            self.expect_op(",", "after the compass of tricks")
            return Tricks(line, seat, self.suit(_STRAINS, "a strain"))
        if key == "score":
            vtok = self.expect_word("nv or vul")
            vkey = vtok.text.lower()
            if vkey not in ("nv", "vul", "none", "all", "both"):
                self.fail(
                    f"score() takes nv or vul (whether the declarer is vulnerable), not {vtok}",
                    vtok,
                )
            self.expect_op(",", "after the vulnerability of score")
            ctok = self.expect_word("a contract (x3N, x4S, ...)")
            m = _CONTRACT.fullmatch(ctok.text)
            if m is None:
                self.fail(f"not a contract: {ctok} (x and a level and strain: x3N, x7C)", ctok)
            self.expect_op(",", "after the contract of score")
            tricks = self.expression()
            strain = "CDHSN".index(m.group(2).upper())
            return Score(line, vkey in ("vul", "all", "both"), int(m.group(1)), strain, tricks)
        # imp, imps
        return Imps(line, self.expression())

    def shape(self, line: int, seat: Seat) -> Shape:
        parts: list[str] = []
        start = self.tok
        while not self.is_op(")"):
            tok = self.next()
            if tok.kind == "end":
                self.fail("shape( is never closed", start)
            if tok.kind == "op" and tok.text not in ("+", "-"):
                self.fail(f"unexpected {tok} in a shape list", tok)
            if tok.kind not in ("op", "word"):
                self.fail(f"unexpected {tok} in a shape list", tok)
            parts.append(tok.text)
        text = " ".join(parts)
        try:
            shapes = ShapeSet.parse(text)
        except ParseError as err:
            raise DealerError(str(err), line=start.line, construct=text) from None
        return Shape(line, seat, shapes, shapes.text)


def loads(text: str, *, name: str = "<script>") -> Script:
    """Parse a Dealer script."""
    return _Parser(text, name).script()


def load(source: str | Path | IO[str]) -> Script:
    """Parse a Dealer script from a file (a path or an open file)."""
    if isinstance(source, str | Path):
        path = Path(source)
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as err:
            raise DealerError(f"{path}: not a text file ({err.reason})") from None
        return loads(text, name=str(path))
    return loads(source.read(), name=getattr(source, "name", "<script>"))


def parse_expression(text: str, *, variables: dict[str, Expr] | None = None) -> Expr:
    """One Dealer expression (a condition given on its own).

    >>> parse_expression("hcp(north) + hcp(south) >= 25").op
    '>='
    """
    parser = _Parser(text, "<expression>")
    if variables:
        parser.variables.update(variables)
    expr = parser.expression()
    if parser.tok.kind != "end":
        parser.fail(f"unexpected {parser.tok} after the expression")
    return expr
