// A term's one-line explanation (its button's data-line) opened beneath it, or closed.
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
