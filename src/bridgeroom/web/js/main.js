// bridgeroom's page: plain ES modules, no build step.
//
// Pages: "/" (create and join tables), "/table/CODE" (play or watch), "/history". The server is
// authoritative: the page shows what the server sends for this seat and sends requests; the
// seat's token (kept in localStorage) is the only key that acts for a seat. The page's messages
// and the games come inside the HTML (#boot), in the language the server chose for it.

import { el, morph, focusMark, restoreFocus, setRoving } from "./dom.js";
import { t, lang, setMessages } from "./i18n.js";
import { api, tokens, forgetToken, TableSocket } from "./net.js";
import { Announcer, changes } from "./announce.js";
import { feltNode } from "./felt.js";
import { actionsPanel, requestBanner } from "./actions.js";
import {
  infoPanel, announcementsPanel, auctionPanel, irregularitiesPanel, lastTrickPanel, scorePanel,
  resultPanel, resultSentence,
} from "./panels.js";
import { reviewPanel, loadReview } from "./review.js";
import { renderLobby, renderHistory, joinTable } from "./lobby.js";
import { sessionPath, renderSessionPage, stopSession, sessionNotice } from "./session.js";
import { cardsTablePath, renderCardsTable, stopCards } from "./cards.js";

const boot = JSON.parse(document.getElementById("boot").textContent);
setMessages(boot.lang, boot.messages);
const announcer = new Announcer(document.getElementById("log"));

const page = {
  games: boot.games,
  go(path) { history.pushState(null, "", path); route(); },
  alert: alertMessage,
};

function alertMessage(text) {
  const box = document.getElementById("alert");
  box.textContent = text;
  clearTimeout(alertMessage.timer);
  alertMessage.timer = setTimeout(() => { box.textContent = ""; }, 8000);
}

function status(text) { document.getElementById("status").textContent = text; }

// --- the table page ---------------------------------------------------------------------------

const T = {
  code: null, socket: null, current: null, online: false, gone: null, lastError: null,
  showLast: false, hint: null, review: { open: false, data: null, number: null },
  requestId: 0, typedId: null,
};

function tableCode() {
  const m = /^\/table\/([^/]+)/.exec(location.pathname);
  return m ? decodeURIComponent(m[1]) : null;
}

function send(message) {
  if (!T.socket || !T.socket.ready) { alertMessage(t("web.table.offline_controls")); return null; }
  message.id = ++T.requestId;
  T.socket.send(message);
  return message.id;
}

function act(action) {
  T.hint = null;
  send({ type: "action", action });
}

function typed(ev) {
  ev.preventDefault();
  const input = document.getElementById("typed");
  const value = input.value.trim();
  if (!value) return;
  T.hint = null;
  T.typedId = send({ type: "action", action: value });
}

function claim(select) {
  if (select.value === "") {
    alertMessage(t("web.table.claim_choose_first"));
    select.focus();
    return;
  }
  send({ type: "claim", tricks: Number(select.value) });
}

function toggleReview() {
  const deal = T.current && T.current.deal;
  if (!deal) return;
  T.review.open = !T.review.open;
  if (T.review.open && (T.review.number !== deal.number || (T.review.data && T.review.data.error))) fetchReview(deal.number);
  render();
}

function fetchReview(number) {
  T.review = { open: true, data: null, number };
  loadReview(T.code, number).then((data) => {
    if (T.review.number !== number) return;
    T.review.data = data;
    announcer.say([t("web.review.ready")]);
    render();
  }).catch((e) => {
    if (T.review.number !== number) return;
    T.review.data = { error: e.message };
    render();
  });
}

function openSeatsPanel(table) {
  const box = el("section", { class: "panel", id: "open-seats", "aria-labelledby": "open-seats-h", "data-key": "open-seats" },
    el("h2", { id: "open-seats-h" }, t("web.table.waiting_players")));
  if (table.you === null) {
    for (const s of table.slots) {
      if (s.kind !== "open") continue;
      const label = table.players === 3 ? t("web.lobby.player", { n: s.slot + 1 }) : t("seat." + ["N", "E", "S", "W"][s.slot]);
      box.append(el("button", { type: "button", onclick: () => joinTable(table.code, s.slot, page) }, t("web.lobby.join", { seat: label })), " ");
    }
    box.append(el("div", { class: "form-row inline" }, el("label", { for: "name" }, t("web.create.name")),
      el("input", { id: "name", type: "text", autocomplete: "nickname", value: localStorage.getItem("bridgeroom.name") || "" })));
  } else {
    box.append(el("button", { type: "button", id: "fill", onclick: () => send({ type: "fill", level: "basic" }) }, t("web.table.fill")));
  }
  return box;
}

