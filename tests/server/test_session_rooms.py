"""Three-handed rooms at the server (issue 17): a room of independent three-handed rubber tables
whose totals are listed and whose players are ranked by their settlement.

The expected totals are worked out here from each table's played deals (contract, declarer,
tricks, the declarer's vulnerability and the cards, for honors) with the three-handed score
rules of the spec written out below, not by bridgeroom's scorer:

* TH-13: a made contract is scored by declarer alone: trick points below the line (CB-12),
  overtricks, the insult, slam premiums above (CB-D2..CB-D4; no level premium in rubber
  scoring, CB-R3);
* TH-14: a defeated contract: each defender scores the full undertrick penalty (CB-D5) at the
  declarer's vulnerability;
* TH-15 with CB-R5: honors (four of the five trump honors in one hand 100, all five 150, the
  four aces at notrump 150) in declarer's or dummy's hand go to declarer, in a defender's hand
  to each defender;
* TH-16, TH-17: 100 trick points below the line win a game and cut every partscore; a player
  who has won a game is vulnerable;
* TH-18, TH-19: the rubber ends at two games; its winner scores 700 if neither other player
  has won a game, else 500;
* TH-20 (TH-A8): every pair of players settles on the difference of their totals, rounded to
  a multiple of 100 with 50 rounding up; a player's net is what he receives less what he pays.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

SEATS = "NESW"
TRICK_VALUE = {"C": 20, "D": 20, "H": 30, "S": 30}
#: CB-D5: the penalty for 1..4 undertricks (the table's totals), then each further one, by
#: (vulnerable, doubled).
UNDERTRICKS = {
    (False, 0): ([50, 100, 150, 200], 50),
    (False, 1): ([100, 300, 500, 800], 300),
    (False, 2): ([200, 600, 1000, 1600], 600),
    (True, 0): ([100, 200, 300, 400], 100),
    (True, 1): ([200, 500, 800, 1100], 300),
    (True, 2): ([400, 1000, 1600, 2200], 600),
}


def create_room(client: TestClient, **body: Any) -> tuple[str, str]:
    made = client.post("/api/sessions", json={"game": "three-handed", **body})
    assert made.status_code == 200, made.text
    return made.json()["code"], made.json()["director_token"]


def parse_contract(text: str) -> tuple[int, str, int]:
    """``4SX`` -> (4, "S", 1): level, strain, doubled (0, 1 doubled, 2 redoubled)."""
    m = re.fullmatch(r"([1-7])(C|D|H|S|NT)(X{0,2})", text)
    assert m, text
    return int(m[1]), m[2], len(m[3])


def trick_points(level: int, strain: str, doubled: int) -> int:
    """CB-12: per odd trick bid and made; doubled x2, redoubled x4."""
    base = 40 + 30 * (level - 1) if strain == "NT" else TRICK_VALUE[strain] * level
    return base * (1, 2, 4)[doubled]


def undertricks(down: int, vulnerable: bool, doubled: int) -> int:
    """CB-D5 (the defenders' score, at the declarer's vulnerability)."""
    first, further = UNDERTRICKS[vulnerable, doubled]
    return first[down - 1] if down <= 4 else first[3] + (down - 4) * further


def honors(hands: dict[str, set[str]], strain: str) -> tuple[str | None, int]:
    """CB-R5: the seat holding scoring honors in one hand and their value."""
    for seat, hand in hands.items():
        if strain == "NT":
            if all(f"{s}A" in hand for s in "SHDC"):
                return seat, 150
            continue
        held = sum(1 for r in "AKQJT" if f"{strain}{r}" in hand)
        if held == 5:
            return seat, 150
        if held == 4:
            return seat, 100
    return None, 0


def pbn_deals(text: str) -> dict[tuple[int, int], dict[str, Any]]:
    """The room's PBN export by (table, deal): the hands by seat, the declarer's seat."""
    out: dict[tuple[int, int], dict[str, Any]] = {}
    for block in text.strip().split("\n\n"):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        if "Deal" not in tags:
            continue
        table = int(re.search(r"table (\d+)$", tags["Event"])[1])  # type: ignore[index]
        first, _, rest = tags["Deal"].partition(":")
        hands: dict[str, set[str]] = {}
        for i, hand in enumerate(rest.split()):
            seat = SEATS[(SEATS.index(first) + i) % 4]
            suits = hand.split(".")
            hands[seat] = {f"{s}{r}" for s, ranks in zip("SHDC", suits, strict=True) for r in ranks}
        out[table, int(tags["Board"])] = {
            "hands": hands,
            "declarer": tags["Declarer"],
            "contract": tags["Contract"],
            "result": tags["Result"],
        }
    return out


class Rubber:
    """The three columns of a three-handed rubber kept by hand (TH-12..TH-19)."""

    def __init__(self) -> None:
        self.totals = {"P1": 0, "P2": 0, "P3": 0}
        self.below = {"P1": 0, "P2": 0, "P3": 0}
        self.games = {"P1": 0, "P2": 0, "P3": 0}
        self.over = False

    def vulnerable(self) -> list[str]:
        """TH-17: who has won a game."""
        return sorted(p for p, g in self.games.items() if g)

    def deal(
        self, declarer: str, contract: str, tricks: int, hands: dict[str, set[str]], seat: str
    ) -> dict[str, int]:
        """Score one deal declared by place ``declarer`` from compass ``seat`` (dummy opposite,
        TH-10); returns each place's points on this deal."""
        level, strain, doubled = parse_contract(contract)
        vulnerable = self.games[declarer] > 0
        defenders = [p for p in self.totals if p != declarer]
        points = dict.fromkeys(self.totals, 0)
        if tricks >= level + 6:  # TH-13
            below = trick_points(level, strain, doubled)
            over = tricks - level - 6
            if doubled:
                above = over * (100 if not vulnerable else 200) * doubled + 50 * doubled
            else:
                above = over * (30 if strain == "NT" else TRICK_VALUE[strain])
            if level == 6:
                above += 750 if vulnerable else 500
            if level == 7:
                above += 1500 if vulnerable else 1000
            points[declarer] += below + above
            self.below[declarer] += below
        else:  # TH-14
            penalty = undertricks(level + 6 - tricks, vulnerable, doubled)
            for d in defenders:
                points[d] += penalty
        holder, value = honors(hands, strain)  # TH-15
        if holder is not None:
            partner = SEATS[(SEATS.index(seat) + 2) % 4]
            for p in [declarer] if holder in (seat, partner) else defenders:
                points[p] += value
        if self.below[declarer] >= 100:  # TH-16
            self.games[declarer] += 1
            self.below = dict.fromkeys(self.below, 0)
            if self.games[declarer] == 2:  # TH-18, TH-19
                others = [g for p, g in self.games.items() if p != declarer]
                points[declarer] += 700 if not any(others) else 500
                self.over = True
        for p, v in points.items():
            self.totals[p] += v
        return points


