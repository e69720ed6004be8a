/* bridgeroom: the page of the web server. Plain JavaScript, no build step.
 *
 * Pages: "/" (create and join tables), "/table/CODE" (play or watch), "/history".
 * The server is authoritative: this page only shows what the server sends for
 * this seat and sends requests; the seat token (kept in localStorage) is the
 * only key that acts for a seat.
 */
"use strict";

const SEATS = ["N", "E", "S", "W"];
const SUITS = ["S", "H", "D", "C"];
const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣", NT: "NT" };
const STRAINS = ["C", "D", "H", "S", "NT"];
const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];

let M = {};                 // the messages of the current language
let lang = localStorage.getItem("bridgeroom.lang") || ((navigator.language || "en").startsWith("ru") ? "ru" : "en");
let gamesInfo = null;
let current = null;         // the last state message of the table page
let socket = null;
let showLast = false;
let lastHint = null;
let requestId = 0;

// --- small helpers ----------------------------------------------------------

function t(key, params) {
  let text = M[key];
  if (text === undefined) text = key;
  if (params) for (const [k, v] of Object.entries(params)) text = text.split("{" + k + "}").join(String(v));
  return text;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : v);
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function tokens() {
  try { return JSON.parse(localStorage.getItem("bridgeroom.tokens") || "{}"); } catch (e) { return {}; }
}
function saveToken(code, info) {
  const all = tokens();
  all[code] = info;
  localStorage.setItem("bridgeroom.tokens", JSON.stringify(all));
}

async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.detail || res.statusText);
  return data;
}

function alertMessage(text) {
  const box = document.getElementById("alert");
  box.textContent = text;
  clearTimeout(alertMessage.timer);
  alertMessage.timer = setTimeout(() => { box.textContent = ""; }, 6000);
}
function status(text) { document.getElementById("status").textContent = text; }

// --- cards, calls, seats in the current language ------------------------------

function rankText(r) { return M["rank." + r] || (r === "T" ? "10" : r); }
function isRed(suit) { return suit === "H" || suit === "D"; }
function cardText(card) { return SYMBOL[card[0]] + rankText(card.slice(1)); }
function cardName(card) { return t("web.rank_name." + card.slice(1)) + " " + t("web.suit_name." + card[0]); }
function strainText(s) { return s === "NT" ? (M["call.notrump"] || "NT") : SYMBOL[s]; }
function callText(call) {
  if (call === "P") return M["call.pass"] || "Pass";
  if (call === "X") return M["call.double"] || "X";
  if (call === "XX") return M["call.redouble"] || "XX";
  const m = /^([1-7])(NT|[CDHS])$/.exec(call);
  return m ? m[1] + strainText(m[2]) : call;
}
function contractText(c) {
  if (!c) return "";
  const m = /^([1-7])(NT|[CDHS])(X{0,2})([NESW])?$/.exec(c);
  if (!m) return c;
  const base = m[1] + strainText(m[2]) + m[3];
  return m[4] ? base + " — " + seatName(m[4]) : base;
}
function seatName(s) { return M["seat." + s] || s; }
function seatLetter(s) { return M["seat_letter." + s] || s; }
function actionText(a) {
  if (/^[SHDC]([AKQJT2-9])$/.test(a)) return cardText(a);
  if (/^(P|X|XX|[1-7](NT|[CDHS]))$/.test(a)) return callText(a);
  return M["web.action." + a] || a;
}
function cardNode(card, opts) {
  const o = opts || {};
  const attrs = { class: "card" + (isRed(card[0]) ? " red" : ""), "aria-label": cardName(card), "data-card": card };
  const inner = [el("span", { class: "r" }, rankText(card.slice(1))), el("span", { class: "s", "aria-hidden": "true" }, SYMBOL[card[0]])];
  if (o.onclick) {
    attrs.type = "button";
    attrs.onclick = o.onclick;
    attrs.disabled = o.disabled;
    attrs["aria-label"] = t("web.table.play_card", { card: cardName(card) });
    return el("button", attrs, inner);
  }
  attrs.role = "img";
  return el("span", attrs, inner);
}
function backNode() { return el("span", { class: "card back", "aria-hidden": "true" }); }

// --- language -----------------------------------------------------------------------

async function loadLanguage(code) {
  lang = code;
  localStorage.setItem("bridgeroom.lang", code);
  M = await api("/api/messages/" + code);
  document.title = t("web.title");
  document.getElementById("brand").textContent = t("web.title");
  document.getElementById("nav-lobby").textContent = t("web.nav_lobby");
  document.getElementById("nav-history").textContent = t("web.nav_history");
  document.getElementById("lang-group").setAttribute("aria-label", t("web.language"));
  for (const b of document.querySelectorAll("[data-lang]")) b.setAttribute("aria-pressed", String(b.dataset.lang === code));
}

// --- the lobby ----------------------------------------------------------------------------

