// The table itself: the seats round the felt with their players and hands, the trick in the
// middle, each seat's last call beside it during the auction (as BBO shows them), and the facts
// of the deal in the corner. The viewer sits at the bottom; the seats go round clockwise as
// the cards do (three-handed: the dummy opposite the declarer once play starts, TH-10).

import { el, srOnly, roving } from "./dom.js";
import {
  t, SEATS, SUITS, SYMBOL, isRed, rankText, seatName, cardName, callText, callName,
  contractText, cardText,
} from "./i18n.js";

// Which seat is drawn where: the server's layout for this viewer, else the compass turned so
// that the viewer (or South) is at the bottom.
export function positions(deal) {
  if (deal && deal.layout) return deal.layout;
  const bottom = (deal && deal.seat) || "S";
  const i = SEATS.indexOf(bottom);
  return { bottom, left: SEATS[(i + 1) % 4], top: SEATS[(i + 2) % 4], right: SEATS[(i + 3) % 4] };
}

export function playedBy(deal) {
  const out = { N: [], E: [], S: [], W: [] };
  for (const tr of deal.tricks) for (const [s, c] of tr.cards) out[s].push(c);
  for (const [s, c] of deal.trick) out[s].push(c);
  return out;
}

export function slotName(table, slot) {
  if (slot === null || slot === undefined) return t("web.table.dummy");
  const s = table.slots[slot];
  if (!s) return "?";
  if (s.kind === "open") return t("web.table.open");
  if (s.kind === "robot") return t("web.create.robot", { level: t("web.level." + s.level) });
  return s.name;
}

export function seatPlayerName(table, deal, seat) {
  const slot = deal ? deal.seats[seat] : (table.players === 4 ? SEATS.indexOf(seat) : null);
  return slotName(table, slot);
}

function isDummy(deal, seat, table) {
  if (deal.dummy_seat !== seat) return false;
  return table.players === 3 || !["auction", "announce"].includes(deal.phase);
}

// The words of a seat's label: who sits there and what he is now.
function seatWords(table, deal, seat) {
  const slot = deal.seats[seat];
  const roles = [];
  if (seat === deal.seat) roles.push(t("web.table.you"));
  if (isDummy(deal, seat, table)) roles.push(t("web.table.dummy"));
  else if (deal.declarer === seat && deal.contract) roles.push(t("web.table.declarer_short"));
  const name = slot === null && table.players === 3 ? "" : slotName(table, slot);
  return { name, where: seatName(seat), roles };
}

// A card as a button the player can press (or not now: aria-disabled keeps it focusable, so the
// focus stays in the hand while the others play).
export function cardButton(card, enabled, onPlay) {
  return el("button", {
    type: "button", class: "card" + (isRed(card[0]) ? " red" : ""), "data-card": card,
    "data-item": "", "data-key": "card-" + card, "aria-disabled": enabled ? "false" : "true",
    onclick: () => { if (enabled) onPlay(card); },
  },
  el("span", { class: "r", "aria-hidden": "true" }, rankText(card.slice(1))),
  el("span", { class: "s", "aria-hidden": "true" }, SYMBOL[card[0]]),
  srOnly(cardName(card)));
}

export function cardFace(card) {
  return el("span", { class: "card" + (isRed(card[0]) ? " red" : ""), "data-card": card, "aria-hidden": "true" },
    el("span", { class: "r" }, rankText(card.slice(1))), el("span", { class: "s" }, SYMBOL[card[0]]));
}

function bySuit(cards) {
  const out = { S: [], H: [], D: [], C: [] };
  for (const c of cards) out[c[0]].push(c);
  return out;
}

// A hand: suit by suit; `legal` (a set) makes its cards buttons, one Tab stop for the hand.
export function handNode(cards, { legal, mine, seat, onPlay, label }) {
  const suits = bySuit(cards);
  if (legal) {
    const group = el("div", {
      class: "hand" + (mine ? " mine" : ""), role: "group", "aria-label": label,
      "data-focus-group": "hand-" + seat, "data-key": "hand-" + seat,
    });
    for (const s of SUITS) {
      if (!suits[s].length) continue;
      group.append(el("div", { class: "suit-row", style: "--n:" + suits[s].length }, suits[s].map((c) => cardButton(c, legal.has(c), onPlay))));
    }
    const first = cards.find((c) => legal.has(c));
    return roving(group, first ? "card-" + first : null);
  }
  const node = el("div", { class: "hand" + (mine ? " mine" : ""), "data-key": "hand-" + seat });
  for (const s of SUITS) {
    if (!suits[s].length) continue;
    const words = t("web.table.suit_holding", {
      suit: t("web.suit_name." + s), cards: suits[s].map((c) => t("web.rank_name." + c.slice(1))).join(", "),
    });
    node.append(el("div", { class: "suit-row", style: "--n:" + suits[s].length }, srOnly(words), suits[s].map(cardFace)));
  }
  return node;
}

