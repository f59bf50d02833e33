// The page's own number pad for a deal's points (the fields marked data-pad, _numpad.html). While
// one of those fields has the focus, large keys and the Save button keep to the screen's foot in
// place of the phone's keyboard, which never opens (inputmode="none"), and the sheet stays in view
// above them. Once a value is complete (as many digits as the most a player can take, or a value
// that cannot grow: 5 where 40 is the most) the next player without points is entered (and a → then
// pressed out of habit moves no further); entry.js fills in the last one. "Phone keyboard" gives the
// phone's own keyboard back, remembered on this phone. Without this script, the phone's keyboard.
(function () {
  "use strict";

  var CHOICE = "scorekeeper-keyboard"; // localStorage: "phone" once the phone's keyboard was chosen

  function padOn() {
    try { return localStorage.getItem(CHOICE) !== "phone"; } catch (e) { return true; }
  }
  // The fields shown: those of an entry the form hides (Busca's by the top, or everyone's) are left out.
  function fields(form) {
    return Array.from(form.querySelectorAll("input[data-pad]")).filter(function (field) {
      return field.getClientRects().length > 0;
    });
  }
  function blank(field) { return field.value === ""; }
  function complete(field) {
    var most = parseInt(field.max, 10);
    var value = field.value;
    return /^0/.test(value) || value.length >= String(most).length || parseInt(value, 10) * 10 > most;
  }
  function entered(form) {
    var field = document.activeElement;
    return field && form.contains(field) && field.matches("input[data-pad]") ? field : null;
  }
  function next(form, field) {
    var all = fields(form);
    return all.slice(all.indexOf(field) + 1).filter(blank)[0] || null;
  }

  function press(form, key) {
    var field = entered(form);
    if (!field) return;
    var all = fields(form);
    var jumped = field.dataset.padJumped === "1";
    delete field.dataset.padJumped;
    // → just after the pad went on by itself is taken as said already: a player who ends each value
    // with → out of habit skips nobody.
    if (key === "next" && jumped) return;
    if (key === "next") { (all[all.indexOf(field) + 1] || all[0]).focus(); return; }
    if (key === "back" && (blank(field) || field.dataset.auto === "1")) {
      (all[all.indexOf(field) - 1] || field).focus();
      return;
    }
    var fresh = field.dataset.padFresh === "1" || field.dataset.auto === "1";
    if (key === "back") field.value = fresh ? "" : field.value.slice(0, -1);
    else field.value = (fresh ? "" : field.value) + key;
    delete field.dataset.padFresh;
    field.dispatchEvent(new Event("input", { bubbles: true }));
    if (key !== "back" && complete(field)) {
      var then = next(form, field);
      if (then) {
        then.dataset.padJumped = "1";
        then.focus();
      }
    }
  }

  // Shown while a field marked data-pad or a key has the focus, and kept while the Save button
  // then has it: a tap finds Save where it was when the finger came down, shown or not.
  function shown(form) {
    var focused = document.activeElement;
    var was = form.classList.contains("pad-shown");
    var on = padOn() && focused && form.contains(focused) &&
      (focused.matches("input[data-pad]") || !!focused.closest("[data-numpad]") ||
        (was && focused.matches("button[type=submit]")));
    form.classList.toggle("pad-shown", !!on);
    // Come up as a keyboard would: the field being entered in view above the keys.
    if (on && !was && focused.matches("input[data-pad]")) focused.scrollIntoView({ block: "nearest" });
  }
  function init() {
    var form = document.getElementById("deal-form");
    if (!form || !form.querySelector("[data-numpad]")) return;
    var on = padOn();
    fields(form).forEach(function (field) { field.inputMode = on ? "none" : "numeric"; });
    form.querySelector("[data-pad-switch]").setAttribute("aria-pressed", on ? "false" : "true");
    shown(form);
  }

  // A key, or Save over the keys, leaves the focus on the field: only its click counts (a phone
  // that gives a button no focus would otherwise take the keys away under the finger).
  document.addEventListener("pointerdown", function (event) {
    var save = event.target.closest("#deal-form.pad-shown > button[type=submit]");
    if (save || event.target.closest("[data-numpad] button")) event.preventDefault();
  });
  document.addEventListener("click", function (event) {
    var form = event.target.closest("#deal-form");
    if (!form) return;
    var key = event.target.closest("[data-numpad] [data-key]");
    if (key) { press(form, key.dataset.key); return; }
    if (!event.target.closest("[data-pad-switch]")) return;
    try { localStorage.setItem(CHOICE, padOn() ? "phone" : "pad"); } catch (e) { /* this page only */ }
    init();
    var field = fields(form).filter(blank)[0] || fields(form)[0];
    if (field) field.focus();
  });
  document.addEventListener("focusin", function (event) {
    var form = event.target.closest && event.target.closest("#deal-form");
    if (!form) return;
    if (event.target.matches("input[data-pad]")) event.target.dataset.padFresh = "1";
    shown(form);
  });
  document.addEventListener("focusout", function (event) {
    if (event.target.dataset) delete event.target.dataset.padJumped;
    var form = event.target.closest && event.target.closest("#deal-form");
    if (form) window.setTimeout(function () { shown(form); }, 0);
  });
  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSwap", init);
})();