function slotLabel(game, i) {
  return game.players === 3 ? t("web.lobby.player", { n: i + 1 }) : seatName(SEATS[i]);
}

async function renderLobby() {
  const main = document.getElementById("main");
  if (!gamesInfo) gamesInfo = await api("/api/games");
  const open = await api("/api/tables");
  main.replaceChildren();
  const gameSel = el("select", { id: "game", name: "game" });
  for (const g of gamesInfo.games) gameSel.append(el("option", { value: g.name }, g.titles[lang] || g.titles.en));
  const scoringSel = el("select", { id: "scoring", name: "scoring" });
  const seatSel = el("select", { id: "seat", name: "seat" });
  const seatsBox = el("div", { id: "seats" });
  const name = el("input", { id: "name", name: "name", type: "text", autocomplete: "nickname", value: localStorage.getItem("bridgeroom.name") || "" });
  const priv = el("input", { id: "private", type: "checkbox" });

  function refreshGame() {
    const game = gamesInfo.games.find((g) => g.name === gameSel.value);
    scoringSel.replaceChildren(...game.scorings.map((s) => el("option", { value: s }, t("web.scoring." + s))));
    const keep = seatSel.value;
    seatSel.replaceChildren(...Array.from({ length: game.players }, (_, i) => el("option", { value: i }, slotLabel(game, i))));
    seatSel.value = keep && Number(keep) < game.players ? keep : (game.players === 4 ? "2" : "0");
    refreshSeats();
  }
  function refreshSeats() {
    const game = gamesInfo.games.find((g) => g.name === gameSel.value);
    seatsBox.replaceChildren();
    for (let i = 0; i < game.players; i++) {
      if (String(i) === seatSel.value) continue;
      const sel = el("select", { id: "seat-" + i, "data-slot": i });
      sel.append(el("option", { value: "" }, t("web.create.person")));
      for (const level of gamesInfo.robot_levels) sel.append(el("option", { value: level }, t("web.create.robot", { level: t("web.level." + level) })));
      sel.value = "basic";
      seatsBox.append(el("div", { class: "form-row inline" }, el("label", { for: "seat-" + i }, slotLabel(game, i)), sel));
    }
  }
  gameSel.addEventListener("change", refreshGame);
  seatSel.addEventListener("change", refreshSeats);

  const form = el("form", { class: "panel", id: "create-form", "aria-labelledby": "create-h" },
    el("h2", { id: "create-h" }, t("web.create.heading")),
    el("div", { class: "form-row" }, el("label", { for: "game" }, t("web.create.game")), gameSel),
    el("div", { class: "form-row" }, el("label", { for: "scoring" }, t("web.create.scoring")), scoringSel),
    el("div", { class: "form-row" }, el("label", { for: "name" }, t("web.create.name")), name),
    el("div", { class: "form-row" }, el("label", { for: "seat" }, t("web.create.seat")), seatSel),
    seatsBox,
    el("div", { class: "form-row inline" }, priv, el("label", { for: "private" }, t("web.create.private"))),
    el("button", { type: "submit", class: "primary", id: "create" }, t("web.create.submit")),
  );
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const who = name.value.trim();
    if (!who) { alertMessage(t("web.create.need_name")); name.focus(); return; }
    localStorage.setItem("bridgeroom.name", who);
    const robots = {};
    for (const sel of seatsBox.querySelectorAll("select")) if (sel.value) robots[sel.dataset.slot] = sel.value;
    try {
      const out = await api("/api/tables", {
        game: gameSel.value, scoring: scoringSel.value, private: priv.checked, robots,
        name: who, slot: Number(seatSel.value),
      });
      saveToken(out.code, { token: out.token, slot: out.slot, name: who, game: gameSel.value });
      go("/table/" + out.code);
    } catch (e) { alertMessage(e.message); }
  });
  refreshGame();

  const list = el("ul", { class: "plain", id: "open-tables" });
  for (const tb of open) {
    const game = gamesInfo.games.find((g) => g.name === tb.game) || { players: tb.slots.length };
    const item = el("li", null, el("strong", null, tb.titles[lang] || tb.titles.en), " ",
      el("span", { class: "muted" }, t("web.scoring." + tb.scoring), tb.deal ? " · " + t("web.lobby.deal", { n: tb.deal }) : ""));
    for (const s of tb.slots) {
      if (s.kind === "open") {
        item.append(el("button", { type: "button", onclick: () => joinFromLobby(tb.code, s.slot) }, t("web.lobby.join", { seat: slotLabel(game, s.slot) })));
      }
    }
    item.append(el("a", { href: "/table/" + tb.code, onclick: (ev) => { ev.preventDefault(); go("/table/" + tb.code); } }, t("web.lobby.watch")));
    list.append(item);
  }
  if (!open.length) list.append(el("li", { class: "muted" }, t("web.lobby.none")));
  const mine = el("ul", { class: "plain", id: "my-tables" });
  for (const [code, info] of Object.entries(tokens())) {
    mine.append(el("li", null, el("a", { href: "/table/" + code, onclick: (ev) => { ev.preventDefault(); go("/table/" + code); } }, code), " ", el("span", { class: "muted" }, info.name || "")));
  }
  main.append(el("div", { class: "grid2" }, form,
    el("div", null,
      el("section", { class: "panel", "aria-labelledby": "open-h" }, el("h2", { id: "open-h" }, t("web.lobby.open_tables")), list),
      el("section", { class: "panel", "aria-labelledby": "mine-h" }, el("h2", { id: "mine-h" }, t("web.lobby.my_tables")), mine))));
}

