// Class and club sessions: "/session" (a director creates one) and "/session/CODE" (people take
// a seat, open their table, follow the travellers and the ranking; the director starts the
// session, watches every table at a glance, pauses a table, puts a robot in the place of a person
// who left, and ends the session). The page asks the server again every two seconds and updates
// itself in place (morph), so the focus and a half-typed name stay where they are.

import { el, morph } from "./dom.js";
import { t, lang, seatName, strainText, cardText, contractText, SEATS, STRAINS } from "./i18n.js";
import { ApiError, saveToken } from "./net.js";
import { deskPanels } from "./cards_desk.js";
import { ROOM, firstSeat, isRoom, roomBody, roomDeals, roomPanel, roomSummary, seatLabel, seatOptions } from "./session_room.js";

const S = { code: null, timer: null, seen: 0, records: null, recordsKey: null, recordsAsked: null, notice: null };

// A plain word the session page shows once (and the status region says): where a person who
// was moved from his table goes now.
export function sessionNotice(text) { S.notice = text; }

// The session's tokens this browser holds: { code: { token, name, director } }.
function held() {
  try { return JSON.parse(localStorage.getItem("bridgeroom.sessions") || "{}"); } catch (e) { return {}; }
}

function hold(code, info) {
  const all = held();
  all[code] = { ...(all[code] || {}), ...info };
  localStorage.setItem("bridgeroom.sessions", JSON.stringify(all));
}

