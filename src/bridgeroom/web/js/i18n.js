// The page's words: its messages in the current language (web/messages/*.toml and the few shared
// keys it needs: ranks, seats, calls), the plural forms of the catalogue, and cards, calls and
// seats written in the language.

export const SEATS = ["N", "E", "S", "W"];
export const SUITS = ["S", "H", "D", "C"];
export const STRAINS = ["C", "D", "H", "S", "NT"];
export const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };

let M = {};
export let lang = "en";

export function setMessages(code, messages) {
  lang = code;
  M = messages;
}

// The form of a noun for n, as bridgeroom.i18n.plurals.plural: "one|many" (English) or
// "one|few|many" (Russian: 1, 21 взятка; 2-4, 22 взятки; 0, 5-20, 25 взяток; a fraction: few).
export function plural(n, forms) {
  const words = forms.split("|");
  if (n !== Math.trunc(n)) return words.length === 3 ? words[1] : words[words.length - 1];
  const k = Math.abs(n);
  if (words.length === 3) {
    if (k % 10 === 1 && k % 100 !== 11) return words[0];
    if (k % 10 >= 2 && k % 10 <= 4 && !(k % 100 >= 12 && k % 100 <= 14)) return words[1];
    return words[2];
  }
  return k === 1 ? words[0] : words[words.length - 1];
}

// A message with its {name} placeholders filled; {n:trick|tricks} takes the form for n.
export function t(key, params) {
  const text = M[key];
  if (text === undefined) return key;
  return text.replace(/\{(\w+)(?::([^{}]*))?\}/g, (whole, name, spec) => {
    if (!params || !(name in params)) return whole;
    const value = params[name];
    if (spec && spec.includes("|")) return plural(Number(value), spec);
    return String(value);
  });
}

export function has(key) { return key in M; }

export const isRed = (suit) => suit === "H" || suit === "D";
export const rankText = (r) => M["rank." + r] || (r === "T" ? "10" : r);
export const seatName = (s) => M["seat." + s] || s;
export const seatLetter = (s) => M["seat_letter." + s] || s;
export const strainText = (s) => (s === "NT" ? (M["call.notrump"] || "NT") : SYMBOL[s]);
// A card as printed on it: ♠Q (the symbol, then the rank in the language's letters).
export const cardText = (card) => SYMBOL[card[0]] + rankText(card.slice(1));

// A card in words: "queen of spades", "дама пик"; `acc` the form after a verb ("играет даму пик").
export function cardName(card, acc) {
  const rank = t((acc ? "web.rank_acc." : "web.rank_name.") + card.slice(1));
  return t("web.card_name", { rank, suit: t("web.suit_of." + card[0]) });
}

export function callText(call) {
  if (call === "P") return M["call.pass"] || "Pass";
  if (call === "X") return M["call.double"] || "X";
  if (call === "XX") return M["call.redouble"] || "XX";
  const m = /^([1-7])(NT|[CDHS])$/.exec(call);
  return m ? m[1] + strainText(m[2]) : call;
}

// A call in words, for a screen reader: "1 club", "3 no trump", "pass".
export function callName(call) {
  if (call === "P" || call === "X" || call === "XX") return t("web.call_name." + call);
  const m = /^([1-7])(NT|[CDHS])$/.exec(call);
  if (!m) return call;
  const level = Number(m[1]);
  return t("web.bid_name", { level, strain: plural(level, t("web.strain_count." + m[2])) });
}

export function contractParts(c) {
  const m = /^([1-7])(NT|[CDHS])(X{0,2})([NESW])?$/.exec(c || "");
  return m ? { level: m[1], strain: m[2], doubled: m[3], declarer: m[4] || null } : null;
}

export function contractText(c, withDeclarer = true) {
  const p = contractParts(c);
  if (!p) return c || "";
  const base = p.level + strainText(p.strain) + p.doubled;
  return p.declarer && withDeclarer ? t("web.contract_by", { contract: base, seat: seatName(p.declarer) }) : base;
}

// An action's text as the page shows it (cards, calls, the table laws of three-handed bridge).
export function actionText(a) {
  if (/^[SHDC][AKQJT2-9]$/.test(a)) return cardText(a);
  if (/^(P|X|XX|[1-7](NT|[CDHS]))$/.test(a)) return callText(a);
  return M["web.action." + a] || a;
}
