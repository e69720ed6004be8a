"""The terminal's line reader (bridgeroom.tui.reading): a line typed, Ctrl-C at the prompt, other
signals, on a real pseudo-terminal."""

from __future__ import annotations

import io
import os
import pty
import signal
import sys
import threading
from collections.abc import Iterator

import pytest
from rich.console import Console

from bridgeroom.tui.reading import read_line


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """Standard input is a pseudo-terminal; yields the descriptor the person types into."""
    typing, slave = pty.openpty()
    stdin = os.fdopen(slave, "r")
    monkeypatch.setattr(sys, "stdin", stdin)
    try:
        yield typing
    finally:
        stdin.close()
        os.close(typing)


def _later(seconds: float, action: object) -> threading.Timer:
    timer = threading.Timer(seconds, action)  # type: ignore[arg-type]
    timer.start()
    return timer


def _wakeup_fd() -> int:
    old = signal.set_wakeup_fd(-1)
    signal.set_wakeup_fd(old)
    return old


def test_the_line_typed_is_read_without_its_newline(terminal: int) -> None:
    out = io.StringIO()
    before = _wakeup_fd()
    _later(0.1, lambda: os.write(terminal, b"4S\n"))
    assert read_line(Console(file=out), "Your call: ") == "4S"
    assert out.getvalue() == "Your call: "
    assert _wakeup_fd() == before


def test_ctrl_c_at_the_prompt_ends_the_wait(terminal: int) -> None:
    """Python's own Ctrl-C handler (the terminal client's; a library loaded earlier in this
    process may have put another) raises KeyboardInterrupt in the wait."""
    before = _wakeup_fd()
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    # should the wait not end, a line typed later ends it and the test fails instead of hanging
    rescue = _later(10, lambda: os.write(terminal, b"too late\n"))
    try:
        timer = _later(0.2, lambda: os.kill(os.getpid(), signal.SIGINT))
        with pytest.raises(KeyboardInterrupt):
            read_line(Console(file=io.StringIO()), "Your call: ")
        timer.join()
    finally:
        rescue.cancel()
        signal.signal(signal.SIGINT, old)
    assert _wakeup_fd() == before


def test_another_signal_does_not_end_the_wait(terminal: int) -> None:
    seen: list[int] = []
    old = signal.signal(signal.SIGUSR1, lambda number, frame: seen.append(number))
    try:
        _later(0.1, lambda: os.kill(os.getpid(), signal.SIGUSR1))
        _later(0.4, lambda: os.write(terminal, b"pass\n"))
        assert read_line(Console(file=io.StringIO()), "Your call: ") == "pass"
    finally:
        signal.signal(signal.SIGUSR1, old)
    assert seen == [signal.SIGUSR1]


def test_the_end_of_the_input_is_eof(terminal: int) -> None:
    _later(0.1, lambda: os.write(terminal, b"\x04"))  # Ctrl-D on an empty line
    with pytest.raises(EOFError):
        read_line(Console(file=io.StringIO()), "Your call: ")