async function call(path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  const res = await fetch(path, body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

export function sessionPath() {
  const m = /^\/session(?:\/([^/]+))?\/?$/.exec(location.pathname);
  return m ? { code: m[1] ? decodeURIComponent(m[1]) : null } : null;
}

export function stopSession() {
  clearInterval(S.timer);
  S.timer = null;
  S.code = null;
}

// `page`: { go(path), alert(text) }; `status(text)` speaks in the page's status region.
export async function renderSessionPage(main, page, where, status) {
  stopSession();
  if (!where.code) { S.notice = null; await renderNew(main, page); return; }
  S.code = where.code;
  await takeHandedSeat(page, where.code);
  S.seen = 0;
  S.records = null;
  S.recordsKey = null;
  S.recordsAsked = null;
  S.shownNotice = S.notice;
  S.notice = null;
  if (S.shownNotice) status(S.shownNotice);
  const refresh = () => showSession(main, page, where.code, status).catch((e) => page.alert(e.message));
  await refresh();
  S.timer = setInterval(() => { if (S.code === where.code) refresh(); }, 2000);
}

// A seat the director handed out: "/session/CODE#seat=TOKEN". The token is in the fragment,
// which the browser never sends; the page keeps it and takes it out of the address.
async function takeHandedSeat(page, code) {
  const m = /^#seat=([\w-]+)$/.exec(location.hash);
  if (!m) return;
  history.replaceState(history.state, "", location.pathname);
  try {
    const session = await call("/api/sessions/" + encodeURIComponent(code), undefined, m[1]);
    if (!session.you) { page.alert(t("web.session.bad_link")); return; }
    const you = session.you;
    hold(code, { token: m[1], name: you.name, pair: you.pair, table: you.table, seat: you.seat });
  } catch (e) { page.alert(e.message); }
}

// --- a new session -----------------------------------------------------------------------------

function select(id, options, value) {
  const node = el("select", { id, name: id });
  for (const [v, text] of options) node.append(el("option", { value: v }, text));
  node.value = value;
  return node;
}

function row(id, label, control) {
  return el("div", { class: "form-row" }, el("label", { for: id }, label), control);
}

async function renderNew(main, page) {
  let sets = [];
  try { sets = await call("/api/practice-sets"); } catch (e) { sets = []; }
  const practice = select("s-practice", [["", t("web.session.random_boards")], ...sets.map((s) => [s.name, (s.titles && s.titles[lang]) || s.title])], "");
  const game = select("s-game", [["minibridge", t("web.session.game_minibridge")], ["contract", t("web.session.game_contract")], [ROOM, t("web.room.game")]], "minibridge");
  const tables = el("input", { id: "s-tables", type: "number", min: 1, max: 32, value: 2, inputmode: "numeric" });
  const boards = el("input", { id: "s-boards", type: "number", min: 1, max: 64, value: 3, inputmode: "numeric" });
  const movement = select("s-movement", ["class", "rotating", "mitchell", "howell", "teams"].map((m) => [m, t("web.session.movement_" + m)]), "class");
  const scoring = select("s-scoring", ["matchpoints", "imps", "total"].map((s) => [s, t("web.session.scoring_" + s)]), "matchpoints");
  const robots = select("s-robots", ["random", "basic", "expert"].map((l) => [l, t("web.level." + l)]), "basic");
  const seed = el("input", { id: "s-seed", type: "number", inputmode: "numeric" });
  const language = select("s-language", [["en", "English"], ["ru", "Русский"]], document.documentElement.lang || "en");
  // played at the server's tables (robots fill the empty seats) or with real cards at the club
  const play = select("s-play", [["online", t("web.cards.play_online")], ["cards", t("web.cards.play_cards")]], "online");
  const sitOut = el("input", { id: "s-sit-out", type: "checkbox" });
  // each side's bidding system at every table (contract bridge)
  const systemChoices = (page.games.systems || []).map((s) => [s.name, s.titles[lang] || s.titles.en]);
  const nsSystem = select("s-ns-system", systemChoices, "standard");
  const ewSystem = select("s-ew-system", systemChoices, "standard");
  const form = el("form", { class: "panel", id: "session-form", "aria-labelledby": "session-new-h" },
    el("h2", { id: "session-new-h" }, t("web.session.new_heading")),
    row("s-play", t("web.cards.play"), play),
    row("s-game", t("web.session.game"), game),
    row("s-tables", t("web.session.tables"), tables),
    row("s-boards", t("web.session.boards"), boards),
    row("s-movement", t("web.session.movement"), movement),
    row("s-scoring", t("web.session.scoring"), scoring),
    row("s-robots", t("web.session.robots"), robots),
    el("div", { class: "form-row inline", hidden: true }, sitOut, el("label", { for: "s-sit-out" }, t("web.cards.sit_out_option"))),
    row("s-ns-system", t("web.system.ns"), nsSystem),
    row("s-ew-system", t("web.system.ew"), ewSystem),
    row("s-practice", t("web.session.practice"), practice),
    row("s-seed", t("web.session.seed"), seed),
    row("s-pbn", t("web.cards.pbn_file"), el("input", { id: "s-pbn", type: "file", accept: ".pbn,text/plain" })),
    row("s-language", t("web.session.language"), language),
    el("button", { type: "submit", class: "primary", id: "session-create" }, t("web.session.create")));
  // a room of three-handed tables has no boards, movement or scoring of boards: their rows hide
  const showSystems = () => { for (const c of [nsSystem, ewSystem]) c.closest(".form-row").hidden = game.value !== "contract" || play.value === "cards"; };
  game.addEventListener("change", () => {
    for (const c of [boards, movement, scoring, practice, document.getElementById("s-pbn")]) c.closest(".form-row").hidden = game.value === ROOM;
    showSystems();
  });
  // with real cards: no robots, no room of three-handed tables; an odd number of pairs may come
  play.addEventListener("change", () => {
    const cards = play.value === "cards";
    robots.closest(".form-row").hidden = cards;
    sitOut.closest(".form-row").hidden = !cards;
    game.querySelector(`option[value="${ROOM}"]`).hidden = cards;
    if (cards && game.value === ROOM) { game.value = "contract"; game.dispatchEvent(new Event("change")); }
    if (cards && movement.value === "class" && game.value === "contract") movement.value = "mitchell";
    showSystems();
  });
  // teams play contract bridge scored by IMPs: choosing the movement chooses those too
  movement.addEventListener("change", () => {
    if (movement.value === "teams") { game.value = "contract"; scoring.value = "imps"; }
  });
  showSystems();
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    let body = {
      game: game.value, tables: Number(tables.value), boards: Number(boards.value), movement: movement.value,
      scoring: scoring.value, robots: robots.value, language: language.value,
    };
    if (game.value === "contract") body.systems = [nsSystem.value, ewSystem.value];
    if (game.value === ROOM) body = roomBody(body);
    if (seed.value !== "") body.seed = Number(seed.value);
    if (practice.value && game.value !== ROOM) body.practice = practice.value;
    // the boards of a PBN file (a dealing machine's, a book's) in place of the seed's
    const file = document.getElementById("s-pbn").files[0];
    if (file && game.value !== ROOM) body.pbn = await file.text();
    if (play.value === "cards") {
      body.play = "cards";
      delete body.robots;
      delete body.systems;  // no robots at a table of real cards: nobody bids by a card
      if (sitOut.checked) body.pairs = 2 * body.tables - 1;  // one pair short: one sits out a round
    }
    try {
      const out = await call("/api/sessions", body);
      hold(out.code, { director: out.director_token });
      page.go("/session/" + out.code);
    } catch (e) { page.alert(e.message); }
  });
  main.replaceChildren(el("h1", null, t("web.session.nav")), yourSessions(page), form);
  document.getElementById("s-game").focus();
}

