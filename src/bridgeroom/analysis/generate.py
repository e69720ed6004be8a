"""Deals that meet conditions, made fast: deal many at once with NumPy, keep those that pass.

:func:`generate` is the Python entry point::

    >>> from bridgeroom.rules import Seat
    >>> deals = generate("hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)",
    ...                  5, seed=1)
    >>> len(deals), all(15 <= d[Seat.NORTH].hcp <= 17 and d[Seat.NORTH].is_balanced() for d in deals)
    (5, True)
    >>> generate(lambda d: (d["N"].hcp >= 20) & (d["S"].length("S") >= 5), 3, seed=2)[0][Seat.NORTH].hcp >= 20
    True

A condition is a Dealer expression or script (:mod:`bridgeroom.analysis.dealer`),
or a Python predicate over a :class:`~bridgeroom.analysis.hands.DealBatch`.
A predicate written with array operators (``&``, ``|``, comparisons) runs on
the whole batch at once; one that needs Python's own ``and``/``or``/``if`` (or
anything else that is not an array operation) is detected on the first batch
and then called deal by deal, with the same names giving plain numbers: the
answers are the same, only slower.

The work is cut into *chunks* of :data:`CHUNK` candidate deals. Chunk ``i``
draws its cards from a generator seeded by (``seed``, ``i``) only, and the
deals kept are those of chunk 0, then chunk 1, ... in order: a seeded run gives
the same deals whichever process, or how many Dask workers, deal the chunks
(:func:`deal_chunk` is a plain picklable function for them).

Dealing uses the layout sampler of the robots (:func:`bridgeroom.robots.sampler.deal`):
the predealt cards are the sampler's "cards played" of their seat, a whole
predealt hand its known hand, and the rest are shuffled among the places left.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bridgeroom.errors import BridgeError, ParseError
from bridgeroom.i18n import LANGUAGES, Message, Texts, error_text, keyed
from bridgeroom.rules.core import Deal, Hand, Seat

if TYPE_CHECKING:  # NumPy and the Dealer evaluator are imported when a job runs
    import numpy as np

    from bridgeroom.analysis.dealer.evaluate import Condition
    from bridgeroom.analysis.dealer.syntax import Expr, Script
    from bridgeroom.analysis.hands import DealBatch

__all__ = [
    "CHUNK",
    "MAX_TRIES",
    "TRIES_PER_DEAL",
    "ChunkResult",
    "Deals",
    "GenerationError",
    "Job",
    "Predicate",
    "deal_chunk",
    "generate",
    "parse_predeal",
    "run",
]

#: Candidate deals per chunk (fixed: the deals of a seeded run depend on it).
CHUNK = 1 << 15
#: Candidate deals tried at most when neither the caller nor the script says (Dealer's
#: ``generate``): this many, or :data:`TRIES_PER_DEAL` per deal asked for if that is more.
MAX_TRIES = 20_000_000
#: Candidates allowed per deal asked for (a condition met by one deal in 2000 or more often).
TRIES_PER_DEAL = 2_000


def default_tries(n: int) -> int:
    """The candidates tried at most for ``n`` deals when nobody says.

    >>> default_tries(40), default_tries(1_000_000)
    (20000000, 2000000000)
    """
    return max(MAX_TRIES, TRIES_PER_DEAL * n)


class GenerationError(BridgeError):
    """Conditions that cannot be met, or asked for in a way that cannot be run."""


# --- conditions that can never be met ----------------------------------------------------------

#: A range of values (``None``: unbounded on that side).
_Range = tuple[int | None, int | None]
_ANY: _Range = (None, None)
_TRUTH: _Range = (0, 1)


def never_met(condition: Expr | None) -> Message | None:
    """Why a Dealer condition can never be met, read from its expression before any deal is
    dealt (a suit holds 0 to 13 cards, a hand 0 to 37 high-card points, a suit 0 to 10); ``None``
    when it may be met (what cannot be told from the bounds of the functions is left to the
    dealing).

    >>> from bridgeroom.analysis.dealer.parser import parse_expression
    >>> never_met(parse_expression("spades(north) >= 14")).render("en")
    'the condition can never be met (line 1): a hand holds 0 to 13 cards of a suit'
    >>> never_met(parse_expression("hcp(north) > 37 || spades(south) > 5")) is None
    True
    """
    if condition is None:
        return None
    found: list[Message] = []
    truth = _range(condition, found)
    if truth != (0, 0):
        return None
    return found[0] if found else Message("deal.never", line=condition.line)


def _bounds(expr: Expr) -> tuple[_Range, str | None]:
    """A function's values and the catalogue key that says them (``None``: not a bounded
    function)."""
    from bridgeroom.analysis.dealer.syntax import Length, Points, Tricks

    if isinstance(expr, Length):
        return (0, 13), "deal.never_length"
    if isinstance(expr, Points) and expr.name == "hcp" and expr.count is None:
        if expr.suit is None:
            return (0, 37), "deal.never_hcp"
        return (0, 10), "deal.never_suit_hcp"
    if isinstance(expr, Tricks):
        return (0, 13), "deal.never_tricks"
    return _ANY, None


def _range(expr: Expr, found: list[Message]) -> _Range:
    """The values ``expr`` can take (truth values are 0 and 1), noting in ``found`` each
    comparison that is never true."""
    from bridgeroom.analysis.dealer.syntax import Binary, HasCard, Number, Ref, Select, Shape, Unary

    if isinstance(expr, Number):
        return expr.value, expr.value
    if isinstance(expr, Ref):
        return _range(expr.target, found)
    if isinstance(expr, Shape | HasCard):
        return _TRUTH
    if isinstance(expr, Unary):
        low, high = _range(expr.operand, found)
        if expr.op == "-":
            return (None if high is None else -high, None if low is None else -low)
        return (
            (1, 1) if (low, high) == (0, 0) else (0, 0) if low is not None and low > 0 else _TRUTH
        )
    if isinstance(expr, Select):
        test = _range(expr.test, found)
        then, other = _range(expr.then, found), _range(expr.other, found)
        if test == (0, 0):
            return other
        if test[0] is not None and test[0] > 0:
            return then
        return (
            None if then[0] is None or other[0] is None else min(then[0], other[0]),
            None if then[1] is None or other[1] is None else max(then[1], other[1]),
        )
    if isinstance(expr, Binary):
        return _binary(expr, found)
    bounds, _ = _bounds(expr)
    return bounds


def _binary(expr: Any, found: list[Message]) -> _Range:
    left, right = _range(expr.left, found), _range(expr.right, found)
    op = expr.op
    if op == "&&":
        return (0, 0) if (0, 0) in (left, right) else _TRUTH
    if op == "||":
        return (0, 0) if left == right == (0, 0) else _TRUTH
    (al, ah), (bl, bh) = left, right
    if op in ("+", "-"):
        if op == "-":
            bl, bh = (None if bh is None else -bh), (None if bl is None else -bl)
        return (
            None if al is None or bl is None else al + bl,
            None if ah is None or bh is None else ah + bh,
        )
    never = {
        "<": al is not None and bh is not None and al >= bh,
        "<=": al is not None and bh is not None and al > bh,
        ">": ah is not None and bl is not None and ah <= bl,
        ">=": ah is not None and bl is not None and ah < bl,
        "==": (ah is not None and bl is not None and ah < bl)
        or (bh is not None and al is not None and bh < al),
    }.get(op)
    if never is None:
        return _ANY if op in ("*", "/", "%") else _TRUTH
    if never:
        for side in (expr.left, expr.right):
            _, key = _bounds(side.target if hasattr(side, "target") else side)
            if key is not None:
                found.append(Message(key, line=expr.line))
                break
        return 0, 0
    return _TRUTH


# --- predeal ------------------------------------------------------------------------------------


def parse_predeal(text: str) -> tuple[int, int, int, int]:
    """Cards given to seats before dealing: ``N:AKQ2.K32.A2.Q432`` (a whole or partial hand in PBN
    order, one seat), or Dealer's ``north SAK2, HQJ3`` (several seats allowed).

    >>> [Hand(m) for m in parse_predeal("S:AK.-.-.QJ")]
    [Hand('...'), Hand('...'), Hand('AK...QJ'), Hand('...')]
    >>> Hand(parse_predeal("west SAQ, D2")[3])
    Hand('AQ..2.')
    """
    text = text.strip()
    if len(text) > 2 and text[1] == ":":
        seat = Seat.find(text[0])
        try:
            hand = Hand.parse(text[2:])
        except ParseError as err:
            message = Texts(**{lang: error_text(err, lang) for lang in LANGUAGES})
            raise keyed(
                ParseError, "deal.predeal_bad", statement="predeal", text=text, message=message
            ) from None
        if len(hand) > 13:
            raise keyed(ParseError, "deal.predeal_many", statement="predeal", text=text)
        masks = [0, 0, 0, 0]
        masks[seat] = hand.mask
        return (masks[0], masks[1], masks[2], masks[3])
    from bridgeroom.analysis.dealer.lexer import DealerError
    from bridgeroom.analysis.dealer.parser import loads

    try:
        script = loads(f"predeal {text}", name="--predeal")
    except DealerError as err:
        said: object = Message(err.key, **err.params) if err.key else err.args[0]
        raise keyed(
            ParseError, "deal.predeal_form", statement="predeal", text=text, message=said,
            example1="N:AKQ2.K32.A2.Q432", example2="'north SAK2, HQJ3'",
        ) from None  # fmt: skip
    return script.predeal


def merge_predeals(*predeals: Sequence[int]) -> tuple[int, int, int, int]:
    """Several predeals at once; a card given twice is an error."""
    out = [0, 0, 0, 0]
    seen = 0
    for given in predeals:
        for seat, mask in enumerate(given):
            if seen & mask:
                cards = str(Hand(seen & mask))
                raise keyed(GenerationError, "deal.given_twice", statement="predeal", cards=cards)
            seen |= mask
            out[seat] |= mask
            if out[seat].bit_count() > 13:
                raise keyed(GenerationError, "deal.seat_many", statement="predeal", seat=Seat(seat))
    return (out[0], out[1], out[2], out[3])


def _knowledge(predeal: Sequence[int]) -> Any:
    from bridgeroom.robots.sampler import Knowledge

    known = [0, 0, 0, 0]
    played = [0, 0, 0, 0]
    hidden = [13, 13, 13, 13]
    for seat, mask in enumerate(predeal):
        if mask.bit_count() == 13:
            known[seat], hidden[seat] = mask, 0
        else:
            played[seat], hidden[seat] = mask, 13 - mask.bit_count()
    return Knowledge(
        Seat.NORTH,
        (known[0], known[1], known[2], known[3]),
        (hidden[0], hidden[1], hidden[2], hidden[3]),
        (played[0], played[1], played[2], played[3]),
    )


# --- predicates ---------------------------------------------------------------------------------


class Predicate:
    """A Python condition over a :class:`DealBatch`, run on the whole batch when it can be.

    ``vectorized=None`` (the default) tries the batch first and falls back to
    one deal at a time when the function cannot take arrays (or does not give
    one truth value per deal); ``True`` insists on arrays, ``False`` never
    tries them.
    """

    def __init__(self, func: Callable[[DealBatch], Any], vectorized: bool | None = None) -> None:
        self.func = func
        self.vectorized = vectorized

    def __call__(self, batch: DealBatch) -> np.ndarray:
        import numpy as np

        from bridgeroom.analysis.hands import DealBatch

        if self.vectorized is not False and len(batch):
            try:
                result = self.func(batch)
            except Exception:
                if self.vectorized:
                    raise
                result = None
            if isinstance(result, np.ndarray) and result.shape == (len(batch),):
                return result if result.dtype == bool else result != 0
            if self.vectorized:
                raise GenerationError(
                    "a vectorized predicate gives one truth value per deal of the batch "
                    f"(an array of {len(batch)}), not {type(result).__name__}"
                )
            self.vectorized = False
        out = np.zeros(len(batch), dtype=bool)
        for i in range(len(batch)):
            out[i] = bool(self.func(DealBatch(batch.masks[i : i + 1], scalar=True)))
        return out

    def __repr__(self) -> str:
        return f"Predicate({getattr(self.func, '__name__', self.func)!r})"


def as_test(
    condition: object, vectorized: bool | None = None
) -> tuple[Condition | Predicate | None, Script | None]:
    from bridgeroom.analysis.dealer.evaluate import Condition
    from bridgeroom.analysis.dealer.syntax import Expr, Script

    if condition is None:
        return None, None
    if isinstance(condition, Condition | Predicate):
        return condition, None
    if isinstance(condition, Script):
        return Condition(condition), condition
    if isinstance(condition, Expr):
        return Condition(condition), None
    if isinstance(condition, str):
        from bridgeroom.analysis.dealer.parser import loads

        script = loads(condition)  # a bare expression is a script's condition
        return Condition(script), script
    if callable(condition):
        return Predicate(condition, vectorized), None
    raise GenerationError(
        f"a condition is a Dealer expression or script, or a predicate, not {type(condition).__name__}"
    )


# --- chunks -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Job:
    """What a chunk needs: the predealt cards, the test, and the values to compute for each deal
    kept (the expressions of a script's actions). Picklable: it travels to Dask workers."""

    predeal: tuple[int, int, int, int] = (0, 0, 0, 0)
    test: Condition | Predicate | None = None
    values: tuple[Expr, ...] = ()
    chunk: int = CHUNK


@dataclass
class ChunkResult:
    """The deals a chunk kept (``masks``, in the order dealt), the values of the job's expressions
    for each (``values[i, j]``), how many candidates it dealt and how many of them met the test
    (``passed``: also those cut away when the job needed fewer)."""

    index: int
    masks: np.ndarray
    values: np.ndarray
    tried: int
    passed: int


def chunk_rng(seed: int, index: int) -> np.random.Generator:
    """The generator of chunk ``index`` of a job seeded ``seed`` (NumPy ``SeedSequence`` spawn keys)."""
    import numpy as np

    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(index,)))


