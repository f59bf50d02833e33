// The match page hears of its match's changes from a stream (server-sent events, matches/streams.py):
// each event is the match's version, and when it is not the one shown the poll's element (#live,
// matches/_poll.html) asks for the parts that changed, as its poll does, so a form being typed in is
// left alone as before. While the stream is open the poll every 2 s is skipped (page.js); while it
// reconnects, or where none opens (a server without streams answers 204, a proxy that buffers), the
// page polls. The browser reopens a dropped stream by itself, saying the last version it had
// (Last-Event-ID), and the server catches it up; one closed for good is tried again a minute later.
(function () {
  "use strict";
  if (!window.EventSource) return;
  var source = null;

  function live() { return document.getElementById("live"); }

  function changed(event) {
    var poll = live();
    if (poll && event.data !== poll.dataset.version && window.htmx) window.htmx.trigger(poll, "live-changed");
  }

  function open() {
    var poll = live();
    if (!poll || !poll.dataset.events || source) return;
    source = new EventSource(poll.dataset.events + "?v=" + encodeURIComponent(poll.dataset.version || ""));
    source.onopen = function () { document.documentElement.dataset.stream = "open"; };
    source.onmessage = changed;
    // The phone may see the match no more (logged out, its link withdrawn): the poll says how.
    source.addEventListener("gone", function () { shut(); changed({ data: "" }); });
    source.onerror = function () {
      if (source && source.readyState === EventSource.CLOSED) {
        shut();
        window.setTimeout(open, 60000);
      } else {
        delete document.documentElement.dataset.stream;  // reconnecting: poll meanwhile
      }
    };
  }

  function shut() {
    if (source) source.close();
    source = null;
    delete document.documentElement.dataset.stream;
  }

  document.addEventListener("DOMContentLoaded", open);
  window.addEventListener("pagehide", shut);
  window.addEventListener("pageshow", function (event) { if (event.persisted) open(); });
})();
