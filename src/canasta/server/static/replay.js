// The replay of a finished game: the table as it was after any move, face up or from one
// seat's eyes. Every frame is the server's (made by its presentation layer, docs/protocol.md
// "Replay"); this page only asks for the step and draws it with the live table's code.
import { setFourColours } from "./cards.js";
import { $, el, game, rulesWords } from "./dom.js";
import { drawHand } from "./hand.js";
import { lastMoves } from "./motion.js";
import { noteFor, reviewQuery, setupReview } from "./review.js";
import { breakdown, drawTable, drawTopbar } from "./table.js";

const replay = { base: null, review: null, steps: 0, step: 0, seat: "all", moves: [], names: [], asked: 0, reviewing: null };

async function api(path, options) {
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data;
}

function show(id) {
  for (const name of ["upload", "game"]) $(name).hidden = name !== id;
}

const query = () => `seat=${replay.seat === "all" ? "all" : replay.seat}`;

function still() {}

function draw(frame) {
  game.frame = frame;
  game.last = lastMoves(frame.facts);
  setFourColours(game.fourColours);
  document.body.classList.toggle("face-up", frame.you === null);
  drawTopbar(frame.facts, false);
  drawTable(frame, { still: true, act: still, lay: still, discard: still, drawAction: null, dropTarget: still });
  $("me").hidden = frame.you === null;
  if (frame.you !== null) drawHand(frame, { redraw: () => draw(game.frame), startDrag: still, endDrag: still });
  const step = frame.step;
  $("where").textContent = step === 0 ? `the deal · ${replay.steps} moves` : `move ${step} of ${replay.steps}`;
  const move = replay.moves[step - 1];
  $("move-words").textContent = move ? move.words : "";
  $("first").disabled = $("back").disabled = step === 0;
  $("forward").disabled = $("last").disabled = step === replay.steps;
  const ended = move && move.deal_end;
  $("deal-end").hidden = !ended;
  $("deal-end").replaceChildren(...(ended ? [el("h2", {}, `Deal ${frame.facts.last_deal.deal} is over`), breakdown(frame.facts.last_deal)] : []));
  for (const node of document.querySelectorAll("#moves li")) {
    const on = Number(node.dataset.step) === step;
    node.classList.toggle("current", on);
    if (on) node.querySelector("button").setAttribute("aria-current", "step"); else node.querySelector("button").removeAttribute("aria-current");
  }
  scrollTo(document.querySelector("#moves li.current"));
  noteFor(step);
  const table = frame.table;
  $("fairness").textContent = table.seed ? `Seed ${table.seed}; its SHA-256 ${table.seed_hash} was published at the start.` : "";
}

// The move list scrolls to the current move (the page itself stays where it is).
function scrollTo(item) {
  const list = $("moves");
  if (!item) return;
  const top = item.offsetTop;
  if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = top - list.clientHeight / 2;
  }
}

async function go(step) {
  const wanted = Math.max(0, Math.min(replay.steps, step));
  const asked = ++replay.asked;
  try {
    const frame = await api(`${replay.base}?${query()}&step=${wanted}`);
    if (asked !== replay.asked) return;  // a later click won
    replay.step = wanted;
    history.replaceState(null, "", `${location.pathname}?${query()}&step=${wanted}${reviewQuery()}`);
    $("status").textContent = "replay";
    draw(frame);
  } catch (error) {
    $("status").textContent = error.message;
  }
}

async function load() {
  const listing = await api(`${replay.base}?${query()}`);
  replay.steps = listing.steps;
  replay.moves = listing.moves;
  replay.names = listing.names;
  const choose = $("viewpoint");
  if (!choose.options.length) {
    choose.append(el("option", { value: "all" }, "face up: every hand"));
    listing.names.forEach((name, seat) => choose.append(el("option", { value: String(seat) }, `${name}'s eyes`)));
  }
  choose.value = String(replay.seat);
  $("rules-box").querySelector("summary").textContent = `Rules: ${listing.rules.title}`;
  $("rules-box-body").replaceChildren(el("p", { class: "description" }, listing.rules.description),
    ...rulesWords(listing.rules.words));
  $("moves").replaceChildren(el("li", { "data-step": 0 }, el("button", { type: "button", on: { click: () => go(0) } }, "the deal")),
    ...listing.moves.map((m) => el("li", { "data-step": m.step, class: m.deal_end ? "deal-end" : "" },
      el("button", { type: "button", on: { click: () => go(m.step) } }, m.words))));
  setupReview(replay.review, listing.names, replay.reviewing, { step: () => replay.step, go });
  await go(replay.step);
}

async function start(base, review) {
  replay.base = base;
  replay.review = review;
  const params = new URLSearchParams(location.search);
  const seat = params.get("seat");
  replay.seat = seat && /^\d+$/.test(seat) ? Number(seat) : "all";
  const reviewing = params.get("review");
  replay.reviewing = reviewing && /^\d+$/.test(reviewing) ? Number(reviewing) : null;
  replay.step = Number(params.get("step")) || 0;
  show("game");
  $("viewpoint").addEventListener("change", () => { replay.seat = $("viewpoint").value === "all" ? "all" : Number($("viewpoint").value); load(); });
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(replay.step - 1));
  $("forward").addEventListener("click", () => go(replay.step + 1));
  $("last").addEventListener("click", () => go(replay.steps));
  document.addEventListener("keydown", (event) => {
    if (event.target.tagName === "INPUT" || event.target.tagName === "SELECT" || event.ctrlKey || event.metaKey || event.altKey) return;
    const keys = { ArrowLeft: replay.step - 1, ArrowRight: replay.step + 1, Home: 0, End: replay.steps };
    if (event.key in keys) { event.preventDefault(); go(keys[event.key]); }
  });
  try {
    await load();
  } catch (error) {  // a game in progress, an unknown table: say so, offer a file instead
    upload();
    $("upload-error").textContent = error.message;
  }
}

function upload() {
  show("upload");
  $("record-file").addEventListener("change", async () => {
    const file = $("record-file").files[0];
    $("upload-error").textContent = "";
    if (!file) return;
    try {
      const made = await api("/api/replays", { method: "POST", headers: { "content-type": "application/json" }, body: await file.text() });
      location.assign(`/replay/file/${made.id}`);
    } catch (error) {
      $("upload-error").textContent = error.message;
    }
  });
}

const path = location.pathname.split("/").filter(Boolean);
if (path[1] === "file" && path[2]) start(`/api/replays/${path[2]}`, `/api/replays/${path[2]}/review`);
else if (path[1]) start(`/api/tables/${path[1]}/replay`, `/api/tables/${path[1]}/review`);
else upload();
