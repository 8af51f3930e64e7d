// The tournament pages of doko serve (docs/tournament.md): /turnier creates a tournament,
// /turnier/{id}#{key} is the organiser's page, /turnier/{id}/live the public live ranking.
// Every text comes from the server's catalogue (/api/tournaments/texts); user data is only ever
// put into the page as text (textContent), never as HTML.
"use strict";

const TT = { lang: "de", texts: {}, id: null, key: null, state: null, version: null };

function T(key, params) {
  let s = TT.texts[key] || key;
  for (const [k, v] of Object.entries(params || {})) s = s.split("{" + k + "}").join(String(v));
  return s;
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

function say(text, error) {
  const m = document.getElementById("msg");
  m.textContent = text;
  m.className = "show" + (error ? " error" : "");
  clearTimeout(say.timer);
  say.timer = setTimeout(() => { m.className = ""; }, error ? 8000 : 2500);
}

async function api(method, path, body) {
  const headers = {};
  if (TT.key) headers["X-Doko-Key"] = TT.key;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const r = await fetch(path, { method, headers,
    body: body === undefined ? undefined : JSON.stringify(body) });
  if (!r.ok) {
    let detail = r.statusText;
    try {
      const j = await r.json();
      const d = j.detail;
      if (d && typeof d === "object") detail = TT.lang === "de" ? d.detail_de : d.detail;
      else detail = (TT.lang === "de" && j.detail_de) || d || detail;
    } catch (e) { /* not JSON */ }
    const err = new Error(detail);
    err.status = r.status;
    throw err;
  }
  return r;
}

async function loadTexts() {
  const r = await fetch("/api/tournaments/texts?lang=" + TT.lang);
  TT.texts = await r.json();
  document.documentElement.lang = TT.lang;
  const b = document.getElementById("lang");
  b.textContent = T("web.language");
  b.onclick = async () => {
    TT.lang = TT.lang === "de" ? "en" : "de";
    localStorage.setItem("doko-lang", TT.lang);
    await loadTexts();
    render();
  };
}

function fmt(x) {
  return Number.isInteger(x) ? String(x) : x.toFixed(2).replace(/0+$/, "");
}

// ------------------------------------------------------------------ create

function renderCreate() {
  document.getElementById("title").textContent = T("web.create");
  document.getElementById("subtitle").textContent = "";
  const main = document.getElementById("main");
  main.replaceChildren();
  const f = el("form", { id: "create" },
    el("label", {}, T("web.name"), el("br"), el("input", { name: "name", required: true,
      maxlength: 80 })),
    el("label", {}, T("web.date"), el("br"), el("input", { name: "date", type: "date" })),
    el("label", {}, T("web.serien"), " ", el("input", { name: "serien", type: "number",
      min: 1, max: 20, value: 3 })),
    el("label", {}, T("web.scoring"), " ", el("select", { name: "scoring" },
      el("option", { value: "points" }, T("web.scoring_points")),
      el("option", { value: "placement" }, T("web.scoring_placement")))),
    el("label", {}, el("input", { name: "five_tables", type: "checkbox" }), " ",
      T("web.five_tables")),
    el("label", {}, el("input", { name: "seat_by_ranking", type: "checkbox" }), " ",
      T("web.seat_by_ranking")),
    el("label", {}, T("web.players_one_per_line"), el("br"),
      el("textarea", { name: "players" })),
    el("button", { type: "submit", id: "create-submit" }, T("web.create")));
  f.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const d = new FormData(f);
    const body = {
      name: d.get("name"), date: d.get("date") || "", serien: Number(d.get("serien")),
      scoring: d.get("scoring"), five_tables: d.get("five_tables") === "on",
      seat_by_ranking: d.get("seat_by_ranking") === "on",
      players: String(d.get("players") || "").split("\n").map((s) => s.trim())
        .filter((s) => s),
    };
    try {
      const j = await (await api("POST", "/api/tournaments", body)).json();
      sessionStorage.setItem("doko-created", "1");
      location.href = j.organiser;
    } catch (e) { say(T("web.error", { detail: e.message }), true); }
  });
  main.append(el("section", {}, f));
}

// ------------------------------------------------------------------ organiser

async function refresh() {
  try {
    TT.state = await (await api("GET", "/api/tournaments/" + TT.id)).json();
  } catch (e) {
    TT.state = null;
    if (e.status === 404) {
      document.getElementById("main").replaceChildren(el("section", {}, T("web.not_found")));
      return;
    }
    say(T("web.error", { detail: e.message }), true);
    return;
  }
  render();
}

