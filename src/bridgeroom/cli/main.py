"""Entry point of the ``bridgeroom`` command.

Errors a user can cause (bad input, illegal actions, unreadable files) are
printed as one readable line on stderr with exit code 2; nothing else is
changed.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from bridgeroom import __version__
from bridgeroom.errors import BridgeError

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bridgeroom",
        description="Play, score and analyse contract, auction, three-handed and mini-bridge.",
    )
    parser.add_argument("--version", action="version", version=f"bridgeroom {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    from bridgeroom.cli import commands

    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        code = func(args)
    except BridgeError as err:
        print(f"bridgeroom {args.command}: error: {err}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as err:
        print(f"bridgeroom {args.command}: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return int(code or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
