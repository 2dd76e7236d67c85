// The DOM helpers the page scripts share, written once: an element by id, a new element
// with its attributes and text, a message shown or hidden with its text, a JSON block the
// server wrote into the page.  No state lives here.

export const $ = (id) => document.getElementById(id);

// the server's word with its blanks filled: fmt("Deal {0}", 7)
export const fmt = (s, ...a) => s.replace(/\{(\d)\}/g, (_, i) => a[+i]);

// an element: attributes ("class", "onclick" -> a listener, true -> present), then children
export function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids) e.append(kid);   // text is added as text, never as HTML
  return e;
}

// a message box: this text, shown; no text, hidden
export function say(box, text) {
  box.textContent = text;
  box.hidden = !text;
}

// a <script type="application/json" id=…> block of the page (its words, its game's fields)
export const data = (id) => JSON.parse($(id).textContent);
