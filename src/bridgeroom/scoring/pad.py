"""A score pad in plain text: the classic layout above and below the line.

Entries above the line stack upward (the latest on top, as written on a pad);
below the line, the trick points of each game, with a line drawn across all
columns when a game is won.

    >>> from bridgeroom.scoring import Rubber
    >>> rubber = Rubber()
    >>> _ = rubber.record("NS", "2H", 9)
    >>> _ = rubber.record("EW", "3C", 8)
    >>> print(format_sheet(rubber.sheet, [d.game_won for d in rubber.deals]))
                                          NS        EW
    deal 2: 1 undertrick                  50
    deal 1: 1 overtrick x 30              30
    ==================================================
    deal 1: trick score 2 x H             60
    --------------------------------------------------
    total                                140         0
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

from bridgeroom.i18n import Message, translate
from bridgeroom.scoring.sessions import ScoreSheet, SheetEntry

__all__ = ["format_sheet"]

K = TypeVar("K", bound=Hashable)


def _rows(
    columns: Sequence[K], entries: dict[K, list[SheetEntry]], lang: str
) -> list[tuple[str, dict[K, int]]]:
    """Group the entries of all columns by (deal, what), in deal order."""
    rows: dict[tuple[int, Message], dict[K, int]] = {}
    order: list[tuple[int, Message]] = []
    for column in columns:
        for entry in entries[column]:
            key = (entry.deal, entry.message)
            if key not in rows:
                rows[key] = {}
                order.append(key)
            rows[key][column] = rows[key].get(column, 0) + entry.points
    order.sort(key=lambda key: key[0])
    return [
        (translate("score.pad.deal", lang, deal=deal, what=what.render(lang)), rows[(deal, what)])
        for deal, what in order
    ]


def format_sheet(sheet: ScoreSheet[K], games_won: Sequence[K | None] = (), lang: str = "en") -> str:
    """The sheet as text in ``lang``. ``games_won``: the winner of each game won, in order
    (``None`` items skipped)."""
    columns = sheet.columns
    names = [str(c) for c in columns]
    width = max(10, *(len(n) + 2 for n in names))
    above_rows = _rows(columns, sheet.above, lang)
    below_games = [
        _rows(columns, {c: sheet.below[c][g] for c in columns}, lang)
        for g in range(len(sheet.below[columns[0]]))
    ]
    labels = [label for label, _ in above_rows] + [
        label for game in below_games for label, _ in game
    ]
    label_width = max([len(label) for label in labels] + [28]) + 2
    rule = label_width + width * len(columns)

    def line(label: str, values: dict[K, int]) -> str:
        cells = "".join(f"{values[c]:>{width}}" if c in values else " " * width for c in columns)
        return f"{label:<{label_width}}{cells}".rstrip()

    out = [" " * label_width + "".join(f"{n:>{width}}" for n in names)]
    out += [line(label, values) for label, values in reversed(above_rows)]
    out.append("=" * rule)
    winners = [w for w in games_won if w is not None]
    for index, game in enumerate(below_games):
        out += [line(label, values) for label, values in game]
        if index < len(winners):
            won = " " + translate("score.pad.game_to", lang, who=winners[index])
            out.append("-" * (rule - 20) + won.rjust(20, "-"))
        elif game:
            out.append("-" * rule)
    out.append(line(translate("score.pad.total", lang), {c: sheet.total(c) for c in columns}))
    return "\n".join(out)
