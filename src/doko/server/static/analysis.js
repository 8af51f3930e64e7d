// doko web table: hints, the analysis of finished games and statistics (docs/analysis.md).
// Standalone beside app.js: it reads the table's state from window.doko.S (kept by app.js),
// asks the server (/api/tables/{code}/hint, /games/{n}/analysis, /stats) and draws its own
// overlay; the charts are SVG drawn here. Words come from the catalogue (/texts.js, web.*).
(() => {
  "use strict";
  const SVGNS = "http://www.w3.org/2000/svg";
  const W = window.DOKO_TEXTS || { de: {}, en: {} };
  const lang = () => (document.documentElement.lang === "en" ? "en" : "de");
  const tx = (key, params) => {
    let s = (W[lang()] || {})["analysis." + key] || (W.de || {})["analysis." + key] || key;
    for (const [k, v] of Object.entries(params || {})) s = s.split("{" + k + "}").join(String(v));
    return s;
  };
  const S = () => (window.doko && window.doko.S) || null;
  const SUIT = { C: "♣", S: "♠", H: "♥", D: "♦" };
  const RANK = { de: { J: "B", Q: "D", T: "10" }, en: { T: "10" } };
  const cardText = (code) => SUIT[code[1]] + ((RANK[lang()] || {})[code[0]] || code[0]);
  const CALLS = { re: "re", kontra: "kontra", no90: "no90", no60: "no60", no30: "no30", black: "black" };
  const actionText = (a) => (a.action === "play" ? cardText(a.card)
    : a.action === "call" ? ((W[lang()] || {})["ui." + CALLS[a.call]] || a.call)
    : a.action === "solo" ? ((W[lang()] || {})["ui." + a.solo] || a.solo)
    : ((W[lang()] || {})["ui." + a.action] || a.action));

  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
    }
    for (const k of kids.flat()) if (k !== null && k !== undefined && k !== false) e.append(k);
    return e;
  }
  function svg(tag, attrs, ...kids) {
    const e = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    for (const k of kids) e.append(k);
    return e;
  }

  const CSS = `
#an-hint { margin: .3rem .3rem 0; }
#an-hint-text { margin: .2rem .4rem; font-size: .9rem; color: #fff; min-height: 1.1em; }
#hand .card.an-hinted { outline: 3px solid #ffd54a; outline-offset: 2px; }
#an-view { position: fixed; inset: 0; background: rgba(0,0,0,.45); z-index: 60; display: flex;
  align-items: center; justify-content: center; padding: .5rem; }
#an-view .an-box { background: #fff; color: #1b1b1b; border-radius: 12px; max-width: 860px; width: 100%;
  max-height: 94vh; overflow: auto; padding: 1rem 1.1rem; position: relative; }
#an-view .an-close { position: absolute; right: .5rem; top: .4rem; border: none; font-size: 1.4rem; background: transparent; }
#an-view h2 { margin: .1rem 2rem .6rem 0; font-size: 1.15rem; }
#an-view .an-trick { display: flex; gap: .5rem; flex-wrap: wrap; margin: .5rem 0; }
#an-view .an-card { border: 1px solid #999; border-radius: 6px; padding: .35rem .5rem; min-width: 3.2rem; text-align: center; }
#an-view .an-card.red { color: #c81e1e; }
#an-view .an-card.played { outline: 3px solid #2c6fb7; }
#an-view .an-card.best { background: #e3f4e1; }
#an-view .an-tag { display: block; font-size: .7rem; color: #555; }
#an-view .an-loss { font-weight: bold; }
#an-view .an-loss.bad { color: #b3261e; }
#an-view table { border-collapse: collapse; font-size: .85rem; }
#an-view td, #an-view th { padding: .2rem .4rem; border-bottom: 1px solid #e3e6e3; text-align: right; }
#an-view td:first-child, #an-view th:first-child { text-align: left; }
#an-view .an-row { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; margin: .4rem 0; }
#an-view .an-charts { display: flex; gap: .6rem; flex-wrap: wrap; margin: .6rem 0; }
#an-view .an-charts svg { flex: 1 1 260px; max-width: 400px; height: auto; }
`;

  // ------------------------------------------------------------------ server calls

  function key() {
    const s = S();
    if (!s) return null;
    return s.token || s.spectate || localStorage.getItem("doko.spectate." + s.code) || null;
  }
  async function get(path, opts) {
    const headers = Object.assign({}, (opts && opts.headers) || {});
    const k = key();
    if (k) headers["X-Doko-Key"] = k;
    const r = await fetch(path, Object.assign({}, opts || {}, { headers }));
    const body = await r.json().catch(() => ({}));
    if (!r.ok) {
      let d = body.detail;
      if (d && typeof d === "object") d = lang() === "de" ? d.detail_de || d.detail : d.detail;
      const e = new Error(typeof d === "string" ? d : `HTTP ${r.status}`);
      e.status = r.status;
      throw e;
    }
    return body;
  }

  // ------------------------------------------------------------------ hint button

  let hintFor = null;  // the history length the shown hint is for
  let hintCard = null;  // the card the hint plays (marked in the hand while the hint holds)
  function markHint() {
    const marked = document.querySelectorAll("#hand .card.an-hinted");
    const want = hintCard && document.querySelector(`#hand .card[data-card="${hintCard}"]`);
    marked.forEach((c) => { if (c !== want) c.classList.remove("an-hinted"); });
    if (want) want.classList.add("an-hinted");
  }
  function ensureHintUI() {
    const controls = document.getElementById("controls");
    if (!controls || document.getElementById("an-hint")) return;
    controls.prepend(el("div", { id: "an-hint-bar" },
      el("button", { id: "an-hint", type: "button", hidden: true, onclick: askHint }, tx("hint")),
      el("button", { id: "an-after", type: "button", hidden: true, onclick: () => openGame(lastClosed(), mySeat()) },
        tx("title")),
      el("span", { id: "an-hint-text", role: "status", "aria-live": "polite" })));
  }
  async function askHint() {
    const s = S();
    if (!s || !s.state) return;
    const box = document.getElementById("an-hint-text");
    box.textContent = tx("pending");
    const n = s.state.game ? s.state.game.view.history.length : -1;
    try {
      const r = await get(`/api/tables/${s.code}/hint?lang=${lang()}`, { method: "POST" });
      hintFor = n;
      box.textContent = r.hint.text;
      const a = r.hint.action || {};
      hintCard = a.action === "play" && /^[0-9A-Z]{2}$/.test(a.card || "") ? a.card : null;
      box.dataset.card = hintCard || "";
      markHint();
    } catch (e) { box.textContent = e.message; }
  }
  const mySeat = () => { const s = S(); return s && s.state && s.state.you !== null && s.state.you !== undefined ? s.state.you : 0; };
  const lastClosed = () => { const s = S(); const g = s && s.state && s.state.game; return g && g.closed ? g.number : null; };

  // a game of the archive (app.js's game detail): an "Analyse" button beside its record link
  function ensureArchiveButton() {
    const link = document.querySelector("#game-detail #record-link");
    if (!link || document.getElementById("an-archive-btn")) return;
    const m = /\/games\/(\d+)\/record/.exec(link.getAttribute("href") || "");
    if (!m) return;
    link.parentElement.append(" ", el("button", { id: "an-archive-btn", type: "button",
      onclick: () => openGame(Number(m[1]), mySeat()) }, tx("title")));
  }

  function tick() {
    const s = S();
    if (!s || !s.state || !s.code) return;
    ensureHintUI();
    ensureNav();
    ensureArchiveButton();
    const st = s.state;
    const g = st.game;
    const mine = st.you !== null && st.you !== undefined;
    const onTurn = mine && g && !g.over && g.view.to_move === st.you;
    const hb = document.getElementById("an-hint");
    if (hb) hb.hidden = !(onTurn && st.table && st.table.hints);
    const ab = document.getElementById("an-after");
    if (ab) ab.hidden = !(g && g.closed);
    const n = g ? g.view.history.length : -1;
    const box = document.getElementById("an-hint-text");
    if (box && hintFor !== null && n !== hintFor) {
      box.textContent = ""; box.dataset.card = ""; hintFor = null; hintCard = null;
    }
    markHint();  // the hand may have been drawn anew
  }

  // ------------------------------------------------------------------ the overlay

  function closeView() { const v = document.getElementById("an-view"); if (v) v.remove(); }
  function openView(...content) {
    closeView();
    const box = el("div", { class: "an-box", role: "dialog", "aria-modal": "true" },
      el("button", { class: "an-close", "aria-label": tx("close"), onclick: closeView }, "×"), ...content);
    const v = el("div", { id: "an-view", onclick: (e) => { if (e.target.id === "an-view") closeView(); } }, box);
    document.body.append(v);
    return box;
  }

  function ensureNav() {
    const nav = document.getElementById("nav");
    if (!nav || document.getElementById("btn-analysis")) return;
    const b = el("button", { id: "btn-analysis", class: "nav-btn", onclick: openArchive }, tx("title"));
    nav.insertBefore(b, document.getElementById("btn-settings"));
  }

  async function openArchive() {
    const s = S();
    if (!s) return;
    const box = openView(el("h2", {}, tx("title")), el("p", {}, tx("pending")));
    try {
      const r = await get(`/api/tables/${s.code}/games`);
      const closed = r.games.filter((g) => g.closed);
      box.querySelector("p").replaceWith(el("div", {},
        el("div", { class: "an-row" }, el("button", { id: "an-stats-btn", onclick: openStats }, tx("stats"))),
        ...closed.map((g) => el("div", { class: "an-row" },
          el("span", {}, `#${g.number}`),
          el("button", { "data-game": g.number, onclick: () => openGame(g.number, mySeat()) }, tx("title"))))));
    } catch (e) { box.querySelector("p").textContent = e.message; }
  }

  // ------------------------------------------------------------------ one game's analysis

  async function openGame(number, seat) {
    const s = S();
    if (!s || number === null) return;
    const box = openView(el("h2", {}, `${tx("title")} #${number}`), el("p", { id: "an-status" }, tx("pending")));
    let data;
    for (let tries = 0; ; tries++) {
      try { data = await get(`/api/tables/${s.code}/games/${number}/analysis?seat=${seat}`); break; }
      catch (e) {
        if (e.status === 429 && tries < 20 && document.getElementById("an-view")) {
          await new Promise((ok) => setTimeout(ok, 3000));
          continue;
        }
        box.querySelector("#an-status").textContent = e.message;
        return;
      }
    }
    renderGame(box, data, number);
  }

  function lossOf(d) {
    if (d.knowable && d.knowable.loss_points !== null && d.knowable.loss_points !== undefined) return d.knowable.loss_points;
    if (d.open.loss_points !== null && d.open.loss_points !== undefined) return d.open.loss_points;
    return null;
  }

  function renderGame(box, data, number) {
    const names = data.names;
    box.querySelector("#an-status").remove();
    const sel = el("select", { id: "an-seat", onchange: (e) => openGame(number, Number(e.target.value)) },
      ...names.map((n, i) => el("option", { value: i, selected: i === data.seat }, n)));
    const sm = data.summary;
    const lost = sm.knowable_loss_points !== null ? sm.knowable_loss_points : sm.open_loss_points;
    box.append(el("div", { class: "an-row" }, el("label", {}, tx("seat") + " ", sel)),
      el("p", {}, `${tx("loss")}: ${Number(lost).toFixed(2)}`));
    const res = data.decisions.find((d) => d.kind === "reservation");
    if (res) box.append(reservationView(res));
    let i = 0;
    const walker = el("div", { id: "an-walk" });
    const draw = () => {
      walker.replaceChildren(...trickView(data, i));
      prev.disabled = i === 0;
      next.disabled = i >= data.tricks.length - 1;
    };
    const prev = el("button", { id: "an-prev", onclick: () => { i = Math.max(0, i - 1); draw(); } }, tx("prev"));
    const next = el("button", { id: "an-next", onclick: () => { i = Math.min(data.tricks.length - 1, i + 1); draw(); } }, tx("next"));
    box.append(el("div", { class: "an-row" }, prev, next), walker,
      el("div", { class: "an-charts" }, lossChart(data), categoryChart(data)));
    draw();
  }

  // the seat's reservation (gesund, Vorbehalt, the solo, the Hochzeit): the plan taken, the
  // best plans and the points lost (bounds when the time ran out; a Hochzeit is not valued)
  function reservationView(d) {
    const loss = lossOf(d);
    const open = d.open;
    const best = d.best.length ? d.best.map(actionText).join(", ")
      : d.knowable && d.knowable.best.length ? d.knowable.best.map(actionText).join(", ") : "?";
    let txt = `${tx("reservation")}: ${actionText(d.action)} · ${tx("best")}: ${best}`;
    if (loss !== null) txt += ` · ${tx("loss")}: ${Number(loss).toFixed(2)}`;
    if (!open.exact) {
      const b = open.bounds && open.bounds.loss_points;
      txt += b ? ` · ${tx("bound")}: ${b[0]}–${b[1]} ${tx("points")}` : ` · ${tx("not_valued")}`;
    }
    return el("p", { class: `an-loss${loss > 0 ? " bad" : ""}`, id: "an-reservation" }, txt);
  }

  function trickView(data, i) {
    const t = data.tricks[i];
    if (!t) return [el("p", {}, "–")];
    const names = data.names;
    const mine = data.decisions.filter((d) => d.trick === i + 1);
    const card = mine.find((d) => d.kind === "card");
    const bestCards = new Set(card ? card.best.filter((b) => b.action === "play").map((b) => b.card) : []);
    const cells = t.cards.map((c, j) => {
      const seat = (t.leader + j) % 4;
      const played = card && seat === data.seat;
      const red = c[1] === "H" || c[1] === "D";
      return el("div", { class: `an-card${red ? " red" : ""}${played ? " played" : ""}` },
        el("span", { class: "an-tag" }, names[seat]), cardText(c),
        played ? el("span", { class: "an-tag" }, tx("played")) : null);
    });
    const out = [el("h3", {}, `${tx("trick", { n: i + 1 })} → ${names[t.winner]} (${t.eyes})`),
      el("div", { class: "an-trick" }, cells)];
    if (card) {
      const best = [...bestCards].map(cardText).join(", ");
      const loss = lossOf(card);
      const open = card.open;
      const txt = open.exact
        ? `${tx("best")}: ${best || "?"} · ${tx("loss")}: ${loss === null ? "?" : Number(loss).toFixed(2)}`
        : `${tx("best")}: ? · ${tx("bound")}: ${open.bounds.loss_augen[0]}–${open.bounds.loss_augen[1]} Augen`;
      out.push(el("p", { class: `an-loss${loss > 0 ? " bad" : ""}`, id: "an-decision" }, txt));
      if (bestCards.size) {
        out.push(el("div", { class: "an-trick" }, [...bestCards].map((c) =>
          el("div", { class: `an-card best${c[1] === "H" || c[1] === "D" ? " red" : ""}` },
            el("span", { class: "an-tag" }, tx("best")), cardText(c)))));
      }
    }
    for (const d of mine.filter((x) => x.kind !== "card")) {
      const loss = lossOf(d);
      const what = d.kind === "no_call" ? tx("missed", { call: actionText(d.action) }) : actionText(d.action);
      out.push(el("p", { class: "an-loss" }, `${what} · ${tx("loss")}: ${loss === null ? "?" : Number(loss).toFixed(2)}`));
    }
    return out;
  }

  // ------------------------------------------------------------------ charts (SVG)

  function barChart(title, labels, values, opts) {
    const w = 420, h = 140, pad = 28;
    const max = Math.max(1e-9, ...values.map((v) => Math.abs(v || 0)));
    const bw = (w - pad * 2) / Math.max(1, values.length);
    const g = svg("svg", { viewBox: `0 0 ${w} ${h}`, width: "100%", role: "img", "aria-label": title, class: (opts && opts.cls) || "an-bars" });
    g.append(svg("text", { x: pad, y: 14, "font-size": 12 }, document.createTextNode(title)));
    g.append(svg("line", { x1: pad, y1: h - pad, x2: w - pad, y2: h - pad, stroke: "#888" }));
    values.forEach((v, k) => {
      const bh = ((h - pad * 2 - 8) * Math.abs(v || 0)) / max;
      const x = pad + k * bw + bw * 0.15;
      g.append(svg("rect", { x, y: h - pad - bh, width: bw * 0.7, height: bh, fill: (opts && opts.colour) || (v > 0 ? "#b3261e" : "#2c6fb7") }));
      if (v) g.append(svg("text", { x: x + bw * 0.35, y: h - pad - bh - 3, "font-size": 9, "text-anchor": "middle" },
        document.createTextNode(Number.isInteger(v) ? String(v) : v.toFixed(2))));
      g.append(svg("text", { x: x + bw * 0.35, y: h - pad + 12, "font-size": 10, "text-anchor": "middle" }, document.createTextNode(labels[k])));
    });
    return g;
  }

  function lossChart(data) {
    const byTrick = data.tricks.map(() => 0);
    for (const d of data.decisions) {
      const l = lossOf(d);
      if (l !== null && d.trick >= 1 && d.trick - 1 < byTrick.length) byTrick[d.trick - 1] += l;
    }
    return barChart(tx("loss"), byTrick.map((_, k) => String(k + 1)), byTrick, { cls: "an-bars an-loss-chart" });
  }

  function categoryChart(data) {
    const sum = (kind) => data.decisions.filter((d) => d.kind === kind)
      .reduce((a, d) => a + (lossOf(d) || 0), 0);
    return barChart(tx("bars"), [tx("reservation_bar"), tx("cards"), tx("calls")],
      [sum("reservation"), sum("card"), sum("call") + sum("no_call")], { cls: "an-bars an-cat-chart" });
  }

  function lineChart(title, series, names) {
    const w = 420, h = 180, pad = 30;
    const all = series.flat();
    const lo = Math.min(0, ...all), hi = Math.max(1, ...all);
    const n = Math.max(2, ...series.map((s) => s.length + 1));
    const X = (i) => pad + ((w - 2 * pad) * i) / (n - 1);
    const Y = (v) => h - pad - ((h - 2 * pad) * (v - lo)) / (hi - lo || 1);
    const colours = ["#2c6fb7", "#b3261e", "#2e8b3a", "#d4861c", "#7a3ea8"];
    const g = svg("svg", { viewBox: `0 0 ${w} ${h}`, width: "100%", role: "img", "aria-label": title, class: "an-line" });
    g.append(svg("text", { x: pad, y: 14, "font-size": 12 }, document.createTextNode(title)));
    g.append(svg("line", { x1: pad, y1: Y(0), x2: w - pad, y2: Y(0), stroke: "#aaa" }));
    series.forEach((s, k) => {
      const pts = [[X(0), Y(0)], ...s.map((v, i) => [X(i + 1), Y(v)])].map((p) => p.join(",")).join(" ");
      const c = colours[k % colours.length];
      g.append(svg("polyline", { points: pts, fill: "none", stroke: c, "stroke-width": 2 }));
      g.append(svg("text", { x: w - pad + 2, y: Y(s.length ? s[s.length - 1] : 0), "font-size": 10, fill: c }, document.createTextNode(names[k] || "")));
    });
    return g;
  }

  // ------------------------------------------------------------------ statistics

  async function openStats() {
    const s = S();
    if (!s) return;
    const box = openView(el("h2", {}, tx("stats")), el("p", { id: "an-status" }, tx("pending")));
    let r;
    try { r = await get(`/api/tables/${s.code}/stats`); }
    catch (e) { box.querySelector("#an-status").textContent = e.message; return; }
    box.querySelector("#an-status").remove();
    const ps = r.players;
    const pct = (a, b) => (b ? Math.round((100 * a) / b) + " %" : "–");
    box.append(el("table", { id: "an-stats" },
      el("tr", {}, el("th", {}, ""), ...["col_games", "col_points", "col_per_game", "col_re", "col_kontra",
        "col_solos", "col_calls", "col_extras", "col_loss"].map((k) => el("th", {}, tx(k)))),
      ...ps.map((p) => el("tr", {},
        el("td", {}, p.name), el("td", {}, String(p.games)), el("td", {}, String(p.points)),
        el("td", {}, p.points_per_game.toFixed(2)), el("td", {}, pct(p.re_won, p.re_games)),
        el("td", {}, pct(p.kontra_won, p.kontra_games)), el("td", {}, `${p.solos_won}/${p.solos}`),
        el("td", {}, `${p.calls_won}/${p.calls}`), el("td", {}, String(p.extras)),
        el("td", {}, p.avg_loss === null ? "–" : p.avg_loss.toFixed(2))))));
    const charts = el("div", { class: "an-charts" });
    box.append(charts);
    charts.append(lineChart(tx("points_chart"), ps.map((p) => p.curve), ps.map((p) => p.name)));
    const cats = [["col_re", (p) => (p.re_games ? p.re_won / p.re_games : 0)],
      ["col_kontra", (p) => (p.kontra_games ? p.kontra_won / p.kontra_games : 0)],
      ["col_solos", (p) => p.solos_won], ["col_calls", (p) => p.calls_won], ["col_extras", (p) => p.extras]];
    for (const [key, f] of cats) charts.append(barChart(tx(key), ps.map((p) => p.name), ps.map(f), { cls: "an-bars an-stat-chart", colour: "#2c6fb7" }));
  }

  // ------------------------------------------------------------------ start

  document.head.append(el("style", {}, CSS));
  setInterval(tick, 400);
  window.dokoAnalysis = { openGame, openStats, openArchive };
})();
