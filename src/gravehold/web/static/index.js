"use strict";
let CONTENT = null;
const $ = (s) => document.querySelector(s);
function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}
function toast(msg) { const t = $("#toast"); t.textContent = msg; t.style.display = "block";
  setTimeout(() => t.style.display = "none", 5000); }

function seatRows() {
  const n = +$("#players").value, box = $("#seats");
  const old = [...box.querySelectorAll(".seat-row")].map(r => [r.querySelector(".mage").value, r.querySelector(".who").value]);
  box.innerHTML = "";
  for (let i = 0; i < n; i++) {
    const mage = el("select", { class: "mage", "aria-label": `seat ${i + 1} mage` }, el("option", { value: "random" }, "random mage"));
    for (const m of CONTENT.mages) mage.append(el("option", { value: m.id }, `${m.id} — ${m.title} (${m.box})`));
    const who = el("select", { class: "who", "aria-label": `seat ${i + 1} player` }, el("option", { value: "" }, "human"));
    for (const a of CONTENT.agents) who.append(el("option", { value: a }, `bot: ${a}`));
    if (old[i]) { mage.value = old[i][0]; who.value = old[i][1]; } else if (i > 0) who.value = "heuristic";
    box.append(el("div", { class: "seat-row" }, el("label", {}, `Seat ${i + 1}`), mage, who));
  }
}

// Treasures: per seat a tier-1 card and a tier-3 treasure, and one tier-2 for the
// group; every choice may stay empty, and a game without any has none.
function treasureSelect(tier, label, cls) {
  const s = el("select", { class: cls, "aria-label": label }, el("option", { value: "" }, `no tier-${tier} treasure`));
  for (const [name, t] of Object.entries(CONTENT.treasures).sort()) if (t.tier === tier) s.append(el("option", { value: name, title: t.text }, name));
  return s;
}
function treasureRows() {
  const n = +$("#players").value, box = $("#treasure-rows");
  const old = [...box.querySelectorAll(".seat-treasures")].map(r => [r.querySelector(".tier1").value, r.querySelector(".tier3").value]);
  const group = box.querySelector(".tier2") ? box.querySelector(".tier2").value : "";
  box.innerHTML = "";
  for (let i = 0; i < n; i++) {
    const t1 = treasureSelect(1, `seat ${i + 1} tier-1 treasure`, "tier1"), t3 = treasureSelect(3, `seat ${i + 1} tier-3 treasure`, "tier3");
    if (old[i]) { t1.value = old[i][0]; t3.value = old[i][1]; }
    box.append(el("div", { class: "treasure-row seat-treasures" }, el("label", {}, `Seat ${i + 1}`), t1, t3));
  }
  const t2 = treasureSelect(2, "the group's tier-2 treasure", "tier2");
  t2.value = group;
  box.append(el("div", { class: "treasure-row" }, el("label", {}, "Group"), t2));
}
function chosenTreasures() {
  const players = [...document.querySelectorAll(".seat-treasures")].map(r => {
    const s = {}, t1 = r.querySelector(".tier1").value, t3 = r.querySelector(".tier3").value;
    if (t1) s.tier1 = t1;
    if (t3) s.tier3 = t3;
    return s;
  });
  const group = $("#treasure-rows .tier2").value;
  if (!group && players.every(s => !Object.keys(s).length)) return null;
  return group ? { players, group } : { players };
}

// The market picker: the supply cards only (CONTENT.supply), by box, then type, then cost,
// with a running count of the nine and of the 3 gems / 2 relics / 4 spells a market holds.
const SHAPE = { gem: 3, relic: 2, spell: 4 };
function pickBoxes() {
  const box = $("#pick"); box.innerHTML = "";
  box.append(el("p", { class: "sub" }, "Pick 9 supply cards: 3 gems, 2 relics and 4 spells."));
  box.append(el("div", { id: "pick-count", role: "status", "aria-live": "polite" }));
  const boxes = [...new Set(CONTENT.supply.map(c => c.box))];
  for (const b of boxes) {
    const fs = el("fieldset", {}, el("legend", {}, b));
    for (const type of Object.keys(SHAPE)) {
      const cards = CONTENT.supply.filter(c => c.box === b && c.type === type).sort((x, y) => x.cost - y.cost || x.name.localeCompare(y.name));
      if (!cards.length) continue;
      const grid = el("div", { class: "pick-grid" });
      for (const c of cards) {
        const id = "pick-" + c.name.replace(/\W/g, "_");
        const cb = el("input", { type: "checkbox", value: c.name, id, "data-type": c.type, onchange: pickCount });
        grid.append(el("div", {}, cb, el("label", { for: id, class: "inline" }, ` ${c.name} (${c.cost}${c.city ? ", " + c.city : ""})`)));
      }
      fs.append(el("div", { class: "pick-type" }, `${type}s`), grid);
    }
    box.append(fs);
  }
  pickCount();
}
function picked() { return [...document.querySelectorAll("#pick input:checked")]; }
function pickCount() {
  const on = picked(), n = on.length, shape = { gem: 0, relic: 0, spell: 0 };
  for (const c of on) shape[c.dataset.type] += 1;
  const right = Object.keys(SHAPE).every(t => shape[t] === SHAPE[t]);
  const box = $("#pick-count"); box.innerHTML = "";
  box.className = right ? "ok" : n > 9 ? "over" : "";
  box.append(`${n}/9`, el("span", { class: "sub" },
    " — " + Object.keys(SHAPE).map(t => `${t}s ${shape[t]}/${SHAPE[t]}`).join(" · ")));
  return right;
}

