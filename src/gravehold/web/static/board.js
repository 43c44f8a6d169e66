"use strict";
// The board: draws the view the server sends for this seat, marks every legal action on
// the thing it acts on, and sends the chosen action with the decision number it answers.
// Loaded with data-mode="replay" (replay.html) it draws the states the replay viewer hands
// it (gravehold.show) instead of the socket's. After each state it fires "gravehold:state"
// on the document, which the end screen and the turn announcer listen to.
const MODE = (document.currentScript && document.currentScript.dataset.mode) || "live";
const $ = (s) => document.querySelector(s);
const GID = location.pathname.split("/").pop();
const TOKEN = new URLSearchParams(location.search).get("t");
const BREACH = ["I", "II", "III", "IV"];
const FOCUS = [0, 2, 3, 4], OPEN = [[0, 0, 0, 0], [5, 4, 3, 2], [9, 7, 5, 3], [13, 10, 7, 4]];
let S = null, TEXT = null, ws = null, picked = null, sending = false;
// from /api/vocabulary (engine/decisions.py): the action heads placed on the board, and the
// decision kinds answered there rather than in a dialog
let PLACED = new Set(), ON_BOARD = new Set();

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "tip") { e.dataset.tip = v; } else e.setAttribute(k, v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
}
function toast(msg) { const t = $("#toast"); t.textContent = msg; t.style.display = "block";
  clearTimeout(toast.h); toast.h = setTimeout(() => t.style.display = "none", 5000); }
const key = (a) => JSON.stringify(a);

// ------------------------------------------------------------------ actions
function legal() { return (S && S.your_turn) ? S.options : []; }
function find(pred) { return legal().filter(o => pred(o.action)); }
function send(action) {
  if (sending || !S) return;
  sending = true; picked = null;
  ws.send(JSON.stringify({ seq: S.seq, action }));
}
function cardTip(name) {
  const c = TEXT && (TEXT.cards[name] || TEXT.nemesis_cards[name]);
  if (!c) return name;
  return `${name} (${c.type}${c.cost !== undefined ? ", cost " + c.cost : ""}${c.tier ? ", tier " + c.tier : ""})\n${c.text}`;
}

// ------------------------------------------------------------------ drawing
function render() {
  if (!S) return;
  const v = S.view, me = S.seat;
  $("#title").textContent = S.title + (me === null ? " — spectating" : ` — seat ${me + 1}`);
  let status;
  if (S.over) {
    const why = S.summary ? S.summary.reason_text : S.reason;
    status = S.result === "win" ? `Victory! ${why}` : `Defeat: ${why}`;
  }
  else if (S.your_turn) status = `Your decision: ${v.decision.prompt}`;
  else if (v.decision) {
    const p = v.decision.player < 0 ? 0 : v.decision.player;
    const seat = S.seats[p];
    status = `Waiting for seat ${p + 1} (${seat.kind === "bot" ? "bot " + seat.agent : "human"})…`;
  } else status = "";
  $("#status").textContent = status;
  $("#undo").hidden = !S.can_undo;
  drawNemesis(v); drawTable(v); drawPlayers(v); drawSupply(v); drawLog();
  // end / pass buttons and anything not placed on the board
  const ends = find(a => ["end_main", "end_casting"].includes(a[0]));
  const eb = $("#endbtn");
  eb.hidden = !ends.length;
  if (ends.length) { eb.textContent = ends[0].label; eb.onclick = () => send(ends[0].action); }
  const main = v.decision && ON_BOARD.has(v.decision.kind);
  const rest = main ? legal().filter(o => !PLACED.has(o.action[0])) : [];
  $("#more").hidden = !rest.length;
  $("#more").onclick = () => openDialog("Other choices", "", rest);
  const dlg = $("#dlg");
  if (S.your_turn && !main) openDialog(v.decision.prompt, S.source, legal());
  else if (dlg.open && dlg.dataset.auto) dlg.close();
  reopenButton();
  document.dispatchEvent(new CustomEvent("gravehold:state", { detail: S }));
}

// A decision put to you in a dialog stays reachable once the dialog is closed (Close, Esc):
// the header then offers to open it again.
function reopenButton() {
  const waiting = !!(S && S.your_turn && !S.over && !sending && S.view.decision && !ON_BOARD.has(S.view.decision.kind));
  $("#reopen").hidden = !(waiting && !$("#dlg").open);
}