async function joinFromLobby(code, slot) {
  let who = (document.getElementById("name") || {}).value || localStorage.getItem("bridgeroom.name") || "";
  who = who.trim();
  if (!who) { alertMessage(t("web.create.need_name")); return; }
  localStorage.setItem("bridgeroom.name", who);
  try {
    const out = await api("/api/tables/" + code + "/join", { slot, name: who });
    saveToken(code, { token: out.token, slot: out.slot, name: who });
    go("/table/" + code);
  } catch (e) { alertMessage(e.message); }
}

// --- history ---------------------------------------------------------------------------------

async function renderHistory() {
  const main = document.getElementById("main");
  const input = el("input", { id: "history-name", type: "text", value: localStorage.getItem("bridgeroom.name") || "" });
  const list = el("ul", { class: "plain", id: "history-list" });
  const form = el("form", { class: "panel" },
    el("h2", null, t("web.history.heading")),
    el("div", { class: "form-row inline" }, el("label", { for: "history-name" }, t("web.history.name")), input,
      el("button", { type: "submit", class: "primary" }, t("web.history.search"))), list);
  async function show() {
    list.replaceChildren();
    const who = input.value.trim();
    if (!who) return;
    const rows = await api("/api/players/" + encodeURIComponent(who) + "/tables");
    for (const r of rows) {
      list.append(el("li", null,
        el("a", { href: "/table/" + r.code }, r.code), " ",
        el("span", null, t("web.scoring." + r.scoring)), " ",
        el("span", { class: "muted" }, t("web.history.status_" + r.status), " · ", t("web.history.deals", { n: r.finished_deals }), " · ", r.players.filter(Boolean).join(", ")),
        r.finished_deals ? el("a", { href: "/api/tables/" + r.code + "/pbn", download: "" }, t("web.table.download")) : null));
    }
    if (!rows.length) list.append(el("li", { class: "muted" }, t("web.history.none")));
  }
  form.addEventListener("submit", (ev) => { ev.preventDefault(); show(); });
  main.replaceChildren(form);
  show();
}

// --- the table page ------------------------------------------------------------------------

function tableCode() { const m = /^\/table\/([^/]+)/.exec(location.pathname); return m ? decodeURIComponent(m[1]) : null; }

function connect(code) {
  if (socket) { socket.onclose = null; socket.close(); }
  const info = tokens()[code];
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  // the seat's token goes in the first message, never in the URL (which logs keep)
  socket = new WebSocket(proto + "//" + location.host + "/ws/" + encodeURIComponent(code));
  socket.onopen = () => { socket.send(JSON.stringify({ type: "hello", token: info ? info.token : null })); status(t("web.connected")); };
  socket.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") { current = msg; renderTable(); }
    else if (msg.type === "error") alertMessage(t("web.table.error") + ": " + ((msg.texts && msg.texts[lang]) || msg.message));
    else if (msg.type === "hint") { lastHint = msg; renderTable(); }
    else if (msg.type === "status") { const text = (msg.texts && msg.texts[lang]) || msg.message; status(text); alertMessage(text); }
  };
  socket.onclose = () => {
    status(t("web.disconnected"));
    setTimeout(() => { if (tableCode() === code) connect(code); }, 1500);
  };
}

function send(message) {
  if (!socket || socket.readyState !== 1) return;
  message.id = ++requestId;
  socket.send(JSON.stringify(message));
}
// a hint carries the robot's reason in every language: show the page's current one (the action
// is shown in front of it, so the reason without the action)
function hintReason(hint) { return (hint.why && hint.why[lang]) || hint.reason; }
function act(action) { lastHint = null; send({ type: "action", action }); }

function playedBy(deal) {
  const out = { N: [], E: [], S: [], W: [] };
  for (const tr of deal.tricks) for (const [s, c] of tr.cards) out[s].push(c);
  for (const [s, c] of deal.trick) out[s].push(c);
  return out;
}

function slotName(table, slot) {
  if (slot === null || slot === undefined) return t("web.table.dummy");
  const s = table.slots[slot];
  if (!s) return "?";
  if (s.kind === "open") return t("web.table.open");
  if (s.kind === "robot") return t("web.create.robot", { level: t("web.level." + s.level) });
  return s.name;
}
function seatPlayerName(table, deal, seat) {
  const slot = deal ? deal.seats[seat] : (table.players === 4 ? SEATS.indexOf(seat) : null);
  return slotName(table, slot);
}

