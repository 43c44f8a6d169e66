"use strict";
// The expedition page, /x/{id}[?t=TOKEN]: where the expedition stands, its Barracks, what
// it has banished and fought so far, and the one thing it waits for. Only the expedition's
// own link (its token) may make the group's choices: the setup before a battle (X-4), the
// support after a lost one (X-8), giving a running battle up; without it the page is read-only. Every choice goes to the
// server, which checks it whole; a refusal is shown as the server worded it, so the page
// never has rules of its own to keep in step. While a battle runs the page asks again every
// few seconds and moves on by itself when the battle's end has been applied.
const $ = (s) => document.querySelector(s);
const EID = decodeURIComponent(location.pathname.split("/").pop());
let TOKEN = new URLSearchParams(location.search).get("t");
const TYPES = ["gem", "relic", "spell"];
const PLURAL = { gem: "gems", relic: "relics", spell: "spells" };
const SUPPORT_LABELS = { gem: "A gem supply", relic: "A relic supply", spell: "A spell supply", mage: "A mage",
  treasure1: "A tier-1 treasure", treasure2: "A tier-2 treasure", treasure3: "A tier-3 treasure" };
const RULESETS = { ae: "Aeon's End", we: "War Eternal", log: "Legacy of Gravehold", na: "The New Age", oc: "Outcasts" };
const STORE = "gravehold-expeditions";  // this browser's choosing links, by expedition id
let S = null, CONTENT = null, shown = null, timer = null, sending = false, readOnlyNote = "";
let confirming = null;  // the game whose "Give up this battle" was clicked once: the next click gives it up

const nameOf = (x) => typeof x === "string" ? x : x.name;
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const why = (h) => h.reason_text || String(h.reason || "").replace(/_/g, " ");

// ------------------------------------------------------------------ talking to the server
function remember(token) {
  try {
    const known = JSON.parse(localStorage.getItem(STORE) || "{}");
    if (known[EID] !== token) { known[EID] = token; localStorage.setItem(STORE, JSON.stringify(known)); }
  } catch (e) { /* storage off: the link in the address bar still works */ }
}

async function fetchState() {
  const q = TOKEN ? `?t=${encodeURIComponent(TOKEN)}` : "";
  let r = await fetch(`/api/expeditions/${encodeURIComponent(EID)}${q}`);
  if (r.status === 403 && TOKEN) {  // a token that is not this expedition's: read-only, and say so
    readOnlyNote = "This link's token does not belong to this expedition: the page is read-only.";
    TOKEN = null;
    r = await fetch(`/api/expeditions/${encodeURIComponent(EID)}`);
  }
  const d = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
  if (!r.ok) throw new Error(d.error || `the server answered ${r.status}`);
  return d;
}

