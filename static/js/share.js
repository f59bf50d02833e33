// Share from the table (_summary.html): the summary as text, and a picture of the sheet, a PNG drawn
// here from the drawing (the SVG of #live-top), through the phone's own share sheet
// (navigator.share). Where there is none, the summary is copied and the picture is copied as an
// image, or else downloaded; the button says which. Without this script the buttons are not shown.
(function () {
  "use strict";

  // What the drawing takes from the page's style sheets, written on a copy of it: an SVG drawn as an
  // image sees none of them.
  var STYLED = ["fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "stroke-linecap",
    "opacity", "font-family", "font-size", "font-weight", "font-style", "text-anchor", "dominant-baseline",
    "display", "visibility"];
  var SCALE = 2; // sharp on a phone's screen

  // The button says what was done, then, a moment later, what it does again.
  function say(button, key) {
    if (!button.dataset.label) button.dataset.label = button.textContent;
    button.textContent = button.dataset[key];
    window.setTimeout(function () { button.textContent = button.dataset.label; }, 3000);
  }

  function drawing() {
    var svgs = Array.from(document.querySelectorAll("#live-top svg"));
    return svgs.sort(function (a, b) { return area(b) - area(a); })[0] || null;
  }
  function area(svg) { var box = svg.getBoundingClientRect(); return box.width * box.height; }

  function styledCopy(svg) {
    var copy = svg.cloneNode(true);
    var from = [svg].concat(Array.from(svg.querySelectorAll("*")));
    var to = [copy].concat(Array.from(copy.querySelectorAll("*")));
    // As presentation attributes, not a style attribute (which the Content-Security-Policy refuses).
    from.forEach(function (element, index) {
      var style = window.getComputedStyle(element);
      STYLED.forEach(function (name) { to[index].setAttribute(name, style.getPropertyValue(name)); });
    });
    var box = svg.getBoundingClientRect();
    copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
    copy.setAttribute("width", String(Math.round(box.width)));
    copy.setAttribute("height", String(Math.round(box.height)));
    return { svg: copy, width: box.width, height: box.height };
  }

  // The drawing on the page's paper colour, under a line that says which match and when (the
  // summary's first line: "Busca / Busche · 3 December 2026"), as a PNG file.
  var CAPTION = 32; // its height, in the page's pixels
  function picture(name) {
    var svg = drawing();
    if (!svg) return Promise.reject(new Error("no drawing"));
    var copy = styledCopy(svg);
    var source = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(copy.svg));
    return new Promise(function (resolve, reject) {
      var image = new Image();
      image.onload = function () {
        var canvas = document.createElement("canvas");
        canvas.width = Math.round(copy.width * SCALE);
        canvas.height = Math.round((copy.height + CAPTION) * SCALE);
        var context = canvas.getContext("2d");
        var page = window.getComputedStyle(document.body);
        context.fillStyle = page.backgroundColor;
        context.fillRect(0, 0, canvas.width, canvas.height);
        context.scale(SCALE, SCALE);
        context.fillStyle = page.color;
        var text = caption(), size = 16;
        do {  // as large as fits on one line, down to 11 px
          context.font = "600 " + size + "px sans-serif";
        } while (context.measureText(text).width > copy.width - 16 && --size > 11);
        context.textBaseline = "middle";
        context.fillText(text, 8, CAPTION / 2, copy.width - 16);
        context.drawImage(image, 0, CAPTION, copy.width, copy.height);
        canvas.toBlob(function (blob) {
          if (blob) resolve(new File([blob], name, { type: "image/png" }));
          else reject(new Error("no picture"));
        }, "image/png");
      };
      image.onerror = reject;
      image.src = source;
    });
  }

  function caption() {
    var summary = document.getElementById("summary-text");
    return (summary ? summary.value : document.title).split("\n")[0];
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return Promise.reject(new Error("no clipboard"));
  }

  function shareSummary(button) {
    var field = document.getElementById(button.dataset.share);
    var data = { title: document.title, text: field.value };
    if (navigator.share) {
      navigator.share(data).catch(function () { /* the share sheet closed: nothing to say */ });
      return;
    }
    copyText(field.value).then(function () { say(button, "copied"); }, function () {
      field.closest("details").open = true;
      field.select();
      if (document.execCommand("copy")) say(button, "copied");
    });
  }

  function sharePicture(button) {
    picture(button.dataset.file).then(function (file) {
      if (navigator.canShare && navigator.canShare({ files: [file] })) {
        navigator.share({ files: [file], title: document.title }).catch(function () { /* closed */ });
        return;
      }
      var copied = window.ClipboardItem && navigator.clipboard && navigator.clipboard.write
        ? navigator.clipboard.write([new window.ClipboardItem({ "image/png": file })])
        : Promise.reject(new Error("no clipboard"));
      copied.then(function () { say(button, "copied"); }, function () {
        var link = document.createElement("a");
        link.href = URL.createObjectURL(file);
        link.download = file.name;
        document.body.appendChild(link);
        link.click();
        link.remove();
        say(button, "downloaded");
      });
    }, function () { say(button, "failed"); });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-share], button[data-share-picture]");
    if (!button) return;
    if (button.hasAttribute("data-share-picture")) sharePicture(button);
    else shareSummary(button);
  });
  document.addEventListener("DOMContentLoaded", function () {
    var picture = document.querySelector("button[data-share-picture]");
    if (picture && !drawing()) picture.hidden = true;
  });
})();