function positions(mySeat) {
  const bottom = mySeat || "S";
  const i = SEATS.indexOf(bottom);
  return { bottom, left: SEATS[(i + 1) % 4], top: SEATS[(i + 2) % 4], right: SEATS[(i + 3) % 4] };
}

function renderTable() {
  const main = document.getElementById("main");
  if (!current) { main.replaceChildren(el("p", null, t("web.loading"))); return; }
  const { table, deal, score, request } = current;
  const you = table.you;
  const mySeat = deal ? deal.seat : null;
  const pos = positions(mySeat);
  const focusKey = document.activeElement && document.activeElement.dataset ? (document.activeElement.dataset.card || document.activeElement.dataset.call || document.activeElement.id) : null;

  const felt = el("section", { class: "felt", "aria-label": t("web.title") });
  if (deal) {
    felt.append(el("div", { class: "felt-info" }, dealFacts(deal, table)));
    for (const place of ["top", "left", "right", "bottom"]) felt.append(seatNode(table, deal, pos[place], place));
    felt.append(el("div", { class: "center" }, trickNode(deal, pos)));
  } else {
    felt.append(el("div", { class: "center" }, el("p", null, t("web.table.waiting_players"))));
  }

  const side = el("aside", { class: "side" });
  const play = el("div", null);
  // seats to take, robots to fill
  if (!table.full) {
    const box = el("div", { class: "panel", id: "open-seats" }, el("p", null, t("web.table.waiting_players")));
    if (you === null) {
      for (const s of table.slots) if (s.kind === "open") {
        const label = table.players === 3 ? t("web.lobby.player", { n: s.slot + 1 }) : seatName(SEATS[s.slot]);
        box.append(el("button", { type: "button", onclick: () => joinFromLobby(table.code, s.slot) }, t("web.lobby.join", { seat: label })), " ");
      }
      if (!document.getElementById("name")) box.append(el("label", { for: "name" }, t("web.create.name")), " ", el("input", { id: "name", type: "text", value: localStorage.getItem("bridgeroom.name") || "" }));
    } else {
      box.append(el("button", { type: "button", id: "fill", onclick: () => send({ type: "fill", level: "basic" }) }, t("web.table.fill")));
    }
    play.append(box);
  }
  if (you === null) play.append(el("p", { class: "muted" }, t("web.table.spectator")));
  if (request) play.append(requestNode(table, request, deal));
  if (current.notice && current.notice.kind === "claim_refused") play.append(el("div", { class: "banner", role: "status" }, t("web.request.claim_refused")));
  if (deal) play.append(actionsNode(table, deal));

  side.append(sidePanels(table, deal, score));
  main.replaceChildren(el("div", { class: "table-layout" }, el("div", null, felt, play), side));
  if (focusKey) {
    const again = main.querySelector(`[data-card="${focusKey}"]`) || main.querySelector(`[data-call="${focusKey}"]`) || document.getElementById(focusKey);
    if (again && !again.disabled) again.focus();
    else { const first = main.querySelector("button.card:enabled, .bidding-box button:enabled"); if (first) first.focus(); }
  }
}

function dealFacts(deal, table) {
  const vul = deal.vulnerability;
  const dl = el("dl", { class: "facts" },
    el("dt", null, deal.board ? t("web.table.board_no", { n: deal.board }) : t("web.table.deal_no", { n: deal.number })), el("dd", null, ""),
    el("dt", null, t("web.table.dealer")), el("dd", null, seatName(deal.dealer)));
  if (table.players === 4) dl.append(el("dt", null, t("web.table.vulnerable")), el("dd", null, vul === "None" ? "—" : vul === "All" ? "NS EW" : vul));
  else if (deal.extra && deal.extra.vulnerable && deal.extra.vulnerable.length) {
    dl.append(el("dt", null, t("web.table.vulnerable")), el("dd", null, deal.extra.vulnerable.map((p) => slotName(table, Number(p.slice(1)) - 1)).join(", ")));
  }
  if (deal.contract) {
    dl.append(el("dt", null, t("web.table.contract")), el("dd", { id: "contract" }, contractText(deal.contract)));
    dl.append(el("dt", null, t("web.table.tricks")), el("dd", { id: "tricks" }, t("web.table.tricks_value", { d: deal.declarer_tricks, f: deal.defender_tricks })));
  }
  return dl;
}

