"""Reading a line at the terminal so that Ctrl-C is never lost.

Python's :func:`input` reads the terminal in C. A Ctrl-C that arrives after Python last looked
for signals and before that read starts is noted but not acted on until a key is typed: the
person presses Ctrl-C and nothing happens. The window is narrow, but it opens just as the
prompt appears, which is when a script or a test driving the terminal sends its Ctrl-C.
:func:`read_line` waits for the terminal and for signals together
(:func:`signal.set_wakeup_fd`), so a Ctrl-C at any moment of the prompt ends the wait and raises
:class:`KeyboardInterrupt`, as the person expects. Where the input is not a terminal (a pipe, a
file, a test's stream), or not in the main thread, it is :meth:`rich.console.Console.input`.

    >>> import io
    >>> from rich.console import Console
    >>> console = Console(file=io.StringIO())
    >>> sys.stdin = io.StringIO("2NT\\n")
    >>> read_line(console, "Your call: ")
    '2NT'
    >>> read_line(console, "Your call: ")
    Traceback (most recent call last):
    ...
    EOFError: EOF when reading a line
    >>> sys.stdin = sys.__stdin__
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys
import threading

from rich.console import Console
from rich.text import Text

__all__ = ["read_line"]


def read_line(console: Console, prompt: str | Text) -> str:
    """The line the person types after ``prompt``, without its newline. Raises
    :class:`EOFError` at the end of the input and :class:`KeyboardInterrupt` on Ctrl-C."""
    fd = _terminal_fd()
    if fd is None:
        return console.input(prompt)
    console.print(prompt, end="")  # Rich flushes its file
    woken, wake = os.pipe()
    os.set_blocking(wake, False)
    old = signal.set_wakeup_fd(wake)
    try:
        while True:
            ready, _, _ = select.select([fd, woken], [], [])
            if woken in ready:
                # a signal came: its handler runs before the next line of Python (Ctrl-C raises
                # KeyboardInterrupt here); any other signal, the wait goes on
                os.read(woken, 512)
            if fd in ready:
                break
        line = sys.stdin.readline()
    finally:
        signal.set_wakeup_fd(old)
        os.close(woken)
        os.close(wake)
    if not line:
        raise EOFError
    return line.rstrip("\n")


def _terminal_fd() -> int | None:
    """The descriptor of standard input when it is a terminal that :func:`read_line` can wait
    on (a POSIX terminal, read in the main thread); else ``None``."""
    if sys.platform == "win32" or threading.current_thread() is not threading.main_thread():
        return None
    with contextlib.suppress(AttributeError, OSError, ValueError):
        fd = sys.stdin.fileno()
        if os.isatty(fd):
            return fd
    return None
