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
const FACE_DOWN = "Face-down Spell";  // K-3: the stand-in a face-down card is on its breach

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
// The words the board writes (life, tier, gem …) in the chosen wording (content/words.py):
// the server says them (TEXT.labels), and the names a wording gives some cards (TEXT.names).
const W = (word) => (TEXT && TEXT.labels && TEXT.labels[word]) || word;
const SHOWN = (name) => (TEXT && TEXT.names && TEXT.names[name]) || name;
// A copy marked in this game (K-9, "Spark{boost}") is in no page's texts: the view carries its text.
const MARKED = (name) => (S && S.view && S.view.marked_cards && S.view.marked_cards[name]) || null;
function cardTip(name) {
  const c = TEXT && (TEXT.cards[name] || MARKED(name) || TEXT.nemesis_cards[name]);
  if (!c) return name;
  return `${c.name || SHOWN(name)} (${W(c.type)}${c.cost !== undefined ? ", cost " + c.cost : ""}${c.tier ? `, ${W("tier")} ` + c.tier : ""})\n${c.text}`;
}

// ------------------------------------------------------------------ cards
// Every card is drawn as a card (cardEl): its name, cost or tier, a colour for its type, its
// tokens and its whole text as the server renders it from the encoding (TEXT, /api/content;
// no card text lives in this file). Long text is clamped on the board; the detail sheet
// (openDetail) shows it in full, with the card's actions. On a phone the first tap on an
// actionable card opens that sheet and a second tap acts; on a desktop a click acts, and the
// small "i" (or a right click) opens the sheet. A card nothing can be done with opens it on click.
const PHONE = window.matchMedia("(pointer: coarse), (max-width: 600px)");
const HIDDEN = "?";  // a face-down card in the view (engine/view.py HIDDEN_CARD)
let armed = null;  // phone: [key, seq] of the actionable card tapped once, which the next tap acts on
let clampQueued = false;

function cardInfo(name) {
  const c = TEXT && (TEXT.cards[name] || MARKED(name)), n = TEXT && TEXT.nemesis_cards[name];
  if (c) return { type: c.type, cost: c.cost, text: c.text };
  if (n) return { type: n.type, tier: n.tier, text: n.text, name: n.name };
  return null;
}
// A unique breach printed on the mat (K-13), by the name the catalogue lists in its
// breach column ("closed 0 (Celestial Breach)"): shown beside the breach's number.
function uniqueBreach(mage, k) {
  const m = mage && mage.breaches && /\(([^)]+)\)$/.exec(mage.breaches[k] || "");
  return m ? el("span", { class: "unique-breach" }, m[1] + " ") : null;
}
function mageInfo(id) { return TEXT && TEXT.mages ? TEXT.mages.find(m => m.id === id) : null; }

// The face of a card, a mat or a pile. spec: name, info (cardInfo), and optionally title,
// type, kind (the word shown for the type), text, count, badges, cards (contents, shown in the sheet).
function face(spec, full) {
  const info = spec.info, type = spec.type || (info ? info.type : "hidden");
  const cost = info && info.cost !== undefined ? el("span", { class: "cost", title: "cost" }, String(info.cost)) : null;
  const title = spec.title || (spec.name === HIDDEN ? "face down" : (info && info.name) || SHOWN(spec.name));
  const meta = [spec.kind || W(type), info && info.tier ? `${W("tier")} ${info.tier}` : ""].filter(Boolean).join(" · ");
  const text = spec.text !== undefined ? spec.text : info ? info.text : "";
  return [
    el("div", { class: "c-head" }, cost, el("span", { class: "c-name" }, title),
      spec.count !== undefined ? el("span", { class: "count", title: "cards in the pile" }, `×${spec.count}`) : null),
    el("div", { class: "c-meta" }, el("span", {}, meta),
      ...(spec.badges || []).filter(Boolean).map(b => el("span", { class: "badge" }, b))),
    text ? el("div", { class: "c-text pre" + (full ? " full" : "") }, text) : null,
  ];
}

// One card on the board. o: what face() takes, plus primary ({run}: what a click or a phone's
// second tap does), acts (the legal options shown in the sheet), buttons (options shown on the
// card itself too), key (names the card across redraws, for the phone's second tap), id, cls,
// small, selected, dataAction.
function treasureEl(name, id, badges) {
  const t = TEXT && TEXT.treasures ? TEXT.treasures[name] : null;
  return cardEl(name, { info: null, type: "mat", kind: t ? `tier-${t.tier} treasure` : "treasure", id, cls: "mat treasure",
    text: t ? t.text : "", badges });
}

