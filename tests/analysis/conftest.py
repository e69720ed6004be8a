"""A real Dask cluster for the analysis tests: ``dask scheduler`` and two ``dask worker`` processes
on 127.0.0.1, started by the tests as the PostgreSQL tests start their server, stopped after."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "endplay"


#: One thread, no nanny (a SIGKILL then kills the worker itself), no dashboard, loopback only.
WORKER_OPTIONS = ("--nthreads", "1", "--no-nanny", "--no-dashboard", "--host", "127.0.0.1")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _env() -> dict[str, str]:
    env = dict(os.environ)
    # The workers import bridgeroom and the tests' chunk functions (pickled by reference).
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(ROOT), env.get("PYTHONPATH", "")])
    return env


def _dask() -> list[str]:
    exe = shutil.which("dask")
    if exe is None:
        pytest.fail("the 'dask' command (from the distributed package) is not installed")
    return [exe]


@dataclass
class DaskCluster:
    """A scheduler's address and the worker processes started for it."""

    address: str
    scheduler: subprocess.Popen[bytes]
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def add_worker(self, name: str) -> subprocess.Popen[bytes]:
        proc = subprocess.Popen(
            [*_dask(), "worker", self.address, *WORKER_OPTIONS, "--name", name],
            env=_env(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.workers.append(proc)
        return proc

    def wait_for_workers(self, count: int, timeout: float = 60.0) -> None:
        from distributed import Client

        with Client(self.address, timeout="20s") as client:
            client.wait_for_workers(count, timeout=timeout)

    def stop(self) -> None:
        for proc in [*self.workers, self.scheduler]:
            if proc.poll() is None:
                proc.terminate()
        for proc in [*self.workers, self.scheduler]:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.fixture(scope="module")
def dask_cluster() -> Iterator[DaskCluster]:
    port = free_port()
    scheduler = subprocess.Popen(
        [*_dask(), "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
        env=_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    cluster = DaskCluster(f"tcp://127.0.0.1:{port}", scheduler)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if scheduler.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("the Dask scheduler did not start")
                time.sleep(0.2)
        cluster.add_worker("w1")
        cluster.add_worker("w2")
        cluster.wait_for_workers(2)
        yield cluster
    finally:
        cluster.stop()
