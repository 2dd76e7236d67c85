// The table page: the deal form (form.js), the JSON API (api.js), the live
// view (live.js), and what the buttons do: record, replace, undo, the notation
// box.  No rule is decided here and no word is written here: the server
// scores, refuses and words everything.
// The live view is live.js's, the taps form.js's; here only what these buttons need.

import { gameApi } from "./api.js";
import { $, data, el, fmt } from "./dom.js";
import { createForm } from "./form.js";
import { createLive, flash } from "./live.js";

const W = data("words");
const F = data("fields");
const lang = document.body.dataset.lang;
const game = gameApi($("game-name").dataset.name);
const all = new URLSearchParams(location.search).get("all") === "1" ? "&all=1" : "";
let busy = false;     // a write of ours is under way: no second one, no poll meanwhile
const live = createLive(data("boot"), game, W, "?lang=" + lang + all, () => busy);
const view = live.view;
const form = createForm(F, W, view);
let undoArmed = 0;
let undoSaw = 0;     // the deal count the question "Drop deal N?" was asked about
let undoTimer = 0;
// the deal this phone just undid, offered back while the game is as the undo left it
let undone = null;   // {number, deal}
function showRedo() {
  const b = $("redo");
  b.hidden = !(undone && view().deals === undone.number - 1 && !view().finished);
  if (!b.hidden) b.textContent = fmt(W.redo, undone.number);
}
// the client id of the deal being entered: kept until the server answered, so a
// retry after a lost answer is the same deal (recorded once), not a second one
let dealId = "";
function newId() {
  return (crypto.randomUUID ? crypto.randomUUID()
    : Date.now().toString(36) + "-" + Math.random().toString(36).slice(2));
}

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
  flash("");   // a success message never stays beside an error
  (box ? box.parentElement : p).scrollIntoView({ block: "center" });
}

async function record(body, errorAt, twice) {
  if (busy) return;
  busy = true;
  live.outdate();
  clearErrors();
  const note = $("note").value.trim();
  if (note) body.note = note;
  // the first deal names its dealer when another than the first player was chosen
  const edit = form.editing();
  if (!edit && live.first()) body.dealer = live.first();
  // a new deal is answered with what changed in the view this page holds (an edit: whole)
  const q = "?view=1&lang=" + lang + all + (edit ? "" : live.since());
  try {
    if (!edit && !dealId) dealId = newId();
    const began = form.began();
    const [status, data] = edit
      ? await game.replaceDeal(edit.number, Object.assign(body, { expect: edit.saw }), q)
      : await game.addDeal(Object.assign({}, body, twice ? {} : { expect: began === null ? view().deals : began },
                                         { id: dealId }), q);
    if (status === 200 || status === 201) {
      if (!edit) dealId = "";
      const number = data.number;
      form.reset();
      $("note").value = "";
      $("notation-box").value = "";
      if (!live.apply(data.live)) await live.poll(true);   // this page missed a change
      form.render();
      window.scrollTo(0, 0);   // the next deal starts at the top of the form, with no scroll
      flash(fmt(edit ? W.replaced : data.already ? W.already : W.recorded, number));
      showRedo();
    } else if (status === 409 && data.field === "deals" && !edit) {
      // another phone recorded meanwhile: the same deal twice, or a second one?
      await live.poll(true);
      busy = false;
      if (window.confirm(fmt(W.also, view().deals))) return await record(body, errorAt, true);
      form.beginAt(view().deals);   // asked and seen: a second Record asks no more
      flash(W.changed, true);
    } else if (status === 409 && data.field === "deals") {
      await live.poll(true);
      showError(data, errorAt);
      flash(W.changed, true);
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
  const d = form.deal();
  if (d.missing) {
    showError({ error: d.missing.word + "?", field: d.missing.key });
    return;
  }
  record({ deal: d.deal });
});
$("notation-add").addEventListener("click", () => {
  const text = $("notation-box").value.trim();
  if (text) record({ deal: text }, $("notation-error"));
});
$("notation-box").addEventListener("keydown", (e) => { if (e.key === "Enter") $("notation-add").click(); });
$("cancel-edit").addEventListener("click", () => { form.reset(); clearErrors(); form.render(); });
$("notation-box").addEventListener("input", () => { if (form.began() === null) form.beginAt(view().deals); });
$("undo").addEventListener("click", async () => {
  if (!view().deals) return;
  const b = $("undo");
  if (Date.now() - undoArmed > 10000) {   // a second tap confirms: no dialog to dismiss
    undoArmed = Date.now();
    undoSaw = view().deals;
    b.textContent = fmt(W.undo_q, undoSaw);
    b.classList.add("armed");
    clearTimeout(undoTimer);   // 10 s: time to read "Drop deal N?" and look at the sheet
    undoTimer = setTimeout(() => { b.textContent = W.undo; b.classList.remove("armed"); }, 10000);
    return;
  }
  undoArmed = 0;
  b.textContent = W.undo;
  b.classList.remove("armed");
  live.outdate();
  // the count the question named, not the one a poll brought in since: a deal
  // recorded meanwhile on another phone is not the one the player meant to drop
  const [status, data] = await game.dropLast({ expect: undoSaw });
  if (status === 200) {
    flash(fmt(W.dropped, data.number));
    undone = { number: data.number, deal: data.deal };
  }
  else if (status === 409) flash(W.not_dropped, true);
  else flash(data.message || data.error, true);
  await live.poll(true);
  showRedo();
});
$("redo").addEventListener("click", async () => {
  showRedo();
  if ($("redo").hidden) return;    // the game moved on since: nothing to put back
  const deal = undone.deal;
  undone = null;
  await record({ deal });
  showRedo();
});

// one tap on a name in the strip chooses who deals first (before the first deal only)
$("strip").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-first]");
  if (!b || !live.chooseFirst(b.dataset.first)) return;
  form.render();
  live.poll(true);   // the sheet and its "next dealer" drawn with the chosen one
});
$("live-deals").addEventListener("click", (e) => {
  const b = e.target.closest("button.edit");
  if (!b) return;
  form.startEdit({ number: +b.dataset.number, active: JSON.parse(b.dataset.active), dealer: b.dataset.dealer,
                   saw: view().deals },   // the game as it was when the edit began
                 JSON.parse(b.dataset.deal));
  clearErrors();
  $("notation-box").value = b.dataset.notation;
  form.render();
  $("entry").scrollIntoView();
});
for (const n of F.notation) {
  $("notation-help").append(el("li", {}, el("code", {}, n.text), " — " + n.word));
}

