"use strict";
// The Legacy campaign page, /c/{id}[?t=TOKEN]: the script it plays and who wrote it, the
// experience and its cards, the Barracks (each mage with its city and stickers, the severed
// and retired), the cities' breach and map-edge stickers, the cards that keep marks, the map
// of the battles fought with their fire, the record of each game, the passages read, and the
// one thing the story waits for. Only the campaign's own link (its token) makes the group's
// choices; without it the page is read-only. Every choice goes to the server, which checks
// it whole; a refusal is shown as the server worded it. While a battle runs the page asks
// again every few seconds and moves on by itself once the battle's end has been applied.
const $ = (s) => document.querySelector(s);
const CID = decodeURIComponent(location.pathname.split("/").pop());
let TOKEN = new URLSearchParams(location.search).get("t");
const TYPES = ["gem", "relic", "spell"];
const PLURAL = { gem: "gems", relic: "relics", spell: "spells" };
const KINDS = { breach: "breach sticker", personal: "personal sticker", relationship: "relationship sticker",
  starter: "starter sticker", general: "general sticker (map edge)", vestige: "vestige" };
const STORE = "gravehold-campaigns";  // this browser's choosing links, by campaign id
let S = null, shown = null, timer = null, sending = false, readOnlyNote = "";

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const option = (value, text, selected) => el("option", { value, selected: !!selected }, text);

// ------------------------------------------------------------------ talking to the server
function remember(token) {
  try {
    const known = JSON.parse(localStorage.getItem(STORE) || "{}");
    if (known[CID] !== token) { known[CID] = token; localStorage.setItem(STORE, JSON.stringify(known)); }
  } catch (e) { /* storage off: the link in the address bar still works */ }
}

async function fetchState() {
  const q = TOKEN ? `?t=${encodeURIComponent(TOKEN)}` : "";
  const r = await fetch(`/api/campaigns/${encodeURIComponent(CID)}${q}`);
  const d = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
  if (!r.ok) throw new Error(d.error || `the server answered ${r.status}`);
  return d;
}

async function post(path, body) {
  const r = await fetch(`/api/campaigns/${encodeURIComponent(CID)}/${path}`, {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: TOKEN, version: S.version, ...body }) });
  const d = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
  return { ok: r.ok, status: r.status, data: d };
}

// Send one of the group's choices; the reply is the new state (or a refusal, shown as worded).
async function act(path, body, button) {
  if (sending) return;
  sending = true;
  if (button) button.disabled = true;
  const was = $("#step-error"); if (was) was.textContent = "";
  try {
    const r = await post(path, body);
    if (!r.ok) {  // a stale choice (409): the page moves on to where the campaign is, and says why
      const msg = r.data.error || `the server answered ${r.status}`;
      if (r.status === 409) await refresh();
      const now = $("#step-error"); if (now) now.textContent = msg;
      return;
    }
    if (path === "battle") await refresh(); else { S = r.data; shown = JSON.stringify(S); render(); }
  } finally {
    sending = false;
    if (button) button.disabled = false;
  }
}

async function refresh() {
  clearTimeout(timer);
  try {
    const d = await fetchState();
    if (TOKEN && !d.can_choose) {
      readOnlyNote = "This link's token does not make this campaign's choices: the page is read-only.";
      TOKEN = null;
    }
    const same = shown !== null && JSON.stringify(d) === shown;
    S = d;
    if (!same) {
      shown = JSON.stringify(d);
      const had = document.activeElement && document.activeElement.id;
      render();
      if (had && document.getElementById(had)) document.getElementById(had).focus();
    }
  } catch (e) {
    $("#status").textContent = `Could not load the campaign: ${e.message}`;
  }
  if (S && S.phase === "battle") timer = setTimeout(refresh, 2000);
  else if (S && S.phase !== "complete" && !S.can_choose) timer = setTimeout(refresh, 10000);
}

// ------------------------------------------------------------------ drawing
function statusLine() {
  const n = S.battle, can = S.can_choose;
  return {
    choose: can ? `Choose the setup of battle ${n}` : `The group is choosing battle ${n}'s setup`,
    battle: `Battle ${n} is being fought`,
    spend: can ? "Spend experience" : "The group is spending experience",
    choice: can ? "The story offers a choice" : "The group is making a choice of the story",
    vestige: can ? "Place a vestige" : "The group is placing a vestige",
    complete: "The campaign is complete",
  }[S.phase] || S.phase;
}

