// The table page kept live: the sheet, the balance and the deals as the server
// draws them, redrawn when a deal lands here, on another phone or from the
// command line (asked once a second; the server answers 204 while the game is
// unchanged).  The HTML comes from the server's escaping templates.

import { $ } from "./form.js";

export function flash(text, bad) {
  const p = $("flash");
  p.textContent = text;
  p.className = bad ? "flash error" : "flash";
  p.hidden = !text;
}

// Before the first deal the strip offers each player as the first dealer (the server
// sent, for each, who is active and what the form offers: live.firsts); the one
// tapped (pad.first) is the live view's dealer until the first deal is recorded.
export function chooseFirst(pad) {
  const firsts = pad.state.firsts;
  if (!firsts) { pad.first = null; return; }
  if (pad.first && firsts[pad.first]) pad.state = Object.assign({}, pad.state, firsts[pad.first]);
  for (const b of document.querySelectorAll("#strip button[data-first]")) {
    b.setAttribute("aria-pressed", String(b.dataset.first === pad.state.dealer));
  }
}

// pad: the page's shared state (pad.state, pad.values, pad.edit, pad.busy,
// pad.generation: a poll answered after a change of ours is stale and dropped)
export function createLive(pad, game, form, W, query) {
  function apply(live) {
    if (!live) return;
    const activeBefore = JSON.stringify(pad.state.active);
    $("live").innerHTML = live.html;  // rendered by the server's escaping templates
    $("live-deals").innerHTML = live.deals_html;
    if (live.strip_html !== undefined && $("strip")) $("strip").innerHTML = live.strip_html;
    pad.state = live;
    chooseFirst(pad);
    if (JSON.stringify(pad.state.active) !== activeBefore) form.forgetTricks();
    if (pad.state.due && !pad.edit && !Object.keys(pad.values).length) Object.assign(pad.values, pad.state.due);
    if (form.stale()) form.render();   // a redraw only when the form itself changes
    if (pad.onState) pad.onState();    // the page's own buttons that follow the game
  }

  // this page's sheet: a poll answered once another page is drawn in its place (the pocket
  // site draws its pages in one document) is dropped, and the polls end with the page
  const sheet = $("live");

  async function poll(force) {
    if (pad.busy && !force) return;
    const asked = pad.generation;
    try {
      // the first dealer chosen on this page is drawn as such (before the first deal)
      const first = pad.first && pad.state.firsts ? "&first=" + encodeURIComponent(pad.first) : "";
      const [status, data] = await game.live(
        query + first + (force ? "" : "&stamp=" + encodeURIComponent(pad.state.stamp)));
      if (!sheet.isConnected) return;
      if (status === 200 && (asked === pad.generation || force)) apply(data);
      if ($("flash").textContent === W.offline) flash("");
    } catch (e) {
      flash(W.offline, true);
    }
  }

  function start() {
    const timer = setInterval(() => { if (sheet.isConnected) poll(); else clearInterval(timer); }, 1000);
  }

  return { apply, poll, start };
}
