"use strict";
// The replay viewer: a finished game (/replay/GAME) or an uploaded record (/replay/f-...),
// step by step. The server replays the actions and sends each step as a spectator's board
// frame; board.js (loaded in replay mode) draws it exactly as the live board does. Forward,
// back, jump to a turn, drag the slider, or play; ← → Home End and space work too.
(() => {
  const REF = decodeURIComponent(location.pathname.split("/").pop());
  const api = `/api/replays/${encodeURIComponent(REF)}`;
  // a seat's own link token (?t=, from its end screen): the steps show that seat's hand
  const TOKEN = new URLSearchParams(location.search).get("t");
  const asSeat = TOKEN ? `?t=${encodeURIComponent(TOKEN)}` : "";
  const byId = (id) => document.getElementById(id);
  const frames = new Map();  // step -> promise of its frame (kept: stepping back costs nothing)
  let INDEX = null, step = 0, want = 0, timer = null;

  const fetchFrame = (k) => {
    if (!frames.has(k)) frames.set(k, fetch(`${api}/steps/${k}${asSeat}`).then(async (r) => {
      const d = await r.json();
      if (!r.ok) { frames.delete(k); throw new Error(d.error || `step ${k}: ${r.status}`); }
      return d;
    }));
    return frames.get(k);
  };
  const seatName = (f, s) => `seat ${s + 1} (${f.seats[s].mage})`;

  function info(f) {  // what happened to get here, and what is chosen next
    const box = byId("step-info"); box.innerHTML = "";
    const line = (label, text, cls) => { const p = document.createElement("div"); p.className = cls || "";
      const b = document.createElement("span"); b.className = "sub"; b.textContent = label + " ";
      p.append(b, text); box.append(p); };
    if (f.last) line("last:", `${seatName(f, f.last.seat)} — ${f.last.label}`);
    if (f.next) line("now:", `${seatName(f, f.next.seat)} — ${f.view.decision.prompt}`);
    if (f.next) line("chose:", f.next.label, "chosen");
    if (f.over) line("the end:", f.summary ? f.summary.reason_text : f.reason);
  }

  function status(f) {
    byId("status").textContent = `Turn ${f.turn}, ${f.view.phase} — step ${f.step} of ${f.steps}`
      + (f.over ? ` — ${f.result === "win" ? "victory" : "defeat"}` : "");
    byId("where").textContent = `${f.step}/${f.steps}`;
    byId("scrub").value = String(f.step);
    let t = INDEX.turns[0].turn;
    for (const x of INDEX.turns) if (x.step <= f.step) t = x.turn;
    byId("turn").value = String(t);
    document.title = `Replay: ${INDEX.title} — gravehold`;
    byId("title").textContent = `${INDEX.title} — replay` + (INDEX.file ? " of a record file" : "");
    byId("back").disabled = byId("first").disabled = f.step === 0;
    byId("fwd").disabled = byId("last").disabled = f.step === f.steps;
  }

  function outcome(f) {
    const box = byId("outcome");
    box.hidden = !(f.over && f.summary);
    if (box.hidden) return;
    byId("outcome-reason").textContent = `${f.result === "win" ? "Victory" : "Defeat"}: ${f.summary.reason_text}, after ${f.summary.turns} turns.`;
    const s = byId("outcome-summary"); s.innerHTML = "";
    s.append(window.gravehold.summaryTable(f.summary));
  }

  async function go(k) {
    k = Math.max(0, Math.min(INDEX.steps, k));
    want = k;
    let f;
    try { f = await fetchFrame(k); } catch (e) { if (typeof toast === "function") toast(e.message); stop(); return; }
    if (want !== k) return;  // a later click won
    step = k;
    window.gravehold.show(f);
    status(f); info(f); outcome(f);
    const log = byId("log"), lines = [...log.children];
    lines.slice(lines.length - (f.fresh || 0)).forEach(x => x.classList.add("fresh"));
    if (k < INDEX.steps) fetchFrame(k + 1).catch(() => {});
  }

  function stop() { if (timer) { clearInterval(timer); timer = null; } byId("play").textContent = "▶ play"; }
  function play() {
    if (timer) { stop(); return; }
    if (step >= INDEX.steps) go(0);
    byId("play").textContent = "❚❚ pause";
    timer = setInterval(() => { if (step >= INDEX.steps) stop(); else go(step + 1); }, 700);
  }

  async function init() {
    await window.gravehold.ready;
    const r = await fetch(api);
    INDEX = await r.json();
    if (!r.ok) { byId("status").textContent = INDEX.error; return; }
    const sel = byId("turn");
    for (const t of INDEX.turns) { const o = document.createElement("option"); o.value = String(t.turn); o.textContent = String(t.turn); sel.append(o); }
    sel.addEventListener("change", () => { stop(); const t = INDEX.turns.find(x => String(x.turn) === sel.value); if (t) go(t.step); });
    const scrub = byId("scrub"); scrub.max = String(INDEX.steps);
    scrub.addEventListener("input", () => { stop(); go(+scrub.value); });
    byId("first").onclick = () => { stop(); go(0); };
    byId("back").onclick = () => { stop(); go(step - 1); };
    byId("fwd").onclick = () => { stop(); go(step + 1); };
    byId("last").onclick = () => { stop(); go(INDEX.steps); };
    byId("play").onclick = play;
    document.addEventListener("keydown", (e) => {
      if (e.target.closest("input, select, textarea")) return;
      const keys = { ArrowLeft: () => go(step - 1), ArrowRight: () => go(step + 1), Home: () => go(0), End: () => go(INDEX.steps) };
      if (keys[e.key]) { e.preventDefault(); stop(); keys[e.key](); } else if (e.key === " ") { e.preventDefault(); play(); }
    });
    const start = +(new URLSearchParams(location.search).get("step") || 0);
    go(Number.isFinite(start) ? start : 0);
  }
  init();
})();
