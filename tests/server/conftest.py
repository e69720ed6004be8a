"""Fixtures of the server tests: an application on a temporary SQLite file, and a seated player.

The tests drive the server as a browser does: HTTP to create and join tables,
then a websocket per seat. Robots act with no delay, so a whole deal takes a
fraction of a second.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgeroom.server import create_app
from bridgeroom.server.limits import Limits

CARD = re.compile(r"^[SHDC][AKQJT98765432]$")


def make_client(db: Path | str, **options: Any) -> TestClient:
    """A client of a new server on ``db``: robots without delay, hints by the random robot, and
    limits no test reaches (a test of a limit sets its own)."""
    options.setdefault("robot_delay", 0.0)
    options.setdefault("hint_level", "random")
    options.setdefault("next_deal_delay", 0.0)
    options.setdefault("limits", Limits.generous())
    return TestClient(create_app(str(db), **options))


@contextmanager
def connect(client: TestClient, code: str, token: str | None = None) -> Iterator[Any]:
    """A websocket to table ``code`` that says who it is first: the seat's token, or none (a
    spectator). The token never goes into the URL."""
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "token": token})
        yield ws


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "server.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


class Seat:
    """One websocket of a seated player (or of a spectator), with every frame it received."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.ids = 0

    def receive(self) -> dict[str, Any]:
        msg = self.ws.receive_json()
        self.frames.append(msg)
        if msg["type"] == "state":
            self.state = msg
        return msg

    def send(self, kind: str, **data: Any) -> None:
        self.ids += 1
        self.ws.send_json({"type": kind, "id": self.ids, **data})

    @property
    def deal(self) -> dict[str, Any] | None:
        return None if self.state is None else self.state["deal"]

    def my_turn(self) -> bool:
        deal = self.deal
        return bool(
            deal
            and deal["phase"] != "done"
            and deal["seat"] is not None
            and deal["to_act"] == deal["seat"]
            and deal["legal"]
            and self.state is not None
            and self.state["request"] is None
        )

    def wait(
        self,
        until: Callable[[Seat], bool],
        act: Callable[[Seat], str | None] | None = None,
        limit: int = 2000,
    ) -> None:
        """Receive frames until ``until(self)``; when it is this seat's turn, send ``act(self)``.

        A request is answered at most once per frame; ``limit`` bounds the frames read.
        """
        for _ in range(limit):
            if self.state is not None and until(self):
                return
            if act is not None and self.my_turn():
                action = act(self)
                if action is not None:
                    self.send("action", action=action)
            self.receive()
        raise AssertionError(f"gave up after {limit} frames; last state {self.state}")


def first_legal(seat: Seat) -> str:
    assert seat.deal is not None
    return str(seat.deal["legal"][0])


def deal_over(seat: Seat) -> bool:
    return seat.deal is not None and seat.deal["phase"] == "done"


def cards_in(value: Any) -> set[str]:
    """Every card text anywhere in a JSON value."""
    out: set[str] = set()
    if isinstance(value, str):
        if CARD.match(value):
            out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            out |= cards_in(v)
    elif isinstance(value, list):
        for v in value:
            out |= cards_in(v)
    return out


def create(client: TestClient, game: str, robots: dict[int, str], **body: Any) -> dict[str, Any]:
    r = client.post(
        "/api/tables", json={"game": game, "robots": {str(k): v for k, v in robots.items()}, **body}
    )
    assert r.status_code == 200, r.text
    return dict(r.json())


def auth(token: str) -> dict[str, str]:
    """The header that gives a request a token (a director's, a person's)."""
    return {"Authorization": f"Bearer {token}"}


def wait_for(client: TestClient, code: str, status: str, seconds: float = 120.0) -> dict[str, Any]:
    """Session ``code`` once its status is ``status`` (asked every 50 ms)."""
    end = time.monotonic() + seconds
    session: dict[str, Any] = {}
    while time.monotonic() < end:
        session = client.get(f"/api/sessions/{code}").json()
        if session["status"] == status:
            return session
        time.sleep(0.05)
    raise AssertionError(f"session {code} is {session.get('status')}, not {status}")


@pytest.fixture
def helpers() -> Any:
    class H:
        Seat = Seat
        first_legal = staticmethod(first_legal)
        deal_over = staticmethod(deal_over)
        cards_in = staticmethod(cards_in)
        create = staticmethod(create)
        make_client = staticmethod(make_client)
        connect = staticmethod(connect)
        auth = staticmethod(auth)
        wait_for = staticmethod(wait_for)

    return H
