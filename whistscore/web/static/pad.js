// The table page: a deal form built from the game's declared deal fields
// (whistscore/fields.py), the notation box, undo, edit, and polling for
// deals recorded elsewhere.  No rule is decided here: the server scores and
// refuses; this only turns taps into the deal's JSON.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const W = JSON.parse($("words").textContent);
  const F = JSON.parse($("fields").textContent);
  const lang = document.body.dataset.lang;
  const name = $("game-name").dataset.name;
  const token = document.querySelector('meta[name="whistscore-token"]').content;
  const api = "/api/games/" + encodeURIComponent(name);
  const all = new URLSearchParams(location.search).get("all") === "1" ? "&all=1" : "";
  let state = JSON.parse($("boot").textContent);
  let values = {};
  let edit = null;        // {number, active, dealer} while replacing a deal
  let busy = false;
  let undoArmed = 0;
  let undoTimer = 0;
  let generation = 0;     // a poll answered after a change of ours is stale: dropped

  const word = (x) => (lang === "ru" ? x.ru : x.en);
  const fmt = (s, ...a) => s.replace(/\{(\d)\}/g, (_, i) => a[+i]);
  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v === true ? "" : v);
    }
    for (const kid of kids) e.append(kid);   // text is added as text, never as HTML
    return e;
  }

  // -- whose names a field offers -------------------------------------------------
  function active() { return edit ? edit.active : state.active; }
  function sittingOut() { return state.players.filter((p) => !active().includes(p)); }
  function among(field) {
    const players = state.players, decl = values.declarer;
    switch (field.among) {
      case "all": return players.map((p) => [p, p]);
      case "defenders":
      case "others":
        if (decl === undefined || decl === null) return [];
        return active().filter((p) => p !== decl).map((p) => [p, p]);
      case "opponents": {
        if (decl === undefined) return [];
        const i = players.indexOf(decl), partner = players[(i + 2) % players.length];
        return players.filter((p) => p !== decl && p !== partner).map((p) => [p, p]);
      }
      case "declarer": return decl === undefined || decl === null ? [] : [[decl, decl]];
      case "sides": return [["NS", "NS · " + players[0] + ", " + players[2]],
                            ["EW", "EW · " + players[1] + ", " + players[3]]];
      default: return active().map((p) => [p, p]);
    }
  }

  // -- which fields apply ----------------------------------------------------------
  const byKey = Object.fromEntries(F.fields.map((f) => [f.key, f]));
  function current(key) {
    const f = byKey[key];
    if (values[key] !== undefined) return values[key];
    if (f && f.kind === "flag") return false;
    if (f && f.kind === "players") return [];
    if (f && f.kind === "count") return countStart(f);
    return f ? f.default : undefined;
  }
  // A count starts where the bid before it points: at the bid for a number
  // (Danish 9 -> 9 tricks), at its lowest for a worded bid (nolo, solo -> 0).
  function countStart(f) {
    for (const g of F.fields.slice(0, F.fields.indexOf(f)).reverse()) {
      if (g.kind !== "choice" || !(g.choices || []).some((c) => typeof c.value === "number")) continue;
      if (!shown(g)) continue;
      const v = current(g.key);
      if (typeof v === "number" && v >= f.low && v <= f.high) return v;
      if (typeof v === "string") return f.low;
    }
    return f.default;
  }
  const needsDeclarer = ["defenders", "others", "opponents", "declarer"];
  function shown(field) {
    if (needsDeclarer.includes(field.among) && (values.declarer === undefined || values.declarer === null)) return false;
    if (!field.when) return true;
    return field.when.some((alt) => Object.entries(alt).every(([key, wants]) => {
      if (!shown(byKey[key])) return false;
      const v = current(key);
      if (byKey[key].kind === "statuses") return Object.values(v || {}).some((s) => wants.includes(s));
      return wants.includes(v);
    }));
  }

  // -- drawing the form --------------------------------------------------------------
  function buttons(items, chosen, onPick, cls) {
    return el("div", { class: "choices " + (cls || "") }, ...items.map(([value, label]) =>
      el("button", { type: "button", class: chosen(value) ? "on" : "", "aria-pressed": chosen(value) ? "true" : "false",
                     "data-value": JSON.stringify(value), onclick: () => { onPick(value); render(); } }, label)));
  }
  function stepper(value, low, high, onSet, label) {
    return el("div", { class: "stepper" },
      el("span", { class: "who" }, label),
      el("button", { type: "button", class: "minus", "aria-label": "−", disabled: value <= low,
                     onclick: () => { onSet(value - 1); render(); } }, "−"),
      el("output", {}, String(value)),
      el("button", { type: "button", class: "plus", "aria-label": "+", disabled: value >= high,
                     onclick: () => { onSet(value + 1); render(); } }, "+"));
  }
  function tricksOf(field) {
    const who = among(field).map(([k]) => k);
    const t = values[field.key];
    if (!t || Object.keys(t).join() !== who.join()) {
      const fresh = Object.fromEntries(who.map((k) => [k, 0]));
      if (who.length > 1) fresh[who[who.length - 1]] = field.total;  // the rest, so they add up
      values[field.key] = fresh;
    }
    return values[field.key];
  }

  function drawField(f) {
    const box = el("div", { class: "field field-" + f.kind, "data-key": f.key },
                   el("div", { class: "label" }, word(f)));
    const extra = (f.choices || []).map((c) => [c.value, word(c)]);
    if (f.kind === "choice") {
      box.append(buttons(extra, (v) => current(f.key) === v, (v) => { values[f.key] = v; }));
    } else if (f.kind === "player") {
      const opts = among(f).concat(extra);
      box.append(buttons(opts, (v) => values[f.key] === v, (v) => { values[f.key] = v; }, "names"));
    } else if (f.kind === "players") {
      const cur = current(f.key);
      box.append(buttons(among(f), (v) => cur.includes(v), (v) => {
        values[f.key] = cur.includes(v) ? cur.filter((x) => x !== v) : cur.concat([v]);
      }, "names"));
    } else if (f.kind === "contract") {
      const cur = values[f.key] || {};
      box.append(buttons(f.levels.map((n) => [n, String(n)]), (v) => cur.level === v,
                         (v) => { values[f.key] = Object.assign({}, cur, { level: v }); }, "levels"));
      box.append(buttons(f.suits.map((s) => [s.value, word(s)]), (v) => cur.suit === v,
                         (v) => { values[f.key] = Object.assign({}, cur, { suit: v }); }, "suits"));
    } else if (f.kind === "statuses") {
      const cur = values[f.key] || {};
      for (const [p, label] of among(f)) {
        box.append(el("div", { class: "status-row", "data-player": p }, el("span", { class: "who" }, label),
          buttons(f.choices.map((c) => [c.value, word(c)]), (v) => cur[p] === v,
                  (v) => { values[f.key] = Object.assign({}, cur, { [p]: v }); })));
      }
      if (f.dealer_choices) {
        for (const p of sittingOut()) {
          box.append(el("div", { class: "status-row dealer-row", "data-player": p },
            el("span", { class: "who" }, p + " (" + W.dealer.toLowerCase() + ")"),
            buttons(f.dealer_choices.map((c) => [c.value, word(c)]), (v) => (cur[p] || "pass") === v,
                    (v) => { values[f.key] = Object.assign({}, cur, { [p]: v }); })));
        }
      }
    } else if (f.kind === "tricks") {
      const t = tricksOf(f);
      const who = among(f);
      const last = who.length - 1;
      const sumBut = (k) => who.slice(0, last).reduce((a, [x]) => a + (x === k ? 0 : t[x]), 0);
      if (who.length === 1) {   // one player's count alone (a misère's declarer): 0..total
        const [k, label] = who[0];
        const range = Array.from({ length: f.total + 1 }, (_, n) => [n, String(n)]);
        box.append(el("div", { class: "who" }, label),
          buttons(range, (v) => t[k] === v, (v) => { t[k] = v; }, "numbers"));
        box.append(el("p", { class: "error field-error", role: "alert", hidden: true }));
        return box;
      }
      if (who.length === 2) {   // one number to give (a side's tricks): one tap, not a stepper
        const [k, label] = who[0];
        const range = Array.from({ length: f.total + 1 }, (_, n) => [n, String(n)]);
        box.append(el("div", { class: "who" }, label),
          buttons(range, (v) => t[k] === v, (v) => { t[k] = v; t[who[1][0]] = f.total - v; }, "numbers"),
          el("div", { class: "stepper last" }, el("span", { class: "who" }, who[1][1]),
             el("output", { "data-player": who[1][0] }, String(t[who[1][0]]))));
        box.append(el("p", { class: "error field-error", role: "alert", hidden: true }));
        return box;
      }
      who.forEach(([k, label], i) => {
        if (i === last) {
          box.append(el("div", { class: "stepper last" }, el("span", { class: "who" }, label),
                        el("output", { "data-player": k }, String(t[k]))));
        } else {
          const row = stepper(t[k], 0, f.total - sumBut(k), (n) => {
            t[k] = n;
            t[who[last][0]] = f.total - who.slice(0, last).reduce((a, [x]) => a + t[x], 0);
          }, label);
          row.dataset.player = k;
          box.append(row);
        }
      });
      box.append(el("div", { class: "small" }, W.total + " " + f.total));
    } else if (f.kind === "count") {
      const v = current(f.key);
      if (f.high - f.low <= 13) {   // a short range: a button per number
        const range = Array.from({ length: f.high - f.low + 1 }, (_, i) => [f.low + i, String(f.low + i)]);
        box.append(buttons(range, (n) => v === n, (n) => { values[f.key] = n; }, "numbers"));
      } else {
        box.append(stepper(v, f.low, f.high, (n) => { values[f.key] = n; }, ""));
      }
    } else if (f.kind === "flag") {
      const on = current(f.key) === true;
      box.append(el("div", { class: "choices" }, el("button", {
        type: "button", class: on ? "on" : "", "aria-pressed": on ? "true" : "false",
        onclick: () => { values[f.key] = !on; render(); } }, on ? "✓ " + word(f) : word(f))));
    }
    box.append(el("p", { class: "error field-error", role: "alert", hidden: true }));
    return box;
  }

  let drawnFor = "";
  function render() {
    drawnFor = JSON.stringify([state.active, state.finished, state.due, state.deals]);
    const form = $("form");
    form.replaceChildren(...F.fields.filter(shown).map(drawField));
    $("entry-title").textContent = edit ? fmt(W.editing, edit.number) : W.record;
    $("submit").textContent = edit ? fmt(W.save_edit, edit.number) : W.record;
    $("cancel-edit").hidden = !edit;
    $("entry").hidden = state.finished && !edit;
  }

  // -- the deal's JSON -------------------------------------------------------------------
  function deal() {
    const out = {};
    for (const f of F.fields.filter(shown)) {
      const v = current(f.key);
      const choice = (f.choices || []).find((c) => c.value === v);
      if (choice && choice.json) { Object.assign(out, choice.json); continue; }
      if (f.key.startsWith("_")) continue;
      const key = f.writes || f.key;
      if (f.kind === "flag") { if (v === true) out[key] = true; continue; }
      if (v === undefined) return { missing: f };
      if (f.kind === "contract") {
        if (v.level === undefined || v.suit === undefined) return { missing: f };
        out[key] = v.level + v.suit;
      } else if (f.kind === "statuses") {
        const need = among(f).map(([p]) => p);
        if (need.some((p) => !v[p])) return { missing: f };
        const st = {};
        for (const p of need) st[p] = v[p];
        for (const p of sittingOut()) if (v[p] === "whist") st[p] = "whist";
        out[key] = st;
      } else {
        out[key] = v;
      }
    }
    return { deal: out };
  }

  // -- talking to the server -------------------------------------------------------------
  function flash(text, bad) {
    const p = $("flash");
    p.textContent = text;
    p.className = bad ? "flash error" : "flash";
    p.hidden = !text;
  }
  function clearErrors() {
    for (const p of document.querySelectorAll("#entry .error")) { p.hidden = true; p.textContent = ""; }
  }
  function showError(err, where) {
    const key = (err.field || "").split(/[.[]/)[0];
    const box = where ? null : document.querySelector('#form [data-key="' + CSS.escape(key) + '"] .field-error');
    const p = box || where || $("form-error");
    p.textContent = err.error;
    p.hidden = false;
    (box ? box.parentElement : p).scrollIntoView({ block: "center" });
  }
  async function send(method, url, body) {
    const r = await fetch(url, {
      method, credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-Whistscore-Token": token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let data = null;
    try { data = await r.json(); } catch (e) { data = { error: r.status + " " + r.statusText }; }
    return [r.status, data];
  }
  function apply(live) {
    if (!live) return;
    const activeBefore = JSON.stringify(state.active);
    $("live").innerHTML = live.html;  // rendered by the server's escaping templates
    $("live-deals").innerHTML = live.deals_html;
    state = live;
    if (JSON.stringify(state.active) !== activeBefore) for (const f of F.fields) if (f.kind === "tricks") delete values[f.key];
    if (state.due && !edit && !Object.keys(values).length) Object.assign(values, state.due);
    const formKey = JSON.stringify([state.active, state.finished, state.due, state.deals]);
    if (formKey !== drawnFor) render();   // a redraw only when the form itself changes
  }
  async function record(body, errorAt, twice) {
    if (busy) return;
    busy = true;
    generation++;
    clearErrors();
    const note = $("note").value.trim();
    if (note) body.note = note;
    const q = "?view=1&lang=" + lang + all;
    try {
      const [status, data] = edit
        ? await send("PUT", api + "/deals/" + edit.number + q, Object.assign(body, { expect: state.deals }))
        : await send("POST", api + "/deals" + q, twice ? body : Object.assign({}, body, { expect: state.deals }));
      if (status === 200 || status === 201) {
        const number = data.number;
        const wasEdit = !!edit;
        edit = null;
        values = {};
        $("note").value = "";
        $("notation-box").value = "";
        apply(data.live);
        render();
        flash(fmt(wasEdit ? W.replaced : W.recorded, number));
      } else if (status === 409 && data.field === "deals" && !edit) {
        // another phone recorded meanwhile: the same deal twice, or a second one?
        await poll(true);
        busy = false;
        if (window.confirm(fmt(W.also, state.deals))) return await record(body, errorAt, true);
        flash(W.changed, true);
      } else if (status === 409 && data.field === "deals") {
        flash(W.changed, true);
        await poll(true);
        showError(data, errorAt);
      } else {
        showError(data, errorAt);
      }
    } catch (e) {
      flash(W.offline, true);
    } finally {
      busy = false;
    }
  }

  $("submit").addEventListener("click", () => {
    const d = deal();
    if (d.missing) {
      showError({ error: word(d.missing) + "?", field: d.missing.key });
      return;
    }
    record({ deal: d.deal });
  });
  $("notation-add").addEventListener("click", () => {
    const text = $("notation-box").value.trim();
    if (text) record({ deal: text }, $("notation-error"));
  });
  $("notation-box").addEventListener("keydown", (e) => { if (e.key === "Enter") $("notation-add").click(); });
  $("cancel-edit").addEventListener("click", () => { edit = null; values = {}; clearErrors(); render(); });
  $("undo").addEventListener("click", async () => {
    if (!state.deals) return;
    const b = $("undo");
    if (Date.now() - undoArmed > 10000) {   // a second tap confirms: no dialog to dismiss
      undoArmed = Date.now();
      b.textContent = fmt(W.undo_q, state.deals);
      b.classList.add("armed");
      clearTimeout(undoTimer);   // 10 s: time to read "Drop deal N?" and look at the sheet
      undoTimer = setTimeout(() => { b.textContent = W.undo; b.classList.remove("armed"); }, 10000);
      return;
    }
    undoArmed = 0;
    b.textContent = W.undo;
    b.classList.remove("armed");
    generation++;
    const [status, data] = await send("DELETE", api + "/deals/last", { expect: state.deals });
    if (status === 200) flash(fmt(W.dropped, data.number));
    else flash(data.error, true);
    await poll(true);
  });
  // -- a recorded deal back into the buttons (to edit it) --------------------------------
  function contains(whole, part) {
    if (part === null || typeof part !== "object") return whole === part;
    if (whole === null || typeof whole !== "object") return false;
    return Object.entries(part).every(([k, v]) => k in whole && contains(whole[k], v));
  }
  function fromDeal(deal) {
    const v = {};
    for (const f of F.fields) {
      const shaped = (f.choices || []).filter((c) => c.json);
      const hit = shaped.find((c) => Object.keys(c.json).length && contains(deal, c.json));
      if (hit) { v[f.key] = hit.value; continue; }
      const src = f.writes || f.key;
      if (!f.key.startsWith("_") && src in deal) {
        const x = deal[src];
        if (f.kind === "contract") {
          const m = /^(\d+)(.+)$/.exec(String(x));
          if (m) v[f.key] = { level: +m[1], suit: m[2] };
        } else {
          v[f.key] = x;
        }
        continue;
      }
      const named = (f.choices || []).find((c) => typeof c.value === "string" && c.value in deal);
      if (named) { v[f.key] = named.value; continue; }
      const plain = shaped.find((c) => !Object.keys(c.json).length);
      if (plain) v[f.key] = plain.value;
    }
    return v;
  }

  $("live-deals").addEventListener("click", (e) => {
    const b = e.target.closest("button.edit");
    if (!b) return;
    edit = { number: +b.dataset.number, active: JSON.parse(b.dataset.active), dealer: b.dataset.dealer };
    values = fromDeal(JSON.parse(b.dataset.deal));
    clearErrors();
    $("notation-box").value = b.dataset.notation;
    render();
    $("entry").scrollIntoView();
  });
  for (const n of F.notation) {
    $("notation-help").append(el("li", {}, el("code", {}, n.text), " — " + word(n)));
  }

  // -- live: deals recorded by another phone or the command line ------------------------
  async function poll(force) {
    if (busy && !force) return;
    const asked = generation;
    try {
      const r = await fetch("/g/" + encodeURIComponent(name) + "/live?lang=" + lang + all +
                            (force ? "" : "&stamp=" + encodeURIComponent(state.stamp)),
                            { credentials: "same-origin", cache: "no-store" });
      if (r.status === 200) {
        const data = await r.json();
        if (asked === generation || force) apply(data);
      }
      if ($("flash").textContent === W.offline) flash("");
    } catch (e) {
      flash(W.offline, true);
    }
  }
  setInterval(poll, 1000);
  if (state.due) Object.assign(values, state.due);
  render();
})();
