"""The deal review at the terminal (``review``): each card against double dummy, computed off the
input thread so that it never delays play.

When a deal ends, its review (:func:`bridgeroom.analysis.review.review`, with the robots'
reasons for the cards they chose) is started in a worker process of its own, at a lower
scheduling priority than the terminal (``nice``), so that the robots of the next deal, who
think against the clock, keep the processor. The terminal reads a line and plays on while
it runs; ``review`` shows it when it is done. A separate process, not a thread: the review
and the robots both solve positions with DDS, which one process runs one batch at a time,
so a review in a thread would make a robot wait for it.

    >>> reviews = Reviews()
    >>> reviews.status(1)
    'none'
    >>> reviews.close()
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from collections.abc import Mapping
from multiprocessing.pool import AsyncResult, Pool
from typing import Any

from bridgeroom.rules import DealState

__all__ = ["NICENESS", "Reviews"]

#: How much lower than the terminal's the worker's scheduling priority is.
NICENESS = 10


def _start_worker() -> None:
    """The worker runs at a lower priority and ignores Ctrl-C: the terminal sends SIGINT to its
    whole process group, and the terminal client, not its worker, answers it (it saves, says how
    to go on and stops the worker); a worker that took it would print its traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # no nice (Windows) or not allowed: the same priority
    with contextlib.suppress(AttributeError, OSError):
        os.nice(NICENESS)


def _review(state: DealState, reasons: Mapping[int, object]) -> Any:
    from bridgeroom.analysis.review import review

    return review(state, reasons=dict(reasons))


class Reviews:
    """The reviews of a match's deals, by deal number, each computed once in the worker."""

    def __init__(self) -> None:
        self._pool: Pool | None = None
        self._jobs: dict[int, AsyncResult[Any]] = {}

    def start(self, number: int, state: DealState, reasons: Mapping[int, object]) -> None:
        """Start the review of finished deal ``number`` (once)."""
        if number in self._jobs or not state.is_over:
            return
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = context.Pool(1, initializer=_start_worker)
        self._jobs[number] = self._pool.apply_async(_review, (state, dict(reasons)))

    def status(self, number: int) -> str:
        """``none`` (never started), ``running`` or ``done`` (ready, or failed)."""
        job = self._jobs.get(number)
        if job is None:
            return "none"
        return "done" if job.ready() else "running"

    def result(self, number: int, timeout: float | None = None) -> Any:
        """The review of deal ``number`` (waiting at most ``timeout`` seconds; ``None`` when it
        is not done by then). An error of the review is raised here."""
        job = self._jobs[number]
        job.wait(timeout)
        if not job.ready():
            return None
        return job.get()

    def close(self) -> None:
        """Stop the worker (a review still running is dropped)."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None
        self._jobs.clear()
