// The new-game form: players in seating order, preset, options; sent as JSON
// through the API module (api.js).  The words come from the server.
import { createGame, send } from "./api.js";
import { $, data, el, fmt, say } from "./dom.js";

const P = data("presets");
const W = data("words");
const form = $("new-game");
const game = $("ng-game");

function players() {
  const g = P[game.value];
  const box = $("ng-players");
  const old = Array.from(box.querySelectorAll("input")).map((i) => i.value);
  box.querySelectorAll("label").forEach((l) => l.remove());
  const n = Math.max(...g.counts);
  for (let i = 0; i < n; i++) {
    // a name as the table says it: 20 characters keep the strip, the buttons and each
    // row's name readable on a 360 px phone (the CLI and the API take up to 64)
    const input = el("input", { name: "player", maxlength: 20, id: "ng-player-" + (i + 1) });
    input.value = old[i] || "";
    const extra = i >= Math.min(...g.counts) ? " (" + W.optional + ")" : "";
    box.insertBefore(el("label", {}, fmt(W.player_n, i + 1) + extra + " ", input), $("ng-first"));
    if (i === 0) input.addEventListener("input", firstDealer);
  }
  firstDealer();
  $("ng-rules").placeholder = g.hint;  // the game's own example, from the server
  $("ng-stake-word").textContent = g.stake;  // the price of the game's unit (a whist's, a point's)
  const preset = $("ng-preset");
  preset.replaceChildren(...g.presets.map((p) => new Option(g.names[p] || p, p, p === g.default, p === g.default)));
}
// the players of earlier games: one tap seats a table that played before (those
// whose count this game allows), and every box suggests the names already known
const E = data("earlier");
document.body.append(el("datalist", { id: "ng-names" }, ...[...new Set(E.flat())].map((n) => new Option(n))));
function earlier() {
  const g = P[game.value];
  const fits = E.filter((t) => g.counts.includes(t.length));
  $("ng-earlier").hidden = !fits.length;
  $("ng-tables").replaceChildren(...fits.map((t) => el("button", { type: "button", onclick: () => {
    $("ng-players").querySelectorAll("input").forEach((input, i) => { input.value = t[i] || ""; });
    firstDealer();
  } }, t.join(", "))));
  for (const input of $("ng-players").querySelectorAll("input")) input.setAttribute("list", "ng-names");
}
// the values players usually agree (a pulya of 10, 20, 30 or 50), as buttons: a tap writes
// "pulya=20" into the options box (replacing the line it wrote before); the preset's own
// value shows pressed until another is chosen.  The game says which options and values.
function usual() {
  const g = P[game.value];
  const box = $("ng-usual");
  box.replaceChildren();
  for (const u of g.usual || []) {
    const line = new RegExp("^\\s*" + u.option + "\\s*=.*$", "m");
    const chosen = () => {
      const m = /=\s*(\S+)/.exec(($("ng-rules").value.match(line) || [""])[0]);
      return m ? m[1] : String(u.presets[$("ng-preset").value]);
    };
    const row = el("div", { class: "choices usual", "data-option": u.option });
    const draw = () => {
      for (const b of row.querySelectorAll("button")) {
        const on = b.dataset.value === chosen();
        b.classList.toggle("on", on);
        b.setAttribute("aria-pressed", on ? "true" : "false");
      }
    };
    for (const v of u.values) {
      row.append(el("button", { type: "button", "data-value": String(v), onclick: () => {
        const rules = $("ng-rules");
        const text = u.option + "=" + v;
        rules.value = line.test(rules.value) ? rules.value.replace(line, text)
          : (rules.value.trim() ? rules.value.trim() + "\n" : "") + text;
        draw();
      } }, String(v)));
    }
    box.append(el("span", { class: "label" }, u.said), row);
    $("ng-preset").addEventListener("change", draw);
    $("ng-rules").addEventListener("input", draw);
    draw();
  }
  box.hidden = !(g.usual || []).length;
}
// who deals first: player 1, as the game file reads it (journal.md); the table page
// lets the players choose another before the first deal
function firstDealer() {
  const p = $("ng-first");
  if (!p || !W.deals_first_new) return;
  const name = ($("ng-player-1") || {}).value || "";
  p.textContent = fmt(W.deals_first_new, name.trim() || "…");
}
game.addEventListener("change", () => { players(); earlier(); usual(); });
players();
earlier();
usual();

// A name ready to go (today's date, -2, -3... if taken): Create works with players alone.
const taken = new Set(Array.from(document.querySelectorAll(".games li a b"), (b) => b.textContent));
const d = new Date(), two = (n) => String(n).padStart(2, "0");
const today = d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate());
let fresh = today;
for (let i = 2; taken.has(fresh); i++) fresh = today + "-" + i;
if (!$("ng-name").value) $("ng-name").value = fresh;

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  const f = new FormData(form);
  const body = {
    name: f.get("name"), game: f.get("game"), preset: f.get("preset"),
    players: f.getAll("player").map((s) => s.trim()).filter((s) => s),
    rules: f.get("rules"), stake: f.get("stake").trim() || null,
    currency: f.get("currency").trim() || null, title: f.get("title").trim() || null,
  };
  const [status, data] = await createGame(body);
  if (status === 201) {
    const to = "/g/" + encodeURIComponent(body.name);
    // the pocket site moves between pages inside itself (whistscore/pocket/site/pocket.js)
    if (window.whistscorePocket) window.whistscorePocket.go(to); else location.href = to;
    return;
  }
  say($("ng-error"), data.error);
});

// Delete a game: a second tap within ten seconds confirms (as undo); the file is kept as
// NAME.json.deleted beside the games, so it can be put back by renaming it.
for (const b of document.querySelectorAll(".games button.delete")) {
  let armed = 0;
  b.addEventListener("click", async () => {
    if (Date.now() - armed > 10000) {
      armed = Date.now();
      b.textContent = fmt(W.delete_q, b.dataset.name);
      b.classList.add("armed");
      setTimeout(() => { b.textContent = W.delete; b.classList.remove("armed"); }, 10000);
      return;
    }
    const [status, data] = await send("DELETE", "/api/games/" + encodeURIComponent(b.dataset.name),
                                      { expect: +b.dataset.deals });
    if (status === 200) { b.closest("li").remove(); return; }
    b.textContent = data.message || data.error;
  });
}
