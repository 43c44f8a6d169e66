"use strict";
// The board's header on a phone: one line with the phase and the lives of Gravehold and the
// nemesis, the decision's buttons, and a menu button that unfolds the rest (title, status,
// undo, summary, the toggles). On a wider screen the menu button and the line are not shown
// and the header is as it always was (flow.css). Listens to board.js's "gravehold:state".
(() => {
  const header = document.getElementById("board-header");
  const btn = document.getElementById("menu-btn"), brief = document.getElementById("brief");
  if (!header || !btn) return;
  function fold(open) {
    header.classList.toggle("open", open);
    btn.setAttribute("aria-expanded", String(open));
  }
  btn.addEventListener("click", () => fold(!header.classList.contains("open")));
  document.addEventListener("keydown", (e) => { if (e.key === "Escape" && header.classList.contains("open")) { fold(false); btn.focus(); } });
  // a choice made in the menu folds it again, and so does a tap on the board
  document.getElementById("header-rest").addEventListener("click", (e) => { if (e.target.closest("button, a")) fold(false); });
  document.addEventListener("click", (e) => { if (!header.contains(e.target)) fold(false); });

  function brieflyFrom(S) {
    const v = S.view;
    const rules = typeof TEXT !== "undefined" && TEXT && TEXT.nemesis_rules[v.nemesis.id];
    const life = typeof W === "function" ? W("life") : "life";
    const phase = S.over ? (S.result === "win" ? "Victory" : "Defeat") : (S.phase || v.phase);
    brief.textContent = "";
    const part = (cls, name, n) => {  // a name that may be cut short, and its number, never cut
      const s = document.createElement("span"), a = document.createElement("span");
      s.className = cls; a.className = "b-name"; a.textContent = name; s.append(a);
      if (n !== undefined) { const b = document.createElement("span"); b.className = "b-num"; b.textContent = ` ${n}`; s.append(b); }
      s.title = n === undefined ? name : `${name}: ${life} ${n}`;
      brief.append(s);
    };
    part("b-phase", phase);
    part("b-gh", "Gravehold", v.gravehold.life);
    part("b-nem", rules ? rules.name : v.nemesis.id, v.nemesis.life);
  }
  document.addEventListener("gravehold:state", (e) => brieflyFrom(e.detail));
  // a state that came in before this script ran (a busy machine lets the socket's first message
  // in between the board's scripts) is drawn now, not at the next one
  if (typeof S !== "undefined" && S) brieflyFrom(S);
})();
