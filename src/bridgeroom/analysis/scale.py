"""Where the deal generator and the simulations run: here, or on the Dask layer.

The chunks of a job are the same whichever runs them (their seeds depend on
the job's seed and the chunk's index only, and the simulations' tallies are
integer sums), so the place is a question of speed alone. :func:`auto_map`
answers it the way a user would: it runs the first chunk here, and when the
rest would take longer than :data:`AUTO_SECONDS` it starts a local Dask
cluster (:class:`bridgeroom.analysis.batch.Batch`, one worker process per
core) for them; a batch given by the caller (``--workers``, ``--scheduler``)
is used from the first chunk.

    >>> list(auto_map(lambda x: x * x, iter([1, 2, 3]), batch=None))
    [1, 4, 9]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

__all__ = [
    "AUTO_SECONDS",
    "SOLVE_CHUNK",
    "WORKER_ENV",
    "auto_map",
    "auto_workers_help",
    "placement",
]

T = TypeVar("T")
R = TypeVar("R")

#: Work expected to take longer than this (seconds) after the first chunk goes to a local cluster.
AUTO_SECONDS = 4.0
#: Deals per solving chunk of a simulation (the figures do not depend on it: the chunks' tallies
#: are integer sums).
SOLVE_CHUNK = 20


def auto_map(
    func: Callable[[T], R],
    items: Iterator[T],
    *,
    batch: Any,
    start: Callable[[], Any] | None = None,
    remaining: Callable[[R, float], float] | None = None,
    progress: Any = None,
    size: Callable[[T], int] = lambda item: 1,
    threshold: float = AUTO_SECONDS,
) -> Generator[R, None, None]:
    """``func(item)`` for each item, in order: on ``batch`` (an entered :class:`Batch`), or, when
    ``batch`` is ``None``, here; then, if ``start`` is given and ``remaining(first result,
    seconds it took)`` says the rest would take more than ``threshold`` seconds, on the batch
    ``start()`` makes (entered here, left when the iteration ends)."""
    if batch is not None:
        yield from batch.map(func, items, progress=progress, size=size)
        return
    try:
        first = next(items)
    except StopIteration:
        return
    began = time.perf_counter()
    result = func(first)
    took = time.perf_counter() - began
    if progress is not None:
        progress.advance(size(first))
    yield result
    if start is not None and remaining is not None and remaining(result, took) > threshold:
        with start() as scaled:
            yield from scaled.map(func, items, progress=progress, size=size)
        return
    for item in items:
        out = func(item)
        if progress is not None:
            progress.advance(size(item))
        yield out


#: The environment of local workers: one DDS thread each (a worker is one core's worth of work).
WORKER_ENV = {"BRIDGEROOM_DDS_THREADS": "1"}


@contextmanager
def placement(
    scheduler: str | None = None, workers: int | None = None
) -> Iterator[tuple[Any, Callable[[], Any] | None]]:
    """The ``(batch, start)`` pair the options ``--scheduler`` and ``--workers`` ask for: an
    entered batch on the cluster at ``scheduler`` or of ``workers`` local processes;
    nothing for ``workers=0`` (here, without Dask); by default, here with a local cluster
    to start when the work is long (``start`` for :func:`auto_map`).

        >>> with placement(workers=0) as (batch, start):
        ...     batch, start
        (None, None)
    """
    from bridgeroom.analysis.batch import Batch

    if scheduler is not None or (workers is not None and workers > 0):
        with Batch(scheduler=scheduler, workers=workers, env=WORKER_ENV) as batch:
            yield batch, None
    elif workers == 0:
        yield None, None
    else:
        yield None, lambda: Batch(env=WORKER_ENV)


def auto_workers_help(parser: Any) -> None:
    """Say, in the ``--workers`` help of a parser made by
    :func:`bridgeroom.cli.options.add_batch`, what these commands do by default."""
    for action in parser._actions:
        if action.dest == "workers":
            action.help = (
                "local worker processes, one DDS thread each (0: in this process; default: "
                "here, and a local cluster of one worker per core when the work would take "
                "more than a few seconds)"
            )
