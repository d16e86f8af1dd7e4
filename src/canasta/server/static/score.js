// The score pad in the browser (docs/scorepad.md, "In the browser"): the page only collects
// each side's entry as the rule set's own words; the server's score pad checks and scores
// it with the engine, and shows its breakdown or its reason for refusing.

import { rulesWords } from "./dom.js";
import { rulesChoice } from "./house.js";

const $ = (selector) => document.querySelector(selector);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "onclick") node.addEventListener("click", value);
    else if (value !== undefined && value !== null) node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

async function call(method, url, body) {
  const response = await fetch(url, {
    method, headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.message || "refused");
  return data;
}

// ---------------------------------------------------------------- the screen kept awake

let wakeLock = null;

async function keepAwake() {
  if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || wakeLock) return;
  try {
    wakeLock = await navigator.wakeLock.request("screen");
    $("#awake").textContent = "screen kept awake";
    wakeLock.addEventListener("release", () => { wakeLock = null; $("#awake").textContent = ""; });
  } catch (_) {
    // not allowed here (battery saver, an old browser): the pad works without it
  }
}
document.addEventListener("visibilitychange", keepAwake);

// ---------------------------------------------------------------- the list of games

async function showGames() {
  $("#games").hidden = false;
  const data = await call("GET", "/api/score");
  const list = $("#game-list");
  list.replaceChildren();
  for (const game of data.games) {
    const totals = game.sides.map((s, i) => `${s} ${game.totals[i].toLocaleString("en")}`).join(", ");
    const state = game.winner ? `${game.winner} won` : `${game.deals} deal${game.deals === 1 ? "" : "s"}`;
    list.append(el("li", {}, el("a", { href: `/score?game=${encodeURIComponent(game.name)}` },
      `${game.name} (${game.title}): ${totals}; ${state}`)));
  }
  if (!data.games.length) list.append(el("li", {}, "No game yet."));
  // with games listed the form is below them: a way down to it at the top
  $("#to-new-game").hidden = !data.games.length;
  $("#to-new-game").addEventListener("click", (event) => {
    event.preventDefault();  // a jump to the fragment would take the focus away again
    $("#new-game").scrollIntoView();
    $("#game-name").focus();
  });
  const select = $("#preset");
  for (const preset of data.presets) select.append(el("option", { value: preset.name }, preset.title));
  if (data.presets.some((p) => p.name === "classic")) select.value = "classic";  // as the table's form
  const drawSides = (preset) => {
    $("#preset-description").textContent = preset.description;
    $("#preset-rules-body").replaceChildren(...rulesWords(preset.words));
    const box = $("#side-names");
    const kept = [...box.querySelectorAll("input")].map((i) => i.value);
    box.replaceChildren(el("legend", {}, `Sides (${preset.sides})`));
    for (let n = 0; n < preset.sides; n++) {
      box.append(el("label", {}, `Side ${n + 1} `, el("input", {
        id: `side-name-${n}`, maxlength: "120", required: "", autocomplete: "off",
        value: kept[n] ?? "" })));
    }
  };
  const rules = rulesChoice(data.presets, drawSides);
  $("#create").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("#create-error").textContent = "";
    const chosen = await rules("preset");  // the form drawn for those rules: their sides
    const sides = [...$("#side-names").querySelectorAll("input")].map((i) => i.value);
    try {
      const game = await call("POST", "/api/score", { name: $("#game-name").value, ...chosen, sides });
      location.href = `/score?game=${encodeURIComponent(game.name)}`;
    } catch (error) {
      $("#create-error").textContent = error.message;
    }
  });
}

// ---------------------------------------------------------------- one game

let game = null;
let entries = [];   // per side: {word: value}; amounts by card are {word: {value: count}}
let byCard = [];    // per side: the amount words counted by card
let previewTimer = 0;
let undoArmed = false;
let editing = null;  // the number of the stored deal being corrected, or null: the next deal

function fieldsOf(kind) { return game.fields.filter((f) => f.kind === kind); }

function sent(side) {
  const out = {};
  for (const [word, value] of Object.entries(entries[side])) {
    if (typeof value === "object") {
      const parts = Object.entries(value).filter(([, n]) => n > 0).map(([v, n]) => `${n}x${v}`);
      if (parts.length) out[word] = parts.join("+");
    } else if (value) out[word] = value;
  }
  return out;
}

function stepper(id, value, onChange, step = 1, typed = false) {
  // typed: a number field as well, read as it is typed (no redraw, so it keeps the focus)
  const shown = typed
    ? el("input", { id, type: "number", inputmode: "numeric", min: "0", step: String(step), value: String(value) })
    : el("output", { id }, String(value));
  const current = () => (typed ? parseInt(shown.value, 10) || 0 : value);
  if (typed) shown.addEventListener("input", () => onChange(Math.max(0, current()), false));
  return el("div", { class: "stepper" },
    el("button", { type: "button", id: `${id}-minus`, "aria-label": "less", onclick: () => onChange(Math.max(0, current() - step)) }, "−"),
    shown,
    el("button", { type: "button", id: `${id}-plus`, "aria-label": "more", onclick: () => onChange(current() + step) }, "+"));
}

