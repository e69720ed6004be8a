"""A script's actions run over the deals it produced: what to print per deal, and statistics.

The values an action needs (``average``'s expression, ``frequency``'s, the
expression of ``printoneline`` or ``printes``) are computed where the deals
are made, vectorised, next to the condition (:attr:`Actions.values` goes into
the generator's job); this module turns them into text and sums them up.

    >>> from bridgeroom.analysis.dealer.parser import loads
    >>> import numpy as np
    >>> actions = Actions(loads('action average "hcp" hcp(north), frequency "spades" (spades(north), 3, 5)'))
    >>> len(actions.values), actions.prints
    (2, False)
    >>> actions.add(np.array([[10, 2], [14, 4], [12, 6]]))
    >>> print("\\n".join(actions.summary()))
    hcp: 12.00
    spades:
      Low        1   33.33 %
        3        0    0.00 %
        4        1   33.33 %
        5        0    0.00 %
      High       1   33.33 %

In Russian (``bridgeroom deal --lang ru``):

    >>> print("\\n".join(actions.summary("ru")))
    hcp: 12,00
    spades:
      ниже        1   33,33 %
         3        0    0,00 %
         4        1   33,33 %
         5        0    0,00 %
      выше        1   33,33 %
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bridgeroom.analysis.dealer.syntax import (
    Average,
    Expr,
    Frequency,
    Print,
    PrintES,
    Script,
)
from bridgeroom.i18n import Message, translate
from bridgeroom.rules.core import Seat

__all__ = ["Actions"]

ALL_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


class Actions:
    """The actions of ``script`` (``printall`` when it has none), ready to run."""

    def __init__(self, script: Script) -> None:
        actions = script.actions or (Print(0, "printall", ALL_SEATS),)
        self.actions = actions
        values: list[Expr] = []
        self._slots: dict[int, list[int]] = {}  # action position -> its value columns
        seats: set[Seat] = set()
        for i, action in enumerate(actions):
            exprs: list[Expr] = []
            if isinstance(action, Print):
                seats.update(action.seats)
                if action.value is not None:
                    exprs.append(action.value)
            elif isinstance(action, PrintES):
                exprs.extend(item for item in action.items if isinstance(item, Expr))
            elif isinstance(action, Average):
                exprs.append(action.value)
            elif isinstance(action, Frequency):
                exprs.append(action.value)
                if action.value2 is not None:
                    exprs.append(action.value2)
            self._slots[i] = list(range(len(values), len(values) + len(exprs)))
            values.extend(exprs)
        #: The expressions to evaluate for each deal produced, in column order.
        self.values: tuple[Expr, ...] = tuple(values)
        #: The hands the print actions show (N, E, S, W order).
        self.seats: tuple[Seat, ...] = tuple(s for s in ALL_SEATS if s in seats)
        self._sums: dict[int, list[float]] = {}
        self._counts: dict[int, np.ndarray] = {}

    @property
    def prints(self) -> bool:
        """Whether deals are printed (else only statistics, as Dealer does)."""
        return any(isinstance(a, Print | PrintES) for a in self.actions)

    @property
    def comments(self) -> bool:
        """Whether something besides the deals is written (statistics, values, printes)."""
        return any(
            isinstance(a, Average | Frequency | PrintES)
            or (isinstance(a, Print) and a.value is not None)
            for a in self.actions
        )

    def notes(self, row: Sequence[int]) -> list[str]:
        """The lines printed with one deal: ``printoneline``/``printcompact`` values and ``printes``."""
        out: list[str] = []
        for i, action in enumerate(self.actions):
            cols = self._slots[i]
            if isinstance(action, Print) and action.value is not None:
                out.append(f"{action.name}: {int(row[cols[0]])}")
            elif isinstance(action, PrintES):
                text = ""
                k = 0
                for item in action.items:
                    if isinstance(item, Expr):
                        text += str(int(row[cols[k]]))
                        k += 1
                    else:
                        text += item
                lines = text.split("\n")
                out.extend(lines[:-1] if text.endswith("\n") else lines)
        return out

    def add(self, values: np.ndarray) -> None:
        """Add the values of more deals (one row a deal, :attr:`values` order) to the statistics."""
        if not self.values:
            return
        values = np.asarray(values, dtype=np.int64).reshape(-1, len(self.values))
        for i, action in enumerate(self.actions):
            cols = self._slots[i]
            if isinstance(action, Average):
                acc = self._sums.setdefault(i, [0.0, 0.0])
                acc[0] += float(values[:, cols[0]].sum())
                acc[1] += len(values)
            elif isinstance(action, Frequency):
                a = _bins(values[:, cols[0]], action.low, action.high)
                if action.value2 is None:
                    counts = np.bincount(a, minlength=action.high - action.low + 3)
                else:
                    b = _bins(values[:, cols[1]], action.low2, action.high2)
                    width = action.high2 - action.low2 + 3
                    counts = np.bincount(
                        a * width + b, minlength=(action.high - action.low + 3) * width
                    ).reshape(-1, width)
                if i in self._counts:
                    self._counts[i] = self._counts[i] + counts
                else:
                    self._counts[i] = counts

    def summary(self, lang: str = "en") -> list[str]:
        """The statistics as text lines (Dealer's ``average`` and ``frequency`` output), in
        ``lang``; a label the script gives is shown as it is."""
        out: list[str] = []
        for i, action in enumerate(self.actions):
            if isinstance(action, Average | Frequency):
                name = "average" if isinstance(action, Average) else "frequency"
                label = action.label or translate(
                    "deal.action_at_line", lang, action=name, line=action.line
                )
            if isinstance(action, Average):
                total, count = self._sums.get(i, [0.0, 0.0])
                if count:
                    out.append(
                        Message("deal.average", label=label, mean=total / count).render(lang)
                    )
                else:
                    out.append(translate("deal.average_none", lang, label=label))
            elif isinstance(action, Frequency):
                out.append(f"{label}:")
                counts = self._counts.get(i)
                if action.value2 is None:
                    out.extend(_table_1d(counts, action.low, action.high, lang))
                else:
                    out.extend(
                        _table_2d(counts, action.low, action.high, action.low2, action.high2, lang)
                    )
        return out


def _bins(values: np.ndarray, low: int, high: int) -> np.ndarray:
    """Bin 0 for values below ``low``, 1 ... for low ... high, the last for values above."""
    return np.asarray(np.clip(values - low + 1, 0, high - low + 2), dtype=np.int64)


def _names(low: int, high: int, lang: str) -> list[str]:
    low_name, high_name = translate("deal.low", lang), translate("deal.high", lang)
    return [low_name, *(str(v) for v in range(low, high + 1)), high_name]


def _table_1d(counts: np.ndarray | None, low: int, high: int, lang: str) -> list[str]:
    if counts is None:
        counts = np.zeros(high - low + 3, dtype=np.int64)
    total = int(counts.sum())
    point = translate("number.decimal_point", lang)
    out = []
    for name, n in zip(_names(low, high, lang), counts.tolist(), strict=True):
        share = f"{100 * n / total if total else 0.0:>7.2f}".replace(".", point)
        out.append(f"  {name:>4} {n:>8} {share} %")
    return out


def _table_2d(
    counts: np.ndarray | None, low: int, high: int, low2: int, high2: int, lang: str
) -> list[str]:
    if counts is None:
        counts = np.zeros((high - low + 3, high2 - low2 + 3), dtype=np.int64)
    cols = _names(low2, high2, lang)
    total = translate("deal.sum", lang)
    out = ["  " + " " * 5 + "".join(f"{c:>8}" for c in cols) + f"{total:>9}"]
    for name, row in zip(_names(low, high, lang), counts.tolist(), strict=True):
        out.append(f"  {name:>4} " + "".join(f"{n:>8}" for n in row) + f"{sum(row):>9}")
    sums = counts.sum(axis=0).tolist()
    out.append(f"  {total:>4} " + "".join(f"{n:>8}" for n in sums) + f"{int(counts.sum()):>9}")
    return out
