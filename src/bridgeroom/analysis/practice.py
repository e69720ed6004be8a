"""Practice sets for teachers: Dealer scripts shipped with bridgeroom (``bridgeroom deal --set``).

Each set is a Dealer script in ``bridgeroom/analysis/sets/NAME.dealer`` whose
first comment lines say what it is (``# title: ...``) and for which game its
boards are dealt (``# game: minibridge``); a teacher reads and copies them as
any Dealer script.

    >>> sorted(practice_sets())[:3]
    ['1nt-opening', 'major-fit-game', 'minibridge-20-20']
    >>> lesson = practice_set("minibridge-20-20")
    >>> lesson.game, lesson.script.produce
    ('minibridge', 16)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from importlib import resources

from bridgeroom.analysis.dealer.syntax import Script
from bridgeroom.errors import BridgeError
from bridgeroom.i18n import catalogue, keyed, translate

__all__ = ["PracticeSet", "practice_set", "practice_sets"]

_META = re.compile(r"^#\s*(title|game):\s*(.+?)\s*$", re.M)


@dataclass(frozen=True)
class PracticeSet:
    name: str
    title: str
    game: str
    text: str

    def title_in(self, lang: str = "en") -> str:
        """The set's title in ``lang`` (the catalogue's ``practice.NAME``; a set the catalogue
        does not know has the title of its file).

        >>> practice_set("stayman").title_in("ru")
        'Север открывается 1БК, у Юга четвёрка в старшей масти и 8+ очков: Стейман'
        """
        if f"practice.{self.name}" in catalogue(lang):
            return translate(f"practice.{self.name}", lang)
        return self.title

    @cached_property
    def script(self) -> Script:
        from bridgeroom.analysis.dealer.parser import loads

        return loads(self.text, name=f"--set {self.name}")


def practice_sets() -> dict[str, PracticeSet]:
    """Every set shipped, by name."""
    out: dict[str, PracticeSet] = {}
    folder = resources.files("bridgeroom.analysis").joinpath("sets")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".dealer"):
            continue
        text = entry.read_text(encoding="utf-8")
        meta = dict(_META.findall(text))
        name = entry.name.removesuffix(".dealer")
        out[name] = PracticeSet(name, meta.get("title", name), meta.get("game", "contract"), text)
    return out


def practice_set(name: str) -> PracticeSet:
    """The set called ``name`` (a :class:`BridgeError` lists the sets when there is none)."""
    sets = practice_sets()
    found = sets.get(name.strip().lower())
    if found is None:
        raise keyed(BridgeError, "deal.no_set", name=name, sets=", ".join(sets))
    return found
