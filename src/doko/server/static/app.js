/* doko web table: the browser client. Plain JavaScript, no build step, no external resources.
 * The server sends each seat only what it may see; this file only draws it and sends requests.
 * Protocol: docs/server.md. */
"use strict";
(() => {
  // ------------------------------------------------------------------ texts
  // Every word of the page comes from the catalogue (src/doko/engine/texts.py, the web.* keys,
  // served as /texts.js): t(key, a, b) is web.ui.<key> with {p0}, {p1} filled in order,
  // tw(key, {name}) is web.<key> with named parameters.
  let lang = localStorage.getItem("doko.lang") === "en" ? "en" : "de";
  const W = window.DOKO_TEXTS || { de: {}, en: {} };
  const t = (key, ...args) => {
    let s = W[lang]["ui." + key] ?? W.de["ui." + key] ?? key;
    args.forEach((a, i) => { s = s.split(`{p${i}}`).join(String(a)); });
    return s;
  };
  const tw = (key, params) => {
    let s = W[lang][key] ?? W.de[key] ?? key;
    for (const [k, v] of Object.entries(params || {})) s = s.split(`{${k}}`).join(String(v));
    return s;
  };

  // ------------------------------------------------------------------ settings (this browser)
  const PREFS = { motion: ["auto", "on", "off"], sound: ["off", "on"], suits: ["french", "german"] };
  const pref = (k) => {
    const v = localStorage.getItem("doko." + k);
    return PREFS[k].includes(v) ? v : PREFS[k][0];
  };
  const reduceMQ = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  // no movement: chosen in the settings, or "as the system says" and the system asks for it
  function calm() {
    const m = pref("motion");
    return m === "off" || (m === "auto" && !!reduceMQ && reduceMQ.matches);
  }
  function applyPrefs() {
    document.body.classList.toggle("calm", calm());
    document.body.dataset.suits = pref("suits");
  }
  if (reduceMQ && reduceMQ.addEventListener) reduceMQ.addEventListener("change", applyPrefs);

  // ------------------------------------------------------------------ sounds (made here, WebAudio)
  let audioCtx = null;
  function audio() {
    if (pref("sound") !== "on") return null;
    const C = window.AudioContext || window.webkitAudioContext;
    if (!C) return null;
    if (!audioCtx) audioCtx = new C();
    if (audioCtx.state === "suspended") audioCtx.resume();
    return audioCtx;
  }
  function tone(ctx, freq, dur, type, gain, delay) {
    const at = ctx.currentTime + (delay || 0);
    const osc = ctx.createOscillator();
    const g = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, at);
    g.gain.setValueAtTime(0.0001, at);
    g.gain.exponentialRampToValueAtTime(gain, at + 0.01);
    g.gain.exponentialRampToValueAtTime(0.0001, at + dur);
    osc.connect(g).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + dur + 0.02);
  }
  function noise(ctx, dur, freq, gain) {
    const n = Math.floor(ctx.sampleRate * dur);
    const buf = ctx.createBuffer(1, n, ctx.sampleRate);
    const data = buf.getChannelData(0);
    for (let i = 0; i < n; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / n);
    const src = ctx.createBufferSource();
    src.buffer = buf;
    const bp = ctx.createBiquadFilter();
    bp.type = "bandpass";
    bp.frequency.value = freq;
    const g = ctx.createGain();
    g.gain.value = gain;
    src.connect(bp).connect(g).connect(ctx.destination);
    src.start();
  }
  const SOUNDS = {
    play: (c) => noise(c, 0.07, 2600, 0.9),
    collect: (c) => noise(c, 0.22, 900, 0.7),
    turn: (c) => { tone(c, 660, 0.14, "sine", 0.12, 0); tone(c, 880, 0.2, "sine", 0.1, 0.11); },
    chat: (c) => tone(c, 1180, 0.08, "triangle", 0.07, 0),
    deal: (c) => { for (let i = 0; i < 4; i++) noise(c, 0.05, 3200 - i * 300, 0.5); },
  };
  function sound(name) {
    const c = audio();
    if (c) { try { SOUNDS[name](c); } catch (e) { /* no sound: nothing else depends on it */ } }
  }

  // ------------------------------------------------------------------ screen readers
  // what happens in quick succession is said together (a screen reader reads the region's
  // newest content, so nothing is overwritten unsaid)
  let liveTimer = 0;
  let livePending = [];
  function announce(text) {
    const el = document.getElementById("live");
    if (!el) return;
    livePending.push(text);
    if (liveTimer) return;
    liveTimer = setTimeout(() => {
      el.textContent = livePending.join(". ");
      livePending = [];
      liveTimer = 0;
    }, 80);
  }

  // ------------------------------------------------------------------ DOM helpers
  const $ = (sel) => document.querySelector(sel);
  function h(tag, attrs, ...kids) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") el.className = v;
      else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
      else el.setAttribute(k, v === true ? "" : v);
    }
    for (const kid of kids.flat()) {
      if (kid === null || kid === undefined || kid === false) continue;
      el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
    }
    return el;
  }
  const SVG = "http://www.w3.org/2000/svg";
  function suit(s, cls) {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 100 100");
    svg.setAttribute("aria-hidden", "true");
    if (cls) svg.setAttribute("class", cls);
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", (pref("suits") === "german" ? "#gsuit-" : "#suit-") + s);
    svg.append(use);
    return svg;
  }
  function applyStaticTexts() {
    document.documentElement.lang = lang;
    document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
    document.querySelectorAll("[data-w]").forEach((el) => { el.textContent = tw(el.dataset.w); });
    document.querySelectorAll("[data-wl]").forEach((el) => { el.setAttribute("aria-label", tw(el.dataset.wl)); });
    document.querySelectorAll("[data-wp]").forEach((el) => { el.setAttribute("placeholder", tw(el.dataset.wp)); });
    $("#btn-lang").textContent = lang === "de" ? "EN" : "DE";
  }

  // ------------------------------------------------------------------ cards
  const SUIT_KEY = { C: "clubs", S: "spades", H: "hearts", D: "diamonds" };
  const RANK_KEY = { 9: "nine", J: "jack", Q: "queen", K: "king", T: "ten", A: "ace" };
  function rankText(r) {
    if (r === "T") return "10";
    if (pref("suits") === "german" && "JQA".includes(r)) return tw("gcard.index_" + r.toLowerCase());
    if (lang === "de") return { J: "B", Q: "D" }[r] || r;
    return r;
  }
  function cardName(code) {
    const [r, s] = code;
    if (pref("suits") === "german") {
      return tw("gcard.name", { suit: tw("gsuit." + s.toLowerCase()),
                                rank: tw("grank." + (r === "9" ? "n9" : r.toLowerCase())) });
    }
    return tw("card.name", { suit: tw("card.of_suit." + SUIT_KEY[s]), rank: tw("card.rank." + RANK_KEY[r]) });
  }
  // the court cards: a figure drawn here (double-headed, as printed cards are), one per rank,
  // its robe in the suit's colour; made once per rank, suit and card style, then cloned
  const COURT = new Map();
  const ROBE = { french: { C: "#2c3e8f", S: "#2f6b3c", H: "#c81e1e", D: "#d4561c" },
                 german: { C: "#7a4b12", S: "#2e7d32", H: "#c81e1e", D: "#c98a0b" } };
  function courtHalf(r) {
    const skin = "#f4d6b8";
    const gold = "#e2b33c";
    let head = "";
    let hair = "";
    let item = "";
    if (r === "K") {  // a crown, a beard and a sceptre
      hair = '<path d="M23 20c0 7 3 11 7 11s7-4 7-11c-2 3-4 4-7 4s-5-1-7-4z" fill="#8a5a2b"/>';
      head = `<path d="M22 13V5l4 4 4-6 4 6 4-4v8z" fill="${gold}" stroke="#7a5a10" stroke-width=".8"/>`;
      item = `<path d="M48 44V22" stroke="#7a5a10" stroke-width="2"/><circle cx="48" cy="20" r="3" fill="${gold}" stroke="#7a5a10" stroke-width=".8"/>`;
    } else if (r === "Q") {  // long hair, a tiara and a flower
      hair = '<path d="M21 19c0-9 4-13 9-13s9 4 9 13c0 8 3 12 5 16l-8-2h-12l-8 2c2-4 5-8 5-16z" fill="#6b3a1f"/>';
      head = `<path d="M23 11q7-6 14 0" fill="none" stroke="${gold}" stroke-width="2.2"/><circle cx="30" cy="8" r="1.8" fill="#d33"/>`;
      item = '<path d="M12 44l2-16" stroke="#2e7d32" stroke-width="1.6"/><circle cx="14.5" cy="26" r="3.4" fill="#e24a7a"/><circle cx="14.5" cy="26" r="1.3" fill="#ffd34d"/>';
    } else {  // a cap with a feather and a halberd
      hair = '<path d="M23 17c0-5 3-8 7-8s7 3 7 8c-2-2-4-3-7-3s-5 1-7 3z" fill="#a0522d"/>';
      head = '<path d="M21 13q9-9 18 0z" fill="#3a3a8a"/><path d="M37 11q8-8 11-3-6-1-10 5z" fill="#d33"/>';
      item = `<path d="M50 44V16" stroke="#6b4a20" stroke-width="1.8"/><path d="M50 14l-5 5 5 2 5-2z" fill="#b8b8c0" stroke="#555" stroke-width=".6"/>`;
    }
    return `${item}<path d="M8 45c1-10 6-16 14-17h16c8 1 13 7 14 17z" fill="var(--robe)" stroke="#222" stroke-width=".7"/>` +
      `<path d="M22 28l8 9 8-9" fill="none" stroke="${gold}" stroke-width="1.6"/>` +
      `<rect x="27" y="24" width="6" height="5" fill="${skin}"/>${hair}` +
      `<circle cx="30" cy="17" r="7.2" fill="${skin}" stroke="#222" stroke-width=".7"/>` +
      '<circle cx="27.4" cy="16.4" r=".9" fill="#222"/><circle cx="32.6" cy="16.4" r=".9" fill="#222"/>' +
      '<path d="M28 20.4q2 1.4 4 0" fill="none" stroke="#9a3a3a" stroke-width=".8"/>' + head;
  }
  function courtFigure(r, s) {
    const style = pref("suits");
    const key = r + s + style;
    if (!COURT.has(key)) {
      const svg = document.createElementNS(SVG, "svg");
      svg.setAttribute("viewBox", "0 0 60 90");
      svg.setAttribute("class", "court");
      svg.setAttribute("aria-hidden", "true");
      const sym = (style === "german" ? "#gsuit-" : "#suit-") + s;
      const half = courtHalf(r);
      svg.innerHTML = `<g style="--robe:${ROBE[style][s]}">` +
        '<rect x="1.5" y="1.5" width="57" height="87" rx="4" fill="#fffdf4" stroke="currentColor" stroke-width="1.2"/>' +
        `<g>${half}</g><g transform="rotate(180 30 45)">${half}</g>` +
        '<path d="M4 45h52" stroke="currentColor" stroke-width=".8"/>' +
        `<use href="${sym}" x="3.5" y="30" width="11" height="11" fill="currentColor"/>` +
        `<use href="${sym}" x="45.5" y="49" width="11" height="11" fill="currentColor"/></g>`;
      COURT.set(key, svg);
    }
    return COURT.get(key).cloneNode(true);
  }
  function cardEl(code, extra) {
    const [r, s] = code;
    const german = pref("suits") === "german";
    const colour = german ? " g" + s : (s === "H" || s === "D" ? " red" : "");
    const el = h("div", { class: `card${colour}${extra ? " " + extra : ""}`,
                          "data-card": code, title: cardName(code), role: "img",
                          "aria-label": cardName(code) });
    const idx = (cls) => h("span", { class: cls, "aria-hidden": "true" }, rankText(r), suit(s));
    el.append(idx("idx"));
    if ("JQK".includes(r)) el.append(courtFigure(r, s));
    else el.append(suit(s, r === "A" ? "pip ace" : "pip"));
    el.append(idx("idx br"));
    return el;
  }

  // ------------------------------------------------------------------ small helpers
  const partyName = (p) => (p === "re" ? t("re") : p === "kontra" ? t("kontra") : "");
  const LEVELS = ["", "", "no90", "no60", "no30", "black"];
  function callText(party, level) { return level <= 1 ? partyName(party) : t(LEVELS[level]); }
  function actionText(a) {
    switch (a.action) {
      case "play": return cardName(a.card);
      case "solo": return t("solo_" + a.solo);
      case "call": return t(a.call);
      // house rule: the Genscher names a seat as its new partner
      case "genscher": return t("genscher", S.state.table.seats[a.partner].name);
      default: return t(a.action);
    }
  }
  const signed = (n) => (n > 0 ? "+" + n : String(n));
  const numCls = (n) => (n > 0 ? "pos" : n < 0 ? "neg" : "");
  async function api(path, opts) {
    opts = opts || {};
    // a private table is readable only with a key of it (a seat's or the spectator link's)
    if (S.token && path.startsWith("/api/tables/")) {
      opts.headers = Object.assign({}, opts.headers || {}, { "X-Doko-Key": S.token });
    }
    const r = await fetch(path, opts);
    const body = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(body.detail ? (typeof body.detail === "string" ? body.detail : JSON.stringify(body.detail)) : r.statusText);
    return body;
  }

  // ------------------------------------------------------------------ modal
  const kids = (list) => list.flat().filter((x) => x !== null && x !== undefined && x !== false);
  function openModal(id, ...content) {
    const body = $("#modal-body");
    body.replaceChildren(...kids(content));
    body.dataset.id = id;
    $("#modal").hidden = false;
  }
  function closeModal() { $("#modal").hidden = true; $("#modal-body").dataset.id = ""; }
  const modalId = () => ($("#modal").hidden ? "" : $("#modal-body").dataset.id);
  $("#modal-close").addEventListener("click", closeModal);
  $("#modal").addEventListener("click", (e) => { if (e.target === $("#modal")) closeModal(); });

  $("#btn-lang").addEventListener("click", () => {
    lang = lang === "de" ? "en" : "de";
    localStorage.setItem("doko.lang", lang);
    applyStaticTexts();
    if (S.code) { send({ type: "lang", lang }); render(); if (modalId()) closeModal(); }
    else renderLobby();
  });

  // ================================================================== lobby
  let META = { players: ["random"], default_level: "random", levels: [] };
  // a level's name for people, from the server's catalogue (level.<name>), in this language
  function levelLabel(p) {
    const lv = (META.levels || []).find((x) => x.name === p);
    return lv ? lv[lang] || p : p;
  }
  // ------------------------------------------------------------------ rule options
  // One switch or list per option of doko.engine.rules.Rules (META.options), set to the chosen
  // preset's values (META.preset_options); what differs from the preset is sent as "options".
  // The words are the catalogue's rules.opt.<key> and rules.opt.<key>.<value> (rules.bool.*).
  function optWord(key, value) {
    const k = `rules.opt.${key}.${value}`;
    return (W[lang][k] ?? W.de[k]) !== undefined ? tw(k) : tw("rules.bool." + value);
  }
  const PRESET_KEYS = { tsr: "rules_tsr", hausregeln: "rules_house", erweitert: "rules_extended" };
  // a table's rules in words: the preset and the options chosen beside it
  function rulesLine(rules, options) {
    const name = typeof rules === "string" ? rules : rules.name;
    const parts = [PRESET_KEYS[name] ? t(PRESET_KEYS[name]) : name];
    for (const [k, v] of Object.entries(options || {})) parts.push(`${tw("rules.opt." + k)}: ${optWord(k, v)}`);
    return parts.join(" · ");
  }
  function renderOptions() {
    const box = $("#f-options-list");
    if (!box || !META || !META.options) return;
    const preset = $("#f-rules").value;
    const base = (META.preset_options || {})[preset] || {};
    const prev = {};
    if (box.dataset.preset === preset) {
      box.querySelectorAll("[data-opt]").forEach((el) => {
        prev[el.dataset.opt] = el.type === "checkbox" ? String(el.checked) : el.value;
      });
    }
    box.dataset.preset = preset;
    box.replaceChildren(...META.options.map((o) => {
      const value = prev[o.key] ?? base[o.key];
      if (o.kind === "bool") {
        return h("label", { class: "check" },
          h("input", { type: "checkbox", id: "f-opt-" + o.key, "data-opt": o.key, checked: value === "true" }),
          h("span", {}, tw("rules.opt." + o.key)));
      }
      const sel = h("select", { id: "f-opt-" + o.key, "data-opt": o.key },
        o.values.map((v) => h("option", { value: v }, optWord(o.key, v))));
      sel.value = value;
      return h("label", {}, h("span", {}, tw("rules.opt." + o.key)), sel);
    }));
  }
  // the options that differ from the chosen preset: a bool for a switch, else the value's word
  function chosenOptions() {
    const out = {};
    if (!META || !META.preset_options) return out;
    const base = META.preset_options[$("#f-rules").value] || {};
    document.querySelectorAll("#f-options-list [data-opt]").forEach((el) => {
      const key = el.dataset.opt;
      const value = el.type === "checkbox" ? String(el.checked) : el.value;
      if (value !== base[key]) out[key] = el.type === "checkbox" ? el.checked : value;
    });
    return out;
  }

  async function renderLobby() {
    applyStaticTexts();
    renderOptions();
    $("#lobby").hidden = false;
    const myName = $("#f-myname");
    if (!myName.value) myName.value = localStorage.getItem("doko.name") || "";
    const fs = $("#f-seats");
    const prev = [...fs.querySelectorAll("select")].map((s) => s.value);
    fs.querySelectorAll(".seat-row").forEach((r) => r.remove());
    fs.append(h("div", { class: "seat-row" }, h("span", {}, t("seat_n", 1)),
                h("input", { value: t("me"), disabled: true })));
    for (let i = 1; i < 4; i++) {
      const sel = h("select", { id: `f-seat-${i}`, "data-seat": i },
        h("option", { value: "human" }, t("human")),
        h("option", { value: "open" }, t("open_seat")),
        META.players.map((p) => h("option", { value: "bot:" + p }, t("computer", levelLabel(p)))));
      sel.value = prev[i - 1] || "bot:" + META.default_level;
      fs.append(h("div", { class: "seat-row" }, h("span", {}, t("seat_n", i + 1)), sel));
    }
    const tl = $("#f-takeover-level");
    const tlv = tl.value || META.default_level;
    tl.replaceChildren(...META.players.map((p) => h("option", { value: p }, levelLabel(p))));
    tl.value = tlv;
    if (S.pflichtNote) S.pflichtNote();
    loadPublic();
  }
  async function loadPublic() {
    const box = $("#public-list");
    try {
      const { tables } = await api("/api/tables");
      box.replaceChildren();
      if (!tables.length) box.append(h("p", { class: "muted" }, t("no_open")));
      for (const tb of tables) {
        const rules = typeof tb.rules === "string" ? tb.rules : tb.rules.name;
        const free = tb.free_seats.map((s) => s + 1).join(", ");
        box.append(h("div", { class: "item" },
          h("div", { class: "grow" }, h("b", {}, tb.name || tb.code), " ",
            h("span", { class: "muted" }, `${tb.code} · ${rules} · ${tb.games ? t("games_n", tb.games) : t("open_round")}`),
            Object.keys(tb.rules_options || {}).length
              ? h("div", { class: "muted table-options" }, rulesLine(tb.rules, tb.rules_options)) : null,
            h("div", { class: "muted" }, tb.seats.map((s) => s.name).join(", "))),
          tb.free_seats.length ? h("button", { class: "primary", onclick: () => joinPublic(tb.code) },
                                   `${t("join")} (${t("free", free)})`) : null,
          h("button", { onclick: () => { location.href = `/t/${tb.code}`; } }, t("watch"))));
      }
    } catch (e) { box.replaceChildren(h("p", { class: "error" }, e.message)); }
  }
  async function joinPublic(code) {
    const name = ($("#f-myname").value || "").trim();
    if (name) localStorage.setItem("doko.name", name);
    try {
      const r = await api(`/api/tables/${code}/join`, { method: "POST",
        headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name: name || null }) });
      location.href = r.invite;
    } catch (e) { alert(e.message); loadPublic(); }
  }
  function initLobby() {
    $("#create-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const name = $("#f-myname").value.trim();
      if (name) localStorage.setItem("doko.name", name);
      const seats = [{ kind: "human", name: name || null }];
      for (let i = 1; i < 4; i++) {
        const v = $(`#f-seat-${i}`).value;
        seats.push(v === "human" || v === "open" ? { kind: v } : { kind: "bot", level: v.slice(4) });
      }
      const g = $("#f-games").value;
      const games = g === "open" ? null : Number(g);
      const body = {
        name: $("#f-name").value.trim(), rules: $("#f-rules").value,
        games, public: $("#f-public").checked,
        bot_takeover: $("#f-takeover").checked, takeover_level: $("#f-takeover-level").value,
        bot_delay_ms: Number($("#f-delay").value), seats,
        pflichtsoli: games !== null && games < 4 ? false : $("#f-pflicht").checked,
        chat: $("#f-chat").value,
        hints: $("#f-hints") ? $("#f-hints").checked : true,
        options: chosenOptions(),
      };
      const err = $("#create-error");
      err.hidden = true;
      try {
        const r = await api("/api/tables", { method: "POST",
          headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
        localStorage.setItem("doko.invites." + r.code, JSON.stringify(r.seats));
        localStorage.setItem("doko.spectate." + r.code, r.spectate);
        location.href = r.seats[0].invite;
      } catch (e) { err.textContent = e.message; err.hidden = false; }
    });
    // the Pflichtsolo rule of the chosen length, explained before the table is opened
    const pflichtNote = () => {
      const g = $("#f-games").value;
      const games = g === "open" ? null : Number(g);
      const box = $("#f-pflicht");
      box.disabled = games !== null && games < 4;
      if (box.disabled) box.checked = false;
      $("#f-pflicht-note").textContent = pflichtText(games, box.checked);
      $("#f-pflicht-note").classList.toggle("warn", games !== null && games >= 4 && games < 8 && box.checked);
    };
    $("#f-games").addEventListener("change", () => {
      const g = $("#f-games").value;
      $("#f-pflicht").checked = g !== "open" && Number(g) >= 4;
      pflichtNote();
    });
    $("#f-pflicht").addEventListener("change", pflichtNote);
    $("#f-rules").addEventListener("change", renderOptions);
    S.pflichtNote = pflichtNote;
    $("#code-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const c = $("#f-code").value.toUpperCase().replace(/[^A-Z0-9]/g, "");
      if (c) location.href = `/t/${c}`;
    });
    api("/api/meta").then((m) => { META = m; }).catch(() => {}).finally(renderLobby);
    setInterval(() => { if (!document.hidden) loadPublic(); }, 8000);
  }

  // ================================================================== the table
  const S = { code: null, token: null, spectate: null, ws: null, state: null, sheet: null, seat: null, leaving: false,
              backoff: 400, thinking: null, offset: 0, shownResult: 0, ref: 0,
              resync: false, updates: 0, resyncs: 0 };

  function send(msg) {
    if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(msg));
  }
  function act(action) { send({ type: "action", action, ref: ++S.ref }); }

  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${S.code}`);
    S.ws = ws;
    ws.onopen = () => {
      S.backoff = 400;
      S.resync = false;  // a new connection starts with a whole state
      const hello = { type: "hello", token: S.token, lang };
      const name = localStorage.getItem("doko.name");
      if (S.token && name && !localStorage.getItem("doko.named." + S.code)) {
        hello.name = name;
        localStorage.setItem("doko.named." + S.code, "1");
      }
      ws.send(JSON.stringify(hello));
      $("#conn").hidden = true;
    };
    ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
    ws.onclose = () => {
      if (S.ws !== ws) return;
      $("#conn").textContent = t("disconnected");
      $("#conn").hidden = false;
      if (!S.leaving) setTimeout(connect, S.backoff = Math.min(S.backoff * 2, 8000));
    };
  }

  function onMessage(m) {
    switch (m.type) {
      case "welcome":
        S.seat = m.seat;
        if (m.seat !== null) for (const seat of mutedSeats()) send({ type: "mute", seat, mute: true });
        if (m.spectate) { S.spectate = m.spectate; localStorage.setItem("doko.spectate." + S.code, m.spectate); }
        break;
      case "state":
        S.resync = false;
        if ("sheet" in m) S.sheet = m.sheet;  // sent only when it changed
        else m.sheet = S.sheet;
        showState(m);
        break;
      case "update":
        // what changed since the state of version m.base; anything else means a message was
        // missed: ask for the whole state and ignore updates until it comes. (m.ack, in the
        // update after this page's own action, answers it; the page waits for no answers.)
        if (!S.state || m.base !== S.state.version) {
          if (!S.resync) { S.resync = true; S.resyncs++; send({ type: "state" }); }
          break;
        }
        S.updates++;
        showState(applyUpdate(S.state, m));
        break;
      case "thinking":
        S.thinking = { seat: m.seat, since: m.since };
        renderThinking();
        break;
      case "error":
        toast(m.message + (m.rule && !String(m.message).includes(m.rule) ? ` (TSR ${m.rule})` : ""));
        if (["bad_token", "no_table", "rate_limited", "too_many_connections", "busy"].includes(m.error)) { S.leaving = true; }
        break;
      case "left":
        S.leaving = true;
        location.href = "/";
        break;
      case "chat":
        onChat(m);
        break;
      default: break;
    }
  }

  function showState(st) {
    S.state = st;
    S.offset = Date.now() / 1000 - st.now;
    S.thinking = st.thinking;
    render();
  }

  // an update (docs/server.md) applied to the state it is based on: a new state object
  function applyUpdate(st, m) {
    if ("sheet" in m) S.sheet = m.sheet;
    const out = Object.assign({}, st, { version: m.version, now: m.now, sheet: S.sheet });
    if ("table" in m) out.table = m.table;
    if ("thinking" in m) out.thinking = m.thinking;
    if ("game" in m) out.game = m.game;
    else if (m.change && st.game) {
      const c = m.change;
      const g = Object.assign({}, st.game, c.game || {});
      g.view = Object.assign({}, st.game.view, c.view || {});
      if (c.history) g.view.history = st.game.view.history.concat(c.history);
      if (c.tricks) g.view.tricks = st.game.view.tricks.concat(c.tricks);
      out.game = g;
    }
    return out;
  }

  let toastTimer = 0;
  function toast(msg) {
    const el = $("#toast");
    el.textContent = msg;
    el.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { el.hidden = true; }, 5000);
  }

  const me = () => (S.state && S.state.you !== null && S.state.you !== undefined ? S.state.you : null);
  const viewSeat = () => (me() === null ? 0 : me());
  const names = () => S.state.table.seats.map((s) => s.name);

  function contractText(g) {
    const v = g.view;
    if (!g.contract_label) return "";
    let s = g.contract_label[lang];
    if (v.contract && v.contract.startsWith("solo_") && v.soloist !== null) {
      if (v.vorfuehrung !== null && v.vorfuehrung !== undefined) s += ", " + t("vorfuehrung");
      else if (v.owes_pflichtsolo[v.soloist]) s += ", " + t("pflichtsolo");
      else s += ", " + t("lustsolo");
    }
    return s;
  }

  function render() {
    const st = S.state;
    if (!st) return;
    const tb = st.table;
    const g = st.game;
    const you = me();
    $("#title").textContent = `${tb.name ? tb.name + " · " : ""}${tb.code}` +
      (tb.round ? ` · ${t("round_n", tb.round.number)} · ` +
        (tb.round.games_total ? t("of_total", tb.round.games_played, tb.round.games_total)
                              : t("played_n", tb.round.games_played)) : "") +
      (tb.practice ? ` · ${t("practice", tb.seed)}` : "") +
      (you === null ? ` · ${t("spectator")}` : "");
    $("#btn-sheet").hidden = !st.sheet;
    $("#btn-archive").hidden = false;
    $("#btn-invite").hidden = false;
    $("#btn-leave").hidden = you === null;
    $("#btn-chat").hidden = !chatReadable();
    if ($("#btn-chat").hidden && !$("#chat").hidden) toggleChat(false);
    renderSeats();
    renderCenter();
    renderControls();
    renderChatTools();
    if ($("#chat-log").dataset.lang && $("#chat-log").dataset.lang !== lang) renderChatLog(true);
    const id = modalId();
    if (g && g.over && S.shownResult !== g.number && (g.closed || !g.done_needed) && !animBusy()) {
      S.shownResult = g.number;
      showResult();
    } else if (id === "result") showResult();
    else if (id === "sheet") showSheet();
  }

  function seatPanel(seat) {
    const st = S.state;
    const info = st.table.seats[seat];
    const g = st.game;
    const v = g ? g.view : null;
    const turn = v && !g.over && v.to_move === seat && st.table.status !== "waiting";
    const badges = [];
    if (v && v.dealer === seat) badges.push(h("span", { class: "badge dealer" }, t("dealer")));
    if (info.controller === "bot") {
      badges.push(h("span", { class: "badge bot" },
        info.kind === "bot" ? `${t("bot")} (${levelLabel(info.level)})`
          : `${t("bot_plays")} (${levelLabel(info.level)})`));
    } else if (info.controller === null) {
      badges.push(h("span", { class: "badge" }, t("waiting_seat")));
    } else if (!info.connected) {
      badges.push(h("span", { class: "badge" }, t("offline")));
    }
    if (v) {
      const p = v.parties[seat];
      if (p) badges.push(h("span", { class: "badge " + p }, partyName(p)));
      const mine = v.calls.filter((c) => c.seat === seat);
      if (mine.length) {
        const top = mine[mine.length - 1];
        badges.push(h("span", { class: "badge call" }, callText(top.party, top.level)));
      }
      // announced Schweinchen (house rules): the highest level this seat announced
      const pigLevels = ["pigs", "superpigs", "hyperpigs"];
      const pigs = (v.pigs || []).map((s, i) => (s === seat ? i : -1)).filter((i) => i >= 0);
      if (pigs.length) badges.push(h("span", { class: "badge call" }, t(pigLevels[pigs[pigs.length - 1]])));
      if (v.phase === "query" || v.phase === "naming") {
        const said = v.history.filter((a) => a.seat === seat && a.action !== "play");
        const last = said[said.length - 1];
        // a Vorbehalt taken back (TSR 4.1.2): the badge says so, not the button's words
        if (last) badges.push(h("span", { class: "badge say" }, last.action === "withdraw" ? t("withdrawn") : actionText(last)));
      }
      if (!g.closed) badges.push(h("span", { class: "badge" }, v.hand_sizes[seat] === 1 ? t("cards_1") : t("cards_n", v.hand_sizes[seat])));
    }
    if (g && g.closed && st.table.status === "playing" && info.controller === "human" && info.ready) {
      badges.push(h("span", { class: "badge" }, "✓"));
    }
    const isMe = seat === me();
    return h("div", { class: `seat${turn ? " turn" : ""}`, "data-seat": seat },
      h("div", { class: "name" }, h("span", { class: `dot${info.connected || info.controller === "bot" ? " on" : ""}` }),
        info.name, isMe ? h("button", { class: "badge", style: "border:none;cursor:pointer;color:#fff",
                                        title: t("rename"), onclick: renameDialog }, "✎") : null),
      h("div", { class: "badges" }, badges),
      h("div", { class: "think", "data-think": seat }),
      bubbleOf(seat));
  }

  function renderSeats() {
    const base = viewSeat();
    for (let i = 0; i < 4; i++) {
      const seat = (base + i) % 4;
      $(`#pos-${i}`).replaceChildren(seatPanel(seat));
    }
    renderThinking();
  }

  function renderThinking() {
    document.querySelectorAll("[data-think]").forEach((el) => {
      const th = S.thinking;
      if (th && Number(el.dataset.think) === th.seat) {
        const secs = Math.max(0, Date.now() / 1000 - S.offset - th.since);
        el.textContent = t("thinking", secs.toFixed(1));
      } else el.textContent = "";
    });
  }
  setInterval(() => { if (S.thinking) renderThinking(); }, 200);

  // ------------------------------------------------------------------ the trick in the middle
  // What the middle shows lags the state a little: a completed trick stays in full (not dimmed)
  // for HOLD_MS, then it is collected towards its winner, and only then the next trick's cards
  // appear (those led meanwhile too). Cards enter from their seat's side; with reduced motion
  // (the system's setting or ours) nothing moves, the pause stays.
  const HOLD_MS = 1000;
  const COLLECT_MS = 380;
  const EYES = { A: 11, T: 10, K: 4, Q: 3, J: 2, 9: 0 };
  const A = { game: null, shown: 0, hold: null, holdFor: -1, collecting: false, keys: new Set(),
              primed: false, dealAt: 0, myTurn: false };
  const animBusy = () => A.hold !== null || A.collecting;

  function collectTrick(v) {
    const trick = $("#trick");
    const last = v.tricks[A.holdFor];
    const index = A.holdFor;
    A.hold = null;
    A.collecting = true;
    const done = () => {
      A.collecting = false;
      A.shown = Math.max(A.shown, index + 1);
      A.keys = new Set();
      trick.classList.remove("collect", "to-p0", "to-p1", "to-p2", "to-p3");
      render();
    };
    if (calm() || !last) { done(); return; }
    sound("collect");
    trick.classList.add("collect", `to-p${(last.winner - viewSeat() + 4) % 4}`);
    setTimeout(done, COLLECT_MS);
  }

  function trickCards(g) {
    // the cards the middle shows now, and the winner if it is a completed trick held
    const v = g.view;
    if (A.game !== g.number) {  // another game (or the first state): nothing to replay
      A.game = g.number;
      A.shown = v.tricks.length;
      A.keys = new Set();
      if (A.hold) clearTimeout(A.hold);
      A.hold = null;
      A.holdFor = -1;
      A.collecting = false;
    }
    if (v.tricks.length > A.shown) {
      const index = v.tricks.length - 1;  // more than one behind: show only the newest
      if (A.hold && A.holdFor < index) {
        // the next trick is complete already: the one held goes to its winner now
        clearTimeout(A.hold);
        collectTrick(v);
        return null;  // collected (and drawn again when done)
      }
      if (A.holdFor !== index && !A.collecting) {
        if (A.hold) clearTimeout(A.hold);
        if (A.holdFor !== -1 && A.holdFor < index) A.keys = new Set();
        A.holdFor = index;
        A.hold = setTimeout(() => collectTrick(S.state.game.view), HOLD_MS);
        const tr = v.tricks[index];
        const eyes = tr.cards.reduce((sum, c) => sum + EYES[c[0]], 0);
        announce(tw("sr.trick_to", { name: seatWho(tr.winner), eyes }));
      }
      const tr = v.tricks[A.holdFor];
      return { trick: A.holdFor, winner: tr.winner,
               cards: tr.cards.map((c, i) => ({ seat: (tr.leader + i) % 4, card: c })) };
    }
    return { trick: v.tricks.length, winner: null, cards: v.trick };
  }

  // a seat as the page names it: "du"/"you" for one's own
  function seatWho(seat) {
    return seat === me() ? tw("chat.you") : names()[seat];
  }

  function drawTrick(g) {
    const trick = $("#trick");
    if (A.collecting) return;  // the cards are on their way to the winner
    const shown = trickCards(g);
    if (shown === null) return;
    const base = viewSeat();
    const old = new Map([...trick.children].map((el) => [el.dataset.key, el]));
    const els = [];
    for (const c of shown.cards) {
      const key = `${g.number}:${shown.trick}:${c.seat}`;
      const pos = (c.seat - base + 4) % 4;
      let el = old.get(key);
      if (!el) {
        el = cardEl(c.card, `p${pos}`);
        el.dataset.key = key;
        if (A.primed && !A.keys.has(key)) {
          if (!calm()) el.classList.add("enter");
          sound("play");
          announce(c.seat === me() ? tw("sr.you_play", { card: cardName(c.card) })
                                   : tw("sr.plays", { name: names()[c.seat], card: cardName(c.card) }));
        }
      }
      A.keys.add(key);
      el.classList.toggle("winner", c.seat === shown.winner);
      els.push(el);
    }
    trick.replaceChildren(...els);
    A.primed = true;
  }

  function renderCenter() {
    const st = S.state;
    const g = st.game;
    const trick = $("#trick");
    const status = [];
    if (st.table.status === "waiting") {
      const missing = st.table.seats.filter((s) => s.controller === null).map((s) => s.name);
      status.push(t("waiting_players", missing.join(", ")));
    }
    renderWaiting();
    if (!g) trick.replaceChildren();
    if (g) {
      const v = g.view;
      drawTrick(g);
      const you = me();
      const n = names();
      if (g.over) {
        const r = g.result;
        status.push(`${t("game_n", g.number)}: ${r.winner === "re" ? t("re_wins") : r.winner === "kontra" ? t("kontra_wins") : t("nobody_wins")}` +
          ` · Re ${r.re_eyes} : ${r.kontra_eyes} Kontra`);
        if (g.closed && st.table.status === "playing") {
          const wait = st.table.seats.filter((s) => s.controller === "human" && s.connected && !s.ready).map((s) => s.name);
          if (wait.length) status.push(t("waiting_next", wait.join(", ")));
        }
        if (st.table.status === "over") status.push(t("round_over"));
      } else if (v.phase === "query") {
        status.push(v.to_move === you ? t("query_you") : t("query_of", n[v.to_move]));
      } else if (v.phase === "naming") {
        if (v.vorfuehrung !== null && v.vorfuehrung !== undefined) {
          status.push(v.to_move === you ? tw("status.vorf_you") : tw("status.vorf_of", { name: n[v.to_move] }));
        } else status.push(v.to_move === you ? t("naming_you") : t("naming_of", n[v.to_move]));
      } else {
        const c = contractText(g);
        status.push((c ? c + " · " : "") + (v.to_move === you ? t("your_turn") : t("turn_of", n[v.to_move])));
      }
    }
    $("#status").replaceChildren(...status.map((s) => h("div", {}, s)));
  }

  // ------------------------------------------------------------------ the waiting screen
  // the Pflichtsolo rule of a round of this length, said before the first game (TSR 4.2.3)
  function pflichtText(games, pflicht) {
    if (games === null || games === undefined) return pflicht ? tw("pflicht.open") : tw("pflicht.none_open");
    if (games === 1) return tw("pflicht.one_game");
    if (games < 4) return tw("pflicht.too_short", { games });
    if (!pflicht) return tw("pflicht.none");
    const free = games - 4;
    const start = games - 3;
    if (free === 0) return tw("pflicht.all", { games });
    if (free < 4) return tw("pflicht.short", { games, free, start });
    return tw("pflicht.normal", { games, start });
  }

  // the invitation links, saved in this browser when it opened the table: only for the seat
  // that opened it (its key is the first saved one), never for anybody else
  function savedInvites() {
    const saved = JSON.parse(localStorage.getItem("doko.invites." + S.code) || "null");
    if (!Array.isArray(saved) || !saved.length || !S.token || saved[0].token !== S.token) return null;
    return saved;
  }

  function copyButton(getUrl, label, extra) {
    return h("button", Object.assign({ type: "button", class: "copy", onclick: (e) => {
      const btn = e.currentTarget;
      const url = getUrl();
      const done = () => { btn.textContent = t("copied"); setTimeout(() => { btn.textContent = label; }, 1500); };
      const fallback = () => {
        const inp = btn.parentElement.querySelector("input");
        if (inp) { inp.select(); document.execCommand("copy"); }
        done();
      };
      if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, fallback);
      else fallback();
    } }, extra || {}), label);
  }

  function renderWaiting() {
    const st = S.state;
    const box = $("#waitbox");
    if (st.table.status !== "waiting") { box.hidden = true; box.replaceChildren(); return; }
    const tb = st.table;
    const items = [h("p", { class: "pflicht-note", id: "wait-pflicht" }, pflichtText(tb.games_total, tb.pflichtsoli)),
                   h("p", { class: "muted", id: "wait-rules" }, `${t("table_options")}: ${rulesLine(tb.rules, tb.rules_options)}`)];
    const saved = savedInvites();
    if (saved && me() !== null) {
      const rows = saved.filter((x) => x.invite && x.seat !== 0).map((x) => {
        const url = location.origin + x.invite;
        const seat = tb.seats[x.seat];
        return h("div", { class: "invite", "data-invite": x.seat + 1 },
          h("span", { class: "who" }, `${t("seat_n", x.seat + 1)} – ${seat.name}`,
            seat.joined && !seat.left ? h("span", { class: "badge" }, " ✓ " + tw("invite.joined")) : null),
          h("input", { value: url, readonly: true, "aria-label": tw("invite.copy_seat", { n: x.seat + 1 }),
                       onfocus: (e) => e.target.select() }),
          copyButton(() => url, t("copy"), { "aria-label": tw("invite.copy_seat", { n: x.seat + 1 }) }));
      });
      if (rows.length) {
        items.unshift(h("div", { class: "invites", id: "wait-invites" },
          h("h3", {}, tw("invite.waiting_title")), h("p", { class: "muted" }, tw("invite.waiting_help")), rows));
      }
    }
    box.replaceChildren(...items);
    box.hidden = false;
  }

  function renderControls() {
    const st = S.state;
    const g = st.game;
    const you = me();
    const bar = $("#actions");
    const hand = $("#hand");
    // keyboard focus survives the redraw: on the same button, or on the chosen card
    const active = document.activeElement;
    const focusAct = active && bar.contains(active) ? active.dataset.act : null;
    const focusHand = !!(active && hand.contains(active));
    bar.replaceChildren();
    hand.replaceChildren();
    hand.classList.remove("myturn");
    if (you !== null && st.table.status === "waiting") {
      bar.append(h("button", { class: "go", "data-act": "start", onclick: () => send({ type: "start" }) }, t("start_bots")));
    }
    if (!g) return;
    const v = g.view;
    if (you !== null) {
      const deadlines = new Map(g.calls.map((c) => [c.action.call, c]));
      for (const a of v.legal_actions) {
        if (a.action === "play") continue;
        const label = [actionText(a)];
        let cls = "";
        if (a.action === "call") {
          cls = "call";
          const d = deadlines.get(a.call);
          if (d && !g.over) label.push(h("small", {}, d.have <= d.need ? t("last_chance") : t("until_cards", d.need)));
        }
        const data = a.action + (a.solo ? ":" + a.solo : "") + (a.call ? ":" + a.call : "") +
          (a.partner !== undefined ? ":" + a.partner : "");
        bar.append(h("button", { class: cls, "data-act": data, onclick: () => {
          if (a.action === "concede" && !confirm(t("confirm_concede"))) return;
          const { seat, ...rest } = a;
          act(rest);
        } }, ...label));
      }
      // what the calls cost if one waits (doko.engine.callhints: TSR 6.4), from the server
      if (g.call_hint && !g.over && g.call_hint[lang] && g.call_hint[lang].length) {
        bar.append(h("div", { class: "call-hint", id: "call-hint" }, g.call_hint[lang].map((line) => h("div", {}, line))));
      }
      if (g.done_needed) bar.append(h("button", { "data-act": "done", onclick: () => send({ type: "done" }) }, t("done")));
      if (g.closed && st.table.status === "playing") {
        const mine = st.table.seats[you];
        bar.append(h("button", { class: "go", "data-act": "next", disabled: mine.ready,
                                 onclick: () => send({ type: "next" }) }, t("next")));
      }
      if (st.table.status === "over") {
        bar.append(h("button", { class: "go", "data-act": "new_round", onclick: () => send({ type: "new_round" }) }, t("new_round")));
      }
    }
    // Armut and Schmeißen (house rules): what the table was told
    const seatName = (x) => (st.table.seats[x] && st.table.seats[x].name) || t("seat_n", x + 1);
    // (the exchange as below, where the hand is drawn: cards chosen in the naming phase)
    if (v.phase === "naming" && v.legal_actions.some((a) => a.action === "play") && v.to_move === you) {
      const done = v.poor === you ? v.armut_given.length : v.armut_returned.length;
      bar.append(h("div", { class: "call-hint", id: "armut-hint" },
        t(v.poor === you ? "armut_give" : "armut_return", v.armut_cards - done)));
    }
    if (v.taker !== null && v.taker !== undefined && v.armut_trumps_back !== null) {
      bar.append(h("div", { class: "call-hint", id: "armut-info" },
        t("armut_info", seatName(v.poor), seatName(v.taker), v.armut_trumps_back)));
    }
    if (v.thrower !== null && v.thrower !== undefined) {
      bar.append(h("div", { class: "call-hint", id: "thrown" },
        t("thrown", seatName(v.thrower), v.thrown_hand.map(cardName).join(" "))));
    }
    if (g.over) bar.append(h("button", { "data-act": "result", onclick: showResult }, t("result")));
    if (v.tricks.length && !g.over) bar.append(h("button", { "data-act": "last", onclick: showLastTrick }, t("last_trick")));
    if (focusAct) {
      const again = bar.querySelector(`button[data-act="${CSS.escape(focusAct)}"]`);
      if (again) again.focus();
    }
    if (you === null) return;
    const legal = new Set(v.legal_actions.filter((a) => a.action === "play").map((a) => a.card));
    // the Armut's exchange (house rule): cards are chosen in the naming phase too
    const exchange = v.phase === "naming" && legal.size > 0;
    const myTurn = (v.phase === "play" || exchange) && v.to_move === you && !g.over;
    if (myTurn) hand.classList.add("myturn");
    // dealing: the cards fly in one after the other (a redraw meanwhile goes on where it was)
    const fresh = !g.over && v.tricks.length === 0 && v.trick.length === 0 && v.hand.length >= 10;
    if (fresh && A.dealtGame !== g.number) {
      A.dealtGame = g.number;
      if (A.primed || S.updates === 0) {
        A.dealAt = performance.now();
        sound("deal");
        announce(tw("sr.dealt", { n: g.number }));
      }
    }
    const dealing = !calm() && performance.now() - A.dealAt < 1200;
    const since = performance.now() - A.dealAt;
    if (A.sel >= v.hand.length) A.sel = v.hand.length - 1;
    if (myTurn && !legal.has(v.hand[A.sel])) A.sel = v.hand.findIndex((c) => legal.has(c));
    if (A.sel < 0) A.sel = 0;
    v.hand.forEach((code, i) => {
      const ok = legal.has(code);
      const el = cardEl(code, myTurn ? (ok ? "legal" : "illegal") : "");
      el.setAttribute("role", "button");
      el.setAttribute("tabindex", i === A.sel ? "0" : "-1");
      el.setAttribute("aria-label", myTurn && ok ? tw("sr.legal", { card: cardName(code) }) : cardName(code));
      if (myTurn && !ok) el.setAttribute("aria-disabled", "true");
      el.dataset.index = i;
      if (i === A.sel) el.classList.add("sel");
      if (myTurn && ok) el.addEventListener("click", () => act({ action: "play", card: code }));
      el.addEventListener("focus", () => { A.sel = i; markSel(); });
      if (dealing) {
        el.classList.add("deal");
        el.style.animationDelay = `${i * 45 - since}ms`;
      }
      hand.append(h("div", { class: "slot" }, el));
    });
    // my turn begins: say so, and put the keyboard on a card (or the first answer) unless the
    // person is typing somewhere else
    const turnNow = !g.over && v.to_move === you && ["play", "query", "naming"].includes(v.phase);
    if (turnNow && !A.myTurn) {
      sound("turn");
      announce(t("your_turn"));
      const free = !document.activeElement || document.activeElement === document.body ||
        hand.contains(document.activeElement) || bar.contains(document.activeElement);
      if (free && $("#modal").hidden) {
        if (myTurn) focusCard(A.sel);
        else { const b = bar.querySelector("button"); if (b) b.focus(); }
      }
    } else if (focusHand && myTurn) focusCard(A.sel);
    else if (focusHand) { const c = hand.querySelector(".card.sel"); if (c) c.focus(); }
    A.myTurn = turnNow;
  }

  // ------------------------------------------------------------------ keyboard
  A.sel = 0;
  function markSel() {
    document.querySelectorAll("#hand .card").forEach((el) => {
      const on = Number(el.dataset.index) === A.sel;
      el.classList.toggle("sel", on);
      el.setAttribute("tabindex", on ? "0" : "-1");
    });
  }
  function focusCard(i) {
    const cards = document.querySelectorAll("#hand .card");
    if (!cards.length) return;
    A.sel = Math.max(0, Math.min(cards.length - 1, i));
    markSel();
    cards[A.sel].focus();
  }
  function playSelected() {
    const el = document.querySelectorAll("#hand .card")[A.sel];
    if (!el) return;
    if (el.classList.contains("legal")) el.click();
    else if ($("#hand").classList.contains("myturn")) toast(tw("keys.not_legal", { card: cardName(el.dataset.card) }));
  }
  // the chosen card is marked while the keyboard is used (not after a click or a touch)
  document.addEventListener("pointerdown", () => document.body.classList.remove("kbd"), true);
  document.addEventListener("keydown", (e) => {
    if (["ArrowLeft", "ArrowRight", "Tab", "Enter", " "].includes(e.key) || /^[0-9]$/.test(e.key)) {
      document.body.classList.add("kbd");
    }
    if (!S.code || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target;
    const tag = (target && target.tagName || "").toLowerCase();
    if (e.key === "Escape") {
      if (modalId() || !$("#modal").hidden) { closeModal(); e.preventDefault(); }
      else if (!$("#chat").hidden) { toggleChat(false); e.preventDefault(); }
      return;
    }
    if (["input", "textarea", "select"].includes(tag) || !$("#modal").hidden) return;
    const inHand = target && $("#hand").contains(target);
    const n = document.querySelectorAll("#hand .card").length;
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      if (!n) return;
      e.preventDefault();
      focusCard((A.sel + (e.key === "ArrowRight" ? 1 : -1) + n) % n);
    } else if (/^[0-9]$/.test(e.key)) {
      if (!n) return;
      e.preventDefault();
      focusCard(e.key === "0" ? 9 : Number(e.key) - 1);
    } else if ((e.key === "Enter" || e.key === " ") && (inHand || target === document.body)) {
      if (!n) return;
      e.preventDefault();
      playSelected();
    } else if (e.key === "c" || e.key === "C") {
      if (!$("#btn-chat").hidden) { e.preventDefault(); toggleChat(true); }
    } else if (e.key === "l" || e.key === "L") {
      const g = S.state && S.state.game;
      if (g && g.view.tricks.length) { e.preventDefault(); showLastTrick(); }
    }
  });

  // ------------------------------------------------------------------ dialogs
  function showLastTrick() {
    const v = S.state.game.view;
    const last = v.tricks[v.tricks.length - 1];
    const n = names();
    openModal("last", h("h2", {}, `${t("last_trick")} (${t("trick_n", v.tricks.length)})`),
      h("div", { class: "replay-trick" }, last.cards.map((c, i) => {
        const seat = (last.leader + i) % 4;
        return h("div", { class: "pc" }, cardEl(c, seat === last.winner ? "winner" : ""), n[seat]);
      })),
      h("p", {}, `${n[last.winner]} ${t("trick_winner")}`));
  }

  function resultBox(res, row, nm) {
    const winner = res.winner === "re" ? t("re_wins") : res.winner === "kontra" ? t("kontra_wins") : t("nobody_wins");
    const scores = row ? row.scores : res.scores;
    return [
      h("p", {}, h("b", {}, winner), ` · ${res.contract[lang]} · Re ${res.re_eyes} ${t("eyes")} (${res.re_tricks} ${t("tricks")}) : Kontra ${res.kontra_eyes} ${t("eyes")} (${res.kontra_tricks} ${t("tricks")})`),
      h("div", { class: "scores" }, nm.map((name, i) => h("div", {},
        h("span", {}, name), h("span", { class: "muted" }, ` ${res.re_seats.includes(i) ? "Re" : "Kontra"}`),
        h("b", { class: numCls(scores[i]) }, signed(scores[i]))))),
      row && row.bock ? h("p", {}, t("bock", row.multiplier)) : null,
      h("table", { class: "grid", id: "breakdown" },
        h("thead", {}, h("tr", {}, h("th", { class: "l" }, t("item")), h("th", { class: "l" }, t("party")),
          h("th", {}, t("points")), h("th", {}, t("clause")))),
        h("tbody", {}, res.items.map((it) => h("tr", {},
          h("td", { class: "l" }, it[lang]), h("td", { class: "l" }, partyName(it.party)),
          h("td", {}, it.points), h("td", {}, it.clause))))),
    ];
  }

  function showResult() {
    const st = S.state;
    const g = st.game;
    if (!g || !g.result) return;
    const you = me();
    const buttons = [];
    if (you !== null && g.closed && st.table.status === "playing") {
      buttons.push(h("button", { class: "primary", "data-act": "next", disabled: st.table.seats[you].ready,
                                 onclick: () => { send({ type: "next" }); closeModal(); } }, t("next")));
    }
    if (g.done_needed) buttons.push(h("button", { "data-act": "done", onclick: () => send({ type: "done" }) }, t("done")));
    buttons.push(h("button", { onclick: showSheet }, t("sheet")));
    if (g.closed) buttons.push(h("button", { onclick: () => showGame(g.number) }, t("replay")));
    openModal("result", h("div", { id: "result" },
      h("h2", {}, `${t("game_over")} – ${t("game_n", g.number)}`),
      ...resultBox(g.result, g.row, names()),
      st.table.status === "over" ? h("p", {}, h("b", {}, t("round_over"))) : null,
      h("div", { class: "row", style: "margin-top:.8rem" }, buttons)));
  }

  function sheetTable(sheet, nm, clickable) {
    const dealerName = (d) => nm[d] ?? d + 1;
    // narrow screens: the dealer column goes, each score cell holds the game's points over the
    // running total, names are cut (the full name in the title)
    return h("div", { class: "scroll-x sheet-wrap" }, h("table", { class: "grid sheet", id: "sheet-table" },
      h("thead", {}, h("tr", {}, h("th", { class: "l" }, t("nr")), h("th", { class: "l c-dealer" }, t("dealer")),
        h("th", { class: "l c-kind" }, t("kind")), nm.map((n) => h("th", { class: "nm", title: n }, h("span", { class: "nm-in" }, n))))),
      h("tbody", {}, sheet.rows.map((r) => h("tr", {
        class: clickable && r.game ? "click" : "", "data-game": r.game,
        onclick: clickable && r.game ? () => showGame(r.game) : null },
        h("td", { class: "l" }, r.number), h("td", { class: "l c-dealer" }, dealerName(r.dealer)),
        h("td", { class: "l c-kind" }, (r.label ? r.label[lang] : r.kind) + (r.bock ? ` ×${r.multiplier}` : "")),
        r.scores.map((s, i) => h("td", { class: "sc" }, h("span", { class: numCls(s) }, signed(s)), h("span", { class: "muted tot" }, ` ${r.totals[i]}`)))))),
      h("tfoot", {}, h("tr", {}, h("td", { class: "l" }, t("total")), h("td", { class: "c-dealer" }),
        h("td", { class: "c-kind" }),
        sheet.totals.map((s) => h("td", { class: numCls(s) }, s))))));
  }

  function showSheet() {
    const st = S.state;
    if (!st || !st.sheet) return;
    const sh = st.sheet;
    const nm = names();
    const owing = sh.owes_pflichtsolo.map((o, i) => (o ? nm[i] : null)).filter(Boolean);
    openModal("sheet", h("h2", {}, `${t("sheet")} – ${t("round_n", st.table.round ? st.table.round.number : 1)}`),
      sheetTable(sh, nm, true),
      h("p", { class: "muted" }, [
        sh.games_left !== null ? t("games_left", sh.games_left) : "",
        sh.games_total !== null && owing.length ? t("owes", owing.join(", ")) : "",
      ].filter(Boolean).join(" · ")));
  }

  async function showArchive() {
    try {
      const { rounds } = await api(`/api/tables/${S.code}/rounds`);
      const items = [];
      for (const r of rounds) {
        items.push(h("h3", {}, t("round_n", r.number)));
        if (!r.games.length) items.push(h("p", { class: "muted" }, t("no_games")));
        else {
          const sheet = await api(`/api/tables/${S.code}/rounds/${r.number}/sheet`);
          items.push(sheetTable(sheet, sheet.names || names(), true));
        }
      }
      if (!rounds.length) items.push(h("p", { class: "muted" }, t("no_games")));
      openModal("archive", h("h2", {}, t("archive")), ...items);
    } catch (e) { toast(e.message); }
  }

  async function showGame(number) {
    let d;
    try { d = await api(`/api/tables/${S.code}/games/${number}`); } catch (e) { toast(e.message); return; }
    const nm = d.names;
    const body = h("div", { id: "game-detail" });
    let step = 0;
    function drawReplay() {
      const played = new Map();
      const remove = (seat, card) => {
        const k = seat + card;
        played.set(k, (played.get(k) || 0) + 1);
      };
      for (let i = 0; i < step; i++) for (const c of d.tricks[i].cards) remove(c.seat, c.card);
      const shown = d.hands.map((hand, seat) => {
        const counts = new Map();
        return hand.filter((c) => {
          const k = seat + c;
          const n = (counts.get(k) || 0) + 1;
          counts.set(k, n);
          return n > (played.get(k) || 0);
        });
      });
      const tr = step > 0 ? d.tricks[step - 1] : null;
      const calls = d.calls.filter((c) => c.trick === step);
      box.replaceChildren(...kids([
        h("div", { class: "replay-nav" },
          h("button", { onclick: () => { if (step > 0) { step--; drawReplay(); } }, disabled: step === 0 }, t("prev")),
          h("b", {}, step === 0 ? t("dealt") : t("trick_n", step)),
          h("button", { "data-act": "replay-next", onclick: () => { if (step < d.tricks.length) { step++; drawReplay(); } },
                        disabled: step >= d.tricks.length }, t("nextb")),
          tr ? h("span", {}, t("won_by", nm[tr.winner], tr.eyes)) : null),
        tr ? h("div", { class: "replay-trick" }, tr.cards.map((c) => h("div", { class: "pc" },
          cardEl(c.card, c.seat === tr.winner ? "small winner" : "small"), nm[c.seat]))) : null,
        calls.length ? h("p", {}, `${t("calls_made")}: ` + calls.map((c) => `${nm[c.seat]}: ${t(c.call)}`).join(", ")) : null,
        h("div", { class: "replay-hands" }, shown.map((hand, seat) => h("div", { class: "rh" },
          h("span", { class: "who" }, nm[seat] + (seat === d.dealer ? ` (${t("dealer")})` : "")),
          h("div", { class: "mini-cards" }, hand.map((c) => cardEl(c, "small"))))))]));
    }
    const box = h("div", { class: "replay" });
    body.append(...kids([h("h2", {}, `${t("game_n", d.number)} · ${t("round_n", d.round)}`),
      ...resultBox(d.result, d.row || null, nm),
      h("p", {}, h("a", { href: d.record_url, download: `doko-${S.code}-${d.number}.json`, id: "record-link",
                          onclick: (e) => downloadRecord(e, d) }, t("download"))),
      h("h3", {}, t("replay")), box]));
    drawReplay();
    openModal("game", body);
  }

  // the record of a private table needs the key in a header: fetch it, then save the blob
  async function downloadRecord(ev, d) {
    if (!S.token) return;  // a public table: the plain link works
    ev.preventDefault();
    try {
      const r = await fetch(d.record_url, { headers: { "X-Doko-Key": S.token } });
      if (!r.ok) throw new Error(r.statusText);
      const url = URL.createObjectURL(await r.blob());
      const a = h("a", { href: url, download: `doko-${S.code}-${d.number}.json` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    } catch (e) { toast(e.message); }
  }

  function showInvites() {
    const saved = JSON.parse(localStorage.getItem("doko.invites." + S.code) || "null");
    const row = (label, url) => {
      const inp = h("input", { value: url, readonly: true, onfocus: (e) => e.target.select() });
      return h("div", { class: "invite" }, h("span", {}, label), inp,
        h("button", { onclick: (e) => {
          inp.select();
          const done = () => { e.target.textContent = t("copied"); };
          if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, () => { document.execCommand("copy"); done(); });
          else { document.execCommand("copy"); done(); }
        } }, t("copy")));
    };
    const items = [h("p", {}, `${t("code")}: `, h("b", {}, S.code)), h("p", { class: "muted" }, t("invite_help"))];
    if (S.state) {
      const tb = S.state.table;
      items.push(h("p", { id: "invite-rules" }, `${t("table_options")}: ${rulesLine(tb.rules, tb.rules_options)}`));
    }
    if (saved) {
      for (const s of saved) {
        if (!s.invite) continue;
        items.push(row(`${t("seat_n", s.seat + 1)} – ${S.state ? names()[s.seat] : s.name}`, location.origin + s.invite));
      }
    } else items.push(h("p", { class: "muted" }, t("no_invites")));
    const spectate = S.spectate || localStorage.getItem("doko.spectate." + S.code);
    if (S.state && S.state.table.public) items.push(row(t("spectators"), `${location.origin}/t/${S.code}`));
    else if (spectate) items.push(row(t("spectators"), location.origin + spectate));
    else items.push(h("p", { class: "muted" }, t("no_spectate")));
    openModal("invite", h("h2", {}, t("invite_title")), ...items);
  }

  function renameDialog() {
    const inp = h("input", { value: names()[me()], maxlength: 40 });
    openModal("rename", h("h2", {}, t("rename")), h("form", { onsubmit: (e) => {
      e.preventDefault();
      const name = inp.value.trim();
      if (name) { localStorage.setItem("doko.name", name); send({ type: "name", name }); }
      closeModal();
    } }, h("label", {}, t("name_prompt"), inp), h("button", { class: "primary", type: "submit" }, t("save"))));
    inp.focus();
  }

  // ------------------------------------------------------------------ chat
  // Lines and reactions of the seats. Everything a person wrote goes into the page as text
  // (text nodes, never HTML). Spectators read it only where the table allows it; muting a seat
  // is remembered in this browser and told to the server, which then sends its lines no more.
  const CHAT_MAX_LINES = 100;
  const REACTIONS = ["thumbs", "laugh", "wow", "sorry", "thanks", "hurry"];
  S.chat = [];
  S.unread = 0;
  const bubbles = new Map();
  function chatReadable() {
    const tb = S.state && S.state.table;
    if (!tb || tb.chat === "off") return false;
    return me() !== null || tb.chat === "all";
  }
  function mutedSeats() {
    try {
      const v = JSON.parse(localStorage.getItem("doko.mute." + S.code) || "[]");
      return Array.isArray(v) ? v.filter((x) => Number.isInteger(x) && x >= 0 && x < 4) : [];
    } catch (e) { return []; }
  }
  function setMuted(seat, on) {
    const set = new Set(mutedSeats());
    if (on) set.add(seat); else set.delete(seat);
    localStorage.setItem("doko.mute." + S.code, JSON.stringify([...set]));
    send({ type: "mute", seat, mute: on });
    renderChatLog(true);
    renderChatTools();
  }
  function toggleChat(open) {
    const box = $("#chat");
    const show = open === undefined ? box.hidden : open;
    box.hidden = !show;
    $("#btn-chat").setAttribute("aria-expanded", String(show));
    document.body.classList.toggle("chat-open", show);
    if (show) {
      S.unread = 0;
      renderUnread();
      renderChatLog(true);
      renderChatTools();
      const inp = $("#chat-input");
      if (!$("#chat-form").hidden) inp.focus();
    }
  }
  function renderUnread() {
    const el = $("#chat-unread");
    el.hidden = S.unread === 0;
    el.textContent = S.unread > 9 ? "9+" : String(S.unread);
  }
  function lineText(x) { return x.reaction ? tw("react." + x.reaction) : x.text; }
  function onChat(m) {
    const muted = new Set(mutedSeats());
    const lines = (m.lines || []).filter((x) => !muted.has(x.seat));
    if (m.log) S.chat = lines.slice();
    else S.chat.push(...lines);
    if (S.chat.length > CHAT_MAX_LINES) S.chat.splice(0, S.chat.length - CHAT_MAX_LINES);
    if (!m.log) {
      for (const x of lines) {
        if (x.reaction) {
          bubbles.set(x.seat, { text: lineText(x), until: Date.now() + 3500 });
          setTimeout(() => { if (S.state) renderSeats(); }, 3600);
        }
        if (x.seat !== me()) {
          sound("chat");
          if ($("#chat").hidden) S.unread++;
        }
      }
      if (S.state) renderSeats();
    }
    renderUnread();
    renderChatLog(!!m.log);
  }
  function bubbleOf(seat) {
    const b = bubbles.get(seat);
    if (!b || b.until < Date.now()) return null;
    return h("div", { class: "bubble", "aria-hidden": "true" }, b.text);
  }
  // new lines are added to the log (its live region then says only them); a mute, the log sent
  // on connecting or another language draw it whole
  let chatLastId = 0;
  function renderChatLog(whole) {
    const log = $("#chat-log");
    if (!log || !S.state) return;
    const muted = new Set(mutedSeats());
    const shown = S.chat.filter((x) => !muted.has(x.seat));
    const n = names();
    const li = (x) => h("li", { class: x.reaction ? "react" : "", "data-seat": x.seat, "data-id": x.id },
      h("b", {}, x.seat === me() ? tw("chat.you") : n[x.seat] || t("seat_n", x.seat + 1)), " ",
      h("span", { class: "txt" }, lineText(x)));
    if (whole || !log.querySelector("li[data-id]") || log.dataset.lang !== lang) {
      log.dataset.lang = lang;
      log.replaceChildren(...(shown.length ? shown.map(li) : [h("li", { class: "muted" }, tw("chat.empty"))]));
    } else {
      for (const x of shown) if (x.id > chatLastId) log.append(li(x));
      while (log.children.length > CHAT_MAX_LINES) log.firstChild.remove();
    }
    chatLastId = shown.reduce((m, x) => Math.max(m, x.id), 0);
    log.scrollTop = log.scrollHeight;
  }
  function renderChatTools() {
    if (!S.state || $("#chat").hidden) return;
    const writer = me() !== null;
    $("#chat-form").hidden = !writer;
    $("#chat-reacts").hidden = !writer;
    $("#chat-note").textContent = (writer ? "" : tw("chat.read_only") + " ") + tw("chat.stored");
    const muted = new Set(mutedSeats());
    const n = names();
    $("#chat-mutes").replaceChildren(...[0, 1, 2, 3].filter((seat) => seat !== me()).map((seat) => {
      const on = muted.has(seat);
      return h("button", { type: "button", class: "mute" + (on ? " on" : ""), "data-mute": seat, "aria-pressed": String(on),
                           title: on ? tw("chat.unmute", { name: n[seat] }) : tw("chat.mute", { name: n[seat] }),
                           onclick: () => setMuted(seat, !on) }, n[seat] + (on ? ` (${tw("chat.muted")})` : ""));
    }));
    const reacts = $("#chat-reacts");
    if (writer && reacts.dataset.lang !== lang) {  // made once per language
      reacts.dataset.lang = lang;
      reacts.replaceChildren(...REACTIONS.map((r) => h("button", { type: "button", "data-react": r,
        onclick: () => send({ type: "react", reaction: r, ref: ++S.ref }) }, tw("react." + r))));
    }
  }
  function initChat() {
    $("#btn-chat").addEventListener("click", () => toggleChat());
    $("#chat-close").addEventListener("click", () => toggleChat(false));
    $("#chat-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const inp = $("#chat-input");
      const text = inp.value.trim();
      if (!text) return;
      send({ type: "chat", text, ref: ++S.ref });
      inp.value = "";
    });
  }

  // ------------------------------------------------------------------ settings
  function showSettings() {
    const radios = (name, values, labels) => h("fieldset", { class: "choices" },
      values.map((v, i) => h("label", { class: "check" },
        h("input", { type: "radio", name, value: v, checked: pref(name) === v,
                     onchange: () => { localStorage.setItem("doko." + name, v); changedPrefs(); } }),
        h("span", {}, labels[i]))));
    const soundBox = h("input", { type: "checkbox", id: "set-sound", checked: pref("sound") === "on",
      onchange: (e) => {
        localStorage.setItem("doko.sound", e.target.checked ? "on" : "off");
        if (e.target.checked) sound("turn");
      } });
    openModal("settings", h("h2", {}, tw("settings.title")),
      h("h3", {}, tw("settings.motion")),
      radios("motion", PREFS.motion, [tw("settings.motion_auto"), tw("settings.motion_on"), tw("settings.motion_off")]),
      h("label", { class: "check" }, soundBox, h("span", {}, tw("settings.sound"))),
      h("h3", {}, tw("settings.suits")),
      radios("suits", PREFS.suits, [tw("settings.french"), tw("settings.german")]),
      h("h3", {}, tw("settings.keys")),
      h("p", { id: "keys-help" }, tw("settings.keys_help")),
      S.state && S.state.table.chat !== "off" ? h("p", { class: "muted" }, tw("chat.stored")) : null);
  }
  function changedPrefs() {
    COURT.clear();
    applyPrefs();
    if (S.state) render();
    if (modalId() === "settings") showSettings();
  }
  $("#btn-settings").addEventListener("click", showSettings);
  applyPrefs();

  function initTable(code) {
    S.code = code;
    S.token = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
    applyStaticTexts();
    $("#table").hidden = false;
    $("#btn-sheet").addEventListener("click", showSheet);
    $("#btn-archive").addEventListener("click", showArchive);
    $("#btn-invite").addEventListener("click", showInvites);
    initChat();
    $("#btn-leave").addEventListener("click", () => {
      if (confirm(t("confirm_leave"))) send({ type: "leave" });
    });
    window.addEventListener("hashchange", () => location.reload());
    connect();
  }

  // ------------------------------------------------------------------ start
  const m = location.pathname.match(/^\/t\/([A-Za-z0-9-]+)/);
  if (m) initTable(m[1].toUpperCase().replace(/[^A-Z0-9]/g, ""));
  else initLobby();
  window.doko = { S, send, act, busy: animBusy };
})();
