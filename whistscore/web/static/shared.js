// A pocket game's link on the laptop's scorepad (web/pages/shared.py): the game is in the
// address's fragment (#/s/DATA?n=NAME), which the browser never sends, so this script
// reads it and posts it; the server draws the sheet read-only and keeps the game on a tap.
// On the games list, a pasted link is opened here.
import { send } from "./api.js";
import { $, say } from "./dom.js";


function fragment() {
  const m = /#\/s\/([A-Za-z0-9_-]*)(?:\?n=([^&]*))?/.exec(location.hash);
  return m ? { link: m[1], name: decodeURIComponent(m[2] || "") } : null;
}

function fail(data) {
  say($("shared-error"), (data && (data.message || data.error)) || "?");
}

async function showShared() {
  const got = fragment();
  if (!got) { fail({ message: $("shared-error").dataset.bad || "#/s/" }); return; }
  const [status, data] = await send("POST", "/api/shared/view", { link: got.link });
  if (status !== 200) { fail(data); return; }
  $("shared-sheet").innerHTML = data.html;   // the server's own drawing, escaped there
  $("shared-what").textContent = [got.name, data.players.join(", ")].filter(Boolean).join(" · ");
  if (data.here) {
    const a = $("shared-here").querySelector("a");
    a.textContent = data.here;
    a.href = "/g/" + encodeURIComponent(data.here);
    $("shared-here").hidden = false;
  }
  $("shared-actions").hidden = false;
  for (const [id, where] of [["shared-keep", "/"], ["shared-continue", null]]) {
    $(id).addEventListener("click", async () => {
      const [st, kept] = await send("POST", "/api/shared", got);
      if (st !== 201) { fail(kept); return; }
      location.href = where || "/g/" + encodeURIComponent(kept.name);
    });
  }
}

if ($("shared-sheet")) showShared();

const form = $("open-link");
if (form) {
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("open-link-text").value.trim();
    const i = text.indexOf("#/s/");
    if (i < 0) {
      say($("open-link-error"), $("open-link-error").dataset.bad);
      return;
    }
    location.href = "/s" + text.slice(i);
  });
}