def nets(totals: dict[str, int]) -> dict[str, int]:
    """TH-20 (TH-A8): each pair settles on its difference rounded to 100 (50 rounds up)."""
    out = dict.fromkeys(totals, 0)
    names = list(totals)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            diff = totals[a] - totals[b]
            paid = (abs(diff) + 50) // 100 * 100
            winner, loser = (a, b) if diff > 0 else (b, a)
            out[winner] += paid
            out[loser] -= paid
    return out


def test_th20_settlement_as_worked_here_matches_the_spec_example() -> None:
    """The test's own settlement, on TH-20's example: A 212, B 290, C 312 -> A pays B 100 and
    C 100, B and C are quits."""
    assert nets({"A": 212, "B": 290, "C": 312}) == {"A": -200, "B": 100, "C": 100}


def test_a_room_of_robots_alone_plays_its_rubbers_and_ranks_its_players(
    tmp_path: Path, helpers: Any
) -> None:
    """Issue 17, rooms: two tables of robots alone play one rubber each through the API; every
    deal's points, every player's total, games and vulnerability, each table's settlement and
    the room's ranking are checked against the rules worked out above from the played deals."""
    with helpers.make_client(tmp_path / "r.sqlite3") as client:
        code, director = create_room(client, tables=2, robots="basic", seed=7)
        assert client.post(f"/api/sessions/{code}/start").status_code == 401
        started = client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        assert started.status_code == 200, started.text
        assert [len(t["players"]) for t in started.json()["tables"]] == [3, 3]
        done = helpers.wait_for(client, code, "finished")
        assert all(t["over"] for t in done["tables"])
        results = client.get(f"/api/sessions/{code}/results").json()
        deals = pbn_deals(client.get(f"/api/sessions/{code}/pbn").text)
        assert len(deals) == sum(t["deals"] for t in results["tables"])
        every: dict[tuple[int, str], int] = {}
        for table in results["tables"]:
            rubber = Rubber()
            for played in table["played"]:
                assert played["vulnerable"] == rubber.vulnerable()  # TH-17
                record = deals[table["table"], played["deal"]]
                if played["contract"] is None:  # passed out: no score (TH-7, TH-A11)
                    assert played["points"] == {} and record["contract"] in ("", "Pass", "?")
                    continue
                assert played["contract"] == record["contract"]
                assert played["tricks"] == int(record["result"])
                points = rubber.deal(
                    played["declarer"],
                    played["contract"],
                    played["tricks"],
                    record["hands"],
                    record["declarer"],
                )
                assert played["points"] == points, (table["table"], played)
            assert rubber.over and table["over"]
            winner = next(p for p, g in rubber.games.items() if g == 2)
            assert table["winner"] == winner
            by_place = {p["place"]: p for p in table["players"]}
            assert {p: by_place[p]["total"] for p in by_place} == rubber.totals
            assert {p: by_place[p]["games"] for p in by_place} == rubber.games
            expected = nets(rubber.totals)
            assert {p: by_place[p]["net"] for p in by_place} == expected
            assert sum(expected.values()) == 0
            for pay in table["settlement"]:
                assert pay["points"] % 100 == 0 and pay["points"] > 0
            for p, net in expected.items():
                every[table["table"], p] = net
        ranking = results["ranking"]
        assert len(ranking) == 6
        assert {(r["table"], r["place"]): r["net"] for r in ranking} == every
        assert [r["net"] for r in ranking] == sorted(every.values(), reverse=True)
        for r in ranking:
            assert r["rank"] == 1 + sum(1 for v in every.values() if v > r["net"])
        csv = client.get(f"/api/sessions/{code}/ranking.csv").text.splitlines()
        assert csv[0] == "rank,table,place,name,total,net"
        assert [line.split(",")[5] for line in csv[1:]] == [str(r["net"]) for r in ranking]
        assert client.get(f"/api/sessions/{code}/handrecord").json() == []