// The host (who created the table in this browser) may delete it: every seat is told and the
// table leaves the lobby. The browser asks first.
function hostPanel(table) {
  const info = tokens()[table.code];
  if (!info || !info.host_token) return null;
  const remove = async () => {
    if (!window.confirm(t("web.host.confirm"))) return;
    try {
      await api("/api/tables/" + encodeURIComponent(table.code), undefined, "DELETE", info.host_token);
      forgetToken(table.code);
      if (T.socket) T.socket.close();
      page.go("/");
      page.alert(t("web.host.deleted"));
    } catch (e) { page.alert(e.message); }
  };
  return el("section", { class: "panel", id: "host", "aria-labelledby": "host-h", "data-key": "host" },
    el("h2", { id: "host-h" }, t("web.host.heading")),
    el("button", { type: "button", id: "delete-table", onclick: remove }, t("web.host.delete")));
}

function goneTree() {
  return el("div", { id: "table-page", class: "gone" },
    el("h1", null, t("web.gone.heading")),
    el("p", { id: "gone-text" }, T.gone.text || t("web.gone.text", { code: T.code })),
    el("p", null, el("a", { href: "/", class: "button-link primary", onclick: (ev) => { ev.preventDefault(); page.go("/"); } }, t("web.gone.lobby"))));
}

// Where a session's table stands (the server's `session`: paused by the director, ended), and
// the way to the session's page and its results; `null` at a table of its own.
function sessionState(msg) {
  const s = msg && msg.session;
  if (!s) return null;
  const over = Boolean(msg.table && msg.table.over);
  const key = s.ended && !over ? "table_ended" : s.paused && !over ? "table_paused" : over ? "table_done" : null;
  return { code: s.code, stopped: Boolean(s.ended || s.paused || over), key };
}

function sessionBanner(state) {
  const href = "/session/" + encodeURIComponent(state.code);
  const go = (ev) => { ev.preventDefault(); page.go(href); };
  const box = el("div", { class: "banner", id: "session-banner", role: "status", "data-key": "session-banner" });
  if (state.key) box.append(el("p", { id: "session-word" }, t("web.session." + state.key)));
  const ended = state.key === "table_ended" || state.key === "table_done";
  box.append(el("p", null, el("a", { href, id: "to-session", class: ended ? "button-link primary" : "", onclick: go },
    t(ended ? "web.session.to_results" : "web.session.to_session"))));
  return box;
}

function tableTree() {
  if (T.gone) return goneTree();
  const root = el("div", { id: "table-page" });
  if (!T.current) {
    root.append(el("h1", { class: "sr-only" }, t("web.title")), el("p", { role: "status", id: "loading" }, t("web.loading")));
    return root;
  }
  const { table, deal, score, request } = T.current;
  const inSession = sessionState(T.current);
  // a paused or ended session table takes no action: its cards and controls are not offered
  const live = T.online && !(inSession && inSession.stopped);
  const title = table.titles[lang] || table.titles.en;
  root.append(el("h1", { class: "sr-only", id: "page-h" }, t("web.table.heading", { title, code: table.code })));
  const play = el("div", { class: "play-col", "data-key": "play" });
  const side = el("div", { class: "side-col", "data-key": "side" });
  // a session's table: its word and the way to the session above the felt (it never moves the
  // cards under a click: the link is always there, the word only while nothing is to play)
  if (inSession) play.append(sessionBanner(inSession));
  play.append(feltNode(table, deal, { online: live, play: act }));
  if (!T.online) play.append(el("div", { class: "banner offline", role: "status", id: "offline", "data-key": "offline" }, t("web.table.offline")));
  if (!table.full) play.append(openSeatsPanel(table));
  if (table.you === null) play.append(el("p", { class: "muted spectator", "data-key": "spectator" }, t("web.table.spectator")));
  if (request) play.append(requestBanner(table, request, send));
  if (T.current.notice && T.current.notice.kind === "claim_refused") {
    play.append(el("div", { class: "banner", role: "status", "data-key": "notice" }, t("web.request.claim_refused")));
  }
  if (deal && deal.phase === "done") {
    const next = deal.seat && !table.over && table.full && live ? () => send({ type: "next" }) : null;
    play.append(resultPanel(T.current, { next, review: toggleReview, reviewShown: T.review.open }));
    if (T.review.open) play.append(reviewPanel(T.review.data));
  }
  if (deal && deal.phase !== "done" && !(inSession && inSession.stopped)) {
    play.append(actionsPanel(table, deal, { act, send, typed, claim, online: T.online, hint: T.hint, redraw: () => render() }));
  }
  side.append(infoPanel(table, T.current.session));
  if (deal) {
    if (deal.extra && deal.extra.announcements !== undefined) side.append(announcementsPanel(deal));
    if (deal.calls.length || deal.phase === "auction") side.append(auctionPanel(deal, table));
    if (table.players === 3 && deal.extra && deal.phase === "auction") side.append(irregularitiesPanel(deal));
    if (deal.last_trick) side.append(lastTrickPanel(deal, T.showLast, () => { T.showLast = !T.showLast; render(); }));
  }
  side.append(scorePanel(table, deal, score));
  const host = hostPanel(table);
  if (host) side.append(host);
  root.append(el("div", { class: "table-layout" + (deal ? " phase-" + deal.phase : ""), "data-key": "layout" }, play, side));
  return root;
}

