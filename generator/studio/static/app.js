// The colour studio's page: controls for every colour key, a live preview and the colour checks.
// It keeps no colour logic of its own: every change goes to the studio's JSON API, which parses
// it as the command line does and answers with the pictures (SVG from the kit's own writer) and
// the checks. A value the API refuses is shown and undone, so nothing bad is ever applied.
// Its words come in the page's language: its own from the page (a JSON block the server fills in
// from generator/studio/page.py), those about the data with the API's answers.
"use strict";

const SECTIONS = ["tile", "A", "B", "C", "pips", "chinese", "picture", "back", "board", "sheet"];
const PICTURES = {
  tiles: ["A1-front", "A2-front", "B1-front", "B2-front", "C1-front", "C2-front",
          "A1-back", "A2-back", "B1-back", "B2-back", "C1-back", "C2-back"],
  others: ["double-12-1", "double-12-2", "double-12-3", "double-12-back", "board", "setup-card"],
};

// The studio's token, from the address `opendomino studio` opened (…/?token=…): every API request
// carries it in a header, which no other web page can make the browser send.
const TOKEN = new URLSearchParams(location.search).get("token") || "";
const TOKEN_HEADER = "X-Studio-Token";

let info = null;                 // what /api/state said
let choice = null;               // what the page asks for now
let lastGood = null;             // the last choice the API accepted
const undoStack = [];
let timer = null;
let requestNumber = 0;

const $ = (id) => document.getElementById(id);

const WORDS = JSON.parse($("words").textContent);

// One of the page's words, its {name} fields filled in from `values`.
function say(name, values = {}) {
  return WORDS[name].replace(/\{(\w+)\}/g, (field, key) => (key in values ? String(values[key]) : field));
}

function sectionTitle(prefix) {
  return /^[ABC]$/.test(prefix) ? say("section-set", {name: prefix}) : say(`section-${prefix}`);
}

// A picture's caption: "A1 front", "double-12 back", "double-12, tile 1", "board corner".
function caption(id) {
  const side = id.match(/^(.*)-(front|back)$/);
  if (side) return say(side[2], {name: side[1]});
  const numbered = id.match(/^(.*)-(\d+)$/);
  if (numbered) return say("numbered", {name: numbered[1], number: numbered[2]});
  return id in WORDS ? say(id) : id;
}

// Buttons are made unavailable with aria-disabled, not `disabled`: a focused button that becomes
// disabled drops the keyboard's place to the top of the page. Their handlers ask `available`.
function setAvailable(button, yes) { button.setAttribute("aria-disabled", String(!yes)); }
function available(button) { return button.getAttribute("aria-disabled") !== "true"; }

// The page's language switch: the server remembers the choice (a cookie) and the page reloads in it.
// What the user has chosen so far, and what Undo would bring back, go along in the tab's session
// storage: a reload would otherwise lose them.
const KEPT = "opendomino-studio-choice";

async function chooseLanguage(language) {
  const response = await post("/api/language", {language});
  if (!response.ok) { showError((await response.json()).error); return; }
  try {
    sessionStorage.setItem(KEPT, JSON.stringify({choice: lastGood, undo: undoStack, name: themeName()}));
  } catch (error) { /* storage refused (private mode, full): the page reloads without it */ }
  location.reload();
}

// What chooseLanguage kept, once: the choice (if its theme still exists) and the undo steps.
function keptWork() {
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(KEPT));
    sessionStorage.removeItem(KEPT);
  } catch (error) { return null; }
  return kept && kept.choice && kept.choice.theme in info.themes ? kept : null;
}

function fresh(theme) {
  return {theme, colours: {}, arrow_styles: {}, vision: choice ? choice.vision : "normal",
          proof: choice ? choice.proof : false, name: themeName()};
}

// The name is the field's, whatever Undo or Reset bring back: it is not a colour to undo.
function themeName() { return $("name").value || "my-theme"; }

function copy(value) { return JSON.parse(JSON.stringify(value)); }

function get(path) {
  return fetch(path, {headers: {[TOKEN_HEADER]: TOKEN}});
}

function post(path, body) {
  return fetch(path, {method: "POST", headers: {"Content-Type": "application/json", [TOKEN_HEADER]: TOKEN},
                      body: JSON.stringify(body)});
}

