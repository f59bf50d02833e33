// The match page hears of its match's changes from a stream (server-sent events, matches/streams.py):
// each event is the match's version, and when it is not the one shown the poll's element (#live,
// matches/_poll.html) asks for the parts that changed, as its poll does, so a form being typed in is
// left alone as before. While the stream is open the poll every 2 s is skipped (page.js); while it
// reconnects, or where none opens (a server without streams answers 204, a proxy that buffers), the
// page polls. The stream counts as open once its first event came (a proxy that buffers passes the
// headers, not the events), and not after 45 s without even its ping. The browser reopens a dropped
// stream by itself, saying the last version it had (Last-Event-ID), and the server catches it up;
// one closed for good is tried again a minute later.
(function () {
  "use strict";
  if (!window.EventSource) return;
  var SILENT_MS = 45000;  // the server pings every 20 s
  var source = null;
  var heard = 0;

  function live() { return document.getElementById("live"); }
  function setOpen(open) {
    if (open) document.documentElement.dataset.stream = "open";
    else delete document.documentElement.dataset.stream;
  }

  function changed(event) {
    var poll = live();
    if (poll && event.data !== poll.dataset.version && window.htmx) window.htmx.trigger(poll, "live-changed");
  }

  function open() {
    var poll = live();
    if (!poll || !poll.dataset.events || source) return;
    source = new EventSource(poll.dataset.events + "?v=" + encodeURIComponent(poll.dataset.version || ""));
    var hear = function () { heard = Date.now(); setOpen(true); };
    source.addEventListener("open", hear);  // the server's first event (not the connection's)
    source.addEventListener("ping", hear);
    source.onmessage = function (event) { hear(); changed(event); };
    // The phone may see the match no more (logged out, its link withdrawn): the poll says how.
    source.addEventListener("gone", function () { shut(); changed({ data: "" }); });
    source.onerror = function () {
      setOpen(false);  // reconnecting, or closed: poll meanwhile
      if (source && source.readyState === EventSource.CLOSED) {
        shut();
        window.setTimeout(open, 60000);
      }
    };
  }

  function shut() {
    if (source) source.close();
    source = null;
    setOpen(false);
  }

  // A stream that went silent (a proxy holding it, a phone that slept): poll, and open it anew.
  window.setInterval(function () {
    if (source && document.documentElement.dataset.stream === "open" && Date.now() - heard > SILENT_MS) {
      shut();
      open();
    }
  }, 5000);

  document.addEventListener("DOMContentLoaded", open);
  window.addEventListener("pagehide", shut);
  window.addEventListener("pageshow", function (event) { if (event.persisted) open(); });
})();
