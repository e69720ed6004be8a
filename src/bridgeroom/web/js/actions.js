// What the player can do: whose turn it is, the field to type a call or a card, the bidding box,
// the announcement (mini-bridge), the table laws (three-handed), hint, undo and claim, and the
// request (an undo or a claim) that waits for an answer.

import { el, srOnly, roving, touched } from "./dom.js";
import {
  t, lang, STRAINS, isRed, strainText, seatName, callText, callName, actionText,
} from "./i18n.js";
import { playedBy, slotName, seatPlayerName } from "./felt.js";
import { turnText } from "./announce.js";

// Whether this seat has an action in the deal it could ask to take back (its own calls and
// cards, the dummy's cards when it declares, its announcement).
export function hasActed(deal) {
  const me = deal.seat;
  if (!me) return false;
  if (deal.calls.some(([s]) => s === me)) return true;
  const cards = playedBy(deal);
  if (cards[me].length) return true;
  if (deal.declarer === me && deal.dummy_seat && cards[deal.dummy_seat].length) return true;
  return ((deal.extra && deal.extra.announcements) || []).some(([s]) => s === me);
}

function biddingBox(deal, mine, act) {
  const legal = new Set(mine ? deal.legal : []);
  const box = el("div", {
    class: "bidding-box", role: "group", "aria-label": t("web.table.bids"), "data-focus-group": "bids",
    "data-columns": "5", "data-key": "bids", id: "bids",
  });
  for (let level = 1; level <= 7; level++) {
    for (const s of STRAINS) {
      const call = level + s;
      const ok = legal.has(call);
      const visible = s === "NT" ? callText(call) : [String(level), el("span", { "aria-hidden": "true" }, strainText(s)), srOnly(" " + callName(call).replace(/^\S+\s/, ""))];
      box.append(el("button", {
        type: "button", "data-call": call, "data-item": "", "data-key": "bid-" + call,
        "aria-disabled": ok ? "false" : "true", class: isRed(s) ? "red-text" : null,
        onclick: () => { if (ok) act(call); },
      }, visible));
    }
  }
  const lowest = deal.legal.find((c) => /^[1-7]/.test(c));
  return roving(box, lowest ? "bid-" + lowest : null);
}

// A phone's bidding box in two steps, as BBO's: a level, then a strain (seven and five buttons
// big enough to touch instead of thirty-five). The level chosen stays until a call is made.
const phone = window.matchMedia("(max-width: 600px)");
const step = { key: null, level: null, redraw: null };
phone.addEventListener("change", () => { if (step.redraw) step.redraw(); });

function twoStepBox(deal, mine, act, redraw) {
  const legal = new Set(mine ? deal.legal : []);
  const key = deal.number + ":" + deal.phase + ":" + deal.calls.length;
  if (step.key !== key) Object.assign(step, { key, level: null });
  const levelOk = (n) => STRAINS.some((s) => legal.has(n + s));
  if (step.level !== null && !levelOk(step.level)) step.level = null;
  const chosen = step.level;
  const levels = el("div", {
    class: "bid-levels", role: "group", "aria-label": t("web.table.bid_levels"), "data-focus-group": "bid-levels",
    "data-key": "bid-levels",
  });
  for (let n = 1; n <= 7; n++) {
    const ok = levelOk(n);
    levels.append(el("button", {
      type: "button", "data-level": String(n), "data-item": "", "data-key": "level-" + n,
      "aria-disabled": ok ? "false" : "true", "aria-pressed": String(chosen === n),
      onclick: () => {
        if (!ok) return;
        step.level = n;
        redraw();
        // on to the strains: the first one that may be bid at this level
        const next = document.querySelector('.bid-strains button[aria-disabled="false"]');
        if (next) next.focus();
      },
    }, String(n)));
  }
  const strains = el("div", {
    class: "bid-strains", role: "group", "data-focus-group": "bid-strains", "data-key": "bid-strains",
    "aria-label": chosen ? t("web.table.bid_strains_at", { level: chosen }) : t("web.table.bid_strains"),
  });
  for (const s of STRAINS) {
    const call = chosen ? chosen + s : null;
    const ok = call !== null && legal.has(call);
    const visible = s === "NT" ? strainText(s) : [el("span", { "aria-hidden": "true" }, strainText(s)), srOnly(call ? callName(call) : t("web.suit_name." + s))];
    strains.append(el("button", {
      type: "button", "data-strain": s, "data-call": ok ? call : null, "data-item": "", "data-key": "strain-" + s,
      "aria-disabled": ok ? "false" : "true", class: isRed(s) ? "red-text" : null,
      onclick: () => { if (ok) { step.level = null; act(call); } },
    }, visible));
  }
  const lowest = deal.legal.find((c) => /^[1-7]/.test(c));
  const box = el("div", { class: "bidding-box two-step", id: "bids", "data-key": "bids-two-step" },
    roving(levels, lowest && mine ? "level-" + lowest[0] : null),
    roving(strains, null));
  return box;
}

function specialCalls(deal, mine, act) {
  const legal = new Set(mine ? deal.legal : []);
  return el("div", { class: "special-calls", role: "group", "aria-label": t("web.table.other_calls"), "data-key": "special" },
    ...["P", "X", "XX"].map((c) => el("button", {
      type: "button", "data-call": c, "data-key": "call-" + c, "aria-disabled": legal.has(c) ? "false" : "true",
      class: c === "P" ? "pass" : "dbl", onclick: () => { if (legal.has(c)) act(c); },
    }, callText(c))));
}