// A file the API answers with, saved as a download (a plain link could not send the token).
async function download(response, fallbackName) {
  const name = (response.headers.get("Content-Disposition") || "").match(/filename="([^"]+)"/);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = name ? name[1] : fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

// A refused colour: its message under its own field (the list is long: a message at the top of it
// was often out of sight), the field marked invalid, and the field back at the colour in use.
function showKeyError(key, message) {
  clearKeyErrors();
  const row = document.querySelector(`.key[data-key="${CSS.escape(key)}"]`);
  if (!row) { showError(message); return; }
  const text = $(`text-${key}`);
  const note = document.createElement("p");
  note.className = "key-error"; note.id = `error-${key}`; note.setAttribute("role", "alert");
  note.textContent = message;
  row.append(note);
  text.setAttribute("aria-invalid", "true");
  text.setAttribute("aria-describedby", note.id);
  text.value = lastGood.colours[key] || (lastValues && lastValues[key] ? lastValues[key].hex : "");
  row.scrollIntoView({block: "nearest"});
}

function clearKeyErrors() {
  document.querySelectorAll(".key-error").forEach((note) => note.remove());
  document.querySelectorAll(".key input[aria-invalid]").forEach((text) => {
    text.removeAttribute("aria-invalid"); text.removeAttribute("aria-describedby");
  });
}

function buildControls() {
  for (const name of Object.keys(info.themes)) {
    const option = document.createElement("option");
    // the name alone: a select cannot wrap, so the description is shown below it (showTheme)
    option.value = name; option.textContent = name;
    $("theme").append(option);
  }
  for (const vision of info.visions) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "radio"; input.name = "vision"; input.value = vision; input.id = `vision-${vision}`;
    input.checked = vision === "normal";
    input.addEventListener("change", () => { choice.vision = vision; schedule(0); });
    label.append(input, ` ${info.vision_names[vision]} `);
    $("vision").append(label);
  }
  for (const prefix of SECTIONS) {
    const keys = info.keys.filter((k) => k.key.split(".")[0] === prefix);
    if (!keys.length) continue;
    const heading = document.createElement("h2");
    heading.textContent = sectionTitle(prefix);
    $("keys").append(heading);
    for (const {key, help} of keys) {
      const row = document.createElement("div");
      row.className = "key"; row.dataset.key = key;
      const picker = document.createElement("input");
      picker.type = "color"; picker.id = `pick-${key}`; picker.title = key;
      const label = document.createElement("label");
      label.htmlFor = `text-${key}`; label.id = `label-${key}`;
      picker.setAttribute("aria-labelledby", label.id);      // the picker's name: the key and what it colours
      label.innerHTML = `${key}<small></small>`;
      label.querySelector("small").textContent = help;
      const text = document.createElement("input");
      text.type = "text"; text.id = `text-${key}`; text.spellcheck = false;
      text.title = say("colour-syntax");
      picker.addEventListener("input", () => change(key, picker.value));
      picker.addEventListener("change", () => { dragging = null; });     // the drag has ended: one undo step
      text.addEventListener("change", () => { dragging = null; change(key, text.value.trim()); });
      const figures = document.createElement("span");
      figures.className = "figures"; figures.id = `checks-${key}`;
      // In the print preview: the colour as printed, and its distance from the screen colour.
      const print = document.createElement("span");
      print.className = "print"; print.id = `print-${key}`;
      row.append(picker, label, text, figures, print);
      $("keys").append(row);
      if (/^[ABC]\.group[12]$/.test(key)) {
        const styleRow = document.createElement("div");
        styleRow.className = "key";
        const select = document.createElement("select");
        select.id = `style-${key}`;
        select.setAttribute("aria-label", say("arrow-style-of", {key}));
        for (const style of info.arrow_styles) {
          const option = document.createElement("option");
          option.value = style; option.textContent = say(`arrow-${style}`);
          select.append(option);
        }
        select.addEventListener("change", () => changeStyle(key, select.value));
        styleRow.append(document.createElement("span"), select);
        $("keys").append(styleRow);
      }
    }
  }
  const makeFigures = (ids, target) => {
    for (const id of ids) {
      const figure = document.createElement("figure");
      const img = document.createElement("img");
      img.id = `pic-${id}`; img.alt = caption(id);
      if (id === "board" || id === "setup-card") img.className = "wide";
      const words = document.createElement("figcaption");
      words.textContent = caption(id);
      words.setAttribute("aria-hidden", "true");    // the picture says its name: heard once, not twice
      figure.append(img, words);
      $(target).append(figure);
    }
  };
  makeFigures(PICTURES.tiles, "tiles");
  makeFigures(PICTURES.others, "others");
  $("printing").textContent = info.printing;
  $("proof").addEventListener("change", () => { choice.proof = $("proof").checked; schedule(0); });
}

