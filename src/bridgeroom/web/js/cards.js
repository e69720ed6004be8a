// A session played with real cards: the table's phone page, "/session/CODE/table/N#t=TOKEN" (the
// link and QR code of the table's card). It shows the round's pairs and boards; for each board
// the players enter the contract, declarer, lead and tricks (or passed out, not played), the
// server's score appears at once and the other side confirms it. Every entry is kept in
// localStorage until the server has answered it, and sent again when the connection is back: an
// entry survives a lost connection and a reload. Big targets near the bottom of the screen, one
// field a row: one-handed at 390 px.

import { el, morph, srOnly, touched } from "./dom.js";
import { t, seatName, strainText, cardText, contractText, rankText, SEATS, SUITS, STRAINS, SYMBOL } from "./i18n.js";
import { ApiError } from "./net.js";

const C = { code: null, table: null, timer: null, view: null, board: null, round: null, flushing: false, sent: null };

export function cardsTablePath() {
  const m = /^\/session\/([^/]+)\/table\/(\d+)\/?$/.exec(location.pathname);
  return m ? { code: decodeURIComponent(m[1]), table: Number(m[2]) } : null;
}

// the connection is back: the kept entries go at once
window.addEventListener("online", () => { if (C.code && C.refresh) C.refresh(); });

export function stopCards() {
  clearInterval(C.timer);
  C.timer = null;
  C.code = null;
}

const tokenKey = (code, table) => "bridgeroom.cards." + code + "." + table;
const queueKey = (code, table) => "bridgeroom.cards.queue." + code + "." + table;

function tokenOf() {
  return localStorage.getItem(tokenKey(C.code, C.table));
}

// The entries not yet answered by the server, oldest first (one a board: the last one counts).
function queue() {
  try { return JSON.parse(localStorage.getItem(queueKey(C.code, C.table)) || "[]"); } catch (e) { return []; }
}

function setQueue(items) {
  localStorage.setItem(queueKey(C.code, C.table), JSON.stringify(items));
}

