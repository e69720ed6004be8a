"""The terminal on a full disk and on a read-only database (issue 20, item 3): no traceback; the
player is told what happened and how to go on, in his language; the call or card he typed is
kept and written when the store takes it again; what was saved stays intact and resumes.

The full disk is real: a 1 MiB tmpfs the test mounts (as root; the test fails, saying so, where
it cannot), filled with a file until the kernel says ENOSPC, then emptied. The read-only
database is SQLite's own read-only mode (``?mode=ro``) on the game's file."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from bridgeroom.i18n import Messages
from bridgeroom.store import Store

from .conftest import spawn
from .test_follow import CALL, CARD

RETRY = {
    "en": r"Enter: try again; quit: stop> ",
    "ru": r"Enter — попробовать снова; выход — остановиться> ",
}
FULL = {
    "en": "The disk is full: the game could not be saved.",
    "ru": "Диск заполнен: игру не удалось сохранить.",
}


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 1 MiB tmpfs mounted for the test, unmounted after it."""
    where = tmp_path / "disk"
    where.mkdir()
    if os.geteuid() != 0:
        pytest.fail("the full-disk test mounts a tmpfs and needs root: run it as root")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.fail(f"cannot mount a tmpfs for the full-disk test: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(disk: Path) -> Path:
    """Fill ``disk`` until the kernel refuses (ENOSPC); returns the filler file."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        with contextlib.suppress(OSError):
            while True:
                os.write(fd, b"\0" * 4096)
    finally:
        os.close(fd)
    with pytest.raises(OSError):
        (disk / "more").write_bytes(b"\0" * 8192)
    return filler


def said(child: pexpect.spawn) -> str:
    """What the terminal printed before the last match, its lines joined (Rich wraps them)."""
    return " ".join((child.before or "").split())


def logged(database: Path) -> list[str]:
    store = Store(str(database))
    try:
        return [a.action for a in store.get_match(1).deals[0].actions]
    finally:
        store.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_full_disk_keeps_the_call_and_saves_it_when_there_is_room(
    small_disk: Path, lang: str
) -> None:
    database = small_disk / "games.sqlite3"
    child = spawn(["play", "contract", "--robots", "basic", "--seed", "1"], database, lang)
    child.expect(CALL[lang])
    filler = fill(small_disk)
    child.sendline({"en": "7n", "ru": "7бк"}[lang])
    child.expect(RETRY[lang])
    text = said(child)
    assert FULL[lang] in text and "Traceback" not in text
    assert {"en": "kept here: 7NT", "ru": "хранится здесь: 7БК"}[lang] in text
    child.sendline("")  # still full: said again, still kept
    child.expect(RETRY[lang])
    assert FULL[lang] in said(child)
    assert "7NT" not in logged(database)
    filler.unlink()
    child.sendline("")  # room again: written, and the play goes on
    child.expect(CARD[lang])
    assert {"en": "Saved. Play goes on.", "ru": "Сохранено. Игра продолжается."}[lang] in said(
        child
    )
    assert "7NT" in logged(database)
    child.sendline({"en": "quit", "ru": "выход"}[lang])
    child.expect(pexpect.EOF)


def test_quitting_on_a_full_disk_says_what_was_lost_and_resume_works(small_disk: Path) -> None:
    database = small_disk / "games.sqlite3"
    child = spawn(["play", "contract", "--robots", "basic", "--seed", "1"], database)
    child.expect(CALL["en"])
    before = logged(database)
    filler = fill(small_disk)
    child.sendline("7n")
    child.expect(RETRY["en"])
    child.sendline("quit")
    child.expect(r"Stopped without saving 7NT:\s+everything\s+before\s+it\s+is\s+saved.")
    child.expect(r"Continue\s+with:\s+bridgeroom\s+resume\s+1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    filler.unlink()
    assert logged(database) == before
    again = spawn(["resume", "1"], database)
    again.expect(CALL["en"])  # where it stood before the call that was not saved
    again.sendline("quit")
    again.expect(pexpect.EOF)


def test_a_pad_line_on_a_full_disk_is_kept(small_disk: Path) -> None:
    database = small_disk / "pads.sqlite3"
    child = spawn(["pad", "rubber"], database)
    child.expect(r"deal 1> ")
    filler = fill(small_disk)
    child.sendline("NS 4S 10")
    child.expect(RETRY["en"])
    assert FULL["en"] in said(child) and "NS 4S 10 is kept" in said(child)
    filler.unlink()
    child.sendline("")
    child.expect(r"deal 2> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    store = Store(str(database))
    assert [(e.declarer, e.contract, e.tricks) for e in store.get_match(1).entries] == [
        ("NS", "4S", 10)
    ]
    store.close()


def test_a_read_only_database_is_said_in_russian(database: Path) -> None:
    """SQLite's 'attempt to write a readonly database': the player reads what happened and how to
    continue; leaving keeps everything saved before (exit 1)."""
    child = spawn(["play", "contract", "--robots", "basic", "--seed", "1"], database, "ru")
    child.expect(CALL["ru"])
    child.sendline("выход")
    child.expect(pexpect.EOF)
    before = logged(database)  # the robots' calls before the person's
    read_only = f"sqlite:///file:{database}?mode=ro&uri=true"
    child = pexpect.spawn(
        sys.executable,
        ["-m", "bridgeroom", "resume", "1", "--database", read_only],
        env={**os.environ, "NO_COLOR": "1", "TERM": "dumb", "BRIDGEROOM_PAUSE": "0"},
        encoding="utf-8",
        timeout=90,
        dimensions=(60, 120),
    )
    child.expect(CALL["ru"])
    child.sendline("7бк")
    child.expect(RETRY["ru"])
    text = said(child)
    assert "База данных не принимает изменений" in text and "Traceback" not in text
    assert "хранится здесь: 7БК" in text
    child.sendline("выход")
    child.expect(r"Остановлено,\s+не\s+сохранено:\s+7БК;\s+всё\s+до\s+этого\s+сохранено.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert logged(database) == before and "7NT" not in before


def run_cli(args: list[str], database: Path | str, lang: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "TERM": "dumb", "BRIDGEROOM_PAUSE": "0"}
    env.pop("BRIDGEROOM_DATABASE", None)
    return subprocess.run(
        [sys.executable, "-m", "bridgeroom", *args, "--database", str(database), "--lang", lang],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )


def one_line(done: subprocess.CompletedProcess[str], command: str) -> str:
    """The command's refusal: exit status 2, one line on standard error, no traceback."""
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    head = f"bridgeroom {command}: "
    assert done.stderr.startswith(head), done.stderr
    return done.stderr.strip()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_nothing_starts_on_a_full_disk_and_all_starts_when_there_is_room(
    small_disk: Path, lang: str
) -> None:
    """A database that cannot even be made (a full disk before the first game), then one that
    exists but cannot take a new game or pad: one line in the person's language saying so and
    what to do; nothing is half made; once there is room the same commands work."""
    msgs = Messages(lang)
    database = small_disk / "games.sqlite3"
    filler = fill(small_disk)
    for args in (["play", "contract"], ["pad", "rubber"], ["history"]):
        line = one_line(run_cli(args, database, lang), args[0])
        assert line.endswith(msgs("save.open_full")), line
    filler.unlink()
    assert run_cli(["history"], database, lang).returncode == 0  # the database is made
    filler = fill(small_disk)
    for args in (["play", "contract"], ["pad", "rubber"]):
        line = one_line(run_cli(args, database, lang), args[0])
        assert line.endswith(msgs("save.start_full")), line
    store = Store(str(database))
    assert store.list_matches() == []  # nothing was half started
    store.close()
    filler.unlink()
    child = spawn(["play", "contract", "--robots", "basic", "--seed", "1"], database, lang)
    child.expect(CALL[lang])
    child.sendline({"en": "quit", "ru": "выход"}[lang])
    child.expect(pexpect.EOF)
    store = Store(str(database))
    assert [(m.id, m.game) for m in store.list_matches()] == [(1, "contract")]
    store.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_export_to_a_full_disk_writes_nothing(
    small_disk: Path, tmp_path: Path, lang: str
) -> None:
    """``bridgeroom export -o`` on a full disk: one line in the person's language; a file that
    was there is left whole (the text is written beside it and renamed over it), no partial
    file stays; with room again the export is written."""
    msgs = Messages(lang)
    database = tmp_path / "games.sqlite3"  # the database is elsewhere, the file on the tmpfs
    store = Store(str(database))
    record = store.create_match("pad", "contract", "rubber", seats=[("NS", None), ("EW", None)])
    store.add_pad_entry(record.id, declarer="NS", contract="4S", tricks=10, honors=None)
    store.close()
    out = small_disk / "game.pbn"
    out.write_text("the file as it was\n", encoding="utf-8")
    filler = fill(small_disk)
    line = one_line(run_cli(["export", "1", "-o", str(out)], database, lang), "export")
    assert line.endswith(msgs("export.full", file=str(out))), line
    assert out.read_text("utf-8") == "the file as it was\n"
    assert not [p.name for p in small_disk.iterdir() if p.name.endswith(".partial")]
    filler.unlink()
    assert run_cli(["export", "1", "-o", str(out)], database, lang).returncode == 0
    assert '[Contract "4S"]' in out.read_text("utf-8")
