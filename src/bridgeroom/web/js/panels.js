// The panels beside the table: the table's name and link, the auction, the points announced,
// the irregularities (three-handed), the last trick, the score sheet, and the result of a deal.

import { el, srOnly, touched } from "./dom.js";
import {
  t, lang, SEATS, SUITS, SYMBOL, seatName, seatLetter, callText, callName, cardName, contractText,
  contractParts,
} from "./i18n.js";
import { cardFace, slotName } from "./felt.js";

// `session`: a session's table exports its boards with the session's results only.
export function infoPanel(table, session) {
  const link = location.origin + "/table/" + table.code;
  const pbn = session ? "/api/sessions/" + encodeURIComponent(session.code) + "/pbn" : "/api/tables/" + table.code + "/pbn";
  const input = el("input", { type: "text", readonly: true, value: link, id: "table-link", "aria-label": t("web.table.link") });
  return el("section", { class: "panel info", "aria-labelledby": "info-h", "data-key": "info", id: "info" },
    el("h2", { id: "info-h" }, table.titles[lang] || table.titles.en),
    el("p", { class: "muted" }, t("web.scoring." + table.scoring)),
    systemsLine(table),
    el("div", { class: "copyline" }, input,
      el("button", { type: "button", onclick: () => { document.getElementById("table-link").select(); if (navigator.clipboard) navigator.clipboard.writeText(link); } }, t("web.table.copy"))),
    el("p", null, el("a", { href: pbn, download: "", id: "download" }, t(session ? "web.session.download_pbn" : "web.table.download"))));
}

// The sides' convention cards, each a link to its printable page (games with a partnership
// auction only: the table's `systems` are those of North-South and East-West).
function systemsLine(table) {
  if (!table.systems || table.players !== 4) return "";
  const [ns, ew] = table.systems;
  return el("p", { id: "systems-line" }, t("web.system.cards") + ": ",
    el("a", { href: "/system/" + encodeURIComponent(ns) + "?lang=" + lang, id: "card-ns" }, t("web.system.side_ns")), " · ",
    el("a", { href: "/system/" + encodeURIComponent(ew) + "?lang=" + lang, id: "card-ew" }, t("web.system.side_ew")));
}

// Whether the list of explanations is open (kept across redraws of the auction).
let explaining = false;

export function announcementsPanel(deal) {
  const rows = deal.extra.announcements || [];
  const tbl = el("table", { class: "auction", id: "announcements" },
    el("caption", { class: "sr-only" }, t("web.table.announcements")),
    el("tr", null, ...rows.map(([s]) => el("th", { scope: "col" }, el("abbr", { title: seatName(s) }, seatLetter(s))))),
    el("tr", null, ...rows.map(([, p]) => el("td", null, String(p)))));
  const sec = el("section", { class: "panel", "aria-labelledby": "ann-h", "data-key": "announce" }, el("h2", { id: "ann-h" }, t("web.table.announcements")), tbl);
  if (deal.extra.dummy_lengths && !deal.dummy) {
    sec.append(el("p", null, t("web.table.dummy_face_down", { lengths: SUITS.map((s, i) => SYMBOL[s] + deal.extra.dummy_lengths[i]).join(" ") })));
  }
  return sec;
}

