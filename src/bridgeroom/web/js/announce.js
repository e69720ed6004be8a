// What a screen reader hears: each call and card as it is made, the trick's winner, the
// contract, whose turn it is and the result, said once, in a live log that does not move the
// reader's place. The sentences come from comparing each new state of the table with the last.

import { t, lang, seatName, callName, cardName, contractText } from "./i18n.js";

function played(deal) {
  const out = [];
  for (const trick of deal.tricks) for (const [s, c] of trick.cards) out.push([s, c]);
  for (const [s, c] of deal.trick) out.push([s, c]);
  return out;
}

function who(deal, seat) {
  const name = seatName(seat);
  if (seat === deal.seat) return t("web.say.you_seat", { seat: name });
  if (seat === deal.dummy_seat && deal.contract) return t("web.say.dummy_seat", { seat: name });
  return name;
}

// The sentences that tell what changed from `before` to `after` (state messages).
export function changes(before, after, resultText) {
  const out = [];
  const deal = after.deal;
  if (!deal) return out;
  const old = before && before.deal && before.deal.number === deal.number ? before.deal : null;
  if (!old) {
    out.push(t("web.say.new_deal", { n: deal.board || deal.number, dealer: seatName(deal.dealer) }));
  }
  const oldCalls = old ? old.calls.length : 0;
  const oldCards = old ? played(old).length : 0;
  const cards = played(deal);
  if (old && (deal.calls.length < oldCalls || cards.length < oldCards)) out.push(t("web.say.undone"));
  const meanings = deal.meanings || [];
  if (deal.extra && deal.extra.announcements) {
    const before = old && old.extra && old.extra.announcements ? old.extra.announcements.length : 0;
    for (const [s, p] of deal.extra.announcements.slice(before)) {
      out.push(t("web.say.announced", { seat: who(deal, s), n: p }));
    }
  }
  for (let i = Math.min(oldCalls, deal.calls.length); i < deal.calls.length; i++) {
    const [s, c] = deal.calls[i];
    const m = meanings[i] && meanings[i][lang];
    out.push(t("web.say.call", { seat: who(deal, s), call: callName(c) }) + (m ? " — " + m : ""));
  }
  if (deal.contract && !(old && old.contract)) {
    out.push(t("web.say.contract", { contract: contractText(deal.contract) }));
  }
  const tricksBefore = old ? old.tricks.length : 0;
  for (let i = Math.min(oldCards, cards.length); i < cards.length; i++) {
    const [s, c] = cards[i];
    out.push(t("web.say.card", { seat: who(deal, s), card: cardName(c, true) }));
    const trick = Math.floor(i / 4);
    if (i % 4 === 3 && trick >= tricksBefore && deal.tricks[trick]) {
      out.push(t("web.say.trick_won", {
        seat: who(deal, deal.tricks[trick].winner), n: trick + 1,
        d: deal.declarer_tricks, f: deal.defender_tricks,
      }));
    }
  }
  if (deal.phase === "done" && !(old && old.phase === "done")) out.push(resultText(after));
  const mine = deal.seat && deal.to_act === deal.seat;
  const wasMine = old && old.seat && old.to_act === old.seat && old.turn === deal.turn;
  if (mine && (!wasMine || out.length)) out.push(turnText(deal));
  return out;
}

// "Your turn", "Your turn: play from the dummy", "Your turn to bid".
export function turnText(deal) {
  if (deal.phase === "play" && deal.turn && deal.turn !== deal.seat) return t("web.table.your_turn_dummy", { seat: seatName(deal.turn) });
  if (deal.phase === "auction") return t("web.table.your_turn_call");
  if (deal.phase === "announce") return t("web.table.your_turn_announce");
  if (deal.phase === "naming") return t("web.table.your_turn_naming");
  return t("web.table.your_turn_card");
}

// The live log: a role="log" region the reader speaks the additions of.
export class Announcer {
  constructor(node) { this.node = node; this.deal = null; }

  say(lines, dealNumber) {
    if (dealNumber !== undefined && dealNumber !== this.deal) {
      this.deal = dealNumber;
      this.node.replaceChildren();
    }
    for (const line of lines) {
      const p = document.createElement("p");
      p.textContent = line;
      this.node.append(p);
    }
  }

  clear() { this.node.replaceChildren(); this.deal = null; }
}