async function act(path, body) {
  try {
    await api("POST", "/api/tournaments/" + TT.id + path, body);
    say(T("web.saved"));
    await refresh();
    return true;
  } catch (e) {
    say(T("web.error", { detail: e.message }), true);
    return false;
  }
}

function rankingTable(rows, serien, scoring) {
  const head = el("tr", {}, el("th", {}, T("print.rank")), el("th", {}, T("print.name")),
    ...serien.map((s) => el("th", { class: "num" }, T("print.serie_short", { n: s }))),
    el("th", { class: "num" }, scoring === "points" ? T("print.score_points")
      : T("print.score_placement")));
  const body = rows.map((r) => el("tr", { "data-name": r.name },
    el("td", {}, r.rank === null ? T("print.disqualified") : String(r.rank)),
    el("td", {}, r.name, r.withdrawn ? el("span", { class: "muted" },
      " (" + T("web.withdrawn") + ")") : null),
    ...r.serien.map((p, i) => el("td", { class: "num" }, p === null ? "–"
      : scoring === "points" ? String(p) : fmt(r.placements[i]) + " (" + p + ")")),
    el("td", { class: "num score" }, fmt(r.score))));
  return el("table", { class: "ranking" }, el("thead", {}, head), el("tbody", {}, ...body));
}