// "End the evening here": two taps, as undo; an ended game may go on (reopen)
let endArmed = 0;
function showEnd() {
  $("end").hidden = !!view().finished || !view().deals;
  $("reopen").hidden = !view().ended;
}
$("end").addEventListener("click", async () => {
  const b = $("end");
  if (Date.now() - endArmed > 10000) {
    endArmed = Date.now();
    b.textContent = W.end_q;
    b.classList.add("armed");
    setTimeout(() => { b.textContent = W.end; b.classList.remove("armed"); }, 10000);
    return;
  }
  endArmed = 0;
  b.textContent = W.end;
  b.classList.remove("armed");
  live.outdate();
  const [status, data] = await game.end({ expect: view().deals });
  if (status === 200) flash(W.ended);
  else flash(status === 409 && data.field === "deals" ? W.changed : data.error, true);
  await live.poll(true);
  showEnd();
});
$("reopen").addEventListener("click", async () => {
  live.outdate();
  const [status, data] = await game.end({ reopen: true });
  flash(status === 200 ? W.reopened : data.error, status !== 200);
  await live.poll(true);
  showEnd();
});
$("settings-save").addEventListener("click", async () => {
  const err = $("settings-error");
  err.hidden = true;
  live.outdate();
  const [status, data] = await game.settings({
    title: $("set-title").value.trim() || null, stake: $("set-stake").value.trim() || null,
    preset: $("set-preset").value, rules: $("set-rules").value, expect: view().deals });
  if (status === 200) {
    flash(W.saved);
  } else {
    err.textContent = data.error;
    err.hidden = false;
    flash("");
  }
  await live.poll(true);
});

// a "recorded" message goes once the next deal is begun (an error stays until mended)
$("form").addEventListener("click", () => {
  if (!$("flash").classList.contains("error")) flash("");
});

// every new state of the game (ours or another phone's) redraws what follows it:
// another phone's deal since an undo takes the offer to put it back away
live.onView(form.follow);
live.onView(() => { showEnd(); showRedo(); });
live.start();
showEnd();
showRedo();
form.follow(null);   // the deal the game says is due, preset; the form drawn
// what is under the strip is shown once the form is drawn: nothing seen moves (issue 36: the
// sheet slid down when the form arrived on a slow phone)
document.querySelector("main").classList.remove("drawing");