def deal_chunk(job: Job, index: int, seed: int, tries: int | None = None) -> ChunkResult:
    """Chunk ``index`` of a job: deal ``tries`` candidates (default ``job.chunk``) from the chunk's
    own generator and keep those that pass the test."""
    import numpy as np

    from bridgeroom.analysis.dealer.evaluate import Condition, Context
    from bridgeroom.analysis.hands import DealBatch
    from bridgeroom.robots.sampler import complete, deal

    count = job.chunk if tries is None else tries
    knowledge = _knowledge(job.predeal)
    played = np.array(knowledge.played, dtype=np.uint64)
    rng = chunk_rng(seed, index)
    # a condition that reads some hands only is judged on those: the other hands are dealt
    # for the deals it keeps (the same law: a seat's cards do not depend on the others')
    seats = job.test.seats if isinstance(job.test, Condition) else None
    hidden = {s for s in range(4) if knowledge.hidden[s]}
    if seats is not None and not hidden <= seats:
        raw = deal(knowledge, count, rng, seats=seats & hidden)
    else:
        seats = None
        raw = deal(knowledge, count, rng)
    masks = raw | played
    batch = DealBatch(masks)
    ctx = Context(batch)
    if job.test is None:
        keep = np.ones(count, dtype=bool)
    elif isinstance(job.test, Condition):
        keep = job.test(ctx)
    else:
        keep = job.test(batch)
    rows = np.flatnonzero(keep)
    if seats is not None:
        masks = np.zeros_like(masks)
        masks[rows] = complete(knowledge, raw[rows], rng) | played
        batch = DealBatch(masks[rows])
        ctx = Context(batch)
        rows_here = np.arange(len(rows))
    else:
        rows_here = rows
    values = np.zeros((len(rows), len(job.values)), dtype=np.int64)
    if job.values and len(rows):
        evaluator = job.test if isinstance(job.test, Condition) else Condition(None)
        for j, expr in enumerate(job.values):
            values[:, j] = evaluator.value(expr, ctx, rows_here)
    return ChunkResult(index, masks[rows], values, count, len(rows))


