// The director's desk of a session played with real cards ("/session/CODE" with the director's
// token): every table at a glance (its round, the board it is at, the results missing or not yet
// confirmed), each table's link, the files to print and download, every result with its
// correction and removal, adjusted scores, a fouled board, late pairs, the players of each pair,
// the next round, the live ranking and the change log with who and when.

import { el, touched } from "./dom.js";
import { t, seatName, contractText, cardText, SEATS } from "./i18n.js";

// a choice the director made stays while the desk is drawn again (every 2 s)
function select(id, options, value) {
  const node = el("select", { id, name: id, onchange: touched });
  for (const [v, text] of options) node.append(el("option", { value: v }, text));
  if (value !== undefined) node.value = value;
  return node;
}

function row(id, label, control) {
  return el("div", { class: "form-row" }, el("label", { for: id }, label), control);
}

function resultText(r) {
  if (r.kind === "not_played") return t("web.cards.not_played");
  if (r.kind === "adjusted") return t("web.cards.adjusted", { score: r.score });
  if (!r.contract) return t("web.cards.passed_out");
  const over = r.tricks - Number(r.contract[0]) - 6;
  return contractText(r.contract, false) + " " + seatName(r.declarer) + " " + (over === 0 ? "=" : (over > 0 ? "+" : "") + over);
}

