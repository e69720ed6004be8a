"""The catalogues of messages, one TOML file a language (``messages/en.toml``,
``messages/ru.toml``: sections and ``key = "text"`` lines with ``{name}`` placeholders), read
once; a message looked up by its dotted key and filled in; and the language to use.

    >>> translate("error.not_your_turn", "en", seat="North")
    "It is North's turn, not yours."
    >>> translate("screen.pair_points", "ru", pair="ВЗ", points=22)   # the plural form for 22
    'ВЗ: 22 очка'
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources

from bridgeroom.errors import BridgeError
from bridgeroom.i18n.plurals import plural

__all__ = [
    "LANGUAGES",
    "DEFAULT_LANGUAGE",
    "MessageError",
    "catalogue",
    "check_language",
    "detect_language",
    "translate",
]


#: The languages that have a catalogue.
LANGUAGES: tuple[str, ...] = ("en", "ru")
DEFAULT_LANGUAGE = "en"


class MessageError(BridgeError, LookupError):
    """An unknown language, an unknown message key, or a placeholder missing from the parameters."""


def check_language(lang: str) -> str:
    """``lang`` normalised (``RU`` -> ``ru``), or :class:`MessageError` when it has no catalogue.

    >>> check_language("RU")
    'ru'
    """
    key = lang.strip().lower().replace("_", "-").split("-")[0]
    if key not in LANGUAGES:
        raise MessageError(
            f"no messages in language {lang!r}; the languages are {', '.join(LANGUAGES)}"
        )
    return key


def _flatten(table: Mapping[str, object], prefix: str, out: dict[str, str]) -> None:
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, Mapping):
            _flatten(value, key + ".", out)
        elif isinstance(value, str):
            out[key] = value
        else:
            raise MessageError(f"message {key!r} is not text: {value!r}")


@cache
def catalogue(lang: str) -> Mapping[str, str]:
    """All messages of ``lang`` as dotted keys (``play.prompt``), read once from its TOML file."""
    lang = check_language(lang)
    text = (
        resources.files("bridgeroom.i18n").joinpath("messages", f"{lang}.toml").read_text("utf-8")
    )
    out: dict[str, str] = {}
    _flatten(tomllib.loads(text), "", out)
    return out


def translate(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: object) -> str:
    """The message ``key`` in ``lang`` with ``{name}`` placeholders filled from ``params``."""
    messages = catalogue(lang)
    try:
        text = messages[key]
    except KeyError:
        raise MessageError(f"no message {key!r} in the {lang} catalogue") from None
    if not params:
        return text
    try:
        return text.format(**{name: _number(value) for name, value in params.items()})
    except (KeyError, IndexError) as err:
        raise MessageError(f"message {key!r} needs the parameter {err}") from None


class _Number:
    """A number as a parameter: ``{n:trick|tricks}`` picks the noun's form for it
    (:func:`~bridgeroom.i18n.plurals.plural`), any other spec formats it as usual."""

    __slots__ = ("value",)

    def __init__(self, value: int | float) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        if "|" in spec:
            return plural(self.value, spec)
        return format(self.value, spec)

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return repr(self.value)


def _number(value: object) -> object:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _Number(value)
    return value


def detect_language(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to use: ``explicit``, else ``BRIDGEROOM_LANG``, else the locale, else English.

    The locale variables are read in POSIX order (``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``); ``ru_RU.UTF-8`` gives ``ru``; a language without a catalogue gives English.

    >>> detect_language("ru"), detect_language(None, {"LC_ALL": "de_DE.UTF-8", "LANG": "ru_RU"})
    ('ru', 'en')
    """
    if explicit:
        return check_language(explicit)
    import os

    env = os.environ if environ is None else environ
    if env.get("BRIDGEROOM_LANG"):
        return check_language(env["BRIDGEROOM_LANG"])
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE
