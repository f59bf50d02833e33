// What every page shares, with no script inside the HTML (the Content-Security-Policy forbids it).
// Loaded in <head> without defer: the "js" class is set before the first paint, so nothing flashes.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // The colours: light, dark, or the phone's own setting ("auto", until another is chosen), set
  // here before the first paint as data-theme (a11y.css) and remembered on this phone (the footer's
  // buttons choose it: base.html).
  var THEME = "scorekeeper-theme";
  var phoneDark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  function themeChosen() {
    try { return localStorage.getItem(THEME) || "auto"; } catch (e) { return "auto"; }
  }
  function paint() {
    var chosen = themeChosen();
    var dark = chosen === "dark" || (chosen === "auto" && !!phoneDark && phoneDark.matches);
    document.documentElement.dataset.theme = dark ? "dark" : "light";
    document.querySelectorAll("[data-theme-choice]").forEach(function (button) {
      button.setAttribute("aria-pressed", button.dataset.themeChoice === chosen ? "true" : "false");
    });
  }
  paint();
  if (phoneDark && phoneDark.addEventListener) phoneDark.addEventListener("change", paint);
  document.addEventListener("DOMContentLoaded", paint);
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-theme-choice]");
    if (!button) return;
    try { localStorage.setItem(THEME, button.dataset.themeChoice); } catch (e) { /* this page only */ }
    paint();
  });

  // A link to copy: one tap selects all of it.
  document.addEventListener("click", function (event) {
    var field = event.target.closest && event.target.closest("[data-select-on-click]");
    if (field) field.select();
  });

  // A link copied with one tap (data-copy: the field that holds it); the button says it was.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-copy]");
    var field = button && document.getElementById(button.dataset.copy);
    if (!field) return;
    var done = function () { button.textContent = button.dataset.copied; };
    var selectAndCopy = function () {
      field.select();
      if (document.execCommand("copy")) done();
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(done, selectAndCopy);
    } else {
      selectAndCopy();
    }
  });

  // A button that destroys something asks first (data-confirm holds the question).
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-confirm]");
    if (button && !window.confirm(button.dataset.confirm)) event.preventDefault();
  });

  // The sticky top bar's height (--topbar): the browser scrolls what it shows, a required choice
  // left empty or a link's target, just below the bar, not under it (scroll-padding-top, app.css).
  // Set in a stylesheet of its own, not in a style attribute: the copy of the page kept for offline
  // use (offline.js) must hold no inline style, which the Content-Security-Policy refuses.
  var barSheet = window.CSSStyleSheet && "adoptedStyleSheets" in document ? new CSSStyleSheet() : null;
  if (barSheet) document.adoptedStyleSheets = document.adoptedStyleSheets.concat([barSheet]);
  function measureBar() {
    var bar = document.querySelector(".topbar");
    if (bar && barSheet) barSheet.replaceSync(":root { --topbar: " + bar.offsetHeight + "px; }");
  }
  document.addEventListener("DOMContentLoaded", measureBar);
  window.addEventListener("resize", measureBar);

  // After a full page load (a deal corrected, a change undone), its confirmation is read out. The
  // messages' live region is drawn empty (base.html) and filled a moment after: a screen reader says a
  // region's text only when it changes, and drops a change made while it starts reading the new page.
  // The focus is back where the player was: the browser puts it on the element the address names
  // (#deal-3, the link that corrects deal 3; #change-log, the change log's summary), here opened.
  // Not on a copy kept for offline use (<html data-kept>): its confirmation is old news.
  function sayMessages() {
    var region = document.querySelector("[data-says-messages]");
    if (!region || document.documentElement.hasAttribute("data-kept")) return;
    var place = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    var folded = place && place.closest("details:not([open])");
    if (folded) folded.open = true;
    var said = Array.prototype.map.call(document.querySelectorAll(".messages li"), function (item) {
      return item.textContent.trim();
    });
    window.setTimeout(function () { region.textContent = said.join(" "); }, 400);
  }
  document.addEventListener("DOMContentLoaded", sayMessages);

  // The deal that ends a match, saved on this phone or on another: its result (#result, in the sheet
  // htmx swaps in) takes the focus, which the entry form took away with it or nothing held; not left
  // on <body>. A focus held elsewhere on the page stays: the result is read out all the same (#announce).
  var resultShown = false;
  document.addEventListener("DOMContentLoaded", function () {
    resultShown = !!document.getElementById("result");
  });
  document.addEventListener("htmx:afterSwap", function () {
    var result = document.getElementById("result");
    var lost = !document.activeElement || document.activeElement === document.body;
    if (result && !resultShown && lost) result.focus({ preventScroll: true });  // entry.js scrolls
    resultShown = !!result;
  });

  // The live poll asks only while the page is on screen (an idle tab in a pocket stays quiet) and
  // no stream is open (live.js); what the stream says changed is asked for at once.
  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.detail && event.detail.elt;
    if (!elt || !elt.hasAttribute("data-poll-when-visible")) return;
    var pushed = event.detail.triggeringEvent && event.detail.triggeringEvent.type === "live-changed";
    if (!pushed && (document.visibilityState !== "visible" || document.documentElement.dataset.stream === "open")) {
      event.preventDefault();
    }
  });
})();
