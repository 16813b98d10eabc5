// A figure opened large by a tap closes by going back to where the tap was, so that the browser's
// Back button afterwards leaves the figure instead of opening it again. The frame is the page's
// :target; without this script the links work as they are (Close goes to the figure's place).
// For the keyboard and screen readers: an open frame is a modal dialog named by the figure's
// caption, with the focus on its Close link and kept there (the page behind is covered); Escape
// closes it, and once closed the focus is back on its Enlarge link.
"use strict";
let opening = false;
let opened = null;              // the frame open now
for (const link of document.querySelectorAll(".large a.open")) {
  link.addEventListener("click", () => { opening = true; });
}

function frameOf(hash) {
  const target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  return target && target.classList.contains("large") ? target : null;
}

function asDialog(frame, open) {
  if (open) {
    frame.setAttribute("role", "dialog");
    frame.setAttribute("aria-modal", "true");
    frame.setAttribute("aria-labelledby", frame.closest("figure").querySelector("figcaption").id);
  } else {
    for (const name of ["role", "aria-modal", "aria-labelledby"]) frame.removeAttribute(name);
  }
}

function followTheAddress() {
  const frame = frameOf(location.hash);
  if (frame) {
    if (opened && opened !== frame) asDialog(opened, false);
    opened = frame;
    asDialog(frame, true);
    frame.querySelector("a.close").focus();
  } else if (opened) {
    const enlarge = opened.querySelector("a.open");
    asDialog(opened, false);
    opened = null;
    enlarge.focus();
  }
}

window.addEventListener("hashchange", () => {
  if (opening) history.replaceState({openedByTap: true}, "");   // this history entry is the open frame
  opening = false;
  followTheAddress();
});
for (const link of document.querySelectorAll(".large a.close")) {
  link.addEventListener("click", (event) => {
    if (history.state && history.state.openedByTap) {
      event.preventDefault();
      history.back();
    }
  });
}
document.addEventListener("keydown", (event) => {
  if (!opened) return;
  if (event.key === "Escape") {
    event.preventDefault();
    opened.querySelector("a.close").click();
  } else if (event.key === "Tab") {
    event.preventDefault();                     // Close is the frame's one stop
    opened.querySelector("a.close").focus();
  }
});
// A page opened at a frame's address: once loaded, after the browser's own move to that address,
// which would take the focus again.
window.addEventListener("load", () => requestAnimationFrame(followTheAddress));