def test_a_room_is_reproducible_from_its_seed(tmp_path: Path, helpers: Any) -> None:
    """A room's tables deal from the session's seed and their number (CB-3): the same seed
    deals the same cards; the two tables deal different ones."""
    with helpers.make_client(tmp_path / "r.sqlite3") as client:
        texts = []
        for _ in range(2):
            code, director = create_room(client, tables=2, robots="basic", seed=3)
            client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
            helpers.wait_for(client, code, "finished")
            texts.append(pbn_deals(client.get(f"/api/sessions/{code}/pbn").text))
        first = {k: v["hands"] for k, v in texts[0].items()}
        assert first == {k: v["hands"] for k, v in texts[1].items()}
        assert first[1, 1] != first[2, 1]


@pytest.mark.parametrize(
    ("body", "key", "words"),
    [
        ({"movement": "mitchell"}, "session.room_movement", "no movement"),
        ({"scoring": "matchpoints"}, "session.room_scoring", "three-handed-contract"),
        ({"boards": 4}, "session.room_boards", '"boards"'),
        ({"practice": "1nt-opening"}, "session.room_boards", '"practice"'),
        ({"tables": 40}, "session.room_tables", "1 to 32 tables, not 40"),
        ({"tables": 0}, "session.room_tables", "not 0"),
        ({"robots": "genius"}, "table.robot_level", "genius"),
    ],
)
def test_a_bad_room_is_refused_and_nothing_is_stored(
    tmp_path: Path, helpers: Any, body: dict[str, Any], key: str, words: str
) -> None:
    """Bad input: a movement, a scoring or boards a room does not have get a clear error in
    both languages (422), and nothing is stored."""
    with helpers.make_client(tmp_path / "r.sqlite3") as client:
        r = client.post("/api/sessions", json={"game": "three-handed", **body})
        assert r.status_code == 422, r.text
        assert r.json()["error"] == key and words in r.json()["texts"]["en"]
        assert r.json()["texts"]["ru"] and r.json()["texts"]["ru"] != r.json()["texts"]["en"]
        store = client.app.state.hub.store  # type: ignore[attr-defined]
        from sqlalchemy import text

        with store.engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM sessions")).scalar() == 0


