"""Simulation results for people: Rich tables in the terminal, plots (PNG, SVG) with matplotlib.

Rich and matplotlib are imported inside the functions that draw (matplotlib
with its file-only ``Agg`` backend), so that importing this module costs
nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bridgeroom.analysis.leads import LeadResult
from bridgeroom.analysis.simulate import ContractResult, Interval
from bridgeroom.errors import BridgeError
from bridgeroom.rules.core import Card, Contract

__all__ = ["contract_name", "plot", "tables"]


def contract_name(contract: Contract) -> str:
    """``3NT N``, ``4♠ S``.

    >>> contract_name(Contract.parse("4SXN"))
    '4♠X N'
    """
    doubled = "X" * contract.doubled
    who = f" {contract.declarer.letter}" if contract.declarer is not None else ""
    return f"{contract.level}{contract.strain.symbol}{doubled}{who}"


def card_name(card: Card) -> str:
    return f"{card.suit.symbol}{card.rank.letter}"


def _pct(iv: Interval) -> str:
    return f"{100 * iv.value:.1f}% ({100 * iv.low:.1f}-{100 * iv.high:.1f})"


def _num(iv: Interval, digits: int = 2, sign: bool = False) -> str:
    fmt = f"{{:{'+' if sign else ''}.{digits}f}}"

    def show(x: float) -> str:
        return fmt.format(round(x, digits) + 0.0)  # + 0.0: no "-0.00"

    return f"{show(iv.value)} ({show(iv.low)} to {show(iv.high)})"


def _distribution(counts: Any, n: int) -> str:
    cells = [f"{t}:{100 * c / n:.0f}%" for t, c in enumerate(counts.tolist()) if c and n]
    return " ".join(cells)


def tables(result: ContractResult | LeadResult) -> list[Any]:
    """Rich renderables for a result (print them with a Rich console): each table after its
    title, a line of its own."""
    from rich.table import Table
    from rich.text import Text

    if isinstance(result, ContractResult):
        title = (
            f"{result.n} deals, {result.table} scoring, vulnerable {result.vulnerability.pbn}, "
            f"seed {result.seed}"
        )
        main = Table()
        main.add_column("Contract")
        main.add_column("Makes (95%)", justify="right")
        main.add_column("Mean tricks (95%)", justify="right")
        main.add_column("Mean score (95%)", justify="right")
        main.add_column("Tricks: share of deals")
        for i, c in enumerate(result.contracts):
            main.add_row(
                contract_name(c),
                _pct(result.makes(i)),
                _num(result.tricks(i)),
                _num(result.score(i), 0, sign=True),
                _distribution(result.tally.tricks[i], result.n),
            )
        out: list[Any] = [Text(title), main]
        if result.pairs():
            side = result.contracts[0].declarer
            who = f"{side.letter}{side.partner.letter}" if side is not None else ""
            diff = Table()
            diff.add_column("Contracts")
            diff.add_column("IMPs a deal (95%)", justify="right")
            diff.add_column("Matchpoints (95%)", justify="right")
            for i, j in result.pairs():
                diff.add_row(
                    f"{contract_name(result.contracts[i])} vs {contract_name(result.contracts[j])}",
                    _num(result.imps(i, j), 2, sign=True),
                    _pct(result.matchpoints(i, j)),
                )
            out.extend([Text(f"Differences, from {who}'s side (first minus second)"), diff])
        return out
    title = (
        f"Opening lead by {result.leader.name.lower()} against {contract_name(result.contract)}: "
        f"{result.n} deals, the defence needs {result.needed} tricks, seed {result.seed}"
    )
    table = Table()
    table.add_column("Lead")
    table.add_column("Defence's tricks (95%)", justify="right")
    table.add_column("Beats the contract (95%)", justify="right")
    table.add_column("Tricks against the best lead (95%)", justify="right")
    cards = result.cards()
    for card in cards:
        versus = "" if card == cards[0] else _num(result.versus(card, cards[0]), 2, sign=True)
        table.add_row(card_name(card), _num(result.tricks(card)), _pct(result.beats(card)), versus)
    return [Text(title), table]


def plot(result: ContractResult | LeadResult, path: str | Path) -> Path:
    """Draw ``result`` to ``path`` (``.png`` or ``.svg``)."""
    target = Path(path)
    kind = target.suffix.lower().lstrip(".")
    if kind not in ("png", "svg"):
        raise BridgeError(f"a plot is written as .png or .svg, not {target.name!r}")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig: Any
    if isinstance(result, ContractResult):
        fig = _plot_contracts(plt, result)
    else:
        fig = _plot_lead(plt, result)
    fig.tight_layout()
    fig.savefig(target, format=kind, dpi=90, metadata={"Software": None} if kind == "png" else None)
    plt.close(fig)
    return target


def _plot_contracts(plt: Any, result: ContractResult) -> Any:
    import numpy as np

    k = len(result.contracts)
    fig, (left, right) = plt.subplots(
        1, 2, figsize=(9.5, 3.6), gridspec_kw={"width_ratios": [3, 2]}
    )
    counts = result.tally.tricks
    used = np.flatnonzero(counts.sum(axis=0))
    lo, hi = (int(used.min()), int(used.max())) if len(used) else (0, 13)
    x = np.arange(lo, hi + 1)
    width = 0.8 / k
    for i, c in enumerate(result.contracts):
        share = 100 * counts[i, lo : hi + 1] / max(result.n, 1)
        makes = result.makes(i)
        left.bar(
            x + (i - (k - 1) / 2) * width,
            share,
            width,
            label=f"{contract_name(c)}: makes {100 * makes.value:.0f}%",
        )
    left.set_xticks(x)
    left.set_xlabel("declarer's tricks (double dummy)")
    left.set_ylabel("% of deals")
    left.set_title(f"Tricks over {result.n} deals")
    left.legend(fontsize="small")
    names = [contract_name(c) for c in result.contracts]
    means = [result.score(i) for i in range(k)]
    right.errorbar(
        range(k),
        [m.value for m in means],
        yerr=[[m.value - m.low for m in means], [m.high - m.value for m in means]],
        fmt="o",
        capsize=6,
    )
    right.set_xticks(range(k), names)
    right.set_xlim(-0.5, k - 0.5)
    right.axhline(0, color="grey", linewidth=0.6)
    right.set_title(f"Mean {result.table} score, 95% interval")
    return fig


def _plot_lead(plt: Any, result: LeadResult) -> Any:
    cards = result.cards()
    fig, (left, right) = plt.subplots(1, 2, figsize=(9.5, 0.32 * len(cards) + 1.4), sharey=True)
    y = list(range(len(cards)))[::-1]
    tricks = [result.tricks(c) for c in cards]
    beats = [result.beats(c) for c in cards]
    left.errorbar(
        [t.value for t in tricks],
        y,
        xerr=[[t.value - t.low for t in tricks], [t.high - t.value for t in tricks]],
        fmt="o",
        capsize=3,
    )
    left.set_yticks(y, [card_name(c) for c in cards])
    for label, card in zip(left.get_yticklabels(), cards, strict=True):
        if card.suit in (1, 2):  # diamonds and hearts in red
            label.set_color("tab:red")
    left.set_xlabel("defence's tricks (mean, 95% interval)")
    left.axvline(result.needed, color="grey", linewidth=0.6, linestyle="--")
    right.errorbar(
        [100 * b.value for b in beats],
        y,
        xerr=[[100 * (b.value - b.low) for b in beats], [100 * (b.high - b.value) for b in beats]],
        fmt="s",
        capsize=3,
        color="tab:red",
    )
    right.set_xlabel("chance to beat the contract (%)")
    fig.suptitle(
        f"Leads against {contract_name(result.contract)} ({result.n} deals)", fontsize="medium"
    )
    return fig