// The sessions this browser holds (directed, or a seat taken): the way back to each.
function yourSessions(page) {
  const all = Object.entries(held()).filter(([, info]) => info.director || info.token);
  const box = el("section", { class: "panel", id: "your-sessions", "aria-labelledby": "your-sessions-h" },
    el("h2", { id: "your-sessions-h" }, t("web.session.yours")));
  if (!all.length) { box.append(el("p", { class: "muted", id: "no-sessions" }, t("web.session.yours_none"))); return box; }
  const list = el("ul", { class: "plain" });
  for (const [code, info] of all) {
    const href = "/session/" + encodeURIComponent(code);
    const text = info.director ? t("web.session.yours_director", { code }) : t("web.session.yours_player", { code, name: info.name || "" });
    list.append(el("li", null, el("a", { href, class: "session-link", onclick: (ev) => { ev.preventDefault(); page.go(href); } }, text)));
  }
  box.append(list);
  return box;
}

// --- a session -----------------------------------------------------------------------------------

function tokenOf(code) {
  const info = held()[code] || {};
  return info.director || info.token || null;
}

async function showSession(main, page, code, status) {
  const mine = held()[code] || {};
  const token = tokenOf(code);
  const session = await call("/api/sessions/" + encodeURIComponent(code), undefined, token);
  if (session.play === "cards") { await showCards(main, page, code, session, token, status); return; }
  const results = session.status === "waiting" ? null : await call("/api/sessions/" + encodeURIComponent(code) + "/results", undefined, token);
  if (results && isRoom(session)) {
    const n = roomDeals(results);
    if (n > S.seen && S.seen > 0) status(t("web.room.new_results", { n }));
    S.seen = n;
  } else if (results) {
    const n = results.boards.length;
    if (n > S.seen && S.seen > 0) status(t("web.session.new_results", { n }));
    S.seen = n;
    // the hand records of the boards this page may see (the same rule as the travellers),
    // asked again only when that list changes: endplay works them out once at the server
    // (in the background: the page shows at once, the records when they are ready)
    const key = results.boards.map((b) => b.board).join(",");
    if (key && key !== S.recordsKey && key !== S.recordsAsked) {
      S.recordsAsked = key;
      call("/api/sessions/" + encodeURIComponent(code) + "/handrecord", undefined, token).then((records) => {
        if (S.code !== code) return;
        S.records = records;
        S.recordsKey = key;
        showSession(main, page, code, status).catch((e) => page.alert(e.message));
      }).catch((e) => { S.recordsAsked = null; page.alert(e.message); });
    }
  }
  // the person may have left the page while the server answered: draw nothing over another page
  if (S.code !== code) return;
  const rounds = session.movement.rounds.length;
  const parts = [
    el("h1", { id: "session-h" }, t("web.session.heading", { code })),
    el("p", { id: "session-summary" }, isRoom(session) ? roomSummary(session) : [t("web.session.summary", {
      tables: session.movement.tables, boards: session.movement.boards, round: session.round, rounds,
    }), " · ", t("web.session.scoring_" + session.scoring)]),
    el("p", { id: "session-status", class: "muted" }, t("web.session.status_" + session.status)),
  ];
  if (S.shownNotice) parts.push(el("p", { class: "banner", id: "session-notice" }, S.shownNotice));
  if (session.status === "waiting") parts.push(joinPanel(session, mine, page));
  else if (session.status === "playing" && !session.you && !session.director) {
    parts.push(el("p", { id: "session-late" }, t("web.session.late")));
  }
  if (session.you && session.you.code && session.status === "playing" && !session.you.left) {
    const you = session.you;
    parts.push(el("section", { class: "panel", id: "your-table", "aria-labelledby": "your-table-h" },
      el("h2", { id: "your-table-h" }, t("web.session.your_table", { table: you.table, seat: seatLabel(session, you.seat) })),
      el("button", { type: "button", class: "primary", id: "open-table", onclick: () => {
        saveToken(you.code, { token: mine.token, slot: you.slot, name: you.name, session: code });
        page.go("/table/" + you.code);
      } }, t("web.session.open_table"))));
  }
  if (session.director) parts.push(directorPanel(session, code, page));
  if (results && isRoom(session)) parts.push(roomPanel(results, code));
  else if (results) parts.push(resultsPanel(results, code, session.director || !session.you));
  const recordsKey = results && !isRoom(session) ? results.boards.map((b) => b.board).join(",") : "";
  if (recordsKey && S.records && S.records.length && S.recordsKey === recordsKey) parts.push(recordsPanel(S.records));
  else if (recordsKey && S.records && S.records.length) parts.push(recordsPanel(S.records), recordsPending());
  else if (recordsKey) parts.push(recordsPending());
  const next = el("div", { id: "session" }, ...parts);
  const current = document.getElementById("session");
  if (current && main.contains(current)) morph(current, next);
  else main.replaceChildren(next);
}