function remember() {
  dragging = null;
  undoStack.push(copy(lastGood));
  setAvailable($("undo"), true);
}

// The key a colour picker is being dragged on: its many input events make one undo step.
let dragging = null;
let changedKey = null;          // the key of the change on its way to the API, for its error

function change(key, value) {
  if (!value) {                 // an emptied field: nothing to apply, so it shows the colour in use again
    $(`text-${key}`).value = choice.colours[key] || (lastValues && lastValues[key] ? lastValues[key].hex : "");
    return;
  }
  if (dragging !== key) {
    remember();
    dragging = key;
  }
  changedKey = key;
  choice.colours[key] = value;
  schedule(120);
}

function changeStyle(key, style) {
  remember();
  choice.arrow_styles[key] = style;
  schedule(0);
}

function schedule(delay) {
  clearTimeout(timer);
  timer = setTimeout(refresh, delay);
}

async function refresh() {
  const number = ++requestNumber;
  const asked = copy(choice);
  const key = changedKey;
  changedKey = null;
  const response = await post("/api/preview", asked);
  if (number !== requestNumber) return;            // a newer change is on its way
  const data = await response.json();
  if (!response.ok) {
    choice = copy(lastGood);                       // the refused value changes nothing
    undoStack.pop();
    dragging = null;
    setAvailable($("undo"), undoStack.length > 0);
    showValues(lastValues);
    if (key && data.key === key) showKeyError(key, data.error); else showError(data.error);
    return;
  }
  showError("");
  clearKeyErrors();
  lastGood = asked;
  show(data);
}

let lastValues = null;

function showTheme() {
  $("theme").value = choice.theme;
  $("theme-description").textContent = info.themes[choice.theme].description;
}

function showValues(values) {
  showTheme();
  if (!values) return;
  for (const [key, colour] of Object.entries(values)) {
    const picker = $(`pick-${key}`), text = $(`text-${key}`);
    if (picker) picker.value = colour.hex;
    if (text && document.activeElement !== text) text.value = choice.colours[key] || colour.hex;
  }
  for (const [key, style] of Object.entries(info.themes[choice.theme].arrow_styles)) {
    $(`style-${key}`).value = choice.arrow_styles[key] || style;
  }
}

function show(data) {
  for (const [name, svg] of Object.entries(data.svg)) {
    const img = $(`pic-${name}`);
    if (img) img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
  }
  lastValues = data.colours;
  showValues(data.colours);
  showPrint(data);
  const failing = new Set(data.checks.filter((c) => !c.passed).flatMap((c) => c.keys));
  $("checks").replaceChildren();
  const shown = data.checks.filter((c) => !c.passed).concat(data.checks.filter((c) => c.passed && !c.printed));
  for (const check of shown) {
    const item = document.createElement("li");
    item.className = check.passed ? "pass" : "fail";
    item.dataset.rule = check.rule;
    item.textContent = check.detail;
    $("checks").append(item);
  }
  $("summary").textContent = data.summary;
  document.querySelectorAll(".key[data-key]").forEach((row) => {
    row.classList.toggle("failing", failing.has(row.dataset.key));
    // Beside each colour: the figure of every check about it (screen colours; CMYK where it fails).
    const about = data.checks.filter((c) => c.keys.includes(row.dataset.key) && c.figure &&
                                            (!c.printed || !c.passed));
    const worst = new Map();
    for (const check of about) {
      const label = `${check.rule_name}${check.printed ? " (CMYK)" : ""}`;
      if (!worst.has(label) || !check.passed) worst.set(label, check);
    }
    $(`checks-${row.dataset.key}`).textContent = [...worst.entries()]
      .map(([label, c]) => `${c.passed ? "✓" : "✗"} ${label} ${c.figure}`).join(" · ");
  });
}

