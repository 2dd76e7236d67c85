// The table page kept live: the sheet, the balance and the deals as the server
// draws them, redrawn when a deal lands here, on another phone or from the
// command line (asked once a second; the server answers 204 while the game is
// unchanged).  The HTML comes from the server's escaping templates.
// The live view and the first dealer chosen are this module's: read with view() and
// first(), changed by apply() and chooseFirst(), followed with onView().

import { $, say } from "./dom.js";
import { take } from "./splice.js";

export function flash(text, bad) {
  const p = $("flash");
  say(p, text);
  p.className = bad ? "flash error" : "flash";
}

// busy(): a write of ours is under way (no poll meanwhile)
export function createLive(boot, game, W, query, busy) {
  let state = boot;
  let first = null;     // the first dealer tapped in the strip, until the first deal
  let generation = 0;   // a poll answered after a change of ours is stale: dropped
  const followers = [];

  // Before the first deal the strip offers each player as the first dealer (live.firsts:
  // who is active, what the form offers); the one tapped deals until the first deal.
  function seat() {
    const firsts = state.firsts;
    if (!firsts) { first = null; return; }
    if (first && firsts[first]) state = Object.assign({}, state, firsts[first]);
    for (const b of document.querySelectorAll("#strip button[data-first]")) {
      b.setAttribute("aria-pressed", String(b.dataset.first === state.dealer));
    }
  }
  function moved(before) { for (const fn of followers) fn(before); }

  // A live view, whole or said as the change from the one held (splice.js); false when it is
  // a change this page cannot take (it holds another view): the caller asks the whole one.
  function apply(live) {
    if (!live) return true;
    const before = state;
    // rendered by the server's escaping templates
    const next = take({ html: $("live"), deals_html: $("live-deals"), strip_html: $("strip") },
                      state, live);
    if (!next) return false;
    state = next;
    seat();
    moved(before);
    return true;
  }

  // one tap on a name in the strip: that player deals first (false: the game has begun)
  function chooseFirst(name) {
    if (!state.firsts) return false;
    const before = state;
    first = name;
    state = Object.assign({}, state, state.firsts[first]);
    seat();
    moved(before);
    return true;
  }

  // this page's sheet: a poll answered once another page is drawn in its place (the pocket
  // site draws its pages in one document) is dropped, and the polls end with the page
  const sheet = $("live");

  async function poll(force) {
    if (busy() && !force) return;
    const asked = generation;
    try {
      // the first dealer chosen on this page is drawn as such (before the first deal)
      const chosen = first && state.firsts ? "&first=" + encodeURIComponent(first) : "";
      const [status, data] = await game.live(
        query + chosen + (force ? "" : "&stamp=" + encodeURIComponent(state.stamp)));
      if (!sheet.isConnected) return;
      if (status === 200 && (asked === generation || force)) apply(data);
      if ($("flash").textContent === W.offline) flash("");
    } catch (e) {
      flash(W.offline, true);
    }
  }

  return {
    view: () => state,
    first: () => (state.firsts ? first : null),
    apply, chooseFirst, poll,
    // the view this page holds, for a change to be said from (none while a first dealer is
    // being chosen: that view is this page's own)
    since: () => (state.firsts ? "" : "&since=" + encodeURIComponent(state.stamp || "")),
    // a change of ours is on its way: a poll asked before it is stale
    outdate: () => { generation++; },
    onView: (fn) => { followers.push(fn); },
    start: () => {
      const timer = setInterval(() => { if (sheet.isConnected) poll(); else clearInterval(timer); }, 1000);
    },
  };
}