export function auctionPanel(deal, table) {
  const head = el("tr", null, ...SEATS.map((s) => el("th", { scope: "col" }, el("abbr", { title: seatName(s) }, seatLetter(s)))));
  const rows = [];
  let row = null;
  let last = SEATS.indexOf(deal.dealer) - 1;
  // a robot's call carries what it means in the robots' system (Law 20F: the explanation a
  // player may ask for): shown on the call itself, and in words under the auction for the last
  const meanings = deal.meanings || [];
  const alerts = deal.alerts || [];
  let explained = null;
  const all = [];
  deal.calls.forEach(([s, c], n) => {
    const col = SEATS.indexOf(s);
    if (!row || col <= last) { row = [null, null, null, null]; rows.push(row); }
    const meaning = meanings[n] ? meanings[n][lang] : null;
    row[col] = { call: c, meaning, alert: !!alerts[n] };
    if (meaning) { explained = { seat: s, call: c, meaning }; all.push({ seat: s, call: c, meaning, alert: !!alerts[n] }); }
    last = col;
  });
  const muted = (i) => table.players === 3 && SEATS[i] === deal.dummy_seat;
  const cell = (c, i) => {
    if (!c) return el("td", { class: muted(i) ? "muted" : null }, muted(i) ? el("span", { "aria-hidden": "true" }, "—") : "");
    const attrs = { class: [muted(i) ? "muted" : "", c.meaning ? "explained" : "", /[HD]$/.test(c.call) ? "red-text" : ""].join(" ").trim() || null };
    if (c.meaning) attrs.title = c.meaning;
    const mark = c.alert ? [el("span", { class: "alert-mark", "aria-hidden": "true" }, "!"), srOnly(" (" + t("web.system.alerted") + ")")] : [];
    return el("td", attrs, el("span", { "aria-hidden": "true" }, callText(c.call)), srOnly(callName(c.call)), ...mark);
  };
  const body = rows.map((r) => el("tr", null, ...r.map(cell)));
  const sec = el("section", { class: "panel auction-panel", "aria-labelledby": "auction-h", "data-key": "auction", id: "auction-panel" },
    el("h2", { id: "auction-h" }, t("web.table.auction")),
    el("table", { class: "auction", id: "auction" }, el("caption", { class: "sr-only" }, t("web.table.auction")), el("thead", null, head), el("tbody", null, ...body)));
  if (explained) {
    sec.append(el("p", { class: "muted", id: "call-meaning" }, t("web.table.call_means", { seat: seatName(explained.seat), call: callText(explained.call), meaning: explained.meaning })));
  }
  if (table.players === 4) {
    // on request, every call of the opponents with its meaning from their card
    const list = el("ul", { id: "explanations", hidden: !explaining },
      ...(all.length ? all.map((x) => el("li", null,
        t("web.table.call_means", { seat: seatName(x.seat), call: callText(x.call), meaning: x.meaning }),
        x.alert ? el("strong", { class: "alert-mark" }, " " + t("web.system.alert") + "!") : ""))
        : [el("li", { class: "muted" }, t("web.system.none"))]));
    const button = el("button", { type: "button", id: "explain", "aria-expanded": String(explaining), "aria-controls": "explanations" },
      t(explaining ? "web.system.hide" : "web.system.explain"));
    button.addEventListener("click", () => {
      explaining = !explaining;
      list.hidden = !explaining;
      button.setAttribute("aria-expanded", String(explaining));
      button.textContent = t(explaining ? "web.system.hide" : "web.system.explain");
    });
    sec.append(button, list);
  }
  return sec;
}

export function irregularitiesPanel(deal) {
  const ex = deal.extra;
  const sec = el("section", { class: "panel", id: "irregularities", "aria-labelledby": "irr-h", "data-key": "irregular" }, el("h2", { id: "irr-h" }, t("web.table.irregularities")));
  const barred = ex.barred || [];
  const prot = ex.protected || [];
  if (barred.length) sec.append(el("p", null, t("web.table.barred", { seats: barred.map(seatName).join(", ") })));
  if (prot.length) sec.append(el("p", null, t("web.table.protected", { seats: prot.map(seatName).join(", ") })));
  for (const item of ex.irregularities || []) sec.append(el("p", null, t("web.table.open_irregular", { text: item })));
  if (!barred.length && !prot.length && !(ex.irregularities || []).length) sec.append(el("p", { class: "muted" }, t("web.table.no_irregularity")));
  return sec;
}

export function lastTrickPanel(deal, shown, toggle) {
  const sec = el("section", { class: "panel", id: "last-trick", "aria-labelledby": "last-h", "data-key": "last" }, el("h2", { id: "last-h" }, t("web.table.last_trick")));
  sec.append(el("button", { type: "button", id: "show-last", "aria-expanded": String(shown), "aria-controls": "last-cards", onclick: toggle }, shown ? t("web.table.hide_last") : t("web.table.show_last")));
  const box = el("div", { id: "last-cards", hidden: !shown });
  if (shown) {
    const list = el("ul", { class: "plain trick-list" });
    for (const [s, c] of deal.last_trick.cards) list.append(el("li", null, el("span", { class: "who" }, seatName(s)), cardFace(c), srOnly(cardName(c))));
    box.append(list, el("p", null, t("web.table.won_by", { seat: seatName(deal.last_trick.winner) })));
  }
  sec.append(box);
  return sec;
}

