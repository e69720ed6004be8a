"""HTTP and websocket API of the server: tables, seats and tokens, whole deals, records, restarts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from bridgeroom.formats.pbn import loads
from bridgeroom.rules import Deal


def test_page_and_static_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    main = re.search(r'src="(/static/[0-9a-f]+/js/main\.js)"', page.text)
    assert page.status_code == 200 and main is not None
    assert client.get("/table/abc").text == page.text
    assert "function tableTree" in client.get(main.group(1)).text
    assert client.get("/static/style.css").status_code == 200


def test_games_list_every_game_with_its_score_forms(client: TestClient) -> None:
    data = client.get("/api/games").json()
    games = {g["name"]: g for g in data["games"]}
    assert games["contract"]["players"] == 4
    assert games["contract"]["scorings"][0] == "rubber"
    assert games["minibridge"]["scorings"] == ["minibridge"]
    assert data["robot_levels"] == ["random", "basic", "expert"]


def test_messages_in_english_and_russian_have_the_same_keys(client: TestClient) -> None:
    en = client.get("/api/messages/en").json()
    ru = client.get("/api/messages/ru").json()
    web_en = {k for k in en if k.startswith("web.")}
    web_ru = {k for k in ru if k.startswith("web.")}
    assert web_en == web_ru and len(web_en) > 100
    assert en["web.table.next"] == "Next deal"
    assert ru["web.table.next"] == "Следующая сдача"
    assert client.get("/api/messages/de").status_code == 404


def test_create_join_and_list_public_tables_only(client: TestClient, helpers: Any) -> None:
    public = helpers.create(client, "contract", {1: "random", 3: "random"}, name="Ann", slot=0)
    private = helpers.create(client, "contract", {1: "random"}, private=True)
    codes = {t["code"] for t in client.get("/api/tables").json()}
    assert public["code"] in codes and private["code"] not in codes
    assert public["slot"] == 0 and len(public["token"]) >= 32
    # Bob takes the open seat 2; seat 0 is Ann's and cannot be taken again.
    r = client.post(f"/api/tables/{public['code']}/join", json={"slot": 2, "name": "Bob"})
    assert r.status_code == 200 and r.json()["token"] != public["token"]
    taken = client.post(f"/api/tables/{public['code']}/join", json={"slot": 0, "name": "Eve"})
    assert taken.status_code == 409
    slots = client.get(f"/api/tables/{public['code']}").json()["slots"]
    assert [s["kind"] for s in slots] == ["person", "robot", "person", "robot"]
    assert client.get("/api/tables/nope").status_code == 404
    # a private table is still reached by its link
    assert client.get(f"/api/tables/{private['code']}").status_code == 200


def test_a_whole_contract_deal_against_robots_is_scored(client: TestClient, helpers: Any) -> None:
    """CB-5..CB-10 through the websocket: a person at North plays a deal to the end with three robots."""
    out = helpers.create(
        client, "contract", {1: "random", 2: "random", 3: "random"}, name="Ann", slot=0, seed=11
    )
    with helpers.connect(client, out["code"], out["token"]) as ws:
        me = helpers.Seat(ws)
        me.wait(helpers.deal_over, helpers.first_legal)
        deal = me.deal
        assert deal["seat"] == "N" and deal["result"] is not None
        assert len(deal["deal"]) == 4 and all(len(hand) == 13 for hand in deal["deal"])
        score = me.state["score"]
        assert score["kind"] == "line" and score["columns"] == ["NS", "EW"]
        if deal["result"]["contract"] is not None:
            assert len(deal["tricks"]) == 13 or deal["result"]["claimed"]
            assert sum(c["total"] for c in score["sheet"].values()) > 0
        # the next deal: dealer passes to the left (CB-4)
        me.send("next")
        me.wait(lambda s: s.deal["number"] == 2)
        assert me.deal["dealer"] == "E"


def test_a_token_acts_only_for_its_own_seat(client: TestClient, helpers: Any) -> None:
    """Only the seat to act may act (CB-5), and only with its own token; a spectator never acts."""
    out = helpers.create(client, "contract", {}, name="Ann", slot=0, seed=3)
    code = out["code"]
    tokens = {0: out["token"]}
    for slot, name in ((1, "Bob"), (2, "Cy"), (3, "Di")):
        tokens[slot] = client.post(
            f"/api/tables/{code}/join", json={"slot": slot, "name": name}
        ).json()["token"]
    with (
        helpers.connect(client, code, tokens[1]) as ws_bob,
        helpers.connect(client, code, "forged-token") as ws_eve,
        helpers.connect(client, code, tokens[0]) as ws_ann,
    ):
        bob, eve, ann = helpers.Seat(ws_bob), helpers.Seat(ws_eve), helpers.Seat(ws_ann)
        for s in (bob, eve, ann):
            s.receive()
        assert bob.deal["to_act"] == "N" and bob.deal["seat"] == "E"
        assert eve.state["table"]["you"] is None and eve.deal["hand"] is None
        # Bob (East) tries to call for North: refused, nothing changes
        bob.send("action", action="1C")
        error = bob.receive()
        assert error["type"] == "error" and "not your turn" in error["message"]
        # a forged token is a spectator's connection
        eve.send("action", action="1C")
        assert eve.receive()["type"] == "error"
        # Ann (North, dealer) calls; everybody sees it
        ann.send("action", action="1C")
        ann.receive()
        bob.receive()
        assert ann.deal["calls"] == [["N", "1C"]] and bob.deal["calls"] == [["N", "1C"]]
        assert bob.deal["to_act"] == "E"
        # an insufficient bid is refused with its rule (CB-5)
        bob.send("action", action="1C")
        error = bob.receive()
        assert error["type"] == "error" and "CB-5" in error["message"]


def test_frames_a_seat_receives_never_hold_a_hidden_card(client: TestClient, helpers: Any) -> None:
    """A seat sees its own cards, the cards played, and dummy after the opening lead (CB-9), nothing else;
    a spectator sees no hand until the deal is over."""
    out = helpers.create(
        client, "contract", {1: "random", 2: "random", 3: "random"}, name="Ann", slot=0, seed=5
    )
    code = out["code"]
    with (
        helpers.connect(client, code, out["token"]) as ws,
        helpers.connect(client, code) as ws_watch,
    ):
        me = helpers.Seat(ws)
        me.wait(helpers.deal_over, helpers.first_legal)
        watcher = helpers.Seat(ws_watch)
        watcher.wait(helpers.deal_over)
    hands = me.deal["deal"]
    assert len(hands) == 4
    seat_index = {"N": 0, "E": 1, "S": 2, "W": 3}
    own = set(hands[0])
    for frames, mine in ((me.frames, own), (watcher.frames, set())):
        for frame in frames:
            if frame["type"] != "state" or frame["deal"] is None:
                continue
            deal = frame["deal"]
            if deal["phase"] == "done":
                continue
            played = {c for t in deal["tricks"] for _, c in t["cards"]} | {
                c for _, c in deal["trick"]
            }
            allowed = mine | played
            lead_made = bool(played)
            if lead_made and deal["dummy_seat"] is not None:
                allowed |= set(hands[seat_index[deal["dummy_seat"]]])
                assert deal["dummy"] is not None
            else:
                assert deal["dummy"] is None
            seen = helpers.cards_in(frame)
            assert seen <= allowed, (
                f"hidden cards {seen - allowed} in a frame of phase {deal['phase']}"
            )
            if not mine:
                assert deal["hand"] is None and deal["legal"] == []


def test_the_server_restarted_mid_deal_resumes_it(db: Path, helpers: Any) -> None:
    """Every action is committed before it is sent: a new server on the same database resumes
    the table exactly (same hand, same calls and cards) and the same token acts again."""
    with helpers.make_client(db) as client:
        out = helpers.create(
            client, "contract", {1: "random", 2: "random", 3: "random"}, name="Ann", slot=0, seed=9
        )
        code, token = out["code"], out["token"]
        with helpers.connect(client, code, token) as ws:
            me = helpers.Seat(ws)
            # stop when the robots wait for Ann (her turn in the play), or at the end
            me.wait(
                lambda s: (s.my_turn() and len(s.deal["tricks"]) >= 2) or helpers.deal_over(s),
                lambda s: helpers.first_legal(s) if len(s.deal["tricks"]) < 2 else None,
            )
            before = me.deal
    with helpers.make_client(db) as client:
        assert code in {t["code"] for t in client.get("/api/tables").json()}
        with helpers.connect(client, code, token) as ws:
            me = helpers.Seat(ws)
            me.receive()
            after = me.deal
            assert me.state["table"]["you"] == 0
            for key in ("hand", "calls", "contract", "tricks", "trick", "dealer", "number"):
                assert after[key] == before[key], key
            me.wait(helpers.deal_over, helpers.first_legal)
            assert me.deal["result"] is not None


def test_undo_against_robots_takes_back_my_last_action(client: TestClient, helpers: Any) -> None:
    """Robot opponents accept an undo at once: my last call and the calls after it are taken back."""
    out = helpers.create(
        client, "contract", {1: "random", 2: "random", 3: "random"}, name="Ann", slot=0, seed=21
    )
    with helpers.connect(client, out["code"], out["token"]) as ws:
        me = helpers.Seat(ws)
        me.wait(lambda s: s.my_turn())
        assert me.deal["calls"] == []
        me.send("action", action="1NT")
        me.wait(lambda s: len(s.deal["calls"]) >= 1)
        me.send("undo")
        me.wait(lambda s: s.deal["calls"] == [] and s.my_turn())
        me.send("action", action="2C")
        me.wait(lambda s: len(s.deal["calls"]) >= 1)
        assert me.deal["calls"][0] == ["N", "2C"]


def test_undo_waits_for_the_opponent_person(client: TestClient, helpers: Any) -> None:
    out = helpers.create(client, "contract", {2: "random", 3: "random"}, name="Ann", slot=0, seed=4)
    code = out["code"]
    bob_token = client.post(f"/api/tables/{code}/join", json={"slot": 1, "name": "Bob"}).json()[
        "token"
    ]
    with (
        helpers.connect(client, code, out["token"]) as ws_ann,
        helpers.connect(client, code, bob_token) as ws_bob,
    ):
        ann, bob = helpers.Seat(ws_ann), helpers.Seat(ws_bob)
        ann.receive()
        bob.receive()
        ann.send("action", action="1H")
        ann.receive()
        bob.receive()
        ann.send("undo")
        ann.receive()
        bob.receive()
        assert bob.state["request"]["kind"] == "undo" and bob.state["request"]["waiting"] == [1]
        # while the request waits, play stops
        bob.send("action", action="P")
        assert bob.receive()["type"] == "error"
        bob.send("answer", accept=True)
        bob.receive()
        ann.receive()
        assert (
            ann.state["request"] is None and ann.deal["calls"] == [] and ann.deal["to_act"] == "N"
        )


def test_pbn_download_and_player_history(client: TestClient, helpers: Any) -> None:
    out = helpers.create(
        client, "contract", {1: "random", 2: "random", 3: "random"}, name="Zoe", slot=0, seed=2
    )
    code = out["code"]
    with helpers.connect(client, code, out["token"]) as ws:
        me = helpers.Seat(ws)
        me.wait(helpers.deal_over, helpers.first_legal)
        final = me.deal
    text = client.get(f"/api/tables/{code}/pbn").text
    [game] = loads(text)
    assert game.tags["North"] == "Zoe"
    assert game.deal == Deal([".".join(_suits(h)) for h in final["deal"]])
    if final["result"]["contract"] is None:
        assert game.passed_out
    else:
        assert str(game.contract) == final["result"]["contract"]
        assert game.result == final["result"]["tricks"]
    assert client.get(f"/api/tables/{code}/deals/1/pbn").text == text
    assert client.get(f"/api/tables/{code}/deals/7/pbn").status_code == 404
    rows = client.get("/api/players/Zoe/tables").json()
    assert [r["code"] for r in rows] == [code] and rows[0]["finished_deals"] == 1


def _suits(cards: list[str]) -> list[str]:
    """Card texts (``SA``...) as the four PBN suit holdings S.H.D.C."""
    return ["".join(c[1] for c in cards if c[0] == s) for s in "SHDC"]


def _first_hint(client: TestClient, helpers: Any) -> dict[str, Any]:
    """The hint Ann (South, facing three random robots) gets at her first turn."""
    out = helpers.create(
        client, "contract", {1: "random", 2: "random", 3: "random"}, name="Ann", slot=0, seed=21
    )
    with helpers.connect(client, out["code"], out["token"]) as ws:
        me = helpers.Seat(ws)
        me.wait(lambda s: s.my_turn())
        me.send("hint")
        hint = me.receive()
        while hint["type"] != "hint":
            hint = me.receive()
        return hint


def test_a_hint_carries_the_robots_reason_in_every_language(db: Path, helpers: Any) -> None:
    """The page shows the hint in its current language: the reason comes in English and Russian."""
    with helpers.make_client(db) as client:  # hints by the random robot
        hint = _first_hint(client, helpers)
        assert hint["reason"] == "a random legal action"
        assert hint["reasons"] == {
            "en": "a random legal action",
            "ru": "случайное допустимое действие",
        }
    with helpers.make_client(db, hint_level="basic") as client:
        hint = _first_hint(client, helpers)
        en, ru = hint["reasons"]["en"], hint["reasons"]["ru"]
        assert en == hint["reason"] and en != ru
        # the call in Russian (пас, 1БК, 1♠) before the reason, in Russian words
        assert re.match(r"^(пас|\d(БК|[♠♥♦♣])): [а-яё0-9]", ru), ru
        assert not re.search(r"[A-Za-z]{3,}", ru), ru
        # ``why``: the same reasons without the call in front (the page shows the call itself)
        assert ru.endswith(": " + hint["why"]["ru"]) and en.endswith(": " + hint["why"]["en"])


def test_robot_calls_carry_their_meaning_and_a_persons_do_not(db: Path, helpers: Any) -> None:
    """Law 20F: a player may ask what the opponents' calls mean. Each call by a robot opponent
    comes with its meaning in its side's system (docs/bidding.md), in every language; his own
    calls and his partner's carry none for him (they are explained to the opponents)."""
    with helpers.make_client(db) as client:
        out = helpers.create(
            client, "contract", {1: "basic", 2: "basic", 3: "basic"}, name="Ann", slot=0, seed=5
        )
        with helpers.connect(client, out["code"], out["token"]) as ws:
            me = helpers.Seat(ws)
            me.wait(
                lambda s: s.deal is not None and s.deal["phase"] != "auction",
                act=lambda s: "P" if s.deal is not None and s.deal["phase"] == "auction" else None,
            )
            deal = me.deal
            assert deal is not None
            calls, meanings = deal["calls"], deal["meanings"]
            assert len(meanings) == len(calls) >= 4
            mine = deal["seat"]
            partner = {"N": "S", "S": "N", "E": "W", "W": "E"}[mine]
            for (seat, call), meaning in zip(calls, meanings, strict=True):
                if seat in (mine, partner):
                    assert meaning is None
                else:
                    assert set(meaning) == {"en", "ru"} and meaning["en"] and meaning["ru"], call
            # this deal is passed out; a pass in first to third seat shows at most 12 points, in
            # fourth seat at most 14 (docs/bidding.md, "Openings")
            assert calls == [["N", "P"], ["E", "P"], ["S", "P"], ["W", "P"]] and mine == "N"
            assert meanings[1] == {"en": "at most 12 points", "ru": "не больше 12 очков"}
            assert meanings[2] is None  # partner's
            assert meanings[3] == {"en": "at most 14 points", "ru": "не больше 14 очков"}


