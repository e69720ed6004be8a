// A room of three-handed tables on the session page: its tables play their own rubbers (no
// movement, no board compared); the page lists every table's players with their running totals
// (each table's own score sheet) and ranks the room's players by their settlement (TH-20: each
// pair of players at a table settles on the difference of their totals, in hundreds).
// session.js asks this module what differs in a room.

import { el } from "./dom.js";
import { t, seatName, SEATS } from "./i18n.js";

export const ROOM = "three-handed";
export const PLACES = ["P1", "P2", "P3"];

export function isRoom(session) { return Boolean(session && session.room); }

// The places a person may take: a room's P1..P3, a session's compass seats.
export function seatOptions(session) {
  return isRoom(session) ? PLACES.map((p) => [p, t("web.room.place", { place: p })]) : SEATS.map((s) => [s, seatName(s)]);
}

export function firstSeat(session, seat) { return isRoom(session) ? "P1" : seat; }

// A place or a seat as the page says it.
export function seatLabel(session, seat) {
  return isRoom(session) ? t("web.room.place", { place: seat }) : seatName(seat);
}

export function roomSummary(session) {
  return t("web.room.summary", { tables: session.movement.tables, n: session.rubbers || 1 }) + " · " + t("web.room.scoring_" + session.scoring);
}

// The create form's body of a room: what a room has (no movement, boards or scoring of boards).
export function roomBody(fields) {
  return { game: ROOM, tables: fields.tables, robots: fields.robots, language: fields.language };
}

// Deals played in the whole room (the status line says when more are).
export function roomDeals(results) {
  return results.tables.reduce((sum, tb) => sum + tb.deals, 0);
}

function signed(n) { return n > 0 ? "+" + n : String(n); }

export function roomPanel(results, code) {
  const box = el("section", { class: "panel", id: "room-totals", "aria-labelledby": "room-totals-h" },
    el("h2", { id: "room-totals-h" }, t("web.room.totals")));
  if (!results.tables.length) box.append(el("p", { class: "muted" }, t("web.room.none_yet")));
  const head = (cols) => el("thead", null, el("tr", null, ...cols.map((c) => el("th", { scope: "col" }, t("web.room.col_" + c)))));
  if (results.ranking.length) {
    const body = el("tbody");
    for (const r of results.ranking) {
      body.append(el("tr", null, el("td", null, String(r.rank)), el("td", null, String(r.table)),
        el("td", null, t("web.room.place", { place: r.place })), el("th", { scope: "row" }, r.name),
        el("td", null, String(r.total)), el("td", null, signed(r.net))));
    }
    box.append(el("table", { class: "ranking", id: "room-ranking" },
      el("caption", null, t("web.room.ranking")), head(["rank", "table", "place", "name", "total", "net"]), body));
    box.append(el("p", { class: "muted", id: "room-ranking-help" }, t("web.room.ranking_help")));
  }
  for (const tb of results.tables) {
    const body = el("tbody");
    for (const p of tb.players) {
      const games = p.games === null || p.games === undefined ? "–" : String(p.games);
      const name = p.kind === "robot" && p.level ? t("web.create.robot", { level: t("web.level." + p.level) }) : p.name;
      body.append(el("tr", null, el("th", { scope: "row" }, t("web.room.place", { place: p.place })), el("td", null, name),
        el("td", null, games + (p.vulnerable ? " · " + t("web.room.vulnerable") : "")),
        el("td", null, String(p.total)), el("td", null, signed(p.net))));
    }
    const state = tb.over ? t("web.room.table_over", { place: t("web.room.place", { place: tb.winner || "?" }) })
      : t(results.status === "finished" ? "web.room.table_stopped" : "web.room.table_on");
    box.append(el("table", { class: "traveller", id: "totals-" + tb.table },
      el("caption", null, t("web.room.table_caption", { table: tb.table, n: tb.deals }), " · ", state),
      head(["place", "name", "games", "total", "net"]), body));
  }
  const base = "/api/sessions/" + encodeURIComponent(code);
  box.append(el("p", null, el("a", { href: base + "/pbn", download: "", id: "download-pbn" }, t("web.room.download_pbn")), " · ",
    el("a", { href: base + "/ranking.csv", download: "", id: "download-csv" }, t("web.session.download_csv"))));
  return box;
}