function render() {
  document.title = `${S.title} — gravehold`;
  $("#title").textContent = S.title;
  $("#status").textContent = statusLine();
  document.body.dataset.version = S.version;  // the step the page shows (what a test waits for)
  if (S.can_choose && TOKEN) remember(TOKEN);
  drawFacts(); drawStep(); drawMap(); drawHistory(); drawRead(); drawBarracks(); drawCities(); drawCards(); drawShare();
}

function drawFacts() {
  const sc = S.script;
  $("#script-label").textContent = scriptLabel(sc);
  const box = $("#facts"); box.innerHTML = "";
  const rows = [["Players", String(S.options.players)], ["City", S.options.city], ["Battle", String(S.battle)],
    ["Try", S.step.tries ? `${S.attempt} of ${S.step.tries}` : String(S.attempt)],
    ["Nemesis", S.nemesis_shown || "—"], ["Experience", String(S.experience)]];
  for (const [k, v] of rows) box.append(el("div", { class: "fact" }, el("dt", {}, k), el("dd", { id: `fact-${k.toLowerCase()}` }, v)));
  const xp = $("#experience"); xp.innerHTML = "";
  const cards = el("div", { class: "xp-cards", id: "xp-cards" }, el("span", { class: "sub" }, "Experience cards:"));
  if (!S.experience_cards.length) cards.append(el("span", { class: "sub" }, "none"));
  for (const c of S.experience_cards) cards.append(el("span", { class: "xp-card", "data-value": c.value }, `${c.count} × ${c.value}`));
  xp.append(cards);
}

// who wrote the script: its label (the shipped one says it is the project's own campaign)
function scriptLabel(sc) {
  const label = sc.label || (sc.shipped === "project" ? "The project's own campaign." : "");
  return label ? `${sc.title} — ${label}` : sc.title;
}

function stickerEl(s) {
  return el("div", { class: `sticker${s.covered ? " covered" : ""}`, "data-ref": s.ref, "data-kind": s.kind },
    el("span", { class: "name" }, s.name), el("span", { class: "kind" }, KINDS[s.kind] || s.kind),
    el("div", { class: "text" }, s.text));
}

function mageCard(m) {
  const who = el("div", { class: "who" }, el("strong", {}, m.shown), el("span", { class: "city" }, m.city || "no city"));
  if (m.severed) who.append(el("span", { class: "tag" }, "severed"));
  if (m.retired) who.append(el("span", { class: "tag" }, "retired"));
  const card = el("div", { class: "mage-card", "data-mage": m.name }, who);
  for (const s of m.stickers) card.append(stickerEl(s));
  return card;
}

function drawBarracks() {
  const box = $("#barracks"), b = S.barracks; box.innerHTML = "";
  box.append(el("h3", {}, `Mages (${b.mages.length})`));
  for (const m of b.mages) box.append(mageCard(m));
  if (b.severed.length) box.append(el("p", { class: "note bad" }, `Severed in this nemesis: ${b.severed.join(", ")} (retired once it is done).`));
  if (b.retired.length) {
    box.append(el("h3", {}, `Retired (${b.retired.length})`));
    for (const m of b.retired) box.append(mageCard(m));
  }
  box.append(el("p", { class: "sub" }, `Nemesis cards: ${b.basics} basic, ${b.upgraded} upgraded` +
    (b.banished.length ? `; banished: ${b.banished.join(", ")}` : "")));
}

function drawCities() {
  const box = $("#cities"); box.innerHTML = "";
  for (const c of S.cities) {
    const part = el("div", { class: "city-block", "data-city": c.name });
    part.append(el("h3", {}, c.ours ? `${c.name} (the group's city)` : c.name));
    if (!c.breaches.length) part.append(el("p", { class: "sub" }, "No breach sticker."));
    for (const b of c.breaches) {
      part.append(el("div", { class: "sub" }, `Breach ${b.breach}`));
      for (const s of b.stickers) part.append(stickerEl(s));
    }
    part.append(el("div", { class: "sub" }, `Edge of the map: ${c.filled.length} of ${c.slots} spaces filled`));
    for (const s of c.general) part.append(stickerEl(s));
    box.append(part);
  }
}

