"""Entry point of the ``bridgeroom`` command.

The parser lists every command of :data:`bridgeroom.cli.commands.COMMANDS`, but imports and
configures only the one typed, so that ``bridgeroom score ...`` loads neither the store nor the
server (see :mod:`bridgeroom.cli.commands`).

Errors a user can cause (bad input, illegal actions, unreadable files) are
printed as one readable line on stderr with exit code 2; nothing else is
changed.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Sequence

from bridgeroom import __version__
from bridgeroom.cli.commands import COMMANDS, load
from bridgeroom.errors import BridgeError

__all__ = ["build_parser", "main"]


def build_parser(commands: Iterable[str] | None = None) -> argparse.ArgumentParser:
    """The ``bridgeroom`` parser with the arguments of ``commands`` (default: all of them).

    The other commands are listed with their help line but take no arguments.

    >>> build_parser(["score"]).parse_args(["score", "duplicate", "4S", "10"]).tricks
    '10'
    """
    wanted = set(COMMANDS if commands is None else commands)
    parser = argparse.ArgumentParser(
        prog="bridgeroom",
        description="Play, score and analyse contract, auction, three-handed and mini-bridge.",
    )
    parser.add_argument("--version", action="version", version=f"bridgeroom {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, help_line in COMMANDS.items():
        p = sub.add_parser(name, help=help_line)
        if name in wanted:
            command = load(name)
            command.configure(p)
            p.set_defaults(func=command.run, parser=p)
    return parser


def _command(argv: Sequence[str]) -> str | None:
    """The command typed: the first word that is not an option (``bridgeroom`` has no option
    that takes a value)."""
    for word in argv:
        if word == "--":
            return None
        if not word.startswith("-"):
            return word
    return None


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    command = _command(words)
    parser = build_parser([command] if command in COMMANDS else [])
    args = parser.parse_args(words)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        code = func(args)
    except BridgeError as err:
        _error(args, err)
        return 2
    except BrokenPipeError:
        # the reader stopped reading (``bridgeroom deal -n 50 | head -1``): nothing more to say,
        # and nothing more is written to the closed pipe when Python flushes at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # as the shell reports a program ended by SIGPIPE
    except (OSError, ValueError) as err:
        _error(args, err)
        return 2
    except KeyboardInterrupt:
        return 130
    return int(code or 0)


def _error(args: argparse.Namespace, err: BaseException) -> None:
    """One line on standard error: ``bridgeroom deal: error: ...``, in the language of a command
    that has ``--lang`` (its catalogue message, :func:`bridgeroom.i18n.error_text`); English
    errors are written as they are."""
    from bridgeroom.i18n import MessageError, detect_language, error_text, translate

    try:
        lang = detect_language(getattr(args, "lang", None)) if hasattr(args, "lang") else "en"
    except MessageError:
        lang = "en"
    text = str(err) if lang == "en" else error_text(err, lang)
    line = translate("cli.error", lang, message=text)
    print(f"bridgeroom {args.command}: {line}", file=sys.stderr)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
