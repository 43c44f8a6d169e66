"use strict";
// The end screen: when the game is over, the result and why, the summary the server worked
// out from the event log (turns, each player's damage and gains, the lives left), and the
// ways on: a rematch (same seed or a new one), a new game, the replay. It opens once by
// itself; "Game summary" in the header opens it again. The replay viewer uses
// gravehold.summaryTable to show the same summary.
(() => {
  const make = (tag, attrs = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) {
      if (k === "class") e.className = v; else e.setAttribute(k, v);
    }
    for (const k of kids) if (k !== null && k !== undefined) e.append(k);
    return e;
  };

  // the summary as a table: one row per player, then Gravehold and the nemesis
  function summaryTable(sum) {
    const box = make("div", { class: "summary" });
    const t = make("table", { class: "summary-table", id: "summary-table" });
    t.append(make("thead", {}, make("tr", {}, ...["Player", "Damage", "to nemesis", "to minions", "Cards gained", "Life"]
      .map(h => make("th", { scope: "col" }, h)))));
    const body = make("tbody");
    for (const p of sum.players) {
      const gained = {};
      for (const c of p.gained) gained[c] = (gained[c] || 0) + 1;
      const list = Object.entries(gained).map(([c, n]) => n > 1 ? `${c} ×${n}` : c).join(", ");
      body.append(make("tr", { "data-seat": String(p.seat) },
        make("th", { scope: "row" }, `Seat ${p.seat + 1}: ${p.mage}`),
        make("td", { class: "num" }, String(p.damage)), make("td", { class: "num" }, String(p.nemesis_damage)),
        make("td", { class: "num" }, String(p.minion_damage)),
        make("td", {}, make("strong", {}, String(p.gained_count)), list ? make("span", { class: "sub" }, ` (${list})`) : null),
        make("td", { class: "num" }, `${p.life}/${p.max_life}`)));
    }
    t.append(body);
    box.append(make("div", { class: "table-wrap" }, t));
    box.append(make("p", { class: "totals" },
      make("span", {}, `Turns: ${sum.turns}`), " · ",
      make("span", {}, `Gravehold life: ${sum.gravehold_life}/${sum.gravehold_max_life}`), " · ",
      make("span", {}, `${sum.nemesis} life: ${sum.nemesis_life}/${sum.nemesis_max_life}`),
      sum.other_damage ? ` · damage no player dealt: ${sum.other_damage}` : null));
    return box;
  }

  window.gravehold = Object.assign(window.gravehold || {}, { summaryTable });
  const dlg = document.getElementById("end");
  if (!dlg) return;  // a page without the end screen (the replay viewer)
  let shownFor = null;  // the game whose end screen opened by itself already
  let game = null;  // the game on the board
  const params = new URLSearchParams(location.search);

  async function rematch(seed) {
    const r = await fetch(`/api/games/${encodeURIComponent(game)}/rematch`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: params.get("t"), seed }),
    });
    const d = await r.json().catch(() => ({}));
    if (!r.ok) { if (typeof toast === "function") toast(d.error || "could not start a rematch"); return; }
    location.assign(d.you);
  }

  function fill(S) {
    const sum = S.summary;
    const won = S.result === "win";
    document.getElementById("end-title").textContent = won ? "Victory!" : "Defeat";
    dlg.classList.toggle("won", won); dlg.classList.toggle("lost", !won);
    document.getElementById("end-reason").textContent = sum ? `${sum.reason_text}, after ${sum.turns} turns.` : "";
    const box = document.getElementById("end-summary"); box.innerHTML = "";
    if (sum) box.append(summaryTable(sum));
    // a battle of an expedition goes on at the expedition's page; a rematch would be a game outside it
    const back = document.getElementById("end-expedition"), x = S.expedition;
    back.hidden = !x;
    if (x) {
      back.setAttribute("href", typeof expeditionUrl === "function" ? expeditionUrl(x) : x.url);
      back.textContent = x.kind === "legacy" ? "Back to the campaign" : "Back to the expedition";
    }
    const seat = S.seat !== null && S.seat !== undefined && !x;
    document.getElementById("rematch-same").hidden = !seat;
    document.getElementById("rematch-new").hidden = !seat;
    // a seat replays its game with its own hand shown: the replay takes the seat's link token
    const t = S.seat !== null && S.seat !== undefined ? new URLSearchParams(location.search).get("t") : null;
    document.getElementById("end-replay").setAttribute("href",
      `/replay/${encodeURIComponent(S.game)}` + (t ? `?t=${encodeURIComponent(t)}` : ""));
    const joins = document.getElementById("end-rematch"); joins.innerHTML = "";
    for (const [mode, url] of Object.entries(S.rematch || {})) joins.append(make("a", { class: "act primary join", href: url },
      `Join the rematch (${mode === "same" ? "same seed" : "new seed"})`));
  }

  document.addEventListener("gravehold:state", (e) => {
    const S = e.detail;
    game = S.game;
    const btn = document.getElementById("summary-btn");
    btn.hidden = !S.over;
    if (!S.over) { if (dlg.open) dlg.close(); return; }
    fill(S);
    if (shownFor !== S.game) { shownFor = S.game; if (!dlg.open) dlg.showModal(); }
  });
  document.getElementById("summary-btn").addEventListener("click", () => { if (!dlg.open) dlg.showModal(); });
  document.getElementById("end-close").addEventListener("click", () => dlg.close());
  document.getElementById("rematch-same").addEventListener("click", () => rematch("same"));
  document.getElementById("rematch-new").addEventListener("click", () => rematch("new"));
})();