// The hand the player must play from now: when it becomes his turn, the focus goes to it if it
// was in the other hand (or nowhere), so that a keyboard player never hunts for it.
function steerFocus(before) {
  const deal = T.current && T.current.deal;
  if (!deal || deal.phase !== "play" || deal.to_act !== deal.seat || !T.online) return;
  const wasMine = before && before.deal && before.deal.to_act === before.deal.seat && before.deal.turn === deal.turn;
  if (wasMine) return;
  const group = document.querySelector(`[data-focus-group="hand-${deal.turn}"]`);
  if (!group) return;
  const active = document.activeElement;
  const lost = !active || active === document.body || active.id === "main";
  const inOtherHand = active && active.closest && active.closest("[data-focus-group^='hand-']") && !group.contains(active);
  if (!lost && !inOtherHand) return;
  const item = group.querySelector("[data-item][tabindex='0']") || group.querySelector("[data-item]");
  if (item) { setRoving(group, item); item.focus(); }
}

function render(before) {
  const main = document.getElementById("main");
  const mark = focusMark();
  const tree = tableTree();
  const old = main.firstElementChild;
  if (old && old.id === "table-page" && !old.classList.contains("gone") && !tree.classList.contains("gone") && main.childElementCount === 1) morph(old, tree);
  else main.replaceChildren(tree);
  restoreFocus(mark, main);
  steerFocus(before);
  // the second skip link goes to what the player does now: type, or read the result
  const skip = document.getElementById("skip-actions");
  const target = document.getElementById("typed") || document.getElementById("deal-result");
  skip.hidden = !target;
  if (target) skip.setAttribute("href", "#" + target.id);
}

function onMessage(msg) {
  if (msg.type === "state") {
    const before = T.current;
    T.current = msg;
    const deal = msg.deal;
    if (deal && T.review.number !== null && T.review.number !== deal.number) T.review = { open: false, data: null, number: null };
    if (before && before.deal && deal && before.deal.number !== deal.number) T.hint = null;
    announcer.say(changes(before, msg, resultSentence), deal ? deal.number : undefined);
    // a pause, its end, the session's end: said once, when it changes
    const was = sessionState(before), now = sessionState(msg);
    if (now && now.key && (!was || was.key !== now.key)) announcer.say([t("web.session." + now.key)]);
    if (T.typedId !== null && msg.id === T.typedId) {
      const input = document.getElementById("typed");
      if (input) input.value = "";
      T.typedId = null;
    }
    render(before);
  } else if (msg.type === "error") {
    const text = (msg.texts && msg.texts[lang]) || msg.message;
    T.lastError = text;
    if (!T.current && !T.socket.ready) { T.gone = { text }; render(); return; }
    if (!T.current) T.gone = { text };
    alertMessage(t("web.table.error", { reason: text }));
    if (T.typedId !== null && msg.id === T.typedId) {
      // the refused text stays, selected, so that typing replaces it
      const input = document.getElementById("typed");
      if (input) { input.focus(); input.select(); }
      T.typedId = null;
    }
    if (!T.current) render();
  } else if (msg.type === "hint") {
    T.hint = msg;
    announcer.say([t("web.table.hint_says", { action: msg.action, reason: (msg.why && msg.why[lang]) || msg.reason })]);
    render();
  } else if (msg.type === "moved") {
    // a session's person moves on (or a robot took his place): a plain word, then his session
    sessionNotice((msg.texts && msg.texts[lang]) || msg.message);
    if (T.socket) T.socket.close();
    page.go("/session/" + encodeURIComponent(msg.session));
  } else if (msg.type === "status") {
    const text = (msg.texts && msg.texts[lang]) || msg.message;
    status(text);
    alertMessage(text);
  }
}

