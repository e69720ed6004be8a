// Building the page and updating it in place.
//
// Each render builds a fresh tree with el(); morph() then changes the page to match it node by
// node, keeping the nodes that are still there: the focused button keeps its focus, a text being
// typed stays in its field, a chosen option stays chosen, and a screen reader keeps its place.

// el("button", {class, text, onclick, ...}, ...children): handlers are kept on the node (__on) and
// called by one listener per event type, so that morph() can hand a node its new handlers. A
// handler must not hold on to the nodes it was built with (the page keeps its own): it finds
// them in the document, or from the event.
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k === "html") node.innerHTML = v;  // only for trusted markup made by the server
      else if (k.startsWith("on")) on(node, k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : v);
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function dispatch(ev) {
  const fn = ev.currentTarget.__on && ev.currentTarget.__on[ev.type];
  if (fn) fn(ev);
}

function on(node, type, fn) {
  if (!node.__on) node.__on = {};
  if (!node.__on[type]) node.addEventListener(type, dispatch);
  node.__on[type] = fn;
}

// A text only screen readers read.
export const srOnly = (text) => el("span", { class: "sr-only" }, text);

function keyOf(node) {
  if (node.nodeType !== 1) return null;
  return node.getAttribute("data-key") || node.id || null;
}

function sameKind(a, b) {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && keyOf(a) === keyOf(b);
}

// Make `from` (in the page) look like `to` (freshly built), reusing from's nodes.
export function morph(from, to) {
  if (from.nodeType === 3 || from.nodeType === 8) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return;
  }
  morphAttributes(from, to);
  morphChildren(from, to);
  if (from.nodeName === "SELECT") morphSelect(from, to);
}

function morphAttributes(from, to) {
  for (const { name } of Array.from(from.attributes)) {
    // a <details> opened or closed by the person stays as he left it
    if (name === "open" && from.nodeName === "DETAILS") continue;
    if (!to.hasAttribute(name)) from.removeAttribute(name);
  }
  for (const { name, value } of Array.from(to.attributes)) {
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
  if (to.__on || from.__on) {
    for (const type of Object.keys(from.__on || {})) if (!(to.__on && to.__on[type])) from.__on[type] = null;
    for (const [type, fn] of Object.entries(to.__on || {})) on(from, type, fn);
  }
  if (from.nodeName === "INPUT" && from.type !== "text" && from.checked !== to.checked && !from.__touched) {
    from.checked = to.checked;
  }
  if (from.nodeName === "INPUT" && from.readOnly && from.value !== to.value) from.value = to.value;
  if ("disabled" in from && from.disabled !== to.disabled) from.disabled = to.disabled;
}

function morphSelect(from, to) {
  // a choice the person made stays while it is still offered; else the new default
  const chosen = from.__touched ? from.__chosen : null;
  const values = Array.from(from.options).map((o) => o.value);
  if (chosen !== null && chosen !== undefined && values.includes(chosen)) from.value = chosen;
  else {
    from.value = to.value;
    from.__touched = false;
  }
}

// Remember what the person chose in a select or ticked in a box (morph keeps it).
export function touched(ev) {
  ev.currentTarget.__touched = true;
  ev.currentTarget.__chosen = ev.currentTarget.value;
}

// Pair the new children with old ones (by key, else by kind in order), drop the old ones left
// over, then put the children in order: a node kept in its place is never moved (moving a
// node takes the focus away from it).
function morphChildren(from, to) {
  const olds = Array.from(from.childNodes);
  const news = Array.from(to.childNodes);
  const keyed = new Map();
  for (const node of olds) { const k = keyOf(node); if (k) keyed.set(k, node); }
  const used = new Set();
  const pairs = news.map((next) => {
    const k = keyOf(next);
    if (!k) return null;
    const cand = keyed.get(k);
    if (cand && !used.has(cand) && sameKind(cand, next)) { used.add(cand); return cand; }
    return null;
  });
  let cursor = 0;
  news.forEach((next, i) => {
    if (keyOf(next)) return;
    for (let j = cursor; j < olds.length; j++) {
      const cand = olds[j];
      if (!used.has(cand) && !keyOf(cand) && sameKind(cand, next)) {
        used.add(cand);
        pairs[i] = cand;
        cursor = j + 1;
        return;
      }
    }
  });
  for (const node of olds) if (!used.has(node)) node.remove();
  let ref = from.firstChild;
  news.forEach((next, i) => {
    const node = pairs[i] || next;
    if (node === ref) ref = ref.nextSibling;
    else from.insertBefore(node, ref);
    if (pairs[i]) morph(pairs[i], next);
  });
}

// --- focus -----------------------------------------------------------------------------------

// Where the focus is, to put it back near there if its node goes away (a card just played).
export function focusMark() {
  const active = document.activeElement;
  if (!active || active === document.body) return null;
  const group = active.closest("[data-focus-group]");
  if (!group) return { node: active };
  const items = Array.from(group.querySelectorAll("[data-item]"));
  return { node: active, group: group.getAttribute("data-focus-group"), index: items.indexOf(active) };
}

export function restoreFocus(mark, root) {
  if (!mark || document.contains(mark.node)) return;
  if (mark.group) {
    const group = root.querySelector(`[data-focus-group="${mark.group}"]`);
    if (group) {
      const items = Array.from(group.querySelectorAll("[data-item]"));
      if (items.length) {
        const item = items[Math.min(Math.max(mark.index, 0), items.length - 1)];
        setRoving(group, item);
        item.focus();
        return;
      }
      if (group.tabIndex >= -1 && group.hasAttribute("tabindex")) { group.focus(); return; }
    }
  }
  const fallback = root.querySelector("[data-focus-fallback]") || root;
  fallback.focus();
}

// --- roving focus: a group (a hand, the bidding box) is one Tab stop; arrows move inside ---------

const current = new Map();  // group name -> key of its item that holds the Tab stop

export function setRoving(group, item) {
  for (const node of group.querySelectorAll("[data-item]")) node.tabIndex = node === item ? 0 : -1;
  current.set(group.getAttribute("data-focus-group"), item.getAttribute("data-key"));
}

// Give the group's Tab stop to the remembered item, else to `preferred` (a key), else the first.
export function roving(group, preferred) {
  const items = Array.from(group.querySelectorAll("[data-item]"));
  if (!items.length) return group;
  const name = group.getAttribute("data-focus-group");
  const remembered = current.get(name);
  const pick = items.find((i) => i.getAttribute("data-key") === remembered)
    || items.find((i) => i.getAttribute("data-key") === preferred) || items[0];
  for (const node of items) node.tabIndex = node === pick ? 0 : -1;
  const columns = Number(group.getAttribute("data-columns") || 0);
  // the handlers read the group from the event: morph() gives them to the node in the page
  on(group, "keydown", (ev) => moveFocus(ev, ev.currentTarget, columns));
  on(group, "focusin", (ev) => { if (ev.target.hasAttribute("data-item")) setRoving(ev.currentTarget, ev.target); });
  return group;
}

function moveFocus(ev, group, columns) {
  const items = Array.from(group.querySelectorAll("[data-item]"));
  const i = items.indexOf(document.activeElement);
  if (i < 0) return;
  const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns || 1, ArrowUp: -(columns || 1) }[ev.key];
  let j = null;
  if (step !== undefined) j = Math.min(Math.max(i + step, 0), items.length - 1);
  else if (ev.key === "Home") j = 0;
  else if (ev.key === "End") j = items.length - 1;
  if (j === null) return;
  ev.preventDefault();
  setRoving(group, items[j]);
  items[j].focus();
}
