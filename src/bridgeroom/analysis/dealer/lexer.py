"""Tokens of the Dealer language, each with its line, and the language's errors.

Dealer's comments are ``#`` to the end of the line, ``//`` to the end of the
line and ``/* ... */``. A token is a *word* (a run of letters, digits and
``_``: keywords, names, numbers, shape patterns ``5xxx``, cards ``TC``,
holdings ``SAQ542`` and contracts ``x3N`` are all words, read by the parser
in their place), a quoted string, an operator, or ``\\n`` (a line break in
``printes``).

    >>> [(t.kind, t.text, t.line) for t in tokenize('condition hcp(north) >= 15 # strong\\n')]
    [('word', 'condition', 1), ('word', 'hcp', 1), ('op', '(', 1), ('word', 'north', 1), ('op', ')', 1), ('op', '>=', 1), ('word', '15', 1), ('end', '', 2)]
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Self

from bridgeroom.errors import ParseError

__all__ = ["DealerError", "Token", "UnsupportedError", "tokenize"]


class DealerError(ParseError):
    """A Dealer script that cannot be read or run: the message names the line.

    ``construct`` names the word or construct at fault, when there is one; ``key`` and
    ``params`` the message of the catalogue (``dealer.*``), so that it is shown in the person's
    language (:func:`bridgeroom.i18n.error_text`).
    """

    def __init__(
        self,
        message: str | None = None,
        *,
        line: int | None = None,
        construct: str | None = None,
        key: str | None = None,
        params: Mapping[str, object] | None = None,
    ):
        self.construct = construct
        super().__init__(message, line=line, key=key, params=params)

    @classmethod
    def said(
        cls, key: str, /, *, line: int | None = None, construct: str | None = None, **params: object
    ) -> Self:
        """The error saying the catalogue message ``dealer.<key>`` (its English text as ``str``).

        >>> from bridgeroom.i18n import error_text
        >>> err = DealerError.said("undefined", line=2, construct="y", name="y")
        >>> str(err)
        "line 2: y is not defined (define it with 'y = ...' before it is used)"
        >>> error_text(err, "ru")
        'строка 2: y не определено (определите его строкой «y = ...» раньше, чем используете)'
        """
        return cls(line=line, construct=construct, key=f"dealer.{key}", params=params)


class UnsupportedError(DealerError):
    """A construct of the Dealer language (or of one of its dialects) that bridgeroom does not
    evaluate; it is refused, never approximated."""


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # word, string, op, newline, end
    text: str
    line: int

    def __str__(self) -> str:
        return self.text or "the end of the script"

    @property
    def said(self) -> object:
        """The token as a message's parameter: its text, or the end of the script in words."""
        if self.text:
            return self.text
        from bridgeroom.i18n import Message

        return Message("dealer.end")


_OPERATORS = ("&&", "||", "==", "!=", "<=", ">=", "<", ">", "!", "+", "-", "*", "/", "%", "?",
              ":", "(", ")", ",", "=")  # fmt: skip
_TOKEN = re.compile(
    r"""
    (?P<space>[ \t\r\f\v]+)
  | (?P<newline>\n)
  | (?P<comment>\#[^\n]*|//[^\n]*)
  | (?P<block>/\*)
  | (?P<string>"[^"\n]*")
  | (?P<escape>\\n)
  | (?P<word>[A-Za-z0-9_]+)
  | (?P<op>&&|\|\||==|!=|<=|>=|[<>!+\-*/%?:(),=])
    """,
    re.VERBOSE,
)


def tokenize(text: str) -> list[Token]:
    """The tokens of a script, then an ``end`` token; a character the language does not know is
    a :class:`DealerError` naming its line."""
    out: list[Token] = []
    line = 1
    pos = 0
    n = len(text)
    while pos < n:
        m = _TOKEN.match(text, pos)
        if m is None:
            raise DealerError.said("character", line=line, construct=text[pos], char=text[pos])
        kind = m.lastgroup
        value = m.group()
        if kind == "newline":
            line += 1
        elif kind == "block":
            end = text.find("*/", m.end())
            if end < 0:
                raise DealerError.said("comment_open", line=line)
            line += text.count("\n", pos, end)
            pos = end + 2
            continue
        elif kind == "string":
            out.append(Token("string", value[1:-1], line))
        elif kind == "escape":
            out.append(Token("newline", "\\n", line))
        elif kind in ("word", "op"):
            out.append(Token(kind, value, line))
        pos = m.end()
    out.append(Token("end", "", line))
    return out