function drawCards() {
  const box = $("#cards"), b = S.barracks; box.innerHTML = "";
  box.append(el("h3", {}, "Supply piles"));
  const ul = el("ul", { class: "plain piles" });
  for (const p of b.supply) ul.append(el("li", { "data-type": p.type }, el("span", { class: "cost" }, String(p.cost)),
    `${p.name} × ${p.copies}` + (p.marked.length ? ` (${plural(p.marked.length, "marked copy", "marked copies")})` : "")));
  box.append(ul);
  box.append(el("h3", {}, "Enhanced starter copies"));
  if (!b.starters.length) box.append(el("p", { class: "sub" }, "none"));
  for (const c of b.starters) {
    const d = el("div", { class: "starter-copy", "data-copy": c.id }, el("strong", {}, c.id), c.city ? ` — serves ${c.city}` : "");
    for (const s of c.stickers) d.append(stickerEl(s));
    box.append(d);
  }
  box.append(el("h3", {}, "Marked copies"));
  if (!b.marked.length) { box.append(el("p", { class: "sub", id: "marked" }, "none")); return; }
  const m = el("ul", { class: "plain", id: "marked" });
  for (const c of b.marked) m.append(el("li", {}, `${c.id}: ` + Object.entries(c.marks).map(([k, n]) => `${k} × ${n}`).join(", ")));
  box.append(m);
}

function drawMap() {
  const box = $("#map"); box.innerHTML = "";
  if (!S.map.length) { box.textContent = "no battle fought yet"; return; }
  const t = el("table", { class: "map-table" }, el("thead", {}, el("tr", {}, el("th", {}, "battle"), el("th", {}, "nemesis"),
    el("th", {}, "tries"), el("th", {}, "result"), el("th", {}, "fire"))));
  const body = el("tbody");
  for (const r of S.map) {
    const fire = !r.fire.length ? "—" : `${r.fire.join(", then ")} fire token${r.fire[r.fire.length - 1] === 1 ? "" : "s"}` +
      (r.experience ? ` (+${r.experience} experience)` : "");
    body.append(el("tr", { "data-battle": r.battle }, el("td", {}, String(r.battle)), el("td", {}, r.shown),
      el("td", {}, String(r.tries)), el("td", {}, r.result === "win" ? "won" : "lost"),
      el("td", { class: r.fire.some((f) => f > 0) ? "fire" : "" }, fire)));
  }
  t.append(body);
  box.append(el("div", { class: "map" }, t));
}

function drawHistory() {
  const box = $("#history"); box.innerHTML = "";
  if (!S.history.length) { box.textContent = "no game played yet"; return; }
  const t = el("table", { class: "history-table" }, el("thead", {}, el("tr", {}, el("th", {}, "battle"), el("th", {}, "try"),
    el("th", {}, "against"), el("th", {}, "mages"), el("th", {}, "result"), el("th", {}, "game"))));
  const body = el("tbody");
  for (const h of S.history) {
    body.append(el("tr", { class: h.result === "win" ? "won" : "lost" },
      el("td", { "data-label": "battle" }, String(h.battle)), el("td", { "data-label": "try" }, String(h.attempt)),
      el("td", { "data-label": "against" }, h.shown), el("td", { "data-label": "mages" }, h.mages.join(", ")),
      el("td", { "data-label": "result", class: "result" }, `${h.result === "win" ? "Won" : "Lost"}: ${h.reason_text}`),
      el("td", { "data-label": "game" }, h.replay ? el("a", { href: h.replay }, "replay") : "—")));
  }
  t.append(body);
  box.append(el("div", { class: "history" }, t));
}

function drawRead() {
  const box = $("#read"); box.innerHTML = "";
  if (!S.read.length) { box.textContent = "none yet"; return; }
  for (const p of S.read) box.append(el("div", { class: "passage", "data-step": p.id }, el("span", { class: "sid" }, p.id), p.text || "(no text)"));
}

