// The deal form, built from the game's declared deal fields (whistscore/fields.py):
// buttons, steppers and tricks that always add up; the deal's JSON from the taps,
// and a recorded deal back into the taps to edit it.  No rule is decided here:
// the server scores and refuses; this only turns taps into the deal's JSON.
//
// `pad` is the page's shared state: pad.state (the live view the server sent),
// pad.values (the taps so far), pad.edit ({number, active, dealer} while a deal
// is being replaced).  Words come from the server (W), never from here.

export const $ = (id) => document.getElementById(id);
export const fmt = (s, ...a) => s.replace(/\{(\d)\}/g, (_, i) => a[+i]);

export function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids) e.append(kid);   // text is added as text, never as HTML
  return e;
}

export function createForm(pad, F, W, lang) {
  const word = (x) => (lang === "ru" ? x.ru : x.en);

  // -- whose names a field offers -------------------------------------------------
  function active() { return pad.edit ? pad.edit.active : pad.state.active; }
  function sittingOut() { return pad.state.players.filter((p) => !active().includes(p)); }
  function among(field) {
    const players = pad.state.players, decl = pad.values.declarer;
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
    if (pad.values[key] !== undefined) return pad.values[key];
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
    if (needsDeclarer.includes(field.among) && (pad.values.declarer === undefined || pad.values.declarer === null)) return false;
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
    const t = pad.values[field.key];
    if (!t || Object.keys(t).join() !== who.join()) {
      const fresh = Object.fromEntries(who.map((k) => [k, 0]));
      if (who.length > 1) fresh[who[who.length - 1]] = field.total;  // the rest, so they add up
      pad.values[field.key] = fresh;
    }
    return pad.values[field.key];
  }

  function drawField(f) {
    const values = pad.values;
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

  // what the form is drawn for: it is redrawn only when this changes (or on a tap)
  const key = () => JSON.stringify([pad.state.active, pad.state.finished, pad.state.due, pad.state.deals]);
  let drawnFor = "";
  function render() {
    drawnFor = key();
    $("form").replaceChildren(...F.fields.filter(shown).map(drawField));
    $("entry-title").textContent = pad.edit ? fmt(W.editing, pad.edit.number) : W.record;
    $("submit").textContent = pad.edit ? fmt(W.save_edit, pad.edit.number) : W.record;
    $("cancel-edit").hidden = !pad.edit;
    $("entry").hidden = pad.state.finished && !pad.edit;
  }
  function stale() { return key() !== drawnFor; }
  // the players at the table changed: the tricks drawn for the old ones no longer apply
  function forgetTricks() { for (const f of F.fields) if (f.kind === "tricks") delete pad.values[f.key]; }

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

  return { render, stale, forgetTricks, deal, fromDeal, word };
}
