"""The Dask batch layer: chunks in input order, bounded memory, seeds per chunk, errors, clusters.

Local clusters and a real ``dask scheduler`` with ``dask worker`` processes are started for real;
the workers import the chunk functions from this module (the repository is on their path).
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator

import pytest

from bridgeroom.analysis.batch import Batch, BatchError, Chunk, Progress, chunked, counted
from bridgeroom.errors import BridgeError


def squares(chunk: Chunk[int]) -> list[int]:
    assert chunk.items is not None
    return [x * x for x in chunk.items]


def slow_squares(chunk: Chunk[int]) -> list[int]:
    """Early chunks take longest, so that chunks complete out of order."""
    time.sleep(0.05 * max(0, 6 - chunk.index))
    return squares(chunk)


def steady_squares(chunk: Chunk[int]) -> list[int]:
    time.sleep(0.15)
    return squares(chunk)


def draws(chunk: Chunk[object]) -> list[int]:
    return [int(x) for x in chunk.rng().integers(0, 1 << 40, chunk.size)]


def fails_on_three(chunk: Chunk[int]) -> int:
    if chunk.index == 3:
        raise BridgeError(f"chunk {chunk.index} is bad")
    return chunk.index


@pytest.fixture(scope="module")
def local2() -> Iterator[Batch]:
    """A local cluster of two worker processes, shared by the tests of this module."""
    with Batch(workers=2) as batch:
        yield batch


def expected_squares(n: int) -> list[int]:
    return [x * x for x in range(n)]


def flat(results: Iterator[list[int]]) -> list[int]:
    return [x for part in results for x in part]


def test_chunks_cut_any_iterable_lazily() -> None:
    def numbers() -> Iterator[int]:
        yield from range(7)

    chunks = list(chunked(numbers(), 3, seed=9))
    assert [c.items for c in chunks] == [(0, 1, 2), (3, 4, 5), (6,)]
    assert [(c.index, c.start, c.size, c.seed) for c in chunks] == [
        (0, 0, 3, 9),
        (1, 3, 3, 9),
        (2, 6, 1, 9),
    ]
    assert [(c.start, c.size) for c in counted(0, 4)] == []
    with pytest.raises(BatchError):
        list(chunked([1], 0))


def test_inline_batch_runs_in_this_process() -> None:
    with Batch(workers=0) as batch:
        assert batch.inline and batch.threads() == 1
        assert flat(batch.map(squares, chunked(range(20), 3))) == expected_squares(20)


def test_local_cluster_gives_results_in_input_order(local2: Batch) -> None:
    assert local2.threads() == 2
    results = flat(local2.map(slow_squares, chunked(range(40), 4)))
    assert results == expected_squares(40)


def test_window_bounds_the_chunks_in_flight(local2: Batch) -> None:
    """At most ``window`` chunks are drawn from the input and not yet yielded (bounded memory)."""
    drawn = 0

    def source() -> Iterator[Chunk[int]]:
        nonlocal drawn
        for chunk in chunked(range(60), 2):
            drawn += 1
            yield chunk

    yielded = 0
    most = 0
    for _ in local2.map(slow_squares, source(), window=3):
        yielded += 1
        most = max(most, drawn - yielded)
    assert yielded == 30
    assert most <= 3


def test_seeded_chunks_give_the_same_numbers_on_any_number_of_workers(local2: Batch) -> None:
    with Batch(workers=0) as batch:
        inline = list(batch.map(draws, counted(50, 7, seed=2024)))
    two = list(local2.map(draws, counted(50, 7, seed=2024)))
    assert inline == two
    assert [len(x) for x in inline] == [7] * 7 + [1]
    assert len({x for part in inline for x in part}) == 50  # the chunks' streams differ


def test_an_error_in_a_chunk_reaches_the_caller_after_the_earlier_results(local2: Batch) -> None:
    seen: list[int] = []
    with pytest.raises(BridgeError, match="chunk 3 is bad"):
        for index in local2.map(fails_on_three, chunked(range(10), 1)):
            seen.append(index)
    # The batch still works after a failed job.
    assert flat(local2.map(squares, chunked(range(5), 2))) == expected_squares(5)
    assert seen == [0, 1, 2]


def test_leaving_a_job_early_cancels_its_chunks(local2: Batch) -> None:
    results = local2.map(steady_squares, chunked(range(100), 1), window=6)
    assert next(results) == [0]
    results.close()  # what Ctrl-C does to the loop that reads the results
    deadline = time.monotonic() + 10
    while any(local2.client.processing().values()) and time.monotonic() < deadline:
        time.sleep(0.1)
    # No task of the job is left running or waiting on the cluster.
    assert not any(local2.client.processing().values())


def test_progress_counts_items_not_chunks() -> None:
    progress = Progress(total=10, enabled=False)
    with progress, Batch(workers=0) as batch:
        list(batch.map(squares, chunked(range(10), 4), progress=progress))
    assert progress.done == 10


def test_bad_settings_are_refused() -> None:
    with pytest.raises(BatchError):
        Batch(scheduler="tcp://127.0.0.1:1", workers=2)
    with pytest.raises(BatchError):
        Batch(workers=-1)
    with pytest.raises(BatchError, match="not started"):
        _ = Batch(workers=2).client


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    from tests.analysis.conftest import free_port

    batch = Batch(scheduler=f"127.0.0.1:{free_port()}", connect_timeout=1)
    with pytest.raises(BatchError, match="cannot start or reach the Dask scheduler"):
        batch.__enter__()


def test_a_real_scheduler_gives_the_local_result(dask_cluster) -> None:  # type: ignore[no-untyped-def]
    with Batch(scheduler=dask_cluster.address) as batch:
        assert batch.threads() >= 2
        results = flat(batch.map(slow_squares, chunked(range(30), 3)))
    assert results == expected_squares(30)


def test_a_killed_worker_only_delays_the_result(dask_cluster) -> None:  # type: ignore[no-untyped-def]
    """A worker killed (SIGKILL) in the middle of a job: its chunks run again on another worker."""
    victim = dask_cluster.add_worker("victim")
    dask_cluster.wait_for_workers(3)
    results: list[list[int]] = []
    with Batch(scheduler=dask_cluster.address) as batch:
        for part in batch.map(steady_squares, chunked(range(60), 2), window=9):
            results.append(part)
            if len(results) == 3:
                os.kill(victim.pid, signal.SIGKILL)
    assert victim.wait(timeout=10) == -signal.SIGKILL
    assert [x for part in results for x in part] == expected_squares(60)


def test_progress_bar_shows_the_rate_over_the_run_and_the_time_left() -> None:
    """Results come a chunk at a time: the rate is items over the elapsed time, not a burst's."""
    progress = Progress("work", total=8, unit="boards", left="left", enabled=True)
    with progress:
        bar = progress._bar
        task = bar.tasks[0]
        time.sleep(0.2)
        progress.advance(4)  # four at once, after a fifth of a second
        line = "".join(col.render(task).plain for col in bar.columns[4:5])
        seconds_left = bar.columns[6].render(task).plain
    rate = float(line.split()[0].replace(",", ""))
    assert 5 < rate < 25  # about 4 / 0.2 s; a burst would read as thousands
    assert seconds_left.startswith("left 0:00:0")
    assert progress.done == 4