function drawShare() {
  const box = $("#share-body"); box.innerHTML = "";
  if (readOnlyNote) box.append(el("p", { class: "note bad" }, readOnlyNote));
  box.append(el("p", { class: "sub" }, "To watch: ", el("a", { class: "link", href: S.view }, location.origin + S.view)));
  if (S.can_choose && TOKEN) {
    const own = `${S.view}?t=${encodeURIComponent(TOKEN)}`;
    box.append(el("p", { class: "sub" }, "To make the group's choices: ", el("a", { class: "link", href: own }, location.origin + own)));
  }
  if (S.export) box.append(el("p", {}, el("a", { class: "act", id: "export", href: `${S.export}?t=${encodeURIComponent(TOKEN)}` }, "Download the campaign's file")));
}

// ------------------------------------------------------------------ the step
function drawStep() {
  const title = $("#step-title"), body = $("#step-body");
  body.innerHTML = "";
  title.textContent = statusLine();
  if (S.step.text && S.phase !== "complete") body.append(el("p", { class: "step-text", id: "step-text" }, S.step.text));
  body.append(el("div", { id: "step-error", class: "error", role: "alert" }));
  if (S.phase === "battle") { body.append(battleView()); return; }
  if (S.phase === "complete") { body.append(el("p", { id: "complete" }, "The story has ended.")); return; }
  if (!S.can_choose) { body.append(el("p", { class: "sub" }, "Only the campaign's own link makes the group's choices.")); return; }
  const n = S.next;
  if (S.phase === "choose") body.append(chooseForm(n));
  else if (S.phase === "spend") body.append(spendForm(n));
  else if (S.phase === "choice") body.append(choiceForm(n));
  else if (S.phase === "vestige") body.append(vestigeForm(n));
}

function battleView() {
  const c = S.current, box = el("div", { id: "battle" });
  if (!c) return box;
  box.append(el("p", {}, `Against ${S.nemesis_shown}. `, c.board ? el("a", { href: c.board, id: "board-link" }, "Watch the board") : ""));
  const ul = el("ul", { class: "seat-links", id: "seat-links" });
  for (const s of c.seats) {
    ul.append(el("li", {}, `Seat ${s.seat + 1}: ${s.shown} — `, s.kind === "bot" ? `a bot (${s.agent})` :
      s.url ? el("a", { href: s.url, class: "seat-link" }, "play this seat") : "a person"));
  }
  box.append(ul);
  if (S.can_choose) {
    const give = el("button", { class: "act danger", type: "button", id: "concede" }, "Give up this battle");
    give.addEventListener("click", () => {
      if (give.dataset.sure) act("concede", {}, give);
      else { give.dataset.sure = "1"; give.textContent = "Give it up: it counts as lost"; }
    });
    box.append(el("div", { class: "give-up" }, give));
  }
  return box;
}