async function loadGames() {
  const r = await fetch("/api/games"); const d = await r.json();
  const box = $("#games"); box.innerHTML = "";
  if (!d.games.length) { box.textContent = "none yet"; return; }
  for (const g of d.games) {
    const links = g.links.map((u, i) => el("a", { href: u }, ` resume seat ${i + 1}`));
    box.append(el("div", { class: "row" }, el("strong", {}, g.title), el("span", { class: "sub" },
      g.status === "finished" ? `finished: ${g.result}` : "running"), ...links, el("a", { href: g.spectator }, " watch"),
      g.replay ? el("a", { href: g.replay, class: "replay-link" }, " replay") : ""));
  }
  if (d.total > d.games.length) box.append(el("p", { class: "sub" }, `the latest ${d.games.length} of your ${d.total} games`));
}

// The server's refusal beside the form, in its words; the field it names gets the keyboard
// (``market[2]`` is the market select, ``seats[1].mage`` seat 2's mage).
function refusedAt(d) {
  $("#setup-error").textContent = d.error || "could not create the game";
  const f = d.field || "", seat = /^seats\[(\d+)\]\.(mage|bot)/.exec(f);
  const rows = document.querySelectorAll(".seat-row");
  const at = seat && rows[+seat[1]] ? rows[+seat[1]].querySelector(seat[2] === "mage" ? ".mage" : ".who")
    : document.getElementById(f.split(/[.[]/)[0]);
  if (at && at.focus) at.focus();
}

async function init() {
  CONTENT = await (await fetch("/api/content")).json();
  const nem = $("#nemesis");
  nem.append(el("option", { value: "random" }, "random"));
  for (const [lo, hi] of [[1, 3], [4, 6], [7, 10]]) nem.append(el("option", { value: `random:${lo}-${hi}` }, `random, difficulty ${lo}–${hi}`));
  for (const n of CONTENT.nemeses) nem.append(el("option", { value: n.name }, `${n.name} (${n.box}, difficulty ${n.difficulty})`));
  const mk = $("#market");
  mk.append(el("option", { value: "official" }, "a random official market setup"));
  for (const m of CONTENT.markets) mk.append(el("option", { value: m.name }, `${m.name} (${m.kind})`));
  mk.append(el("option", { value: "__pick" }, "pick 9 cards…"));
  mk.addEventListener("change", () => { const p = mk.value === "__pick"; $("#pick").hidden = !p; if (p && !$("#pick").childElementCount) pickBoxes(); });
  for (const d of CONTENT.difficulties) $("#difficulty").append(el("option", { value: d }, d));
  for (const s of CONTENT.stories) $("#x-story").append(el("option", { value: s.id }, `${s.name} (${s.battles} battles)`));
  $("#difficulty").value = "normal";
  for (const r of CONTENT.presets) $("#ruleset").append(el("option", { value: r.id }, r.default ? `${r.name} (default)` : r.name));
  $("#ruleset").value = CONTENT.presets.find(r => r.default).id;
  $("#basics").append(el("option", { value: "" }, "the nemesis' own box"));
  for (const b of CONTENT.boxes) if (b.basic_cards) $("#basics").append(el("option", { value: b.id }, `${b.name} (${b.id})`));
  const ups = Object.entries(CONTENT.nemesis_cards).filter(([, c]) => c.upgraded)
    .sort(([, a], [, b]) => a.box.localeCompare(b.box) || a.tier - b.tier || a.name.localeCompare(b.name));
  for (const [k, c] of ups) $("#upgraded").append(el("option", { value: k }, `${c.name} (tier ${c.tier}, ${c.box})`));
  $("#players").addEventListener("change", () => { seatRows(); treasureRows(); });
  seatRows();
  treasureRows();
  loadGames();
  $("#setup").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const seats = [...document.querySelectorAll(".seat-row")].map(r => ({ mage: r.querySelector(".mage").value, bot: r.querySelector(".who").value || null }));
    let market = mk.value;
    if (market === "__pick") market = picked().map(c => c.value);  // the server says what is wrong with them
    const seed = $("#seed").value === "" ? null : +$("#seed").value;
    const body = { seats, nemesis: nem.value, market, difficulty: $("#difficulty").value, ruleset: $("#ruleset").value, seed };
    if ($("#tutorial").checked) body.ruleset = { preset: body.ruleset, tutorial_discard: true };  // P-15
    if ($("#basics").value) body.basics = $("#basics").value;
    const upgraded = [...$("#upgraded").selectedOptions].map(o => o.value);
    if (upgraded.length) body.upgraded = upgraded;
    const treasures = chosenTreasures();
    if (treasures) body.treasures = treasures;
    const r = await fetch("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const d = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
    const out = $("#setup-error"); out.textContent = "";
    if (!r.ok) { refusedAt(d); return; }
    const ul = $("#links"); ul.innerHTML = "";
    for (const s of d.seats) ul.append(el("li", {}, `Seat ${s.seat + 1} (${s.mage}): `,
      s.url ? el("a", { href: s.url, class: "seat-link" }, location.origin + s.url) : "bot"));
    ul.append(el("li", {}, "Spectators: ", el("a", { href: d.spectator, class: "spectator-link" }, location.origin + d.spectator)));
    $("#created").hidden = false;
    // the links are what the player came for: bring them into view and the keyboard to the first
    $("#created").scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    const first = ul.querySelector("a");
    if (first) first.focus({ preventScroll: true });
    loadGames();
  });
}
// Expeditions: set one out, then go to its page by its choosing link (kept in this browser,
// so the list below can link to it again); the list is this browser's own expeditions.
const XSTORE = "gravehold-expeditions";
function knownTokens() { try { return JSON.parse(localStorage.getItem(XSTORE) || "{}"); } catch (e) { return {}; } }
function rememberToken(id, url) {
  const t = new URL(url, location.origin).searchParams.get("t");
  if (!t) return;
  try { localStorage.setItem(XSTORE, JSON.stringify({ ...knownTokens(), [id]: t })); } catch (e) { /* storage off */ }
}
const PHASES = { choose: "choosing", battle: "in battle", support: "after a lost battle", complete: "complete" };
async function loadExpeditions() {
  const box = $("#expeditions");
  const r = await fetch("/api/expeditions");
  if (!r.ok) { box.textContent = "none yet"; return; }
  const d = await r.json(), tokens = knownTokens();
  box.innerHTML = "";
  if (!d.expeditions.length) { box.textContent = "none yet"; return; }
  for (const x of d.expeditions) {
    const url = x.url || (tokens[x.id] ? `/x/${x.id}?t=${encodeURIComponent(tokens[x.id])}` : `/x/${x.id}`);
    const at = x.phase === "complete" ? "complete" : `battle ${x.battle}, ${PHASES[x.phase] || x.phase}`;
    box.append(el("div", { class: "row" }, el("a", { href: url, class: "expedition-link" }, x.title),
      el("span", { class: "sub" }, `${x.players} player${x.players === 1 ? "" : "s"} · ${at}` +
        (x.score !== undefined && x.score !== null ? ` · score ${x.score}` : ""))));
  }
  if (d.total > d.expeditions.length) box.append(el("p", { class: "sub" }, `the latest ${d.expeditions.length} of your ${d.total} expeditions`));
}
$("#x-story").addEventListener("change", () => {  // a story has its own battles: no length to choose
  $("#x-length").disabled = $("#x-story").value !== "";
});
$("#new-expedition").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const out = $("#expedition-error"); out.textContent = "";
  const body = { players: +$("#x-players").value, score: $("#x-score").checked, endless: $("#x-endless").checked };
  if ($("#x-story").value) body.story = $("#x-story").value; else body.length = $("#x-length").value;
  if ($("#x-seed").value !== "") body.seed = +$("#x-seed").value;
  if ($("#x-title").value.trim()) body.title = $("#x-title").value.trim();
  const r = await fetch("/api/expeditions", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const d = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
  if (!r.ok) { out.textContent = d.error || "could not set out"; return; }
  rememberToken(d.id, d.url);
  location.assign(d.url);
});
loadExpeditions();

// a record file goes to the server, which checks it and gives it a replay link
async function upload(file) {
  const out = $("#upload-result"); out.className = "sub"; out.textContent = `reading ${file.name}…`;
  const r = await fetch("/api/replays", { method: "POST", headers: { "content-type": "application/json" }, body: await file.text() });
  const d = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
  if (!r.ok) { out.className = "sub bad"; out.textContent = `${file.name}: ${d.error}`; return; }
  location.assign(d.url);
}
$("#record-file").addEventListener("change", (e) => { const f = e.target.files[0]; if (f) upload(f); });
init();