function joinPanel(session, mine, page) {
  const n = session.movement.tables;
  const people = el("ul", { class: "plain", id: "session-people" });
  for (const p of session.people) people.append(el("li", null, p.name, " · ", p.pair));
  if (!session.people.length) people.append(el("li", { class: "muted" }, t("web.session.nobody")));
  const box = el("section", { class: "panel", id: "session-join", "aria-labelledby": "join-h" },
    el("h2", { id: "join-h" }, t("web.session.join_heading")),
    el("p", null, t("web.session.share"), " ", el("code", null, location.origin + "/session/" + session.code)));
  if (mine.token) {
    box.append(el("p", { id: "session-joined" }, t("web.session.joined", { table: mine.table, seat: seatLabel(session, mine.seat), pair: mine.pair })));
  } else {
    const table = select("j-table", Array.from({ length: n }, (_, i) => [String(i + 1), String(i + 1)]), "1");
    const seat = select("j-seat", seatOptions(session), firstSeat(session, "S"));
    const name = el("input", { id: "j-name", type: "text", autocomplete: "nickname", value: localStorage.getItem("bridgeroom.name") || "" });
    const form = el("form", { id: "join-form", onsubmit: async (ev) => {
      ev.preventDefault();
      const who = document.getElementById("j-name").value.trim();
      if (!who) { page.alert(t("web.create.need_name")); document.getElementById("j-name").focus(); return; }
      localStorage.setItem("bridgeroom.name", who);
      const tb = Number(document.getElementById("j-table").value);
      const st = document.getElementById("j-seat").value;
      try {
        // a seat's token this browser holds goes along: the server gives one seat a person
        const out = await call("/api/sessions/" + encodeURIComponent(session.code) + "/join", { table: tb, seat: st, name: who }, mine.token);
        hold(session.code, { token: out.token, name: who, pair: out.pair, table: tb, seat: st });
        page.go("/session/" + session.code);
      } catch (e) { page.alert(e.message); }
    } },
    row("j-table", t("web.session.table"), table), row("j-seat", t("web.session.seat"), seat), row("j-name", t("web.session.name"), name),
    el("button", { type: "submit", class: "primary", id: "join-session" }, t("web.session.join")));
    box.append(form);
  }
  box.append(el("h3", null, t("web.session.people", { n: session.people.length })), people);
  return box;
}

