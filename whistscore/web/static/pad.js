// The table page: the deal form (form.js), the JSON API (api.js), the live
// view (live.js), and what the buttons do: record, replace, undo, the notation
// box.  No rule is decided here and no word is written here: the server
// scores, refuses and words everything.

import { gameApi } from "./api.js";
import { $, createForm, el, fmt } from "./form.js";
import { createLive, flash } from "./live.js";

const W = JSON.parse($("words").textContent);
const F = JSON.parse($("fields").textContent);
const lang = document.body.dataset.lang;
const game = gameApi($("game-name").dataset.name);
const all = new URLSearchParams(location.search).get("all") === "1" ? "&all=1" : "";
const pad = {
  state: JSON.parse($("boot").textContent),
  values: {},
  edit: null,        // {number, active, dealer} while replacing a deal
  busy: false,
  generation: 0,     // a poll answered after a change of ours is stale: dropped
};
const form = createForm(pad, F, W, lang);
const live = createLive(pad, game, form, W, "?lang=" + lang + all);
let undoArmed = 0;
let undoTimer = 0;

function clearErrors() {
  for (const p of document.querySelectorAll("#entry .error")) { p.hidden = true; p.textContent = ""; }
}
function showError(err, where) {
  const key = (err.field || "").split(/[.[]/)[0];
  const box = where ? null : document.querySelector('#form [data-key="' + CSS.escape(key) + '"] .field-error');
  const p = box || where || $("form-error");
  // one short sentence in the page's language; the technical form behind "details"
  p.replaceChildren(err.message || err.error);
  const detail = err.detail || err.error;
  if (err.message && detail && detail !== err.message) {
    p.append(" ", el("details", { class: "detail" }, el("summary", {}, W.details), detail));
  }
  p.hidden = false;
  flash("");  // a success message never stays beside an error
  (box ? box.parentElement : p).scrollIntoView({ block: "center" });
}

async function record(body, errorAt, twice) {
  if (pad.busy) return;
  pad.busy = true;
  pad.generation++;
  clearErrors();
  const note = $("note").value.trim();
  if (note) body.note = note;
  const q = "?view=1&lang=" + lang + all;
  try {
    const [status, data] = pad.edit
      ? await game.replaceDeal(pad.edit.number, Object.assign(body, { expect: pad.state.deals }), q)
      : await game.addDeal(twice ? body : Object.assign({}, body, { expect: pad.state.deals }), q);
    if (status === 200 || status === 201) {
      const number = data.number;
      const wasEdit = !!pad.edit;
      pad.edit = null;
      pad.values = {};
      $("note").value = "";
      $("notation-box").value = "";
      live.apply(data.live);
      form.render();
      flash(fmt(wasEdit ? W.replaced : W.recorded, number));
    } else if (status === 409 && data.field === "deals" && !pad.edit) {
      // another phone recorded meanwhile: the same deal twice, or a second one?
      await live.poll(true);
      pad.busy = false;
      if (window.confirm(fmt(W.also, pad.state.deals))) return await record(body, errorAt, true);
      flash(W.changed, true);
    } else if (status === 409 && data.field === "deals") {
      flash(W.changed, true);
      await live.poll(true);
      showError(data, errorAt);
    } else {
      showError(data, errorAt);
    }
  } catch (e) {
    flash(W.offline, true);
  } finally {
    pad.busy = false;
  }
}

$("submit").addEventListener("click", () => {
  const d = form.deal();
  if (d.missing) {
    showError({ error: form.word(d.missing) + "?", field: d.missing.key });
    return;
  }
  record({ deal: d.deal });
});
$("notation-add").addEventListener("click", () => {
  const text = $("notation-box").value.trim();
  if (text) record({ deal: text }, $("notation-error"));
});
$("notation-box").addEventListener("keydown", (e) => { if (e.key === "Enter") $("notation-add").click(); });
$("cancel-edit").addEventListener("click", () => { pad.edit = null; pad.values = {}; clearErrors(); form.render(); });
$("undo").addEventListener("click", async () => {
  if (!pad.state.deals) return;
  const b = $("undo");
  if (Date.now() - undoArmed > 10000) {   // a second tap confirms: no dialog to dismiss
    undoArmed = Date.now();
    b.textContent = fmt(W.undo_q, pad.state.deals);
    b.classList.add("armed");
    clearTimeout(undoTimer);   // 10 s: time to read "Drop deal N?" and look at the sheet
    undoTimer = setTimeout(() => { b.textContent = W.undo; b.classList.remove("armed"); }, 10000);
    return;
  }
  undoArmed = 0;
  b.textContent = W.undo;
  b.classList.remove("armed");
  pad.generation++;
  const [status, data] = await game.dropLast({ expect: pad.state.deals });
  if (status === 200) flash(fmt(W.dropped, data.number));
  else flash(data.message || data.error, true);
  await live.poll(true);
});

$("live-deals").addEventListener("click", (e) => {
  const b = e.target.closest("button.edit");
  if (!b) return;
  pad.edit = { number: +b.dataset.number, active: JSON.parse(b.dataset.active), dealer: b.dataset.dealer };
  pad.values = form.fromDeal(JSON.parse(b.dataset.deal));
  clearErrors();
  $("notation-box").value = b.dataset.notation;
  form.render();
  $("entry").scrollIntoView();
});
for (const n of F.notation) {
  $("notation-help").append(el("li", {}, el("code", {}, n.text), " — " + form.word(n)));
}

live.start();
if (pad.state.due) Object.assign(pad.values, pad.state.due);
form.render();