function cardEl(name, o = {}) {
  const spec = { name, info: o.info !== undefined ? o.info : cardInfo(name), ...o };
  const type = spec.type || (spec.info ? spec.info.type : "hidden");
  const can = !!spec.primary || (spec.acts || []).length > 0;
  const card = el("div", { class: `card type-${type}${o.small ? " small" : ""}${can ? " legal" : ""}` +
      `${o.selected ? " selected" : ""}${o.cls ? " " + o.cls : ""}`,
    id: o.id, "data-name": name, "data-action": o.dataAction, tabindex: "0", role: "button" }, ...face(spec, false));
  for (const b of o.buttons || []) card.append(el("button", { class: "act legal", "data-action": key(b.action),
    onclick: (ev) => { ev.stopPropagation(); closeDetail(); send(b.action); } }, b.label));
  card.append(el("span", { class: "more" }, "more…"));
  if (spec.primary) card.append(el("button", { class: "info", title: "show the whole card", "aria-label": `about ${name}`,
    onclick: (ev) => { ev.stopPropagation(); openDetail(spec, card); } }, "i"));
  card.addEventListener("click", (ev) => tap(ev, spec, card));
  card.addEventListener("keydown", (ev) => {  // a key on the card itself (its buttons take their own)
    if (ev.target === card && (ev.key === "Enter" || ev.key === " ")) { ev.preventDefault(); tap(ev, spec, card); }
  });
  card.addEventListener("contextmenu", (ev) => { ev.preventDefault(); ev.stopPropagation(); openDetail(spec, card); });
  clampLater();
  return card;
}

function tap(ev, spec, card) {
  if (!spec.primary && card.closest(".breach.legal")) return;  // a click on a prep target's card preps there
  ev.stopPropagation();
  if (!spec.primary) { openDetail(spec, card); return; }
  const k = spec.key || spec.name;
  if (PHONE.matches && !(armed && armed[0] === k && armed[1] === S.seq)) {
    armed = [k, S.seq]; openDetail(spec, card); return;
  }
  armed = null; closeDetail(); spec.primary.run();
}

// A pile: a card-like box with a count, whose sheet lists what is known of its cards.
function pileEl(title, count, o = {}) {
  return cardEl(title, { info: null, type: "pile", kind: o.kind || "pile", count, small: true, ...o });
}

function detailBox() {
  let d = $("#detail");
  if (!d) {
    d = el("div", { id: "detail", class: "detail", role: "dialog", "aria-label": "card" });
    d.hidden = true; document.body.append(d);
  }
  return d;
}
function openDetail(spec, from) {
  const d = detailBox(); d.innerHTML = "";
  const type = spec.type || (spec.info ? spec.info.type : "hidden");
  const big = el("div", { class: `card big type-${type}${spec.primary && armed ? " legal" : ""}` }, ...face(spec, true));
  if (spec.primary && armed) big.addEventListener("click", () => { armed = null; closeDetail(); spec.primary.run(); });
  d.append(big);
  if (spec.cards && spec.cards.length) d.append(el("div", { class: "cards" }, ...spec.cards.map(c => cardEl(c, { small: true }))));
  const acts = el("div", { class: "d-acts" });
  for (const a of spec.acts || []) acts.append(el("button", { class: "act legal", "data-action": key(a.action),
    onclick: () => { closeDetail(); send(a.action); } }, a.label));
  acts.append(el("button", { class: "act", id: "detail-close", onclick: () => { armed = null; closeDetail(); } }, "Close"));
  d.append(acts);
  d.dataset.seq = S ? S.seq : ""; d.dataset.acts = spec.primary || (spec.acts || []).length ? "1" : "";
  d.hidden = false; document.body.classList.add("detail-open");
  if (from && PHONE.matches) {  // keep the tapped card in sight above the sheet, for the second tap
    const top = d.getBoundingClientRect().top, r = from.getBoundingClientRect();
    if (r.bottom > top - 8) window.scrollBy(0, r.bottom - top + 8);
  }
}
function closeDetail() {
  const d = $("#detail");
  if (d) d.hidden = true;
  document.body.classList.remove("detail-open");
}
// before a redraw: a sheet offering actions of an answered decision goes, one just for reading stays
function syncDetail() {
  const d = $("#detail");
  if (d && !d.hidden && d.dataset.acts && d.dataset.seq !== String(S.seq)) closeDetail();
  if (armed && armed[1] !== S.seq) armed = null;
}
// mark the cards whose text the board clamps, so they show that there is more (once per frame)
function clampLater() {
  if (clampQueued) return;
  clampQueued = true;
  requestAnimationFrame(() => {
    clampQueued = false;
    for (const t of document.querySelectorAll(".card .c-text:not(.full)"))
      t.parentElement.classList.toggle("clamped", t.scrollHeight > t.clientHeight + 1);
  });
}
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") { armed = null; closeDetail(); } });
document.addEventListener("click", (ev) => {
  const d = $("#detail");
  if (d && !d.hidden && !ev.target.closest("#detail, .card, dialog")) { armed = null; closeDetail(); }
});

