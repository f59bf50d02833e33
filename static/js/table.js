// One phone, one table: the entry panel turned for the player opposite, and the screen kept
// awake while a match is played. Nothing here is needed to score: without it the page works.
(function () {
  "use strict";

  // "Turn for the player opposite": the entry panel upside down, so the player across the
  // table reads and types. It stays turned after a deal is saved (the panel is swapped anew).
  var turned = false;

  function applyTurn() {
    var entry = document.getElementById("entry");
    if (!entry) return;
    entry.classList.toggle("turned", turned);
    entry.querySelectorAll("[data-turn-entry]").forEach(function (button) {
      button.setAttribute("aria-pressed", turned ? "true" : "false");
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-turn-entry]");
    if (!button) return;
    turned = !turned;
    applyTurn();
  });

  // The screen stays awake while a match in progress is on screen (where the browser can).
  var lock = null;

  function playing() {
    var live = document.getElementById("live");
    return document.visibilityState === "visible" && !!live && live.dataset.status === "in_progress";
  }

  function keepAwake() {
    if (!("wakeLock" in navigator) || lock || !playing()) return;
    lock = "asking";
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      document.documentElement.dataset.awake = "true";
      sentinel.addEventListener("release", function () {
        lock = null;
        delete document.documentElement.dataset.awake;
      });
    }).catch(function () { lock = null; });  // refused (battery saver, no permission): the screen may sleep
  }

  function letSleep() {
    if (lock && typeof lock.release === "function" && !playing()) lock.release();
  }

  // The browser releases the lock when the page is hidden: ask again when it is shown.
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("htmx:afterSettle", function () {
    applyTurn();
    letSleep();  // the match just ended
    keepAwake();
  });
  keepAwake();
})();