function renderOrganiser() {
  const s = TT.state;
  if (!s) return;
  document.getElementById("title").textContent = s.name;
  document.getElementById("subtitle").textContent = [s.date, T("web.seed", { seed: s.seed })]
    .filter((x) => x).join(" · ");
  const main = document.getElementById("main");
  main.replaceChildren();
  const live = location.origin + "/turnier/" + TT.id + "/live";
  main.append(el("section", {},
    el("div", {}, T("web.live_link")), el("a", { class: "link", href: live, id: "live-link",
      target: "_blank" }, live),
    el("div", {}, T("web.organiser_link")), el("span", { class: "link" }, location.href)));

  // players
  const active = s.players.filter((p) => p.active).length;
  const plist = el("table", { id: "players" }, ...s.players.map((p) => el("tr", {},
    el("td", { class: "num" }, String(p.id)), el("td", {}, p.name),
    el("td", { class: "muted" }, p.disqualified ? T("web.disqualified")
      : p.withdrawn !== null ? T("web.withdrawn")
        : p.joined > 1 ? T("web.late", { serie: p.joined }) : ""),
    el("td", {}, p.active ? el("button", { class: "secondary", type: "button",
      onclick: () => act("/players", { withdraw: p.id }) }, T("web.withdraw")) : null))));
  const addInput = el("input", { id: "add-name", maxlength: 40 });
  main.append(el("section", {}, el("h2", {}, T("web.players")),
    el("div", { class: "muted" }, T("web.playing", { n: active })), plist,
    el("div", { class: "row" }, addInput, el("button", { type: "button", id: "add-player",
      onclick: async () => {
        const names = addInput.value.split(",").map((x) => x.trim()).filter((x) => x);
        if (names.length && await act("/players", { add: names })) addInput.value = "";
      } }, T("web.add")))));

  // Serien
  const sec = el("section", { id: "serien" }, el("h2", {}, T("web.serien")));
  if (s.drawn < s.serien_count) {
    sec.append(el("button", { type: "button", id: "draw", onclick: () => act("/draw", {}) },
      T("web.draw", { serie: s.drawn + 1 })));
  } else {
    sec.append(el("div", {}, T("web.all_drawn")));
  }
  for (const serie of [...s.serien].reverse()) {
    sec.append(el("h3", {}, T("web.serie", { serie: serie.serie }), " – ",
      T("web.reported", { done: serie.reported, tables: serie.tables.length })));
    if (serie.warning) sec.append(el("div", { class: "warn" }, serie.warning[TT.lang]));
    if (serie.serie === s.drawn && serie.reported === 0) {
      sec.append(el("button", { class: "secondary", type: "button",
        onclick: () => act("/draw", { redraw: true }) },
      T("web.redraw", { serie: serie.serie })));
    }
    const rows = serie.tables.map((tb) => {
      const inputs = tb.names.map((n, i) => el("input", { type: "number", step: 1,
        "aria-label": n, value: tb.totals ? tb.totals[i] : "" }));
      const odd = el("input", { type: "checkbox" });
      const reason = el("input", { placeholder: T("web.reason"), maxlength: 200 });
      return el("tr", { "data-serie": serie.serie, "data-table": tb.table },
        el("td", {}, T("print.table") + " " + tb.table),
        el("td", {}, ...tb.names.map((n, i) => el("div", { class: "seat" },
          el("span", {}, (i + 1) + ". " + n), inputs[i]))),
        el("td", {}, el("label", {}, odd, " ", T("web.odd_ok")), reason,
          el("button", { type: "button", class: "enter", onclick: () => act("/result", {
            serie: serie.serie, table: tb.table,
            totals: inputs.map((x) => Number(x.value || "NaN")).map((x) => (
              Number.isFinite(x) ? Math.trunc(x) : 0)),
            odd_ok: odd.checked, reason: reason.value,
          }) }, tb.totals ? T("web.correct") : T("web.enter")),
          tb.totals ? el("span", { class: "reported" }, " ✓") : null));
    });
    sec.append(el("table", { class: "tables" }, ...rows));
    sec.append(onlineBlock(serie));
  }
  main.append(sec);

  // penalties
  const who = el("select", { id: "pen-player" }, ...s.players.map((p) =>
    el("option", { value: p.id }, p.id + " " + p.name)));
  const kind = el("select", { id: "pen-kind" }, ...["deduction", "warning",
    "disqualification"].map((k) => el("option", { value: k }, T("web.kind_" + k))));
  const pts = el("input", { type: "number", min: 0, max: 12, value: 0, id: "pen-points" });
  const preason = el("input", { placeholder: T("web.reason"), id: "pen-reason",
    maxlength: 200 });
  const plist2 = el("table", {}, ...s.penalties.map((p) => el("tr", {},
    el("td", {}, String(p.number)), el("td", {}, p.name), el("td", {}, T("web.kind_" + p.kind)),
    el("td", { class: "num" }, String(p.points)), el("td", {}, T("web.serie",
      { serie: p.serie })), el("td", {}, p.reason),
    el("td", {}, p.cancelled ? "–" : el("button", { class: "secondary", type: "button",
      onclick: () => {
        const r = prompt(T("web.reason"));
        if (r) act("/penalty", { cancel: p.number, reason: r });
      } }, T("web.penalty_cancel"))))));
  main.append(el("section", {}, el("h2", {}, T("web.penalties")), plist2,
    el("div", { class: "row" }, who, kind, pts, preason, el("button", { type: "button",
      onclick: () => act("/penalty", { player: Number(who.value), kind: kind.value,
        points: kind.value === "deduction" ? Number(pts.value) : 0, reason: preason.value,
      }) }, T("web.penalty_give")))));

  // ranking
  const serien = s.serien.map((x) => x.serie);
  main.append(el("section", {}, el("h2", {}, T("web.ranking")),
    rankingTable(s.ranking, serien, s.scoring)));

  // print and export
  const what = ["plan", "cards", "sheets", "ranking"].map((k) => el("input", {
    type: "checkbox", value: k, checked: k !== "ranking" }));
  const labels = { plan: "print.plan_title", cards: "print.card_title",
    sheets: "print.sheet_title", ranking: "print.ranking_title" };
  const open = async (path, type) => {
    try {
      const r = await api("GET", "/api/tournaments/" + TT.id + path);
      const blob = new Blob([await r.arrayBuffer()], { type });
      window.open(URL.createObjectURL(blob), "_blank");
    } catch (e) { say(T("web.error", { detail: e.message }), true); }
  };
  const kinds = () => what.filter((x) => x.checked).map((x) => x.value).join(",");
  main.append(el("section", {}, el("h2", {}, T("web.print")),
    el("div", { class: "row" }, ...what.map((x) => el("label", {}, x, " ",
      T(labels[x.value], { serie: s.drawn || 1, table: "…" })))),
    el("div", { class: "row" },
      el("button", { type: "button", disabled: s.drawn === 0, onclick: () => open(
        "/print?format=pdf&lang=" + TT.lang + "&what=" + kinds(), "application/pdf") }, "PDF"),
      el("button", { type: "button", disabled: s.drawn === 0, onclick: () => open(
        "/print?format=html&lang=" + TT.lang + "&what=" + kinds(), "text/html") }, "HTML"),
      el("button", { type: "button", class: "secondary", onclick: () => open(
        "/export?format=csv&lang=" + TT.lang, "text/csv") }, "CSV"),
      el("button", { type: "button", class: "secondary", onclick: () => open(
        "/export?format=json", "application/json") }, "JSON"))));

  main.append(el("section", {}, el("h2", {}, T("web.log")),
    el("pre", { id: "log" }, (s.log[TT.lang] || []).join("\n"))));
}