function hiddenHand(n) {
  const backs = el("div", { class: "hidden-hand" },
    srOnly(t("web.table.cards_hidden", { n })));
  for (let i = 0; i < Math.min(n, 4); i++) backs.append(el("span", { class: "card back", "aria-hidden": "true" }));
  backs.append(el("span", { class: "count", "aria-hidden": "true" }, "×" + n));
  return backs;
}

function dummyColumns(lengths) {
  const words = t("web.table.dummy_face_down", {
    lengths: SUITS.map((s, i) => t("web.suit_name." + s) + " " + lengths[i]).join(", "),
  });
  const node = el("div", { class: "dummy-columns" }, srOnly(words));
  SUITS.forEach((s, i) => {
    const col = el("div", { class: "col", "aria-hidden": "true" },
      el("span", { class: "suit" + (isRed(s) ? " red-text" : "") }, SYMBOL[s]));
    for (let k = 0; k < lengths[i]; k++) col.append(el("span", { class: "card back" }));
    col.append(el("span", null, String(lengths[i])));
    node.append(col);
  });
  return node;
}

// The last call of each seat in the auction (or its announced points), shown beside it.
function lastCalls(deal) {
  if (!["auction", "announce", "naming"].includes(deal.phase)) return null;
  const out = {};
  if (deal.phase === "auction") for (const [s, c] of deal.calls) out[s] = { text: callText(c), words: callName(c), red: /[HD]$/.test(c) };
  if (deal.phase === "announce" || deal.phase === "naming") {
    for (const [s, p] of (deal.extra && deal.extra.announcements) || []) out[s] = { text: String(p), words: t("web.table.points", { n: p }) };
  }
  return out;
}

function seatNode(table, deal, seat, place, ctx) {
  const words = seatWords(table, deal, seat);
  const toAct = deal.turn === seat && deal.phase !== "done";
  const label = [words.name, words.where, ...words.roles].filter(Boolean).join(", ");
  const node = el("div", {
    class: "seat pos-" + place + (toAct ? " to-act" : ""), "data-seat": seat, "data-key": "seat-" + place,
    role: "group", "aria-label": label + (toAct ? ", " + t("web.table.to_act") : ""),
  },
  el("div", { class: "label", "aria-hidden": "true" },
    words.name ? el("span", { class: "who" }, words.name) : null,
    el("span", { class: "where" }, [words.where, ...words.roles].join(" · "))));
  // during the auction each seat has its place for a call, filled or not, so that the table
  // does not jump when the first call comes (a tap meant for Pass would hit a bid)
  if (ctx.calls) {
    const chip = ctx.calls[seat];
    node.append(chip
      ? el("div", { class: "bid-chip" + (chip.red ? " red-text" : ""), "data-key": "chip" }, el("span", { "aria-hidden": "true" }, chip.text), srOnly(chip.words))
      : el("div", { class: "bid-chip empty", "data-key": "chip", "aria-hidden": "true" }, " "));
  }
  const legal = new Set(deal.legal);
  const playing = deal.phase === "play" && deal.to_act === deal.seat && deal.turn === seat && ctx.online;
  const faced = deal.faced || {};
  if (deal.deal && deal.phase === "done") {
    node.append(handNode(deal.deal[SEATS.indexOf(seat)] || [], { mine: place === "bottom", seat }));
  } else if (seat === deal.seat && deal.hand) {
    const mine = deal.phase === "play" && deal.to_act === deal.seat && deal.turn === seat;
    node.append(handNode(deal.hand, {
      legal: mine || deal.phase === "play" ? (playing ? legal : new Set()) : null, mine: true, seat,
      onPlay: ctx.play, label: t("web.table.your_cards"),
    }));
  } else if (seat === deal.dummy_seat && deal.dummy) {
    const control = deal.phase === "play" && deal.seat && deal.declarer === deal.seat;
    node.append(handNode(deal.dummy, {
      legal: control ? (playing ? legal : new Set()) : null, mine: false, seat,
      onPlay: ctx.play, label: t("web.table.dummy_cards", { seat: seatName(seat) }),
    }));
  } else if (faced[seat]) {
    node.append(handNode(faced[seat], { mine: false, seat }));
  } else if (seat === deal.dummy_seat && deal.extra && deal.extra.dummy_lengths) {
    node.append(dummyColumns(deal.extra.dummy_lengths));
  } else {
    // a hand holds a card for each trick left, less the one it has played to this trick
    const n = table.remaining - (deal.trick.some(([s]) => s === seat) ? 1 : 0);
    node.append(hiddenHand(n));
  }
  return node;
}