// Beside each colour, in the print preview: a chip of the colour as printed, its CMYK in a shop
// file, and ΔE2000 from the screen colour; a mark where that is above the limit (out of the press's
// gamut for a colour given as RGB; a stated CMYK that prints unlike its hex otherwise).
function showPrint(data) {
  document.body.classList.toggle("proof", choice.proof);
  for (const [key, printed] of Object.entries(data.print)) {
    const span = $(`print-${key}`), row = span && span.closest(".key");
    if (!span) continue;
    const chip = document.createElement("span");
    chip.className = "chip"; chip.style.background = printed.hex; chip.title = say("printed", {hex: printed.hex});
    const cmyk = data.colours[key].cmyk.map((v) => Math.round(v)).join("/");
    const why = say(printed.derived ? "out-of-gamut" : "stated-cmyk");
    const words = printed.marked ? say("prints-away-marked", {delta: printed.delta_e, why})
                                 : say("prints-away", {delta: printed.delta_e});
    span.replaceChildren(chip, `CMYK ${cmyk} · ${words}`);
    span.classList.toggle("marked", printed.marked);
    row.classList.toggle("marked", choice.proof && printed.marked);
  }
  // Always in the page (a live region that appears as it fills is often not read out): empty, and
  // so out of sight, without the print preview.
  $("gamut-summary").textContent = choice.proof ? data.print_summary : "";
}

async function saveTheme() {
  choice.name = themeName();
  const response = await post("/api/theme", choice);
  if (!response.ok) { showError((await response.json()).error); return; }
  showError("");
  await download(response, "my-theme.toml");
}

async function downloadKit(event) {
  event.preventDefault();
  const response = await get(event.currentTarget.dataset.path);
  if (!response.ok) { $("build-message").textContent = (await response.json()).error; return; }
  await download(response, "open-domino-kit.zip");
}

async function buildKit() {
  if (!available($("build"))) return;         // a build is running
  setAvailable($("build"), false);
  $("download").hidden = true;
  $("progress").hidden = false;
  $("progress").value = 0;
  $("build-message").textContent = say("building");
  const response = await post("/api/build", choice);
  const build = await response.json();
  if (!response.ok) {
    $("build-message").textContent = build.error;
    setAvailable($("build"), true);
    return;
  }
  showError("");
  const poll = async () => {
    const state = await (await get(`/api/build/${build.id}`)).json();
    $("progress").value = state.progress;
    if (state.state === "running") { setTimeout(poll, 300); return; }
    setAvailable($("build"), true);
    $("build-message").textContent = say(state.state === "done" ? "built" : "failed", {message: state.message});
    if (state.state === "done") {
      $("download").href = "#";
      $("download").dataset.path = `/api/build/${build.id}/kit.zip`;
      $("download").hidden = false;
    }
  };
  poll();
}

async function start() {
  for (const button of document.querySelectorAll("#languages button")) {
    button.addEventListener("click", () => chooseLanguage(button.dataset.language));
  }
  const response = await get("/api/state");
  if (!response.ok) { showError((await response.json()).error); return; }
  info = await response.json();
  buildControls();
  const kept = keptWork();
  if (kept) {
    $("name").value = kept.name;
    undoStack.push(...kept.undo);
    setAvailable($("undo"), undoStack.length > 0);
  }
  choice = kept ? {...kept.choice, name: themeName()} : fresh("classic");
  lastGood = copy(choice);
  $("proof").checked = Boolean(choice.proof);
  const vision = $(`vision-${choice.vision}`);
  if (vision) vision.checked = true;
  showTheme();
  $("theme").addEventListener("change", () => {
    remember(); choice = fresh($("theme").value); showTheme(); schedule(0);
  });
  $("name").addEventListener("change", () => { choice.name = themeName(); lastGood.name = choice.name; });
  $("undo").addEventListener("click", () => {
    if (!undoStack.length) return;
    choice = {...undoStack.pop(), name: themeName()};
    showTheme();
    $("proof").checked = Boolean(choice.proof);
    setAvailable($("undo"), undoStack.length > 0);
    schedule(0);
  });
  $("reset").addEventListener("click", () => { remember(); choice = fresh(choice.theme); schedule(0); });
  $("save").addEventListener("click", saveTheme);
  $("build").addEventListener("click", buildKit);
  $("download").addEventListener("click", downloadKit);
  refresh();
}

start();
