// The lobby (create a table, join or watch one) and a player's history.

import { el } from "./dom.js";
import { t, lang, seatName, SEATS } from "./i18n.js";
import { api, tokens, saveToken } from "./net.js";

export function slotLabel(game, i) {
  return game.players === 3 ? t("web.lobby.player", { n: i + 1 }) : seatName(SEATS[i]);
}

// `page`: { games, go(path), alert(text) }.
export async function renderLobby(main, page) {
  const open = await api("/api/tables");
  const games = page.games;
  const gameSel = el("select", { id: "game", name: "game" });
  for (const g of games.games) gameSel.append(el("option", { value: g.name }, g.titles[lang] || g.titles.en));
  const scoringSel = el("select", { id: "scoring", name: "scoring" });
  const seatSel = el("select", { id: "seat", name: "seat" });
  const seatsBox = el("div", { id: "seats" });
  const name = el("input", { id: "name", name: "name", type: "text", autocomplete: "nickname", value: localStorage.getItem("bridgeroom.name") || "" });
  const priv = el("input", { id: "private", type: "checkbox" });
  // each side's bidding system (the games with a partnership auction)
  const systemSel = (id) => el("select", { id, name: id },
    ...(games.systems || []).map((s) => el("option", { value: s.name }, s.titles[lang] || s.titles.en)));
  const nsSystem = systemSel("ns-system");
  const ewSystem = systemSel("ew-system");
  nsSystem.value = ewSystem.value = "standard";
  const systemsBox = el("div", { id: "systems" },
    el("div", { class: "form-row" }, el("label", { for: "ns-system" }, t("web.system.ns")), nsSystem),
    el("div", { class: "form-row" }, el("label", { for: "ew-system" }, t("web.system.ew")), ewSystem));

  function refreshGame() {
    const game = games.games.find((g) => g.name === gameSel.value);
    scoringSel.replaceChildren(...game.scorings.map((s) => el("option", { value: s }, t("web.scoring." + s))));
    const keep = seatSel.value;
    seatSel.replaceChildren(...Array.from({ length: game.players }, (_, i) => el("option", { value: i }, slotLabel(game, i))));
    seatSel.value = keep && Number(keep) < game.players ? keep : (game.players === 4 ? "2" : "0");
    systemsBox.hidden = !game.partnership;
    refreshSeats();
  }
  function refreshSeats() {
    const game = games.games.find((g) => g.name === gameSel.value);
    seatsBox.replaceChildren();
    for (let i = 0; i < game.players; i++) {
      if (String(i) === seatSel.value) continue;
      const sel = el("select", { id: "seat-" + i, "data-slot": i });
      sel.append(el("option", { value: "" }, t("web.create.person")));
      for (const level of games.robot_levels) sel.append(el("option", { value: level }, t("web.create.robot", { level: t("web.level." + level) })));
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
    systemsBox,
    el("div", { class: "form-row" }, el("label", { for: "name" }, t("web.create.name")), name),
    el("div", { class: "form-row" }, el("label", { for: "seat" }, t("web.create.seat")), seatSel),
    el("fieldset", { class: "seats" }, el("legend", null, t("web.create.others")), seatsBox),
    el("div", { class: "form-row inline" }, priv, el("label", { for: "private" }, t("web.create.private"))),
    el("button", { type: "submit", class: "primary", id: "create" }, t("web.create.submit")));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const who = name.value.trim();
    if (!who) { page.alert(t("web.create.need_name")); name.focus(); return; }
    localStorage.setItem("bridgeroom.name", who);
    const robots = {};
    for (const sel of seatsBox.querySelectorAll("select")) if (sel.value) robots[sel.dataset.slot] = sel.value;
    const game = games.games.find((g) => g.name === gameSel.value);
    const systems = game.partnership ? [nsSystem.value, ewSystem.value] : null;
    try {
      const out = await api("/api/tables", {
        game: gameSel.value, scoring: scoringSel.value, private: priv.checked, robots, name: who, slot: Number(seatSel.value),
        systems,
      });
      saveToken(out.code, { token: out.token, slot: out.slot, name: who, game: gameSel.value, host_token: out.host_token });
      page.go("/table/" + out.code);
    } catch (e) { page.alert(e.message); }
  });
  refreshGame();

  const list = el("ul", { class: "plain", id: "open-tables" });
  for (const tb of open) {
    const game = games.games.find((g) => g.name === tb.game) || { players: tb.slots.length };
    const item = el("li", null, el("strong", null, tb.titles[lang] || tb.titles.en), " ",
      el("span", { class: "muted" }, t("web.scoring." + tb.scoring), tb.deal ? " · " + t("web.lobby.deal", { n: tb.deal }) : ""));
    // who sits where, and each free seat with its button to sit there
    const seats = el("ul", { class: "plain lobby-seats", "aria-label": t("web.lobby.seats") });
    for (const s of tb.slots) {
      const where = slotLabel(game, s.slot);
      if (s.kind === "open") {
        seats.append(el("li", { class: "free" }, el("span", null, t("web.lobby.seat_open", { seat: where })),
          el("button", { type: "button", onclick: () => joinTable(tb.code, s.slot, page) }, t("web.lobby.join", { seat: where }))));
      } else {
        const who = s.kind === "robot" ? t("web.create.robot", { level: t("web.level." + s.level) }) : s.name;
        seats.append(el("li", null, t("web.lobby.seat_taken", { seat: where, name: who })));
      }
    }
    item.append(seats);
    item.append(el("a", { href: "/table/" + tb.code, onclick: (ev) => { ev.preventDefault(); page.go("/table/" + tb.code); } }, t("web.lobby.watch")));
    list.append(item);
  }
  if (!open.length) list.append(el("li", { class: "muted" }, t("web.lobby.none")));
  const mine = el("ul", { class: "plain", id: "my-tables" });
  for (const [code, info] of Object.entries(tokens())) {
    mine.append(el("li", null, el("a", { href: "/table/" + code, onclick: (ev) => { ev.preventDefault(); page.go("/table/" + code); } }, code), " ", el("span", { class: "muted" }, info.name || "")));
  }
  if (!mine.childNodes.length) mine.append(el("li", { class: "muted" }, t("web.lobby.no_tables_yet")));
  main.replaceChildren(el("h1", null, t("web.lobby.heading")), el("div", { class: "grid2" }, form,
    el("div", null,
      el("section", { class: "panel", "aria-labelledby": "open-h" }, el("h2", { id: "open-h" }, t("web.lobby.open_tables")), list),
      el("section", { class: "panel", "aria-labelledby": "mine-h" }, el("h2", { id: "mine-h" }, t("web.lobby.my_tables")), mine))));
}

