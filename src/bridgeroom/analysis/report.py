"""Simulation results for people: Rich tables in the terminal, plots (PNG, SVG) with matplotlib,
in English or Russian (every heading, title, axis label and legend is a message of the catalogue,
``simulate.*``).

Rich and matplotlib are imported inside the functions that draw (matplotlib
with its file-only ``Agg`` backend), so that importing this module costs
nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bridgeroom.analysis.leads import LeadResult
from bridgeroom.analysis.simulate import ContractResult, Interval
from bridgeroom.analysis.text import vul_text
from bridgeroom.errors import BridgeError
from bridgeroom.i18n import (
    Message,
    card_text,
    contract_text,
    keyed,
    seat_letter,
    side_name,
    translate,
)
from bridgeroom.rules.core import Card, Contract

__all__ = ["card_name", "contract_name", "figure", "plot", "tables"]


def contract_name(contract: Contract, lang: str = "en") -> str:
    """``3NT N``, ``4♠ S`` (``3БК С``, ``4♠ Ю``).

    >>> contract_name(Contract.parse("4SXN")), contract_name(Contract.parse("3NTS"), "ru")
    ('4♠X N', '3БК Ю')
    """
    text = contract_text(contract, lang, declarer=False)
    who = f" {seat_letter(contract.declarer, lang)}" if contract.declarer is not None else ""
    return f"{text}{who}"


def card_name(card: Card, lang: str = "en") -> str:
    """``♠Q``, ``♥T`` (``♠Д``, ``♥10``).

    >>> card_name(Card("HT")), card_name(Card("SQ"), "ru")
    ('♥T', '♠Д')
    """
    if lang == "en":
        return f"{card.suit.symbol}{card.rank.letter}"
    return card_text(card, lang)


def _fixed(x: float, digits: int, lang: str, sign: bool = False) -> str:
    if x != x:  # NaN: an interval of one deal
        return "—"
    text = f"{round(x, digits) + 0.0:{'+' if sign else ''}.{digits}f}"  # + 0.0: no "-0.00"
    return text.replace(".", translate("number.decimal_point", lang))


def _pct(iv: Interval, lang: str) -> str:
    if iv.value != iv.value:
        return "—"
    low, high = _fixed(100 * iv.low, 1, lang), _fixed(100 * iv.high, 1, lang)
    return f"{_fixed(100 * iv.value, 1, lang)}% ({low}-{high})"


def _num(iv: Interval, lang: str, digits: int = 2, sign: bool = False) -> str:
    if iv.value != iv.value:
        return "—"
    value, low, high = (_fixed(x, digits, lang, sign) for x in (iv.value, iv.low, iv.high))
    return translate("simulate.interval", lang, value=value, low=low, high=high)


def _distribution(counts: Any, n: int) -> str:
    cells = [f"{t}:{100 * c / n:.0f}%" for t, c in enumerate(counts.tolist()) if c and n]
    return " ".join(cells)


def tables(result: ContractResult | LeadResult, lang: str = "en") -> list[Any]:
    """Rich renderables for a result (print them with a Rich console): each table after its
    title, a line of its own, in ``lang``."""
    from rich.table import Table
    from rich.text import Text

    def _(key: str, /, **params: object) -> str:
        return Message(f"simulate.{key}", **params).render(lang)

    if isinstance(result, ContractResult):
        title = _(
            "contracts_title",
            n=result.n,
            table=translate(f"scoring.{result.table}", lang),
            vul=vul_text(result.vulnerability, lang),
            seed=str(result.seed),
        )
        main = Table()
        main.add_column(_("contract"))
        main.add_column(_("makes"), justify="right")
        main.add_column(_("mean_tricks"), justify="right")
        main.add_column(_("mean_score"), justify="right")
        main.add_column(_("shares"))
        for i, c in enumerate(result.contracts):
            main.add_row(
                contract_name(c, lang),
                _pct(result.makes(i), lang),
                _num(result.tricks(i), lang),
                _num(result.score(i), lang, 0, sign=True),
                _distribution(result.tally.tricks[i], result.n),
            )
        out: list[Any] = [Text(title), main]
        if result.pairs():
            side = result.contracts[0].declarer
            who = side_name(side.side, lang) if side is not None else ""
            diff = Table()
            diff.add_column(_("contracts"))
            diff.add_column(_("imps"), justify="right")
            diff.add_column(_("matchpoints"), justify="right")
            for i, j in result.pairs():
                first = contract_name(result.contracts[i], lang)
                second = contract_name(result.contracts[j], lang)
                diff.add_row(
                    _("versus", first=first, second=second),
                    _num(result.imps(i, j), lang, 2, sign=True),
                    _pct(result.matchpoints(i, j), lang),
                )
            out.extend([Text(_("differences", side=who)), diff])
        return out
    title = _(
        "lead_title",
        seat=result.leader,
        contract=contract_name(result.contract, lang),
        n=result.n,
        needed=result.needed,
        seed=str(result.seed),
    )
    table = Table()
    table.add_column(_("lead"))
    table.add_column(_("defence_tricks"), justify="right")
    table.add_column(_("beats"), justify="right")
    table.add_column(_("against_best"), justify="right")
    cards = result.cards()
    for card in cards:
        versus = "" if card == cards[0] else _num(result.versus(card, cards[0]), lang, 2, sign=True)
        table.add_row(
            card_name(card, lang),
            _num(result.tricks(card), lang),
            _pct(result.beats(card), lang),
            versus,
        )
    return [Text(title), table]


def plot(result: ContractResult | LeadResult, path: str | Path, lang: str = "en") -> Path:
    """Draw ``result`` to ``path`` (``.png`` or ``.svg``), its words in ``lang``."""
    target = Path(path)
    kind = target.suffix.lower().lstrip(".")
    if kind not in ("png", "svg"):
        raise keyed(BridgeError, "simulate.plot_format", png=".png", svg=".svg", name=target.name)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig = figure(result, lang)
    fig.savefig(target, format=kind, dpi=90, metadata={"Software": None} if kind == "png" else None)
    plt.close(fig)
    return target


def figure(result: ContractResult | LeadResult, lang: str = "en") -> Any:
    """The matplotlib figure of ``result`` (what :func:`plot` draws), its words in ``lang``; the
    caller closes it (``matplotlib.pyplot.close``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig: Any
    if isinstance(result, ContractResult):
        fig = _plot_contracts(plt, result, lang)
    else:
        fig = _plot_lead(plt, result, lang)
    fig.tight_layout()
    return fig


def _errors(intervals: list[Interval], scale: float = 1.0) -> list[list[float]]:
    """The error bars of ``intervals`` for matplotlib: the distances below and above each value,
    never negative (an interval of equal values can come out a rounding error inside out)."""
    below = [max(0.0, scale * (iv.value - iv.low)) for iv in intervals]
    above = [max(0.0, scale * (iv.high - iv.value)) for iv in intervals]
    return [below, above]


def _numbers(lang: str, *axes: Any) -> None:
    """Write the numbers of ``axes`` with the decimal point of ``lang`` (``0,5`` in Russian)."""
    from matplotlib.ticker import ScalarFormatter

    point = translate("number.decimal_point", lang)
    if point == ".":
        return

    class Formatter(ScalarFormatter):
        def __call__(self, x: float, pos: int | None = None) -> str:
            return str(super().__call__(x, pos)).replace(".", point)

    for axis in axes:
        axis.set_major_formatter(Formatter())


def _plot_contracts(plt: Any, result: ContractResult, lang: str) -> Any:
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

    def _(key: str, /, **params: object) -> str:
        return Message(f"simulate.{key}", **params).render(lang)

    for i, c in enumerate(result.contracts):
        share = 100 * counts[i, lo : hi + 1] / max(result.n, 1)
        makes = result.makes(i)
        left.bar(
            x + (i - (k - 1) / 2) * width,
            share,
            width,
            label=_(
                "plot_makes",
                contract=contract_name(c, lang),
                percent=_fixed(100 * makes.value, 0, lang),
            ),
        )
    left.set_xticks(x)
    left.set_xlabel(_("plot_tricks_axis"))
    left.set_ylabel(_("plot_share_axis"))
    left.set_title(_("plot_tricks_title", n=result.n))
    left.legend(fontsize="small")
    names = [contract_name(c, lang) for c in result.contracts]
    means = [result.score(i) for i in range(k)]
    right.errorbar(
        range(k),
        [m.value for m in means],
        yerr=_errors(means),
        fmt="o",
        capsize=6,
    )
    right.set_xticks(range(k), names)
    right.set_xlim(-0.5, k - 0.5)
    right.axhline(0, color="grey", linewidth=0.6)
    right.set_title(_("plot_score_title", table=translate(f"scoring.{result.table}", lang)))
    _numbers(lang, left.yaxis, right.yaxis)
    return fig


def _plot_lead(plt: Any, result: LeadResult, lang: str) -> Any:
    def _(key: str, /, **params: object) -> str:
        return Message(f"simulate.{key}", **params).render(lang)

    cards = result.cards()
    fig, (left, right) = plt.subplots(1, 2, figsize=(9.5, 0.32 * len(cards) + 1.4), sharey=True)
    y = list(range(len(cards)))[::-1]
    tricks = [result.tricks(c) for c in cards]
    beats = [result.beats(c) for c in cards]
    left.errorbar(
        [t.value for t in tricks],
        y,
        xerr=_errors(tricks),
        fmt="o",
        capsize=3,
    )
    left.set_yticks(y, [card_name(c, lang) for c in cards])
    for label, card in zip(left.get_yticklabels(), cards, strict=True):
        if card.suit in (1, 2):  # diamonds and hearts in red
            label.set_color("tab:red")
    left.set_xlabel(_("plot_defence_axis"))
    left.axvline(result.needed, color="grey", linewidth=0.6, linestyle="--")
    right.errorbar(
        [100 * b.value for b in beats],
        y,
        xerr=_errors(beats, 100),
        fmt="s",
        capsize=3,
        color="tab:red",
    )
    right.set_xlabel(_("plot_beats_axis"))
    title = _("plot_lead_title", contract=contract_name(result.contract, lang), n=result.n)
    fig.suptitle(title, fontsize="medium")
    _numbers(lang, left.xaxis, right.xaxis)
    return fig
