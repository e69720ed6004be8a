"""The loop of ``bridgeroom play``: draw the table, read a line, act, let the robots act.

The screen is drawn again whenever the person is to act; robots' actions are
printed as one line each as they happen. Every action is already stored when
the next prompt appears, so closing the terminal loses nothing:
``bridgeroom resume ID`` continues.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from bridgeroom.errors import BridgeError
from bridgeroom.i18n import Messages
from bridgeroom.rules import Action, Call, Card, DealState, Phase, Seat
from bridgeroom.table import Acted, TableError
from bridgeroom.tui import screen
from bridgeroom.tui.entry import COMMANDS, EntryError, read_entry
from bridgeroom.tui.table import PlayTable

__all__ = ["PlayLoop"]


class PlayLoop:
    """The person at the terminal and a :class:`PlayTable`."""

    def __init__(self, table: PlayTable, console: Console, msgs: Messages) -> None:
        self.table = table
        self.console = console
        self.msgs = msgs
        self._coached: set[int] = set()

    # --- output ----------------------------------------------------------------------------

    def say(self, key: str, style: str | None = None, **params: object) -> None:
        self.console.print(Text(self.msgs(key, **params), style=style or ""))

    def _names(self, state: DealState) -> dict[Seat, str | None]:
        return {seat: self.table.player_name(seat, state) for seat in Seat}

    def show_events(self, events: list[Acted]) -> None:
        for event in events:
            self.console.print(self._event_text(event))

    def _event_text(self, event: Acted) -> Text:
        msgs = self.msgs
        who = msgs.seat(event.turn)
        action = event.action
        if isinstance(action, Card):
            key = "play.event_card"
        elif isinstance(action, Call):
            key = "play.event_call"
        else:
            key = "play.event_other"
        player = msgs("screen.dummy") if event.for_dummy else self.table.name_of(event.player)
        text = Text(msgs(key, seat=who, player=player) + " ")
        text.append_text(screen.action_text(action, msgs))
        if event.meaning is not None:  # what a robot's call means in the robots' system
            text.append(" — " + event.meaning.render(msgs.lang), style="dim")
        return text

    def show_table(self, state: DealState) -> None:
        msgs = self.msgs
        me = self.table.human_seat(state)
        c = self.console
        c.rule()
        c.print(
            screen.status_lines(
                state,
                msgs,
                number=len(self.table.match.deals),
                board=state.board,
            )
        )
        if state.phase is Phase.ANNOUNCE or self.table.match.game.name == "minibridge":
            c.print(screen.minibridge_panel(state, msgs))
        elif state.calls:
            c.print(screen.auction_grid(state, msgs))
        c.print(screen.table_view(state, me, self._names(state), msgs))

    def show_deal_end(self, state: DealState) -> None:
        msgs = self.msgs
        c = self.console
        c.rule()
        result = state.result
        assert result is not None
        c.print(
            screen.status_lines(state, msgs, number=len(self.table.match.deals), board=state.board)
        )
        if state.calls and self.table.match.game.name != "minibridge":
            c.print(screen.auction_grid(state, msgs))
        c.print(
            screen.table_view(
                state, self.table.human_seat(state), self._names(state), msgs, show_all=True
            )
        )
        if result.contract is None:
            self.say("play.passed_out", style="bold")
        else:
            over = result.overtricks
            key = "play.made" if over >= 0 else "play.down"
            self.say(
                key,
                style="bold",
                contract=msgs.contract(result.contract),
                tricks=result.tricks,
                over=over,
                under=-over,
            )
        self.show_sheet()

    def show_sheet(self) -> None:
        self.console.print(
            screen.sheet(self.table.match.session, self.msgs, you=self.table.human_name)
        )

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
        """Play until the match is over or the person quits. Returns the exit code."""
        table = self.table
        while True:
            state = table.state
            if state is None:
                if table.is_over:
                    self.say("play.match_over", style="bold")
                    self.show_sheet()
                    return 0
                state = table.next_deal()
            self.show_events(table.robots_act())
            state = table.state
            if state is None:
                last = table.last_state
                assert last is not None
                self.show_deal_end(last)
                if table.is_over:
                    continue
                if not self._ask_next():
                    return self._quit()
                continue
            if table.barred() and state.phase is Phase.AUCTION:
                self.say("play.barred_pass")
                table.act(Call.PASS)
                continue
            if state.phase is Phase.NAMING and id(state) not in self._coached:
                self._coached.add(id(state))
                self.show_table(state)
                self._coach(state)
            else:
                self.show_table(state)
            if not self._turn(state):
                return self._quit()
            if table.state is None and table.last_state is not None and table.last_state.is_over:
                self.show_deal_end(table.last_state)
                if not table.is_over and not self._ask_next():
                    return self._quit()

    def _read(self, prompt: str) -> str | None:
        try:
            return self.console.input(Text(prompt))
        except EOFError:
            return None

    def _ask_next(self) -> bool:
        line = self._read(self.msgs("play.next_prompt"))
        if line is None:
            return False
        return line.strip().lower() not in {w for w in self.msgs("command.quit").split("|")} | {
            "quit",
            "q",
        }

    def _quit(self) -> int:
        self.console.print()
        self.say("play.saved", id=self.table.id)
        return 0

    def _turn(self, state: DealState) -> bool:
        """Read lines until one acts; ``False`` when the person quits."""
        while True:
            line = self._read(self.prompt_text(state))
            if line is None:
                return False
            try:
                entry = read_entry(line, state, self.msgs.lang)
            except EntryError as err:
                self.console.print(Text(str(err), style="bold red"))
                continue
            except BridgeError as err:
                self.console.print(
                    Text(self.msgs("error.engine", reason=str(err)), style="bold red")
                )
                continue
            try:
                done = self._do(entry.kind, entry.value, state)
            except TableError as err:
                self.console.print(Text(err.message.render(self.msgs.lang), style="bold red"))
                continue
            except BridgeError as err:
                self.console.print(
                    Text(self.msgs("error.engine", reason=str(err)), style="bold red")
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
            table.act(value)
            return True
        if kind == "quit":
            return None
        if kind == "undo":
            action = table.undo()
            text = Text(msgs("play.undone") + " ")
            text.append_text(screen.action_text(action, msgs))
            self.console.print(text)
            return True
        if kind == "hint":
            decision = table.hint()
            text = Text(msgs("play.hint") + " ", style="cyan")
            text.append_text(screen.action_text(decision.action, msgs))
            text.append(" — " + msgs.explain(decision.why))
            self.console.print(text)
            return False
        if kind == "claim":
            accepted, n = table.claim(value if isinstance(value, int) else None)
            self.say("play.claim_accepted" if accepted else "play.claim_refused", tricks=n)
            return accepted
        if kind == "last":
            if not state.tricks:
                self.say("play.no_last_trick")
            else:
                self.console.print(
                    Text(msgs("play.last_trick") + " ").append_text(
                        screen.trick_line(state.tricks[-1], msgs)
                    )
                )
            return False
        if kind == "score":
            self.show_sheet()
            return False
        if kind == "look":
            table.look_at_dummy()
            self.say("play.looked", style="bold yellow")
            return True
        if kind == "coach":
            self._coach(state)
            return False
        if kind == "help":
            for name in COMMANDS:
                self.say(f"help.{name}")
            self.say("help.actions")
            return False
        raise AssertionError(kind)

    def _coach(self, state: DealState) -> None:
        """Mini-bridge: the coach's advice to the declarer before he names the contract (MB-13)."""
        if state.phase is not Phase.NAMING:  # only the mini-bridge declarer names a contract
            raise TableError("error.coach_naming")
        from bridgeroom.teaching.coach import coach

        advice = coach(state.view(self.table.human_seat(state)), lang=self.msgs.lang)
        text = Text(self.msgs("play.coach") + " ", style="cyan")
        text.append(self.msgs.contract(advice.contract, declarer=False), style="bold")
        text.append(" — " + advice.reason)
        self.console.print(text)
