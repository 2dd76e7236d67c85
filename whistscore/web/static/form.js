// The deal form, built from the game's declared deal fields (whistscore/fields.py):
// buttons, steppers and tricks that always add up; the deal's JSON from the taps,
// and a recorded deal back into the taps to edit it.  No rule is decided here:
// the server scores and refuses; this only turns taps into the deal's JSON.
//
// The taps, the deal being edited and its count are this module's, changed only through
// what createForm returns; the live view is live.js's (view()).  Words: the server's `word`s.

import { $, el, fmt } from "./dom.js";
import { openTerm } from "./termline.js";   // a players' term opens its one-line explanation at a tap

export function createForm(F, W, view) {
  let values = {};     // the taps so far
  let edit = null;     // {number, active, dealer, saw} while a deal is being replaced
  // the deal count at this deal's first tap: a deal another phone records meanwhile must
  // still be asked about (the refreshed count recorded the same deal twice unasked)
  let began = null;
  let unset = {};      // tricks rows at no usual value: tapped before Record

  // -- whose names a field offers -------------------------------------------------
  function active() { return edit ? edit.active : view().active; }
  function sittingOut() { return view().players.filter((p) => !active().includes(p)); }
  function among(field) {
    const players = view().players, decl = values.declarer;
    switch (field.among) {
      case "all": return players.map((p) => [p, p]);
      case "defenders":
      case "others":
        if (decl === undefined || decl === null) return [];
        return active().filter((p) => p !== decl).map((p) => [p, p]);
      case "opponents": {   // the game's pairs (F.sides)
        if (decl === undefined) return [];
        const ours = F.sides.find((s) => s.seats.includes(players.indexOf(decl)));
        return players.filter((p, i) => p !== decl && !(ours && ours.seats.includes(i))).map((p) => [p, p]);
      }
      case "declarer": return decl === undefined || decl === null ? [] : [[decl, decl]];
      case "sides": return F.sides.map((s) => [s.key, s.key + " · " + s.seats.map((i) => players[i]).join(", ")]);
      default: return active().map((p) => [p, p]);
    }
  }

  // -- which fields apply ----------------------------------------------------------
  const byKey = Object.fromEntries(F.fields.map((f) => [f.key, f]));
  function current(key) {
    const f = byKey[key];
    if (f && f.kind === "statuses") return statusesOf(f);
    if (values[key] !== undefined) return values[key];
    if (f && f.kind === "flag") return false;
    if (f && f.kind === "players") return [];
    return f ? usual(f, f.kind === "count" ? countStart(f) : f.default) : undefined;
  }
  // A usual value the game does not offer now is none: the field is tapped (a double
  // bomb is worth 2, 3 or 4, never its usual 1); a field offering one value has it.
  function usual(f, v) {
    const only = offered(f);
    if (!only || v === undefined || only.includes(v)) return v;
    return only.length === 1 ? only[0] : undefined;
  }
  // What the game offers for a field now (null: every choice): its declared `only`
  // (the first condition that holds), narrowed by the live view's `offer`, which the
  // game read from its rules and the state before the next deal (not for an old deal
  // being edited: that one had its own dealer and state, and the server judges it).
  function offered(f) {
    let vals = null;
    for (const o of f.only || []) if (holds(o.when)) { vals = o.values; break; }
    const live = liveOffer(f);
    if (live && live.values) vals = vals ? vals.filter((v) => live.values.includes(v)) : live.values;
    return vals;
  }
  function liveOffer(f) { return !edit && view().offer ? view().offer[f.key] : undefined; }
  // the combinations of a statuses field the game accepts for the fields it is keyed by
  // (the declarer and the contract), usual first; null while one of them is not chosen
  function combos(f) {
    const o = liveOffer(f);
    if (!o || !o.sets) return null;
    const parts = [];
    for (const k of o.by) {
      const v = values[k];
      if (v === undefined || v === null) return null;
      if (byKey[k] && byKey[k].kind === "contract") {
        if (v.level === undefined || v.suit === undefined) return null;
        parts.push(v.level + v.suit);
      } else parts.push(String(v));
    }
    const i = o.index[parts.join("|")];
    return i === undefined ? null : o.sets[i];
  }
  const same = (a, b) => Object.keys(a).length === Object.keys(b).length &&
                         Object.keys(a).every((k) => a[k] === b[k]);
  // each player's status as tapped, else the field's default (shown as tapped);
  // the sitting-out dealer's at the first of his own choices
  function statusesOf(f) {
    const v = values[f.key] || {}, out = {};
    for (const [p] of among(f)) out[p] = v[p] !== undefined ? v[p] : f.default;
    if (f.dealer_choices) for (const p of sittingOut()) out[p] = v[p] !== undefined ? v[p] : f.dealer_choices[0].value;
    const ok = combos(f);   // the usual words when the defaults are not a combination
    if (ok && ok.length && !ok.some((c) => same(c, out))) return Object.assign({}, ok[0]);
    return out;
  }
  // A tap on one player's word: the combination the game accepts with that word that
  // keeps most of the others' (a half-whist: the other passes; the dealer's whist: both
  // defenders declined), the usual first on a tie.
  function nearest(f, taps, p, v) {
    const ok = combos(f);
    if (!ok || ok.some((c) => same(c, taps))) return taps;
    let best = null, score = -1;
    for (const c of ok) {
      if (c[p] !== v) continue;
      const n = Object.keys(c).filter((k) => c[k] === taps[k]).length;
      if (n > score) { best = c; score = n; }
    }
    return best ? Object.assign({}, best) : taps;
  }
  // the words one player may say in some accepted combination (all, with no table)
  function words(f, p, list) {
    const ok = combos(f);
    return ok ? list.filter((c) => ok.some((x) => x[p] === c.value)) : list;
  }
  // A count starts where the bid before it points: at the bid for a number
  // (Danish 9 -> 9 tricks), for a worded bid where the field says (a solo made: 1),
  // else at its lowest (nolo -> 0).
  function countStart(f) {
    for (const g of F.fields.slice(0, F.fields.indexOf(f)).reverse()) {
      if (g.kind !== "choice" || !(g.choices || []).some((c) => typeof c.value === "number")) continue;
      if (!shown(g)) continue;
      const v = current(g.key);
      if (typeof v === "number" && v >= f.low && v <= f.high) return v;
      if (typeof v === "string") return (f.start_at || {})[v] !== undefined ? f.start_at[v] : f.low;
    }
    return f.default;
  }
  // A tap: the value, and every field that depends on this one (the field's declared
  // `depends`) forgotten, so nothing chosen for an earlier declarer or contract stays.
  function set(key, value) {
    if (began === null && !edit) began = view().deals;  // the deal's first tap
    delete unset[key];
    const before = JSON.stringify(values[key]);
    values[key] = value;
    if (JSON.stringify(value) !== before) forget(key);
  }
  function forget(key) {
    for (const f of F.fields) {
      if ((f.depends || []).includes(key) && values[f.key] !== undefined) {
        delete values[f.key];
        forget(f.key);
      }
    }
  }
  const needsDeclarer = ["defenders", "others", "opponents", "declarer"];
  function shown(field) {
    if (needsDeclarer.includes(field.among) && (values.declarer === undefined || values.declarer === null)) return false;
    const only = liveOffer(field);
    if (only && only.values && only.values.length === 0) return false;   // the rules have none
    if (!field.when) return true;
    return field.when.some(holds);
  }
  function holds(alt) {
    return Object.entries(alt).every(([key, wants]) => {
      if (!shown(byKey[key])) return false;
      const v = current(key);
      if (byKey[key].kind === "statuses") return Object.values(v).some((s) => wants.includes(s));
      return wants.includes(v);
    });
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
      values[field.key] = tricksStart(field, who);
      // a row nobody's count starts from (an all-pass, a Whist or Twist deal) has no usual
      // value: it is tapped before Record (before: NS 0 / EW 13 recorded untouched)
      if (!(field.start || []).some(([role]) => role !== "declarer" || who.includes(values.declarer)))
        unset[field.key] = true;
      else delete unset[field.key];
    }
    return values[field.key];
  }
  // Where the counts start (the field's declared `start`: the declarer at the
  // contract's level); the others at 0 but the last of them, who holds the rest.
  function tricksStart(field, who) {
    const fixed = {};
    for (const [role, expr] of field.start || []) {
      const p = role === "declarer" ? values.declarer : undefined;
      const [k, part] = expr.split(".");
      const v = /^[0-9]+$/.test(expr) ? Number(expr) : current(k);
      const n = part === "level" ? (v || {}).level : v;
      if (who.includes(p) && typeof n === "number") fixed[p] = n;
    }
    const free = who.filter((k) => !(k in fixed));
    const holder = restHolder(field, free);
    const rest = field.total - Object.values(fixed).reduce((a, n) => a + n, 0);
    return Object.fromEntries(who.map((k) => [k, k in fixed ? fixed[k]
      : (k === holder ? rest : 0)]));
  }

  // Who holds the rest of a tricks row: the field's declared holder (the last player
  // with the declared status: the one whister), else the last of the row.
  function restHolder(field, keys) {
    if (field.rest) {
      const said = current(field.rest[0]) || {};
      const named = keys.filter((k) => said[k] === field.rest[1]);
      if (named.length) return named[named.length - 1];
    }
    return keys[keys.length - 1];
  }
  function numbers(high, low) {
    return Array.from({ length: high - (low || 0) + 1 }, (_, i) => [(low || 0) + i, String((low || 0) + i)]);
  }
  function drawField(f) {
    // the form's own switch (game, misère, all-pass) needs no name on screen: its buttons say it
    // (the name is still read aloud; its "?" stays beside the buttons)
    const inline = f.kind === "choice" && f.key.startsWith("_");
    const box = el("div", { class: "field field-" + f.kind + (inline ? " inline" : ""), "data-key": f.key },
                   el("div", { class: "label" }, inline ? el("span", { class: "vh" }, f.word) : f.word));
    const only = offered(f);
    const extra = (f.choices || []).filter((c) => !only || f.kind !== "choice" || only.includes(c.value))
      .map((c) => [c.value, c.word]);
    if (f.kind === "choice") {
      box.append(buttons(extra, (v) => current(f.key) === v, (v) => set(f.key, v)));
    } else if (f.kind === "player") {
      const opts = among(f).concat(extra);
      box.append(buttons(opts, (v) => values[f.key] === v, (v) => set(f.key, v),
                         opts.length > 3 ? "names many" : "names"));
    } else if (f.kind === "players") {
      const cur = current(f.key);
      box.append(buttons(among(f), (v) => cur.includes(v), (v) => {
        set(f.key, cur.includes(v) ? cur.filter((x) => x !== v) : cur.concat([v]));
      }, "names"));
    } else if (f.kind === "contract") {
      const cur = values[f.key] || {};
      box.append(buttons(f.levels.filter((n) => !only || only.includes(n)).map((n) => [n, String(n)]), (v) => cur.level === v,
                         (v) => set(f.key, Object.assign({}, cur, { level: v })), "levels"));
      box.append(buttons(f.suits.map((s) => [s.value, s.word]), (v) => cur.suit === v,
                         (v) => set(f.key, Object.assign({}, cur, { suit: v })), "suits"));
    } else if (f.kind === "statuses") {
      const cur = current(f.key);
      const mine = among(f).map(([p]) => p);
      const ok = combos(f);
      const pick = (p, v) => {
        let next = Object.assign({}, cur, { [p]: v });
        const c = f.choices.find((x) => x.value === v);
        if (c && c.others !== undefined && !ok) for (const q of mine) if (q !== p) next[q] = c.others;
        next = nearest(f, next, p, v);
        set(f.key, next);
      };
      for (const [p, label] of among(f)) {
        box.append(el("div", { class: "status-row", "data-player": p }, el("span", { class: "who" }, label),
          buttons(words(f, p, f.choices).map((c) => [c.value, c.word]), (v) => cur[p] === v, (v) => pick(p, v))));
      }
      const everyOk = f.every && (!ok || ok.some((c) => mine.every((p) => c[p] === f.every.value)));
      if (everyOk && mine.length > 1) {
        const all = mine.every((p) => cur[p] === f.every.value);
        // beside the field's name: one row less between the contract and the tricks
        box.querySelector(".label").append(el("div", { class: "choices every" }, el("button", {
          type: "button", class: all ? "on" : "", "aria-pressed": all ? "true" : "false", "data-every": "1",
          onclick: () => { set(f.key, nearest(f, Object.assign({}, cur, Object.fromEntries(mine.map((p) => [p, f.every.value]))), mine[0], f.every.value)); render(); },
        }, f.every.word)));
      }
      if (f.dealer_choices) {
        for (const p of sittingOut()) {
          const said = words(f, p, f.dealer_choices);
          if (said.length < 2) continue;   // no dealer's word under these rules on this contract
          box.append(el("div", { class: "status-row dealer-row", "data-player": p },
            el("span", { class: "who", title: p }, W.dealer + ": " + p),
            buttons(said.map((c) => [c.value, c.word]), (v) => cur[p] === v, (v) => pick(p, v))));
        }
      }
    } else if (f.kind === "tricks") {
      const t = tricksOf(f);
      const who = among(f);
      const holder = restHolder(f, who.map(([k]) => k));
      const others = who.filter(([k]) => k !== holder);
      const give = (k, n) => {   // one tap: this count, and the holder the rest
        const next = Object.assign({}, t, { [k]: n });
        if (who.length > 1) next[holder] = f.total - others.reduce((a, [x]) => a + next[x], 0);
        set(f.key, next);
      };
      who.forEach(([k, label]) => {
        if (k === holder && who.length > 1) {
          box.append(el("div", { class: "stepper last" }, el("span", { class: "who" }, label),
                        el("output", { "data-player": k }, String(t[k]))));
          return;
        }
        // one tap per count; a count that would leave the last below 0 is not offered
        const room = f.total - (who.length > 1 ? others : []).reduce((a, [x]) => a + (x === k ? 0 : t[x]), 0);
        const row = el("div", { class: "trick-row", "data-player": k }, el("span", { class: "who" }, label),
          buttons(numbers(f.total), (v) => t[k] === v, (v) => give(k, v), "numbers"));
        for (const b of row.querySelectorAll("button")) if (+b.dataset.value > room) b.disabled = true;
        box.append(row);
      });
      if (who.length > 2) box.querySelector(".label").append(el("span", { class: "small total" }, " · " + W.total + " " + f.total));
    } else if (f.kind === "count") {
      const v = current(f.key);
      if (f.high - f.low <= 13) {   // a short range: a button per number (those offered)
        box.append(buttons(numbers(f.high, f.low).filter(([n]) => !only || only.includes(n)),
                           (n) => v === n, (n) => set(f.key, n), "numbers"));
      } else {
        box.append(stepper(v, f.low, f.high, (n) => set(f.key, n), ""));
      }
    } else if (f.kind === "flag") {
      const on = current(f.key) === true;
      box.append(el("div", { class: "choices" }, el("button", {
        type: "button", class: on ? "on" : "", "aria-pressed": on ? "true" : "false",
        onclick: () => { set(f.key, !on); render(); } }, on ? "✓ " + f.word : f.word)));
    }
    // the players' terms of the field and its buttons (the server found them: f.terms), each
    // explained in one line, opened by the "?" at the field's name (static/terms.js)
    if (f.terms && f.terms.length) {
      const help = el("button", { type: "button", class: "term term-help", "aria-expanded": "false",
                                  "aria-label": f.terms.map((t) => t.word).join(", "),
                                  "data-line": f.terms.map((t) => t.line).join("\n") }, "?");
      (f.kind === "flag" ? box.querySelector(".choices") : box.querySelector(".label")).append(help);
    }
    box.append(el("p", { class: "error field-error", role: "alert", hidden: true }));
    return box;
  }

  // what the form is drawn for: it is redrawn only when this changes (or on a tap)
  const key = () => JSON.stringify([view().active, view().finished, view().due, view().deals]);
  let drawnFor = "";
  function render() {
    drawnFor = key();
    // an explanation opened at a field's "?" stays open when the form is drawn again
    const open = Array.from($("form").querySelectorAll('button.term[aria-expanded="true"]'),
                           (b) => b.closest("[data-key]").dataset.key);
    $("form").replaceChildren(...F.fields.filter(shown).map(drawField));
    for (const k of open) {
      const b = $("form").querySelector('[data-key="' + CSS.escape(k) + '"] button.term');
      if (b) openTerm(b);
    }
    $("entry-title").textContent = edit ? fmt(W.editing, edit.number) : W.record;
    $("entry-title").classList.toggle("vh", !edit);   // said aloud; shown while editing
    $("submit").textContent = edit ? fmt(W.save_edit, edit.number) : W.record;
    $("cancel-edit").hidden = !edit;
    $("submit").disabled = !!deal().missing;   // every field set or at its shown default
    $("entry").hidden = view().finished && !edit;
  }
  function stale() { return key() !== drawnFor; }
  // the players at the table changed: the tricks drawn for the old ones no longer apply
  function forgetTricks() { for (const f of F.fields) if (f.kind === "tricks") delete values[f.key]; }

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
      if (f.kind === "tricks" && !edit && unset[f.key]) return { missing: f };
      const only = offered(f);
      if (only && (f.kind === "choice" || f.kind === "count") && !only.includes(v)) return { missing: f };
      if (f.kind === "contract") {
        if (v.level === undefined || v.suit === undefined) return { missing: f };
        if (only && !only.includes(v.level)) return { missing: f };
        out[key] = v.level + v.suit;
      } else if (f.kind === "statuses") {
        const need = among(f).map(([p]) => p);
        if (need.some((p) => !v[p])) return { missing: f };
        const ok = combos(f);
        if (ok && !ok.some((c) => same(c, v))) return { missing: f };
        const st = {};
        for (const p of need) st[p] = v[p];
        // the sitting-out dealer's status is written only when it is not his first choice
        for (const p of sittingOut()) if (f.dealer_choices && v[p] !== f.dealer_choices[0].value) st[p] = v[p];
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

  // a new live view: other players' tricks forgotten, a due deal preset, redrawn if stale
  function follow(before) {
    if (before && JSON.stringify(view().active) !== JSON.stringify(before.active)) forgetTricks();
    if (view().due && !edit && !Object.keys(values).length) Object.assign(values, view().due);
    if (stale()) render();
  }
  function reset() { edit = null; values = {}; began = null; }
  function startEdit(row, deal) { edit = Object.freeze(row); values = fromDeal(deal); }

  return {
    render, stale, forgetTricks, deal, follow, reset, startEdit,
    editing: () => edit,
    began: () => began,
    beginAt: (n) => { began = n; },
  };
}