def test_a_room_seats_people_at_three_handed_places(tmp_path: Path, helpers: Any) -> None:
    """Joining a room: a person takes a place P1..P3 of a table; a compass seat or a table the
    room has not is refused in the reader's language and changes nothing; the director seats a
    person too; robots take the empty places at the start."""
    with helpers.make_client(tmp_path / "r.sqlite3") as client:
        code, director = create_room(client, tables=2, seed=5)
        joined = client.post(
            f"/api/sessions/{code}/join", json={"table": 2, "seat": "P3", "name": "Ann"}
        )
        assert joined.status_code == 200, joined.text
        assert joined.json()["pair"] == "2/P3"
        for body, key in (
            ({"table": 1, "seat": "N", "name": "Bob"}, "session.room_place"),
            ({"table": 1, "seat": "P4", "name": "Bob"}, "session.room_place"),
            ({"table": 3, "seat": "P1", "name": "Bob"}, "session.room_table"),
        ):
            bad = client.post(f"/api/sessions/{code}/join", json=body)
            assert bad.status_code == 422 and bad.json()["error"] == key
            assert (
                "P1, P2" in bad.json()["texts"]["ru"] or "стола 3 нет" in bad.json()["texts"]["ru"]
            )
        taken = client.post(
            f"/api/sessions/{code}/join", json={"table": 2, "seat": "p3", "name": "Bob"}
        )
        assert taken.status_code == 409 and "Ann" in taken.json()["detail"]
        seated = client.post(
            f"/api/sessions/{code}/seat",
            json={"table": 1, "seat": "2", "name": "Cy"},
            headers=helpers.auth(director),
        )
        assert seated.status_code == 200 and seated.json()["pair"] == "1/P2"
        room = client.get(
            f"/api/sessions/{code}", headers=helpers.auth(joined.json()["token"])
        ).json()
        assert [p["pair"] for p in room["people"]] == ["2/P3", "1/P2"]
        assert room["you"]["seat"] == "P3" and room["you"]["table"] == 2
        started = client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director)).json()
        kinds = [[p["kind"] for p in t["players"]] for t in started["tables"]]
        assert kinds == [["robot", "person", "robot"], ["robot", "robot", "person"]]
        assert started["tables"][1]["players"][2] == {
            "seat": "P3",
            "name": "Ann",
            "kind": "person",
            "level": None,
        }
        client.post(f"/api/sessions/{code}/end", headers=helpers.auth(director))


