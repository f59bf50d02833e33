{% load i18n %}{% get_current_language as LANGUAGE_CODE %}// The service worker (scorekeeper/pwa.py serves it at /sw.js): the app opens without a connection.
// Static files come from a cache filled at install; pages come from the network, and when it is
// gone or slow, or the server answers with an error of its own (5xx: its database down, say), from
// the copy kept of each match page (offline.js keeps it up to date as the sheet changes). Deals are never posted from here: offline.js keeps them until the network is back.
"use strict";

const VERSION = "{{ version|escapejs }}";
const STATIC_CACHE = "scorekeeper-static-" + VERSION;
const PAGES_CACHE = "scorekeeper-pages";  // the same name as in offline.js
const STATIC_PREFIX = "{{ static_prefix|escapejs }}";
const PRECACHE = [{% for url in precache %}
  "{{ url|escapejs }}",{% endfor %}
];
// Pages worth keeping for a table without Wi-Fi: the list of matches and each match's sheet.
const KEPT_PAGE = /^\/matches\/(\d+\/)?$/;
const NETWORK_WAIT = 5000;  // ms before a page falls back to its kept copy
// A kept page is also written by offline.js, as the sheet changes. Each copy says which version of
// the match it shows and when that was current; under one lock, a copy never replaces a newer one
// (a page as first served, written late, must not undo the sheet kept since).
const PAGES_LOCK = "scorekeeper-pages";  // the same name as in offline.js
const KEPT_VERSION = "X-Sheet-Version";
const KEPT_AT = "X-Sheet-At";
// Whose a kept page is: the session that opened it (base.html's <html data-owner>). A page of one
// session makes the copies of any other go (offline.js does the same as each page opens), and only
// copies of the session of the last page from the server are served (OWNER_CACHE keeps whose it was).
const KEPT_OWNER = "X-Sheet-Owner";
const OWNER_TAG = /<html\s[^>]*\bdata-owner="([^"]+)"/;
const OWNER_CACHE = "scorekeeper-owner";
const OWNER_KEY = "/sw-owner";
const POLICY = "{{ policy|escapejs }}";  // the pages' Content-Security-Policy
const LIVE_TAG = /<div\s[^>]*\bid="live"[^>]*>/;  // the sheet's poll (matches/_poll.html) names its version
const OFFLINE_PAGE = "<!doctype html><html lang=\"{{ LANGUAGE_CODE|escapejs }}\"><head><meta charset=\"utf-8\">" +
  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{{ offline_title|escapejs }}</title>" +
  "<link rel=\"stylesheet\" href=\"{{ stylesheet|escapejs }}\"></head>" +
  "<body><main><h1>{{ offline_title|escapejs }}</h1><p>{{ offline_text|escapejs }}</p>" +
  "<p><a href=\"{{ offline_url|escapejs }}\">{{ offline_link|escapejs }}</a></p></main></body></html>";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(STATIC_CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  // Drop the static files of older versions; kept pages stay.
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names
        .filter((name) => name.startsWith("scorekeeper-static-") && name !== STATIC_CACHE)
        .map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
  );
});

function staticFile(request) {
  return caches.match(request, { cacheName: STATIC_CACHE }).then((hit) => hit || fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(STATIC_CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  }));
}

function keptPage(request) {
  // One copy per page, whatever its query (?holder=… turns the drawing; the page is the same); none
  // of another session than the last page's, however it was left (nothing noted yet: any).
  const copy = caches.match(request.url, { cacheName: PAGES_CACHE, ignoreVary: true, ignoreSearch: true });
  const owner = caches.match(OWNER_KEY, { cacheName: OWNER_CACHE }).then((noted) => (noted ? noted.text() : ""));
  return Promise.all([copy, owner]).then(([kept, whose]) => {
    if (!kept || (whose !== "" && kept.headers.get(KEPT_OWNER) !== whose)) return undefined;
    return served(kept);
  });
}

function served(copy) {
  // The copy, marked for offline.js (<html data-kept>): the page says it is as it was at its time,
  // whatever the network does meanwhile. A copy written by offline.js (the sheet as it changed) has
  // no headers of the server's: served under the pages' policy all the same, no script injected
  // into it could run.
  const headers = new Headers(copy.headers);
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", POLICY);
  return copy.text().then((html) => new Response(html.replace(/<html\b/i, "<html data-kept=\"\""), {
    status: copy.status, statusText: copy.statusText, headers,
  }));
}