async function call(path, body) {
  const headers = { "Content-Type": "application/json" };
  const token = tokenOf();
  if (token) headers.Authorization = "Bearer " + token;
  const res = await fetch("/api/sessions/" + encodeURIComponent(C.code) + path,
    body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

// `page`: { go(path), alert(text) }; `status(text)` speaks in the page's status region.
export async function renderCardsTable(main, page, where, status) {
  stopCards();
  C.code = where.code;
  C.table = where.table;
  C.board = null;
  C.round = null;
  C.view = null;
  const m = /^#t=([\w-]+)$/.exec(location.hash);
  if (m) {
    localStorage.setItem(tokenKey(C.code, C.table), m[1]);
    history.replaceState(history.state, "", location.pathname);  // the token leaves the address
  }
  C.page = page;
  C.status = status;
  if (!tokenOf()) {
    main.replaceChildren(el("h1", null, t("web.cards.table_heading", { table: C.table })),
      el("p", { id: "cards-no-token" }, t("web.cards.no_token")));
    return;
  }
  const code = C.code;
  const refresh = async () => {
    if (C.code !== code) return;
    await flush();
    try {
      const view = await call("/table");
      // the director called the move: the page goes to the new round's first board
      if (C.view && view.round !== C.view.round) {
        C.round = null;
        C.board = null;
        C.status(t("web.cards.round_now", { round: view.round }));
      }
      C.view = view;
      C.online = true;
    } catch (e) {
      if (e instanceof ApiError) { page.alert(e.message); C.online = true; } else C.online = false;
    }
    draw();
  };
  C.refresh = refresh;
  await refresh();
  C.timer = setInterval(refresh, 3000);
}

// Send the kept entries in order; an entry the server refuses is dropped with its reason said; a
// lost connection keeps them all for the next try.
async function flush() {
  if (C.flushing) return;
  C.flushing = true;
  try {
    let items = queue();
    while (items.length) {
      const body = items[0];
      try {
        const out = await call("/scores", body);
        C.online = true;
        C.sent = out;
        if (body.confirmed) C.status(t("web.cards.confirmed_said", { board: body.board }));
        else if (out.kind === "score") C.status(t("web.cards.score_said", { board: body.board, score: scoreText(out) }));
      } catch (e) {
        if (!(e instanceof ApiError)) { C.online = false; break; }
        C.page.alert(e.message);
      }
      items = queue().slice(1);
      setQueue(items);
    }
  } finally { C.flushing = false; }
}

function keep(body) {
  const items = queue().filter((b) => !(b.board === body.board && b.round === body.round));
  items.push(body);
  setQueue(items);
}

async function submit(body) {
  C.board = body.board;  // the board stays shown: its score, its confirmation, then "next"
  C.round = body.round;
  keep(body);
  await flush();
  if (C.online) {
    try { C.view = await call("/table"); } catch (e) { /* drawn from what is kept */ }
  }
  draw();
}

function scoreText(r) {
  if (!r || r.kind !== "score") return "";
  const s = r.ns_score;
  return t("web.cards.score_ns", { score: (s > 0 ? "+" : "") + s });
}

function resultText(r) {
  if (!r) return t("web.cards.not_entered");
  if (r.kind === "not_played") return t("web.cards.not_played");
  if (r.kind === "adjusted") return t("web.cards.adjusted", { score: r.score });
  if (!r.contract) return t("web.cards.passed_out");
  const level = Number(r.contract[0]);
  const over = r.tricks - level - 6;
  const made = over === 0 ? "=" : (over > 0 ? "+" : "") + over;
  return contractText(r.contract, false) + " " + seatName(r.declarer) + " " + made + (r.lead ? " · " + cardText(r.lead) : "");
}

function pendingFor(round, board) {
  return queue().find((b) => b.round === round && b.board === board) || null;
}

// --- drawing -------------------------------------------------------------------------------------

function draw() {
  const main = document.getElementById("main");
  const v = C.view;
  const parts = [el("h1", { id: "cards-h" }, t("web.cards.table_heading", { table: C.table }))];
  if (!C.online) parts.push(el("p", { class: "banner", id: "cards-offline", role: "status" }, t("web.cards.offline", { n: queue().length })));
  else if (queue().length) parts.push(el("p", { class: "banner", id: "cards-pending", role: "status" }, t("web.cards.pending", { n: queue().length })));
  if (!v) {
    parts.push(el("p", { class: "muted" }, t("web.cards.no_view")));
  } else {
    const rounds = v.rounds;
    const roundNo = C.round && rounds.some((r) => r.round === C.round) ? C.round : v.round;
    const current = rounds.find((r) => r.round === roundNo) || rounds[rounds.length - 1];
    parts.push(el("p", { id: "cards-round" }, t("web.cards.round_of", { round: current.round, rounds: v.rounds_total }),
      v.status === "finished" ? " · " + t("web.cards.finished") : ""));
    if (rounds.length > 1) {
      const pick = el("select", { id: "cards-round-pick", onchange: (ev) => { C.round = Number(ev.target.value); C.board = null; draw(); } });
      for (const r of rounds) pick.append(el("option", { value: String(r.round) }, t("web.cards.round_n", { round: r.round })));
      pick.value = String(current.round);
      parts.push(el("div", { class: "form-row" }, el("label", { for: "cards-round-pick" }, t("web.cards.pick_round")), pick));
    }
    parts.push(pairsPanel(v, current));
    if (current.sit_out) parts.push(el("p", { class: "banner", id: "cards-sit-out" }, t("web.cards.sit_out")));
    else {
      const chosen = C.board && current.boards.includes(C.board) ? C.board : firstOpen(current);
      parts.push(boardsList(current, chosen));
      if (chosen) parts.push(entryPanel(v, current, chosen));
    }
  }
  const next = el("div", { id: "cards-table", class: "cards-phone" }, ...parts);
  const now = document.getElementById("cards-table");
  if (now && main.contains(now)) morph(now, next);
  else main.replaceChildren(next);
}

function firstOpen(round) {
  const open = round.entries.find((e) => !e.result || !e.result.confirmed);
  return (open || round.entries[0]).board;
}

function pairsPanel(v, round) {
  const names = (label) => (v.players[label] || []).map((p) => p.name).join(" – ");
  const line = (dir, label) => el("li", null, t("web.cards.pair_" + dir, { pair: label }), names(label) ? ": " + names(label) : "");
  return el("section", { class: "panel", id: "cards-pairs", "aria-labelledby": "cards-pairs-h" },
    el("h2", { id: "cards-pairs-h" }, t("web.cards.pairs")),
    el("ul", { class: "plain" }, line("ns", round.ns), line("ew", round.ew)),
    el("details", { id: "cards-names" }, el("summary", null, t("web.cards.names")), namesForm(v, round)));
}

function namesForm(v, round) {
  const form = el("form", { id: "names-form", onsubmit: async (ev) => {
    ev.preventDefault();
    const f = ev.target;
    const pair = f.querySelector("#names-pair").value;
    const players = [1, 2].map((i) => ({ name: f.querySelector("#names-name" + i).value.trim(), number: f.querySelector("#names-number" + i).value.trim() }))
      .filter((p) => p.name);
    if (!players.length) { C.page.alert(t("web.cards.name_needed")); return; }
    try { await call("/players", { pair, players }); C.status(t("web.cards.names_saved", { pair })); C.view = await call("/table"); draw(); } catch (e) { C.page.alert(e.message); }
  } });
  const pick = el("select", { id: "names-pair", onchange: touched }, el("option", { value: round.ns }, round.ns), el("option", { value: round.ew }, round.ew));
  form.append(el("div", { class: "form-row" }, el("label", { for: "names-pair" }, t("web.cards.pair")), pick));
  for (const i of [1, 2]) {
    form.append(el("div", { class: "form-row" }, el("label", { for: "names-name" + i }, t("web.cards.player_name", { n: i })),
      el("input", { id: "names-name" + i, type: "text", autocomplete: "off", maxlength: 40 })));
    form.append(el("div", { class: "form-row" }, el("label", { for: "names-number" + i }, t("web.cards.player_number", { n: i })),
      el("input", { id: "names-number" + i, type: "text", inputmode: "numeric", autocomplete: "off", maxlength: 20 })));
  }
  form.append(el("button", { type: "submit", id: "names-save" }, t("web.cards.names_save")));
  return form;
}

function boardsList(round, chosen) {
  const list = el("ul", { class: "plain cards-boards", id: "cards-boards" });
  for (const e of round.entries) {
    const pending = pendingFor(round.round, e.board);
    const r = pending && !e.result ? null : e.result;
    let state = resultText(r);
    if (pending) state = t("web.cards.kept");
    else if (r && r.confirmed) state += " · " + t("web.cards.confirmed");
    else if (r) state += " · " + t("web.cards.to_confirm");
    list.append(el("li", null, el("button", {
      type: "button", class: "cards-board" + (e.board === chosen ? " chosen" : ""), id: "board-" + e.board,
      "aria-current": e.board === chosen ? "true" : null,
      onclick: () => { C.board = e.board; C.round = round.round; draw(); document.getElementById("entry-h")?.focus(); },
    }, el("span", { class: "cards-board-n" }, t("web.cards.board_n", { board: e.board })), " ", el("span", { class: "cards-board-state" }, state))));
  }
  return el("nav", { "aria-label": t("web.cards.boards") }, list);
}

function radios(name, legend, options, value) {
  const box = el("fieldset", { class: "choices", id: "f-" + name }, el("legend", null, legend));
  for (const [v, text, label] of options) {
    const id = name + "-" + v;
    // a symbol (♠, X) is read by its name: the symbol hidden from a screen reader, the name not shown
    const shown = label ? [el("span", { "aria-hidden": "true" }, text), srOnly(label)] : text;
    // a choice made stays while the page is drawn again (the server is asked every 3 s)
    box.append(el("input", { type: "radio", name, id, value: v, checked: v === value, onchange: (ev) => {
      for (const r of ev.currentTarget.form.querySelectorAll(`input[name="${name}"]`)) r.__touched = true;
    } }),
      el("label", { for: id }, shown));
  }
  return box;
}

function entryPanel(v, round, board) {
  const entry = round.entries.find((e) => e.board === board);
  const result = entry.result;
  const pending = pendingFor(round.round, board);
  const box = el("section", { class: "panel cards-entry", id: "cards-entry", "aria-labelledby": "entry-h" },
    el("h2", { id: "entry-h", tabindex: "-1" }, t("web.cards.board_n", { board })));
  if (result && result.kind === "score" && !pending) {
    box.append(el("p", { class: "cards-score", id: "cards-score" }, resultText(result), el("br"), el("strong", null, scoreText(result))));
    if (!result.confirmed) {
      box.append(el("p", null, t("web.cards.other_side")),
        el("button", { type: "button", class: "primary big", id: "cards-confirm", onclick: () => submit({ ...bodyOf(result, round), confirmed: true }) },
          t("web.cards.confirm", { board })));
    } else {
      box.append(el("p", { id: "cards-confirmed" }, t("web.cards.both_confirmed")));
      const next = round.entries.find((e) => !e.result || !e.result.confirmed);
      if (next) box.append(el("button", { type: "button", class: "primary big", id: "cards-next", onclick: () => { C.board = next.board; draw(); document.getElementById("entry-h")?.focus(); } }, t("web.cards.next_board", { board: next.board })));
    }
    if (!result.confirmed) box.append(el("button", { type: "button", id: "cards-change", onclick: () => { C.editing = board; draw(); } }, t("web.cards.change")));
    if (C.editing !== board) return box;
  } else if (result && result.kind !== "score" && !pending) {
    box.append(el("p", { id: "cards-score" }, resultText(result)));
  }
  if (pending) box.append(el("p", { role: "status", id: "cards-kept" }, t("web.cards.kept_long")));
  box.append(entryForm(round, board, pending || (result && result.kind === "score" ? bodyOf(result, round) : null)));
  return box;
}

function bodyOf(r, round) {
  const p = r.contract ? { contract: r.contract, declarer: r.declarer, tricks: r.tricks } : { contract: "pass" };
  if (r.lead) p.lead = r.lead;
  return { round: round.round, board: r.board, ...p };
}

function entryForm(round, board, before) {
  const parts = before && before.contract && before.contract !== "pass" ? /^([1-7])(NT|[CDHS])(X{0,2})$/.exec(before.contract) : null;
  const level = parts ? parts[1] : null;
  // a board's own form: another board's choices never carry over (morph keys it by board)
  const form = el("form", { id: "entry-form", "data-key": "entry-" + round.round + "-" + board, onsubmit: (ev) => {
    ev.preventDefault();
    const f = ev.target;
    const val = (name) => (f.querySelector(`input[name="${name}"]:checked`) || {}).value || null;
    const lv = val("level"), strain = val("strain"), dbl = val("dbl") || "", decl = val("declarer"), res = val("result");
    if (!lv || !strain || !decl || res === null) { C.page.alert(t("web.cards.incomplete")); return; }
    const body = { round: round.round, board, contract: lv + strain + dbl, declarer: decl, tricks: Number(lv) + 6 + Number(res) };
    const suit = f.querySelector("#lead-suit").value, rank = f.querySelector("#lead-rank").value;
    if (suit && rank) body.lead = suit + rank;
    C.editing = null;
    submit(body);
  } });
  form.append(radios("level", t("web.cards.level"), ["1", "2", "3", "4", "5", "6", "7"].map((l) => [l, l]), level));
  form.append(radios("strain", t("web.cards.strain"), STRAINS.map((s) => [s, strainText(s), t("web.cards.strain_" + s)]), parts ? parts[2] : null));
  form.append(radios("dbl", t("web.cards.doubled"), [["", t("web.cards.undoubled")], ["X", "X", t("web.call_name.X")], ["XX", "XX", t("web.call_name.XX")]], parts ? parts[3] : ""));
  form.append(radios("declarer", t("web.cards.declarer"), SEATS.map((s) => [s, seatName(s)]), before && before.declarer ? before.declarer : null));
  const made = before && parts ? String(before.tricks - Number(level) - 6) : null;
  // made exactly first, then the overtricks, then the undertricks (the server refuses tricks
  // that do not exist: fewer than none, more than thirteen)
  const results = [["0", "="]];
  for (let k = 1; k <= 6; k++) results.push([String(k), "+" + k]);
  for (let k = -1; k >= -13; k--) results.push([String(k), String(k)]);
  const resultBox = radios("result", t("web.cards.result"), results, made);
  form.append(resultBox);
  const leadBefore = before && before.lead ? before.lead : "";
  const suit = el("select", { id: "lead-suit", onchange: touched }, el("option", { value: "" }, t("web.cards.no_lead")), ...SUITS.map((s) => el("option", { value: s }, SYMBOL[s] + " " + t("web.suit_name." + s))));
  suit.value = leadBefore ? leadBefore[0] : "";
  const rank = el("select", { id: "lead-rank", onchange: touched }, el("option", { value: "" }, "–"), ..."AKQJT98765432".split("").map((r) => el("option", { value: r }, rankText(r))));
  rank.value = leadBefore ? leadBefore.slice(1) : "";
  form.append(el("fieldset", { class: "lead", id: "f-lead" }, el("legend", null, t("web.cards.lead")),
    el("div", { class: "form-row" }, el("label", { for: "lead-suit" }, t("web.cards.lead_suit")), suit),
    el("div", { class: "form-row" }, el("label", { for: "lead-rank" }, t("web.cards.lead_rank")), rank)));
  form.append(el("div", { class: "cards-actions" },
    el("button", { type: "submit", class: "primary big", id: "entry-send" }, t("web.cards.enter")),
    el("button", { type: "button", id: "entry-pass", onclick: () => { C.editing = null; submit({ round: round.round, board, contract: "pass" }); } }, t("web.cards.passed_out")),
    el("button", { type: "button", id: "entry-not-played", onclick: () => { C.editing = null; submit({ round: round.round, board, not_played: true }); } }, t("web.cards.not_played"))));
  return form;
}
