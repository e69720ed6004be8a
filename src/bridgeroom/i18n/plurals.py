"""Plural forms of nouns: English has two (one, many), Russian three (one, few, many)."""

from __future__ import annotations

__all__ = ["plural"]


def plural(n: float, forms: str) -> str:
    """The form of a noun for ``n``: ``forms`` is ``one|many`` (English) or ``one|few|many``
    (Russian: 1, 21 взятка; 2-4, 22 взятки; 5-20, 25 взяток; a fraction: взятки).

    >>> [plural(n, "взятка|взятки|взяток") for n in (1, 3, 5, 11, 21, 22)]
    ['взятка', 'взятки', 'взяток', 'взяток', 'взятка', 'взятки']
    >>> plural(1, "trick|tricks"), plural(2, "trick|tricks")
    ('trick', 'tricks')
    """
    words = forms.split("|")
    if n != int(n):
        return words[1] if len(words) == 3 else words[-1]
    k = abs(int(n))
    if len(words) == 3:
        if k % 10 == 1 and k % 100 != 11:
            return words[0]
        if 2 <= k % 10 <= 4 and not 12 <= k % 100 <= 14:
            return words[1]
        return words[2]
    return words[0] if k == 1 else words[-1]