function directorPanel(session, code, page) {
  const token = tokenOf(code);
  const act = async (path, body) => {
    try { await call("/api/sessions/" + encodeURIComponent(code) + path, body || {}, token); } catch (e) { page.alert(e.message); }
    showSession(document.getElementById("main"), page, code, () => {}).catch((e) => page.alert(e.message));
  };
  const box = el("section", { class: "panel", id: "director", "aria-labelledby": "director-h" },
    el("h2", { id: "director-h" }, t("web.session.director")));
  if (session.status === "waiting") {
    box.append(el("button", { type: "button", class: "primary", id: "start-session", onclick: () => act("/start") }, t("web.session.start")));
  }
  if (session.status !== "finished") box.append(seatForm(session, code, token, page));
  if (session.tables.length) {
    const head = el("tr", null, ...["table", "board", "turn", "idle", "players", "manage"].map((c) => el("th", { scope: "col" }, t("web.session.col_" + c))));
    const body = el("tbody");
    for (const tb of session.tables) {
      const state = session.status === "finished" && !tb.over ? t("web.session.ended") : tb.paused ? t("web.session.paused") : tb.over ? t("web.session.over") : tb.waiting ? t("web.session.waiting") : (tb.turn ? seatLabel(session, tb.turn) : "");
      const manage = el("td", null);
      if (session.status === "playing") {
        manage.append(el("button", { type: "button", id: "pause-" + tb.table, "aria-pressed": String(tb.paused),
          onclick: () => act("/tables/" + tb.table + "/pause", { paused: !tb.paused }) },
          t(tb.paused ? "web.session.resume" : "web.session.pause", { table: tb.table })));
        for (const p of tb.players) {
          if (p.kind !== "person") continue;
          manage.append(" ", el("button", { type: "button", class: "replace", "data-table": tb.table, "data-seat": p.seat,
            onclick: () => act("/replace", { table: tb.table, seat: p.seat }) }, t("web.session.replace", { name: p.name })));
        }
      }
      body.append(el("tr", { id: "glance-" + tb.table },
        el("th", { scope: "row" }, String(tb.table)),
        el("td", null, tb.board ? String(tb.board) : "–"),
        el("td", null, state),
        el("td", null, tb.idle_seconds === null ? "–" : t("web.session.seconds", { n: tb.idle_seconds })),
        el("td", null, tb.players.map((p) => seatLabel(session, p.seat) + ": " + playerName(p)).join(", ")),
        manage));
    }
    box.append(el("table", { class: "glance", id: "glance" }, el("caption", null, t("web.session.glance")), el("thead", null, head), body));
  }
  if (session.status === "playing") {
    box.append(el("button", { type: "button", id: "end-session", onclick: () => {
      if (window.confirm(t("web.session.end_confirm"))) act("/end");
    } }, t("web.session.end")));
  }
  if (session.advice) {
    const list = el("ul", { id: "advice" });
    for (const a of session.advice) {
      list.append(el("li", null, t("web.session.advice_row", { board: a.board, declarer: seatName(a.declarer), contract: a.contract, reason: a.reason })));
    }
    box.append(el("details", null, el("summary", null, t("web.session.advice")), list));
  }
  return box;
}

// A robot is named by its level in the page's language; a person by his name.
function playerName(p) {
  return p.kind === "robot" && p.level ? t("web.create.robot", { level: t("web.level." + p.level) }) : p.name;
}

function fmt(x) { return typeof x === "number" ? String(x) : "–"; }

// A director's adjusted score (Law 12C) or a board not played, as the traveller shows it: the
// score as the director gave it ("A+/A-", "assigned 4S N =", "30% 4S N = + 70% 4S N -1").
function adjustedText(r) {
  if (!r.kind || r.kind === "played") return "";
  if (r.kind === "not played") return t("web.cards.not_played");
  return t("web.desk.adjusted_" + r.kind.replace(" ", "_"), { score: r.text || "" });
}

