// The review of a finished deal (issue: which of my cards cost a trick): the diagram with the
// double-dummy table and the par, the contract against double dummy, then trick by trick each
// card played, marked where it cost its side tricks and by how much, and the robots' reasons.
// The server works it out once, off the table's thread, and keeps it with the deal.

import { el, srOnly } from "./dom.js";
import { t, lang, seatName, seatLetter, cardText, cardName, isRed } from "./i18n.js";
import { api } from "./net.js";

const cache = new Map();  // "code/number/lang" -> the server's answer

export async function loadReview(code, number) {
  const key = code + "/" + number + "/" + lang;
  if (!cache.has(key)) cache.set(key, await api("/api/tables/" + encodeURIComponent(code) + "/deals/" + number + "/review?lang=" + lang));
  return cache.get(key);
}

function cardCell(c) {
  const costly = c.cost > 0;
  const attrs = { class: "rv-card" + (costly ? " costly" : "") + (isRed(c.card[0]) ? " red" : "") };
  if (costly && c.keep.length) attrs.title = t("web.review.better", { cards: c.keep.map(cardText).join(" ") });
  return el("td", attrs,
    el("span", { class: "rv-seat", "aria-hidden": "true" }, seatLetter(c.seat)), " ",
    el("span", { "aria-hidden": "true" }, cardText(c.card)),
    srOnly(t("web.table.seat_card", { seat: seatName(c.seat), card: cardName(c.card) })),
    costly ? el("span", { class: "cost" }, el("span", { "aria-hidden": "true" }, " −" + c.cost), srOnly(" " + t("web.review.cost", { n: c.cost }) + (c.keep.length ? "; " + t("web.review.better", { cards: c.keep.map(cardName).join(", ") }) : ""))) : null);
}

export function reviewPanel(data) {
  const sec = el("section", { class: "panel review", id: "review", "aria-labelledby": "review-h", "data-key": "review", tabindex: "-1" },
    el("h2", { id: "review-h" }, t("web.review.heading")));
  if (!data) { sec.append(el("p", { role: "status" }, t("web.review.loading"))); return sec; }
  if (data.error) { sec.append(el("p", { role: "status", class: "error" }, data.error)); return sec; }
  const r = data.review;
  const lines = data.lines || {};
  sec.append(el("div", { class: "rv-top" },
    el("div", { class: "diagram", role: "img", "aria-label": t("web.review.diagram"), html: data.svg }),
    el("div", { class: "rv-lines" },
      ...[lines.title, lines.double_dummy, lines.par, lines.claim].filter(Boolean).map((l) => el("p", null, l)),
      ...(lines.lost || []).map((l) => el("p", { class: "lost" }, l)))));
  if (r.tricks.length) {
    const head = el("tr", null, el("th", { scope: "col" }, t("web.review.trick")),
      ...[1, 2, 3, 4].map((i) => el("th", { scope: "col" }, t("web.review.card_n", { n: i }))),
      el("th", { scope: "col" }, t("web.review.winner")));
    const body = el("tbody");
    const reasons = [];
    const costly = [];
    for (const trick of r.tricks) {
      const cells = trick.cards.map(cardCell);
      while (cells.length < 4) cells.push(el("td"));
      body.append(el("tr", null, el("th", { scope: "row" }, String(trick.number)), ...cells,
        el("td", null, trick.winner ? seatName(trick.winner) : "")));
      for (const c of trick.cards) {
        const why = c.reason && (c.reason[lang] || c.reason.en);
        const who = t("web.review.reason_of", { n: trick.number, seat: seatName(c.seat), card: cardText(c.card) });
        if (why) reasons.push(el("li", null, el("strong", null, who), " ", why));
        if (c.cost > 0) {
          costly.push(el("li", null, el("strong", null, who), " ", t("web.review.cost", { n: c.cost }),
            c.keep.length ? "; " + t("web.review.better", { cards: c.keep.map(cardText).join(" ") }) : "",
            why ? ". " + t("web.review.because", { reason: why }) : ""));
        }
      }
    }
    // on a phone the table may scroll sideways: the region takes the focus to scroll by keys
    sec.append(el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-labelledby": "review-caption" },
      el("table", { class: "review-table", id: "review-tricks" },
        el("caption", { id: "review-caption" }, t("web.review.caption")), el("thead", null, head), body)));
    if (costly.length) sec.append(el("h3", null, t("web.review.costly")), el("ul", { class: "reasons", id: "review-costly" }, costly));
    if (reasons.length) {
      sec.append(el("details", { class: "all-reasons" },
        el("summary", null, t("web.review.reasons", { n: reasons.length })),
        el("ul", { class: "reasons", id: "review-reasons" }, reasons)));
    }
  }
  return sec;
}
