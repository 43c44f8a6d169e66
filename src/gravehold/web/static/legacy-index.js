"use strict";
// The home page's Legacy campaign panel: begin a campaign from a shipped script (the
// project's own by default) or a script file the group typed in, then go to its page by its
// choosing link (kept in this browser, so the list can link to it again); the list is this
// browser's own campaigns. A script file is checked by the server first, which names the
// field at fault, and says which cities and how many players it allows.
(() => {
  const q = (s) => document.querySelector(s);
  const CSTORE = "gravehold-campaigns";
  const PHASES = { choose: "choosing", battle: "in battle", spend: "spending", choice: "a choice",
    vestige: "a vestige", complete: "complete" };
  let scripts = [], fileScript = null, fileText = null;
  const mk = (tag, attrs = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
    for (const k of kids) if (k !== null && k !== undefined) e.append(k);
    return e;
  };
  const tokens = () => { try { return JSON.parse(localStorage.getItem(CSTORE) || "{}"); } catch (e) { return {}; } };
  function keep(id, url) {
    const t = new URL(url, location.origin).searchParams.get("t");
    if (!t) return;
    try { localStorage.setItem(CSTORE, JSON.stringify({ ...tokens(), [id]: t })); } catch (e) { /* storage off */ }
  }
  function chosen() {
    const v = q("#c-script").value;
    return v === "__file" ? fileScript : scripts.find((s) => s.id === v) || null;
  }
  function showScript() {
    const s = chosen(), city = q("#c-city"), label = q("#c-label");
    q("#c-file-row").hidden = q("#c-script").value !== "__file";
    city.innerHTML = "";
    label.textContent = "";
    if (!s) return;
    for (const c of s.cities) city.append(mk("option", { value: c.name }, `${c.name} (${c.mages.join(", ")})`));
    const said = s.label || (s.shipped === "project" ? "The project's own campaign." : "");
    label.textContent = said ? `${s.title} — ${said}` : s.title;
    for (const o of q("#c-players").options) o.disabled = +o.value < s.players.min || +o.value > s.players.max;
  }
  async function load() {
    const r = await fetch("/api/campaigns/scripts");
    if (r.ok) scripts = (await r.json()).scripts;
    const sel = q("#c-script");
    for (const s of scripts.slice().reverse()) sel.prepend(mk("option", { value: s.id }, s.title));
    sel.value = scripts.length ? scripts[0].id : "__file";
    showScript();
    list();
  }
  async function list() {
    const box = q("#campaigns");
    const r = await fetch("/api/campaigns");
    if (!r.ok) return;
    const d = await r.json(), known = tokens();
    box.innerHTML = "";
    if (!d.campaigns.length) { box.textContent = "none yet"; return; }
    for (const c of d.campaigns) {
      const url = c.url || (known[c.id] ? `/c/${c.id}?t=${encodeURIComponent(known[c.id])}` : `/c/${c.id}`);
      const at = c.phase === "complete" ? "complete" : `battle ${c.battle}, ${PHASES[c.phase] || c.phase}`;
      box.append(mk("div", { class: "row" }, mk("a", { href: url, class: "campaign-link" }, c.title),
        mk("span", { class: "sub" }, `${c.city} · ${c.players} player${c.players === 1 ? "" : "s"} · ${at}`)));
    }
  }
  q("#c-script").addEventListener("change", showScript);
  q("#c-file").addEventListener("change", async (ev) => {
    const f = ev.target.files[0], out = q("#campaign-error");
    out.textContent = ""; fileScript = null; fileText = null;
    if (f) {
      const text = await f.text();
      const r = await fetch("/api/campaigns/scripts", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text }) });
      const d = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
      if (!r.ok) out.textContent = `${f.name}: ${d.error}`; else { fileScript = d; fileText = text; }
    }
    showScript();
  });
  q("#new-campaign").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const out = q("#campaign-error"); out.textContent = "";
    const body = { players: +q("#c-players").value, city: q("#c-city").value };
    if (q("#c-script").value === "__file") {
      if (!fileText) { out.textContent = "Choose a script file first."; return; }
      body.text = fileText;
    } else body.script = q("#c-script").value;
    if (q("#c-seed").value !== "") body.seed = +q("#c-seed").value;
    if (q("#c-title").value.trim()) body.title = q("#c-title").value.trim();
    const r = await fetch("/api/campaigns", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const d = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
    if (!r.ok) { out.textContent = d.error || "could not begin"; return; }
    keep(d.id, d.url);
    location.assign(d.url);
  });
  load();
})();
