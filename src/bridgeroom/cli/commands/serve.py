"""``bridgeroom serve``: the web server where people and robots play together.

    bridgeroom serve [--host 127.0.0.1] [--port 8000] [--database URL] [--robot-delay 0.5]

Started several times on one PostgreSQL database (``--database postgresql://...``), the
processes serve the same tables: each table has one writer, and a process that stops has its
tables taken over within seconds (docs/deploy.md).

FastAPI and uvicorn are imported only when the command runs, so that the
other commands start without them. At start the soft open-file limit is raised to
the hard one, and the connections served at once follow from it (see docs/server.md,
"Capacity"). See docs/server.md.
"""

from __future__ import annotations

import argparse
import logging

__all__ = ["configure", "run"]


def configure(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Run the web server. Open http://HOST:PORT/ in a browser, create a table for any "
        "game, share its link, and play with friends and robots."
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    p.add_argument(
        "--database",
        metavar="URL",
        help="SQLite file or URL, or postgresql://...; default: bridgeroom.sqlite3 in the "
        "user's data folder (or $BRIDGEROOM_DATABASE)",
    )
    p.add_argument(
        "--robot-delay",
        type=float,
        default=0.5,
        metavar="SECONDS",
        help="how long a robot waits before it acts, so people can follow (default 0.5)",
    )
    p.add_argument(
        "--hint-level",
        default="expert",
        choices=("random", "basic", "expert"),
        help="the robot whose advice a hint shows (default expert)",
    )
    p.add_argument(
        "--release-after",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="how long a table nobody uses stays in memory (default 60; it is read back from "
        "the database when next needed)",
    )
    p.add_argument(
        "--abandon-after",
        type=float,
        default=7 * 86400.0,
        metavar="SECONDS",
        help="a table where nothing happened for this long is closed as abandoned: it can be "
        "viewed, not played (default 604800, a week)",
    )
    p.add_argument(
        "--max-connections",
        type=int,
        metavar="N",
        help="websockets served at once (default: the open-file limit less a reserve of 64)",
    )
    p.add_argument(
        "--lease-seconds",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="on PostgreSQL: how long a process's hold on its tables lasts unless renewed (it "
        "renews a third of that); another process takes the tables of one stopped this long "
        "(default 5)",
    )
    p.add_argument("--log-level", default="info", help="uvicorn's log level (default info)")


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from bridgeroom.server import create_app
    from bridgeroom.server.capacity import RESERVE, capacity, raise_open_file_limit
    from bridgeroom.server.limits import Limits

    if args.robot_delay < 0:
        raise ValueError(f"--robot-delay is a number of seconds, 0 or more: {args.robot_delay}")
    if args.release_after < 0 or args.abandon_after <= 0:
        raise ValueError("--release-after and --abandon-after are numbers of seconds above 0")
    if not args.lease_seconds >= 0.5:
        raise ValueError(
            f"--lease-seconds is a number of seconds, 0.5 or more: {args.lease_seconds}"
        )
    log = _server_log(args.log_level)
    files = raise_open_file_limit()
    connections = args.max_connections
    if files is not None:
        before, after = files
        most = capacity(after)
        connections = most if connections is None else min(connections, most)
        if after > before:
            log.info("open-file limit raised from %d to %d", before, after)
        log.info(
            "serving at most %d websockets at once (open-file limit %d, %d kept in reserve)",
            connections,
            after,
            RESERVE,
        )
    limits = Limits(connections=connections)
    app = create_app(
        args.database,
        robot_delay=args.robot_delay,
        hint_level=args.hint_level,
        release_after=args.release_after,
        abandon_after=args.abandon_after,
        limits=limits,
        lease_seconds=args.lease_seconds,
        renew_every=args.lease_seconds / 3,
    )
    # Frames are a few kilobytes: compressing each costs more CPU than it saves on a LAN.
    # uvicorn's own limits back the application's up: a websocket message over 16 KiB is
    # closed with 1009 before the application reads it, and past the connections served
    # (and a margin for requests) uvicorn answers 503 rather than let the process run out of
    # files.
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_per_message_deflate=False,
        ws_max_size=16 * 1024,
        limit_concurrency=None if connections is None else connections + RESERVE // 2,
    )
    return 0


def _server_log(level: str) -> logging.Logger:
    """The server's own log (``bridgeroom.*``), on standard error like uvicorn's."""
    log = logging.getLogger("bridgeroom")
    if not log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(levelname)s:     %(name)s: %(message)s"))
        log.addHandler(handler)
        log.propagate = False
    log.setLevel(level.upper() if level.upper() in logging.getLevelNamesMapping() else "INFO")
    return logging.getLogger("bridgeroom.server")