def test_bad_frames_are_answered_with_an_error_and_change_nothing(
    client: TestClient, helpers: Any
) -> None:
    """Every frame is validated by its model (server/protocol.py): a frame that is not JSON, not
    a request, or with a field of the wrong type gets an error with its id, and the table is as
    it was; a request the table refuses carries its reason in every language."""
    out = helpers.create(
        client, "contract", {1: "random", 2: "random", 3: "random"}, name="Ann", slot=0, seed=3
    )
    with helpers.connect(client, out["code"], out["token"]) as ws:
        me = helpers.Seat(ws)
        me.wait(lambda s: s.my_turn())
        before = me.deal
        for frame, reason in (
            ("not json", "Expecting value"),
            ("[1, 2]", "a message is a JSON object"),
            ('{"type": "shout", "id": 5}', "unknown request 'shout'"),
            ('{"type": "claim", "tricks": "many", "id": 6}', "tricks"),
            ('{"type": "answer", "id": 7}', "accept"),
        ):
            ws.send_text(frame)
            error = me.receive()
            assert error["type"] == "error" and error["message"].startswith("bad message: ")
            assert reason in error["message"], error
            assert error["texts"]["ru"].startswith("Неверное сообщение: ")
        assert [f["id"] for f in me.frames[-3:]] == [5, 6, 7]
        me.send("claim", tricks=3)  # a claim in the auction: the table refuses it
        error = me.receive()
        assert error["type"] == "error" and error["id"] == me.ids
        assert error["texts"] == {
            "en": "You can claim only during the play.",
            "ru": "Заявить претензию можно только во время розыгрыша.",
        }
        me.send("action", action="1C")
        me.wait(lambda s: len(s.deal["calls"]) >= 1)
        assert me.deal["calls"][0] == ["N", "1C"] and before["calls"] == []
