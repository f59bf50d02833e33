// The deal entry form, thumb first: a live "still to assign" count, the last player's
// points filled in, the cover question shown only where the points cannot tell, and +1
// buttons for penalties. The form works without this script; this only saves taps.
(function () {
  "use strict";

  function rows(form) { return Array.from(form.querySelectorAll(".player-row")); }
  function pointsOf(row) { return row.querySelector("input.points"); }

  function total(form) {
    var base = parseInt(form.dataset.total, 10);
    var last = form.querySelector("select[name=last_trick]");
    return last && last.value !== "" ? base - 3 : base;
  }

  function refresh(form) {
    var all = rows(form);
    var blank = all.filter(function (r) { return pointsOf(r).value === "" || pointsOf(r).dataset.auto === "1"; });
    var typed = all.filter(function (r) { return blank.indexOf(r) < 0; });
    var sum = typed.reduce(function (s, r) { return s + (parseInt(pointsOf(r).value, 10) || 0); }, 0);
    var left = total(form) - sum;
    // Points that are no points (negative, a fraction): nothing is counted or filled in until mended.
    var counted = typed.every(function (r) { return /^\d+$/.test(pointsOf(r).value); });
    blank.forEach(function (r) { if (pointsOf(r).dataset.auto === "1") { pointsOf(r).value = ""; delete pointsOf(r).dataset.auto; } });
    // Fill in the last player only if nobody typed in that field: a cleared field stays clear.
    if (counted && blank.length === 1 && left >= 0 && pointsOf(blank[0]).dataset.touched !== "1") {
      pointsOf(blank[0]).value = left;
      pointsOf(blank[0]).dataset.auto = "1";
      left = 0;
    }
    var out = form.querySelector("[data-remaining]");
    if (out) {
      var over = counted && left < 0;  // "Points over the deal's total: 10", not "still to assign: -10"
      out.textContent = counted ? Math.abs(left) : "–";
      out.parentElement.classList.toggle("over", over);
      out.parentElement.classList.toggle("done", counted && left === 0);
      var leftLabel = out.parentElement.querySelector("[data-left]");
      var overLabel = out.parentElement.querySelector("[data-over]");
      if (leftLabel && overLabel) { leftLabel.hidden = over; overLabel.hidden = !over; }
    }
    var noneTyped = all.every(function (r) { return pointsOf(r).value === ""; });
    var show = form.querySelector("[data-show-covers]");
    if (show) show.hidden = !noneTyped || form.dataset.covers === "all";
    all.forEach(function (r) {
      var v = pointsOf(r).value;
      var chosen = r.querySelector(".cover input:checked");
      var ask = (noneTyped && form.dataset.covers === "all") || (v === "0" && form.dataset.coverRule === "trick") ||
        r.classList.contains("invalid") || (chosen && chosen.value !== "");
      r.querySelector("[data-cover]").hidden = !ask;
    });
  }

  // "Points still to assign" read out once the number settles: 700 ms after the last key, or at
  // once when the field is left (change). Said at every key, "39, 38" would talk over the typing.
  var SETTLE_MS = 700;
  var sayTimer = null;
  function say(form, delay) {
    window.clearTimeout(sayTimer);
    sayTimer = window.setTimeout(function () {
      var region = form.querySelector("[data-remaining-said]");
      var shown = form.querySelector(".remaining");
      if (!region || !shown || !form.isConnected) return;
      var text = shown.innerText.replace(/\s+/g, " ").trim();  // the label shown, not the hidden one
      if (region.textContent !== text) region.textContent = text;  // the same words again: nothing new to say
    }, delay);
  }
  document.addEventListener("input", function (event) {
    var form = event.target.closest("#deal-form");
    if (!form || !form.querySelector(".player-row")) return;
    if (event.target.classList.contains("points")) {
      delete event.target.dataset.auto;
      event.target.dataset.touched = "1";
    }
    refresh(form);
    say(form, SETTLE_MS);
  });
  // Whist: the second pair has what the first did not take; nothing tapped, nothing to say ("–").
  // Read from the taps, not from the tap just made: a form emptied for the next deal (offline.js,
  // form.reset()) shows no remainders of the deal before.
  function rests(form) {
    form.querySelectorAll("[data-rest-of]").forEach(function (rest) {
      var tapped = form.querySelector("input[name='" + rest.dataset.restOf + "']:checked");
      var text = tapped ? String(parseInt(rest.dataset.total, 10) - parseInt(tapped.value, 10)) : "–";
      if (rest.textContent !== text) rest.textContent = text;
    });
  }
  document.addEventListener("change", function (event) {
    var within = event.target.form || (event.target.tagName === "FORM" ? event.target : null);
    if (within) rests(within);
    var form = event.target.closest("#deal-form");
    if (form && form.querySelector(".player-row")) {
      // Someone didn't cover and no points are typed: the others covered, shown so (each can be changed).
      var noCover = event.target.matches(".cover input") && event.target.value === "no";
      if (noCover && rows(form).every(function (r) { return pointsOf(r).value === ""; })) {
        rows(form).forEach(function (r) {
          var chosen = r.querySelector(".cover input:checked");
          var yes = r.querySelector(".cover input[value=yes]");
          if (yes && (!chosen || chosen.value === "")) yes.checked = true;
        });
      }
      refresh(form);
      say(form, 0);
    }
    // Busca by the top: once a player is tapped as the top, their points are asked (the pad comes up).
    if (form && event.target.matches(".top-scorers input") && event.target.checked) {
      var top = form.querySelector("input[name=top_points]");
      if (top && top.value === "") top.focus();
    }
    // New match: the first-dealer choices read the names picked for the seats.
    var seat = event.target.name && event.target.name.match(/^seat_(\d)$/);
    if (seat) {
      var label = document.querySelector("[data-seat-name='" + seat[1] + "']");
      var picked = event.target.selectedOptions[0];
      if (label && picked && picked.value) label.textContent = picked.textContent;
    }
  });
  // The last player's points, filled in by this script, are selected when the field is tapped: a
  // 4 typed over a shown 5 is 4, not 54. Selected again on the click that follows the focus, as the
  // tap's own caret would undo a selection made on focus; a second tap places the caret as usual.
  var justFocused = null;
  function selectFilled(field) {
    if (field.dataset.auto === "1") field.select();
  }
  document.addEventListener("focusin", function (event) {
    if (!event.target.matches || !event.target.matches("#deal-form input.points")) return;
    justFocused = event.target;
    selectFilled(event.target);
  });
  document.addEventListener("click", function (event) {
    var field = event.target === justFocused ? justFocused : null;
    justFocused = null;
    if (field) selectFilled(field);
  });
  document.addEventListener("click", function (event) {
    var show = event.target.closest("[data-show-covers]");
    if (show) {
      var entry = show.closest("#deal-form");
      entry.dataset.covers = "all";
      refresh(entry);
      return;
    }
    var button = event.target.closest("[data-plus]");
    if (!button) return;
    var input = document.getElementById(button.dataset.plus);
    input.value = (parseInt(input.value, 10) || 0) + 1;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  function init() {
    var form = document.getElementById("deal-form");
    if (form && form.querySelector(".player-row")) refresh(form);
  }
  // A deal the server refused: its message is in the entry panel (offline.js reads it so too) or,
  // for a deal kept on the phone, offline.js marks its line .refused, a moment after the swap.
  // The sheet's top just under the sticky top bar (the page's scroll-padding-top: page.js).
  function bringIntoView(sheet) {
    sheet.scrollIntoView({ block: "start" });
  }
  function refused(sheet) { return !!sheet.querySelector("#entry .error, #entry [role=alert], .refused"); }
  // A live update (the poll, #live: a deal from another phone) leaves the page where its reader has
  // it: only this phone's own deals bring the sheet into view.
  function live(event) {
    var request = event.detail && event.detail.requestConfig;
    return !!(request && request.elt && request.elt.id === "live");
  }
  // A saved deal's row put at the top of the table, and its change at the top of the log
  // (match_detail.html#quick): the oldest go, so that each keeps as many as the server draws
  // (data-shown; all with ?deals=all), and the log's link to the earlier changes shows.
  function keepShown() {
    ["deal-rows", "change-rows"].forEach(function (id) {
      var list = document.getElementById(id);
      var shown = list && parseInt(list.dataset.shown, 10);
      if (!shown) return;
      var rows = list.querySelectorAll(":scope > :not(.more)");
      for (var n = rows.length - 1; n >= shown; n--) rows[n].remove();
      var more = list.querySelector(":scope > .more");
      if (more && rows.length > shown) more.hidden = false;
    });
  }
  // After htmx swaps the sheet, before the browser draws it (htmx:afterSwap): the new form counted,
  // its cover questions shown only where they are needed, and the redrawn cross in view. Done on
  // htmx:afterSettle, 20 ms and a frame later, the new sheet was drawn first with every cover
  // question open and at the old scroll position, then shrank and jumped to the cross.
  function afterSwap(event) {
    keepShown();
    init();
    if (live(event)) return;
    var sheet = document.getElementById("sheet");
    if (sheet && sheet.contains(event.target) && !refused(sheet)) {
      bringIntoView(sheet);
      // The next deal's form, under the drawing: its Save button a sticky bar at the screen's foot
      // (app.css), in reach without scrolling though the form is taller than what is left of the screen.
      var next = document.getElementById("deal-form");
      if (next && next.hasAttribute("hx-post")) next.setAttribute("data-next", "");
    }
  }
  // A refusal is shown where the eye is once the sheet has settled, when offline.js has marked it.
  function afterSettle(event) {
    var sheet = document.getElementById("sheet");
    if (live(event) || !sheet || !sheet.contains(event.target) || !refused(sheet)) return;
    var alert = sheet.querySelector("#deal-form [role=alert], .refused");
    if (alert) {
      alert.scrollIntoView({ block: "center" });
      var field = sheet.querySelector(".invalid input.points, .invalid input");
      if (field) field.focus({ preventScroll: true });
    } else {
      bringIntoView(sheet);
    }
  }
  // A deal on its way (htmx:beforeSend: not one kept on the phone instead) takes the focus out of
  // the form while the server works. The form is swapped for the next deal's, and removing the
  // element that has the focus made Chromium lay out the page then and there, in the swap (25 ms of
  // a 40 ms swap). The focus would have gone with it all the same.
  document.addEventListener("htmx:beforeSend", function (event) {
    var focused = document.activeElement;
    var form = event.detail.elt;
    if (form && form.id === "deal-form" && focused && form.contains(focused)) window.setTimeout(function () { focused.blur(); }, 0);
  });
  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSwap", afterSwap);
  document.addEventListener("htmx:afterSettle", afterSettle);
})();