// A name as a line of text shows it (a nemesis card's shown name, hub.py content_texts) -> the
// card it names: of several cards shown alike (two boxes' "Mutilate"), the one in this game.
function byShown(said) {
  if (!TEXT) return null;
  if (TEXT.cards[said]) return said;
  const keys = Object.keys(TEXT.nemesis_cards).filter(k => (TEXT.nemesis_cards[k].name || k) === said);
  if (keys.length < 2 || !S) return keys[0] || null;
  const here = new Set([...S.view.nemesis.discard, ...S.view.nemesis.in_play.map(c => c.name)]);
  return keys.find(k => here.has(k)) || keys[0];
}
// Card names in a line of text, as buttons opening the card: one pattern of every name, longest first.
let NAMES = null;
function linkNames(line) {
  if (!NAMES && TEXT) {
    const shown = Object.keys(TEXT.nemesis_cards).map(k => TEXT.nemesis_cards[k].name || k);
    const all = [...new Set([...Object.keys(TEXT.cards), ...shown])].sort((a, b) => b.length - a.length);
    const quote = (n) => n.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&");
    NAMES = new RegExp("(?<![\\w'])(?:" + all.map(quote).join("|") + ")(?![\\w'])", "g");
  }
  const out = el("div");
  let at = 0;
  if (NAMES) for (const m of line.matchAll(NAMES)) {
    const name = byShown(m[0]) || m[0];
    out.append(line.slice(at, m.index), el("button", { class: "ref", onclick: () => openDetail({ name, info: cardInfo(name) }) }, m[0]));
    at = m.index + m[0].length;
  }
  out.append(line.slice(at));
  return out;
}
// the nemesis card drawn last, as the log tells it (events_text.py: "the nemesis draws NAME (type, tier n)")
function lastNemesisDraw() {
  for (let i = S.log.length - 1; i >= 0; i--) {
    const m = /^the nemesis draws (.+) \(\w+, tier \d+\)$/.exec(S.log[i]);
    const name = m && byShown(m[1]);
    if (name && TEXT.nemesis_cards[name]) return name;
  }
  return null;
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
  expeditionLink();
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

// A battle of a campaign (an expedition, a Legacy campaign) links back to its page: the choosing link when this
// browser set the expedition out (or opened it by that link), else the page to watch it.
function expeditionUrl(x) {
  let token = null;
  try { token = JSON.parse(localStorage.getItem(x.store || "gravehold-expeditions") || "{}")[x.id] || null; } catch (e) { /* none */ }
  return token ? `${x.url}?t=${encodeURIComponent(token)}` : x.url;
}
function expeditionLink() {
  const a = $("#expedition-link");
  if (!a) return;
  a.hidden = !(S && S.expedition);
  if (S && S.expedition) {
    a.setAttribute("href", expeditionUrl(S.expedition));
    a.textContent = S.expedition.kind === "legacy" ? "Back to the campaign" : "Back to the expedition";
  }
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
  syncDetail();
  const n = v.nemesis, box = $("#nemesis"); box.innerHTML = "";
  const rules = TEXT && TEXT.nemesis_rules[n.id];
  const name = rules ? rules.name : n.id;
  box.append(el("h2", {}, name, el("span", { class: "sub" }, `${W("tier")} ${S.tier}`)));
  box.append(el("div", { class: "row" }, el("span", { class: "life" }, n.life > n.max_life ? `${W("life")} ${n.life} (${n.max_life} at the start, no maximum)` : `${W("life")} ${n.life}/${n.max_life}`), bar("", n.life, n.max_life)));
  // the mat: its Unleash and rules, with its tokens
  const panelled = new Set(S.in_panels || []);  // a box's panel row under Gravehold shows these
  const tokens = Object.entries(n.tokens).filter(([k, c]) => c && !panelled.has(k)).map(([k, c]) => `${k} ${c}`);
  const cards = el("div", { class: "cards" }, cardEl(name, { info: null, type: "mat", kind: "nemesis mat", id: "mat-rules",
    cls: "mat", text: rules ? rules.text : "", badges: tokens }));
  const group = (v.config.treasures || {}).group;  // X-14: the group's treasure lies face up for everyone
  if (group) cards.append(treasureEl(group, "group-treasure", (v.config.treasures.pile ? [`beside ${v.config.treasures.pile}`] : [])));
  // in play: minions and powers with their life, power tokens and shields, and what may be paid;
  // the card the nemesis drew last is marked where it lies (in play, resolving, on the discard, or alone)
  const drawn = lastNemesisDraw(), top = n.discard[n.discard.length - 1];
  let marked = drawn === top;
  for (const c of n.in_play) {
    const last = !marked && c.name === drawn;
    marked = marked || last;
    const info = cardInfo(c.name);
    const pays = find(a => (a[0] === "pay" || a[0] === "pay_damage") && a[1] === c.name);
    cards.append(cardEl(c.name, { cls: "in-play" + (last ? " drawn" : ""), acts: pays, buttons: pays.map(p => ({ label: p.label.split(" — ")[0], action: p.action })),
      badges: [(S.areas || {})[c.name] ? `${S.areas[c.name]}'s` : null, info && info.type === "minion" || c.life ? `${W("life")} ${c.life || 0}` : null, c.power ? `${W("power")} ${c.power}` : null,
        c.shields ? `shields ${c.shields}` : null, c.silenced ? "silenced" : null, last ? "drawn last" : null] }));
  }
  for (const c of n.resolving || []) {
    const last = !marked && c === drawn;
    marked = marked || last;
    cards.append(cardEl(c, { badges: ["resolving", last ? "drawn last" : null], cls: "resolving" + (last ? " drawn" : "") }));
  }
  box.append(cards);
  if (!n.in_play.length) box.append(el("div", { class: "sub" }, "nothing in play"));
  // the piles: deck, discard (its top face up), the last card drawn, the special decks
  const piles = el("div", { class: "cards piles" });
  const tiers = Object.entries(n.deck_tiers || {}).sort().map(([t, k]) => `${W("tier")} ${t}: ${k}`);
  piles.append(pileEl("nemesis deck", n.deck_size, { id: "nemesis-deck", kind: "face down", badges: tiers,
    text: n.unseen_own && n.unseen_own.length ? `${n.unseen_own.length} of its own cards not seen yet` : "", cards: n.unseen_own }));
  piles.append(pileEl("nemesis discard", n.discard.length, { id: "nemesis-discard", kind: "face up, top last", cards: n.discard }));
  if ((v.banished || []).length)  // C-10: out of the game
    piles.append(pileEl("banished", v.banished.length, { id: "banished", kind: "out of the game", cards: v.banished }));
  if (top) piles.append(cardEl(top, { small: true, badges: ["discard top", top === drawn ? "drawn last" : null],
    cls: top === drawn ? "drawn" : "" }));
  if (drawn && !marked) piles.append(cardEl(drawn, { small: true, badges: ["drawn last"], cls: "drawn" }));
  box.append(piles);
  const faceUp = new Set(n.face_up_decks || []);
  for (const [dk, deck] of Object.entries(n.decks)) {
    const title = `${dk.replace(/_/g, " ")} ${faceUp.has(dk) || dk.endsWith("discard") ? "pile" : "deck"}`;
    if (!faceUp.has(dk)) {  // face down: its count, and what is known of its contents (sorted)
      piles.append(pileEl(title, deck.length, { id: `deck-${dk}`, kind: "face down", cards: deck.includes(HIDDEN) ? [] : deck }));
      continue;
    }
    // face up: every card shown, top first; the top card carries what may be done with it
    const pile = el("div", { class: "pile-row", id: `pile-${dk}` }, el("div", { class: "sub" }, `${title} (${deck.length}, top first)`));
    const row = el("div", { class: "cards" });
    deck.forEach((c, k) => {
      const gains = k === 0 ? find(a => a[0] === `gain_${dk}` && a[1] === c) : [];
      row.append(cardEl(c, { small: true, key: `${dk}-${k}`, acts: gains, badges: k === 0 ? ["top"] : [],
        primary: gains.length ? { run: () => send(gains[0].action) } : null,
        dataAction: gains.length ? key(gains[0].action) : null }));
    });
    if (!deck.length) row.append(el("span", { class: "sub" }, "empty"));
    pile.append(row);
    box.append(pile);
  }
}

function drawTable(v) {
  const box = $("#table"); box.innerHTML = "";
  box.append(el("h2", {}, "Gravehold"));
  box.append(el("div", { class: "row" }, el("span", { class: "life" }, `${W("life")} ${v.gravehold.life}/${v.gravehold.max_life}`), bar("gh", v.gravehold.life, v.gravehold.max_life)));
  for (const p of S.panels || []) box.append(el("div", { class: "sub" }, el("b", {}, p.title + " "), p.text));
  const to = v.turn_order;
  // a mat's own nemesis card ("N:<name>", S-5) shows its name
  const name = (c) => c === "N" ? "nemesis" : c.startsWith("N:") ? c.slice(2) : c === "W" ? "wild" : c === "P12" ? "1/2" : c === "P34" ? "3/4" : "P" + c.slice(1);
  box.append(el("div", { class: "sub" }, `Turn order: ${to.deck_size} left` + (to.discard.length ? ", drawn so far:" : "")));
  box.append(el("div", { class: "row" }, ...to.discard.map(c => el("span", { class: "chip" + (c[0] === "N" ? " to-nemesis" : "") }, name(c)))));
  if (to.known_top.length) box.append(el("div", { class: "sub" }, "known next: " + to.known_top.map(name).join(", ")));
  box.append(el("div", { class: "sub" }, `Turn ${v.turn}, ${S.phase || v.phase}`));
}

function drawPlayers(v) {
  const box = $("#players"); box.innerHTML = "";
  v.players.forEach((p, i) => {
    const mine = i === S.seat;
    const panel = el("div", { class: "panel" + (v.active === i ? " active-player" : ""), id: `player-${i}` });
    const seat = S.seats[i], mage = mageInfo(p.mage);
    panel.append(el("h2", {}, `Seat ${i + 1}: ${mage ? mage.name : p.mage}`,
      el("span", { class: "sub" }, (mage ? mage.title + " · " : "") + (seat.kind === "bot" ? `bot ${seat.agent}` : "human"))));
    const lifeCls = "life" + (p.life <= 3 ? " low" : "");
    const stats = el("div", { class: "row" }, el("span", { class: lifeCls }, `${W("life")} ${p.life}/${p.max_life}${p.exhausted ? " (exhausted)" : ""}${(v.severed || []).includes(i) ? " (severed)" : ""}`),
      bar("pl", p.life, p.max_life),
      el("span", { class: "aether" }, `${W("aether")} ${p.aether}` + Object.entries(p.aether_for || {}).map(([k, c]) => ` +${c} (${(TEXT.aether_pays_for || {})[k] || W(k) + " only"})`).join("")
        + (p.aether_tokens ? ` · ${p.aether_tokens} ${W("aether tokens")}` : "")));
    panel.append(stats);
    // the mat: the ability with its charges, the mage's own tokens, the deck
    const acts = (mine ? find(a => a[0] === "charge") : []).concat(find(a => a[0] === "ability" && a[1] === i));
    const tokens = Object.entries(p.tokens || {}).filter(([, k]) => k).map(([k, c]) => `${k.replace(/_/g, " ")} ${c}`);
    const mat = el("div", { class: "cards mat-row" }, cardEl(mage ? mage.ability : "ability", { info: null, type: "mat",
      kind: "ability", id: `mat-${i}`, cls: "mat" + (p.charges >= p.max_charges ? " charged" : ""), text: mage ? mage.text : "",
      badges: [`${W("charges")} ${p.charges}/${p.max_charges}`, ...tokens], acts,
      buttons: acts.map(o => ({ label: o.label, action: o.action })) }));
    const own = ((v.config.treasures || {}).players || [])[i];  // X-14: a tier-3 treasure on this mat
    if (own && own.tier3) mat.append(treasureEl(own.tier3, `treasure-${i}`, []));
    (p.enhancements || []).forEach((e, k) =>  // C-6: a campaign's enhancements on this mat
      mat.append(cardEl(e.name, { info: null, type: "mat", kind: `${e.kind} enhancement`, id: `enhancement-${i}-${k}`,
        cls: "mat treasure enhancement", text: e.text })));
    mat.append(pileEl("deck", p.deck_size, { id: `deck-${i}`, kind: "face down", cards: p.deck_contents || [] }));
    if (!p.hand) mat.append(pileEl("hand", p.hand_size, { kind: "not yours to see" }));
    // K-13: cards set aside beside the mat, and the mage's own decks (in order face up;
    // face down sorted, never in order; secret ones as their size)
    if ((p.set_aside || []).length) mat.append(pileEl(W("set aside"), p.set_aside.length, { id: `aside-${i}`, kind: "beside the mat", cards: p.set_aside }));
    Object.entries(p.decks || {}).forEach(([name, cards], k) => {
      const up = (p.face_up_decks || []).includes(name), known = cards.filter(c => c !== HIDDEN);
      mat.append(pileEl(name, cards.length, { id: `own-deck-${i}-${k}`, kind: up ? "face up, in order" : "face down", cards: known }));
    });
    panel.append(mat);
    // breaches
    const br = el("div", { class: "breaches" });
    p.breaches.forEach((b, k) => {
      const prepHere = prepsOnto(i, k);
      const e = el("div", { class: `breach ${b.state} ${prepHere.length ? "legal" : ""}`, id: `breach-${i}-${k}`,
        onclick: prepHere.length ? () => send(prepHere[0].action) : null },
        el("strong", {}, `${BREACH[k]} `, uniqueBreach(mage, k), el("span", { class: "sub" }, b.state === "closed" ? `${W("closed")} ${b.stage}/4${b.focused ? `, ${W("focused")}` : ""}` : W(b.state === "open" ? "opened" : b.state))));
      if (b.state === "closed") {  // its costs, always: a button when it can be paid now
        const costs = el("div", { class: "costs" });
        for (const [what, cost] of [["focus", FOCUS[k]], ["open", OPEN[k][b.stage]]]) {
          const o = mine ? find(a => a[0] === what && a[1] === k)[0] : null;
          costs.append(o ? el("button", { class: "act legal", "data-action": key(o.action),
            onclick: (ev) => { ev.stopPropagation(); send(o.action); } }, `${W(what)} ${cost} Æ`)
            : el("span", { class: "cost-tag", title: `${W(what)} cost` }, `${W(what)} ${cost} Æ`));
        }
        e.append(costs);
      }
      let hidden = 0;  // K-3: each face-down spell hides the next card of face_down (only its owner sees it)
      (b.spells || []).forEach((sp, j) => {
        const under = sp === FACE_DOWN ? (b.face_down || [])[hidden++] : null;
        const casts = mine ? find(a => a[0] === "cast" && a[1] === k && a[2] === j) : [];
        const uses = mine ? find(a => a[0] === "use" && a[1] === k && a[2] === sp) : [];
        e.append(cardEl(sp, { small: true, key: `spell-${i}-${k}-${j}`, cls: "spell", acts: casts.concat(uses),
          primary: casts.length ? { run: () => send(casts[0].action) } : null, dataAction: casts.length ? key(casts[0].action) : null,
          buttons: uses.map(u => ({ label: "use", action: u.action })),
          badges: under ? [under === "?" ? "face down" : `face down: ${under}`] : [] }));
      });
      for (const c of b.attached || []) e.append(cardEl(c, { small: true, badges: ["attached"] }));
      if (b.covered_by >= 0) e.append(el("div", { class: "sub" }, `covered by ${BREACH[b.covered_by]}`));
      br.append(e);
    });
    panel.append(br);
    // hand
    if (p.hand) {
      panel.append(el("div", { class: "sub zone" }, `hand (${p.hand.length})`));
      const hand = el("div", { class: "cards", id: mine ? "hand" : null });
      p.hand.forEach((c, idx) => {
        const plays = mine ? find(a => a[0] === "play" && a[1] === c) : [];
        const preps = mine ? find(a => a[0] === "prep" && (a[1] === c || a[2] === c)) : [];
        const others = mine ? find(a => !PLACED.has(a[0]) && a.slice(1).includes(c)) : [];
        const can = plays.length || preps.length;
        hand.append(cardEl(c, { key: `hand-${i}-${idx}`, selected: picked === c, acts: plays.concat(preps, others),
          primary: can ? { run: () => { if (plays.length) send(plays[0].action); else { picked = picked === c ? null : c; render(); } } } : null }));
      });
      if (!p.hand.length) hand.append(el("span", { class: "sub" }, "empty"));
      panel.append(hand);
    }
    if (p.played.length) {
      panel.append(el("div", { class: "sub zone" }, `played this turn (${p.played.length})`));
      panel.append(el("div", { class: "cards", id: `played-${i}` }, ...p.played.map(c => cardEl(c, { small: true }))));
    }
    const recalls = mine ? find(a => a[0] === "recall") : [];  // K-4: Recall effects of the discard pile
    if (recalls.length) {
      panel.append(el("div", { class: "sub zone" }, "recall from your discard"));
      panel.append(el("div", { class: "cards", id: `recall-${i}` }, ...recalls.map(o => cardEl(o.action[1], {
        small: true, badges: ["in discard"], acts: [o], buttons: [{ label: "recall", action: o.action }] }))));
    }
    const top = p.discard.length ? `, top: ${p.discard[p.discard.length - 1]}` : "";
    panel.append(el("details", { class: "discard" }, el("summary", { class: "sub" }, `discard (${p.discard.length}${top})`),
      el("div", { class: "cards" }, ...p.discard.slice().reverse().map(c => cardEl(c, { small: true })))));
    box.append(panel);
  });
}

function drawSupply(v) {
  const box = $("#supply"); box.innerHTML = "";
  box.append(el("h2", {}, "Supply"));
  const row = el("div", { class: "cards supply" });
  for (const [name, count] of v.supply) {
    const gains = find(a => a[0] === "gain" && a[1] === name);
    row.append(cardEl(name, { count, key: `supply-${name}`, cls: count ? "" : "empty", acts: gains,
      badges: (S.pile_tokens || {})[name] || [],
      primary: gains.length ? { run: () => send(gains[0].action) } : null }));
  }
  box.append(row);
}

function drawLog() {
  const box = $("#log"); const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 20;
  box.innerHTML = ""; for (const line of S.log) box.append(linkNames(line));
  if (atEnd) box.scrollTop = box.scrollHeight;
}

// ------------------------------------------------------------------ wiring
function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${GID}?t=${encodeURIComponent(TOKEN || "")}&w=${WORDS.pref}`);
  ws.onmessage = async (m) => {
    const msg = JSON.parse(m.data);
    if (msg.type === "state") {
      if (msg.words && TEXT && TEXT.words !== msg.words) TEXT = await texts(msg.words);  // the game's wording
      S = msg; sending = false; render();
    }
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
// The wording (content/words.py): auto (the nemesis' box's), classic, new_age or outcasts, kept in this
// browser; the server says the prompts, options and log in it, and /api/content the card texts.
const WORDS = { pref: localStorage.getItem("gravehold-words") || "auto", cache: {} };
const WORD_LABELS = { auto: "Words: auto", classic: "Words: classic", new_age: "Words: New Age", outcasts: "Words: Outcasts" };
async function texts(words) {
  if (!WORDS.cache[words]) WORDS.cache[words] = fetch(`/api/content?words=${words}`).then(r => r.json());
  return WORDS.cache[words];
}
const wordsBtn = $("#words-toggle");
if (wordsBtn) {
  wordsBtn.textContent = WORD_LABELS[WORDS.pref] || WORD_LABELS.auto;
  wordsBtn.onclick = () => {
    const order = ["auto", "classic", "new_age", "outcasts"];
    WORDS.pref = order[(order.indexOf(WORDS.pref) + 1) % order.length];
    localStorage.setItem("gravehold-words", WORDS.pref);
    wordsBtn.textContent = WORD_LABELS[WORDS.pref];
    if (ws) { ws.onclose = null; ws.close(); connect(); }  // the server resends the state in the new words
  };
}
const READY = (async () => {
  const [text, vocab] = await Promise.all([texts("classic"), fetch("/api/vocabulary").then(r => r.json())]);
  TEXT = text;
  PLACED = new Set(vocab.heads.filter(h => h.board).map(h => h.name));
  ON_BOARD = new Set(vocab.kinds.filter(k => k.board).map(k => k.name));
})();
// the replay viewer draws its own states: gravehold.show(state) once gravehold.ready is done
window.gravehold = { mode: MODE, ready: READY, show: (state) => { S = state; picked = null; render(); } };
if (MODE === "live") READY.then(connect);
