"""The loop of ``bridgeroom play``: draw the table, read a line, act, let the robots act.

The screen is drawn again whenever the person is to act. The robots' calls are printed one
line each, with what they mean; the cards go on one line per trick, in the order played,
the leader marked and the winner at the end, a short pause between the robots' cards
(:mod:`bridgeroom.tui.pacing`; Enter skips to the end of the deal). Every action is
already stored when the next prompt appears, so closing the terminal loses nothing:
``bridgeroom resume ID`` continues. When the store cannot write (a full disk, a read-only
database) the loop says so, keeps what was not written and writes it when the person
presses Enter and the store takes it again.
"""

from __future__ import annotations

from rich.console import Console, RenderableType
from rich.text import Text

from bridgeroom.errors import BridgeError
from bridgeroom.i18n import Messages, error_text
from bridgeroom.rules import Action, Call, Card, DealState, Phase, Seat, Side
from bridgeroom.scoring import ScoreForm, get_table
from bridgeroom.table import Acted, TableError, TableEvent, TableSnapshot
from bridgeroom.tui import screen
from bridgeroom.tui.entry import (
    COMMANDS,
    EntryError,
    command_name,
    read_entry,
    review_number,
    shown,
)
from bridgeroom.tui.pacing import Pacer
from bridgeroom.tui.reading import read_line
from bridgeroom.tui.reviews import Reviews
from bridgeroom.tui.saving import SaveError
from bridgeroom.tui.table import PlayTable

__all__ = ["PlayLoop"]

#: What the person types to say yes (a look at the dummy, TH-23).
_YES = {"y", "yes", "д", "да"}