// What a column of the sheet is called for this viewer: "We (NS)", a player's name...
export function columnLabel(table, deal, col) {
  if (/^P[123]$/.test(col)) {
    const slot = Number(col.slice(1)) - 1;
    const s = table.slots[slot];
    const name = slotName(table, slot);
    // the compass seat this player holds in the deal on the table, as the felt names it
    const seat = deal && deal.seats ? SEATS.find((x) => deal.seats[x] === slot) : null;
    const where = [s && s.kind === "person" ? null : t("web.lobby.player", { n: slot + 1 }), seat ? seatName(seat) : null].filter(Boolean);
    return where.length ? t("web.score.player_seat", { name, seat: where.join(", ") }) : name;
  }
  if (col === "NS" || col === "EW") {
    const side = col === "NS" ? t("web.score.ns") : t("web.score.ew");
    const seat = deal && deal.seat;
    if (seat && table.players === 4) {
      const mine = "NS".includes(seat) ? "NS" : "EW";
      return (col === mine ? t("web.score.we") : t("web.score.they")) + " (" + side + ")";
    }
    return side;
  }
  return col;
}

export function scorePanel(table, deal, score) {
  const sec = el("section", { class: "panel", id: "score", "aria-labelledby": "score-h", "data-key": "score" }, el("h2", { id: "score-h" }, t("web.score.heading")));
  if (!score || score.kind === "none") { sec.append(el("p", { class: "muted" }, t("web.score.none"))); return sec; }
  if (score.kind === "boards") {
    const heads = [t("web.score.board"), t("web.table.contract"), t("web.table.tricks"), columnLabel(table, deal, "NS"), columnLabel(table, deal, "EW")];
    const tbl = el("table", { class: "boards" }, el("caption", { class: "sr-only" }, t("web.score.heading")),
      el("thead", null, el("tr", null, ...heads.map((h) => el("th", { scope: "col" }, h)))));
    const body = el("tbody");
    for (const b of score.boards) {
      body.append(el("tr", null, el("th", { scope: "row" }, String(b.board)),
        el("td", null, b.contract ? contractText(b.contract) : t("web.table.passed_out")),
        el("td", null, b.contract ? String(b.tricks) : ""), el("td", null, b.ns ? String(b.ns) : ""), el("td", null, b.ew ? String(b.ew) : "")));
    }
    body.append(el("tr", { class: "total" }, el("th", { scope: "row", colspan: "3" }, t("web.score.total")),
      el("td", { id: "total-NS" }, String(score.totals.NS)), el("td", { id: "total-EW" }, String(score.totals.EW))));
    tbl.append(body);
    sec.append(tbl);
    return sec;
  }
  const cols = score.columns;
  const tbl = el("table", { class: "sheet" }, el("caption", { class: "sr-only" }, t("web.score.heading")));
  tbl.append(el("thead", null, el("tr", null, el("td", { class: "corner" }),
    ...cols.map((c) => el("th", { scope: "col" }, columnLabel(table, deal, c), score.vulnerable && score.vulnerable[c] ? el("span", { class: "vul" }, " · " + t("web.score.vulnerable")) : null)))));
  const body = el("tbody");
  body.append(el("tr", { class: "above-row" }, el("th", { scope: "row", class: "row-head" }, t("web.score.above")),
    ...cols.map((c) => el("td", { class: "above" }, ...[...score.sheet[c].above].reverse().map((p) => el("div", null, String(p)))))));
  body.append(el("tr", { class: "below-row" }, el("th", { scope: "row", class: "row-head" }, t("web.score.below")), ...cols.map((c) => {
    const cell = el("td", { class: "below" });
    score.sheet[c].below.forEach((game, i) => {
      if (i > 0) cell.append(el("div", { class: "game-line", "aria-hidden": "true" }));
      for (const p of game) cell.append(el("div", null, String(p)));
    });
    return cell;
  })));
  body.append(el("tr", { class: "total" }, el("th", { scope: "row", class: "row-head" }, t("web.score.total")),
    ...cols.map((c) => el("td", { id: "total-" + c }, el("strong", null, String(score.sheet[c].total))))));
  if (score.games) {
    body.append(el("tr", { class: "games" }, el("th", { scope: "row", class: "row-head" }, t("web.score.games")),
      ...cols.map((c) => el("td", null, String(score.games[c])))));
  }
  tbl.append(body);
  sec.append(tbl);
  if (score.winner) sec.append(el("p", { id: "winner" }, el("strong", null, t("web.score.winner", { name: columnLabel(table, deal, score.winner) }))));
  if (score.settlement) {
    const list = el("ul", { class: "plain", id: "settlement" });
    for (const p of score.settlement) list.append(el("li", null, t("web.score.pays", { payer: columnLabel(table, deal, p.from), payee: columnLabel(table, deal, p.to), amount: p.points })));
    if (!score.settlement.length) list.append(el("li", null, t("web.score.quits")));
    sec.append(el("h3", null, t("web.score.settlement")), list);
  }
  sec.append(honoursNote(table.scoring));
  return sec;
}

