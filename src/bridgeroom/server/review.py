"""The review of a finished deal, for the page's "Review" panel: the double-dummy result of the
contract and the par, trick by trick each card against double dummy (the ones that cost a trick
marked, by how much), and the robots' reasons for their cards (:mod:`bridgeroom.analysis.review`,
for every game: contract, auction, mini-bridge and three-handed bridge).

It is worked out in a worker process, never on the thread that runs the tables, so play goes on
meanwhile; once done it is kept with the deal in the store (the deal's JSON options, ``review``)
and served from there. The robots' reasons are asked again of the robots with the seeds they
played with (:func:`bridgeroom.table.robot_reasons`), so nothing is kept while the table plays.

What is kept: the review as JSON (``review``, each robot's reason in every language), its lines
of text (``lines``) and the diagram (``svg``, :mod:`bridgeroom.svg`) in every language, and the
number of log entries it was made from (``actions``: a deal reopened by an undo and finished
again is reviewed again).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bridgeroom.i18n import LANGUAGES, Message, contract_text
from bridgeroom.store import MatchRecord, Store
from bridgeroom.table import TableError

__all__ = ["VERSION", "Reviews", "review_lines", "review_of", "review_payload", "served"]

#: The form of a kept review; a review kept in another form is worked out again.
VERSION = 1


def review_lines(review: Any, lang: str) -> dict[str, Any]:
    """The sentences of a review in ``lang`` (the catalogue's ``review.*``, as the terminal
    prints them): its title, the double-dummy result, the par, the claim, the tricks lost."""
    from bridgeroom.analysis.review_text import lost_messages
    from bridgeroom.analysis.text import par_contract_text

    out: dict[str, Any] = {}
    if review.contract is None:
        out["title"] = Message("review.passed_out").render(lang)
    else:
        contract = contract_text(review.contract, lang)
        out["title"] = Message("review.title", contract=contract, tricks=review.result).render(lang)
        if review.dd_tricks is not None:
            out["double_dummy"] = Message(
                "review.double_dummy", contract=contract, tricks=review.dd_tricks
            ).render(lang)
    if review.par is not None:
        contracts = ", ".join(par_contract_text(review.par.contracts, lang)) or "—"
        out["par"] = Message("review.par", score=review.par.score, contracts=contracts).render(lang)
    if review.claim is not None:
        out["claim"] = Message(
            "review.claim", seat=review.claim.seat, tricks=review.claim.tricks
        ).render(lang)
    out["lost"] = [message.render(lang) for message in lost_messages(review, lang)]
    return out


def review_payload(review: Any, actions: int) -> dict[str, Any]:
    """What is kept of a review (see the module's description)."""
    from bridgeroom import svg
    from bridgeroom.analysis.text import par_text

    data = review.to_json("en")
    cards = [card for trick in data["tricks"] for card in trick["cards"]]
    for out, card in zip(cards, review.cards, strict=True):
        reason = card.reason
        out["reason"] = (
            None
            if not isinstance(reason, Message)
            else {lang: reason.render(lang) for lang in LANGUAGES}
        )
    pictures = {
        lang: svg.deal(
            review.deal,
            dealer=review.dealer,
            vulnerability=review.vulnerability,
            table=review.table,
            par=par_text(review.par, lang) if review.par is not None else None,
            lang=lang,
        )
        for lang in LANGUAGES
    }
    return {
        "version": VERSION,
        "actions": actions,
        "review": data,
        "lines": {lang: review_lines(review, lang) for lang in LANGUAGES},
        "svg": pictures,
    }


def review_of(record: MatchRecord, number: int) -> dict[str, Any]:
    """The review of deal ``number`` of a stored table (run in the worker process)."""
    from bridgeroom.analysis.review import review
    from bridgeroom.table import robot_reasons, table_from_record

    table = table_from_record(record)
    index = next(i for i, d in enumerate(record.deals) if d.number == number)
    state = table.match.deals[index]
    reasons = robot_reasons(table, index + 1)
    return review_payload(review(state, reasons=reasons), len(record.deals[index].actions))


def _watch_parent(parent: int) -> None:
    """In the worker: exit when the server that started it is gone (even killed with -9)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="bridgeroom-review-watch", daemon=True).start()


class Reviews:
    """The reviews of a server's tables: ``get`` gives a deal's kept review, or works it out in
    the worker process (once, however many ask at the same time) and keeps it.

    ``db`` runs a store call on the server's database thread.
    """

    def __init__(self, store: Store, db: Callable[..., Awaitable[Any]]) -> None:
        self.store = store
        self.db = db
        self._pool: ProcessPoolExecutor | None = None
        self._pending: dict[tuple[int, int, int], asyncio.Future[dict[str, Any]]] = {}
        #: Whether a session's table may show deal ``number``'s review (it raises when not:
        #: a board's review waits until every table of the session has played it).
        self.session_gate: Callable[[MatchRecord, int], Awaitable[None]] | None = None

    def _worker(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # a fresh interpreter ("spawn"): the server's threads and sockets stay out of it
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=context,
                initializer=_watch_parent,
                initargs=(os.getpid(),),
            )
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def get(self, code: str, number: int) -> dict[str, Any]:
        """The kept review of deal ``number`` of table ``code`` (:class:`TableError` when the
        table has no such finished deal)."""
        record: MatchRecord = await self.db(self.store.get_match, code)
        if record.kind != "play":
            raise TableError("server.no_table", code=code)
        deal = next((d for d in record.deals if d.number == number), None)
        if deal is None or not deal.is_over:
            raise TableError("review.not_finished", number=number)
        if record.options.session:
            if self.session_gate is None:
                raise TableError("session.export_by_session")
            await self.session_gate(record, number)
        kept = deal.options.get("review")
        if (
            isinstance(kept, dict)
            and kept.get("version") == VERSION
            and kept.get("actions") == len(deal.actions)
        ):
            return kept
        key = (record.id, number, len(deal.actions))
        task = self._pending.get(key)
        if task is None:
            task = asyncio.ensure_future(self._work(record, number, deal.id))
            self._pending[key] = task
            task.add_done_callback(lambda _: self._pending.pop(key, None))
        return await asyncio.shield(task)

    async def _work(self, record: MatchRecord, number: int, deal_id: int) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        data = await loop.run_in_executor(self._worker(), review_of, record, number)
        await self.db(self.store.set_deal_review, deal_id, data)
        return data


def served(kept: dict[str, Any], lang: str) -> dict[str, Any]:
    """What the page is sent of a kept review: the review, and its lines and diagram in ``lang``."""
    return {
        "review": kept["review"],
        "lines": kept["lines"].get(lang, kept["lines"]["en"]),
        "svg": kept["svg"].get(lang, kept["svg"]["en"]),
    }