// The line that says whose turn it is (or that the connection is lost).
function turnLine(table, deal, online) {
  if (!online) return el("p", { class: "turn offline", id: "turn" }, t("web.table.offline_controls"));
  if (deal.phase === "done") return null;
  if (deal.seat && deal.to_act === deal.seat) return el("p", { class: "turn your-turn", id: "your-turn" }, el("strong", null, turnText(deal)));
  if (deal.to_act) {
    return el("p", { class: "turn muted", id: "turn" }, t("web.table.waiting_for", { name: seatPlayerName(table, deal, deal.to_act), seat: seatName(deal.to_act) }));
  }
  return null;
}

// `ctx`: act(text), send(message), online, hint (the last hint), typed (form handler).
export function actionsPanel(table, deal, ctx) {
  const box = el("section", { class: "panel actions", id: "actions", "aria-labelledby": "actions-h", "data-key": "actions" },
    el("h2", { id: "actions-h", class: "sr-only" }, t("web.table.actions")));
  box.append(turnLine(table, deal, ctx.online));
  if (!deal.seat) return box;
  const mine = ctx.online && deal.to_act === deal.seat;
  // typing first: one Tab from the cards
  const input = el("input", {
    type: "text", id: "typed", autocomplete: "off", autocapitalize: "off", spellcheck: "false",
    "aria-describedby": "keys-help", disabled: !ctx.online, enterkeyhint: "send",
  });
  box.append(el("form", { class: "controls type-form", id: "type-form", onsubmit: ctx.typed, "data-key": "type" },
    el("label", { for: "typed" }, t("web.table.type_action")), input,
    el("button", { type: "submit", disabled: !ctx.online }, t("web.table.send"))));
  if (deal.phase === "announce" && mine) {
    for (const a of deal.legal) {
      const n = Number(a.replace(/^correct [NESW] /, ""));
      box.append(el("button", { type: "button", class: "primary", "data-call": a, id: "announce", onclick: () => ctx.act(a) }, t("web.table.announce", { n })));
    }
  }
  const bidding = deal.phase === "auction" || (deal.phase === "naming" && deal.declarer === deal.seat);
  if (bidding && !(table.players === 3 && deal.seat === deal.dummy_seat)) {
    box.append(el("h3", { id: "bids-h" }, deal.phase === "naming" ? t("web.table.name_contract") : t("web.table.bidding_box")));
    step.redraw = ctx.redraw;
    box.append(phone.matches ? twoStepBox(deal, mine, ctx.act, ctx.redraw) : biddingBox(deal, mine, ctx.act));
    if (deal.phase === "auction") box.append(specialCalls(deal, mine, ctx.act));
  }
  if (deal.table_actions && deal.table_actions.length) {
    const laws = el("div", { class: "controls", role: "group", "aria-labelledby": "laws-h", "data-key": "laws" });
    for (const a of deal.table_actions) laws.append(el("button", { type: "button", "data-call": a, disabled: !ctx.online, onclick: () => ctx.act(a) }, actionText(a)));
    box.append(el("h3", { id: "laws-h" }, t("web.table.table_actions")), laws);
  }
  const more = el("div", { class: "controls", "data-key": "more" });
  if (mine) more.append(el("button", { type: "button", id: "hint", onclick: () => ctx.send({ type: "hint" }) }, t("web.table.hint")));
  if (hasActed(deal) && deal.phase !== "done") {
    more.append(el("button", { type: "button", id: "undo", disabled: !ctx.online, onclick: () => ctx.send({ type: "undo" }) }, t("web.table.undo")));
  }
  if (deal.phase === "play" && deal.seat !== deal.dummy_seat) {
    const sel = el("select", { id: "claim-tricks", onchange: touched, disabled: !ctx.online });
    sel.append(el("option", { value: "", selected: true }, t("web.table.claim_choose")));
    for (let i = table.remaining; i >= 0; i--) sel.append(el("option", { value: String(i) }, t("web.table.claim_option", { n: i })));
    more.append(el("span", { class: "claim" },
      el("label", { for: "claim-tricks" }, t("web.table.claim_tricks")), sel,
      el("button", { type: "button", id: "claim", disabled: !ctx.online, onclick: () => ctx.claim(document.getElementById("claim-tricks")) }, t("web.table.claim"))));
  }
  if (more.childNodes.length) box.append(more);
  if (ctx.hint) {
    box.append(el("p", { id: "hint-text", class: "hint" }, t("web.table.hint_says", { action: actionText(ctx.hint.action), reason: (ctx.hint.why && ctx.hint.why[lang]) || ctx.hint.reason })));
  }
  box.append(el("p", { class: "muted keys", id: "keys-help" }, t("web.keys.help")));
  return box;
}

export function requestBanner(table, request, send) {
  const who = slotName(table, request.slot);
  const text = request.kind === "undo" ? t("web.request.undo", { name: who }) : t("web.request.claim", { name: who, n: request.tricks });
  const box = el("div", { class: "banner", role: "alert", id: "request", "data-key": "request" }, el("span", null, text));
  if (table.you !== null && request.waiting.includes(table.you)) {
    box.append(el("button", { type: "button", class: "primary", id: "accept", onclick: () => send({ type: "answer", accept: true }) }, t("web.request.accept")),
      el("button", { type: "button", id: "reject", onclick: () => send({ type: "answer", accept: false }) }, t("web.request.reject")));
  } else if (table.you === request.slot) {
    box.append(el("span", { class: "muted" }, t("web.request.waiting")),
      el("button", { type: "button", id: "withdraw", onclick: () => send({ type: "answer", accept: false }) }, t("web.request.withdraw")));
  }
  return box;
}
