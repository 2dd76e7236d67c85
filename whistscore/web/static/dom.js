// The DOM helpers of every page script, once (no state here).
export const $ = (id) => document.getElementById(id);
export const fmt = (s, ...a) => s.replace(/\{(\d)\}/g, (_, i) => a[+i]);

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

// a <script type="application/json"> block of the page
export const data = (id) => JSON.parse($(id).textContent);
