// A seat's review on the replay page: each of its decisions judged by the search bot on the
// seat's own information, made by the server in the background (docs/protocol.md "Reviews").
// The page asks for it, shows its progress, marks the moves (?! inaccuracy, ? mistake,
// ?? blunder) and says, at each judged move, what the search found better and why. Every word
// is the server's (its presentation layer); this module only places them.
import { $, el } from "./dom.js";

const POLL = 1000;  // ms between looks at a review under way
const PLURAL = { blunder: "blunders", mistake: "mistakes", inaccuracy: "inaccuracies" };
const review = { base: null, page: null, seat: null, names: [], state: "none", lines: [], byStep: new Map(), total: null, marks: {}, timer: null, asked: 0 };

async function api(path, options) {
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data;
}

// The review's part of the page's address (review=N), kept as the player steps.
export const reviewQuery = () => (review.seat === null ? "" : `&review=${review.seat}`);

// Set the review up once the move list is known: the seats to choose from, the buttons;
// ``page`` tells the step shown (``step()``) and goes to another (``go(step)``).
export function setupReview(base, names, seat, page) {
  review.base = base;
  review.names = names;
  review.page = page;
  const choose = $("review-seat");
  if (choose.options.length) return show();  // the move list was drawn again: mark it again
  {
    choose.append(el("option", { value: "" }, "nobody"));
    names.forEach((name, s) => choose.append(el("option", { value: String(s) }, name)));
    choose.addEventListener("change", () => pick(choose.value === "" ? null : Number(choose.value)));
    $("review-start").addEventListener("click", begin);
    $("review-prev").addEventListener("click", () => jump(-1));
    $("review-next").addEventListener("click", () => jump(1));
  }
  pick(seat);
}

function pick(seat) {
  clearTimeout(review.timer);
  review.seat = seat !== null && seat >= 0 && seat < review.names.length ? seat : null;
  $("review-seat").value = review.seat === null ? "" : String(review.seat);
  review.state = "none";
  review.lines = [];
  review.byStep = new Map();
  show();
  if (review.seat !== null) look();
}

async function look() {
  const asked = ++review.asked;
  try {
    const data = await api(`${review.base}?seat=${review.seat}`);
    if (asked === review.asked) took(data);
  } catch (error) {
    $("review-progress").textContent = error.message;
  }
}

async function begin() {
  const asked = ++review.asked;
  $("review-start").disabled = true;
  try {
    const data = await api(`${review.base}?seat=${review.seat}`, { method: "POST" });
    if (asked === review.asked) took(data);
  } catch (error) {
    $("review-progress").textContent = error.message;
  } finally {
    $("review-start").disabled = false;
  }
}

function took(data) {
  review.state = data.state;
  review.lines = data.lines;
  review.byStep = new Map(data.lines.map((line) => [line.step, line]));
  review.total = data.total;
  review.marks = data.marks;
  show();
  clearTimeout(review.timer);
  if (data.state === "running") review.timer = setTimeout(look, POLL);
}

function counts() {
  const found = Object.entries(review.marks || {}).filter(([, n]) => n > 0).map(([mark, n]) => `${n} ${n === 1 ? mark : PLURAL[mark]}`);
  return found.length ? found.join(", ") : "nothing marked";
}

// The bar's words and buttons, the move list's marks, the current move's note.
function show() {
  const name = review.seat === null ? "" : review.names[review.seat];
  const start = $("review-start");
  start.hidden = review.seat === null || review.state === "running" || review.state === "done";
  start.textContent = review.state === "stopped" ? "Go on reviewing" : `Review ${name}'s play`;
  const words = {
    none: review.seat === null ? "" : `${review.total ?? "?"} decisions to judge`,
    running: `judging… ${review.lines.length} of ${review.total} decisions`,
    stopped: `stopped at ${review.lines.length} of ${review.total} decisions`,
    done: `${review.total} decisions: ${counts()}`,
  };
  $("review-progress").textContent = words[review.state] || "";
  const marked = review.lines.some((line) => line.mark);
  $("review-prev").hidden = $("review-next").hidden = !marked;
  for (const item of document.querySelectorAll("#moves li")) {
    item.querySelector(".mark")?.remove();
    const line = review.byStep.get(Number(item.dataset.step));
    if (line && line.mark) item.append(el("span", { class: `mark mark-${line.mark}`, title: line.mark }, line.symbol));
  }
  noteFor(review.page.step());
}

// The note under the bar for the move just made at ``step``, if it was a judged decision.
export function noteFor(step) {
  const note = $("review-note");
  const line = review.byStep.get(step);
  note.hidden = !line;
  if (!line) return note.replaceChildren();
  const name = review.names[review.seat];
  const lost = line.short ? `: ${line.short}` : "";
  const head = el("div", { class: "note-head" },
    ...(line.mark ? [el("span", { class: `mark mark-${line.mark}` }, line.symbol), el("b", {}, ` ${line.mark[0].toUpperCase()}${line.mark.slice(1)}`), " · "] : []),
    `${name} chose to `, el("i", {}, line.chosen.words), `${lost}.`);
  note.className = line.mark ? `marked mark-${line.mark}` : "";
  note.replaceChildren(head, el("div", { class: "note-why" }, line.why));
}

function jump(way) {
  const here = review.page.step();
  const steps = review.lines.filter((line) => line.mark).map((line) => line.step);
  const next = way > 0 ? steps.find((s) => s > here) : steps.reverse().find((s) => s < here);
  if (next !== undefined) review.page.go(next);
}