function changed(redraw = true) {
  if (redraw) drawEntry();
  clearTimeout(previewTimer);
  previewTimer = setTimeout(preview, 150);
}

function sideEntry(side) {
  const box = el("div", { class: "side-entry", id: `entry-${side}` }, el("h3", {}, game.sides[side]));
  const entry = entries[side];
  const prefix = `s${side}-`;
  for (const field of game.fields) {
    if (field.kind === "count") {
      box.append(el("div", { class: "field" }, el("span", { class: "question" }, field.question),
        stepper(prefix + field.word, entry[field.word] || 0, (v) => { entry[field.word] = v; changed(); })));
    } else if (field.kind === "amount") {
      const counted = byCard[side].has(field.word);
      const toggle = el("button", { type: "button", class: "by-card", id: `${prefix}${field.word}-by-card`,
        "aria-pressed": String(counted), onclick: () => {
          if (counted) { byCard[side].delete(field.word); entry[field.word] = 0; } else { byCard[side].add(field.word); entry[field.word] = {}; }
          changed();
        } }, counted ? "enter points" : "count by card");
      const row = el("div", { class: "field" }, el("span", { class: "question" }, field.question.replace(/ \(.*\)$/, ""), " ", toggle));
      box.append(row);
      if (counted) {
        const classes = el("div", { class: "classes" });
        for (const c of field.classes) {
          classes.append(el("div", { class: "field" }, el("span", { class: "question" }, `${c.cards} (${c.value})`),
            stepper(`${prefix}${field.word}-${c.value}`, entry[field.word][c.value] || 0,
              (v) => { entry[field.word][c.value] = v; changed(); })));
        }
        box.append(classes);
      } else {
        row.append(stepper(prefix + field.word, entry[field.word] || 0, (v, redraw) => { entry[field.word] = v; changed(redraw); }, 5, true));
      }
    } else if (!["out", "concealed", "had-melded"].includes(field.word) || (entry.out && field.word !== "out")) {
      const on = Boolean(entry[field.word]);
      box.append(el("div", { class: "field" }, el("button", { type: "button", class: "toggle", id: prefix + field.word,
        "aria-pressed": String(on), onclick: () => { entry[field.word] = !on; changed(); } }, field.question)));
    }
  }
  return box;
}

function drawEntry() {
  const out = $("#out-row");
  out.replaceChildren(el("span", { class: "question" }, "Who went out?"));
  const choices = [...game.sides.map((name, side) => [name, side]), ["nobody", -1]];
  for (const [name, side] of choices) {
    const pressed = side < 0 ? !entries.some((e) => e.out) : Boolean(entries[side].out);
    out.append(el("button", { type: "button", id: `out-${side < 0 ? "nobody" : side}`, "aria-pressed": String(pressed),
      onclick: () => {
        entries.forEach((e, n) => { e.out = n === side; if (n !== side) { e.concealed = false; e["had-melded"] = false; } });
        changed();
      } }, name));
  }
  $("#sides").replaceChildren(...game.sides.map((_, side) => sideEntry(side)));
}

function breakdown(deal) {
  const box = el("div");
  for (const side of deal.sides) {
    const rows = side.items.map(([label, value]) => el("tr", {}, el("td", {}, label), el("td", {}, value.toLocaleString("en"))));
    rows.push(el("tr", { class: "sum" }, el("td", {}, "this deal"), el("td", { class: "deal-score" }, side.score.toLocaleString("en"))));
    rows.push(el("tr", {}, el("td", {}, "total"), el("td", {}, side.total.toLocaleString("en"))));
    box.append(el("h3", {}, side.side), el("p", { class: "description" }, side.entry),
      el("table", { class: "breakdown" }, el("tbody", {}, ...rows)));
  }
  return box;
}

let asked = 0;  // the latest preview asked for: an older answer arriving late is dropped

async function preview() {
  const mine = ++asked;
  try {
    const data = await call("POST", "/api/score/preview", { name: game.name, entries: entries.map((_, n) => sent(n)),
      ...(editing === null ? {} : { number: editing }) });
    if (mine !== asked) return;
    $("#refusal").textContent = "";
    $("#preview").replaceChildren(breakdown(data.deal));
  } catch (error) {
    if (mine !== asked) return;
    $("#preview").replaceChildren();
    $("#refusal").textContent = error.message;
  }
}

function blank() {
  editing = null;
  entries = game.sides.map(() => ({}));
  byCard = game.sides.map(() => new Set());
}

// A stored deal's entries put back in the form to be corrected (``canasta score edit``): the
// deals after it are scored again when it is stored, and refused if one could not be true.
function startEdit(deal) {
  editing = deal.number;
  entries = deal.sides.map((side) => Object.fromEntries(Object.entries(side.fields).map(
    ([word, value]) => [word, typeof value === "object" ? { ...value } : value])));
  byCard = deal.sides.map((side) => new Set(Object.keys(side.fields).filter((w) => typeof side.fields[w] === "object")));
  drawMode();
  drawEntry();
  $("#entry").scrollIntoView();
  changed(false);
}

