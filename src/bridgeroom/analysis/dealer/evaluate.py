"""Dealer expressions evaluated over a whole batch of deals at once, with NumPy.

:func:`compile` turns an expression into a function of a :class:`Context`
(the batch) and the rows to evaluate; every hand function is a table lookup
(:mod:`bridgeroom.analysis.hands`), so a batch of 30,000 deals costs about as
much as a handful of Python-level operations. ``&&``, ``||`` and ``?:``
evaluate their right-hand side only on the rows that need it, as C does deal
by deal: a condition such as ``hcp(north) >= 20 && tricks(north, spades) >= 12``
calls the double-dummy solver for the few deals where North holds 20 points.

The one function that cannot be a table is ``tricks()``: it is solved per deal
(the per-deal fallback), by DDS in batches of deals through the robots'
:mod:`bridgeroom.robots.dds` adapter, once per deal and strain (the four
declarers come together), and remembered for the batch.

    >>> import numpy as np
    >>> from bridgeroom.analysis.dealer.parser import parse_expression
    >>> from bridgeroom.analysis.hands import DealBatch
    >>> from bridgeroom.rules import Deal
    >>> deal = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> test = Condition(parse_expression("hcp(north) > 30 && shape(west, 1444) ? 1 : 0"))
    >>> test(DealBatch.of([deal])).tolist()
    [True]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from bridgeroom.analysis.dealer.lexer import DealerError
from bridgeroom.analysis.dealer.syntax import (
    Binary,
    Controls,
    Expr,
    HasCard,
    Imps,
    Length,
    Losers,
    Number,
    Points,
    Ref,
    Score,
    Script,
    Select,
    Shape,
    Tricks,
    Unary,
)
from bridgeroom.analysis.hands import (
    CONTROLS,
    DEFAULT_ALTCOUNTS,
    HCP_SCALE,
    LENGTH,
    LOSERS,
    DealBatch,
    points_table,
)

__all__ = ["Condition", "Context", "Tables", "compile", "costly", "seats_of"]

Rows = np.ndarray | None
Fn = Callable[["Context", Rows], np.ndarray]


class Tables:
    """The point tables of a script: ``hcp()`` by ``pointcount``, ``pt0`` ... ``pt9`` by ``altcount``."""

    def __init__(
        self,
        pointcount: Sequence[int] | None = None,
        altcounts: Sequence[Sequence[int] | None] = (),
    ) -> None:
        self.pointcount = tuple(pointcount) if pointcount is not None else HCP_SCALE
        counts = list(altcounts) + [None] * (10 - len(altcounts))
        self.altcounts = tuple(
            tuple(given) if given is not None else DEFAULT_ALTCOUNTS[i]
            for i, given in enumerate(counts)
        )
        self.hcp = _table(self.pointcount)
        self.alt = [_table(scale) for scale in self.altcounts]

    @classmethod
    def of(cls, script: Script) -> Tables:
        return cls(script.pointcount, script.altcounts)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Tables, (self.pointcount, self.altcounts))


@lru_cache(maxsize=64)
def _table(scale: tuple[int, ...]) -> np.ndarray:
    table = points_table(scale)
    table.setflags(write=False)
    return table


class Context:
    """One batch being evaluated: its deals and what was solved for them."""

    def __init__(self, batch: DealBatch) -> None:
        self.batch = batch
        self.holdings = batch.holdings
        self._tricks: dict[int, np.ndarray] = {}

    def __len__(self) -> int:
        return len(self.batch)

    def rows(self, rows: Rows) -> np.ndarray:
        return np.arange(len(self)) if rows is None else rows

    def tricks(self, strain: int, seat: int, rows: Rows) -> np.ndarray:
        """Double-dummy tricks of ``seat`` declaring ``strain`` on ``rows`` (solved when first asked)."""
        table = self._tricks.get(strain)
        if table is None:
            table = self._tricks[strain] = np.full((len(self), 4), -1, dtype=np.int16)
        index = self.rows(rows)
        missing = index[table[index, seat] < 0]
        if len(missing):
            from bridgeroom.robots.dds import solver

            masks = self.batch.masks[missing]
            deals = [(int(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in masks]
            solved = solver().tables(deals, strains=[strain])
            table[missing] = np.array([row[strain] for row in solved], dtype=np.int16)
        return np.asarray(table[index, seat])


def _take(values: np.ndarray, rows: Rows) -> np.ndarray:
    return values if rows is None else values[rows]


def _int(values: np.ndarray) -> np.ndarray:
    return values.astype(np.int64) if values.dtype != np.int64 else values


def _truth(values: np.ndarray) -> np.ndarray:
    return values if values.dtype == bool else values != 0


def costly(expr: Expr) -> bool:
    """Whether ``expr`` calls the double-dummy solver (``tricks()``)."""
    if isinstance(expr, Tricks):
        return True
    if isinstance(expr, Ref):
        return costly(expr.target)
    if isinstance(expr, Unary):
        return costly(expr.operand)
    if isinstance(expr, Binary):
        return costly(expr.left) or costly(expr.right)
    if isinstance(expr, Select):
        return costly(expr.test) or costly(expr.then) or costly(expr.other)
    if isinstance(expr, Score):
        return costly(expr.tricks)
    if isinstance(expr, Imps):
        return costly(expr.value)
    return False


def seats_of(expr: Expr | None) -> frozenset[int] | None:
    """The seats whose hands ``expr`` reads (``None``: the whole deal, for ``tricks()``).

    >>> from bridgeroom.analysis.dealer.parser import parse_expression
    >>> sorted(seats_of(parse_expression("hcp(north) > 10 && shape(south, any 0xxx)")))
    [0, 2]
    >>> seats_of(parse_expression("tricks(north, spades) > 9")) is None
    True
    """
    if expr is None or isinstance(expr, Number):
        return frozenset()
    if isinstance(expr, Tricks):
        return None
    if isinstance(expr, Length | Points | Controls | Losers | Shape | HasCard):
        return frozenset({int(expr.seat)})
    parts: list[Expr]
    if isinstance(expr, Ref):
        parts = [expr.target]
    elif isinstance(expr, Unary):
        parts = [expr.operand]
    elif isinstance(expr, Binary):
        parts = [expr.left, expr.right]
    elif isinstance(expr, Select):
        parts = [expr.test, expr.then, expr.other]
    elif isinstance(expr, Score):
        parts = [expr.tricks]
    elif isinstance(expr, Imps):
        parts = [expr.value]
    else:
        return None
    out: frozenset[int] = frozenset()
    for part in parts:
        seats = seats_of(part)
        if seats is None:
            return None
        out |= seats
    return out


def compile(expr: Expr, tables: Tables | None = None) -> Fn:
    """A function ``f(context, rows)`` giving the value of ``expr`` on ``rows`` of the batch
    (``None``: every row): booleans for tests, integers for the rest."""
    return _Compiler(tables or Tables()).expr(expr)


class _Compiler:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.cache: dict[int, Fn] = {}

    def expr(self, node: Expr) -> Fn:
        key = id(node)
        fn = self.cache.get(key)
        if fn is None:
            fn = self.cache[key] = self._make(node)
        return fn

    def _make(self, node: Expr) -> Fn:
        if isinstance(node, Number):
            value = node.value

            def number(ctx: Context, rows: Rows) -> np.ndarray:
                return np.full(len(ctx) if rows is None else len(rows), value, dtype=np.int64)

            return number
        if isinstance(node, Ref):
            return self.expr(node.target)
        if isinstance(node, Length):
            seat, suit = int(node.seat), node.suit

            def length(ctx: Context, rows: Rows) -> np.ndarray:
                return np.asarray(LENGTH[_take(ctx.holdings[:, seat, suit], rows)])

            return length
        if isinstance(node, Points):
            table = self.tables.hcp if node.count is None else self.tables.alt[node.count]
            return _suit_sum(table, int(node.seat), node.suit)
        if isinstance(node, Controls):
            return _suit_sum(CONTROLS, int(node.seat), node.suit)
        if isinstance(node, Losers):
            return _suit_sum(LOSERS, int(node.seat), node.suit)
        if isinstance(node, Shape):
            shapes, seat = node.shapes.table, int(node.seat)

            def shape(ctx: Context, rows: Rows) -> np.ndarray:
                return np.asarray(shapes[_take(ctx.batch.pattern_codes[:, seat], rows)])

            return shape
        if isinstance(node, HasCard):
            seat = int(node.seat)
            bit = np.uint64(1) << np.uint64(node.card)

            def hascard(ctx: Context, rows: Rows) -> np.ndarray:
                return np.asarray((_take(ctx.batch.masks[:, seat], rows) & bit) != 0)

            return hascard
        if isinstance(node, Tricks):
            strain, seat = node.strain, int(node.seat)

            def tricks(ctx: Context, rows: Rows) -> np.ndarray:
                return ctx.tricks(strain, seat, rows)

            return tricks
        if isinstance(node, Score):
            return self._score(node)
        if isinstance(node, Imps):
            return self._imps(node)
        if isinstance(node, Unary):
            return self._unary(node)
        if isinstance(node, Select):
            return self._select(node)
        if isinstance(node, Binary):
            return self._binary(node)
        raise DealerError.said("cannot_evaluate", line=node.line, node=type(node).__name__)

    def _score(self, node: Score) -> Fn:
        from bridgeroom.rules.core import Contract, Strain
        from bridgeroom.scoring import score_duplicate

        contract = Contract(node.level, Strain(node.strain))
        table = np.array(
            [score_duplicate(contract, t, node.vulnerable).score for t in range(14)], dtype=np.int64
        )
        tricks = self.expr(node.tricks)
        line = node.line

        def score(ctx: Context, rows: Rows) -> np.ndarray:
            t = _int(tricks(ctx, rows))
            if len(t) and (t.min() < 0 or t.max() > 13):
                bad = int(t[(t < 0) | (t > 13)][0])
                raise DealerError.said("score_tricks", line=line, function="score", count=bad)
            return np.asarray(table[t])

        return score

    def _imps(self, node: Imps) -> Fn:
        from bridgeroom.scoring.compare import IMP_SCALE

        scale = np.array(IMP_SCALE, dtype=np.int64)
        value = self.expr(node.value)

        def imps(ctx: Context, rows: Rows) -> np.ndarray:
            v = _int(value(ctx, rows))
            return np.asarray(
                np.searchsorted(scale, np.abs(v), side="right").astype(np.int64) * np.sign(v)
            )

        return imps

    def _unary(self, node: Unary) -> Fn:
        operand = self.expr(node.operand)
        if node.op == "!":

            def negation(ctx: Context, rows: Rows) -> np.ndarray:
                return ~_truth(operand(ctx, rows))

            return negation

        def minus(ctx: Context, rows: Rows) -> np.ndarray:
            return -_int(operand(ctx, rows))

        return minus

    def _select(self, node: Select) -> Fn:
        test, then, other = self.expr(node.test), self.expr(node.then), self.expr(node.other)

        def select(ctx: Context, rows: Rows) -> np.ndarray:
            index = ctx.rows(rows)
            t = _truth(test(ctx, rows))
            a = then(ctx, index[t])
            b = other(ctx, index[~t])
            kind = bool if a.dtype == bool and b.dtype == bool else np.int64
            out = np.empty(len(index), dtype=kind)
            out[t] = a
            out[~t] = b
            return out

        return select

    def _binary(self, node: Binary) -> Fn:
        left, right = self.expr(node.left), self.expr(node.right)
        op, line = node.op, node.line
        if op in ("&&", "||"):
            lazy = costly(node.right)
            want = op == "&&"

            def logical(ctx: Context, rows: Rows) -> np.ndarray:
                a = _truth(left(ctx, rows))
                need = a if want else ~a  # the rows whose answer the right side decides
                n = int(need.sum())
                if n == 0:
                    return a.copy()
                if n == len(a) or (not lazy and n * 2 > len(a)):
                    b = _truth(right(ctx, rows))
                    return np.asarray((a & b) if want else (a | b))
                out = a.copy()
                out[need] = _truth(right(ctx, ctx.rows(rows)[need]))
                return out

            return logical
        compare: dict[str, Callable[[Any, Any], np.ndarray]] = {
            "==": np.equal,
            "!=": np.not_equal,
            "<": np.less,
            "<=": np.less_equal,
            ">": np.greater,
            ">=": np.greater_equal,
        }
        if op in compare:
            fn = compare[op]

            def comparison(ctx: Context, rows: Rows) -> np.ndarray:
                return np.asarray(fn(_int(left(ctx, rows)), _int(right(ctx, rows))))

            return comparison

        def arithmetic(ctx: Context, rows: Rows) -> np.ndarray:
            a, b = _int(left(ctx, rows)), _int(right(ctx, rows))
            if op == "+":
                return np.asarray(a + b)
            if op == "-":
                return np.asarray(a - b)
            if op == "*":
                return np.asarray(a * b)
            if (b == 0).any():
                raise DealerError.said("division", line=line, construct=op, op=op)
            # C: the quotient is truncated toward zero and the remainder takes the dividend's sign
            q = (np.abs(a) // np.abs(b)) * np.sign(a) * np.sign(b)
            return np.asarray(q if op == "/" else a - b * q)

        return arithmetic


def _suit_sum(table: np.ndarray, seat: int, suit: int | None) -> Fn:
    if suit is None:

        def whole(ctx: Context, rows: Rows) -> np.ndarray:
            return np.asarray(table[_take(ctx.holdings[:, seat, :], rows)].sum(axis=-1))

        return whole

    def one(ctx: Context, rows: Rows) -> np.ndarray:
        return np.asarray(table[_take(ctx.holdings[:, seat, suit], rows)])

    return one


class Condition:
    """A compiled condition: called with a :class:`DealBatch`, it tells which deals pass.

    Made from a parsed expression (and the script's tables), or from a whole
    :class:`Script` (its ``condition``; none: every deal passes).
    """

    def __init__(self, source: Expr | Script | None, tables: Tables | None = None) -> None:
        if isinstance(source, Script):
            tables = tables or Tables.of(source)
            source = source.condition
        self.expr = source
        self.tables = tables or Tables()
        self._compiler = _Compiler(self.tables)
        self._fn = None if source is None else self._compiler.expr(source)

    def __reduce__(self) -> tuple[Any, ...]:
        # the compiled closures stay behind; a worker compiles the expression again
        return (Condition, (self.expr, self.tables))

    @property
    def seats(self) -> frozenset[int] | None:
        """The seats whose hands the condition reads (``None``: the whole deal)."""
        return seats_of(self.expr)

    def __call__(self, batch: DealBatch | Context) -> np.ndarray:
        ctx = batch if isinstance(batch, Context) else Context(batch)
        if self._fn is None:
            return np.ones(len(ctx), dtype=bool)
        return _truth(self._fn(ctx, None))

    def value(self, expr: Expr, ctx: Context, rows: Rows = None) -> np.ndarray:
        """The value of another expression of the same script on ``rows`` (integers)."""
        result = self._compiler.expr(expr)(ctx, rows)
        return result.astype(np.int64)