export async function joinTable(code, slot, page) {
  let who = (document.getElementById("name") || {}).value || localStorage.getItem("bridgeroom.name") || "";
  who = who.trim();
  if (!who) { page.alert(t("web.create.need_name")); const n = document.getElementById("name"); if (n) n.focus(); return; }
  localStorage.setItem("bridgeroom.name", who);
  try {
    const out = await api("/api/tables/" + code + "/join", { slot, name: who });
    saveToken(code, { token: out.token, slot: out.slot, name: who });
    page.go("/table/" + code);
  } catch (e) { page.alert(e.message); }
}

export async function renderHistory(main, page) {
  const input = el("input", { id: "history-name", type: "text", value: localStorage.getItem("bridgeroom.name") || "" });
  const list = el("ul", { class: "plain", id: "history-list" });
  const form = el("form", { class: "panel", "aria-labelledby": "history-h" },
    el("h2", { id: "history-h" }, t("web.history.heading")),
    el("div", { class: "form-row inline" }, el("label", { for: "history-name" }, t("web.history.name")), input,
      el("button", { type: "submit", class: "primary" }, t("web.history.search"))), list);
  async function show() {
    list.replaceChildren();
    const who = input.value.trim();
    if (!who) return;
    let rows;
    try { rows = await api("/api/players/" + encodeURIComponent(who) + "/tables"); } catch (e) { page.alert(e.message); return; }
    for (const r of rows) {
      list.append(el("li", null,
        el("a", { href: "/table/" + r.code, onclick: (ev) => { ev.preventDefault(); page.go("/table/" + r.code); } }, r.code), " ",
        el("span", null, t("web.scoring." + r.scoring)), " ",
        el("span", { class: "muted" }, t("web.history.status_" + r.status), " · ", t("web.history.deals", { n: r.finished_deals }), " · ", r.players.filter(Boolean).join(", ")),
        r.finished_deals ? el("a", { href: "/api/tables/" + r.code + "/pbn", download: "" }, t("web.table.download")) : null));
    }
    if (!rows.length) list.append(el("li", { class: "muted" }, t("web.history.none")));
  }
  form.addEventListener("submit", (ev) => { ev.preventDefault(); show(); });
  main.replaceChildren(el("h1", null, t("web.history.title")), form);
  show();
}