function onlineBlock(serie) {
  const s = TT.state;
  const made = (s.online || {})[String(serie.serie)];
  const box = el("div", { class: "online", "data-serie": serie.serie });
  if (made) {
    box.append(el("h3", {}, T("web.online")));
    for (const tb of made) {
      box.append(el("div", {}, T("print.table") + " " + tb.table + ": ",
        el("a", { href: tb.spectate, target: "_blank" }, T("web.spectate"))));
      const list = el("ul", {});
      for (const seat of tb.seats) {
        const url = seat.invite ? location.origin + seat.invite : null;
        list.append(el("li", {}, seat.name, " – ", url ? el("a", { class: "invite",
          href: url, target: "_blank" }, url) : T("web.computer")));
      }
      box.append(list);
    }
    box.append(el("button", { type: "button", class: "secondary", onclick: async () => {
      try {
        const r = await api("POST", "/api/tournaments/" + TT.id + "/online/collect");
        say(T("web.collected", { n: (await r.json()).entered }));
        await refresh();
      } catch (e) { say(T("web.error", { detail: e.message }), true); }
    } }, T("web.collect")));
  } else if (serie.reported === 0 && serie.tables.every((tb) => tb.names.length === 4)) {
    const absent = el("input", { placeholder: T("web.absent"), size: 40 });
    box.append(el("div", { class: "row" }, absent, el("button", { type: "button",
      class: "secondary", onclick: () => act("/online", { serie: serie.serie,
        absent: absent.value.split(",").map((x) => Number(x.trim()))
          .filter((x) => Number.isInteger(x) && x > 0) }) },
    T("web.online_serie", { serie: serie.serie }))));
  }
  return box;
}

// ------------------------------------------------------------------ live

function renderLive() {
  const s = TT.state;
  const main = document.getElementById("main");
  if (!s) return;
  document.getElementById("title").textContent = s.name + " – " + T("web.live");
  document.getElementById("subtitle").textContent = s.date || "";
  main.replaceChildren();
  const prog = el("section", { id: "progress" });
  if (!s.progress.length) prog.append(T("web.no_draw"));
  for (const p of s.progress) {
    prog.append(el("div", {}, T("web.serie", { serie: p.serie }), ": ",
      T("web.reported", { done: p.reported, tables: p.tables })));
  }
  if (s.over) prog.append(el("strong", {}, T("web.over")));
  main.append(prog);
  main.append(el("section", {}, el("h2", {}, T("web.ranking")),
    rankingTable(s.ranking, s.progress.map((p) => p.serie), s.scoring),
    el("div", { class: "muted", id: "updated" }, T("web.updated",
      { time: new Date().toLocaleTimeString(TT.lang === "de" ? "de-DE" : "en-GB") }))));
  if (s.latest) {
    const plan = el("table", { id: "plan" }, ...s.latest.tables.map((tb) => el("tr", {},
      el("td", {}, T("print.table") + " " + tb.table),
      ...tb.names.map((n, i) => el("td", {}, (i + 1) + ". " + n)),
      el("td", {}, tb.reported ? el("span", { class: "reported" }, "✓") : ""))));
    main.append(el("section", {}, el("h2", {}, T("web.seat_plan",
      { serie: s.latest.serie })), s.latest.warning ? el("div", { class: "warn" },
      s.latest.warning[TT.lang]) : null, plan));
  }
}

async function poll() {
  for (;;) {
    try {
      const q = TT.version === null ? "" : "?since=" + TT.version;
      const r = await api("GET", "/api/tournaments/" + TT.id + "/live" + q);
      TT.state = await r.json();
      TT.version = TT.state.version;
      renderLive();
    } catch (e) {
      if (e.status === 404) {
        document.getElementById("main").replaceChildren(el("section", {}, T("web.not_found")));
        return;
      }
      await new Promise((res) => setTimeout(res, 5000));
    }
  }
}

// ------------------------------------------------------------------ start

function mode() {
  const m = location.pathname.match(/^\/turnier\/([A-Za-z0-9_-]{12})(\/live)?\/?$/);
  if (!m) return "create";
  TT.id = m[1];
  return m[2] ? "live" : "organiser";
}

function render() {
  const m = mode();
  if (m === "create") renderCreate();
  else if (m === "live") renderLive();
  else renderOrganiser();
}

async function start() {
  TT.lang = localStorage.getItem("doko-lang") || (navigator.language || "de").slice(0, 2);
  if (TT.lang !== "en") TT.lang = "de";
  await loadTexts();
  const m = mode();
  if (m === "create") { renderCreate(); return; }
  if (m === "live") { poll(); return; }
  TT.key = decodeURIComponent(location.hash.slice(1)) || null;
  await refresh();
  if (sessionStorage.getItem("doko-created")) {
    sessionStorage.removeItem("doko-created");
    say(T("web.created"));
  }
  window.addEventListener("hashchange", () => {
    TT.key = decodeURIComponent(location.hash.slice(1)) || null;
    refresh();
  });
}

window.dokoTournament = TT;
start();