// The card (or mage, or nemesis) that asks, and its rendered text: the server sends it as
// the decision's source ({name, kind, text}).
function sourceBox(src) {
  if (!src) return "";
  return el("div", { class: "source", id: "dlg-source-card" }, el("strong", {}, src.name),
    src.kind ? el("span", { class: "sub" }, ` — ${src.kind}`) : null,
    src.text ? el("div", { class: "pre" }, src.text) : null);
}

function openDialog(title, src, opts) {
  const dlg = $("#dlg");
  $("#dlg-title").textContent = title;
  const sub = $("#dlg-sub"); sub.innerHTML = "";
  if (src) sub.append(sourceBox(src));
  const box = $("#dlg-opts"); box.innerHTML = "";
  for (const o of opts) box.append(el("button", { class: "act legal", "data-action": key(o.action),
    onclick: () => { dlg.close(); send(o.action); } }, o.label));
  dlg.dataset.auto = "1";
  if (!dlg.open) dlg.showModal();
}

// The prep options that put the picked spell on player i's breach k, and only those:
// ("prep", card, breach) is a breach of the deciding player's own; ("prep", player, card,
// breach) names whose breach it is.
function prepsOnto(i, k) {
  const d = S && S.view.decision;
  if (!picked || !d) return [];
  const me = d.player < 0 ? 0 : d.player;
  return find(a => a[0] === "prep" && (a.length === 3 ? i === me && a[1] === picked && a[2] === k
    : a.length === 4 && a[1] === i && a[2] === picked && a[3] === k));
}

function bar(cls, val, max) {  // the width is set through the CSSOM: the CSP refuses style attributes
  const fill = el("div"); fill.style.width = `${Math.max(0, 100 * val / max)}%`;
  return el("div", { class: "bar " + cls }, fill);
}

function drawNemesis(v) {
  const n = v.nemesis, box = $("#nemesis"); box.innerHTML = "";
  const name = S.view.config && S.view.config.nemesis || n.id;
  box.append(el("h2", {}, name, el("span", { class: "sub" }, `tier ${S.tier} · deck ${n.deck_size} · discard ${n.discard.length}`)));
  box.append(el("div", { class: "row" }, el("span", { class: "life" }, `life ${n.life}/${n.max_life}`), bar("", n.life, n.max_life)));
  const rules = TEXT && TEXT.nemesis_rules[n.id];
  if (rules) box.append(el("details", { id: "mat-rules" }, el("summary", { class: "sub" }, "mat rules"),
    el("div", { class: "pre" }, rules.text)));
  const tokens = Object.entries(n.tokens).filter(([, k]) => k);
  if (tokens.length) box.append(el("div", { class: "row sub" }, "tokens: " + tokens.map(([k, c]) => `${k} ${c}`).join(", ")));
  const row = el("div", { class: "row" });
  for (const c of n.in_play) {
    const info = TEXT && TEXT.nemesis_cards[c.name];
    const kind = info ? info.type : "";
    const pays = find(a => a[0] === "pay" && a[1] === c.name).concat(find(a => a[0] === "pay_damage" && a[1] === c.name));
    const e = el("div", { class: `chip ${kind} ${pays.length ? "legal" : ""}`, tip: cardTip(c.name), "data-name": c.name },
      el("strong", {}, c.name), " ", kind === "minion" ? `life ${c.life || 0}` : `power ${c.power || 0}`,
      c.shields ? ` shields ${c.shields}` : "");
    for (const p of pays) e.append(" ", el("button", { class: "act", onclick: () => send(p.action) }, p.label.split(" — ")[0]));
    row.append(e);
  }
  if (!n.in_play.length) row.append(el("span", { class: "sub" }, "nothing in play"));
  box.append(row);
  if (n.discard.length) box.append(el("details", {}, el("summary", { class: "sub" }, "nemesis discard"),
    el("div", { class: "row" }, ...n.discard.map(c => el("span", { class: "chip", tip: cardTip(c) }, c)))));
  for (const [dk, cards] of Object.entries(n.decks)) if (cards.length)
    box.append(el("div", { class: "sub" }, `${dk} deck: ${cards.length} card(s)`));
}