def _chunk_sizes(max_tries: int, chunk: int) -> Iterator[tuple[int, int]]:
    index = 0
    start = 0
    while start < max_tries:
        size = min(chunk, max_tries - start)
        yield index, size
        index += 1
        start += size


def run(
    job: Job,
    n: int,
    seed: int,
    *,
    max_tries: int | None = None,
    batch: Any = None,
    start: Callable[[], Any] | None = None,
    progress: Any = None,
) -> Iterator[ChunkResult]:
    """The chunks of a job in order, each cut so that no more than ``n`` deals are kept in all,
    until ``n`` deals are kept or ``max_tries`` candidates are dealt.

    ``batch`` (an entered :class:`bridgeroom.analysis.batch.Batch`) deals the chunks on
    its Dask cluster; without it they are dealt here, and ``start`` (a function making a
    batch) takes over after the first chunk when the rest would take a while
    (:func:`bridgeroom.analysis.scale.auto_map`). ``progress`` (``advance(count)``) is told
    the deals kept.
    """
    from bridgeroom.analysis.scale import auto_map

    if n < 0:
        raise GenerationError(f"a number of deals is 0 or more, not {n}")
    if max_tries is None:
        max_tries = default_tries(n)
    if max_tries < 0:
        raise keyed(GenerationError, "deal.tries_count", count=max_tries)
    if n == 0:
        return
    from bridgeroom.analysis.dealer.evaluate import Condition

    if isinstance(job.test, Condition):
        reason = never_met(job.test.expr)
        if reason is not None:
            raise keyed(GenerationError, reason.key, **dict(reason.params))

    def remaining(first: ChunkResult, seconds: float) -> float:
        kept = len(first.masks)
        if kept >= n:
            return 0.0
        left = max_tries - first.tried
        chunks = left / first.tried if kept == 0 else min(left / first.tried, (n - kept) / kept)
        return chunks * seconds

    results = auto_map(
        _ChunkCall(job, seed),
        _chunk_sizes(max_tries, job.chunk),
        batch=batch,
        start=start,
        remaining=remaining,
    )
    kept = 0
    try:
        for result in results:
            take = min(len(result.masks), n - kept)
            if take < len(result.masks):
                result.masks = result.masks[:take]
                result.values = result.values[:take]
            kept += take
            if progress is not None and take:
                progress.advance(take)
            yield result
            if kept >= n:
                break
    finally:
        results.close()