function resultsPanel(results, code, everyone) {
  const box = el("section", { class: "panel", id: "results", "aria-labelledby": "results-h" },
    el("h2", { id: "results-h" }, t("web.session.results")));
  if (!results.boards.length) box.append(el("p", { class: "muted", id: "no-results" }, t(everyone ? "web.session.no_results_all" : "web.session.no_results")));
  for (const [direction, rows] of Object.entries(results.ranking)) {
    if (!results.boards.length) break;
    const cols = ["rank", "pair", "boards", "points", "mp", "percent", "imps"];
    const body = el("tbody");
    for (const s of rows) {
      body.append(el("tr", null, el("td", null, String(s.rank)), el("th", { scope: "row" }, s.team ? t("web.session.team_name", { team: s.team }) : s.pair), el("td", null, String(s.boards)),
        el("td", null, String(s.points)), el("td", null, fmt(s.mp)), el("td", null, fmt(s.percent)), el("td", null, fmt(s.imps))));
    }
    box.append(el("table", { class: "ranking", id: "ranking-" + direction },
      el("caption", null, t("web.session.ranking"), " — ", t("web.session.ranking_" + direction)),
      el("thead", null, el("tr", null, ...cols.map((c) => el("th", { scope: "col" }, t("web.session.col_" + c))))), body));
  }
  for (const board of results.boards) {
    const cols = ["table", "ns", "ew", "contract", "declarer", "lead", "tricks", "score", "ns_mp", "ew_mp", "ns_imps"];
    const body = el("tbody");
    for (const r of board.results) {
      body.append(el("tr", null, el("th", { scope: "row" }, String(r.table)), el("td", null, r.ns), el("td", null, r.ew),
        el("td", null, adjustedText(r) || (r.contract ? contractText(r.contract, false) : t("web.session.passed_out"))), el("td", null, r.declarer ? seatName(r.declarer) : "–"),
        el("td", null, r.lead ? cardText(r.lead) : "–"), el("td", null, r.tricks === null || r.tricks === undefined ? "–" : String(r.tricks)),
        el("td", null, r.ns_score === null || r.ns_score === undefined ? "–" : String(r.ns_score)),
        el("td", null, fmt(r.ns_mp)), el("td", null, fmt(r.ew_mp)), el("td", null, fmt(r.ns_imps))));
    }
    box.append(el("table", { class: "traveller", id: "traveller-" + board.board },
      el("caption", null, t("web.session.traveller", { board: board.board, n: board.results.length })),
      el("thead", null, el("tr", null, ...cols.map((c) => el("th", { scope: "col" }, t("web.session.col_" + c))))), body));
  }
  for (const [pair, card] of Object.entries(results.scorecards || {})) {
    if (!card.length) continue;
    const cols = ["board", "direction", "opponents", "contract", "declarer", "tricks", "points", "mp", "imps"];
    const body = el("tbody");
    for (const r of card) {
      body.append(el("tr", null, el("th", { scope: "row" }, String(r.board)), el("td", null, t("web.session.ranking_" + r.direction)),
        el("td", null, r.opponents), el("td", null, r.contract ? contractText(r.contract, false) : t("web.session.passed_out")),
        el("td", null, r.declarer ? seatName(r.declarer) : "–"), el("td", null, String(r.tricks)), el("td", null, String(r.points)),
        el("td", null, fmt(r.mp)), el("td", null, fmt(r.imps))));
    }
    box.append(el("details", { class: "scorecard", id: "scorecard-" + pair }, el("summary", null, t("web.session.scorecard", { pair })),
      el("table", { class: "traveller" }, el("caption", { class: "sr-only" }, t("web.session.scorecard", { pair })),
        el("thead", null, el("tr", null, ...cols.map((c) => el("th", { scope: "col" }, t("web.session.card_" + c))))), body)));
  }
  const base = "/api/sessions/" + encodeURIComponent(code);
  box.append(el("p", null, el("a", { href: base + "/pbn", download: "", id: "download-pbn" }, t("web.session.download_pbn")), " · ",
    el("a", { href: base + "/ranking.csv", download: "", id: "download-csv" }, t("web.session.download_csv"))));
  return box;
}

function recordsPending() {
  return el("p", { class: "muted", id: "records-pending", role: "status" }, t("web.session.records_pending"));
}

// Each board's hand record: the diagram (the server's SVG, as the Review panel draws it), its
// double-dummy table as a table of the page (a screen reader reads it cell by cell) and the par.
function recordsPanel(records) {
  const box = el("section", { class: "panel", id: "hand-records", "aria-labelledby": "hand-records-h" },
    el("h2", { id: "hand-records-h" }, t("web.session.hand_records")));
  for (const r of records) {
    const head = el("tr", null, el("th", { scope: "col" }, t("web.session.dd_seat")),
      ...STRAINS.map((s) => el("th", { scope: "col" }, strainText(s))));
    const body = el("tbody");
    for (const seat of SEATS) {
      body.append(el("tr", null, el("th", { scope: "row" }, seatName(seat)),
        ...STRAINS.map((s) => el("td", null, String(r.dd[seat][s])))));
    }
    box.append(el("div", { class: "hand-record", id: "record-" + r.board },
      el("h3", null, t("web.session.record_heading", { board: r.board })),
      el("div", { class: "rv-top" },
        el("div", { class: "diagram", role: "img", "aria-label": t("web.session.record_diagram", { board: r.board }), html: r.svg[lang] || r.svg.en }),
        el("div", null,
          el("table", { class: "traveller dd", id: "dd-" + r.board },
            el("caption", null, t("web.session.dd_caption", { board: r.board })), el("thead", null, head), body),
          el("p", { class: "par", id: "par-" + r.board }, r.par_text[lang] || r.par_text.en)))));
  }
  return box;
}

