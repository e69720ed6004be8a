"""Batch work on Dask: cut the work into chunks, run them on workers, stream the results in order.

Every batch job of bridgeroom (double-dummy analysis, hand records, deal
generation, simulations) has the same shape: many independent items, a
function that works on a chunk of them, results wanted in input order. A
:class:`Batch` runs such a function over a stream of chunks on a Dask cluster:

* a **local cluster** started for the job (the default: one worker process per
  core, one thread each), or an **existing cluster** given by its scheduler's
  address (``tcp://HOST:PORT``, started with ``dask scheduler`` and
  ``dask worker``), or, with ``workers=0``, this very process (no Dask at all:
  for small jobs, tests and library calls);
* results come back **in input order**, each as soon as it and every chunk
  before it are done, so a writer can stream them to a file;
* at most ``window`` chunks are in flight or waiting to be yielded, so memory
  stays bounded whatever the number of chunks (a million boards are never held
  at once: the chunks themselves are drawn lazily from an iterator);
* a worker that dies only delays the result: the scheduler runs its chunks
  again elsewhere (Dask's own retry of lost tasks), and a chunk that raises is
  retried ``retries`` times before its error reaches the caller;
* Ctrl-C (``KeyboardInterrupt``) cancels the chunks in flight and stops the
  local cluster; what was yielded before stays valid;
* work that draws random numbers gets a **seed per chunk**, derived from the
  job's seed and the chunk's index only (:meth:`Chunk.rng`), so a seeded job
  gives the same results on one worker or twenty.

The function must be picklable (a module-level function, or a
:func:`functools.partial` of one) and take one chunk::

    >>> def total(chunk: Chunk) -> int:
    ...     return sum(chunk.items)
    >>> with Batch(workers=0) as batch:          # in this process; Batch() starts a local cluster
    ...     list(batch.map(total, chunked(range(10), 4)))
    [6, 22, 17]

Random work draws from the chunk's generator; the numbers depend on the seed
and the chunk, not on who runs it::

    >>> def draw(chunk: Chunk) -> list[int]:
    ...     return [int(x) for x in chunk.rng().integers(0, 100, chunk.size)]
    >>> with Batch(workers=0) as batch:
    ...     first = list(batch.map(draw, counted(5, 2, seed=7)))
    >>> first == [draw(c) for c in counted(5, 2, seed=7)]
    True
    >>> [len(r) for r in first]
    [2, 2, 1]

``distributed`` (and Rich, for the progress bar) are imported only when a
batch starts, never when this module is imported.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from bridgeroom.errors import BridgeError
from bridgeroom.i18n import Message, keyed

__all__ = [
    "Batch",
    "BatchError",
    "Chunk",
    "Progress",
    "chunked",
    "counted",
    "default_workers",
    "from_arguments",
]

T = TypeVar("T")
R = TypeVar("R")

#: How long a job waits for a worker to join an existing cluster before giving up.
WORKER_TIMEOUT = 60.0


class BatchError(BridgeError):
    """A cluster that cannot be started or reached, or a job that cannot run on it."""


# --- chunks -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Chunk(Generic[T]):
    """A piece of a job: ``size`` items starting at item ``start`` of the whole input.

    ``items`` holds the items themselves (``None`` for work that has no input,
    such as dealing ``size`` new deals); ``index`` is the chunk's position in the
    job; ``seed`` the job's seed (``None``: unseeded). The chunk's random numbers
    come from :meth:`rng`, which depends on ``seed`` and ``index`` only.
    """

    index: int
    start: int
    size: int
    items: tuple[T, ...] | None = None
    seed: int | None = None

    def rng(self) -> Any:
        """A NumPy generator for this chunk: seeded from (job seed, chunk index) when the job is
        seeded (NumPy's ``SeedSequence`` spawn keys keep chunks' streams independent), from
        the operating system's entropy when it is not.

        >>> def first(chunk: Chunk) -> int:
        ...     return int(chunk.rng().integers(1 << 30))
        >>> first(Chunk(0, 0, 1, seed=1)) == first(Chunk(0, 0, 1, seed=1))
        True
        >>> first(Chunk(0, 0, 1, seed=1)) == first(Chunk(1, 1, 1, seed=1))
        False
        """
        import numpy as np

        if self.seed is None:
            return np.random.default_rng()
        return np.random.default_rng(np.random.SeedSequence(self.seed, spawn_key=(self.index,)))

    def chunk_seed(self) -> int | None:
        """A 64-bit integer seed for this chunk (for ``random.Random`` and other seeders), derived
        like :meth:`rng`; ``None`` when the job is unseeded.

        >>> Chunk(3, 30, 10, seed=5).chunk_seed() == Chunk(3, 30, 10, seed=5).chunk_seed()
        True
        """
        if self.seed is None:
            return None
        import numpy as np

        state = np.random.SeedSequence(self.seed, spawn_key=(self.index,)).generate_state(
            1, np.uint64
        )
        return int(state[0])

    def __len__(self) -> int:
        return self.size


def chunked(items: Iterable[T], size: int, *, seed: int | None = None) -> Iterator[Chunk[T]]:
    """Cut ``items`` (any iterable, read lazily) into chunks of ``size`` items (the last may be smaller).

    >>> [c.items for c in chunked("abcde", 2)]
    [('a', 'b'), ('c', 'd'), ('e',)]
    """
    if size < 1:
        raise BatchError(f"a chunk holds at least one item, not {size}")
    it = iter(items)
    for index in itertools.count():
        items_ = tuple(itertools.islice(it, size))
        if not items_:
            return
        yield Chunk(index, index * size, len(items_), items_, seed)


def counted(n: int, size: int, *, seed: int | None = None) -> Iterator[Chunk[Any]]:
    """Chunks for ``n`` units of work without input (deals to make, simulations to run).

    >>> [(c.start, c.size) for c in counted(5, 2)]
    [(0, 2), (2, 2), (4, 1)]
    """
    if size < 1:
        raise BatchError(f"a chunk holds at least one item, not {size}")
    if n < 0:
        raise BatchError(f"a number of items is 0 or more, not {n}")
    for index, start in enumerate(range(0, n, size)):
        yield Chunk(index, start, min(size, n - start), None, seed)


def default_workers() -> int:
    """One worker per core this process may use.

    >>> default_workers() >= 1
    True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def _size_of(payload: object) -> int:
    try:
        return len(payload)  # type: ignore[arg-type]
    except TypeError:
        return 1