function seatNode(table, deal, seat, place) {
  const isDummy = deal.dummy_seat === seat && (deal.phase === "play" || deal.phase === "done" || deal.phase === "naming" || table.players === 3);
  const slot = deal.seats[seat];
  const nameText = (table.players === 3 && slot === null) || (isDummy && table.players === 4 && deal.phase !== "auction" && deal.phase !== "announce")
    ? seatName(seat) + " · " + (slot === null ? t("web.table.dummy") : slotName(table, slot) + " (" + t("web.table.dummy") + ")")
    : seatName(seat) + " · " + slotName(table, slot) + (seat === deal.seat ? " (" + t("web.table.you") + ")" : "");
  const toAct = deal.turn === seat;
  const node = el("div", { class: "seat pos-" + place + (toAct ? " to-act" : ""), "data-seat": seat, "aria-label": t("web.table.hand_of", { name: nameText }) },
    el("div", { class: "label" }, nameText));
  const played = playedBy(deal)[seat].length;
  const legal = new Set(deal.legal);
  if (deal.deal && deal.phase === "done") {
    const cards = deal.deal[SEATS.indexOf(seat)];
    node.append(handNode(cards, null, place === "bottom"));
  } else if (seat === deal.seat && deal.hand) {
    const mine = deal.to_act === deal.seat && deal.turn === seat && deal.phase === "play";
    node.append(handNode(deal.hand, mine ? legal : null, true));
  } else if (seat === deal.dummy_seat && deal.dummy) {
    const mine = deal.to_act === deal.seat && deal.turn === seat && deal.phase === "play";
    node.append(handNode(deal.dummy, mine ? legal : null, place === "bottom" || place === "top"));
  } else if (seat === deal.dummy_seat && deal.extra && deal.extra.dummy_lengths) {
    node.append(dummyColumns(deal.extra.dummy_lengths));
  } else {
    const n = 13 - played;
    const backs = el("div", { class: "hidden-hand", role: "img", "aria-label": t("web.table.cards_hidden", { n }) });
    for (let i = 0; i < Math.min(n, 4); i++) backs.append(backNode());
    backs.append(el("span", null, "×" + n));
    node.append(backs);
  }
  return node;
}

function handNode(cards, legal, large) {
  const bySuit = { S: [], H: [], D: [], C: [] };
  for (const c of cards) bySuit[c[0]].push(c);
  const node = el("div", { class: "hand" + (large ? " mine" : "") });
  for (const s of SUITS) {
    if (!bySuit[s].length) continue;
    const row = el("div", { class: "suit-row", role: "group", "aria-label": t("web.suit_name." + s) });
    for (const c of bySuit[s]) {
      if (legal) row.append(cardNode(c, { onclick: () => act(c), disabled: !legal.has(c) }));
      else row.append(cardNode(c));
    }
    node.append(row);
  }
  return node;
}

function dummyColumns(lengths) {
  const node = el("div", { class: "dummy-columns", role: "img", "aria-label": t("web.table.dummy_face_down", { lengths: SUITS.map((s, i) => t("web.suit_name." + s) + " " + lengths[i]).join(", ") }) });
  SUITS.forEach((s, i) => {
    const col = el("div", { class: "col" }, el("span", { class: "suit" + (isRed(s) ? " red-text" : "") }, SYMBOL[s]));
    for (let k = 0; k < lengths[i]; k++) col.append(backNode());
    col.append(el("span", null, String(lengths[i])));
    node.append(col);
  });
  return node;
}

function trickNode(deal, pos) {
  const placeOf = {}; for (const [p, s] of Object.entries(pos)) placeOf[s] = p;
  let cards = deal.trick;
  let faded = false;
  let winner = null;
  if (!cards.length && deal.last_trick && deal.phase === "play") { cards = deal.last_trick.cards; faded = true; winner = deal.last_trick.winner; }
  const area = el("div", { class: "trick-area" + (faded ? " faded" : ""), role: "group", "aria-label": faded ? t("web.table.last_trick") : t("web.table.current_trick"), id: "trick" });
  for (const [s, c] of cards) {
    area.append(el("div", { class: "slot " + placeOf[s] + (winner === s ? " winner" : ""), "data-seat": s }, cardNode(c)));
  }
  if (faded && winner) area.append(el("div", { class: "caption" }, t("web.table.won_by", { seat: seatName(winner) })));
  if (deal.phase === "done" && deal.result) {
    const r = deal.result;
    area.append(el("div", { class: "caption", id: "deal-result" }, r.contract ? t("web.table.made", { contract: contractText(r.contract), tricks: r.tricks }) + (r.claimed ? " " + t("web.table.claimed") : "") : t("web.table.passed_out")));
  }
  return area;
}