function drawTable(v) {
  const box = $("#table"); box.innerHTML = "";
  box.append(el("h2", {}, "Gravehold"));
  box.append(el("div", { class: "row" }, el("span", { class: "life" }, `life ${v.gravehold.life}/${v.gravehold.max_life}`), bar("gh", v.gravehold.life, v.gravehold.max_life)));
  const to = v.turn_order;
  const name = (c) => c === "N" ? "nemesis" : c === "W" ? "wild" : c === "P12" ? "1/2" : c === "P34" ? "3/4" : "P" + c.slice(1);
  box.append(el("div", { class: "sub" }, `Turn order: ${to.deck_size} left`));
  box.append(el("div", { class: "row" }, ...to.discard.map(c => el("span", { class: "chip" }, name(c)))));
  if (to.known_top.length) box.append(el("div", { class: "sub" }, "known next: " + to.known_top.map(name).join(", ")));
  box.append(el("div", { class: "sub" }, `Turn ${v.turn}, ${v.phase}`));
}

function drawPlayers(v) {
  const box = $("#players"); box.innerHTML = "";
  v.players.forEach((p, i) => {
    const mine = i === S.seat;
    const panel = el("div", { class: "panel" + (v.active === i ? " active-player" : ""), id: `player-${i}` });
    const seat = S.seats[i];
    const h = el("h2", { tip: TEXT && TEXT.abilities[p.mage] }, `Seat ${i + 1}: ${p.mage}`,
      el("span", { class: "sub" }, seat.kind === "bot" ? `bot ${seat.agent}` : "human"));
    panel.append(h);
    const lifeCls = "life" + (p.life <= 3 ? " low" : "");
    const stats = el("div", { class: "row" }, el("span", { class: lifeCls }, `life ${p.life}/${p.max_life}${p.exhausted ? " (exhausted)" : ""}`),
      bar("pl", p.life, p.max_life), el("span", {}, `charges ${p.charges}/${p.max_charges}`),
      el("span", {}, `aether ${p.aether}` + Object.entries(p.aether_for || {}).map(([k, c]) => ` +${c} (${k} only)`).join("")),
      el("span", { class: "sub" }, `deck ${p.deck_size}`));
    if (mine) for (const o of find(a => a[0] === "charge")) stats.append(el("button", { class: "act legal", id: "charge", onclick: () => send(o.action) }, "Gain a charge (2)"));
    for (const o of find(a => a[0] === "ability" && a[1] === i)) stats.append(el("button", { class: "act legal", "data-action": key(o.action), onclick: () => send(o.action) }, o.label));
    panel.append(stats);
    // breaches
    const br = el("div", { class: "breaches" });
    p.breaches.forEach((b, k) => {
      const prepHere = prepsOnto(i, k);
      const e = el("div", { class: `breach ${b.state} ${prepHere.length ? "legal" : ""}`, id: `breach-${i}-${k}`,
        onclick: prepHere.length ? () => send(prepHere[0].action) : null },
        el("strong", {}, `${BREACH[k]} `, el("span", { class: "sub" }, b.state === "closed" ? `closed ${b.stage}/4${b.focused ? ", focused" : ""}` : b.state)));
      (b.spells || []).forEach((sp, j) => {
        const casts = mine ? find(a => a[0] === "cast" && a[1] === k && a[2] === j) : [];
        const uses = mine ? find(a => a[0] === "use" && a[1] === k && a[2] === sp) : [];
        const chip = el("div", { class: "spell" + (casts.length ? " legal" : ""), tip: cardTip(sp), "data-action": casts.length ? key(casts[0].action) : null,
          onclick: casts.length ? (ev) => { ev.stopPropagation(); send(casts[0].action); } : null }, sp);
        for (const u of uses) chip.append(" ", el("button", { class: "act", onclick: (ev) => { ev.stopPropagation(); send(u.action); } }, "use"));
        e.append(chip);
      });
      if (b.covered_by >= 0) e.append(el("div", { class: "sub" }, `covered by ${BREACH[b.covered_by]}`));
      if (mine) for (const o of find(a => (a[0] === "focus" || a[0] === "open") && a[1] === k)) {
        const cost = o.action[0] === "focus" ? FOCUS[k] : OPEN[k][b.stage];
        e.append(el("button", { class: "act legal", "data-action": key(o.action), onclick: (ev) => { ev.stopPropagation(); send(o.action); } }, `${o.action[0]} (${cost})`));
      }
      br.append(e);
    });
    panel.append(br);
    // hand
    if (p.hand) {
      const hand = el("div", { class: "row", id: mine ? "hand" : null }, el("span", { class: "sub" }, "hand:"));
      const seen = {};
      p.hand.forEach((c) => {
        const info = TEXT && TEXT.cards[c];
        const plays = mine ? find(a => a[0] === "play" && a[1] === c) : [];
        const preps = mine ? find(a => a[0] === "prep" && a[1] === c) : [];
        const can = plays.length || preps.length;
        seen[c] = (seen[c] || 0) + 1;
        const e = el("button", { class: `card type-${info ? info.type : ""} ${can ? "legal" : ""} ${picked === c ? "selected" : ""}`,
          tip: cardTip(c), "data-name": c,
          onclick: can ? () => { if (plays.length) send(plays[0].action); else { picked = picked === c ? null : c; render(); } } : null },
          el("span", { class: "cost" }, info ? info.cost : ""), c);
        hand.append(e);
      });
      if (!p.hand.length) hand.append(el("span", { class: "sub" }, "empty"));
      panel.append(hand);
    } else panel.append(el("div", { class: "sub" }, `hand: ${p.hand_size} card(s)`));
    if (p.played.length) panel.append(el("div", { class: "row" }, el("span", { class: "sub" }, "played:"), ...p.played.map(c => el("span", { class: "chip", tip: cardTip(c) }, c))));
    panel.append(el("details", {}, el("summary", { class: "sub" }, `discard (${p.discard.length}, top last)`),
      el("div", { class: "row" }, ...p.discard.map(c => el("span", { class: "chip", tip: cardTip(c) }, c)))));
    box.append(panel);
  });
}