// The entry form for the next deal, or for the stored deal being corrected.
function drawMode() {
  const hidden = game.standing.over && editing === null;
  const number = editing ?? game.standing.next;
  $("#entry").hidden = hidden;
  $("#store").hidden = hidden;
  $("#entry").classList.toggle("editing", editing !== null);
  $("#deal-title").textContent = editing === null ? `Deal ${number}` : `Correcting deal ${number}`;
  $("#store").textContent = editing === null ? `Store deal ${number}` : `Store corrected deal ${number}`;
  $("#undo").hidden = editing !== null;
  $("#cancel-edit").hidden = editing === null;
}

function drawGame() {
  const standing = game.standing;
  document.title = `${game.name}: score pad`;
  $("#game-title").textContent = game.name;
  $("#game-rules").textContent = `${game.title}: ${game.description}`;
  $("#game-rules-body").replaceChildren(...rulesWords(game.words));
  const over = standing.over;
  $("#minimum-head").hidden = over;
  $("#needed-head").hidden = over || standing.needed === null;
  $("#standing tbody").replaceChildren(...game.sides.map((name, side) => el("tr", { id: `standing-${side}` },
    el("td", {}, name), el("td", { class: "total" }, standing.totals[side].toLocaleString("en")),
    ...(over ? [] : [el("td", { class: "minimum" }, String(standing.minimums[side]))]),
    ...(over || standing.needed === null ? [] : [el("td", { class: "needed" }, standing.needed[side].toLocaleString("en"))]))));
  $("#winner").textContent = over ? `${standing.winner} won` : "";
  $("#again").hidden = !over;
  $("#level").textContent = standing.level ? "The leaders are level: another deal is played." : "";
  const file = encodeURIComponent(game.name);
  $("#export-csv").href = `/api/score/export?name=${file}&format=csv`;
  $("#export-json").href = `/api/score/export?name=${file}&format=json`;
  drawMode();
  $("#undo").disabled = !game.deals.length;
  undoArmed = false;
  $("#undo").textContent = "Undo last deal";
  $("#deal-list").replaceChildren(...[...game.deals].reverse().map((deal) => el("li", {},
    el("details", {}, el("summary", {}, `Deal ${deal.number}: ` + deal.sides.map((s) => `${s.side} ${s.score.toLocaleString("en")}`).join(", ")),
      breakdown(deal),
      el("button", { type: "button", class: "correct", id: `correct-${deal.number}`, onclick: () => startEdit(deal) },
        `Correct deal ${deal.number}`)))));
  $("#preview").replaceChildren();
  $("#refusal").textContent = "";
  if (!over || editing !== null) drawEntry();
}

async function showGame(name) {
  $("#game").hidden = false;
  try {
    game = await call("GET", `/api/score/game?name=${encodeURIComponent(name)}`);
  } catch (error) {
    $("#game-title").textContent = error.message;
    $("#entry").hidden = true;
    $("#actions").hidden = true;
    return;
  }
  blank();
  drawGame();
  $("#store").addEventListener("click", async () => {
    clearTimeout(previewTimer);
    asked++;
    const request = { name: game.name, entries: entries.map((_, n) => sent(n)) };
    try {
      if (editing === null) {
        game = await call("POST", "/api/score/deal", request);
      } else {
        game = await call("POST", "/api/score/edit", { ...request, number: editing });
      }
      const stored = game.deals[(game.edited ?? game.deals.length) - 1];
      blank();
      drawGame();
      $("#preview").replaceChildren(el("p", {}, `Deal ${stored.number} ${game.edited ? "corrected" : "stored"}.`),
        breakdown(stored));
    } catch (error) {
      $("#refusal").textContent = `Not stored: ${error.message}`;
    }
  });
  $("#again").addEventListener("click", async () => {
    try {
      const next = await call("POST", "/api/score/again", { name: game.name });
      location.href = `/score?game=${encodeURIComponent(next.name)}`;
    } catch (error) {
      $("#refusal").textContent = error.message;
    }
  });
  $("#cancel-edit").addEventListener("click", () => {
    clearTimeout(previewTimer);
    asked++;
    blank();
    drawGame();
  });
  $("#undo").addEventListener("click", async () => {
    if (!undoArmed) {
      undoArmed = true;
      $("#undo").textContent = `Tap again: take back deal ${game.deals.length}`;
      return;
    }
    try {
      game = await call("POST", "/api/score/undo", { name: game.name });
      const undone = game.undone;
      drawGame();
      $("#preview").replaceChildren(el("p", {}, `Deal ${undone} taken back.`));
    } catch (error) {
      $("#refusal").textContent = error.message;
    }
  });
}

const name = new URLSearchParams(location.search).get("game");
keepAwake();
if (name) showGame(name); else showGames();