function openTable(code) {
  if (T.socket) T.socket.close();
  Object.assign(T, { code, current: null, online: false, gone: null, lastError: null, showLast: false, hint: null, review: { open: false, data: null, number: null }, typedId: null });
  announcer.clear();
  render();
  T.socket = new TableSocket(code, {
    message: onMessage,
    online: () => {
      if (!T.online) status(t("web.connected"));
      T.online = true;
    },
    offline: (wait) => {
      T.online = false;
      status(t("web.disconnected", { n: wait }));
      render();
    },
    gone: (closed) => {
      // a session's table: the person's pair moved on (or a robot took the place)
      const seat = tokens()[code];
      if (seat && seat.session) { page.go("/session/" + seat.session); return; }
      // 4410: the host deleted the table; the server said so in its last error
      const said = closed === 4410 ? T.lastError : null;
      T.gone = T.gone || { text: said || t("web.gone.text", { code }) };
      status("");
      render();
    },
  });
}

// --- language ------------------------------------------------------------------------------------

async function applyLanguage(code) {
  const messages = await api("/api/messages/" + code);
  setMessages(code, messages);
  localStorage.setItem("bridgeroom.lang", code);
  document.cookie = "bridgeroom_lang=" + code + "; path=/; max-age=31536000; SameSite=Lax";
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.getAttribute("data-t"));
  for (const node of document.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", t(node.getAttribute("data-t-label")));
  for (const b of document.querySelectorAll("[data-lang]")) b.setAttribute("aria-pressed", String(b.dataset.lang === code));
  document.title = t("web.title");
}

async function switchLanguage(code) {
  await applyLanguage(code);
  if (tableCode()) {
    if (T.review.open && T.current && T.current.deal) fetchReview(T.current.deal.number);
    render();
  } else await route();
  // the page says which language it is in once all of it is in that language
  document.documentElement.lang = code;
}

// --- routing -------------------------------------------------------------------------------------

async function route() {
  stopSession();
  stopCards();
  const code = tableCode();
  const main = document.getElementById("main");
  if (code) {
    openTable(code);
    return;
  }
  document.getElementById("skip-actions").hidden = true;
  if (T.socket) { T.socket.close(); T.socket = null; }
  T.code = null;
  announcer.clear();
  try {
    const session = sessionPath();
    const cardsTable = cardsTablePath();
    if (cardsTable) await renderCardsTable(main, page, cardsTable, status);
    else if (session) await renderSessionPage(main, page, session, status);
    else if (location.pathname === "/history") await renderHistory(main, page);
    else await renderLobby(main, page);
  } catch (e) { alertMessage(e.message); }
}

for (const b of document.querySelectorAll("[data-lang]")) b.addEventListener("click", () => switchLanguage(b.dataset.lang));
// a skip link puts the focus on its target (the typing field, the table, the result)
for (const a of document.querySelectorAll("a.skip")) {
  a.addEventListener("click", (ev) => {
    const target = document.getElementById(a.getAttribute("href").slice(1));
    if (!target) return;
    ev.preventDefault();
    target.focus();
  });
}
for (const a of document.querySelectorAll("header a")) {
  a.addEventListener("click", (ev) => { ev.preventDefault(); page.go(a.getAttribute("href")); });
}
window.addEventListener("popstate", route);
(async () => {
  const saved = localStorage.getItem("bridgeroom.lang");
  if (saved && saved !== boot.lang && boot.languages.includes(saved)) {
    await applyLanguage(saved);
    document.documentElement.lang = saved;
  }
  await route();
})();
