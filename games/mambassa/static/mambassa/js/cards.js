// The 40-card picker for a Mambassa showdown (mambassa/card_picker.html): tap the
// cards to fill each player's four-card hand. The text fields ("1D 5S 3C 2B", one per player)
// stay the form's real fields and the only state: the picker reads them after every change and
// writes each tap back into them, so the form posts the same codes with or without this script.
(function () {
  "use strict";

  var RANKS = "1234567FCR";
  var SUITS = "DSCB";
  var HAND = 4;
  var SVG = "http://www.w3.org/2000/svg";
  var WORDS = {
    en: {
      ranks: ["ace", "two", "three", "four", "five", "six", "seven", "jack", "knight", "king"],
      suits: { D: "denari", S: "spade", C: "coppe", B: "bastoni" },
      card: "{rank} of {suit}", players: "Whose cards", none: "no cards",
      turn: "Cards for {name}: {count}/4", done: "Every hand has 4 cards",
      held: "{card}: {name} has it", heldBy: "{card}, {name} has it", full: "{name} already has 4 cards",
      chip: "{name} {shown}: {count} of 4 cards", clash: "{card}, also in another hand", unknown: "“{text}” is not a card"
    },
    it: {
      ranks: ["asso", "due", "tre", "quattro", "cinque", "sei", "sette", "fante", "cavallo", "re"],
      suits: { D: "denari", S: "spade", C: "coppe", B: "bastoni" },
      card: "{rank} di {suit}", players: "Di chi sono le carte", none: "nessuna carta",
      turn: "Carte di {name}: {count}/4", done: "Tutte le mani hanno 4 carte",
      held: "{card}: ce l'ha {name}", heldBy: "{card}, ce l'ha {name}", full: "{name} ha già 4 carte",
      chip: "{name} {shown}: {count} carte su 4", clash: "{card}, anche in un'altra mano", unknown: "“{text}” non è una carta"
    }
  };

  function words() { return /^it\b/i.test(document.documentElement.lang) ? WORDS.it : WORDS.en; }
  function fill(text, values) { return text.replace(/\{(\w+)\}/g, function (_, key) { return values[key]; }); }
  function face(code) { return code[0] === "1" ? "A" : code[0]; }
  function cardName(code) {
    var w = words();
    return fill(w.card, { rank: w.ranks[RANKS.indexOf(code[0])], suit: w.suits[code[1]] });
  }
  // A card button's name starts with what it shows ("A ace of denari"): voice control finds it by its face.
  function buttonName(code) { return face(code) + " " + cardName(code); }
  // "1d" and "1D" are the ace of denari; anything else that is not rank + suit is not a card.
  function codeOf(token) {
    var t = token.toUpperCase();
    return t.length === 2 && RANKS.indexOf(t[0]) >= 0 && SUITS.indexOf(t[1]) >= 0 ? t : null;
  }
  function tokens(input) { return input.value.split(/[\s,;]+/).filter(Boolean); }
  function suitIcon(suit) {
    var svg = document.createElementNS(SVG, "svg");
    var use = document.createElementNS(SVG, "use");
    svg.setAttribute("class", "suit");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("aria-hidden", "true");
    use.setAttribute("href", "#cards-suit-" + suit);
    svg.appendChild(use);
    return svg;
  }
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // Every hand as typed, and who holds each card: the first hand that names it.
  function read(root) {
    var holders = {};
    var hands = Array.from(root.querySelectorAll(".hand-row")).map(function (row, index) {
      var input = row.querySelector("input");
      var cards = tokens(input).map(function (token) {
        var code = codeOf(token);
        if (!code) return { token: token };
        var clash = code in holders;
        if (!clash) holders[code] = index;
        return { code: code, clash: clash };
      });
      var count = cards.filter(function (c) { return c.code; }).length;
      return { row: row, input: input, seat: row.dataset.seat, name: row.dataset.name, cards: cards, count: count };
    });
    return { hands: hands, holders: holders };
  }

  // The player whose chip is lit: the one picked last, else the first with a hand to fill.
  function current(root, state) {
    var picked = state.hands.filter(function (h) { return h.seat === root.dataset.current; })[0];
    return picked || state.hands.filter(function (h) { return h.count < HAND; })[0] || state.hands[0];
  }

  // The shortest start of each name that no other name shares: "A", "B", or "Ca" and "Ch".
  function initials(names) {
    return names.map(function (name, i) {
      for (var n = 1; n <= 3; n++) {
        var start = name.slice(0, n).toUpperCase();
        var shared = names.some(function (other, j) { return j !== i && other.slice(0, n).toUpperCase() === start; });
        if (!shared) return name.charAt(0).toUpperCase() + name.slice(1, n).toLowerCase();
      }
      return name.charAt(0).toUpperCase() + (i + 1);
    });
  }

  function build(root) {
    var picker = root.querySelector("[data-picker]");
    if (!picker || picker.dataset.built) return picker;
    var w = words();
    var chips = el("div", "picker-chips");
    chips.setAttribute("role", "group");
    chips.setAttribute("aria-label", w.players);
    root.querySelectorAll(".hand-row").forEach(function (row) {
      var chip = el("button", "picker-chip");
      chip.type = "button";
      chip.dataset.seat = row.dataset.seat;
      chip.append(el("span", "name", row.dataset.name), el("span", "count"));
      chips.appendChild(chip);
      row.querySelectorAll("[data-mini], [data-count]").forEach(function (node) { node.hidden = false; });
    });
    var say = el("p", "picker-say");
    say.setAttribute("role", "status");
    var deck = el("div", "picker-deck");
    SUITS.split("").forEach(function (suit) {
      var group = el("div", "picker-suit");
      group.setAttribute("role", "group");
      group.setAttribute("aria-label", w.suits[suit]);
      RANKS.split("").forEach(function (rank) {
        var card = el("button", "pick");
        card.type = "button";
        card.dataset.card = rank + suit;
        card.dataset.suit = suit;
        card.append(el("span", "rank", face(rank)), suitIcon(suit), el("span", "holder"));
        group.appendChild(card);
      });
      deck.appendChild(group);
    });
    picker.append(chips, say, deck);
    picker.dataset.built = "1";
    picker.hidden = false;
    root.classList.add("is-picking");
    return picker;
  }

  function render(root) {
    var picker = build(root);
    if (!picker) return;
    var w = words();
    var state = read(root);
    var cur = current(root, state);
    var tags = initials(state.hands.map(function (h) { return h.name; }));
    var flash = root.flash;
    state.hands.forEach(function (hand) {
      var chip = picker.querySelector('.picker-chip[data-seat="' + hand.seat + '"]');
      var count = hand.count + "/" + HAND;
      if (chip) {
        chip.setAttribute("aria-pressed", hand === cur ? "true" : "false");
        chip.classList.toggle("complete", hand.count === HAND);
        chip.classList.toggle("over", hand.count > HAND);
        chip.classList.toggle("ping", !!flash && flash.seat === hand.seat);
        chip.setAttribute("aria-label", fill(w.chip, { name: hand.name, shown: count, count: hand.count }));
        chip.querySelector(".count").textContent = count;
      }
      hand.row.classList.toggle("current", hand === cur);
      var counter = hand.row.querySelector("[data-count]");
      if (counter) {
        counter.textContent = count;
        counter.classList.toggle("over", hand.count > HAND);
      }
      var mini = hand.row.querySelector("[data-mini]");
      if (mini) miniHand(mini, hand.cards, w);
    });
    picker.querySelectorAll(".pick").forEach(function (card) {
      var code = card.dataset.card;
      var holder = state.hands[state.holders[code]];
      var mine = !!holder && holder === cur;
      var taken = !!holder && !mine;
      card.setAttribute("aria-pressed", mine ? "true" : "false");
      card.classList.toggle("mine", mine);
      card.classList.toggle("taken", taken);
      card.querySelector(".holder").textContent = taken ? tags[state.hands.indexOf(holder)] : "";
      card.setAttribute("aria-label", taken ? fill(w.heldBy, { card: buttonName(code), name: holder.name }) : buttonName(code));
    });
    var say = picker.querySelector(".picker-say");
    var open = state.hands.some(function (h) { return h.count < HAND; });
    say.classList.toggle("alert", !!flash);
    if (flash) say.textContent = flash.text;
    else if (!open) say.textContent = w.done;
    else say.textContent = fill(w.turn, { name: cur.name, count: cur.count });
  }

  function miniHand(mini, cards, w) {
    mini.textContent = "";
    var names = [];
    cards.forEach(function (c) {
      var card = el("span", "mini" + (c.code ? "" : " unknown") + (c.clash ? " clash" : ""));
      if (c.code) {
        card.append(el("span", "rank", face(c.code)), suitIcon(c.code[1]));
        names.push(c.clash ? fill(w.clash, { card: cardName(c.code) }) : cardName(c.code));
      } else {
        card.textContent = c.token.length > 3 ? c.token.slice(0, 2) + "…" : c.token;
        names.push(fill(w.unknown, { text: c.token }));
      }
      mini.appendChild(card);
    });
    for (var i = cards.length; i < HAND; i++) mini.appendChild(el("span", "mini empty"));
    mini.setAttribute("aria-label", names.join(", ") || w.none);
  }

  // Tell the user something for a moment (whose card that is), lighting that player's chip.
  function tell(root, text, seat) {
    clearTimeout(root.flashTimer);
    root.flash = { text: text, seat: seat };
    root.flashTimer = setTimeout(function () { root.flash = null; render(root); }, 2500);
    render(root);
  }

  function write(hand, list) {
    hand.input.value = list.join(" ");
    hand.input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function tap(root, code) {
    var w = words();
    var state = read(root);
    var cur = current(root, state);
    var holder = state.hands[state.holders[code]];
    if (!cur) return;
    clearTimeout(root.flashTimer);
    root.flash = null;
    if (holder === cur) {
      root.dataset.current = cur.seat;
      write(cur, tokens(cur.input).filter(function (t) { return codeOf(t) !== code; }));
    } else if (holder) {
      tell(root, fill(w.held, { card: cardName(code), name: holder.name }), holder.seat);
    } else if (cur.count >= HAND) {
      tell(root, fill(w.full, { name: cur.name }), cur.seat);
    } else {
      // The fourth card moves the picker on to the next player, in seat order, still short of cards.
      var at = state.hands.indexOf(cur);
      var after = state.hands.slice(at + 1).concat(state.hands.slice(0, at));
      var next = cur.count + 1 < HAND ? cur : after.filter(function (h) { return h.count < HAND; })[0] || cur;
      root.dataset.current = next.seat;
      write(cur, tokens(cur.input).concat([code]));
    }
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest(".picker-chip, .pick");
    var root = target && target.closest("[data-hands]");
    if (!root) return;
    if (target.classList.contains("pick")) {
      tap(root, target.dataset.card);
      return;
    }
    clearTimeout(root.flashTimer);
    root.flash = null;
    root.dataset.current = target.dataset.seat;
    render(root);
  });
  document.addEventListener("input", function (event) {
    var root = event.target.closest("[data-hands].is-picking");
    if (root && event.target.closest(".hand-row")) render(root);
  });
  // Typing into a player's field makes them the one the cards go to.
  document.addEventListener("focusin", function (event) {
    var row = event.target.closest(".is-picking .hand-row");
    if (!row || event.target.tagName !== "INPUT") return;
    var root = row.closest("[data-hands]");
    root.dataset.current = row.dataset.seat;
    render(root);
  });
  // Leaving a field tidies what was typed: "1d,5s" becomes "1D 5S".
  document.addEventListener("change", function (event) {
    if (!event.target.closest(".is-picking .hand-row") || event.target.tagName !== "INPUT") return;
    var tidy = tokens(event.target).join(" ").toUpperCase();
    if (tidy !== event.target.value) write({ input: event.target }, [tidy]);
  });

  function init() { document.querySelectorAll("[data-hands]").forEach(render); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
  document.addEventListener("htmx:afterSettle", init);
})();
