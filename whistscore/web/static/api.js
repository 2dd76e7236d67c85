// The scorepad's JSON API (docs/serve.md) as the page calls it.
//
// Every call goes through one function, `transport(method, url, body)`, which
// answers [status, data]: here it is fetch() to the server.  A page run with
// the engine inside the browser (the pocket scorepad) swaps it, with
// useTransport(), for one that answers the same from Python in a worker: the
// rest of the page does not know the difference.

// fetch() to the scorepad that served this page; a network failure rejects
async function http(method, url, body) {
  const meta = document.querySelector('meta[name="whistscore-token"]');
  const r = await fetch(url, {
    method, credentials: "same-origin", cache: "no-store",
    headers: { "Content-Type": "application/json", "X-Whistscore-Token": meta ? meta.content : "" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (r.status === 204) return [204, null];
  let data = null;
  try { data = await r.json(); } catch (e) { data = { error: r.status + " " + r.statusText }; }
  return [r.status, data];
}

let transport = http;

// Another way to reach the same API: fn(method, url, body) -> Promise<[status, data]>
export function useTransport(fn) { transport = fn; }

export function send(method, url, body) { return transport(method, url, body); }

export function createGame(body) { return send("POST", "/api/games", body); }

// The calls about one game; `query` is the answer's options ("?view=1&lang=ru…")
export function gameApi(name) {
  const api = "/api/games/" + encodeURIComponent(name);
  return {
    addDeal: (body, query) => send("POST", api + "/deals" + query, body),
    replaceDeal: (number, body, query) => send("PUT", api + "/deals/" + number + query, body),
    dropLast: (body) => send("DELETE", api + "/deals/last", body),
    // the rules, stake, title: {preset, rules: "name=value" lines, stake, title, expect}
    settings: (body) => send("PUT", api + "/settings", body),
    // "end the evening here": {expect}; {reopen: true} takes it back
    end: (body) => send("POST", api + "/end", body),
    // the table's live view: [204, null] while the game is still `stamp`
    live: (query) => send("GET", "/g/" + encodeURIComponent(name) + "/live" + query),
  };
}