function chooseForm(n) {
  const form = el("form", { class: "choose", id: "choose" });
  const seats = el("div", { class: "seat-choices" });
  for (let i = 0; i < n.players; i++) {
    const mage = el("select", { id: `seat-${i}-mage`, name: `mage${i}` }, option("", "choose a mage"));
    for (const m of n.mages) mage.append(option(m.name, `${m.shown} (${m.city || "no city"})${m.severed ? " — severed" : ""}`));
    const player = el("select", { id: `seat-${i}-player`, name: `player${i}` }, option("human", "a person"));
    for (const a of n.agents) player.append(option(a, `a bot: ${a}`));
    const fs = el("fieldset", { class: "seat-row" }, el("legend", {}, `Seat ${i + 1}`),
      el("div", { class: "field" }, el("label", { for: `seat-${i}-mage` }, "Mage"), mage),
      el("div", { class: "field" }, el("label", { for: `seat-${i}-player` }, "Played by"), player));
    if (n.starters.length) {
      const pick = el("div", { class: "starters-pick" });
      for (const c of n.starters) {
        const id = `seat-${i}-starter-${c.id.replace(/\W+/g, "-")}`;
        pick.append(el("div", {}, el("input", { type: "checkbox", id, value: c.id, "data-seat": i }),
          el("label", { for: id, class: "inline" }, `${c.id}`)));
      }
      fs.append(el("div", { class: "sub" }, "Enhanced starter copies this seat takes"), pick);
    }
    seats.append(fs);
  }
  form.append(seats);
  if (n.first_game && n.first_game.supply && n.first_game.supply.length) {
    form.append(el("p", { class: "sub" }, `The first game's sheet sets the supply: ${n.first_game.supply.join(", ")}.`));
  } else {
    const fs = el("fieldset", { id: "supply-choice" }, el("legend", {}, "Supply (none ticked: the bots' nine piles)"));
    for (const t of TYPES) {
      const count = el("span", { class: "count", "data-type": t });
      fs.append(el("div", { class: "pick-type" }, PLURAL[t], count));
      const grid = el("div", { class: "pick-grid" });
      for (const p of n.supply.filter((x) => x.type === t)) {
        const id = `pile-${p.name.replace(/\W+/g, "-")}`;
        grid.append(el("div", { class: "pick" }, el("input", { type: "checkbox", id, value: p.name, "data-type": t }),
          el("label", { for: id, class: "inline" }, el("span", { class: "cost" }, String(p.cost)), ` ${p.name} (${p.copies})`)));
      }
      fs.append(grid);
    }
    fs.addEventListener("change", () => counts(n));
    form.append(fs);
  }
  const fill = el("button", { class: "act", type: "button", id: "fill" }, "Fill in as the bots would");
  fill.addEventListener("click", () => fillDefault(n));
  form.append(el("div", { class: "row form-actions" }, fill, el("button", { class: "act primary", type: "submit", id: "begin" }, "Begin the battle")));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const seatsOut = [];
    for (let i = 0; i < n.players; i++) {
      seatsOut.push({ mage: $(`#seat-${i}-mage`).value, player: $(`#seat-${i}-player`).value,
        starters: [...form.querySelectorAll(`input[data-seat="${i}"]:checked`)].map((e) => e.value) });
    }
    const supply = [...form.querySelectorAll("#supply-choice input:checked")].map((e) => e.value);
    act("battle", { seats: seatsOut, supply }, $("#begin"));
  });
  setTimeout(() => counts(n), 0);
  return form;
}

function counts(n) {
  for (const t of TYPES) {
    const c = document.querySelector(`#supply-choice .count[data-type=${t}]`);
    if (!c) continue;
    const k = document.querySelectorAll(`#supply-choice input[data-type=${t}]:checked`).length, want = n.shape[t];
    c.textContent = `${k} of ${want} ${PLURAL[t]}`;
    c.className = `count${k === want ? " ok" : k > want ? " over" : ""}`;
  }
}

function fillDefault(n) {
  n.default.seats.forEach((s, i) => {
    const m = $(`#seat-${i}-mage`); if (m) m.value = s.mage;
    for (const box of document.querySelectorAll(`input[data-seat="${i}"]`)) box.checked = s.starters.includes(box.value);
  });
  for (const box of document.querySelectorAll("#supply-choice input")) box.checked = n.default.supply.includes(box.value);
  counts(n);
}

// the stickers a target's spaces hold, when they are full (a new one must cover one of them)
function coverSelect(id, filled, room) {
  if (filled.length < room) return null;
  const sel = el("select", { id });
  for (const k of filled) sel.append(option(String(k), `cover ${S.stickers[k].name}`));
  return el("label", { for: id }, "Spaces full: cover", sel);
}

