// The print pages' "Print" button: shown only when this script runs, so without
// JavaScript the page simply says to use the browser's own Print command.
document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("button[data-print]")) {
    button.hidden = false;
    button.addEventListener("click", () => window.print());
  }
});
