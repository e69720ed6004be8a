"""Reading PBN text: tags, sections, comments, ``%`` lines, games split by empty lines."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace

from bridgeroom.errors import ParseError
from bridgeroom.formats.pbn.game import PbnGame
from bridgeroom.formats.pbn.sections import UNKNOWN, PbnAuction, PbnPlay, is_table
from bridgeroom.formats.reading import BadGame
from bridgeroom.rules.core import CARDS, Call, Card, Seat

_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_NOTE_REF = re.compile(r"=(\d+)=")
_NOTE_TAG = re.compile(r"\s*(\d+)\s*:(.*)", re.S)
_SUFFIX = re.compile(r"^(.*?)([!?]{1,2})$")
_TAG_PAIR = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_UNESCAPE = re.compile(r'\\(["\\])')
#: Card tokens as PBN writes them (``SA``, ``H7``), for a fast lookup.
_CARD_TOKENS: dict[str, Card] = {str(card): card for card in CARDS}


#: The tags that describe a board rather than a table's play of it: a record of the same board
#: that leaves them out takes them from the board's previous record (see :class:`Reader`).
BOARD_TAGS: tuple[str, ...] = ("Dealer", "Vulnerable", "Deal")


class Reader:
    """A line-by-line PBN reader: tags, sections, comments, ``%`` lines, games split by empty lines.

    :meth:`games` yields each game as soon as its empty line is read (a file of a
    million games is never held in memory). With ``strict=False`` a game that
    cannot be read is yielded as a :class:`~bridgeroom.formats.reading.BadGame`
    and the rest of it (up to the next empty line) is skipped; with
    ``strict=True`` the first error is raised.

    A record that leaves out the board's own tags (:data:`BOARD_TAGS`: a second
    table's record that gives only its Board, contract and play) takes them from
    the previous game when that game has the same Board tag: the same board has
    the same cards, dealer and vulnerability. The tags taken are listed in the
    game's ``inherited`` set and are written out in full by ``dumps``.

    With ``deals=True`` (for analysis, where the deal is what matters) a game whose Auction or
    Play section is wrong is kept without it: the error comes first, as a warning
    (:class:`~bridgeroom.formats.reading.BadGame` with ``warning`` set, its line and board),
    then the game with its deal; and a record that leaves out both Board and Deal continues
    the board before it (the other table's record of the same board).
    """

    def __init__(self, *, strict: bool = True, deals: bool = False) -> None:
        self.strict = strict
        self.deals = deals and not strict
        self.warnings: list[BadGame] = []
        self.ending: PbnGame | None = None  # the game being finished, for its errors' board
        self.game: PbnGame | None = None
        self.first_line: int | None = None
        self.section: str | None = None  # "auction", "play", "data", "notes" or None
        self.section_tag: str | None = None
        self.last_section: PbnAuction | PbnPlay | None = None
        self.in_comment = False
        self.skipping = False
        self.previous: dict[str, str] = {}
        self.previous_game: PbnGame | None = None
        self.play_tokens: list[tuple[str, int]] = []

    # The current game, created on its first tag.
    def _current(self) -> PbnGame:
        if self.game is None:
            self.game = PbnGame()
        return self.game

    def games(self, lines: Iterable[str]) -> Iterator[PbnGame | BadGame]:
        number = 0
        for number, raw in enumerate(lines, start=1):
            line = raw.rstrip("\r\n")
            if number == 1 and line.startswith("\ufeff"):
                line = line[1:]
            if self.in_comment:
                end = line.find("}")
                if end < 0:
                    continue
                self.in_comment = False
                line = line[end + 1 :]
                if not line.strip():
                    continue  # the rest of a comment's last line is not an empty line
            elif line.startswith("%"):
                continue
            if not line.strip():
                if self.skipping:
                    self.skipping = False
                    continue
                yield from self._finish(number)
                continue
            if self.skipping:
                continue
            if self.first_line is None:
                self.first_line = number
            try:
                self._line(line, number)
            except ParseError as err:
                if self.deals and self.section in ("auction", "play") and self.game is not None:
                    self._drop_section(err, number)
                else:
                    yield self._bad(err, number)
        if self.in_comment and not self.skipping:
            yield self._bad(
                ParseError(key="file.comment_open", params={"brace": "{"}, line=number), number
            )
        if not self.skipping:
            yield from self._finish(number + 1)

    def _warn(self, err: ParseError, number: int, game: PbnGame) -> None:
        """Keep ``err`` as a warning about ``game``, yielded before it."""
        self.warnings.append(
            replace(
                BadGame.from_error(
                    err, line=number, board=game.tags.get("Board"), first_line=self.first_line
                ),
                warning=True,
            )
        )

    def _drop_section(self, err: ParseError, number: int) -> None:
        """A wrong Auction or Play section: warn, drop it, skip its remaining tokens."""
        game = self.game
        assert game is not None
        self._warn(err, number, game)
        if self.section == "play":
            game.play = None
            self.play_tokens = []
        else:
            game.auction = None
        self.last_section = None
        self.section = "dropped"

    def _bad(self, err: ParseError, number: int) -> BadGame:
        """Give up the current game (strict: raise); skip to its end."""
        if self.strict:
            raise err
        game = self.game if self.game is not None else self.ending
        board = game.tags.get("Board") if game is not None else None
        bad = BadGame.from_error(err, line=number, board=board, first_line=self.first_line)
        self.warnings = []
        self.ending = None
        self.game = None
        self.first_line = None
        self.section = None
        self.last_section = None
        self.play_tokens = []
        self.skipping = True
        return bad

    def _finish(self, number: int) -> Iterator[PbnGame | BadGame]:
        try:
            game = self._end_game(number)
        except ParseError as err:
            bad = self._bad(err, number)
            self.skipping = False  # the game's empty line is already read
            yield bad
            return
        warnings, self.warnings = self.warnings, []
        if game is not None:
            board = game.tags.get("Board")
            for warning in warnings:
                yield warning if warning.board is not None else replace(warning, board=board)
            yield game

    def _line(self, line: str, number: int) -> None:
        pos = 0
        n = len(line)
        while pos < n:
            ch = line[pos]
            if ch.isspace():
                pos += 1
            elif ch == ";":
                return
            elif ch == "{":
                end = line.find("}", pos + 1)
                if end < 0:
                    self.in_comment = True
                    return
                pos = end + 1
            elif ch == "[":
                pos = self._tag(line, pos, number)
            else:
                if self.section == "data":
                    assert self.game is not None and self.section_tag is not None
                    self.game.data.setdefault(self.section_tag, []).append(line[pos:].strip())
                    return
                end = pos
                while end < n and not line[end].isspace() and line[end] not in "[{;":
                    end += 1
                self._token(line[pos:end], number)
                pos = end

    def _tag(self, line: str, pos: int, number: int) -> int:
        fast = _TAG_PAIR.match(line, pos)
        if fast is not None:
            raw = fast.group(2)
            value = _UNESCAPE.sub(r"\1", raw) if "\\" in raw else raw
            self._add_tag(fast.group(1), value, number)
            return fast.end()
        # The slow path finds what is wrong with the tag, for the message.
        start = pos + 1
        while start < len(line) and line[start].isspace():
            start += 1
        match = _TAG_NAME.match(line, start)
        if match is None:
            raise ParseError(
                key="file.tag_form",
                params={"form": '[Name "value"]', "text": repr(line.strip())},
                line=number,
            )
        name = match.group(0)
        i = match.end()
        while i < len(line) and line[i].isspace():
            i += 1
        if i >= len(line) or line[i] != '"':
            said = {"name": name, "text": repr(line.strip())}
            raise ParseError(key="file.tag_quotes", params=said, line=number)
        i += 1
        chars: list[str] = []
        while True:
            if i >= len(line):
                said = {"name": name}
                raise ParseError(key="file.tag_quote_missing", params=said, line=number)
            ch = line[i]
            if ch == "\\" and i + 1 < len(line) and line[i + 1] in '"\\':
                chars.append(line[i + 1])
                i += 2
                continue
            if ch == '"':
                i += 1
                break
            chars.append(ch)
            i += 1
        while i < len(line) and line[i].isspace():
            i += 1
        if i >= len(line) or line[i] != "]":
            said = {"name": name, "bracket": "]"}
            raise ParseError(key="file.tag_bracket", params=said, line=number)
        self._add_tag(name, "".join(chars), number)
        return i + 1

    def _add_tag(self, name: str, value: str, number: int) -> None:
        self._close_section()
        game = self._current()
        if value == "#" and name not in ("Note",):
            if name not in self.previous:
                said = {"name": name, "hash": "#"}
                raise ParseError(key="file.tag_previous", params=said, line=number)
            value = self.previous[name]
        elif value.startswith("##"):
            value = value[1:]
        if name == "Note":
            self._note(value, number)
            return
        if name == "Auction":
            if game.auction is not None:
                said = {"section": "Auction"}
                raise ParseError(key="file.second_section", params=said, line=number)
            game.auction = PbnAuction(_seat(value, name, number), line=number)
            game.lines[name] = number
            self.section, self.last_section = "auction", game.auction
            self.previous[name] = value
            return
        if name == "Play":
            if game.play is not None:
                said = {"section": "Play"}
                raise ParseError(key="file.second_section", params=said, line=number)
            game.play = PbnPlay(_seat(value, name, number), line=number)
            game.lines[name] = number
            self.section, self.last_section = "play", game.play
            self.play_tokens = []
            self.previous[name] = value
            return
        if name in game.tags:
            raise ParseError(key="file.tag_twice", params={"name": name}, line=number)
        _check_tag(name, value, number)
        game.tags[name] = value
        game.lines[name] = number
        self.previous[name] = value
        self.last_section = None
        if is_table(name):
            self.section, self.section_tag = "data", name
            game.data[name] = []
        else:
            self.section = None

    def _note(self, value: str, number: int) -> None:
        match = _NOTE_TAG.match(value)
        if match is None:
            said = {"note": "Note", "text": repr(value)}
            raise ParseError(key="file.note_form", params=said, line=number)
        key, text = int(match.group(1)), match.group(2)
        game = self._current()
        target = self.last_section.notes if self.last_section is not None else game.notes
        if key in target:
            raise ParseError(key="file.note_twice", params={"number": key}, line=number)
        target[key] = text
        self.section = None

    def _token(self, token: str, number: int) -> None:
        game = self.game
        if self.section == "dropped":
            return
        if self.section == "auction":
            assert game is not None and game.auction is not None
            self._auction_token(game.auction, token, number)
        elif self.section == "play":
            assert game is not None and game.play is not None
            self._play_token(game.play, token, number)
        else:
            said = {"text": repr(token), "auction": "Auction", "play": "Play", "table": "Table"}
            raise ParseError(key="file.unexpected", params=said, line=number)

    def _auction_token(self, auction: PbnAuction, token: str, number: int) -> None:
        if auction.end:
            said = {"section": "Auction", "end": "*", "text": repr(token)}
            raise ParseError(key="file.after_end", params=said, line=number)
        if _is_annotation(token):
            if not auction.calls and not auction.all_pass:
                said = {"text": repr(token)}
                raise ParseError(key="file.annotation_call", params=said, line=number)
            index = len(auction.calls)
            if not auction.all_pass:
                index -= 1
            auction.annotations.setdefault(index, []).append(token)
            return
        if token == "*":
            auction.end = "*"
            return
        if auction.all_pass:
            said = {"text": repr(token), "ap": "AP"}
            raise ParseError(key="file.after_all_pass", params=said, line=number)
        if token.upper() == "AP":
            auction.all_pass = True
            return
        suffix = None
        match = _SUFFIX.match(token)
        if match is not None and match.group(1):
            token, suffix = match.group(1), match.group(2)
        if token == "-":
            auction.calls.append(None)
        else:
            try:
                auction.calls.append(Call.parse(token))
            except ParseError:
                said = {"section": "Auction", "text": repr(token)}
                raise ParseError(key="file.not_call", params=said, line=number) from None
        auction.lines.append(number)
        if suffix:
            auction.annotations.setdefault(len(auction.calls) - 1, []).append(suffix)

    def _play_token(self, play: PbnPlay, token: str, number: int) -> None:
        if play.end:
            said = {"section": "Play", "end": "*", "text": repr(token)}
            raise ParseError(key="file.after_end", params=said, line=number)
        if _is_annotation(token):
            if not self.play_tokens:
                said = {"text": repr(token)}
                raise ParseError(key="file.annotation_card", params=said, line=number)
            count = len(self.play_tokens) - 1
            play.annotations.setdefault((count // 4, count % 4), []).append(token)
            return
        if token == "*":
            play.end = "*"
            return
        suffix = None
        match = _SUFFIX.match(token)
        if match is not None and match.group(1):
            token, suffix = match.group(1), match.group(2)
        if token != "-" and token not in _CARD_TOKENS:
            try:
                if len(token) > 3:
                    raise ParseError(token)
                token = str(Card.parse(token))
            except ParseError:
                said = {"section": "Play", "text": repr(token)}
                raise ParseError(key="file.not_card", params=said, line=number) from None
        self.play_tokens.append((token, number))
        if suffix:
            count = len(self.play_tokens) - 1
            play.annotations.setdefault((count // 4, count % 4), []).append(suffix)

    def _close_section(self) -> None:
        """Turn the Play section's token stream into tricks of four (the last one padded with ``-``)."""
        if self.section == "play" and self.game is not None and self.game.play is not None:
            play = self.game.play
            tokens = self.play_tokens
            for start in range(0, len(tokens), 4):
                group = tokens[start : start + 4]
                cells: list[Card | None] = [None if t == "-" else _CARD_TOKENS[t] for t, _ in group]
                cells += [None] * (4 - len(cells))
                play.tricks.append((cells[0], cells[1], cells[2], cells[3]))
                play.lines.append(group[0][1])
            self.play_tokens = []
            _check_play_cards(play)
        self.section = None

    def _end_game(self, number: int) -> PbnGame | None:
        self.ending = self.game
        if self.deals and self.section == "play" and self.game is not None:
            try:
                self._close_section()
            except ParseError as err:
                self._drop_section(err, err.line or number)
                self.section = None
        self._close_section()
        game = self.game
        self.game = None
        self.last_section = None
        if game is None or not (game.tags or game.auction is not None or game.play is not None):
            self.first_line = None
            return None
        self._inherit(game)
        if self.deals and (game.auction is not None or game.play is not None):
            try:
                _check_game(game)
            except ParseError as err:
                if game.deal is None:
                    raise
                self._warn(err, err.line or number, game)
                game.auction = None
                game.play = None
        _check_game(game)
        self.first_line = None
        self.ending = None
        self.previous_game = game
        return game

    def _inherit(self, game: PbnGame) -> None:
        """A record of the previous game's board that leaves out the board's tags takes them."""
        before = self.previous_game
        board = game.tags.get("Board", "").strip()
        if (
            self.deals
            and before is not None
            and not board
            and "Deal" not in game.tags
            and "Board" in before.tags
        ):
            # the file's way of saying "the same board": the other table's record
            game.tags["Board"] = before.tags["Board"]
            game.inherited.add("Board")
            board = game.tags["Board"].strip()
        if before is None or not board or before.tags.get("Board", "").strip() != board:
            return
        for name in BOARD_TAGS:
            if name not in game.tags and name in before.tags:
                game.tags[name] = before.tags[name]
                game.inherited.add(name)
                if name in before.lines:
                    game.lines[name] = before.lines[name]


def _is_annotation(token: str) -> bool:
    return (
        bool(_NOTE_REF.fullmatch(token))
        or token[0] in "$^"
        or (token[0] in "!?" and set(token) <= set("!?"))
    )


def _seat(value: str, name: str, number: int) -> Seat:
    try:
        return Seat.find(value)
    except ParseError:
        said = {"name": name, "text": repr(value), "values": "N, E, S, W"}
        raise ParseError(key="file.tag_seat", params=said, line=number) from None


def _check_tag(name: str, value: str, number: int) -> None:
    """Check the values of the tags bridgeroom reads, so that a bad one is reported with its line."""
    game = PbnGame({name: value}, lines={name: number})
    if name == "Deal":
        _ = game.deal
    elif name == "Dealer":
        _ = game.dealer
    elif name == "Vulnerable":
        _ = game.vulnerability
    elif name == "Contract":
        _ = game.contract
    elif name == "Result":
        _ = game.result
    elif name == "Declarer":
        stripped = value.strip().lstrip("^")
        if stripped not in ("", UNKNOWN):
            _seat(stripped, name, number)


def _check_play_cards(play: PbnPlay) -> None:
    """No card may appear twice in a Play section."""
    seen: dict[Card, int] = {}
    for k, trick in enumerate(play.tricks):
        for card in trick:
            if card is None:
                continue
            if card in seen:
                line = play.lines[k] if k < len(play.lines) else play.line
                raise ParseError(key="file.card_twice", params={"card": card}, line=line)
            seen[card] = k


def _check_game(game: PbnGame) -> None:
    """Cross-checks that need several tags: the Auction's first seat and the Deal."""
    dealer_value = game._value("Dealer")
    if game.auction is not None and dealer_value is not None:
        dealer = game.dealer
        if dealer != game.auction.first:
            said = {"auction": "Auction", "first": game.auction.first, "dealer": "Dealer"}
            raise ParseError(
                key="file.auction_dealer", params={**said, "seat": dealer}, line=game.auction.line
            )
    deal = game.deal
    if deal is not None and game.play is not None:
        for k, trick in enumerate(game.play.tricks):
            for i, card in enumerate(trick):
                seat = game.play.seat_of_column(i)
                if card is not None and deal.is_complete and card not in deal[seat]:
                    line = game.play.lines[k] if k < len(game.play.lines) else game.play.line
                    said = {"seat": seat, "card": card}
                    raise ParseError(key="file.not_in_hand", params=said, line=line)