// What the honours above the line are, for the scorings that count them (CB-R5, AB-9, TH-15).
function honoursNote(scoring) {
  const auction = scoring === "auction" || scoring === "three-handed-auction";
  const box = el("details", { class: "honours", id: "honours", "data-key": "honours" },
    el("summary", null, t("web.score.honours")),
    el("p", null, t(auction ? "web.score.honours_auction" : "web.score.honours_contract")));
  if (scoring.startsWith("three-handed")) box.append(el("p", null, t("web.score.honours_three")));
  return box;
}

// --- the result of a deal, as BBO shows it ------------------------------------------------------

// "made exactly", "made with 1 overtrick", "down 2".
export function madeText(result) {
  const over = result.overtricks;
  if (over === 0) return t("web.result.made");
  if (over > 0) return t("web.result.over", { n: over });
  return t("web.result.down", { n: -over });
}

// The points a deal wrote, in the order of the sheet's columns (We before They, P1 before P2).
function pointsInOrder(state) {
  const points = (state.deal.result && state.deal.result.points) || {};
  const order = (state.score && state.score.columns) || ["NS", "EW"];
  const rank = (col) => (order.includes(col) ? order.indexOf(col) : order.length);
  return Object.entries(points).sort(([a], [b]) => rank(a) - rank(b));
}

export function resultSentence(state) {
  const { deal, table } = state;
  const r = deal && deal.result;
  if (!r) return "";
  if (!r.contract) return t("web.result.passed_out");
  const parts = [t("web.result.line", { contract: contractText(r.contract), tricks: r.tricks, made: madeText(r) })];
  for (const [col, pts] of pointsInOrder(state)) {
    if (pts) parts.push(t("web.result.points", { who: columnLabel(table, deal, col), signed: (pts > 0 ? "+" : "") + pts, n: pts }));
  }
  return parts.join(" ");
}

export function resultPanel(state, actions) {
  const { table, deal } = state;
  const r = deal.result;
  const sec = el("section", { class: "panel result", id: "deal-result", "aria-labelledby": "result-h", "data-key": "result", tabindex: "-1" },
    el("h2", { id: "result-h" }, t(state.session && deal.board ? "web.result.heading_board" : "web.result.heading", { n: deal.board || deal.number })));
  if (!r || !r.contract) {
    sec.append(el("p", { class: "big", id: "result-line" }, t("web.result.passed_out")));
  } else {
    const p = contractParts(r.contract);
    const dl = el("dl", { class: "result-facts" },
      el("dt", null, t("web.table.contract")), el("dd", { id: "result-contract" }, contractText(r.contract, false), " ", el("span", { class: "muted" }, t("web.result.by", { seat: seatName(p.declarer) }))),
      el("dt", null, t("web.table.tricks")), el("dd", { id: "result-tricks" }, t("web.result.tricks", { n: r.tricks }) + (r.claimed ? " " + t("web.table.claimed") : "")),
      el("dt", null, t("web.result.result")), el("dd", { id: "result-made", class: r.overtricks < 0 ? "down" : "made" }, madeText(r)));
    const points = pointsInOrder(state);
    if (points.length) {
      dl.append(el("dt", null, t("web.result.score")), el("dd", { id: "result-points" },
        el("ul", { class: "plain points" }, points.map(([col, pts]) => el("li", null, el("span", null, columnLabel(table, deal, col)), " ", el("strong", null, (pts > 0 ? "+" : "") + pts))))));
    }
    sec.append(dl);
  }
  const buttons = el("div", { class: "controls" });
  if (actions.next) buttons.append(el("button", { type: "button", class: "primary", id: "next", onclick: actions.next }, t("web.table.next")));
  buttons.append(el("button", { type: "button", id: "open-review", "aria-expanded": String(actions.reviewShown), "aria-controls": "review", onclick: actions.review }, actions.reviewShown ? t("web.review.hide") : t("web.review.show")));
  if (!state.session) buttons.append(el("a", { href: "/api/tables/" + table.code + "/deals/" + deal.number + "/pbn", download: "", class: "button-link" }, t("web.table.download_deal")));
  sec.append(buttons);
  if (table.over) sec.append(el("p", { id: "match-over" }, el("strong", null, t("web.table.match_over"))));
  return sec;
}

export { touched };
