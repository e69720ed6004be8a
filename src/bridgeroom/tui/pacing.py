"""The pace of the robots at the terminal: a short pause between their actions, so that a person
can follow the play, and a key (Enter) that skips the pauses to the end of the deal.

The pause comes from ``--pause SECONDS``, else ``BRIDGEROOM_PAUSE``, else
:data:`DEFAULT_PAUSE` when the input is a terminal (none when it is a pipe or a file, which
nobody watches). While it waits, the pacer watches the keyboard: a line typed (Enter) is
taken as "skip", read off and dropped, and the robots play the rest of the deal at once.

    >>> pacer = Pacer(0)
    >>> pacer.wait(), pacer.skipping
    (False, False)
    >>> pause_from(None, {"BRIDGEROOM_PAUSE": "0.25"}, interactive=True)
    0.25
    >>> pause_from(None, {}, interactive=False)
    0.0
"""

from __future__ import annotations

import os
import select
import sys
import time
from collections.abc import Mapping
from typing import TextIO

from bridgeroom.errors import BridgeError

__all__ = ["DEFAULT_PAUSE", "Pacer", "pause_from"]

#: Seconds between two robots' actions when nothing else is said (the input a terminal).
DEFAULT_PAUSE = 0.6


def pause_from(
    given: float | None, environ: Mapping[str, str] | None = None, *, interactive: bool
) -> float:
    """The pause to use: ``given`` (``--pause``), else ``BRIDGEROOM_PAUSE``, else
    :data:`DEFAULT_PAUSE` for a person at a terminal and none for piped input."""
    env = os.environ if environ is None else environ
    if given is None and env.get("BRIDGEROOM_PAUSE"):
        text = env["BRIDGEROOM_PAUSE"]
        try:
            given = float(text)
        except ValueError:
            raise BridgeError(f"BRIDGEROOM_PAUSE is a number of seconds, not {text!r}") from None
    if given is None:
        return DEFAULT_PAUSE if interactive else 0.0
    if not 0 <= given <= 10:
        raise BridgeError(f"the pause is 0 to 10 seconds, not {given}")
    return float(given)


class Pacer:
    """Waits ``seconds`` between robots' actions; Enter pressed meanwhile skips every pause
    until :meth:`reset` (the next deal)."""

    def __init__(self, seconds: float, stdin: TextIO | None = None) -> None:
        self.seconds = seconds
        self.stdin = sys.stdin if stdin is None else stdin
        #: Enter was pressed: no more pauses in this deal.
        self.skipping = False

    @property
    def active(self) -> bool:
        """Whether the robots are paced now."""
        return self.seconds > 0 and not self.skipping

    def _fd(self) -> int | None:
        try:
            fd = self.stdin.fileno()
        except (AttributeError, OSError, ValueError):
            return None
        return fd if os.isatty(fd) else None

    def wait(self) -> bool:
        """Pause before the next robot's action; ``True`` if the person asked to skip now."""
        if not self.active:
            return False
        fd = self._fd()
        if fd is None or os.name == "nt":
            time.sleep(self.seconds)
            return False
        ready, _, _ = select.select([fd], [], [], self.seconds)
        if not ready:
            return False
        os.read(fd, 4096)  # the line typed to skip: read off here, never taken as an entry
        self.skipping = True
        return True

    def reset(self) -> None:
        """A new deal: pauses again."""
        self.skipping = False