// The director seats a named person (before the start any free seat, once started a seat a
// robot holds) and hands over the link that opens the session with the person's seat.
function seatForm(session, code, token, page) {
  const n = session.movement.tables;
  const handed = (held()[code] || {}).handed || [];
  // the page is drawn again whenever the session changes (a person joins, a board ends): what
  // the director was choosing stays chosen (the form drawn before is still in the page here)
  const kept = (id) => { const node = document.getElementById(id); return node ? node.value : undefined; };
  const keep = (id, options, fallback) => { const v = kept(id); return options.some(([o]) => o === v) ? v : fallback; };
  const tables = Array.from({ length: n }, (_, i) => [String(i + 1), String(i + 1)]);
  const seats = seatOptions(session);
  const form = el("form", { id: "seat-form", "aria-labelledby": "seat-h", onsubmit: async (ev) => {
    ev.preventDefault();
    const who = document.getElementById("d-name").value.trim();
    if (!who) { page.alert(t("web.create.need_name")); document.getElementById("d-name").focus(); return; }
    const tb = Number(document.getElementById("d-table").value);
    const st = document.getElementById("d-seat").value;
    try {
      const out = await call("/api/sessions/" + encodeURIComponent(code) + "/seat", { table: tb, seat: st, name: who }, token);
      const link = location.origin + "/session/" + encodeURIComponent(code) + "#seat=" + out.token;
      hold(code, { handed: [...handed, { name: out.name, table: tb, seat: st, link }] });
      document.getElementById("d-name").value = "";
      showSession(document.getElementById("main"), page, code, () => {}).catch((e) => page.alert(e.message));
    } catch (e) { page.alert(e.message); }
  } },
  el("h3", { id: "seat-h" }, t("web.session.seat_heading")),
  el("p", { class: "muted" }, t(session.status === "waiting" ? "web.session.seat_help" : "web.session.seat_help_late")),
  row("d-table", t("web.session.table"), select("d-table", tables, keep("d-table", tables, "1"))),
  row("d-seat", t("web.session.seat"), select("d-seat", seats, keep("d-seat", seats, firstSeat(session, "N")))),
  row("d-name", t("web.session.person_name"), el("input", { id: "d-name", type: "text", autocomplete: "off", value: kept("d-name") || "" })),
  el("button", { type: "submit", id: "seat-person" }, t("web.session.seat_person")));
  if (handed.length) {
    const list = el("ul", { class: "plain", id: "handed" });
    handed.forEach((h, i) => {
      const id = "handed-" + i;
      list.append(el("li", null, el("label", { for: id }, t("web.session.handed", { name: h.name, table: h.table, seat: seatLabel(session, h.seat) })), " ",
        el("input", { id, class: "handed-link", type: "text", readonly: true, value: h.link, size: 40 })));
    });
    form.append(el("h4", null, t("web.session.handed_heading", { n: handed.length })), list);
  }
  return form;
}

// --- a session played with real cards --------------------------------------------------------------

// The director's desk (with his token), else the results every table has played; the tables
// enter theirs on their own page (their card's link).
async function showCards(main, page, code, session, token, status) {
  const enc = encodeURIComponent(code);
  const desk = session.director ? await call("/api/sessions/" + enc + "/desk", undefined, token) : null;
  const results = await call("/api/sessions/" + enc + "/results", undefined, token);
  if (S.code !== code) return;
  const n = results.boards.reduce((k, b) => k + b.results.length, 0);
  if (n > S.seen && S.seen > 0) status(t("web.desk.new_results", { n }));
  S.seen = n;
  const act = async (path, body) => {
    try { await call("/api/sessions/" + enc + path, body || {}, token); } catch (e) { page.alert(e.message); }
    showSession(document.getElementById("main"), page, code, status).catch((e) => page.alert(e.message));
  };
  const parts = [
    el("h1", { id: "session-h" }, t(desk ? "web.desk.heading" : "web.session.heading", { code })),
    el("p", { id: "session-summary" }, t("web.cards.summary", { tables: session.movement.tables, boards: session.movement.boards }),
      " · ", t("web.session.movement_" + session.movement.kind), " · ", t("web.session.scoring_" + session.scoring)),
  ];
  if (desk) parts.push(...deskPanels(desk, code, act, page, token));
  else parts.push(el("p", { id: "cards-public", class: "muted" }, t("web.cards.public")));
  parts.push(resultsPanel(results, code, true));
  const next = el("div", { id: "session" }, ...parts);
  const current = document.getElementById("session");
  if (current && main.contains(current)) morph(current, next);
  else main.replaceChildren(next);
}
