// A change of the table's live view applied where it is drawn (web/delta.py says how it is
// made): each splice [path, a, b, n, html] replaces, in the element reached from the part's
// container by `path` (indexes among its element children), the nodes from the text before
// child a through child b - 1 by `html`, parsed as that element's content.  The HTML is the
// app's own, from its escaping templates.  Used by live.js on the table page and by the
// pocket site on its kept page (pocket.js), so both draw the same tree.

// false (or a RangeError) when the tree is not the one the splices were made for
export function splice(root, ops) {
  const targets = [];
  for (const [path, a, b, n] of ops) {   // checked first: the page holds the tree meant
    let node = root;
    for (const i of path) { node = node && node.children[i]; }
    if (!node || a > b || b > n) return false;
    targets.push(node);
  }
  ops.forEach(([, a, b, n, html], k) => {
    const node = targets[k];
    const kids = node.children;
    if (kids.length !== n) throw new RangeError(kids.length + "/" + n);   // another tree
    const start = a === 0 ? node.firstChild : kids[a - 1].nextSibling;
    const end = b > a ? kids[b - 1].nextSibling : start;
    for (let x = start; x !== end;) { const next = x.nextSibling; x.remove(); x = next; }
    const range = node.ownerDocument.createRange();
    range.selectNodeContents(node);
    node.insertBefore(range.createContextualFragment(html), end);
  });
  return true;
}

// The live view `next` taken into the parts drawn (`parts`: the live view's part name ->
// its container) over the view `held`: whole parts set, changed ones spliced.  The state to
// keep, or null when `next` is a change of another view than `held`, or does not fit the
// tree (then the whole view must be asked).
export function take(parts, held, next) {
  if (next.since !== undefined && (!held || held.stamp !== next.since)) return null;
  const ops = next.ops || {};
  for (const [part, el] of Object.entries(parts)) {
    if (!el) continue;
    if (typeof next[part] === "string") el.innerHTML = next[part];
    else if (ops[part]) {
      try { if (!splice(el, ops[part])) return null; } catch (e) { return null; }
    }
  }
  const state = Object.assign({}, next);
  for (const part of ["html", "deals_html", "strip_html", "ops", "since"]) delete state[part];
  return state;
}
