// Talking to the server: the JSON API, the seat tokens this browser holds, and the table's
// websocket, which reconnects by itself with a growing wait when the connection is lost.

import { lang } from "./i18n.js";

export function tokens() {
  try { return JSON.parse(localStorage.getItem("bridgeroom.tokens") || "{}"); } catch (e) { return {}; }
}

export function saveToken(code, info) {
  const all = tokens();
  all[code] = info;
  localStorage.setItem("bridgeroom.tokens", JSON.stringify(all));
}

export function forgetToken(code) {
  const all = tokens();
  delete all[code];
  localStorage.setItem("bridgeroom.tokens", JSON.stringify(all));
}

// An error of the API in the page's language (the server sends every language it has).
export class ApiError extends Error {
  constructor(status, data) {
    const texts = (data && data.texts) || (data && data.detail && data.detail.texts) || null;
    const detail = data && typeof data.detail === "string" ? data.detail : null;
    super((texts && texts[lang]) || detail || String(status));
    this.status = status;
    this.texts = texts;
  }
}

// `token`: a seat's or the host's token, sent in the Authorization header (never in the URL).
export async function api(path, body, method, token) {
  const options = body === undefined && !method ? {} : {
    method: method || "POST", headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  if (token) options.headers = { ...(options.headers || {}), Authorization: "Bearer " + token };
  const res = await fetch(path, options);
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

// The websocket of one table. `handlers`: message(msg), online(), offline(waitSeconds), gone(msg).
export class TableSocket {
  constructor(code, handlers) {
    this.code = code;
    this.handlers = handlers;
    this.tries = 0;
    this.timer = null;
    this.socket = null;
    this.closed = false;
    this.open();
  }

  open() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const info = tokens()[this.code];
    // the seat's token goes in the first message, never in the URL (which logs keep)
    const socket = new WebSocket(proto + "//" + location.host + "/ws/" + encodeURIComponent(this.code));
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: "hello", token: info ? info.token : null }));
    socket.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "state") {
        this.tries = 0;
        this.handlers.online();
      }
      this.handlers.message(msg);
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket || this.closed) return;
      // 4404: there is no such table (an error message came first); 4410: deleted; 4409: a
      // session's person moved on (a "moved" message came first): no point in trying again
      if (ev.code === 4404 || ev.code === 4410 || ev.code === 4409) { this.closed = true; this.handlers.gone(ev.code); return; }
      const wait = Math.min(15, 0.5 * 2 ** this.tries) * (0.8 + 0.4 * Math.random());
      this.tries += 1;
      this.handlers.offline(Math.max(1, Math.round(wait)));
      this.timer = setTimeout(() => this.open(), wait * 1000);
    };
  }

  get ready() { return !!this.socket && this.socket.readyState === 1; }

  send(message) {
    if (!this.ready) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.socket) { this.socket.onclose = null; this.socket.close(); }
  }
}
