"""The page: its HTML in the reader's language, its static files, its messages, and the review
of a finished deal.

The HTML comes with what the page needs to start (its messages in the language chosen by the
``bridgeroom_lang`` cookie, else the language of the session whose page or table it is, else
the browser's ``Accept-Language``, and the games) inside it, so
that it starts without a chain of requests; its scripts are preloaded. Static files are served
under ``/static/<version>/`` (the version is a hash of their contents) with a year's cache, and
compressed with gzip like every HTTP answer; ``/static/`` itself answers with ``no-cache``.

The page loads only its own messages: ``web/messages/{en,ru}.toml`` and the few keys of the
shared catalogue it writes cards, seats and calls with (:data:`SHARED`).

    >>> messages = web_messages("ru")
    >>> messages["web.title"], messages["seat.N"], messages["rank.Q"]
    ('Бридж-клуб', 'Север', 'Д')
    >>> any(key.startswith("robot.") for key in messages)
    False
    >>> choose_language(None, "ru-RU,ru;q=0.9,en;q=0.8"), choose_language("en", "ru"), choose_language(None, None)
    ('ru', 'en', 'en')
    >>> choose_language(None, "en-GB,en", "ru"), choose_language("en", "ru", "ru")
    ('ru', 'en')
"""

from __future__ import annotations

import hashlib
import html
import json
import tomllib
from collections.abc import Awaitable, Callable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import Scope

from bridgeroom.errors import BridgeError
from bridgeroom.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    catalogue,
    check_language,
    error_text,
    translate,
)
from bridgeroom.server.review import Reviews, served
from bridgeroom.store import StoreError
from bridgeroom.table import system_card

__all__ = ["SHARED", "choose_language", "mount_page", "page_html", "static_version", "web_messages"]

#: The keys of the shared catalogue the page uses: ranks, seats and their letters, calls.
SHARED = ("rank.", "seat.", "seat_letter.", "call.")
#: The cookie that keeps the reader's language.
COOKIE = "bridgeroom_lang"


def web_dir() -> Path:
    return Path(str(resources.files("bridgeroom").joinpath("web")))


@cache
def web_messages(lang: str) -> dict[str, str]:
    """The page's messages in ``lang``: its own (``web.*``) and the shared keys of :data:`SHARED`."""
    lang = check_language(lang)
    out = {key: text for key, text in catalogue(lang).items() if key.startswith(SHARED)}

    def flatten(table: dict[str, Any], prefix: str) -> None:
        for key, value in table.items():
            if isinstance(value, dict):
                flatten(value, f"{prefix}{key}.")
            else:
                out[f"{prefix}{key}"] = str(value)

    flatten(tomllib.loads((web_dir() / "messages" / f"{lang}.toml").read_text("utf-8")), "web.")
    return out


@cache
def static_version() -> str:
    """A hash of the page's files: a new version of the page has new addresses."""
    digest = hashlib.sha256()
    root = web_dir()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def choose_language(cookie: str | None, accept: str | None, session: str | None = None) -> str:
    """The page's language: the reader's choice (cookie), else the language of the session he
    came to (its director chose it for the class), else the first of the browser's languages
    we have, else English."""
    if cookie in LANGUAGES:
        return str(cookie)
    if session in LANGUAGES:
        return str(session)
    ranked = []
    for i, part in enumerate((accept or "").split(",")):
        code, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        ranked.append((-q, i, code.strip().lower().split("-")[0]))
    for _, _, code in sorted(ranked):
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


@cache
def _template() -> str:
    return (web_dir() / "index.html").read_text("utf-8")


_CARD_PAGE = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 42em; padding: 0 1em;
        color: #111; line-height: 1.5; }}
