// The points board's entry form: taps beside each player's points (+1, +5, +10) and ± for minus
// points, which a phone's number keypad may not have. The form works without this script.
// A tap counts points away from zero: on minus points it adds minus points (±, +10, +5: −15),
// so a player's points are tapped in either order, the sign first or last.
(function () {
  "use strict";

  function typed(field) { return field.value.trim().replace(/[−–]/g, "-"); }
  function points(field) {
    var value = parseInt(typed(field), 10);
    return isNaN(value) ? 0 : value;
  }
  document.addEventListener("click", function (event) {
    var add = event.target.closest("#deal-form [data-add]");
    var negate = event.target.closest("#deal-form [data-negate]");
    var field = document.getElementById(add ? add.dataset.to : negate ? negate.dataset.negate : "");
    if (!field) return;
    var now = points(field);
    var minus = now < 0 || typed(field) === "-";
    if (add) {
      var step = parseInt(add.dataset.add, 10);
      field.value = String(minus ? now - step : now + step);
    } else if (now === 0) {
      field.value = minus ? "" : "-";  // nothing yet: the digits or taps that follow are minus points
    } else {
      field.value = String(-now);
    }
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
})();
