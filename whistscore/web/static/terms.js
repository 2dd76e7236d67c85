// A players' term on a page (a button the server wrote, with the game's one-line
// explanation in data-line) opens that line beneath it at a tap, and closes it at the next:
// a thumb, not a hover.  The words are the server's; nothing here writes one.
function toggle(button) {
  const next = button.nextElementSibling;
  if (next && next.classList.contains("term-line")) {
    next.remove();
    button.setAttribute("aria-expanded", "false");
    return;
  }
  const line = document.createElement("span");
  line.className = "term-line";
  line.setAttribute("role", "note");
  line.textContent = button.dataset.line;
  button.after(line);
  button.setAttribute("aria-expanded", "true");
}

// a line that was open before its text was drawn again (the deal form redraws at each tap)
export function openTerm(button) {
  const next = button.nextElementSibling;
  if (!(next && next.classList.contains("term-line"))) toggle(button);
}

if (!window.__wsTerms) {
  window.__wsTerms = true;
  document.addEventListener("click", (e) => {
    const button = e.target.closest && e.target.closest("button.term");
    if (!button || !button.dataset.line) return;
    e.preventDefault();
    toggle(button);
  });
}
