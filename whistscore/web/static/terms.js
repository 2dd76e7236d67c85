// A players' term on a page (a button the server wrote, with the game's one-line
// explanation in data-line) opens that line beneath it at a tap, and closes it at the next:
// a thumb, not a hover.  The words are the server's; nothing here writes one.
// The pocket site runs this again for each page, into a new <main>: the listener on
// <main> ends with its page (no flag on window).
import { toggleTerm } from "./termline.js";

document.querySelector("main").addEventListener("click", (e) => {
  const button = e.target.closest && e.target.closest("button.term");
  if (!button || !button.dataset.line) return;
  e.preventDefault();
  toggleTerm(button);
});
