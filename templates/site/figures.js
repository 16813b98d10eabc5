// A figure opened large by a tap closes by going back to where the tap was, so that the browser's
// Back button afterwards leaves the figure instead of opening it again. The frame is the page's
// :target; without this script the links work as they are (Close goes to the figure's place).
"use strict";
let opening = false;
for (const link of document.querySelectorAll(".large a.open")) {
  link.addEventListener("click", () => { opening = true; });
}
window.addEventListener("hashchange", () => {
  if (opening) history.replaceState({openedByTap: true}, "");   // this history entry is the open frame
  opening = false;
});
for (const link of document.querySelectorAll(".large a.close")) {
  link.addEventListener("click", (event) => {
    if (history.state && history.state.openedByTap) {
      event.preventDefault();
      history.back();
    }
  });
}