function actionsNode(table, deal) {
  const box = el("div", { class: "panel", id: "actions" });
  const mineTurn = deal.seat && deal.to_act === deal.seat;
  if (deal.phase === "done") {
    box.append(el("p", { id: "deal-over" }, table.over ? t("web.table.match_over") : t("web.table.deal_over")));
    if (deal.seat && !table.over && table.full) box.append(el("button", { type: "button", class: "primary", id: "next", onclick: () => send({ type: "next" }) }, t("web.table.next")));
    box.append(" ", el("a", { href: "/api/tables/" + table.code + "/deals/" + deal.number + "/pbn", download: "" }, t("web.table.download_deal")));
    return box;
  }
  if (mineTurn) box.append(el("p", { class: "your-turn", id: "your-turn" }, el("strong", null, t("web.table.your_turn"))));
  else if (deal.to_act) box.append(el("p", { class: "muted" }, t("web.table.waiting_for", { name: seatPlayerName(table, deal, deal.to_act) + " (" + seatName(deal.to_act) + ")" })));

  if (deal.phase === "announce" && mineTurn) {
    for (const a of deal.legal) box.append(el("button", { type: "button", class: "primary", "data-call": a, id: "announce", onclick: () => act(a) }, t("web.table.announce", { n: a.replace(/^correct [NESW] /, "") })));
  }
  if ((deal.phase === "auction" || deal.phase === "naming") && mineTurn) {
    box.append(el("h3", null, deal.phase === "naming" ? t("web.table.name_contract") : t("web.table.bidding_box")), biddingBox(deal));
  }
  if (deal.table_actions && deal.table_actions.length) {
    const tb = el("div", { class: "controls", role: "group", "aria-label": t("web.table.table_actions") });
    for (const a of deal.table_actions) tb.append(el("button", { type: "button", "data-call": a, onclick: () => act(a) }, actionText(a)));
    box.append(el("h3", null, t("web.table.table_actions")), tb);
  }
  // typing, hint, undo, claim
  if (deal.seat) {
    const input = el("input", { type: "text", id: "typed", "aria-label": t("web.table.type_action"), placeholder: t("web.table.type_action"), autocomplete: "off" });
    const controls = el("form", { class: "controls", onsubmit: (ev) => { ev.preventDefault(); if (input.value.trim()) act(input.value.trim()); } },
      input, el("button", { type: "submit" }, t("web.table.send")));
    box.append(controls);
    const more = el("div", { class: "controls" });
    if (mineTurn) more.append(el("button", { type: "button", id: "hint", onclick: () => send({ type: "hint" }) }, t("web.table.hint")));
    more.append(el("button", { type: "button", id: "undo", onclick: () => send({ type: "undo" }) }, t("web.table.undo")));
    if (deal.phase === "play") {
      const sel = el("select", { id: "claim-tricks", "aria-label": t("web.table.claim_tricks") });
      for (let i = table.remaining; i >= 0; i--) sel.append(el("option", { value: i }, String(i)));
      more.append(sel, el("button", { type: "button", id: "claim", onclick: () => send({ type: "claim", tricks: Number(sel.value) }) }, t("web.table.claim")));
    }
    box.append(more);
    if (lastHint) box.append(el("p", { id: "hint-text", role: "status" }, t("web.table.hint_says", { action: actionText(lastHint.action), reason: hintReason(lastHint) })));
    box.append(el("p", { class: "muted" }, t("web.keys.help")));
  }
  return box;
}

function biddingBox(deal) {
  const legal = new Set(deal.legal);
  const box = el("div", { class: "bidding-box", role: "group", "aria-label": t("web.table.bidding_box") });
  for (let level = 1; level <= 7; level++) {
    for (const s of STRAINS) {
      const call = level + s;
      box.append(el("button", { type: "button", "data-call": call, disabled: !legal.has(call), class: isRed(s) ? "red-text" : "", "aria-label": level + " " + (s === "NT" ? (M["call.notrump"] || "NT") : t("web.suit_name." + s)), onclick: () => act(call) }, level + strainText(s)));
    }
  }
  if (deal.phase === "auction") {
    box.append(el("div", { class: "special" }, ...["P", "X", "XX"].map((c) => el("button", { type: "button", "data-call": c, disabled: !legal.has(c), onclick: () => act(c) }, callText(c)))));
  }
  return box;
}

function requestNode(table, request, deal) {
  const who = slotName(table, request.slot);
  const text = request.kind === "undo" ? t("web.request.undo", { name: who }) : t("web.request.claim", { name: who, tricks: request.tricks });
  const box = el("div", { class: "banner", role: "alert", id: "request" }, el("span", null, text));
  if (table.you !== null && request.waiting.includes(table.you)) {
    box.append(el("button", { type: "button", class: "primary", id: "accept", onclick: () => send({ type: "answer", accept: true }) }, t("web.request.accept")),
      el("button", { type: "button", id: "reject", onclick: () => send({ type: "answer", accept: false }) }, t("web.request.reject")));
  } else if (table.you === request.slot) {
    box.append(el("span", { class: "muted" }, t("web.request.waiting")), el("button", { type: "button", id: "withdraw", onclick: () => send({ type: "answer", accept: false }) }, t("web.request.withdraw")));
  }
  return box;
}