@dataclass(frozen=True)
class _ChunkCall:
    """``deal_chunk`` bound to a job and a seed, for :meth:`Batch.map` (picklable)."""

    job: Job
    seed: int

    def __call__(self, item: tuple[int, int]) -> ChunkResult:
        index, size = item
        return deal_chunk(self.job, index, self.seed, size)


# --- the result ---------------------------------------------------------------------------------


@dataclass
class Deals(Sequence[Deal]):
    """Deals made by :func:`generate`: a sequence of :class:`~bridgeroom.rules.Deal`.

    ``masks`` holds them as a (n, 4) array of hand masks (N, E, S, W); ``tried``
    counts the candidates dealt, ``seed`` is the seed that makes them again.
    """

    masks: np.ndarray
    tried: int
    seed: int
    passed: int = 0

    def __len__(self) -> int:
        return int(self.masks.shape[0])

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        return Deal.from_masks(int(m) for m in self.masks[i])

    def __iter__(self) -> Iterator[Deal]:
        for i in range(len(self)):
            yield self[i]

    @property
    def batch(self) -> DealBatch:
        """The deals as a :class:`DealBatch`, for vectorised statistics."""
        from bridgeroom.analysis.hands import DealBatch

        return DealBatch(self.masks)

    @property
    def rate(self) -> float:
        """The share of the candidates dealt that met the condition (those beyond the ``n``
        asked for included)."""
        return self.passed / self.tried if self.tried else 0.0

    def __repr__(self) -> str:
        return f"<Deals: {len(self)} kept of {self.tried} dealt, seed {self.seed}>"