function drawSupply(v) {
  const box = $("#supply"); box.innerHTML = "";
  box.append(el("h2", {}, "Supply"));
  const row = el("div", { class: "row" });
  for (const [name, count] of v.supply) {
    const info = TEXT && TEXT.cards[name];
    const gains = find(a => a[0] === "gain" && a[1] === name);
    row.append(el("button", { class: `pile card type-${info ? info.type : ""} ${gains.length ? "legal" : ""}`, tip: cardTip(name),
      "data-name": name, onclick: gains.length ? () => send(gains[0].action) : null },
      el("span", { class: "cost" }, info ? info.cost : ""), `${name} ×${count}`));
  }
  box.append(row);
}

function drawLog() {
  const box = $("#log"); const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 20;
  box.innerHTML = ""; for (const line of S.log) box.append(el("div", {}, line));
  if (atEnd) box.scrollTop = box.scrollHeight;
}

// ------------------------------------------------------------------ wiring
function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${GID}?t=${encodeURIComponent(TOKEN || "")}`);
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.type === "state") { S = msg; sending = false; render(); }
    else if (msg.type === "error") { sending = false; toast(msg.error); reopenButton(); }
  };
  ws.onclose = (e) => {
    if (e.code === 4403) { $("#status").textContent = "This link does not belong to this game."; return; }
    if (e.code === 4404) { $("#status").textContent = "There is no such game."; return; }
    if (e.code === 4429) {  // over the server's socket limits: wait longer before trying again
      $("#status").textContent = `${e.reason} — trying again in 30 s…`; setTimeout(connect, 30000); return;
    }
    // 4408: this page fell too far behind and was dropped; it reconnects to a full snapshot
    $("#status").textContent = "connection lost — reconnecting…"; setTimeout(connect, 1500);
  };
}
document.addEventListener("mouseover", (e) => {
  const t = e.target.closest("[data-tip]"), tip = $("#tip");
  if (!t) { tip.style.display = "none"; return; }
  tip.textContent = t.dataset.tip; tip.style.display = "block";
  const r = t.getBoundingClientRect();
  tip.style.left = Math.min(window.innerWidth - 300, r.left) + "px"; tip.style.top = (r.bottom + 6) + "px";
});
$("#dlg-close").onclick = () => $("#dlg").close();
$("#dlg").addEventListener("close", reopenButton);
$("#reopen").onclick = () => { if (S && S.your_turn) openDialog(S.view.decision.prompt, S.source, legal()); };
$("#undo").onclick = () => { if (S) ws.send(JSON.stringify({ type: "undo", seq: S.seq })); };
const READY = (async () => {
  const [text, vocab] = await Promise.all(["/api/content", "/api/vocabulary"].map(u => fetch(u).then(r => r.json())));
  TEXT = text;
  PLACED = new Set(vocab.heads.filter(h => h.board).map(h => h.name));
  ON_BOARD = new Set(vocab.kinds.filter(k => k.board).map(k => k.name));
})();
// the replay viewer draws its own states: gravehold.show(state) once gravehold.ready is done
window.gravehold = { mode: MODE, ready: READY, show: (state) => { S = state; picked = null; render(); } };
if (MODE === "live") READY.then(connect);
