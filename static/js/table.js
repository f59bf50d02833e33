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

  // Keyboard entry: the form is swapped anew after each save. If the focus was in it, it goes
  // to the new form's first field with an error, or else its first field, not back to the top.
  // htmx gives the focus back to the field of the same id, the same player's: Enter in Carla's
  // points would start the next deal at Carla's. A new deal starts at its first field, as the
  // numbers go on paper; a refused one at the field that is wrong.
  // Only after the keyboard: a phone given the focus by a script would pop up its keyboard.
  var typing = false, keys = false;
  document.addEventListener("keydown", function () { keys = true; }, true);
  document.addEventListener("pointerdown", function () { keys = false; }, true);
  // Only the form's own request decides: the live poll asking meanwhile leaves it as it was.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = document.getElementById("deal-form");
    if (!form || event.detail.elt !== form) return;
    typing = keys && form.contains(document.activeElement);
  });
  function focusForm() {
    if (!typing) return;
    typing = false;
    var form = document.getElementById("deal-form");
    var active = document.activeElement;
    if (!form || (active && active !== document.body && !form.contains(active))) return;
    // The first field shown of the deal itself: not the choice of how to enter it (.modes), nor a
    // field of the entry not chosen (hidden).
    var shown = Array.from(form.querySelectorAll("input:not([type=hidden]):not([disabled])")).filter(function (input) {
      return !input.closest(".modes") && input.getClientRects().length > 0;
    });
    var field = form.querySelector(".invalid input:not([type=hidden]), [aria-invalid=true]") || shown[0];
    if (field) field.focus();
  }
  // A deal saved: in the frame that draws the new sheet, with entry.js's scroll to the cross
  // (htmx:afterSwap). A deal refused: after entry.js has put the refusal in view (afterSettle).
  document.addEventListener("htmx:afterSwap", function () {
    if (!document.querySelector("#entry .error, #entry [role=alert], .refused")) focusForm();
  });
  document.addEventListener("htmx:afterSettle", focusForm);

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
