// A players' term on a page (a button the server wrote, with the game's one-line
// explanation in data-line) opens that line beneath it at a tap, and closes it at the next:
// a thumb, not a hover.  The words are the server's; nothing here writes one.
//
// Every page runs this once (base.html); the pocket site runs it again for each page it
// draws, into a new <main>: the listener lives on that page's <main>, so it ends with it
// and no flag on window is needed to keep it single.
import { toggleTerm } from "./termline.js";

document.querySelector("main").addEventListener("click", (e) => {
  const button = e.target.closest && e.target.closest("button.term");
  if (!button || !button.dataset.line) return;
  e.preventDefault();
  toggleTerm(button);
});
