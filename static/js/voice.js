// The points said aloud, where the browser can listen (the Web Speech API): "Anna dodici, Bruno otto,
// Carla dieci" fills the fields marked data-voice-name, in Italian or in English (the page's
// language), and what was heard is shown and said back for a check. Nothing is ever saved by
// itself: Save is the player's. Without speech recognition the button stays hidden.
(function () {
  "use strict";

  var UNITS = {
    zero: 0, uno: 1, un: 1, una: 1, due: 2, tre: 3, quattro: 4, cinque: 5, sei: 6, sette: 7, otto: 8, nove: 9,
    dieci: 10, undici: 11, dodici: 12, tredici: 13, quattordici: 14, quindici: 15, sedici: 16,
    diciassette: 17, diciotto: 18, diciannove: 19, nulla: 0, niente: 0,
    nought: 0, nil: 0, none: 0, nothing: 0, oh: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6,
    seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14,
    fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
  };
  var TENS = { venti: 20, trenta: 30, quaranta: 40, twenty: 20, thirty: 30, forty: 40 };
  var NUMBERS = (function () {
    var words = Object.assign({}, UNITS, TENS);
    var ones = ["uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove"];
    // ventuno, ventitre, ventotto, trentuno, quarantotto: the tens lose their vowel before uno and otto.
    ["venti", "trenta", "quaranta"].forEach(function (ten) {
      ones.forEach(function (one, index) {
        var joined = /^[uo]/.test(one) ? ten.slice(0, -1) + one : ten + one;
        words[joined] = TENS[ten] + index + 1;
      });
    });
    return words;
  })();

  // Lower case, without accents or punctuation: "Niccolò, ventitré!" is "niccolo ventitre".
  function fold(text) {
    return String(text).toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, " ").trim();
  }
  function words(text) { var folded = fold(text); return folded ? folded.split(" ") : []; }

  function nearly(heard, name) {
    if (heard === name) return true;
    if (name.length < 4 || Math.abs(heard.length - name.length) > 1) return false;
    // One letter more, less or different: "Carlo" for "Carla", "Bruna" for "Bruno".
    var i = 0, j = 0, edits = 0;
    while (i < heard.length && j < name.length) {
      if (heard[i] === name[j]) { i++; j++; continue; }
      if (++edits > 1) return false;
      if (heard.length > name.length) i++;
      else if (heard.length < name.length) j++;
      else { i++; j++; }
    }
    return edits + (heard.length - i) + (name.length - j) <= 1;
  }

  // The number said at tokens[at]: its value and how many words it took, or null.
  function number(tokens, at) {
    var token = tokens[at];
    if (/^\d+$/.test(token)) return { value: parseInt(token, 10), size: 1 };
    if (!(token in NUMBERS)) return null;
    var value = NUMBERS[token];
    var next = tokens[at + 1];
    if (token in TENS && next && next in UNITS && UNITS[next] >= 1 && UNITS[next] <= 9) {
      return { value: value + UNITS[next], size: 2 };  // "twenty one", "venti tre"
    }
    return { value: value, size: 1 };
  }

  // The player named at tokens[at]: the longest name that fits, exactly or but for one letter.
  function player(tokens, at, names) {
    var best = null;
    names.forEach(function (name, seat) {
      var parts = words(name);
      if (!parts.length || at + parts.length > tokens.length) return;
      var fits = parts.every(function (part, k) {
        return parts.length === 1 ? nearly(tokens[at + k], part) : tokens[at + k] === part;
      });
      var exact = parts.every(function (part, k) { return tokens[at + k] === part; });
      if (fits && (!best || parts.length > best.size || (exact && !best.exact))) {
        best = { seat: seat, size: parts.length, exact: exact };
      }
    });
    return best;
  }

  // What was said, read against the players' names: each player's points ([seat] → value or null)
  // and what was heard, in the order it was said ([[seat, value]]). Whatever is neither a name nor a
  // number after a name is passed over.
  function parse(text, names) {
    var tokens = words(text);
    var values = names.map(function () { return null; });
    var heard = [];
    var current = null;
    for (var at = 0; at < tokens.length;) {
      var who = player(tokens, at, names);
      if (who) { current = who.seat; at += who.size; continue; }
      var said = current === null ? null : number(tokens, at);
      if (said) {
        values[current] = said.value;
        heard.push([current, said.value]);
        current = null;
        at += said.size;
        continue;
      }
      at++;  // "e", "and", "ha fatto", "points": nothing to read, the player named still waits for a number
    }
    return { values: values, heard: heard };
  }
  window.scorekeeperVoice = { parse: parse };

  var Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;

  function fields(form) { return Array.from(form.querySelectorAll("input[data-voice-name]")); }

  function fill(form, button, transcript) {
    var inputs = fields(form);
    var names = inputs.map(function (input) { return input.dataset.voiceName; });
    var result = parse(transcript, names);
    var status = form.querySelector("[data-voice-heard]");
    if (!result.heard.length) {
      status.textContent = button.dataset.nothing + " (" + transcript + ")";
      return;
    }
    result.values.forEach(function (value, seat) {
      if (value === null) return;
      var input = inputs[seat];
      input.value = String(value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    var said = result.heard.map(function (pair) { return names[pair[0]] + " " + pair[1]; }).join(", ");
    status.textContent = button.dataset.heard + " " + said + ". " + button.dataset.check;
    if (window.speechSynthesis && window.SpeechSynthesisUtterance) {
      var back = new window.SpeechSynthesisUtterance(said);
      back.lang = language();
      window.speechSynthesis.speak(back);
    }
  }

  function language() { return document.documentElement.lang === "it" ? "it-IT" : "en-GB"; }

  function listen(button) {
    var form = button.closest("form");
    var recognition = new Recognition();
    recognition.lang = language();
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    var status = form.querySelector("[data-voice-heard]");
    status.textContent = button.dataset.listening;
    button.setAttribute("aria-pressed", "true");
    recognition.onresult = function (event) {
      fill(form, button, event.results[0][0].transcript);
    };
    recognition.onerror = function () { status.textContent = button.dataset.nothing; };
    recognition.onend = function () { button.setAttribute("aria-pressed", "false"); };
    recognition.start();
  }

  function init() {
    document.querySelectorAll("[data-voice-offer]").forEach(function (offer) { offer.hidden = !Recognition; });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-voice]");
    if (button && Recognition) listen(button);
  });
  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSwap", init);
})();
