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
    bridgeroom.analysis.dealer.lexer.UnsupportedError: line 1: cccc() is not supported by bridgeroom (Kaplan-Rubens hand evaluation); the functions are hcp, spades, hearts, diamonds, clubs, shape, hascard, controls, losers, pt0-pt9, tricks, score, imps
    >>> loads("x = hcp(north)\\ncondition y > 3")
    Traceback (most recent call last):
    ...
    bridgeroom.analysis.dealer.lexer.DealerError: line 2: y is not defined (define it with 'y = ...' before it is used)

Each error is a message of the catalogue, shown in the person's language:

    >>> from bridgeroom.i18n import error_text
    >>> try:
    ...     loads("produce 4\\ncondition hcp(north) >= 20 &&")
    ... except DealerError as err:
    ...     print(error_text(err, "ru"))
    строка 2: ожидалось: выражение; а стоит конец сценария
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
from bridgeroom.i18n import Message
from bridgeroom.rules.core import Rank, Seat, Suit, Vulnerability

__all__ = ["load", "loads", "parse_expression"]


def _what(key: str, /, **params: object) -> Message:
    """What the script should have had here, in words (``expected {what}``)."""
    return Message(f"dealer.what.{key}", **params)


def _where(key: str, /, **params: object) -> Message:
    """Where an operator is missing, in words (``expected ',' {where}``)."""
    return Message(f"dealer.where.{key}", **params)


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
    "hcp, spades, hearts, diamonds, clubs, shape, hascard, controls, losers, pt0-pt9, tricks, "
    "score, imps"
)
_COMPASSES = "north, east, south, west"
_ACTIONS = ", ".join(_PRINTS)
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
        self.warnings: list[Message] = []

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

    def fail(self, key: str, tok: Token | None = None, /, **params: object) -> NoReturn:
        """Raise the error ``dealer.<key>`` of the catalogue at ``tok`` (default: this token)."""
        at = tok or self.tok
        raise DealerError.said(key, line=at.line, construct=at.text or None, **params)

    def is_op(self, text: str) -> bool:
        return self.tok.kind == "op" and self.tok.text == text

    def expect_op(self, text: str, where: Message) -> Token:
        if not self.is_op(text):
            self.fail("expected_op", op=text, where=where, found=self.tok.said)
        return self.next()

    def word(self) -> str:
        return self.tok.text.lower() if self.tok.kind == "word" else ""

    def expect_word(self, what: Message) -> Token:
        if self.tok.kind != "word":
            self.fail("expected", what=what, found=self.tok.said)
        return self.next()

    def integer(self, what: Message) -> int:
        sign = 1
        if self.is_op("-"):
            self.next()
            sign = -1
        tok = self.expect_word(what)
        if not _NUMBER.fullmatch(tok.text):
            self.fail("expected", tok, what=what, found=tok.said)
        return sign * int(tok.text)

    def seat(self) -> Seat:
        what = _what("compass", choices=_COMPASSES)
        tok = self.expect_word(what)
        seat = _SEATS.get(tok.text.lower())
        if seat is None:
            self.fail("expected", tok, what=what, found=tok.said)
        return seat

    def suit(self, table: dict[str, int] = _SUITS, what: str = "suit") -> int:
        tok = self.expect_word(_what(what))
        suit = table.get(tok.text.lower())
        if suit is None:
            self.fail("expected", tok, what=_what(what), found=tok.said)
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
                number = self.integer(_what("number_after", statement=key))
                if number < 0:
                    self.fail("count_negative", tok, statement=key)
                values[key] = number
            elif key == "dealer":
                self.next()
                values["dealer"] = self.seat()
            elif key == "vulnerable":
                self.next()
                what = _what("vulnerability", choices="none, NS, EW, all")
                vtok = self.expect_word(what)
                vul = _VULNERABLE.get(vtok.text.lower())
                if vul is None:
                    self.fail("expected", vtok, what=what, found=vtok.said)
                values["vulnerable"] = vul
            elif key == "predeal":
                self.next()
                self.predeal(predeal, tok)
            elif key == "pointcount":
                self.next()
                pointcount = self.scale("pointcount")
            elif key == "altcount":
                self.next()
                number = self.integer(_what("altcount_number"))
                if not 0 <= number <= 9:
                    self.fail("altcount_range", tok, statement="altcount", number=number)
                if self.is_op(","):
                    self.next()
                altcounts[number] = self.scale("altcount")
            elif key == "condition":
                self.next()
                if condition is not None:
                    self.warnings.append(
                        Message("dealer.condition_replaced", line=tok.line, previous=condition_line)
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
                self.fail("action_word", tok, word=tok.text, action="action")
            else:
                # "The word condition can actually be omitted."
                if condition is not None:
                    self.warnings.append(
                        Message("dealer.condition_replaced", line=tok.line, previous=condition_line)
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
        what = Message(f"dealer.unsupported_what.{key}", option="--seed", pbn="PBN")
        if key in ("cccc", "quality", "rnd", "ltc", "dds", "par", "hascards", "evalcontract"):
            raise UnsupportedError.said(
                "unsupported_function", line=tok.line, construct=tok.text,
                word=tok.text, what=what, functions=_SUPPORTED_FUNCTIONS,
            )  # fmt: skip
        raise UnsupportedError.said(
            "unsupported", line=tok.line, construct=tok.text, word=tok.text, what=what
        )

    def define(self) -> None:
        tok = self.next()
        name = tok.text
        if not _IDENT.fullmatch(name):
            self.fail("not_a_name", tok, name=name)
        if name.lower() in _RESERVED:
            self.fail("reserved", tok, name=name)
        self.expect_op("=", _where("definition"))
        expr = self.expression()
        self.variables[name] = expr
        self.defined.append((name, expr))

    def scale(self, what: str) -> tuple[int, ...]:
        points = _what("points_of", statement=what)
        values = [self.integer(points)]
        while self.is_op(","):
            self.next()
            values.append(self.integer(points))
        if len(values) > 13:
            self.fail("scale_long", statement=what, count=len(values))
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
                tok = self.expect_word(_what("holding", letters="S, H, D, C"))
                m = _HOLDING.fullmatch(tok.text)
                if m is None:
                    self.fail("not_holding", tok, found=tok.said, examples="SAQ542, HKJ8, D32, C")
                suit = Suit.find(m.group(1).upper())
                for ch in m.group(2).upper():
                    bit = 1 << (suit * 13 + Rank.find(ch) - 2)
                    if any(p & bit for p in predeal):
                        self.fail("predealt_twice", tok, card=f"{suit.letter}{ch}")
                    predeal[seat] |= bit
                if predeal[seat].bit_count() > 13:
                    self.fail("predealt_many", seat_tok, seat=seat)
                if not (self.is_op(",") and self.peek().kind == "word"):
                    break
                if self.peek().text.lower() in _SEATS:
                    self.next()  # a comma before the next seat
                    break
                self.next()
        if not seen_seat:
            self.fail(
                "predeal_form", start, statement="predeal", example="predeal north SAK2, HQJ3"
            )

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
            self.fail("not_action", found=tok.said, actions=_ACTIONS)
        self.next()
        every = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
        if key in ("printall", "printpbn"):
            return Print(tok.line, key, every)
        if key == "printew":
            return Print(tok.line, key, (Seat.WEST, Seat.EAST))
        if key == "print":
            self.expect_op("(", _where("after", word=key))
            seats = [self.seat()]
            while self.is_op(","):
                self.next()
                seats.append(self.seat())
            self.expect_op(")", _where("after_compasses", word=key))
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
        self.expect_op("(", _where("after", word=key))
        value = self.expression()
        self.expect_op(",", _where("after_expression_of", word=key))
        low = self.integer(_what("low_bound", action=key))
        self.expect_op(",", _where("after_low"))
        high = self.integer(_what("high_bound", action=key))
        if high < low:
            self.fail("frequency_bounds", tok, action=key, high=high, low=low)
        if self.is_op(")"):
            self.next()
            return Frequency(tok.line, label, value, low, high)
        self.expect_op(",", _where("or_close", word=key))
        value2 = self.expression()
        self.expect_op(",", _where("after_second_expression", word=key))
        low2 = self.integer(_what("second_low_bound", action=key))
        self.expect_op(",", _where("after_second_low"))
        high2 = self.integer(_what("second_high_bound", action=key))
        if high2 < low2:
            self.fail("frequency_bounds", tok, action=key, high=high2, low=low2)
        self.expect_op(")", _where("after_bounds", word=key))
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
            self.expect_op(":", _where("selection"))
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
            self.expect_op(")", _where("close", word="'('"))
            return inner
        if tok.kind != "word":
            self.fail("expected", what=_what("expression"), found=tok.said)
        key = tok.text.lower()
        if _NUMBER.fullmatch(tok.text):
            self.next()
            return Number(tok.line, int(tok.text))
        if key in _UNSUPPORTED:
            self.unsupported(tok)
        if key in _FUNCTIONS:
            self.next()
            self.expect_op("(", _where("after", word=tok.text))
            expr = self.function(key, tok)
            self.expect_op(")", _where("close", word=f"{tok.text}("))
            return expr
        if self.peek().kind == "op" and self.peek().text == "(":
            self.fail("not_function", tok, word=tok.text)
        if not _IDENT.fullmatch(tok.text):
            self.fail("not_number_or_name", tok, found=tok.said)
        if key in _RESERVED:
            self.fail("cannot_use", tok, word=tok.text)
        target = self.variables.get(tok.text)
        if target is None:
            self.fail("undefined", name=tok.text)
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
            self.expect_op(",", _where("after_compass_of", word=key))
            return self.shape(line, seat)
        if key == "hascard":
            seat = self.seat()
            self.expect_op(",", _where("after_compass_of", word=key))
            ctok = self.expect_word(_what("card", examples="AS, TC, 2D"))
            m = _CARD.fullmatch(ctok.text)
            if m is None:
                self.fail("not_card", ctok, found=ctok.said, examples="AS, TC, 2D")
            suit = Suit.find(m.group(2).upper())
            return HasCard(line, seat, suit * 13 + Rank.find(m.group(1).upper()) - 2)
        if key in ("trick", "tricks"):
            seat = self.seat()
            self.expect_op(",", _where("after_compass_of", word=key))
            return Tricks(line, seat, self.suit(_STRAINS, "strain"))
        if key == "score":
            what = _what("vulnerability", choices="nv, vul")
            vtok = self.expect_word(what)
            vkey = vtok.text.lower()
            if vkey not in ("nv", "vul", "none", "all", "both"):
                self.fail("expected", vtok, what=what, found=vtok.said)
            self.expect_op(",", _where("after_vulnerability_of", word=key))
            ctok = self.expect_word(_what("contract", examples="x3N, x4S, x7C"))
            m = _CONTRACT.fullmatch(ctok.text)
            if m is None:
                self.fail("not_contract", ctok, found=ctok.said, examples="x3N, x4S, x7C")
            self.expect_op(",", _where("after_contract_of", word=key))
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
                self.fail("never_closed", start, function="shape")
            if tok.kind == "op" and tok.text not in ("+", "-"):
                self.fail("shape_unexpected", tok, found=tok.said)
            if tok.kind not in ("op", "word"):
                self.fail("shape_unexpected", tok, found=tok.said)
            parts.append(tok.text)
        text = " ".join(parts)
        try:
            shapes = ShapeSet.parse(text)
        except ParseError as err:
            raise DealerError(
                None if err.key else str(err),
                line=start.line,
                construct=text,
                key=err.key,
                params=err.params,
            ) from None
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
            raise DealerError.said("not_text", path=str(path), reason=err.reason) from None
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
        parser.fail("after_expression", found=parser.tok.said)
    return expr