function trickNode(deal, pos) {
  const placeOf = {};
  for (const [p, s] of Object.entries(pos)) placeOf[s] = p;
  let cards = deal.trick;
  let last = null;
  if (!cards.length && deal.last_trick && (deal.phase === "play" || deal.phase === "done")) {
    cards = deal.last_trick.cards;
    last = deal.last_trick.winner;
  }
  const name = last ? t("web.table.last_trick_won", { seat: seatName(last) }) : t("web.table.current_trick");
  const area = el("div", { class: "trick-area" + (last ? " faded" : ""), role: "group", "aria-label": name, id: "trick" });
  for (const [s, c] of cards) {
    area.append(el("div", { class: "slot " + placeOf[s] + (last === s ? " winner" : ""), "data-seat": s, "data-key": "slot-" + s },
      cardFace(c), srOnly(t("web.table.seat_card", { seat: seatName(s), card: cardName(c) }))));
  }
  // who won the last trick: under the trick, never over its cards (the area names it already);
  // its line is kept through the play so that the table does not jump when it comes and goes
  if (deal.phase !== "play" && deal.phase !== "done") return area;
  const caption = el("p", { class: "caption", id: "won-by", "data-key": "caption", "aria-hidden": "true" },
    last ? t("web.table.won_by", { seat: seatName(last) }) : "");
  return [area, caption];
}

function factsNode(deal, table) {
  // each fact a term and its value in a <div> (a phone lays them in a line, a desk in a grid)
  const fact = (term, value, id) => el("div", { class: "fact" }, el("dt", null, term), el("dd", { id }, value));
  const dl = el("dl", { class: "facts" },
    fact(deal.board ? t("web.table.board") : t("web.table.deal"), String(deal.board || deal.number), "deal-number"),
    fact(t("web.table.dealer"), seatName(deal.dealer)));
  const vul = deal.vulnerability;
  if (table.players === 4) {
    dl.append(fact(t("web.table.vulnerable"), t("web.vul." + vul)));
  } else if (deal.extra && deal.extra.vulnerable && deal.extra.vulnerable.length) {
    dl.append(fact(t("web.table.vulnerable"), deal.extra.vulnerable.map((p) => slotName(table, Number(p.slice(1)) - 1)).join(", ")));
  }
  if (deal.contract) {
    dl.append(fact(t("web.table.contract"), contractText(deal.contract), "contract"));
    dl.append(fact(t("web.table.tricks"), t("web.table.tricks_value", { d: deal.declarer_tricks, f: deal.defender_tricks }), "tricks"));
  }
  return dl;
}

// The felt: `ctx` carries the page's handlers (play) and whether the connection is up.
export function feltNode(table, deal, ctx) {
  const felt = el("section", { class: "felt" + (table.players === 3 ? " three" : ""), "aria-label": t("web.table.felt"), id: "felt", "data-key": "felt" });
  if (!deal) {
    felt.append(el("div", { class: "center" }, el("p", null, t("web.table.waiting_players"))));
    return felt;
  }
  const pos = positions(deal);
  const calls = lastCalls(deal);
  felt.append(el("div", { class: "felt-info", "data-key": "info" }, factsNode(deal, table)));
  for (const place of ["top", "left", "right", "bottom"]) felt.append(seatNode(table, deal, pos[place], place, { ...ctx, calls }));
  felt.append(el("div", { class: "center", "data-key": "center" }, trickNode(deal, pos)));
  return felt;
}

export { cardText };