function sidePanels(table, deal, score) {
  const out = el("div", null);
  const link = location.origin + "/table/" + table.code;
  const linkInput = el("input", { type: "text", readonly: true, value: link, id: "table-link", "aria-label": t("web.table.link") });
  out.append(el("section", { class: "panel" },
    el("h2", null, table.titles[lang] || table.titles.en),
    el("p", { class: "muted" }, t("web.scoring." + table.scoring)),
    el("div", { class: "copyline" }, linkInput, el("button", { type: "button", onclick: () => { linkInput.select(); navigator.clipboard && navigator.clipboard.writeText(link); } }, t("web.table.copy"))),
    el("p", null, el("a", { href: "/api/tables/" + table.code + "/pbn", download: "", id: "download" }, t("web.table.download")))));
  if (deal) {
    if (deal.extra && deal.extra.announcements !== undefined) out.append(announcementsNode(deal));
    if (deal.calls.length || deal.phase === "auction") out.append(auctionNode(deal, table));
    if (table.players === 3 && deal.extra) out.append(irregularitiesNode(deal, table));
    if (deal.last_trick) {
      const sec = el("section", { class: "panel", id: "last-trick" }, el("h2", null, t("web.table.last_trick")));
      const btn = el("button", { type: "button", "aria-expanded": String(showLast), onclick: () => { showLast = !showLast; renderTable(); } }, showLast ? t("web.table.hide_last") : t("web.table.show_last"));
      sec.append(btn);
      if (showLast) {
        const lt = el("div", { class: "hand" });
        for (const [s, c] of deal.last_trick.cards) lt.append(el("span", null, seatLetter(s) + " "), cardNode(c));
        sec.append(lt, el("p", null, t("web.table.won_by", { seat: seatName(deal.last_trick.winner) })));
      }
      out.append(sec);
    }
  }
  out.append(scoreNode(table, deal, score));
  return out;
}

function announcementsNode(deal) {
  const rows = deal.extra.announcements || [];
  const tbl = el("table", { class: "auction", id: "announcements" }, el("tr", null, ...rows.map(([s]) => el("th", { scope: "col" }, seatLetter(s)))), el("tr", null, ...rows.map(([, p]) => el("td", null, String(p)))));
  const sec = el("section", { class: "panel" }, el("h2", null, t("web.table.announcements")), tbl);
  if (deal.extra.dummy_lengths && !deal.dummy) sec.append(el("p", null, t("web.table.dummy_face_down", { lengths: SUITS.map((s, i) => SYMBOL[s] + deal.extra.dummy_lengths[i]).join(" ") })));
  return sec;
}

function auctionNode(deal, table) {
  const head = el("tr", null, ...SEATS.map((s) => el("th", { scope: "col" }, seatLetter(s))));
  const rows = [];
  let row = null;
  let last = SEATS.indexOf(deal.dealer) - 1;
  // a robot's call carries what it means in the robots' system (Law 20F: the explanation a player
  // may ask for): shown on the call itself, and in words under the auction for the last such call
  const meanings = deal.meanings || [];
  let explained = null;
  deal.calls.forEach(([s, c], n) => {
    const col = SEATS.indexOf(s);
    if (!row || col <= last) { row = [null, null, null, null]; rows.push(row); }
    const meaning = meanings[n] ? meanings[n][lang] : null;
    row[col] = { text: callText(c), meaning };
    if (meaning) explained = { seat: s, call: c, meaning };
    last = col;
  });
  const cell = (c, i) => {
    const muted = SEATS[i] === deal.dummy_seat && table.players === 3;
    if (!c) return el("td", { class: muted ? "muted" : "" }, muted ? "—" : "");
    const attrs = { class: (muted ? "muted " : "") + (c.meaning ? "explained" : "") };
    if (c.meaning) attrs.title = c.meaning;
    return el("td", attrs, c.text);
  };
  const body = rows.map((r) => el("tr", null, ...r.map(cell)));
  const sec = el("section", { class: "panel" }, el("h2", null, t("web.table.auction")), el("table", { class: "auction", id: "auction" }, head, ...body));
  if (explained) sec.append(el("p", { class: "muted", id: "call-meaning" }, t("web.table.call_means", { seat: seatName(explained.seat), call: callText(explained.call), meaning: explained.meaning })));
  return sec;
}

function irregularitiesNode(deal, table) {
  const ex = deal.extra;
  const sec = el("section", { class: "panel", id: "irregularities" }, el("h2", null, t("web.table.irregularities")));
  const barred = (ex.barred || []);
  const prot = (ex.protected || []);
  if (barred.length) sec.append(el("p", null, t("web.table.barred", { seats: barred.map(seatName).join(", ") })));
  if (prot.length) sec.append(el("p", null, t("web.table.protected", { seats: prot.map(seatName).join(", ") })));
  for (const item of ex.irregularities || []) sec.append(el("p", null, t("web.table.open_irregular", { text: item })));
  if (!barred.length && !prot.length && !(ex.irregularities || []).length) sec.append(el("p", { class: "muted" }, "—"));
  return sec;
}