async function post(path, body) {
  const r = await fetch(`/api/expeditions/${encodeURIComponent(EID)}/${path}`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const d = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
  return { ok: r.ok, status: r.status, data: d };
}

// Load the state and draw it when it changed. A battle is looked at again every 3 s; a
// read-only page every 10 s (someone else makes the choices); a page that may choose waits.
async function refresh() {
  clearTimeout(timer);
  try {
    const d = await fetchState();
    if (TOKEN && !d.can_choose) {  // a token that is not this expedition's: read-only, and say so
      readOnlyNote = "This link's token does not make this expedition's choices: the page is read-only.";
      TOKEN = null;
    }
    const same = shown !== null && JSON.stringify(d) === shown;
    S = d;
    if (!same) {
      shown = JSON.stringify(d);
      const had = document.activeElement && document.activeElement.id;  // a redraw keeps the keyboard's place
      render();
      if (had && document.getElementById(had)) document.getElementById(had).focus();
    }
  } catch (e) {
    $("#status").textContent = `Could not load the expedition: ${e.message}`;
  }
  if (S && S.phase === "battle") timer = setTimeout(refresh, 3000);
  else if (S && S.phase !== "complete" && !S.can_choose) timer = setTimeout(refresh, 10000);
}

// ------------------------------------------------------------------ drawing
// the numbers of the first and last battles (a short expedition starts at battle 2, X-16)
function span() {
  if (S.battles) return S.battles;
  const first = S.options.length === "short" ? 2 : 1, last = S.options.length === "long" ? 8 : 4;
  return { first, last, count: last - first + 1 };
}

function statusLine() {
  const n = S.battle;
  if (S.phase === "choose") return S.can_choose ? `Choose the setup of battle ${n}` : `The group is choosing battle ${n}'s setup`;
  if (S.phase === "battle") return `Battle ${n} is being fought`;
  if (S.phase === "support") return S.can_choose ? `Battle ${n} was lost: choose a support` : `Battle ${n} was lost: the group chooses a support`;
  return S.abandoned ? `Given up at battle ${n}` : "The expedition is complete";
}

function render() {
  document.title = `${S.title} — gravehold`;
  $("#title").textContent = S.title;
  $("#status").textContent = statusLine();
  if (S.can_choose && TOKEN) remember(TOKEN);
  drawFacts(); drawStep(); drawHistory(); drawBarracks(); drawBanished(); drawShare();
}

function drawFacts() {
  const o = S.options, box = $("#facts"); box.innerHTML = "";
  const length = o.story ? "The New Age's first expedition" :
    { short: "short: 3 battles, starting at battle 2", standard: "standard: 4 battles", long: "long: 8 battles" }[o.length] || o.length;
  const rows = [["Players", String(o.players)], ["Expedition", length],
    ["Battle", `${S.battle} of ${span().last}` + (span().first > 1 ? ` (from battle ${span().first})` : "")],
    ["Try", String(S.attempt)],
    ["Nemesis", S.nemesis || "drawn when the battle begins"],
    ["Difficulty", o.difficulty || "normal"],
    ["Unpicked supplies", o.endless ? "go back to the Barracks (endless)" : "are banished"]];
  if (typeof o.ruleset === "string") rows.push(["Rules", RULESETS[o.ruleset] || o.ruleset]);
  rows.push(["Score", o.score === false ? "not kept" : String(S.score)]);
  for (const [k, v] of rows) box.append(el("div", { class: "fact" }, el("dt", {}, k), el("dd", { id: `fact-${k.toLowerCase().replace(/\W+/g, "-")}` }, v)));
}

function storyNote() {
  // the guided run (XS-4, XS-5): where the scripted expedition stands and what a win brings
  const t = S.story, r = t.reward, gains = [];
  if (r.mages.length) gains.push(`the mage${r.mages.length > 1 ? "s" : ""} ${r.mages.join(", ")}`);
  if (r.supply.length) gains.push(`${r.supply.length} supply piles`);
  if (r.treasures.length) gains.push(`${r.treasures.length} treasures`);
  const p = el("p", { class: "story", id: "story" }, `Battle ${t.battle} of ${t.battles} of the story: ${t.scene}`);
  if (gains.length) p.append(el("span", { class: "sub" }, ` Winning it brings ${gains.join(", ")}.`));
  return p;
}

function drawStep() {
  const title = $("#step-title"), body = $("#step-body");
  body.innerHTML = "";
  if (readOnlyNote) body.append(el("p", { class: "note bad" }, readOnlyNote));
  if (S.story) body.append(storyNote());
  if (S.phase === "choose") {
    title.textContent = `Battle ${S.battle}${S.attempt > 1 ? `, try ${S.attempt}` : ""}: the setup`;
    if (S.can_choose) body.append(choiceForm());
    else body.append(el("p", { class: "sub" }, "The group is choosing its mages, treasures and supply. Only the expedition's own link may make the choices; this page shows them once the battle starts."));
  } else if (S.phase === "battle") {
    title.textContent = `Battle ${S.battle}${S.attempt > 1 ? `, try ${S.attempt}` : ""} against ${S.nemesis}`;
    body.append(battleLinks());
  } else if (S.phase === "support") {
    title.textContent = `Battle ${S.battle} was lost`;
    body.append(supportChoice());
  } else {
    title.textContent = S.abandoned ? "The expedition was given up" : "The expedition is complete";
    body.append(completed());
  }
}

function battleLinks() {
  const box = el("div", { id: "battle" });
  const cur = S.current;
  if (!cur) { box.append(el("p", { class: "sub" }, "The battle is being set up…")); return box; }
  const list = el("ul", { class: "links seat-links" });
  for (const s of cur.seats) {
    const who = `seat ${s.seat + 1} as ${s.shown || s.mage}`;
    if (s.kind === "human" && s.url) list.append(el("li", {}, el("a", { href: s.url, class: "act primary seat-link", "data-seat": String(s.seat) },
      `Play ${who}`)));
    else list.append(el("li", { class: "sub" }, `Seat ${s.seat + 1}: ${s.shown || s.mage} — ` +
      (s.kind === "bot" ? `played by a bot${s.agent ? ` (${s.agent})` : ""}` : "played by a person")));
  }
  box.append(list);
  if (S.can_choose && cur.seats.some(s => s.kind === "human")) box.append(el("p", { class: "sub" },
    "Each seat link is private to its player: send it to them. Bots move by themselves."));
  if (cur.board) box.append(el("p", {}, el("a", { href: cur.board, class: "act spectator-link" }, "Watch the battle")));
  box.append(el("p", { class: "sub", id: "battle-wait" }, "This page moves on by itself when the battle ends."));
  if (S.can_choose) box.append(giveUp(cur.game));
  return box;
}

// Giving the battle up (a battle that cannot end, or one the group would rather fight
// again): it is lost like any other, and the support follows. A click asks first; the
// question stays while the page redraws, until it is answered.
function giveUp(game) {
  const box = el("div", { class: "give-up", id: "give-up" });
  if (confirming !== game) {
    box.append(el("button", { class: "act", type: "button", id: "concede", onclick: () => { confirming = game; redrawStep("#concede-yes"); } },
      "Give up this battle"));
  } else {
    const next = S.options.story ? "the group then fights it again" : "the group then takes a support and fights it again";
    box.append(el("p", { id: "concede-ask" }, `Give this battle up? It counts as lost (no score for this try); ${next}.`),
      el("div", { class: "row" },
        el("button", { class: "act danger", type: "button", id: "concede-yes", onclick: () => concede(game) }, "Yes, give it up"),
        el("button", { class: "act", type: "button", id: "concede-no", onclick: () => { confirming = null; redrawStep("#concede"); } },
          "Keep fighting")),
      el("div", { id: "concede-error", class: "error", role: "alert" }));
  }
  return box;
}

function redrawStep(focus) {
  drawStep();
  const f = $(focus);
  if (f) f.focus();
}

async function concede(game) {
  if (sending) return;
  sending = true;
  const yes = $("#concede-yes");
  if (yes) yes.disabled = true;
  const r = await post("concede", { token: TOKEN, version: S.version });
  sending = false;
  if (!r.ok) {
    if (r.status === 409) { confirming = null; await refresh(); }  // the battle ended, or the expedition moved on
    else drawStep();  // the question stays, to try again or keep fighting
    refused(r, "#concede-error");
    return;
  }
  confirming = null;
  await refresh();
  focusStep();
}

function supportChoice() {
  const box = el("div", { id: "support" });
  const last = S.history[S.history.length - 1];
  if (last) box.append(el("p", {}, `Try ${last.attempt} against ${last.nemesis} was lost: ${why(last)}. ` +
    "Before the group tries the battle again, it may take one support into the Barracks."));
  if (!S.can_choose) { box.append(el("p", { class: "sub" }, "The group chooses the support; only the expedition's own link may.")); return box; }
  const row = el("div", { class: "row support-choices", role: "group", "aria-label": "supports" });
  for (const c of S.supports || []) row.append(el("button", { class: "act primary", type: "button", "data-support": c,
    onclick: () => takeSupport(c) }, SUPPORT_LABELS[c] || c));
  row.append(el("button", { class: "act", type: "button", "data-support": "", onclick: () => takeSupport(null) },
    (S.supports || []).length ? "No support" : "Go on without a support (none is left)"));
  box.append(row, el("div", { id: "support-error", class: "error", role: "alert" }));
  return box;
}

async function takeSupport(choice) {
  if (sending) return;
  sending = true;
  const r = await post("support", { token: TOKEN, version: S.version, choice });
  sending = false;
  if (!r.ok) {
    if (r.status === 409) await refresh();
    refused(r, "#support-error");
    return;
  }
  await refresh();
  focusStep();
}

// The server's refusal, as it worded it, in the form's alert box; when the page moved on
// under a stale choice (409) and that box is gone, in a new one at the top of the step.
function refused(r, where) {
  const msg = r.data.error || `the server answered ${r.status}`;
  let box = $(where);
  if (!box) {
    box = el("div", { class: "error", role: "alert" });
    $("#step-body").prepend(box);
  }
  box.textContent = msg;
}

// after a choice the step's panel is drawn anew: the keyboard goes on from its heading
function focusStep() {
  const first = document.querySelector("#step-body a, #step-body button, #step-body select");
  (first || $("#step-title")).focus();
}

function completed() {
  const box = el("div", { id: "complete" });
  const wins = S.history.filter(h => h.result === "win").length;
  box.append(el("p", { class: "final" }, S.options.score === false ? `${plural(wins, "battle", "battles")} won.` :
    `Final score: ${S.score}`, el("span", { class: "sub" }, ` — ${plural(wins, "battle", "battles")} won in ${plural(S.history.length, "try", "tries")}`)));
  if (S.abandoned) box.append(el("p", { class: "sub" }, "The bots gave the battle up after the tries they were allowed."));
  return box;
}

// ------------------------------------------------------------------ the pre-battle form (X-4)
// Per seat a mage from the Barracks (each once), who plays it, and the treasures this battle
// allows; the group's tier 2 and the pile it lies beside; the nine supply piles, with live
// counts by type. Nothing here is refused before it is sent: the server says what is wrong.
function treasuresOf(tier) { return S.barracks.treasures.filter(t => t.tier === tier); }

function selectBox(id, label, options, cls, first) {
  const s = el("select", { id, class: cls });
  if (first) s.append(el("option", { value: "" }, first));
  for (const [value, text, title] of options) s.append(el("option", { value, title }, text));
  return [el("label", { for: id }, label), s];
}

function choiceForm() {
  const A = S.allowed || {}, n = S.options.players;
  const form = el("form", { id: "choose", class: "choose", novalidate: true });
  const agents = CONTENT ? CONTENT.agents : ["heuristic"];
  const mages = S.barracks.mages.map(m => [m.name, `${m.shown || m.name}${m.box ? ` (${m.box})` : ""}`, mageTitle(m.name)]);
  const tiers = A.seat_tiers || [];
  const seats = el("div", { class: "seat-choices" });
  for (let i = 0; i < n; i++) {
    const fs = el("fieldset", { class: "seat-choice", "data-seat": String(i) }, el("legend", {}, `Seat ${i + 1}`));
    fs.append(el("div", { class: "field" }, ...selectBox(`seat-${i}-mage`, "Mage", mages, "mage", "choose a mage…")));
    const who = [["human", "a person"], ...agents.map(a => [a, `a bot (${a})`])];
    const [lab, sel] = selectBox(`seat-${i}-player`, "Played by", who, "player");
    sel.value = i === 0 || !agents.includes("heuristic") ? "human" : "heuristic";
    fs.append(el("div", { class: "field" }, lab, sel));
    for (const tier of tiers) {
      const opts = treasuresOf(tier).map(t => [t.name, t.name, t.text]);
      const label = tier === 1 ? "Tier-1 treasure (in place of a starter card)" : `Tier-${tier} treasure (on the mat)`;
      fs.append(el("div", { class: "field" }, ...selectBox(`seat-${i}-tier${tier}`, label, opts, `tier${tier}`, "none"),
        el("div", { class: "sub treasure-text", id: `seat-${i}-tier${tier}-text` })));
    }
    seats.append(fs);
  }
  form.append(seats);
  if (A.group_tier2) {
    const fs = el("fieldset", { class: "group-choice" }, el("legend", {}, "The group"));
    const opts = treasuresOf(2).map(t => [t.name, t.name, t.text]);
    fs.append(el("div", { class: "field" }, ...selectBox("group", "Tier-2 treasure (for everyone)", opts, "group", "none")));
    fs.append(el("div", { class: "field" }, ...selectBox("pile", "Beside the supply pile (when it lies beside one)", [], "pile", "no pile")));
    fs.append(el("p", { class: "sub treasure-text", id: "group-text" }));
    form.append(fs);
  }
  form.append(supplyPicker(A.supply || { gem: 3, relic: 2, spell: 4 }));
  form.append(el("div", { id: "form-error", class: "error", role: "alert" }));
  form.append(el("div", { class: "row form-actions" },
    el("button", { class: "act", type: "button", id: "fill", onclick: fillIn }, "Fill in for me"),
    el("button", { class: "act primary", type: "submit", id: "start" }, "Start the battle")));
  form.addEventListener("change", (ev) => { if (ev.target.matches("select")) { onceEach(form); texts(form); } });
  form.addEventListener("submit", (ev) => { ev.preventDefault(); startBattle(form); });
  queueMicrotask(() => { onceEach(form); counts(); texts(form); });
  return form;
}

function mageTitle(name) {
  const m = CONTENT && CONTENT.mages.find(x => x.id === name || x.name === name);
  return m ? `${m.title}: ${m.ability}` : null;
}

function supplyPicker(shape) {
  const fs = el("fieldset", { id: "supply-choice" }, el("legend", {},
    `Supply: ${TYPES.map(t => plural(shape[t] || 0, t, PLURAL[t])).join(", ")}`));
  fs.append(el("p", { class: "sub" }, S.options.endless ? "The piles left out stay in the Barracks (an endless expedition)."
    : "The piles left out are banished: they leave the expedition for good."));
  for (const type of TYPES) {
    const cards = S.barracks.supply.filter(c => c.type === type).sort((a, b) => b.cost - a.cost || a.name.localeCompare(b.name));
    const group = el("div", { class: "supply-type", "data-type": type });
    group.append(el("div", { class: "pick-type" }, el("span", {}, PLURAL[type]),
      el("span", { class: "count", id: `count-${type}`, role: "status", "aria-live": "polite", "data-want": String(shape[type] || 0) })));
    const grid = el("div", { class: "pick-grid" });
    cards.forEach((c, k) => {
      const id = `supply-${type}-${k}`;
      grid.append(el("div", { class: "pick" }, el("input", { type: "checkbox", id, value: c.name, "data-type": type, onchange: counts }),
        el("label", { for: id, class: "inline" }, el("span", { class: "cost", title: "cost" }, String(c.cost)), ` ${c.name}`)));
    });
    if (!cards.length) grid.append(el("span", { class: "sub" }, "none in the Barracks"));
    group.append(grid);
    fs.append(group);
  }
  return fs;
}

function chosenSupply() { return [...document.querySelectorAll("#supply-choice input:checked")].map(c => c.value); }

function counts() {
  for (const type of TYPES) {
    const box = $(`#count-${type}`);
    if (!box) continue;
    const want = +box.dataset.want, got = document.querySelectorAll(`#supply-choice input[data-type=${type}]:checked`).length;
    box.textContent = `${got} of ${want} ${PLURAL[type]}`;
    box.className = "count " + (got === want ? "ok" : got > want ? "over" : "");
  }
  piles();
}

// the piles the group's tier 2 may lie beside: of the chosen ones, those the server says it
// may (a treasure's "beside"); a treasure without "beside" lies beside none
function piles() {
  const sel = $("#pile");
  if (!sel) return;
  const t = S.barracks.treasures.find(x => x.name === $("#group").value);
  const old = sel.value, fits = t && Array.isArray(t.beside) ? chosenSupply().filter(n => t.beside.includes(n)) : [];
  sel.innerHTML = "";
  sel.append(el("option", { value: "" }, t && Array.isArray(t.beside) ? (fits.length ? "choose a pile…" :
    "none of the chosen piles fits") : "no pile"));
  for (const name of fits) sel.append(el("option", { value: name }, name));
  sel.value = fits.includes(old) ? old : "";
  sel.disabled = !fits.length;
}

// under each treasure select, the chosen treasure's text
function texts(form) {
  for (const sel of form.querySelectorAll("select.tier1, select.tier3, select.group")) {
    const t = S.barracks.treasures.find(x => x.name === sel.value);
    const box = $(`#${sel.id}-text`);
    if (box) box.textContent = t ? t.text : "";
  }
  piles();
}

// a mage or a treasure is one item: what one seat holds is greyed out in the others' lists
function onceEach(form) {
  for (const cls of ["mage", "tier1", "tier3"]) {
    const sels = [...form.querySelectorAll(`select.${cls}`)];
    for (const s of sels) {
      const taken = new Set(sels.filter(o => o !== s).map(o => o.value).filter(Boolean));
      for (const o of s.options) o.disabled = !!o.value && taken.has(o.value);
    }
  }
}

// "Fill in for me": the first mages of the Barracks; of each type the most expensive piles
// (ties by name); each seat the first treasures it may take, each once; the group's first
// tier 2 that can lie where it must. Who plays each seat is left as it is.
function fillIn() {
  const form = $("#choose"), A = S.allowed || {};
  const mages = S.barracks.mages.map(m => m.name);
  form.querySelectorAll("select.mage").forEach((s, i) => { s.value = mages[i] || ""; });
  for (const type of TYPES) {
    const want = (A.supply || {})[type] || 0;
    const boxes = [...form.querySelectorAll(`#supply-choice input[data-type=${type}]`)];  // drawn most expensive first
    boxes.forEach((b, k) => { b.checked = k < want; });
  }
  const free = S.barracks.treasures.map(t => t.name);
  const take = (tier) => {
    const t = S.barracks.treasures.find(x => x.tier === tier && free.includes(x.name));
    if (!t) return "";
    free.splice(free.indexOf(t.name), 1);
    return t.name;
  };
  for (const tier of [1, 3]) form.querySelectorAll(`select.tier${tier}`).forEach(s => { s.value = ""; });
  form.querySelectorAll(".seat-choice").forEach(fs => {
    for (const tier of [1, 3]) { const s = fs.querySelector(`select.tier${tier}`); if (s) s.value = take(tier); }
  });
  const group = $("#group");
  if (group) {
    const supply = chosenSupply();
    const fits = S.barracks.treasures.find(t => t.tier === 2 && free.includes(t.name) &&
      (!Array.isArray(t.beside) || t.beside.some(p => supply.includes(p))));
    group.value = fits ? fits.name : "";
    texts(form);
    if (fits && Array.isArray(fits.beside)) $("#pile").value = fits.beside.find(p => supply.includes(p)) || "";
  }
  onceEach(form); counts(); texts(form);
  $("#form-error").textContent = "";
}

function formChoices(form) {
  const seats = [...form.querySelectorAll(".seat-choice")].map(fs => {
    const s = { mage: fs.querySelector("select.mage").value, player: fs.querySelector("select.player").value };
    for (const tier of [1, 3]) { const t = fs.querySelector(`select.tier${tier}`); if (t && t.value) s[`tier${tier}`] = t.value; }
    return s;
  });
  const body = { token: TOKEN, version: S.version, seats, supply: chosenSupply() };
  const group = form.querySelector("#group");
  if (group && group.value) {
    body.group = group.value;
    if ($("#pile").value) body.pile = $("#pile").value;
  }
  return body;
}

async function startBattle(form) {
  if (sending) return;
  sending = true;
  const start = $("#start");
  start.disabled = true;
  const r = await post("battle", formChoices(form));
  sending = false;
  start.disabled = false;
  if (!r.ok) {
    if (r.status === 409) await refresh();  // the expedition moved on meanwhile: show where it is now
    refused(r, "#form-error");
    return;
  }
  await refresh();
  focusStep();
}

// ------------------------------------------------------------------ the rest of the page
function drawHistory() {
  const box = $("#history");
  box.innerHTML = "";
  if (!S.history.length) { box.className = "sub"; box.textContent = "no battle fought yet"; return; }
  box.className = "history";
  const scored = S.options.score !== false;
  const head = ["Battle", "Try", "Nemesis", "Mages", "Result", ...(scored ? ["Score"] : []), "Game"];
  const t = el("table", { class: "history-table", id: "history-table" },
    el("thead", {}, el("tr", {}, ...head.map(h => el("th", { scope: "col" }, h)))));
  const body = el("tbody");
  for (const h of S.history) {
    const game = h.replay || (h.game ? `/replay/${encodeURIComponent(h.game)}` : null);
    body.append(el("tr", { class: h.result === "win" ? "won" : "lost" },
      el("td", { "data-label": "battle" }, String(h.battle)), el("td", { "data-label": "try" }, String(h.attempt)),
      el("td", { "data-label": "against" }, h.nemesis), el("td", { "data-label": "mages" }, (h.mages || []).join(", ")),
      el("td", { "data-label": "result", class: "result" }, h.result === "win" ? "won" : "lost", h.reason ? el("span", { class: "sub" }, `: ${why(h)}`) : null),
      scored ? el("td", { "data-label": "score", class: "num" }, String(h.score)) : null,
      el("td", { "data-label": "game" }, game ? el("a", { href: game, class: "replay-link" }, "replay") : "—")));
  }
  t.append(body);
  box.append(el("div", { class: "table-wrap" }, t));
  if (S.events && S.events.length) box.append(eventList());
}

function eventList() {
  const KIND = { start: "set out with", reward: "won", support: "took as support", banish: "banished", destroy: "lost (destroyed)" };
  const d = el("details", { class: "events" }, el("summary", { class: "sub" }, "What came into the Barracks and what left it"));
  const ul = el("ul");
  for (const e of S.events) {
    const items = [...(e.mages || []), ...(e.supply || []), ...(e.treasures || [])].map(nameOf);
    if (!items.length) continue;
    ul.append(el("li", {}, el("span", { class: "sub" }, e.battle ? `battle ${e.battle}: ` : "at the start: "),
      `${KIND[e.kind] || e.kind} ${items.join(", ")}`));
  }
  d.append(ul);
  return d;
}

function drawBarracks() {
  const box = $("#barracks"), b = S.barracks;
  box.innerHTML = "";
  box.append(el("h3", {}, `Mages (${b.mages.length})`));
  box.append(el("ul", { class: "plain", id: "barracks-mages" }, ...b.mages.map(m =>
    el("li", { title: mageTitle(m.name) }, el("strong", {}, m.shown || m.name), m.box ? el("span", { class: "sub" }, ` ${m.box}`) : null))));
  box.append(el("h3", {}, `Supply (${b.supply.length})`));
  for (const type of TYPES) {
    const cards = b.supply.filter(c => c.type === type).sort((x, y) => x.cost - y.cost || x.name.localeCompare(y.name));
    if (!cards.length) continue;
    box.append(el("div", { class: "pick-type" }, `${PLURAL[type]} (${cards.length})`));
    box.append(el("ul", { class: "plain piles", "data-type": type }, ...cards.map(c =>
      el("li", {}, el("span", { class: "cost", title: "cost" }, String(c.cost)), ` ${c.name}`))));
  }
  box.append(el("h3", {}, `Treasures (${b.treasures.length})`));
  if (!b.treasures.length) box.append(el("p", { class: "sub" }, "none yet: battles won bring them"));
  for (const tier of [1, 2, 3]) {
    const ts = b.treasures.filter(t => t.tier === tier);
    if (!ts.length) continue;
    box.append(el("div", { class: "pick-type" }, `tier ${tier} (${ts.length})`));
    box.append(el("ul", { class: "plain treasures", "data-tier": String(tier) }, ...ts.map(t =>
      el("li", {}, el("details", {}, el("summary", {}, t.name), t.text ? el("div", { class: "sub pre" }, t.text) : null)))));
  }
}

function drawBanished() {
  const box = $("#banished"), b = S.banished || {};
  const all = [...(b.supply || []), ...(b.mages || []), ...(b.treasures || [])].map(nameOf);
  box.innerHTML = "";
  if (!all.length) { box.textContent = S.options.endless ? "nothing: an endless expedition banishes no supply" : "nothing yet"; return; }
  box.append(el("p", { class: "sub" }, "Supplies not picked for a battle leave the expedition for good."));
  box.append(el("ul", { class: "plain", id: "banished-list" }, ...all.map(n => el("li", {}, n))));
}

function drawShare() {
  const box = $("#share-body");
  box.innerHTML = "";
  const view = location.origin + (S.view || `/x/${encodeURIComponent(EID)}`);
  if (S.can_choose) {
    box.append(el("p", { class: "sub" }, "This page's link makes the group's choices: share it only with your group."),
      el("p", { class: "link" }, el("a", { href: location.href, id: "choose-link" }, location.href)));
  } else box.append(el("p", { class: "sub" }, "You are watching: only the expedition's own link may make the group's choices."));
  box.append(el("p", { class: "sub" }, "To let others watch:"), el("p", { class: "link" }, el("a", { href: view, id: "view-link" }, view)));
  // the file holds the seeds, so only the group's own link may download it
  if (S.can_choose && TOKEN && S.export)
    box.append(el("p", {}, el("a", { class: "act", id: "export", download: `expedition-${EID}.json`,
      href: `${S.export}?t=${encodeURIComponent(TOKEN)}` }, "Download the expedition file")));
}

async function init() {
  try { CONTENT = await (await fetch("/api/content")).json(); } catch (e) { CONTENT = null; }
  await refresh();
}
init();
