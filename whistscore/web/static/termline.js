// A players' term's one-line explanation (a button the server wrote, with the game's line
// in data-line), opened beneath the button and closed again.  No listener and no state:
// terms.js calls toggleTerm at a tap, the deal form openTerm when it redraws an open one.
import { el } from "./dom.js";

export function toggleTerm(button) {
  const next = button.nextElementSibling;
  if (next && next.classList.contains("term-line")) {
    next.remove();
    button.setAttribute("aria-expanded", "false");
    return;
  }
  button.after(el("span", { class: "term-line", role: "note" }, button.dataset.line));
  button.setAttribute("aria-expanded", "true");
}

// a line that was open before its text was drawn again (the deal form redraws at each tap)
export function openTerm(button) {
  const next = button.nextElementSibling;
  if (!(next && next.classList.contains("term-line"))) toggleTerm(button);
}
