"use strict";
// The Rules panel: the rules guide (gravehold/guide.py, from /api/rules in the board's words)
// in a dialog the header's Rules button opens, and every keyword mark in a card's text
// ("Echo", "PERSISTENT:", "POWER 3:" or, in the New Age words, "RUSH:", "TIME 3:") a button
// that opens it at that keyword's section. Apart from board.js: it reads the board through
// the page (the card texts board.js draws) and its "gravehold:state" event (the wording).
(() => {
  const q = (s) => document.querySelector(s);
  const cache = {};
  let words = "classic", marks = null, marksFor = null;

  function make(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
    }
    e.append(...kids);
    return e;
  }
  function guide(w) {
    if (!cache[w]) cache[w] = fetch(`/api/rules?words=${encodeURIComponent(w)}`).then(r => r.json());
    return cache[w];
  }

  // ---------------------------------------------------------------- the panel
  function panel() {
    let d = q("#rules");
    if (d) return d;
    d = make("dialog", { id: "rules", "aria-labelledby": "rules-title" },
      make("div", { class: "rules-head" }, make("h3", { id: "rules-title" }, "Rules"),
        make("button", { class: "act", id: "rules-close", type: "button", onclick: () => d.close() }, "Close")),
      make("div", { class: "rules-body" }, make("nav", { id: "rules-list", "aria-label": "topics" }),
        make("article", { id: "rules-text", tabindex: "-1" })));
    document.body.append(d);
    return d;
  }
  function fill(g) {
    const list = q("#rules-list");
    if (list.dataset.words === g.words) return;
    list.innerHTML = "";
    list.dataset.words = g.words;
    for (const grp of g.groups) {
      list.append(make("h4", {}, grp.title));
      for (const s of g.sections.filter(s => s.group === grp.id))
        list.append(make("button", { type: "button", class: "topic", "data-rule": s.id, onclick: () => show(g, s.id) }, s.title));
    }
  }
  function show(g, id) {
    const s = g.sections.find(x => x.id === id) || g.sections[0];
    const text = q("#rules-text");
    text.innerHTML = "";
    text.dataset.rule = s.id;
    text.append(make("h4", {}, s.title), make("p", {}, s.body));
    for (const b of document.querySelectorAll("#rules-list .topic")) b.classList.toggle("current", b.dataset.rule === s.id);
    const here = q(`#rules-list .topic[data-rule="${s.id}"]`);
    if (here) here.scrollIntoView({ block: "nearest" });
    text.scrollTop = 0;
  }
  async function openRules(id) {
    const g = await guide(words), d = panel();
    fill(g);
    show(g, id);
    if (!d.open) d.showModal();
    q("#rules-text").focus();
  }

  // ---------------------------------------------------------------- keyword links
  // One pattern of every mark, each its own group, so a match says which section it is.
  async function linkMarks() {
    const g = await guide(words);
    if (marksFor !== g.words) {
      marks = { re: new RegExp(g.links.map(l => `(${l.pattern})`).join("|"), "g"), ids: g.links.map(l => l.id) };
      marksFor = g.words;
    }
    for (const t of document.querySelectorAll(".card .c-text, #dlg-source-card .pre")) {
      if (t.dataset.marks === marksFor) continue;
      if (t.dataset.marks) t.textContent = t.textContent;  // said in other words before: start again
      t.dataset.marks = marksFor;
      const text = t.textContent, parts = [];
      let at = 0;
      for (const m of text.matchAll(marks.re)) {
        const id = marks.ids[m.slice(1).findIndex(x => x !== undefined)];
        parts.push(text.slice(at, m.index), make("button", { type: "button", class: "kw", "data-rule": id,
          title: "what this means", "aria-label": `${m[0]}: the rule` }, m[0]));
        at = m.index + m[0].length;
      }
      if (!parts.length) continue;
      t.textContent = "";
      t.append(...parts, text.slice(at));
    }
  }
  let queued = false;
  function linkSoon() {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; linkMarks(); });
  }
  new MutationObserver(linkSoon).observe(document.body, { childList: true, subtree: true });
  // before the card's own click (which would play it): a mark opens its rule and nothing else
  document.addEventListener("click", (ev) => {
    const k = ev.target.closest && ev.target.closest("button.kw");
    if (!k) return;
    ev.stopPropagation(); ev.preventDefault();
    openRules(k.dataset.rule);
  }, true);
  document.addEventListener("gravehold:state", (ev) => {
    const w = ev.detail && ev.detail.words;
    if (w && w !== words) { words = w; linkSoon(); }
  });
  const btn = q("#rules-btn");
  if (btn) btn.addEventListener("click", () => openRules(q("#rules-text") && q("#rules-text").dataset.rule));
  window.graveholdRules = { open: openRules };
})();