function spendForm(n) {
  const box = el("div", { id: "spend" });
  box.append(el("p", {}, `The group holds ${plural(n.experience, "experience point", "experience points")}.`));
  const ul = el("ul", { class: "buy-list" });
  const mages = Object.fromEntries(S.barracks.mages.map((m) => [m.name, m]));
  for (const e of n.buyable) {
    const li = el("li", { class: e.affordable ? "" : "cannot", "data-enhancement": e.id },
      el("div", { class: "head" }, el("strong", {}, e.name), el("span", { class: "price" }, `${e.price} xp`),
        el("span", { class: "sub" }, KINDS[e.kind] + (e.city ? ` · ${e.city}` : "") + (e.breach ? ` · breach ${e.breach}` : "") +
          (e.mage ? ` · ${e.mage}` : ""))),
      el("div", { class: "text" }, e.text));
    const controls = el("div", { class: "controls" });
    const base = `buy-${e.id.replace(/\W+/g, "-")}`;
    let mageSel = null, copySel = null, cover = el("span");
    const coverFor = () => {
      let c = null;
      if (e.kind === "personal" || e.kind === "relationship") {
        const m = mages[e.kind === "relationship" ? e.mage : mageSel.value];
        if (m) c = coverSelect(`${base}-cover`, m.filled, n.mat_spaces);
      } else if (e.kind === "general") {
        const city = S.cities.find((x) => x.name === e.city);
        if (city) c = coverSelect(`${base}-cover`, city.filled, city.slots);
      }
      const now = c || el("span");
      cover.replaceWith(now); cover = now;
    };
    if (e.kind === "personal") {
      mageSel = el("select", { id: `${base}-mage` });
      for (const m of n.mages) mageSel.append(option(m.name, m.shown));
      mageSel.addEventListener("change", coverFor);
      controls.append(el("label", { for: `${base}-mage` }, "On the mat of", mageSel));
    }
    if (e.kind === "starter") {
      copySel = el("select", { id: `${base}-copy` }, option("", `a fresh copy of ${e.card}`));
      for (const c of S.barracks.starters.filter((x) => x.card === e.card)) copySel.append(option(c.id, `over ${c.id}`));
      controls.append(el("label", { for: `${base}-copy` }, "Copy", copySel));
    }
    controls.append(cover);
    const buy = el("button", { class: "act", type: "button", "data-buy": e.id, disabled: !e.affordable }, `Buy for ${e.price}`);
    buy.addEventListener("click", () => {
      const body = { enhancement: e.id };
      if (mageSel) body.mage = mageSel.value;
      if (copySel && copySel.value) body.copy = copySel.value;
      const c = document.getElementById(`${base}-cover`);
      if (c) body.cover = +c.value;
      act("buy", body, buy);
    });
    controls.append(buy);
    li.append(controls);
    ul.append(li);
    setTimeout(coverFor, 0);
  }
  if (!n.buyable.length) box.append(el("p", { class: "sub" }, "Nothing can be bought now."));
  box.append(ul);
  const done = el("button", { class: "act primary", type: "button", id: "done" }, "Done spending");
  done.addEventListener("click", () => act("done", {}, done));
  box.append(el("div", { class: "row form-actions" }, done));
  return box;
}

function choiceForm(n) {
  const box = el("div", { id: "choice", class: "options" });
  for (const o of n.options) {
    const b = el("button", { class: "act", type: "button", "data-option": o.option }, o.label);
    b.addEventListener("click", () => act("pick", { option: o.option }, b));
    box.append(b);
  }
  return box;
}

function vestigeForm(n) {
  const v = n.vestiges[0], box = el("div", { id: "vestige" });
  box.append(el("p", {}, `The story gives ${n.vestiges.length === 1 ? "a vestige" : plural(n.vestiges.length, "vestige", "vestiges")} to place, at no cost.`));
  box.append(el("div", { class: "sticker" }, el("span", { class: "name" }, v.name), el("span", { class: "kind" }, "vestige"),
    el("div", { class: "text" }, v.text)));
  const mages = Object.fromEntries(S.barracks.mages.map((m) => [m.name, m]));
  const sel = el("select", { id: "vestige-mage" });
  for (const m of n.mages) sel.append(option(m.name, m.shown));
  let cover = el("span");
  const coverFor = () => {
    const m = mages[sel.value];
    const c = v.space === "enhancement" && m ? coverSelect("vestige-cover", m.filled, n.mat_spaces) : null;
    const now = c || el("span"); cover.replaceWith(now); cover = now;
  };
  sel.addEventListener("change", coverFor);
  const place = el("button", { class: "act primary", type: "button", id: "place" }, "Place it");
  place.addEventListener("click", () => {
    const body = { vestige: v.id, mage: sel.value }, c = document.getElementById("vestige-cover");
    if (c) body.cover = +c.value;
    act("place", body, place);
  });
  box.append(el("div", { class: "controls vestige-list" }, el("label", { for: "vestige-mage" }, "On the mat of", sel), cover, place));
  setTimeout(coverFor, 0);
  return box;
}

refresh();
