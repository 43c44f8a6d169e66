"use strict";
// The seeded challenge page, /challenge[/{id}]: the set's five setups (the same deal for
// everyone), a name field and a play button per setup, and every result on the set, people
// beside the bots, with each group's win rate. Play starts a game of that setup with every
// seat this browser's and opens its board; the server records the result when it ends.
// A game of this browser still being played shows its board's link and a give-up button
// (it then counts as lost).
const $ = (s) => document.querySelector(s);
const parts = location.pathname.split("/").filter(Boolean);
const CID = parts.length > 1 ? decodeURIComponent(parts[1]) : "";
const NAME = "gravehold-challenge-name";
let MINE = {};  // this browser's games: id -> its first seat's link

function ending(r) {
  if (r.result === null) return "still being played";
  const why = (r.reason || "").replaceAll("_", " ");
  return `${r.result === "win" ? "won" : "lost"} (${why}), ${r.turns} turn${r.turns === 1 ? "" : "s"}; ` +
    `nemesis ${r.nemesis_life}, Gravehold ${r.gravehold_life}`;
}

function resultCell(rows, id) {
  const td = el("td", { id });
  if (!rows.length) { td.append(el("span", { class: "sub" }, "—")); return td; }
  for (const r of rows) {
    const line = el("div", { class: r.result === "win" ? "win" : r.result === null ? "pending" : "" },
      r.kind === "human" ? `${r.who}: ${ending(r)}` : ending(r));
    const link = r.result === null && r.game ? MINE[r.game] : null;
    if (link) {
      line.append(" ", el("a", { href: link, id: `resume-${r.game}` }, "resume"), " ",
        el("button", { class: "act", type: "button", id: `give-up-${r.game}`,
          onclick: (ev) => giveUp(r.game, link, ev.target) }, "give up"));
    }
    td.append(line);
  }
  return td;
}

function showSetups(S) {
  const box = $("#setups");
  box.replaceChildren();
  box.className = "";
  for (const s of S.setups) {
    box.append(el("div", { class: "setup-card", id: `setup-${s.number}` },
      el("h3", {}, `${s.number}. ${s.nemesis} vs ${s.mages.join(" + ")}`),
      el("div", { class: "sub" }, `normal difficulty, seed ${s.seed}`),
      el("div", { class: "market sub" }, `Market: ${s.market.join(", ")}`),
      el("button", { class: "act primary play", type: "button", id: `play-${s.number}`,
        "data-setup": String(s.number), onclick: (ev) => play(s.number, ev.target) }, `Play setup ${s.number}`)));
  }
}

function showResults(S) {
  const table = el("table", { class: "results", id: "results-table" });
  const head = el("tr", {}, el("th", {}, "Setup"));
  for (const b of S.bots) head.append(el("th", {}, `${b} (bot)`));
  head.append(el("th", {}, "People"));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  for (const s of S.setups) {
    const tr = el("tr", { id: `row-${s.number}` }, el("td", {}, `${s.number}. ${s.nemesis}`));
    for (const b of S.bots) tr.append(resultCell(s.results.filter((r) => r.kind === "bot" && r.who === b), `bot-${b}-${s.number}`));
    tr.append(resultCell(s.results.filter((r) => r.kind === "human"), `people-${s.number}`));
    body.append(tr);
  }
  table.append(body);
  $("#results").replaceChildren(table);
  $("#results").className = "";
  const rates = $("#rates");
  rates.replaceChildren();
  for (const [who, w] of Object.entries(S.win_rates)) {
    const label = who === "people" ? "people" : `${who} (bot)`;
    rates.append(el("li", { id: `rate-${who}` }, w.rate === null ? `${label}: no results yet`
      : `${label}: ${Math.round(w.rate * w.played)} of ${w.played} won (${Math.round(w.rate * 100)}%)`));
  }
}

async function mine() {
  try {
    const r = await fetch("/api/games?limit=200");
    const body = await r.json();
    MINE = Object.fromEntries((body.games || []).filter((g) => g.links.length).map((g) => [g.id, g.links[0]]));
  } catch (e) { MINE = {}; }
}

async function giveUp(gid, link, button) {
  if (!button.dataset.sure) {  // a second click confirms
    button.dataset.sure = "1";
    button.textContent = "give up: sure? (counts as lost)";
    return;
  }
  button.disabled = true;
  const t = new URL(link, location.href).searchParams.get("t");
  const r = await fetch(`/api/challenge/games/${encodeURIComponent(gid)}/give-up`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: t }) });
  if (!r.ok) { $("#error").textContent = (await r.json()).error; button.disabled = false; return; }
  load();
}

async function load() {
  await mine();
  const r = await fetch(`/api/challenge${CID ? "/" + encodeURIComponent(CID) : ""}`);
  const body = await r.json();
  if (!r.ok) { $("#error").textContent = body.error; $("#status").textContent = "refused"; return; }
  $("#challenge-id").textContent = body.id;
  document.body.dataset.challenge = body.id;
  $("#status").textContent = `set ${body.id}`;
  showSetups(body);
  showResults(body);
  document.body.dataset.loaded = "1";
}

async function play(number, button) {
  const name = $("#name").value.trim();
  $("#error").textContent = "";
  if (!name) { $("#error").textContent = "Give your name first (1 to 40 characters)."; $("#name").focus(); return; }
  try { localStorage.setItem(NAME, name); } catch (e) { /* storage off: type it again next time */ }
  button.disabled = true;
  const id = document.body.dataset.challenge;
  const r = await fetch(`/api/challenge/${encodeURIComponent(id)}/${number}/start`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name }) });
  const body = await r.json();
  button.disabled = false;
  if (!r.ok) { $("#error").textContent = body.error; return; }
  location.href = body.you;
}

$("#pick-set").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const id = $("#set-id").value.trim();
  if (id) location.href = `/challenge/${encodeURIComponent(id)}`;
});
try { $("#name").value = localStorage.getItem(NAME) || ""; } catch (e) { /* storage off */ }
load();