function columnLabel(table, deal, col) {
  if (/^P[123]$/.test(col)) {
    const slot = Number(col.slice(1)) - 1;
    const s = table.slots[slot];
    const name = slotName(table, slot);
    return s && s.kind === "person" ? name : name + " (" + t("web.lobby.player", { n: slot + 1 }) + ")";
  }
  if (col === "NS" || col === "EW") {
    const side = col === "NS" ? t("web.score.ns") : t("web.score.ew");
    if (deal && deal.seat && table.players === 4) {
      const mine = "NS".includes(deal.seat) ? "NS" : "EW";
      return (col === mine ? t("web.score.we") : t("web.score.they")) + " (" + side + ")";
    }
    return side;
  }
  return col;
}

function scoreNode(table, deal, score) {
  const sec = el("section", { class: "panel", id: "score", "aria-labelledby": "score-h" }, el("h2", { id: "score-h" }, t("web.score.heading")));
  if (!score || score.kind === "none") { sec.append(el("p", { class: "muted" }, t("web.score.none"))); return sec; }
  if (score.kind === "boards") {
    const tbl = el("table", { class: "boards" }, el("tr", null, ...[t("web.score.board"), t("web.table.contract"), t("web.table.tricks"), t("web.score.ns"), t("web.score.ew")].map((h) => el("th", { scope: "col" }, h))));
    for (const b of score.boards) tbl.append(el("tr", null, el("td", null, String(b.board)), el("td", null, b.contract ? contractText(b.contract) : t("web.table.passed_out")), el("td", null, b.contract ? String(b.tricks) : ""), el("td", null, b.ns ? String(b.ns) : ""), el("td", null, b.ew ? String(b.ew) : "")));
    tbl.append(el("tr", null, el("th", { scope: "row", colspan: "3" }, t("web.score.total")), el("td", { id: "total-NS" }, String(score.totals.NS)), el("td", { id: "total-EW" }, String(score.totals.EW))));
    sec.append(tbl);
    return sec;
  }
  const cols = score.columns;
  const tbl = el("table", { class: "sheet" });
  tbl.append(el("tr", null, ...cols.map((c) => el("th", { scope: "col" }, columnLabel(table, deal, c) + (score.vulnerable && score.vulnerable[c] ? " · " + t("web.score.vulnerable") : "")))));
  tbl.append(el("tr", null, ...cols.map((c) => el("td", { class: "above", "aria-label": columnLabel(table, deal, c) + " " + t("web.score.above") }, ...[...score.sheet[c].above].reverse().map((p) => el("div", null, String(p)))))));
  tbl.append(el("tr", { class: "line" }, ...cols.map(() => el("td", null))));
  tbl.append(el("tr", null, ...cols.map((c) => {
    const cell = el("td", { class: "below", "aria-label": columnLabel(table, deal, c) + " " + t("web.score.below") });
    score.sheet[c].below.forEach((game, i) => {
      if (i > 0) cell.append(el("div", { class: "game-line" }));
      for (const p of game) cell.append(el("div", null, String(p)));
    });
    return cell;
  })));
  tbl.append(el("tr", null, ...cols.map((c) => el("td", { id: "total-" + c }, el("strong", null, t("web.score.total") + ": " + score.sheet[c].total)))));
  if (score.games) tbl.append(el("tr", null, ...cols.map((c) => el("td", null, t("web.score.games") + ": " + score.games[c]))));
  sec.append(tbl);
  if (score.winner) sec.append(el("p", { id: "winner" }, el("strong", null, t("web.score.winner", { name: columnLabel(table, deal, score.winner) }))));
  if (score.settlement) {
    const list = el("ul", { class: "plain", id: "settlement" });
    for (const p of score.settlement) list.append(el("li", null, t("web.score.pays", { payer: columnLabel(table, deal, p.from), payee: columnLabel(table, deal, p.to), amount: p.points })));
    if (!score.settlement.length) list.append(el("li", null, t("web.score.quits")));
    sec.append(el("h3", null, t("web.score.settlement")), list);
  }
  return sec;
}

// --- routing ----------------------------------------------------------------------------------

function go(path) { history.pushState(null, "", path); route(); }

async function route() {
  const code = tableCode();
  if (code) {
    current = null;
    renderTable();
    connect(code);
  } else {
    if (socket) { socket.onclose = null; socket.close(); socket = null; }
    if (location.pathname === "/history") await renderHistory();
    else await renderLobby();
  }
}

document.addEventListener("DOMContentLoaded", async () => {
  for (const b of document.querySelectorAll("[data-lang]")) {
    b.addEventListener("click", async () => {
      await loadLanguage(b.dataset.lang);
      if (tableCode()) renderTable(); else await route();
      // the page says which language it is in once all of it is in that language
      document.documentElement.lang = lang;
    });
  }
  for (const a of document.querySelectorAll("header a")) {
    a.addEventListener("click", (ev) => { ev.preventDefault(); go(a.getAttribute("href")); });
  }
  window.addEventListener("popstate", route);
  await loadLanguage(lang);
  await route();
  document.documentElement.lang = lang;
});