def new_seed() -> int:
    """A fresh seed for an unseeded run (kept in the result, so that the run can be made again)."""
    return secrets.randbits(63)


def generate(
    condition: object = None,
    n: int = 1,
    *,
    seed: int | None = None,
    predeal: Sequence[int] | Mapping[Seat | str, str] | str | None = None,
    max_tries: int | None = None,
    vectorized: bool | None = None,
    batch: Any = None,
) -> Deals:
    """``n`` deals meeting ``condition`` (a Dealer expression or script, a parsed script, or a
    predicate over a :class:`DealBatch`), reproducible with ``seed``.

    ``predeal`` gives cards before dealing: four masks (N, E, S, W), a mapping of
    seats to hands (``{"S": "AKQ2.K32.A2.Q432"}``), or a string as
    :func:`parse_predeal` reads. ``max_tries`` bounds the candidates dealt (a
    script's ``generate``, else :func:`default_tries`); fewer than ``n`` deals come
    back when it is reached (see :attr:`Deals.tried`). ``batch`` runs the chunks
    on a started Dask :class:`~bridgeroom.analysis.batch.Batch`.
    """
    test, script = as_test(condition, vectorized)
    given = _predeal_of(predeal)
    if script is not None:
        given = merge_predeals(script.predeal, given)
        if max_tries is None and script.generate is not None:
            max_tries = script.generate
    job = Job(given, test)
    run_seed = new_seed() if seed is None else int(seed)
    chunks = list(run(job, n, run_seed, max_tries=max_tries, batch=batch))
    import numpy as np

    masks = [c.masks for c in chunks]
    tried = sum(c.tried for c in chunks)
    out = np.concatenate(masks) if masks else np.zeros((0, 4), dtype=np.uint64)
    return Deals(out, tried, run_seed, sum(c.passed for c in chunks))


def _predeal_of(predeal: object) -> tuple[int, int, int, int]:
    if predeal is None:
        return (0, 0, 0, 0)
    if isinstance(predeal, str):
        return parse_predeal(predeal)
    if isinstance(predeal, Mapping):
        parts = []
        for seat, hand in predeal.items():
            s = seat if isinstance(seat, Seat) else Seat.find(seat)
            parts.append(parse_predeal(f"{s.letter}:{hand}"))
        return merge_predeals(*parts)
    masks = tuple(int(m) for m in predeal)  # type: ignore[attr-defined]
    if len(masks) != 4:
        raise GenerationError(f"a predeal is four hand masks (N, E, S, W), not {len(masks)}")
    return merge_predeals(masks)