def test_a_room_survives_a_restart_mid_deal(tmp_path: Path, helpers: Any) -> None:
    """Issue 17, safety: the server stops while Ann's table waits for her in the middle of a
    deal; after the restart the room is read back (its tables, the deal where it stood), Ann
    plays on with her token; the director replaces her by a robot and the room ends."""
    db = tmp_path / "r.sqlite3"
    with helpers.make_client(db) as client:
        code, director = create_room(client, tables=2, robots="basic", seed=8)
        ann = client.post(
            f"/api/sessions/{code}/join", json={"table": 1, "seat": "P1", "name": "Ann"}
        ).json()["token"]
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        before = client.get(f"/api/sessions/{code}", headers=helpers.auth(ann)).json()
        with helpers.connect(client, before["you"]["code"], ann) as ws:
            a = helpers.Seat(ws)
            a.receive()
            a.wait(
                lambda s: s.deal["number"] == 1 and len(s.deal["calls"]) >= 3, helpers.first_legal
            )
            a.wait(lambda s: s.my_turn())
            history = (a.deal["number"], a.deal["calls"], a.deal.get("trick"))
    with helpers.make_client(db) as client:
        again = client.get(f"/api/sessions/{code}", headers=helpers.auth(ann)).json()
        assert again["status"] == "playing"
        assert [t["code"] for t in again["tables"]] == [t["code"] for t in before["tables"]]
        with helpers.connect(client, again["you"]["code"], ann) as ws:
            a = helpers.Seat(ws)
            a.receive()
            assert (a.deal["number"], a.deal["calls"], a.deal.get("trick")) == history
            assert a.my_turn()
            a.wait(helpers.deal_over, helpers.first_legal)
        replaced = client.post(
            f"/api/sessions/{code}/replace",
            json={"table": 1, "seat": "P1"},
            headers=helpers.auth(director),
        )
        assert replaced.status_code == 200, replaced.text
        done = helpers.wait_for(client, code, "finished")
        assert all(t["over"] for t in done["tables"])
        results = client.get(f"/api/sessions/{code}/results").json()
        assert all(t["winner"] for t in results["tables"])
        assert done["people"] == [{"name": "Ann", "pair": "1/P1", "left": True}]


def test_the_director_pauses_and_ends_a_room(tmp_path: Path, helpers: Any) -> None:
    """The director's rights in a room need his token: a person may not pause a table; a paused
    table refuses Ann's action with the reason in both languages; resumed she plays; ending the
    room stops both tables where they are, and the results keep the running totals (an
    unfinished rubber scores no bonus, TH-A11)."""
    with helpers.make_client(tmp_path / "r.sqlite3") as client:
        code, director = create_room(client, tables=2, robots="basic", seed=12)
        ann = client.post(
            f"/api/sessions/{code}/join", json={"table": 1, "seat": "P2", "name": "Ann"}
        ).json()["token"]
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        path = f"/api/sessions/{code}/tables/1/pause"
        assert (
            client.post(path, json={"paused": True}, headers=helpers.auth(ann)).status_code == 403
        )
        assert client.post(path, json={"paused": True}).status_code == 401
        one = client.get(f"/api/sessions/{code}", headers=helpers.auth(ann)).json()["you"]["code"]
        with helpers.connect(client, one, ann) as ws:
            a = helpers.Seat(ws)
            a.receive()
            a.wait(lambda s: s.my_turn())
            paused = client.post(path, json={"paused": True}, headers=helpers.auth(director))
            assert paused.status_code == 200 and paused.json()["tables"][0]["paused"]
            a.send("action", action=helpers.first_legal(a))
            while (msg := a.receive())["type"] != "error":
                pass
            assert msg["texts"]["ru"] == "Судья приостановил игру за этим столом."
            client.post(path, json={"paused": False}, headers=helpers.auth(director))
            a.wait(helpers.deal_over, helpers.first_legal)
        assert (
            client.post(f"/api/sessions/{code}/end", headers=helpers.auth(ann)).status_code == 403
        )
        ended = client.post(f"/api/sessions/{code}/end", headers=helpers.auth(director))
        assert ended.status_code == 200 and ended.json()["status"] == "finished"
        assert [t["paused"] for t in ended.json()["tables"]] == [True, True]
        results = client.get(f"/api/sessions/{code}/results").json()
        first = results["tables"][0]
        assert first["deals"] >= 1 and first["winner"] is None  # Ann's rubber was cut short
        assert {p["place"]: p["total"] for p in first["players"]} == {
            place: sum(d["points"].get(place, 0) for d in first["played"])
            for place in ("P1", "P2", "P3")
        }
