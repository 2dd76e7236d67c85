// A file the games list shows read-only (a sync tool's conflict copy): its removal, the
// only change the scorepad makes to it, after the box is ticked (the API checks the name).
import { send } from "./api.js";
import { $, say } from "./dom.js";

const form = $("remove-file");
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  if (!$("remove-sure").checked) return;
  const file = form.dataset.file;
  $("remove-button").disabled = true;
  const [status, data] = await send("DELETE", "/api/files?name=" + encodeURIComponent(file),
                                    { confirm: file });
  if (status === 204) {
    $("remove-done").hidden = false;
    $("remove-error").hidden = true;
    $("remove-button").hidden = true;
  } else {
    say($("remove-error"), (data && (data.message || data.error)) || String(status));
    $("remove-button").disabled = false;
  }
});
