"""``bridgeroom serve``: the web server where people and robots play together.

    bridgeroom serve [--host 127.0.0.1] [--port 8000] [--database URL] [--robot-delay 0.5]

FastAPI and uvicorn are imported only when the command runs, so that the
other commands start without them. See docs/server.md.
"""

from __future__ import annotations

import argparse

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
    p.add_argument("--log-level", default="info", help="uvicorn's log level (default info)")


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from bridgeroom.server import create_app

    if args.robot_delay < 0:
        raise ValueError(f"--robot-delay is a number of seconds, 0 or more: {args.robot_delay}")
    app = create_app(args.database, robot_delay=args.robot_delay, hint_level=args.hint_level)
    # Frames are a few kilobytes: compressing each costs more CPU than it saves on a LAN.
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_per_message_deflate=False,
    )
    return 0