class PlayLoop:
    """The person at the terminal and a :class:`PlayTable`; ``pacer`` paces the robots."""

    def __init__(
        self,
        table: PlayTable,
        console: Console,
        msgs: Messages,
        *,
        pacer: Pacer | None = None,
        fresh: bool = False,
    ) -> None:
        self.table = table
        #: The game was started by this command (not resumed): left with no input at all (no
        #: terminal: ``play ... </dev/null``), it is not kept.
        self.fresh = fresh
        #: A line was read from the person / the input ended.
        self._typed = False
        self._eof = False
        self.console = console
        self.msgs = msgs
        self.pacer = pacer or Pacer(0)
        self._coached: set[int] = set()
        #: The trick whose line is open on the screen (its number and the cards printed).
        self._open: tuple[int, int] | None = None
        #: The last action printed was a robot's (the next one waits for the pacer).
        self._robot_last = False
        #: The deals whose "you are dummy" line was printed.
        self._watching: set[int] = set()
        #: The deals whose end was shown.
        self._ended: set[int] = set()
        #: The reviews of the finished deals, computed in a worker process (``review``).
        self.reviews = Reviews()
        #: The robots' reasons for their actions, by deal number and index in its history.
        self._reasons: dict[int, dict[int, object]] = {}

    # --- output ----------------------------------------------------------------------------

    def print(self, renderable: RenderableType = "", *, end: str = "\n") -> None:
        """Print below whatever is on the screen (a trick's open line ends first)."""
        self._end_line()
        self.console.print(renderable, end=end)

    def _end_line(self) -> None:
        if self._open is not None:
            self._open = None
            self.console.print()

    def say(self, key: str, style: str | None = None, **params: object) -> None:
        self.print(Text(self.msgs(key, **params), style=style or ""))

    def _vulnerability(self) -> bool:
        """Whether the game has a vulnerability to show (auction bridge has none, AB-5)."""
        try:
            return get_table(self.table.match.scoring).vulnerability
        except BridgeError:
            return True

    def show(self, events: list[TableEvent]) -> None:
        """What a robot (or the person) did: a call on its line, a card on its trick's line."""
        for event in events:
            if not isinstance(event, Acted):
                continue
            if event.by_robot:
                self._keep_reason(event)
                if self._robot_last and not self.pacer.skipping:
                    self._end_line_if_call(event)
                    self.pacer.wait()
                self._robot_last = True
            else:
                self._robot_last = False
            if isinstance(event.action, Card):
                self._card(event)
            else:
                self.print(self._event_text(event))

    def _keep_reason(self, event: Acted) -> None:
        """A robot's reason for its action, for the deal's review."""
        state = self.table.last_state
        if state is None or event.decision is None:
            return
        reasons = self._reasons.setdefault(len(self.table.match.deals), {})
        reasons[len(state.history) - 1] = event.decision.message

    def _end_line_if_call(self, event: Acted) -> None:
        if not isinstance(event.action, Card):
            self._end_line()

    def _card(self, event: Acted) -> None:
        """A card on its trick's line: the line is opened with the trick's number and the cards
        so far (the leader marked), goes on with each card, and ends with the winner."""
        state = self.table.last_state
        assert state is not None and isinstance(event.action, Card)
        msgs = self.msgs
        self._watch(state)
        winner: Seat | None = None
        if any(card == event.action for _, card in state.current_trick):
            number = len(state.tricks) + 1
            cards = list(state.current_trick)
        elif state.tricks and event.action in state.tricks[-1].cards:  # it closed the trick
            trick = state.tricks[-1]
            number = len(state.tricks)
            cards = list(zip(trick.seats, trick.cards, strict=True))
            winner = trick.winner
        else:  # not on the table any more (a revoke's correction took it back): its own line
            self.print(self._event_text(event))
            return
        if self._open is not None and self._open[0] == number:
            text = screen.trick_cards(cards, msgs, first=self._open[1])
        else:
            self._end_line()
            text = Text(msgs("screen.trick_number", number=number) + " ", style="bold")
            text.append_text(screen.trick_cards(cards, msgs))
        if winner is None:
            self.console.print(text, end="")
            self._open = (number, len(cards))
        else:
            text.append_text(screen.trick_winner(winner, msgs))
            self.console.print(text)
            self._open = None

    def _watch(self, state: DealState) -> None:
        """Once a deal, when the person is dummy: say that his partner plays and how to skip."""
        number = len(self.table.match.deals)
        me = self.table.human_seat(state)
        if number in self._watching or state.dummy != me or state.declarer is None:
            return
        self._watching.add(number)
        key = "play.watching_paced" if self.pacer.active else "play.watching"
        self.say(key, style="dim", declarer=self.msgs.seat(state.declarer))

    def _event_text(self, event: Acted) -> Text:
        msgs = self.msgs
        who = msgs.seat(event.turn)
        action = event.action
        key = "play.event_call" if isinstance(action, Call) else "play.event_other"
        player = (
            msgs("screen.dummy") if event.for_dummy else self.table.name_of(event.player, msgs.lang)
        )
        if event.player == self.table.human_position:
            player = msgs("play.you")
        text = Text(msgs(key, seat=who, player=player) + " ")
        text.append_text(screen.action_text(action, msgs))
        # what a robot opponent's call means in his side's system, and its alert; a partner's
        # calls are explained to the opponents, not to him (the table says who is told)
        if self.table.told(event.turn):
            if event.alert:
                text.append(" " + msgs("system.alert") + "!", style="bold magenta")
            if event.meaning is not None:
                text.append(" — " + event.meaning.render(msgs.lang), style="dim")
        return text

    def _explain(self, state: DealState) -> None:
        """The opponents' calls of the auction with their meanings from their card (``explain``)."""
        msgs = self.msgs
        snapshot = self.table.snapshot(msgs.lang)
        deal = snapshot.deal
        told = False
        if deal is not None:
            alerts = deal.alerts or (False,) * len(deal.meanings)
            calls = state.calls
            for (seat, call), meaning, alert in zip(calls, deal.meanings, alerts, strict=True):
                if meaning is None:
                    continue
                told = True
                text = Text(msgs.seat(seat) + " ")
                text.append_text(screen.action_text(call, msgs))
                if alert:
                    text.append(" " + msgs("system.alert") + "!", style="bold magenta")
                text.append(" — " + meaning.render(msgs.lang))
                self.print(text)
        if not told:
            self.say("system.explain_none")

    def _system(self) -> None:
        """The convention cards of both sides (``system``)."""
        cards = self.table.convention_cards()
        if not cards:
            self.say("system.no_cards")
        for card in cards:
            self.print()
            for i, line in enumerate(card):
                self.print(Text(line.render(self.msgs.lang), style="bold" if i == 0 else ""))

    def show_table(self, state: DealState) -> None:
        msgs = self.msgs
        snapshot = self.table.snapshot(self.msgs.lang)
        assert snapshot.deal is not None
        view = snapshot.deal.view
        self.print()
        self.console.rule()
        self.console.print(self._status(snapshot))
        if state.phase is Phase.ANNOUNCE or not view.variant.auction:
            self.console.print(screen.minibridge_panel(view, msgs))
        elif state.calls:
            self.console.print(screen.auction_grid(view, msgs))
        self.console.print(screen.table_view(snapshot, msgs))

    def _status(self, snapshot: TableSnapshot) -> Text:
        return screen.status_lines(snapshot, self.msgs, vulnerability=self._vulnerability())

    def show_deal_end(self, state: DealState) -> None:
        msgs = self.msgs
        c = self.console
        self.print()
        c.rule()
        result = state.result
        assert result is not None
        snapshot = self.table.snapshot(self.msgs.lang)
        assert snapshot.deal is not None
        c.print(self._status(snapshot))
        if state.calls and snapshot.deal.view.variant.auction:
            c.print(screen.auction_grid(snapshot.deal.view, msgs))
        c.print(screen.table_view(snapshot, msgs))
        if result.contract is None:
            self.say("play.passed_out", style="bold")
        else:
            over = result.overtricks
            key = "play.made_exactly" if over == 0 else "play.made" if over > 0 else "play.down"
            self.say(
                key,
                style="bold",
                contract=msgs.contract(result.contract),
                tricks=result.tricks,
                over=over,
                under=-over,
            )
        self._against_par(state)
        self.show_sheet()

    def _against_par(self, state: DealState) -> None:
        """A duplicate deal of contract bridge: the person's side's score and par, in IMPs
        (Law 78B, the WBF scale), par by double dummy for the deal's dealer and vulnerability.
        endplay is imported here, at the deal's end, never when the command starts."""
        if self.table.match.form is not ScoreForm.DUPLICATE or not state.variant.auction:
            return
        from bridgeroom.envs.table import par_score
        from bridgeroom.scoring.compare import imps

        result = state.result
        assert result is not None
        ns_score = 0
        if result.contract is not None:
            declarer = result.contract.declarer
            assert declarer is not None
            points = (
                get_table("duplicate")
                .score(result.contract, result.tricks, result.vulnerability.is_vulnerable(declarer))
                .score
            )
            ns_score = points if declarer.side is Side.NS else -points
        ns_par = par_score(result.deal, result.dealer, result.vulnerability)
        side = self.table.human_seat(state).side
        sign = 1 if side is Side.NS else -1
        gained = imps(sign * (ns_score - ns_par))
        self.say(
            "play.against_par",
            side=self.msgs.side(side),
            score=sign * ns_score,
            par=sign * ns_par,
            imps=gained,
        )

    def show_sheet(self) -> None:
        self.print(
            screen.sheet(
                self.table.match.session, self.msgs, you=self.table.human_name, sides=self._sides()
            )
        )

    def _sides(self) -> dict[Side, str] | None:
        """The players of each side, under its column (four-handed: they keep their seats)."""
        if len(self.table.table.places) != 4:
            return None
        lang = self.msgs.lang
        name = self.table.name_of
        return {side: ", ".join(name(int(seat), lang) for seat in side.seats) for side in Side}

    def show_tricks(self, state: DealState) -> None:
        """Every completed trick of the deal, one line each, in the order played."""
        if not state.tricks:
            self.say("play.no_last_trick")
            return
        for number, trick in enumerate(state.tricks, start=1):
            self.print(screen.trick_line(trick, self.msgs, number))

    def prompt_text(self, state: DealState) -> str:
        msgs = self.msgs
        me = self.table.human_seat(state)
        seat = msgs.seat(me)
        if state.phase is Phase.ANNOUNCE:
            return msgs("play.prompt_count", seat=seat)
        if state.phase is Phase.AUCTION:
            return msgs("play.prompt_call", seat=seat)
        if state.phase is Phase.NAMING:
            return msgs("play.prompt_contract", seat=seat)
        if state.turn is not None and state.turn != me:
            return msgs("play.prompt_dummy", seat=msgs.seat(state.turn))
        return msgs("play.prompt_card", seat=seat)

    # --- the loop ------------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the match is over or the person quits. Returns the exit code: 0, 130
        after Ctrl-C, 1 when he leaves while the store cannot write."""
        try:
            while True:
                try:
                    code = self._step()
                except SaveError as err:
                    if not self._store_down(err):
                        return 1
                    continue
                if code is not None:
                    return code
        except KeyboardInterrupt:
            self.print()
            if self.table.pending:
                self._left_unsaved()
                return 130
            self.say("play.saved", id=self.table.id)
            return 130
        finally:
            self.reviews.close()

    def _step(self) -> int | None:
        """One turn of the loop: show a deal's end, deal, let the robots act, read the person's
        action. An exit code ends the loop."""
        table = self.table
        state = table.state
        if state is None:
            last = table.last_state
            if last is not None and len(table.match.deals) not in self._ended:
                return self._deal_over(last)
            if table.is_over:
                return self._match_over()
            table.next_deal()
            self.pacer.reset()
            return None
        table.robots_act(each=self.show)
        state = table.state
        if state is None:
            return None
        if table.barred() and state.phase is Phase.AUCTION:
            self.say("play.barred_pass")
            self.show([table.act(Call.PASS)])
            return None
        forced = self._forced_last_card(state)
        if forced is not None:  # the person's one card of the last trick: nothing to choose
            self._robot_last = False
            self.show([table.act(forced)])
            return None
        self.show_table(state)
        if state.phase is Phase.NAMING and id(state) not in self._coached:
            self._coached.add(id(state))
            self._coach(state)
        if not self._turn(state):
            return self._quit()
        return None

    def _forced_last_card(self, state: DealState) -> Card | None:
        """The card the person must play to the last trick (his own or, declaring, the
        dummy's): the only one left in the hand, played for him."""
        if state.phase is not Phase.PLAY or state.tricks_left != 1:
            return None
        if not self.table.human_to_act():
            return None
        cards = [a for a in state.legal_actions() if isinstance(a, Card)]
        return cards[0] if len(cards) == 1 else None

    def _deal_over(self, state: DealState) -> int | None:
        """The end of a deal: all hands, the result, the sheet; then the prompt between deals."""
        number = len(self.table.match.deals)
        self._ended.add(number)
        self._robot_last = False
        self.show_deal_end(state)
        self.reviews.start(number, state, self._reasons.get(number, {}))
        if not self._between_deals(over=self.table.is_over):
            return self._quit()
        if self.table.is_over:
            return self._match_over(shown=True)
        return None

    def _match_over(self, *, shown: bool = False) -> int:
        self.say("play.match_over", style="bold")
        if not shown:
            self.show_sheet()
        return 0

    def _read(self, prompt: str) -> str | None:
        self._end_line()
        try:
            line = read_line(self.console, Text(prompt))
        except EOFError:
            self._eof = True
            return None
        self._typed = True
        return line

    def _between_deals(self, *, over: bool) -> bool:
        """The prompt after a deal: Enter goes on, ``q`` stops; ``tricks``, ``score`` and
        ``help`` answer here too. ``False`` when the person stops."""
        prompt = self.msgs("play.end_prompt" if over else "play.next_prompt")
        while True:
            line = self._read(prompt)
            if line is None:
                return False
            word = " ".join(line.split()).lower()
            if not word:
                return True
            if word in {"q"} | {w for w in self.msgs("command.quit").split("|")}:
                return False
            head, _, rest = word.partition(" ")
            name = command_name(head) if len(word) <= 40 else None
            state = self.table.last_state
            assert state is not None
            if name == "quit":
                return False
            if name == "review":
                try:
                    self._review(review_number(rest, self.msgs.lang), wait=True)
                except EntryError as err:
                    self.print(Text(str(err), style="bold red"))
            elif name == "tricks":
                self.show_tricks(state)
            elif name == "last":
                self._last(state)
            elif name == "score":
                self.show_sheet()
            elif name == "help":
                self._help()
            elif name == "explain":
                self._explain(state)
            elif name == "system":
                self._system()
            else:
                self.say("play.between_deals", style="bold red", text=shown(line.strip()))

    def _quit(self) -> int:
        self.print()
        if self.fresh and self._eof and not self._typed and not self.table.pending:
            # no input at all (no terminal): nothing of the person's to keep
            self.table.store.delete_match(self.table.id)
            self.say("play.not_kept", id=self.table.id)
            return 1
        self.say("play.saved", id=self.table.id)
        return 0

    def _left_unsaved(self) -> None:
        actions = ", ".join(screen.action_text(a, self.msgs).plain for a in self.table.unsaved)
        self.say("save.left", style="bold", actions=actions or "—", id=self.table.id)

    def _store_down(self, err: SaveError) -> bool:
        """The store could not write: say what happened, keep what was not written, and write
        it when the person presses Enter and the store takes it. ``False`` when he leaves."""
        msgs = self.msgs
        while True:
            self.say("save.failed", style="bold red", what=err.render(msgs.lang))
            actions = [screen.action_text(a, msgs).plain for a in self.table.unsaved]
            if actions:
                self.say("save.kept", actions=", ".join(actions))
            self.say(f"save.how_{err.kind}")
            line = self._read(msgs("save.prompt"))
            if line is None or command_name(line.strip()) == "quit":
                self.print()
                self._left_unsaved()
                return False
            try:
                self.table.flush()
            except SaveError as again:
                err = again
                continue
            self.say("save.saved_now", style="bold")
            return True

    def _turn(self, state: DealState) -> bool:
        """Read lines until one acts; ``False`` when the person quits."""
        while True:
            line = self._read(self.prompt_text(state))
            if line is None:
                return False
            try:
                entry = read_entry(line, state, self.msgs.lang)
            except EntryError as err:
                self.print(Text(str(err), style="bold red"))
                continue
            except BridgeError as err:
                self.print(
                    Text(
                        self.msgs("error.engine", reason=error_text(err, self.msgs.lang)),
                        style="bold red",
                    )
                )
                continue
            try:
                done = self._do(entry.kind, entry.value, state)
            except SaveError:
                raise
            except TableError as err:
                self.print(Text(err.message.render(self.msgs.lang), style="bold red"))
                continue
            except BridgeError as err:
                self.print(
                    Text(
                        self.msgs("error.engine", reason=error_text(err, self.msgs.lang)),
                        style="bold red",
                    )
                )
                continue
            if done is None:
                return False
            if done:
                return True

    def _do(self, kind: str, value: Action | int | None, state: DealState) -> bool | None:
        """Carry out an entry: ``True`` when the table moved on, ``False`` to read again, ``None`` to quit."""
        msgs = self.msgs
        table = self.table
        if kind == "action":
            assert value is not None and not isinstance(value, int)
            self._robot_last = False
            self.show([table.act(value)])
            return True
        if kind == "quit":
            return None
        if kind == "undo":
            action = table.undo()
            text = Text(msgs("play.undone") + " ")
            text.append_text(screen.action_text(action, msgs))
            self.print(text)
            return True
        if kind == "hint":
            with self.console.status(msgs("play.thinking")):
                decision = table.hint()
            text = Text(msgs("play.hint") + " ", style="cyan")
            text.append_text(screen.action_text(decision.action, msgs))
            text.append(" — " + msgs.explain(decision.why))
            self.print(text)
            return False
        if kind == "claim":
            if value == 0 and not self._concede(state):
                return False
            accepted, n = table.claim(value if isinstance(value, int) else None)
            self.say("play.claim_accepted" if accepted else "play.claim_refused", tricks=n)
            return accepted
        if kind == "show":
            self.show_table(state)
            return False
        if kind == "last":
            self._last(state)
            return False
        if kind == "tricks":
            self.show_tricks(state)
            return False
        if kind == "score":
            self.show_sheet()
            return False
        if kind == "look":
            return self._look()
        if kind == "coach":
            self._coach(state)
            return False
        if kind == "review":
            self._review(value if isinstance(value, int) else None, wait=False)
            return False
        if kind == "help":
            self._help()
            return False
        if kind == "explain":
            self._explain(state)
            return False
        if kind == "system":
            self._system()
            return False
        raise AssertionError(kind)

    def _review(self, number: int | None, *, wait: bool) -> None:
        """The review of deal ``number`` (the last finished by default), computed off the input
        thread: shown when done; between deals (``wait``) the person may wait for it (Ctrl-C
        stops waiting), during a deal the prompt comes back at once."""
        finished = [i for i, s in enumerate(self.table.match.deals, start=1) if s.is_over]
        if number is None:
            if not finished:
                self.say("play.review_none")
                return
            number = finished[-1]
        if number not in finished:
            self.say("play.review_no_deal", style="bold red", number=number)
            return
        if self.reviews.status(number) == "none":
            state = self.table.match.deals[number - 1]
            self.reviews.start(number, state, self._reasons.get(number, {}))
        try:
            result = self.reviews.result(number, timeout=0)
            if result is None and wait:
                with self.console.status(self.msgs("play.review_waiting", number=number)):
                    result = self.reviews.result(number)
        except KeyboardInterrupt:
            self.print()
            self.say("play.review_later", number=number)
            return
        except Exception as err:  # the review failed in the worker: say why, play goes on
            self.say("play.review_failed", style="bold red", reason=str(err))
            return
        if result is None:
            self.say("play.review_later", number=number)
            return
        from bridgeroom.analysis.review_text import render

        self.print(Text(self.msgs("play.review_of", number=number), style="bold"))
        self.print(render(result, self.msgs.lang))

    def _last(self, state: DealState) -> None:
        if not state.tricks:
            self.say("play.no_last_trick")
            return
        self.print(screen.trick_line(state.tricks[-1], self.msgs, len(state.tricks)))

    def _help(self) -> None:
        for name in COMMANDS:
            self.say(f"help.{name}")
        self.say("help.actions")
        if self.pacer.seconds > 0:
            self.say("help.skip")

    def _look(self) -> bool:
        """Three-handed: a look at the dummy bars the person from the auction (TH-23): asked
        first, done on yes."""
        if not self.table.may_look():
            self.table.look_at_dummy()  # refused, with the table's reason
        self.say("play.look_warning", style="bold yellow")
        line = self._read(self.msgs("play.look_confirm"))
        if line is None or line.strip().lower() not in _YES:
            self.say("play.look_cancelled")
            return False
        self.table.look_at_dummy()
        self.say("play.looked", style="bold yellow")
        return True

    def _concede(self, state: DealState) -> bool:
        """``claim 0`` gives the opponents every trick left: asked first, as a look is."""
        line = self._read(self.msgs("play.concede_confirm", tricks=state.tricks_left))
        if line is None or line.strip().lower() not in _YES:
            self.say("play.concede_cancelled")
            return False
        return True

    def _coach(self, state: DealState) -> None:
        """Mini-bridge: the coach's advice to the declarer before he names the contract (MB-13)."""
        if state.phase is not Phase.NAMING:  # only the mini-bridge declarer names a contract
            raise TableError("error.coach_naming")
        from bridgeroom.teaching.coach import coach

        advice = coach(state.view(self.table.human_seat(state)), lang=self.msgs.lang)
        text = Text(self.msgs("play.coach") + " ", style="cyan")
        text.append(self.msgs.contract(advice.contract, declarer=False), style="bold")
        text.append(" — " + advice.reason)
        self.print(text)