h1 {{ font-size: 1.4em; }}
li {{ margin: 0.3em 0; }}
a {{ color: #0b5394; }}
@media print {{ nav {{ display: none; }} }}
</style>
</head>
<body>
<nav><a href="/">{back}</a></nav>
<main>
<h1>{title}</h1>
{body}
</main>
</body>
</html>
"""


def system_html(name: str, lang: str) -> str:
    """The convention card of the shipped system ``name`` as a page in ``lang`` (an unknown
    name raises :class:`~bridgeroom.errors.UnknownSystemError`)."""
    lines = [line.render(lang) for line in system_card(name)]
    items = "\n".join(f"<li>{html.escape(line)}</li>" for line in lines[1:])
    return _CARD_PAGE.format(
        lang=lang,
        title=html.escape(lines[0]),
        back=html.escape(translate("system.back", lang)),
        body=f"<ul>\n{items}\n</ul>",
    )


def _missing_html(text: str, lang: str) -> str:
    return _CARD_PAGE.format(
        lang=lang,
        title=html.escape(translate("system.no_card", lang)),
        back=html.escape(translate("system.back", lang)),
        body=f"<p>{html.escape(text)}</p>",
    )


def page_html(lang: str, games: dict[str, Any]) -> str:
    """The page in ``lang``, with its messages and the games inside it."""
    messages = web_messages(lang)
    boot = json.dumps(
        {"lang": lang, "languages": list(LANGUAGES), "messages": messages, "games": games},
        ensure_ascii=False,
        separators=(",", ":"),
    ).replace("</", "<\\/")
    values = {
        "lang": lang,
        "static": f"/static/{static_version()}",
        "boot": boot,
        "title": messages["web.title"],
        "description": messages["web.description"],
        "skip": messages["web.skip"],
        "skip_actions": messages["web.skip_actions"],
        "nav": messages["web.nav"],
        "nav_lobby": messages["web.nav_lobby"],
        "nav_history": messages["web.nav_history"],
        "nav_sessions": messages["web.session.nav"],
        "language": messages["web.language"],
        "loading": messages["web.loading"],
        "log": messages["web.log"],
        "en_pressed": str(lang == "en").lower(),
        "ru_pressed": str(lang == "ru").lower(),
    }
    out = _template()
    for key, value in values.items():
        out = out.replace("{{" + key + "}}", value if key == "boot" else html.escape(value))
    return out


class CachedFiles(StaticFiles):
    """Static files with a ``Cache-Control`` header."""

    def __init__(self, *, directory: Path, cache_control: str) -> None:
        super().__init__(directory=str(directory))
        self.cache_control = cache_control

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if response.status_code == 200 or response.status_code == 304:
            response.headers["Cache-Control"] = self.cache_control
        return response


def _error(err: BridgeError, status: int) -> JSONResponse:
    return JSONResponse(
        {"detail": str(err), "texts": {lang: error_text(err, lang) for lang in LANGUAGES}},
        status_code=status,
    )


#: The language of the session a page belongs to: ``(kind, code)``, kind ``"session"`` or
#: ``"table"``; ``None`` when it belongs to none.
SessionLanguage = Callable[[str, str], Awaitable[str | None]]


def mount_page(
    app: FastAPI,
    games: dict[str, Any],
    reviews: Reviews,
    session_language: SessionLanguage | None = None,
) -> None:
    """Add the page's routes to ``app``: the page, its files and messages, the deal reviews.
    ``session_language`` tells a session's language (for the pages of its tables too)."""
    app.add_middleware(GZipMiddleware, minimum_size=600)
    root = web_dir()
    app.mount(
        f"/static/{static_version()}",
        CachedFiles(directory=root, cache_control="public, max-age=31536000, immutable"),
        name="static-versioned",
    )
    app.mount("/static", CachedFiles(directory=root, cache_control="no-cache"), name="static")

    async def page(request: Request, kind: str = "", code: str = "") -> HTMLResponse:
        cookie = request.cookies.get(COOKIE)
        session = None
        if kind and cookie not in LANGUAGES and session_language is not None:
            session = await session_language(kind, code)
        lang = choose_language(cookie, request.headers.get("accept-language"), session)
        return HTMLResponse(
            page_html(lang, games),
            headers={
                "Cache-Control": "no-cache",
                "Content-Language": lang,
                "Vary": "Accept-Language, Cookie",
            },
        )

    @app.get("/", include_in_schema=False)
    async def index(request: Request) -> HTMLResponse:
        return await page(request)

    @app.get("/table/{code}", include_in_schema=False)
    async def table_page(request: Request, code: str) -> HTMLResponse:
        return await page(request, "table", code)

    @app.get("/session", include_in_schema=False)
    async def new_session_page(request: Request) -> HTMLResponse:
        return await page(request)

    @app.get("/session/{code}", include_in_schema=False)
    async def session_page(request: Request, code: str) -> HTMLResponse:
        return await page(request, "session", code)

    @app.get("/session/{code}/table/{table}", include_in_schema=False)
    async def cards_table_page(request: Request, code: str, table: int) -> HTMLResponse:
        """A table's phone page of a session played with real cards."""
        return await page(request, "session", code)

    @app.get("/history", include_in_schema=False)
    async def history_page(request: Request) -> HTMLResponse:
        return await page(request)

    @app.get("/system/{name}", include_in_schema=False)
    async def system_page(request: Request, name: str, lang: str | None = None) -> HTMLResponse:
        """A shipped bidding system's convention card, a printable page of its own."""
        chosen = choose_language(
            lang if lang in LANGUAGES else request.cookies.get(COOKIE),
            request.headers.get("accept-language"),
            None,
        )
        try:
            body, status = system_html(name, chosen), 200
        except BridgeError as err:
            body, status = _missing_html(error_text(err, chosen), chosen), 404
        return HTMLResponse(
            body,
            status_code=status,
            headers={"Content-Language": chosen, "Vary": "Accept-Language, Cookie"},
        )

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    @app.get("/api/messages/{lang}")
    async def messages(lang: str) -> JSONResponse:
        try:
            data = web_messages(lang)
        except BridgeError as err:
            return _error(err, 404)
        return JSONResponse(data, headers={"Cache-Control": "public, max-age=3600"})

    @app.get("/api/tables/{code}/deals/{number}/review")
    async def deal_review(code: str, number: int, lang: str = DEFAULT_LANGUAGE) -> JSONResponse:
        """The review of a finished deal (worked out once, in a worker process, then kept)."""
        try:
            lang = check_language(lang)
            kept = await reviews.get(code, number)
        except StoreError as err:
            return _error(err, 404)
        except BridgeError as err:
            waiting = getattr(err, "key", None) in ("review.not_finished", "session.review_wait")
            return _error(err, 409 if waiting else 404)
        return JSONResponse(served(kept, lang))