# --- progress -----------------------------------------------------------------------------------


class Progress:
    """A Rich progress bar on standard error: items done, items per second, time left
    (``unit`` and ``left`` are the words shown, in the user's language ``lang``, which also
    writes the rate: ``12.5 deals/s``, ``12,5 сдач/с``).

    ``total`` may be ``None`` (unknown: no time left is shown). With
    ``enabled=False`` nothing is drawn (the default when standard error is not
    a terminal, so that logs and pipes stay clean).
    """

    def __init__(
        self,
        description: str = "",
        *,
        total: int | None = None,
        unit: str = "items",
        left: str = "left",
        enabled: bool | None = None,
        lang: str = "en",
    ) -> None:
        self.description = description
        self.lang = lang
        self.total = total
        self.unit = unit
        self.left = left
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self.done = 0
        self._bar: Any = None
        self._task: Any = None

    def __enter__(self) -> Progress:
        if self.enabled:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                ProgressColumn,
                TextColumn,
                TimeElapsedColumn,
            )
            from rich.progress import Progress as RichProgress
            from rich.text import Text

            from bridgeroom.i18n import Message

            unit, left, lang = self.unit, self.left, self.lang

            # Rates over the whole run: results come in bursts (a chunk at a time), which
            # Rich's short-window speed estimate would read as thousands a second.
            def rate(task: Any) -> float | None:
                elapsed = task.finished_time if task.finished else task.elapsed
                if not elapsed or not task.completed:
                    return None
                return float(task.completed) / float(elapsed)

            class Rate(ProgressColumn):
                def render(self, task: Any) -> Text:
                    speed = rate(task)
                    shown = (
                        Message("analysis.rate_unknown", unit=unit)
                        if speed is None
                        else Message("analysis.rate", rate=speed, unit=unit)
                    )
                    return Text(shown.render(lang), style="progress.data.speed")

            class Left(ProgressColumn):
                def render(self, task: Any) -> Text:
                    speed = rate(task)
                    if task.total is None or speed is None:
                        return Text(f"{left} -:--:--", style="progress.remaining")
                    seconds = int(max(0.0, task.total - task.completed) / speed)
                    hours, rest = divmod(seconds, 3600)
                    return Text(
                        f"{left} {hours}:{rest // 60:02d}:{rest % 60:02d}",
                        style="progress.remaining",
                    )

            self._bar = RichProgress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn(unit),
                Rate(),
                TimeElapsedColumn(),
                Left(),
                console=Console(stderr=True),
                transient=False,
            )
            self._bar.start()
            self._task = self._bar.add_task(self.description, total=self.total)
        return self

    def advance(self, count: int) -> None:
        self.done += count
        if self._bar is not None:
            self._bar.advance(self._task, count)

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None