function when(iso) {
  const d = new Date(iso);
  return isNaN(d) ? iso : d.toLocaleTimeString(document.documentElement.lang || "en", { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

function changeText(e) {
  switch (e.kind) {
    case "score": return t("web.desk.log_score", { board: e.board, table: e.table, result: resultText(e) }) + (e.confirmed ? "" : " · " + t("web.cards.to_confirm"));
    case "confirm": return t("web.desk.log_confirm", { board: e.board, table: e.table });
    case "remove": return t("web.desk.log_remove", { board: e.board, table: e.table });
    case "adjusted": return t("web.desk.log_adjusted", { board: e.board, table: e.table, score: e.score });
    case "not_played": return t("web.desk.log_not_played", { board: e.board, table: e.table });
    case "players": return t("web.desk.log_players", { names: e.players.map((p) => p.name + (p.number ? " (" + p.number + ")" : "")).join(", ") });
    case "fouled": return e.groups.length ? t("web.desk.log_fouled", { board: e.board, groups: e.groups.map((g) => g.join(" ")).join(" / ") }) : t("web.desk.log_unfouled", { board: e.board });
    case "late": return t("web.desk.log_late", { round: e.round + 1 });
    case "round": return t("web.desk.log_round", { round: e.round + 1 });
    case "end": return t("web.desk.log_end");
    default: return e.kind;
  }
}

// `desk`: GET /desk's answer; `act(path, body)` posts with the director's token and draws again.
// A file only the director may have (the boards' hands, the tables' links) is fetched with his
// token and handed to the browser as a download.
function download(token, page) {
  return async (ev) => {
    ev.preventDefault();
    const a = ev.currentTarget;
    try {
      const res = await fetch(a.getAttribute("href"), { headers: { Authorization: "Bearer " + token } });
      if (!res.ok) { page.alert(t("web.desk.download_failed", { status: res.status })); return; }
      const url = URL.createObjectURL(await res.blob());
      const link = el("a", { href: url, download: a.getAttribute("data-file") });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    } catch (e) { page.alert(e.message); }
  };
}

export function deskPanels(desk, code, act, page, token) {
  const parts = [];
  const base = "/api/sessions/" + encodeURIComponent(code);
  parts.push(el("p", { id: "desk-round" }, t("web.cards.round_of", { round: desk.round, rounds: desk.rounds_total }),
    desk.status === "finished" ? " · " + t("web.cards.finished") : ""));
  const moves = el("div", { class: "desk-actions" });
  if (desk.status === "playing" && desk.round < desk.rounds_total) {
    moves.append(el("button", { type: "button", class: "primary", id: "desk-next-round", onclick: () => act("/next-round") }, t("web.desk.next_round", { round: desk.round + 1 })));
  }
  if (desk.status === "playing") {
    moves.append(el("button", { type: "button", id: "desk-end", onclick: () => { if (window.confirm(t("web.session.end_confirm"))) act("/end"); } }, t("web.session.end")));
  }
  parts.push(moves);

  // the tables at a glance
  const head = el("tr", null, ...["table", "pairs", "board", "missing", "unconfirmed"].map((c) => el("th", { scope: "col" }, t("web.desk.col_" + c))));
  const body = el("tbody");
  for (const tb of desk.tables) {
    body.append(el("tr", { id: "desk-glance-" + tb.table },
      el("th", { scope: "row" }, String(tb.table)),
      el("td", null, tb.ns + " – " + tb.ew),
      el("td", null, tb.sit_out ? t("web.desk.sit_out") : tb.board ? String(tb.board) : t("web.desk.done")),
      el("td", null, tb.missing.join(", ") || "–"),
      el("td", null, tb.unconfirmed.join(", ") || "–")));
  }
  parts.push(el("section", { class: "panel", id: "desk-tables", "aria-labelledby": "desk-tables-h" },
    el("h2", { id: "desk-tables-h" }, t("web.desk.tables")),
    el("table", { class: "glance", id: "desk-glance" }, el("caption", null, t("web.desk.glance", { round: desk.round })), el("thead", null, head), body)));

  // the links and the files
  const links = el("ul", { class: "plain", id: "desk-links" });
  for (const l of desk.links) {
    const id = "desk-link-" + l.table;
    links.append(el("li", null, el("label", { for: id }, t("web.desk.table_link", { table: l.table })), " ",
      el("input", { id, class: "handed-link", type: "text", readonly: true, value: location.origin + l.path, size: 40 })));
  }
  const files = el("ul", { class: "plain", id: "desk-files" },
    el("li", null, el("a", { href: base + "/tablecards.pdf", "data-file": code + "-tablecards.pdf", onclick: download(token, page), id: "desk-tablecards" }, t("web.desk.table_cards"))),
    el("li", null, t("web.desk.boards_for"), " ",
      el("a", { href: base + "/boards.pbn", "data-file": code + "-boards.pbn", onclick: download(token, page), id: "desk-boards-pbn" }, "PBN"), " · ",
      el("a", { href: base + "/boards.dup", "data-file": code + "-boards.dup", onclick: download(token, page), id: "desk-boards-dup" }, "Duplimate (.dup)"), " · ",
      el("a", { href: base + "/boards.dlm", "data-file": code + "-boards.dlm", onclick: download(token, page), id: "desk-boards-dlm" }, "Dealer4 (.dlm)")),
    el("li", null, t("web.desk.results_files"), " ",
      el("a", { href: base + "/usebio.xml", id: "desk-usebio" }, "USEBIO"), " · ",
      el("a", { href: base + "/pbn", id: "desk-results-pbn" }, "PBN"), " · ",
      el("a", { href: base + "/ranking.csv", id: "desk-csv" }, "CSV")));
  parts.push(el("section", { class: "panel", id: "desk-files-panel", "aria-labelledby": "desk-files-h" },
    el("h2", { id: "desk-files-h" }, t("web.desk.files")), el("details", null, el("summary", null, t("web.desk.links")), links), files));

  // every result, with its correction and removal
  const rhead = el("tr", null, ...["board", "table", "pairs", "result", "lead", "score", "state", "manage"].map((c) => el("th", { scope: "col" }, t(c === "board" ? "web.desk.board" : "web.desk.col_" + c))));
  const rbody = el("tbody");
  for (const r of desk.results) {
    const id = r.table + "-" + r.board;
    rbody.append(el("tr", { id: "desk-result-" + id },
      el("th", { scope: "row" }, String(r.board)), el("td", null, String(r.table)), el("td", null, r.ns + " – " + r.ew),
      el("td", null, resultText(r)), el("td", null, r.lead ? cardText(r.lead) : "–"),
      el("td", null, r.kind === "score" ? String(r.ns_score) : "–"),
      el("td", null, r.confirmed ? t("web.cards.confirmed") : t("web.cards.to_confirm")),
      el("td", null,
        el("button", { type: "button", class: "desk-correct", id: "correct-" + id, "aria-label": t("web.desk.correct", { board: r.board, table: r.table }), onclick: () => fillCorrection(r) }, t("web.desk.correct_short")), " ",
        el("button", { type: "button", class: "desk-remove", id: "remove-" + id, "aria-label": t("web.desk.remove", { board: r.board, table: r.table }), onclick: () => {
          if (window.confirm(t("web.desk.remove_confirm", { board: r.board, table: r.table }))) act("/remove", { table: r.table, board: r.board });
        } }, t("web.desk.remove_short")))));
  }
  parts.push(el("section", { class: "panel", id: "desk-results", "aria-labelledby": "desk-results-h" },
    el("h2", { id: "desk-results-h" }, t("web.desk.results")),
    desk.results.length ? el("table", { class: "traveller", id: "desk-results-table" }, el("caption", { class: "sr-only" }, t("web.desk.results")), el("thead", null, rhead), rbody)
      : el("p", { class: "muted" }, t("web.desk.no_results")),
    correctionForm(desk, act), adjustForm(desk, act), fouledForm(desk, act)));

  // pairs: late arrivals and players
  parts.push(pairsPanel(desk, act));

  // the change log
  const lhead = el("tr", null, ...["when", "who", "what"].map((c) => el("th", { scope: "col" }, t("web.desk.col_" + c))));
  const lbody = el("tbody");
  for (const e of desk.log) {
    lbody.append(el("tr", { "data-key": "log-" + e.n }, el("td", null, when(e.at)),
      el("td", null, e.by === "director" ? t("web.desk.by_director") : t("web.desk.by_table", { table: e.by.replace(/\D/g, "") })),
      el("td", null, changeText(e))));
  }
  parts.push(el("section", { class: "panel", id: "desk-log", "aria-labelledby": "desk-log-h" },
    el("h2", { id: "desk-log-h" }, t("web.desk.log")),
    el("details", { id: "desk-log-details" }, el("summary", null, t("web.desk.log_n", { n: desk.log.length })),
      el("table", { class: "traveller", id: "desk-log-table" }, el("caption", { class: "sr-only" }, t("web.desk.log")), el("thead", null, lhead), lbody))));
  return parts;
}

function fillCorrection(r) {
  const form = document.getElementById("correct-form");
  if (!form) return;
  const choose = (id, value) => {
    const node = form.querySelector(id);
    node.value = value;
    node.__touched = true;
    node.__chosen = value;
  };
  choose("#c-table", String(r.table));
  choose("#c-board", String(r.board));
  choose("#c-declarer", r.declarer || "N");
  form.querySelector("#c-contract").value = r.contract || (r.kind === "score" ? "pass" : "");
  form.querySelector("#c-tricks").value = r.kind === "score" ? String(r.tricks) : "";
  form.querySelector("#c-lead").value = r.lead || "";
  form.querySelector("#c-contract").focus();
}

function tableBoard(desk, prefix) {
  const tables = Array.from({ length: desk.movement.tables }, (_, i) => [String(i + 1), String(i + 1)]);
  const boards = Array.from({ length: desk.movement.boards }, (_, i) => [String(i + 1), String(i + 1)]);
  return [row(prefix + "-table", t("web.desk.table"), select(prefix + "-table", tables)),
    row(prefix + "-board", t("web.desk.board"), select(prefix + "-board", boards))];
}

// The round a board is played in (every table plays a round's boards: the movement's rounds).
function roundOf(desk, board) {
  const found = desk.movement.rounds.find((r) => r.boards.includes(board));
  return found ? found.round : 1;
}

function correctionForm(desk, act) {
  const form = el("form", { id: "correct-form", class: "desk-form", "aria-labelledby": "correct-h", onsubmit: (ev) => {
    ev.preventDefault();
    const f = ev.target;
    const board = Number(f.querySelector("#c-board").value);
    const body = { table: Number(f.querySelector("#c-table").value), board, round: roundOf(desk, board), contract: f.querySelector("#c-contract").value.trim() };
    if (body.contract.toLowerCase() !== "pass") {
      body.declarer = f.querySelector("#c-declarer").value;
      body.tricks = Number(f.querySelector("#c-tricks").value);
    }
    const lead = f.querySelector("#c-lead").value.trim();
    if (lead) body.lead = lead;
    act("/scores", body);
  } },
  el("h3", { id: "correct-h" }, t("web.desk.correct_heading")),
  ...tableBoard(desk, "c"),
  row("c-contract", t("web.desk.contract"), el("input", { id: "c-contract", type: "text", autocomplete: "off", placeholder: "4SX", size: 6 })),
  row("c-declarer", t("web.cards.declarer"), select("c-declarer", SEATS.map((s) => [s, seatName(s)]))),
  row("c-tricks", t("web.desk.tricks"), el("input", { id: "c-tricks", type: "number", min: 0, max: 13, inputmode: "numeric" })),
  row("c-lead", t("web.cards.lead"), el("input", { id: "c-lead", type: "text", autocomplete: "off", placeholder: "HK", size: 4 })),
  el("button", { type: "submit", id: "correct-send" }, t("web.desk.correct_send")));
  return form;
}

function adjustForm(desk, act) {
  const averages = [["A+", t("web.desk.avg_plus")], ["A", t("web.desk.avg")], ["A-", t("web.desk.avg_minus")]];
  return el("form", { id: "adjust-form", class: "desk-form", "aria-labelledby": "adjust-h", onsubmit: (ev) => {
    ev.preventDefault();
    const f = ev.target;
    const body = { table: Number(f.querySelector("#a-table").value), board: Number(f.querySelector("#a-board").value) };
    const score = f.querySelector("#a-score").value.trim();
    if (score) body.score = score;
    else { body.ns = f.querySelector("#a-ns").value; body.ew = f.querySelector("#a-ew").value; }
    act("/adjust", body);
  } },
  el("h3", { id: "adjust-h" }, t("web.desk.adjust_heading")),
  el("p", { class: "muted" }, t("web.desk.adjust_help")),
  ...tableBoard(desk, "a"),
  row("a-ns", t("web.desk.adjust_ns"), select("a-ns", averages, "A")),
  row("a-ew", t("web.desk.adjust_ew"), select("a-ew", averages, "A")),
  row("a-score", t("web.desk.adjust_score"), el("input", { id: "a-score", type: "text", autocomplete: "off", placeholder: "30% 4S N = + 70% 4S N -1", size: 28 })),
  el("button", { type: "submit", id: "adjust-send" }, t("web.desk.adjust_send")));
}

// A fouled board (Law 87): the groups of tables that played it in the same form.
function fouledForm(desk, act) {
  const boards = Array.from({ length: desk.movement.boards }, (_, i) => [String(i + 1), String(i + 1)]);
  const now = Object.entries(desk.fouled || {}).map(([b, groups]) => el("li", null, t("web.desk.fouled_now", { board: b, groups: groups.map((g) => g.join(" ")).join(" / ") })));
  return el("form", { id: "fouled-form", class: "desk-form", "aria-labelledby": "fouled-h", onsubmit: (ev) => {
    ev.preventDefault();
    const f = ev.target;
    const text = f.querySelector("#f-groups").value.trim();
    const groups = text ? text.split("/").map((g) => g.trim().split(/[\s,]+/).filter(Boolean).map(Number)) : [];
    act("/fouled", { board: Number(f.querySelector("#f-board").value), groups });
  } },
  el("h3", { id: "fouled-h" }, t("web.desk.fouled_heading")),
  el("p", { class: "muted" }, t("web.desk.fouled_help")),
  now.length ? el("ul", { class: "plain", id: "fouled-now" }, now) : null,
  row("f-board", t("web.desk.board"), select("f-board", boards)),
  row("f-groups", t("web.desk.fouled_groups"), el("input", { id: "f-groups", type: "text", autocomplete: "off", placeholder: "1 2 / 3", size: 12 })),
  el("button", { type: "submit", id: "fouled-send" }, t("web.desk.fouled_send")));
}

function pairsPanel(desk, act) {
  const box = el("section", { class: "panel", id: "desk-pairs", "aria-labelledby": "desk-pairs-h" }, el("h2", { id: "desk-pairs-h" }, t("web.desk.pairs")));
  const list = el("ul", { class: "plain", id: "desk-players" });
  for (const p of desk.pairs) {
    const players = desk.players[p] || [];
    const names = players.map((x) => x.name + (x.number ? " (" + x.number + ")" : "")).join(", ");
    list.append(el("li", null, p, ": ", names || t("web.desk.no_names"), desk.absent.includes(p) ? " · " + t("web.desk.absent") : ""));
  }
  box.append(list);
  if (desk.absent.length) {
    box.append(el("form", { id: "late-form", class: "desk-form", onsubmit: (ev) => { ev.preventDefault(); act("/late", { pair: ev.target.querySelector("#late-pair").value }); } },
      row("late-pair", t("web.desk.late_pair"), select("late-pair", desk.absent.map((p) => [p, p]))),
      el("button", { type: "submit", id: "late-send" }, t("web.desk.late_send", { round: desk.round }))));
  }
  const form = el("form", { id: "players-form", class: "desk-form", "aria-labelledby": "players-h", onsubmit: (ev) => {
    ev.preventDefault();
    const f = ev.target;
    const players = [1, 2].map((i) => ({ name: f.querySelector("#p-name" + i).value.trim(), number: f.querySelector("#p-number" + i).value.trim() })).filter((p) => p.name);
    act("/players", { pair: f.querySelector("#p-pair").value, players });
  } },
  el("h3", { id: "players-h" }, t("web.desk.players_heading")),
  row("p-pair", t("web.cards.pair"), select("p-pair", desk.pairs.map((p) => [p, p]))));
  for (const i of [1, 2]) {
    form.append(row("p-name" + i, t("web.cards.player_name", { n: i }), el("input", { id: "p-name" + i, type: "text", autocomplete: "off", maxlength: 40 })),
      row("p-number" + i, t("web.cards.player_number", { n: i }), el("input", { id: "p-number" + i, type: "text", autocomplete: "off", maxlength: 20 })));
  }
  form.append(el("button", { type: "submit", id: "players-send" }, t("web.cards.names_save")));
  box.append(form);
  return box;
}