function replaces(version, at, kept) {
  // The same rule as in offline.js: the higher version wins; for the same one (or none), the later time.
  if (!kept) return true;
  const keptVersion = kept.headers.get(KEPT_VERSION) || "";
  if (version !== "" && keptVersion !== "" && version !== keptVersion) return Number(version) > Number(keptVersion);
  return at >= (Number(kept.headers.get(KEPT_AT)) || 0);
}

function others(cache, owner) {
  // The copies kept for any session but ``owner``'s go.
  return cache.keys().then((keys) => Promise.all(keys.map((key) => cache.match(key, { ignoreVary: true })
    .then((kept) => (kept && kept.headers.get(KEPT_OWNER) === owner ? undefined : cache.delete(key, { ignoreVary: true }))))));
}

function seen(key, response, keepIt) {
  // A page from the server: whose it is is noted, and a match page (or the list) kept.
  const at = Date.now();  // the page as the server sent it: current now
  return response.text().then((html) => {
    const whose = OWNER_TAG.exec(html);
    if (!whose) return undefined;  // a page of no known session: nothing noted, nothing kept
    const owner = whose[1];
    const noted = caches.open(OWNER_CACHE).then((cache) => cache.put(OWNER_KEY, new Response(owner)));
    return owner === "none" || !keepIt ? noted : noted.then(() => keep(key, response, html, owner, at));
  });
}

function keep(key, response, html, owner, at) {
  const tag = LIVE_TAG.exec(html);
  const found = tag && /\sdata-version="(\d+)"/.exec(tag[0]);
  const version = found ? found[1] : "";
  const write = () => caches.open(PAGES_CACHE).then((cache) => others(cache, owner).then(() => cache.match(key, { ignoreVary: true })).then((kept) => {
    if (!replaces(version, at, kept)) return undefined;
    const headers = new Headers(response.headers);  // the body is read out: its length and encoding go
    headers.delete("Content-Length");
    headers.delete("Content-Encoding");
    headers.set(KEPT_VERSION, version);
    headers.set(KEPT_AT, String(at));
    headers.set(KEPT_OWNER, owner);
    return cache.put(key, new Response(html, { status: response.status, statusText: response.statusText, headers }));
  }));
  return self.navigator.locks ? self.navigator.locks.request(PAGES_LOCK, write) : write();
}

function page(event) {
  const request = event.request;
  const url = new URL(request.url);
  let kept = Promise.resolve();
  const network = fetch(request).then((response) => {
    const html = (response.headers.get("Content-Type") || "").startsWith("text/html");
    // (An error page of the server's says nothing of whose the phone is: it may be drawn without the
    // session it could not read.)
    if (response.type === "basic" && html && !troubled(response)) {
      const keepIt = KEPT_PAGE.test(url.pathname) && response.ok && !response.redirected;
      kept = seen(url.origin + url.pathname, response.clone(), keepIt);
    }
    return response;
  });
  event.waitUntil(network.then(() => kept).catch(() => null));
  const slow = new Promise((resolve, reject) => setTimeout(() => reject(new Error("slow")), NETWORK_WAIT));
  return Promise.race([network, slow]).then((response) => {
    // The server in trouble: the copy kept is worth more than its error page. A 4xx is the server's
    // answer (not allowed, not found, signed out): it is never covered with a copy.
    if (!troubled(response) || !KEPT_PAGE.test(url.pathname)) return response;
    return keptPage(request).then((copy) => copy || response);
  }, () => keptPage(request).then((copy) => {
    if (copy) return copy;
    return network.catch(() => new Response(OFFLINE_PAGE, {
      status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
    }));
  }));
}

function troubled(response) {
  return response.status >= 500;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;  // posts (deals) always go to the network, never replayed here
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (url.pathname.startsWith(STATIC_PREFIX)) {
    event.respondWith(staticFile(request));
  } else if (/\/live\/$/.test(url.pathname)) {
    // The sheet's poll: offline it just finds nothing new, marked so that the page can say it is offline.
    event.respondWith(fetch(request).catch(() => new Response(null, { status: 204, headers: { "X-Offline": "1" } })));
  }
});