# --- the batch ----------------------------------------------------------------------------------


@contextlib.contextmanager
def _workers_ignore_ctrl_c() -> Iterator[None]:
    """Start local workers with SIGINT ignored: Ctrl-C reaches every process of the terminal's
    group, and the workers should not die printing tracebacks; the command that started them
    catches it, cancels the work and stops them."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _distributed() -> Any:
    """Dask's ``distributed`` package, imported on first use (it takes a second)."""
    try:
        return importlib.import_module("distributed")
    except ImportError as err:  # pragma: no cover - a core dependency
        raise BatchError(f"Dask's distributed package is not installed: {err}") from err


class Batch:
    """A place to run chunks: a Dask cluster (local or remote), or this process.

    ``scheduler`` is a Dask scheduler's address (``tcp://HOST:PORT``); without
    it a local cluster of ``workers`` processes (default: one per core) with
    one thread each is started on 127.0.0.1 when the batch is entered and
    stopped when it is left. ``workers=0`` runs the chunks here, one after
    the other. ``env`` sets environment variables in the local workers;
    ``retries`` reruns a chunk that raised (a lost worker's chunks are rerun by
    the scheduler anyway); a scheduler must answer within ``connect_timeout``
    seconds and have a worker within ``worker_timeout``.

    >>> Batch(workers=2)
    Batch(workers=2)
    >>> Batch(scheduler="tcp://10.0.0.5:8786")
    Batch(scheduler='tcp://10.0.0.5:8786')
    """

    def __init__(
        self,
        scheduler: str | None = None,
        workers: int | None = None,
        *,
        env: dict[str, str] | None = None,
        retries: int = 0,
        worker_timeout: float = WORKER_TIMEOUT,
        connect_timeout: float = 10.0,
    ) -> None:
        if scheduler is not None and workers is not None:
            raise BatchError("give either a scheduler address or a number of local workers")
        if workers is not None and workers < 0:
            raise keyed(BatchError, "analysis.workers_count", workers=workers)
        if scheduler is not None and "://" not in scheduler:
            scheduler = f"tcp://{scheduler}"
        self.scheduler = scheduler
        self.workers = default_workers() if scheduler is None and workers is None else workers
        self.env = dict(env or {})
        self.retries = retries
        self.worker_timeout = worker_timeout
        self.connect_timeout = connect_timeout
        self._cluster: Any = None
        self._client: Any = None

    def __repr__(self) -> str:
        if self.scheduler is not None:
            return f"Batch(scheduler={self.scheduler!r})"
        return f"Batch(workers={self.workers})"

    @property
    def inline(self) -> bool:
        """Whether chunks run in this process (``workers=0``)."""
        return self.scheduler is None and self.workers == 0

    # --- starting and stopping ---------------------------------------------------------------

    def __enter__(self) -> Batch:
        if self.inline:
            return self
        distributed = _distributed()
        Client, LocalCluster = distributed.Client, distributed.LocalCluster
        try:
            if self.scheduler is None:
                with _workers_ignore_ctrl_c():
                    self._cluster = self._local_cluster(LocalCluster)
                self._client = Client(self._cluster)
            else:
                self._client = Client(self.scheduler, timeout=f"{self.connect_timeout}s")
                self._client.wait_for_workers(1, timeout=self.worker_timeout)
        except (OSError, TimeoutError) as err:
            self.close()
            where = self.scheduler or Message("analysis.local_cluster")
            raise keyed(
                BatchError, "analysis.no_scheduler", dask="Dask", where=where, error=str(err)
            ) from err
        return self

    def _local_cluster(self, LocalCluster: Any) -> Any:
        return LocalCluster(
            n_workers=self.workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            # The scheduler's HTTP routes on a free port (not 8787, which two jobs share).
            scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
            # A worker logs a lost heartbeat as an error with a traceback when the scheduler stops
            # first (Ctrl-C, the end of a run): no news to a user. A chunk's own error still reaches
            # the command, as the exception its future raises.
            silence_logs=logging.CRITICAL,
            env=self.env or None,
        )

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Disconnect, and stop the local cluster if this batch started it."""
        client, cluster = self._client, self._cluster
        self._client = self._cluster = None
        # Stopping a cluster logs about the workers it stops; that is no news to a user.
        quiet = logging.getLogger("distributed")
        level = quiet.level
        quiet.setLevel(logging.CRITICAL)
        try:
            if client is not None:
                client.close()
            if cluster is not None:
                cluster.close()
        finally:
            quiet.setLevel(level)

    @property
    def client(self) -> Any:
        """The ``distributed.Client`` of an entered, non-inline batch."""
        if self._client is None:
            raise BatchError("the batch is not started (use it in a 'with' block)")
        return self._client

    def threads(self) -> int:
        """The worker threads of the cluster (1 for an inline batch)."""
        if self.inline:
            return 1
        return max(1, int(sum(self.client.nthreads().values())))

    # --- running -----------------------------------------------------------------------------

    def map(
        self,
        func: Callable[[T], R],
        chunks: Iterable[T],
        *,
        window: int | None = None,
        progress: Progress | None = None,
        size: Callable[[T], int] = _size_of,
    ) -> Iterator[R]:
        """``func(chunk)`` for each chunk, yielded in the chunks' order as they complete.

        ``chunks`` is read lazily: at most ``window`` chunks (default three per
        worker thread) are submitted or done-but-not-yet-yielded at any time.
        ``progress`` is advanced by ``size(chunk)`` (its ``len``, else 1) per chunk
        yielded. An error raised by ``func`` (after the retries) is raised here;
        leaving the iteration early (an error, Ctrl-C, ``close()``) cancels the
        chunks still in flight.
        """
        if self.inline:
            yield from self._map_inline(func, chunks, progress, size)
            return
        as_completed = _distributed().as_completed
        client = self.client
        limit = window or 3 * self.threads()
        if limit < 1:
            raise BatchError(f"a window holds at least one chunk, not {limit}")
        name = getattr(func, "__name__", None) or getattr(
            getattr(func, "func", None), "__name__", "chunk"
        )
        job = f"{name}-{os.getpid()}-{time.monotonic_ns()}"
        source = iter(chunks)
        pending: dict[Any, tuple[int, int]] = {}  # future in flight -> (index, size)
        done: dict[int, tuple[Any, int]] = {}  # index -> (finished future, size)
        counter = itertools.count()
        next_out = 0
        finished = False
        flow = as_completed()

        def fill() -> None:
            nonlocal finished
            while not finished and len(pending) + len(done) < limit:
                try:
                    chunk = next(source)
                except StopIteration:
                    finished = True
                    return
                index = next(counter)
                future = client.submit(
                    func, chunk, key=f"{job}-{index}", pure=False, retries=self.retries
                )
                pending[future] = (index, size(chunk))
                flow.add(future)

        try:
            fill()
            for future in flow:
                index, count = pending.pop(future)
                done[index] = (future, count)
                while next_out in done:
                    finished_future, count = done.pop(next_out)
                    next_out += 1
                    value = finished_future.result()  # a chunk's error is raised in its turn
                    finished_future.release()
                    if progress is not None:
                        progress.advance(count)
                    yield value
                fill()
        finally:
            left = [*pending, *(f for f, _ in done.values())]
            if left:
                client.cancel(left, force=True)
            pending.clear()
            done.clear()

    @staticmethod
    def _map_inline(
        func: Callable[[T], R],
        chunks: Iterable[T],
        progress: Progress | None,
        size: Callable[[T], int],
    ) -> Iterator[R]:
        for chunk in chunks:
            result = func(chunk)
            if progress is not None:
                progress.advance(size(chunk))
            yield result


# --- the commands' options ----------------------------------------------------------------------


def check_chunk_size(args: Any) -> None:
    """Refuse a ``--chunk-size`` under 1 (:func:`bridgeroom.cli.options.add_batch`'s option)."""
    if args.chunk_size is not None and args.chunk_size < 1:
        raise BatchError(f"--chunk-size is at least 1, not {args.chunk_size}")


def from_arguments(args: Any) -> Batch:
    """The :class:`Batch` the options of :func:`bridgeroom.cli.options.add_batch` ask for."""
    check_chunk_size(args)
    return Batch(scheduler=args.scheduler, workers=args.workers)
