"use strict";
// A board that moves: after each state board.js draws, the difference from the state before
// marks what changed with a short CSS animation (flow.css, at most 400 ms): a card played or
// prepped, a card gained (its supply pile and the discard), a discard that grew, life lost or
// gained, the card the nemesis drew. Only the classes are set here: the animations never hold
// input back, and none is set when the page is hidden, when the system asks for reduced
// motion, for the first state, or for a step back (undo, the replay going backwards).
(() => {
  const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)");
  let before = null;  // the last state drawn: {game, seq, view}

  // the names in `next` beyond those in `prev`, each as often as it is new
  function added(prev, next) {
    const left = new Map();
    for (const c of prev || []) left.set(c, (left.get(c) || 0) + 1);
    const out = [];
    for (const c of next || []) { const k = left.get(c) || 0; if (k) left.set(c, k - 1); else out.push(c); }
    return out;
  }
  function mark(e, cls) { if (e) { e.classList.remove(cls); void e.offsetWidth; e.classList.add(cls); } }
  // the last cards called `name` in `box` (the newest lie last), one for each time it is new
  function markCards(box, names, cls) {
    if (!box) return;
    const want = new Map();
    for (const n of names) want.set(n, (want.get(n) || 0) + 1);
    for (const [n, k] of want) [...box.querySelectorAll(".card")].filter(c => c.dataset.name === n).slice(-k).forEach(c => mark(c, cls));
  }
  function life(e, was, now) { if (now < was) mark(e, "m-hit"); else if (now > was) mark(e, "m-heal"); }

  function player(i, p, q) {
    const panel = document.getElementById(`player-${i}`);
    if (!panel) return;
    life(panel.querySelector(".life"), p.life, q.life);
    markCards(document.getElementById(`played-${i}`), added(p.played, q.played), "m-play");
    q.breaches.forEach((b, k) => markCards(document.getElementById(`breach-${i}-${k}`),
      added((p.breaches[k] || {}).spells, b.spells), "m-play"));
    if (q.discard.length > p.discard.length) mark(panel.querySelector("details.discard > summary"), "m-discard");
  }

  function changes(v, w) {
    v.players.forEach((p, i) => { if (w.players[i]) player(i, p, w.players[i]); });
    life(document.querySelector("#table .life"), v.gravehold.life, w.gravehold.life);
    life(document.querySelector("#nemesis .life"), v.nemesis.life, w.nemesis.life);
    const was = new Map(v.supply);
    for (const [name, count] of w.supply) {
      if (count < (was.get(name) || 0)) mark(document.querySelector(`#supply .card[data-name="${CSS.escape(name)}"]`), "m-gain");
    }
    if (w.nemesis.deck_size < v.nemesis.deck_size) document.querySelectorAll("#nemesis .card.drawn").forEach(c => mark(c, "m-draw"));
  }

  document.addEventListener("gravehold:state", (e) => {
    const S = e.detail, prev = before;
    before = { game: S.game, seq: S.seq, view: S.view };
    if (!prev || prev.game !== S.game || S.seq <= prev.seq || document.hidden || REDUCED.matches) return;
    changes(prev.view, S.view);
  });
})();
