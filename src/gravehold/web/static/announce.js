"use strict";
// Your turn is announced: always in the tab's title ("● Your turn — gravehold"); by a short
// tone and by a browser notification when you turn them on (both off by default, and
// remembered in this browser). The tone is made with WebAudio, so there is no sound file;
// notification permission is asked only when you turn notifications on. An announcement
// comes when a decision passes to you, not on every state while it is yours.
(() => {
  const SOUND = "gravehold.sound", NOTIFY = "gravehold.notify";
  const store = {
    get: (k) => { try { return localStorage.getItem(k) === "on"; } catch (_) { return false; } },
    set: (k, on) => { try { localStorage.setItem(k, on ? "on" : "off"); } catch (_) { /* private mode */ } },
  };
  const soundBtn = document.getElementById("sound-toggle"), notifyBtn = document.getElementById("notify-toggle");
  let audio = null, mine = null;

  function context() {  // made (or resumed) on a click: browsers keep audio silent before one
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    if (!audio) audio = new Ctx();
    if (audio.state === "suspended") audio.resume();
    return audio;
  }

  function tone() {  // two soft rising notes
    const ctx = context();
    if (!ctx) return;
    const t = ctx.currentTime;
    for (const [freq, at] of [[587.33, 0], [880, 0.15]]) {
      const osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.type = "sine"; osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t + at);
      gain.gain.exponentialRampToValueAtTime(0.25, t + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + at + 0.3);
      osc.connect(gain); gain.connect(ctx.destination);
      osc.start(t + at); osc.stop(t + at + 0.32);
    }
  }

  function notify(S) {
    if (!store.get(NOTIFY) || !("Notification" in window) || Notification.permission !== "granted") return;
    if (document.visibilityState === "visible" && document.hasFocus()) return;  // you are looking already
    const d = S.view.decision;
    const n = new Notification("Your turn — gravehold", { body: `${S.title}: ${d ? d.prompt : ""}`, tag: "gravehold-turn" });
    n.onclick = () => { window.focus(); n.close(); };
  }

  function show() {
    const s = store.get(SOUND), n = store.get(NOTIFY) && "Notification" in window && Notification.permission === "granted";
    soundBtn.textContent = `Sound: ${s ? "on" : "off"}`; soundBtn.setAttribute("aria-pressed", String(s));
    notifyBtn.textContent = `Notify: ${n ? "on" : "off"}`; notifyBtn.setAttribute("aria-pressed", String(n));
    notifyBtn.hidden = !("Notification" in window);
  }

  soundBtn.addEventListener("click", () => {
    const on = !store.get(SOUND);
    store.set(SOUND, on);
    if (on) tone();  // what you will hear, and the click lets the page play it later
    show();
  });
  notifyBtn.addEventListener("click", async () => {
    if (store.get(NOTIFY) && Notification.permission === "granted") { store.set(NOTIFY, false); show(); return; }
    const answer = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
    store.set(NOTIFY, answer === "granted");
    if (answer !== "granted" && typeof toast === "function")
      toast("Notifications are blocked for this site: allow them in the browser's site settings.");
    show();
  });
  document.addEventListener("click", () => { if (store.get(SOUND) && audio) context(); }, { once: true });

  document.addEventListener("gravehold:state", (e) => {
    const S = e.detail;
    document.title = S.your_turn ? "● Your turn — gravehold"
      : S.over ? `${S.result === "win" ? "Victory" : "Defeat"} — gravehold` : `${S.title} — gravehold`;
    if (S.your_turn && mine === false) {
      if (store.get(SOUND)) tone();
      notify(S);
    }
    mine = !!S.your_turn;
  });
  show();
})();
