// Offline use. Registers the service worker (sw.js), says plainly when the phone is offline, and
// keeps a deal saved without a connection on this phone (localStorage, per match) until it can be
// sent: then it is posted with its one-time token, so the server stores it once, however many times
// it arrives. The words come from the data- attributes of #offline-notice (templates/offline_notice.html).
(function () {
  "use strict";

  var notice = document.getElementById("offline-notice");
  if (!notice) return;
  var words = notice.dataset;
  var PAGES_CACHE = "scorekeeper-pages"; // the same name as in sw.js
  var PAGES_LOCK = "scorekeeper-pages"; // held while a kept page is compared and written (sw.js too)
  var KEPT_VERSION = "X-Sheet-Version"; // a kept page's headers: the match version it shows,
  var KEPT_AT = "X-Sheet-At"; // and when (ms) it was last current
  var STORE = "scorekeeper:pending:"; // + a match page's path: the deals kept for it, oldest first
  var USED = "scorekeeper:stored-tokens"; // tokens of deals the server has stored
  // What the phone keeps belongs to the session that made it. Each page says whose it is (base.html's
  // <html data-owner>: "none" without a session); OWNER is whose the kept pages and deals are, and a
  // page of another session clears them before any is shown or sent (claim). A kept page says whose
  // it is in its KEPT_OWNER header (sw.js too).
  var OWNER = "scorekeeper:owner";
  var KEPT_OWNER = "X-Sheet-Owner";
  var owner = document.documentElement.getAttribute("data-owner") || ""; // "": not known, nothing done
  var lastContact = (parseInt(words.rendered, 10) * 1000) || Date.now(); // when the sheet was last current
  var offline = false;
  var sending = false; // one deal at a time, and never the same one twice at once
  var sendingToken = null;
  var sent = []; // numbers of deals kept here and since stored, to say so
  var posted = new WeakMap(); // a request -> the deal form that sent it, and its fields
  var keptOnce = false;
  // A server in trouble (an answer 5xx: its database down, say) or too slow to answer is no answer:
  // the deal is kept as offline, and sent again after a while (Retry-After's, if it says one).
  var DEAL_TIMEOUT = 10000; // ms a deal's post may take (the notice's data-deal-timeout, if set)
  var RETRY_WAIT = 5; // s before a kept deal is sent again after such an answer
  var retryAt = 0;
  var retryTimer = null;

  if ("serviceWorker" in navigator && words.sw) {
    navigator.serviceWorker.register(words.sw, { scope: "/" }).catch(function () {});
  }

  // -- Words ---------------------------------------------------------------------------------
  function fill(text, values) {
    return (text || "").replace(/\{(\w+)\}/g, function (all, key) { return key in values ? values[key] : all; });
  }
  function clock(ms) {
    return new Date(ms).toLocaleTimeString(document.documentElement.lang || [], { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  }

  // -- Offline or not ------------------------------------------------------------------------
  function say() {
    var text = "";
    if (offline) text = fill(document.getElementById("sheet") ? words.sheet : words.page, { time: clock(lastContact) });
    if (notice.textContent !== text) notice.textContent = text;
    document.documentElement.classList.toggle("is-offline", offline);
  }
  function goneOffline() {
    if (!offline) { offline = true; say(); }
  }
  function reached() {
    // The server answered: the sheet is current as of now.
    lastContact = Date.now();
    if (offline) { offline = false; say(); }
    if (!keptOnce) { keptOnce = true; keepPage(); }
    flush();
  }

  // -- The deals kept on this phone ----------------------------------------------------------
  function load(path) {
    try { return JSON.parse(localStorage.getItem(STORE + path)) || []; } catch (e) { return []; }
  }
  function store(path, list) {
    try {
      if (list.length) localStorage.setItem(STORE + path, JSON.stringify(list));
      else localStorage.removeItem(STORE + path);
      return true;
    } catch (e) {
      return false; // storage full or forbidden: the deal stays in its form (see keep)
    }
  }
  // -- Whose it is ----------------------------------------------------------------------------
  function keptFor() {
    try { return localStorage.getItem(OWNER); } catch (e) { return null; }
  }
  function mine() { return owner !== "" && keptFor() === owner; }
  // The session ``now`` holds the phone: what another kept goes (the deals at once, the pages as the
  // cache answers), and what is kept from now on is its own. (Nothing recorded yet, as before this
  // was done: the deals stay, the session's own.)
  function claim(now) {
    var was = keptFor();
    try {
      if (was !== now && was !== null) {
        Object.keys(localStorage).forEach(function (key) { if (key.indexOf(STORE) === 0) localStorage.removeItem(key); });
        localStorage.removeItem(USED);
        sent = [];
      }
      localStorage.setItem(OWNER, now);
    } catch (e) { /* storage forbidden: nothing was kept in it */ }
    if (!window.caches) return;
    var clear = function () {
      return caches.open(PAGES_CACHE).then(function (cache) {
        return cache.keys().then(function (keys) {
          return Promise.all(keys.map(function (key) {
            return cache.match(key, { ignoreVary: true }).then(function (kept) {
              if (!kept || kept.headers.get(KEPT_OWNER) !== now) return cache.delete(key, { ignoreVary: true });
            });
          }));
        });
      });
    };
    var job = navigator.locks && navigator.locks.request ? navigator.locks.request(PAGES_LOCK, clear) : clear();
    Promise.resolve(job).catch(function () {});
  }
  // A page the server sent after this one says whose the phone is now: another session's, this
  // page's deals are not to be sent (the next page would clear them: done now).
  function ownerChanged(doc) {
    var now = doc.documentElement.getAttribute("data-owner") || "";
    if (now === "" || now === owner) return false;
    claim(now);
    render();
    return true;
  }

  function storedTokens() {
    try { return JSON.parse(localStorage.getItem(USED)) || []; } catch (e) { return []; }
  }
  function markStored(token) {
    if (!token) return;
    var tokens = storedTokens().filter(function (t) { return t !== token; });
    tokens.push(token);
    try { localStorage.setItem(USED, JSON.stringify(tokens.slice(-100))); } catch (e) { /* see store */ }
  }
  function valueOf(fields, name) {
    for (var i = 0; i < fields.length; i++) if (fields[i][0] === name) return fields[i][1];
    return "";
  }
  function newToken() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 15) | 64; b[8] = (b[8] & 63) | 128;
    var h = Array.from(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
    return [h.slice(0, 8), h.slice(8, 12), h.slice(12, 16), h.slice(16, 20), h.slice(20)].join("-");
  }
  function matchPath(url) { return url.replace(/deals\/$/, ""); }
  function isDealForm(elt) { return !!elt && elt.id === "deal-form" && elt.hasAttribute("hx-post"); }
  function dealTimeout() { return parseInt(words.dealTimeout, 10) || DEAL_TIMEOUT; }
  function inTrouble(status) { return status >= 500; }
  // No kept deal is sent before ``seconds`` (a server that just failed is given time), then they are.
  function retryLater(seconds) {
    var wait = Math.min(Math.max(seconds || RETRY_WAIT, 1), 60) * 1000;
    retryAt = Date.now() + wait;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(function () { retryAt = 0; flush(); }, wait);
  }
  function retryNow() { retryAt = 0; clearTimeout(retryTimer); }

  function fieldsOf(form, submitter) {
    var fields = [];
    new FormData(form).forEach(function (value, name) { if (typeof value === "string") fields.push([name, value]); });
    if (submitter && submitter.name) fields.push([submitter.name, submitter.value]);
    return fields;
  }
  // What a deal says, in the words of its form and in its order: each player's points (or, Busca by
  // its top, their points each) and what is tapped in each group ("Who pays: Bruno").
  function whatWasEntered(form) {
    var said = Array.from(form.querySelectorAll(".player-row, .top-row, fieldset")).map(function (part) {
      if (part.tagName !== "FIELDSET") {
        var who = part.querySelector(".who");
        var points = part.querySelector("input.points");
        if (!who || !points || points.value === "") return "";
        return (who.firstChild ? who.firstChild.textContent : who.textContent).trim() + " " + points.value;
      }
      var legend = part.querySelector("legend");
      var picked = Array.from(part.querySelectorAll("input:checked")).filter(function (el) { return el.value !== ""; })
        .map(function (el) { return el.closest("label") ? el.closest("label").textContent.trim() : el.value; });
      return legend && picked.length ? legend.textContent.trim() + ": " + picked.join(", ") : "";
    });
    return said.filter(Boolean).join(" · ");
  }

  // Keep the deal a form posted (or would have). Only once it is safely kept does the form move on.
  function keep(form, fields) {
    if (valueOf(fields, "preview")) return; // judging the hands stores nothing: it needs the server
    var path = matchPath(form.getAttribute("hx-post"));
    var token = valueOf(fields, "token");
    if (!token || storedTokens().indexOf(token) >= 0) {
      // A form older than the sheet (a copy from before its deal was stored): under a new token the
      // server checks the deal number instead, and says plainly if that deal was entered meanwhile.
      token = newToken();
      fields = fields.filter(function (f) { return f[0] !== "token"; }).concat([["token", token]]);
      var input = form.querySelector("input[name=token]");
      if (input) input.value = token;
    }
    var list = load(path);
    var entry = {
      url: form.getAttribute("hx-post"), token: token, number: valueOf(fields, "number"), fields: fields,
      what: whatWasEntered(form), state: "waiting", at: Date.now(), owner: owner,
    };
    var at = list.findIndex(function (e) { return e.token === token; });
    if (at >= 0) list[at] = entry; else list.push(entry); // saved again offline: the newer wins
    if (store(path, list)) prepareNext(form, lastNumber(list) + 1);
    render();
  }

  function forget(path, token, number) {
    // Stored: the phone keeps it no more (saved as ``number``: after a refusal, maybe not its first one).
    var list = load(path);
    var kept = list.filter(function (e) { return e.token !== token; });
    if (kept.length !== list.length) {
      sent.push(number || list.find(function (e) { return e.token === token; }).number);
      store(path, kept);
    }
  }
  // ``status``: what the server said, an error's status or a refusal's message (kept: the form that
  // showed the message may be gone, the page reloaded).
  function mark(path, token, state, status) {
    var list = load(path);
    list.forEach(function (e) { if (e.token === token) { e.state = state; e.status = status || ""; } });
    store(path, list);
  }

  // What the server answered a deal with: refused (its message is in the entry form), or stored.
  function parse(html) { return new DOMParser().parseFromString(html, "text/html"); }
  function refusedIn(doc) { return !!doc.querySelector("#entry .error, #entry [role=alert]"); }
  function refusalIn(doc) {
    var message = doc.querySelector("#entry .error, #entry [role=alert]");
    return message ? message.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["x-csrftoken"] || ""; } catch (e) { return ""; }
  }
  function freshCsrf() {
    // The page kept offline may be older than the session's token: read it again from the server.
    // Resolves to false if the phone is another session's now (its token is not to be used).
    return fetch(location.pathname, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var doc = parse(html);
        if (ownerChanged(doc)) return false;
        var headers = doc.body.getAttribute("hx-headers");
        if (headers) document.body.setAttribute("hx-headers", headers);
        return true;
      })
      .catch(function () { return true; });
  }

  function showSheet(html, refused) {
    var sheet = document.getElementById("sheet");
    if (!sheet) return;
    // A deal being typed meanwhile (the next one) goes over into the new sheet's form.
    var typing = !refused && typedIn(document.getElementById("deal-form"));
    if (window.htmx && htmx.swap) htmx.swap(sheet, html, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 20 });
    else sheet.outerHTML = html;
    var form = document.getElementById("deal-form");
    if (isDealForm(form)) {
      remember(form);
      if (typing) fillForm(form, typing, ["dealer"]);
    }
  }

  // Post one kept deal as its form would have; resolves to true if the next one may follow.
  function send(path, entry, retried) {
    if (!mine() || (entry.owner && entry.owner !== owner)) return Promise.resolve(false); // another session's
    var csrf = csrfToken();
    var body = new URLSearchParams();
    entry.fields.forEach(function (f) { if (f[0] !== "csrfmiddlewaretoken") body.append(f[0], f[1]); });
    body.append("csrfmiddlewaretoken", csrf);
    var abort = window.AbortController ? new AbortController() : null;
    var timer = abort && setTimeout(function () { abort.abort(); }, dealTimeout());
    return fetch(entry.url, {
      method: "POST", body: body, credentials: "same-origin", signal: abort ? abort.signal : undefined,
      headers: { "HX-Request": "true", "HX-Target": "sheet", "X-CSRFToken": csrf },
    }).then(function (response) {
      clearTimeout(timer);
      if (inTrouble(response.status)) {
        // The server could not store it now (maybe it did: the token says so next time): it waits.
        goneOffline();
        retryLater(parseInt(response.headers.get("Retry-After"), 10));
        return false;
      }
      if (response.status === 403 && !retried) {
        return freshCsrf().then(function (same) { return same && send(path, entry, true); });
      }
      return response.text().then(function (html) {
        var doc = parse(html);
        if (ownerChanged(doc)) return false; // the session ended (sent to log in): the deals go with it
        if (!response.ok || response.redirected || !doc.getElementById("sheet")) {
          mark(path, entry.token, "failed", String(response.status));
          return false;
        }
        var refused = refusedIn(doc);
        if (refused) mark(path, entry.token, "refused", refusalIn(doc));
        else { markStored(entry.token); forget(path, entry.token); }
        lastContact = Date.now();
        if (offline) { offline = false; say(); }
        showSheet(html, refused); // the server's sheet: the deal in it, or its message over what was typed
        return !refused;
      });
    }, function () {
      clearTimeout(timer);
      goneOffline(); // still no connection (or no answer in time): the deal stays, waiting
      retryLater();
      return false;
    });
  }

  function firstWaiting(path) {
    var first = load(path)[0]; // in order: a deal refused or failed holds back the ones after it
    return first && first.state === "waiting" ? first : null;
  }
  function flush() {
    if (sending || navigator.onLine === false || Date.now() < retryAt || !document.getElementById("sheet") || !mine()) return;
    var path = location.pathname;
    if (!firstWaiting(path)) return;
    sending = true;
    var run = function () {
      var next = firstWaiting(path); // read again: another tab of this match may have sent it
      if (!next) return Promise.resolve(false);
      sendingToken = next.token;
      render();
      return send(path, next);
    };
    var job = navigator.locks && navigator.locks.request ? navigator.locks.request("scorekeeper-pending", run) : run();
    Promise.resolve(job).then(function (more) { return more; }, function () { return false; }).then(function (more) {
      sending = false;
      sendingToken = null;
      render();
      if (more) flush();
    });
  }

  // Fill a form with fields as posted (the token, number and ``skip`` stay the form's own).
  function fillForm(form, fields, skip) {
    var values = {};
    fields.forEach(function (f) { (values[f[0]] = values[f[0]] || []).push(f[1]); });
    skip = ["csrfmiddlewaretoken", "number", "token", "preview"].concat(skip || []);
    Object.keys(values).forEach(function (name) {
      if (skip.indexOf(name) >= 0) return;
      form.querySelectorAll('[name="' + CSS.escape(name) + '"]').forEach(function (el, i) {
        if (el.disabled) return;
        if (el.type === "radio" || el.type === "checkbox") el.checked = values[name].indexOf(el.value) >= 0;
        else if (i < values[name].length) el.value = values[name][i];
        if (el.classList.contains("points")) { delete el.dataset.auto; el.dataset.touched = "1"; }
        el.dispatchEvent(new Event("change", { bubbles: true }));
      });
    });
    var points = form.querySelector("input.points");
    if (points) points.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // A refused deal, back in the entry form: saved from there, it is this deal (its token), never a copy.
  function putBack(entry) {
    var form = document.getElementById("deal-form");
    if (!isDealForm(form)) return;
    fillForm(form, entry.fields, entry.state === "refused" ? ["dealer"] : []);
    var token = form.querySelector("input[name=token]");
    if (token) token.value = entry.token;
  }

  // What a form held before anyone typed in it: to empty it for the next deal, and to tell typing.
  var blank = new WeakMap();
  function remember(form) {
    if (isDealForm(form) && !blank.has(form)) blank.set(form, fieldsOf(form));
  }
  function typedIn(form) {
    var before = blank.get(form);
    if (!before) return null;
    var ignore = ["csrfmiddlewaretoken", "number", "token", "dealer"];
    var now = fieldsOf(form);
    var changed = now.some(function (f, i) {
      return ignore.indexOf(f[0]) < 0 && (!before[i] || before[i][0] !== f[0] || before[i][1] !== f[1]);
    });
    return changed || now.length !== before.length ? now : null;
  }

  // The deal just kept: the form, emptied, takes the next one, as after a deal saved online. Its
  // dealer is left to the rules (the server knows who deals next); the rest is as for any deal.
  function prepareNext(form, number) {
    var numberInput = form.querySelector("input[name=number]");
    var token = form.querySelector("input[name=token]");
    if (!numberInput || !token) return;
    var was = numberInput.value;
    form.reset();
    var before = blank.get(form) || [];
    before.forEach(function (f) {
      var el = form.querySelector('input[type=hidden][name="' + CSS.escape(f[0]) + '"]');
      if (el && f[0] !== "token" && f[0] !== "number") el.value = f[1];
    });
    numberInput.value = String(number);
    token.value = newToken();
    var renumber = new RegExp("\\b" + was + "\\b");
    [form.querySelector("h2"), form.querySelector("button.primary[type=submit]")].forEach(function (el) {
      if (el) el.textContent = el.textContent.replace(renumber, String(number));
    });
    var dealer = form.querySelector("[name=dealer]");
    if (dealer) {
      dealer.disabled = true; // not sent: the server's rules choose
      var choice = dealer.closest("details");
      if (choice) choice.hidden = true;
    }
    form.querySelectorAll("p.next, .who .badge, .error, [role=alert]").forEach(function (el) { el.hidden = true; });
    form.querySelectorAll(".invalid").forEach(function (el) { el.classList.remove("invalid"); });
    form.querySelectorAll("input.points").forEach(function (el) { delete el.dataset.auto; delete el.dataset.touched; });
    delete form.dataset.covers;
    form.dispatchEvent(new Event("change", { bubbles: true })); // entry.js counts again
    blank.set(form, fieldsOf(form));
  }
  function lastNumber(list) {
    return list.reduce(function (n, e) { return Math.max(n, parseInt(e.number, 10) || 0); }, 0);
  }

  function button(action, token, label) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "small";
    b.dataset.pending = action;
    b.dataset.token = token;
    b.textContent = label;
    return b;
  }
  function item(state, text, what) {
    var li = document.createElement("li");
    li.className = "pending " + state;
    var p = document.createElement("p");
    p.textContent = text;
    li.appendChild(p);
    if (what) {
      var w = document.createElement("p");
      w.className = "what";
      w.textContent = what;
      li.appendChild(w);
    }
    return li;
  }
  // The kept deals, just above the entry form.
  function render() {
    var sheet = document.getElementById("sheet");
    var box = document.getElementById("pending-deals");
    var list = sheet ? load(location.pathname) : [];
    if (!list.length && !sent.length) { if (box) box.remove(); return; }
    if (!box) {
      box = document.createElement("section");
      box.id = "pending-deals";
      box.className = "pending-deals";
      var entry = document.getElementById("entry");
      if (entry && entry.parentNode) entry.parentNode.insertBefore(box, entry); else sheet.appendChild(box);
    }
    box.setAttribute("aria-label", words.pendingTitle);
    var items = document.createElement("ul");
    sent.forEach(function (n) { items.appendChild(item("sent", fill(words.sent, { n: n }), "")); });
    list.forEach(function (e) {
      var state = e.token === sendingToken ? "sending" : e.state;
      var text = fill(words[state === "failed" ? "error" : state], { n: e.number, status: e.status || "" });
      var li = item(state, text, e.what);
      if (state !== "sending") {
        var actions = document.createElement("p");
        actions.className = "actions";
        if (state === "refused") actions.appendChild(button("put-back", e.token, words.putBack));
        if (state === "failed") actions.appendChild(button("retry", e.token, words.retry));
        actions.appendChild(button("drop", e.token, words.drop));
        li.appendChild(actions);
      }
      items.appendChild(li);
    });
    box.replaceChildren(items);
  }

  // -- The last known sheet, for the service worker to open offline --------------------------
  // Two writers keep a match page: this script (the sheet as it changes) and sw.js (the page as the
  // server sent it). Each copy says which version of the match it shows and when that was current;
  // written under one lock, a copy never replaces a newer one, whichever write comes last.
  function sheetVersion() {
    var live = document.getElementById("live");
    return live && /^\d+$/.test(live.dataset.version || "") ? live.dataset.version : "";
  }
  function replaces(version, at, kept) {
    // The same rule as in sw.js: the higher version wins; for the same one (or none), the later time.
    if (!kept) return true;
    var keptVersion = kept.headers.get(KEPT_VERSION) || "";
    if (version !== "" && keptVersion !== "" && version !== keptVersion) return Number(version) > Number(keptVersion);
    return at >= (Number(kept.headers.get(KEPT_AT)) || 0);
  }
  function keepPage() {
    if (!window.caches || offline || !document.getElementById("sheet")) return;
    notice.dataset.rendered = String(Math.floor(lastContact / 1000));
    var version = sheetVersion();
    var at = lastContact;
    var headers = { "Content-Type": "text/html; charset=utf-8" };
    headers[KEPT_VERSION] = version;
    headers[KEPT_AT] = String(at);
    headers[KEPT_OWNER] = owner;
    var html = "<!doctype html>\n" + document.documentElement.outerHTML;
    var path = location.pathname;
    var write = function () {
      return caches.open(PAGES_CACHE).then(function (cache) {
        return cache.match(path, { ignoreVary: true }).then(function (kept) {
          // (Read here, under the lock: another tab may have opened a page of another session.)
          if (mine() && replaces(version, at, kept)) return cache.put(path, new Response(html, { headers: headers }));
        });
      });
    };
    var job = navigator.locks && navigator.locks.request ? navigator.locks.request(PAGES_LOCK, write) : write();
    Promise.resolve(job).catch(function () {});
  }

  // -- Events --------------------------------------------------------------------------------
  document.addEventListener("htmx:configRequest", function (event) {
    // The poll says which deal this phone's form is for, and whether it holds what someone typed (or
    // what the server sent back with a refusal): a form left untouched for a deal entered elsewhere
    // is then replaced by the next deal's form; one being typed in is left as it is, with a word that
    // it is stale. (A phone that only follows the match has no form: nothing is added.)
    if (event.detail.elt.id === "live") {
      var deal = document.getElementById("deal-form");
      // (A phone keeping deals is ahead of the server by them: it sends no number to be told so.)
      if (!isDealForm(deal) || !deal.elements.number || load(location.pathname).length) return;
      event.detail.parameters.number = deal.elements.number.value;
      if (deal.hasAttribute("data-typed") || typedIn(deal)) event.detail.parameters.typed = "1";
      return;
    }
    // A phone told that its form's deal was entered elsewhere may be typing the next one, which can
    // go just like it: the server then keeps what it sent for the next deal, not for the same one.
    if (isDealForm(event.detail.elt) && document.querySelector("#entry-notice .stale")) event.detail.parameters.told = "1";
    // A deal's post that takes too long is given up (htmx:timeout) and the deal kept, as with no answer.
    if (isDealForm(event.detail.elt)) event.detail.timeout = dealTimeout();
    // The version the sheet shows: if the deal is the match's next change, only what it changed is
    // sent back (its row, the drawing, the form). Not with deals kept here: the sheet lacks them.
    var live = document.getElementById("live");
    if (isDealForm(event.detail.elt) && live && !load(location.pathname).length) event.detail.parameters.sheet = live.dataset.version;
    // A form older than the sheet (opened from a copy kept before its deal was stored) would have its
    // deal taken for that one, already stored: under a new token, the server says the number is taken.
    var input = isDealForm(event.detail.elt) && event.detail.elt.querySelector("input[name=token]");
    if (input && storedTokens().indexOf(input.value) >= 0) {
      input.value = newToken();
      event.detail.parameters.token = input.value;
    }
  });
  // The poll's answer replaces an untouched form left behind by a deal entered elsewhere. Typed in
  // while the answer was on its way, the form is kept after all, with the word the answer carries.
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var notice = document.getElementById("entry-notice");
    var deal = document.getElementById("deal-form");
    if (!event.detail.target || event.detail.target.id !== "entry" || !notice || !notice.dataset.stale) return;
    if (!isDealForm(deal) || !(deal.hasAttribute("data-typed") || typedIn(deal))) return;
    event.detail.shouldSwap = false;
    var word = document.createElement("p");
    word.className = "notice stale";
    word.setAttribute("role", "status");
    word.textContent = notice.dataset.stale;
    notice.replaceChildren(word);
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (navigator.onLine === false && elt && elt.id === "live") { event.preventDefault(); return; } // no poll offline
    if (!isDealForm(elt)) return;
    var trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    var fields = fieldsOf(elt, trigger && trigger.submitter);
    if (event.detail.xhr) posted.set(event.detail.xhr, { form: elt, fields: fields });
    sent = [];
    if (navigator.onLine === false && !valueOf(fields, "preview")) {
      event.preventDefault(); // no connection: kept on the phone instead
      goneOffline();
      keep(elt, fields);
    }
  });
  function noAnswer(event) {
    // No answer (or none in time): the deal may or may not have arrived. Kept with its token, it is
    // stored once either way.
    var request = posted.get(event.detail.xhr);
    goneOffline();
    if (request) { keep(request.form, request.fields); retryLater(); }
  }
  document.addEventListener("htmx:sendError", noAnswer);
  document.addEventListener("htmx:timeout", noAnswer);
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || !xhr.status) return; // no answer: htmx:sendError, htmx:timeout
    if (xhr.getResponseHeader("X-Offline")) { goneOffline(); return; } // the service worker, for a poll
    if (inTrouble(xhr.status)) {
      // The server answered, but with its error page (htmx swaps none in): the sheet is no more
      // current than offline, and a deal is kept as offline. Whatever that page says is not read.
      var failed = posted.get(xhr);
      goneOffline();
      if (failed) { keep(failed.form, failed.fields); retryLater(parseInt(xhr.getResponseHeader("Retry-After"), 10)); }
      return;
    }
    var request = posted.get(xhr); // (the form itself may be gone, swapped for the new sheet)
    if (request && event.detail.successful) {
      var fields = request.fields;
      if (!valueOf(fields, "preview") && !refusedIn(parse(xhr.responseText))) {
        var token = valueOf(fields, "token");
        markStored(token);
        forget(matchPath(request.form.getAttribute("hx-post")), token, valueOf(fields, "number"));
      }
    }
    reached();
  });
  document.addEventListener("htmx:afterSettle", function () {
    remember(document.getElementById("deal-form"));
    render();
    keepPage();
  });
  document.addEventListener("click", function (event) {
    var b = event.target.closest("[data-pending]");
    if (!b) return;
    var path = location.pathname;
    var entry = load(path).find(function (e) { return e.token === b.dataset.token; });
    if (entry && b.dataset.pending === "drop") store(path, load(path).filter(function (e) { return e !== entry && e.token !== entry.token; }));
    if (entry && b.dataset.pending === "put-back") putBack(entry);
    if (entry && b.dataset.pending === "retry") mark(path, entry.token, "waiting");
    retryNow();
    render();
    flush();
  });
  document.addEventListener("submit", function (event) {
    // Logging out: the next person on this phone must not find this one's sheets, nor deals (the
    // login page, nobody's, would clear them: done at once).
    if (!/logout/.test(event.target.getAttribute("action") || "")) return;
    claim("none");
    if (window.caches) caches.delete(PAGES_CACHE);
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") keepPage();
  });
  window.addEventListener("offline", goneOffline);
  window.addEventListener("online", function () {
    retryNow();
    if (offline) { offline = false; say(); }
    flush();
  });

  // A page of another session than what the phone keeps: that goes first, before anything is shown.
  if (owner !== "") claim(owner);
  // A page opened from the copy kept on the phone may show the form of a deal kept since: on to the next.
  var form = document.getElementById("deal-form");
  remember(form);
  var token = form && form.querySelector("input[name=token]");
  var kept = load(location.pathname);
  if (token && kept.some(function (e) { return e.token === token.value; })) prepareNext(form, lastNumber(kept) + 1);
  if (navigator.onLine === false) goneOffline();
  // The page is the copy kept on the phone (sw.js marks it so: the network failed, was slow, or the
  // server answered with an error): it says so until the server answers again. The mark goes at
  // once, not to be kept with the page.
  if (document.documentElement.hasAttribute("data-kept")) {
    document.documentElement.removeAttribute("data-kept");
    goneOffline();
  }
  render();
  flush();
})();
