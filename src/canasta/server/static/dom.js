// Small helpers of the page: find by id, make an element, ask the server, the rules in words, the page's state.

export const $ = (id) => document.getElementById(id);

export const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "on") for (const [type, fn] of Object.entries(value)) node.addEventListener(type, fn);
    else if (key === "html") node.innerHTML = value;
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
};

// A GET of `path` (a POST of `body` as JSON), its JSON answer; the server's reason thrown
// for a refusal.
export async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data;
}

// A rule set's main rules in plain words (the server's ``rules_in_words``), topic by topic:
// a section each, named by the topic's id (what a refused move's error names).
export const rulesWords = (words) => words.map(({ id, topic, lines }) => el("section", { "data-topic": id },
  el("h3", {}, topic), el("ul", {}, ...lines.map((line) => el("li", {}, line)))));

// What the page holds between frames: the last frame, the cards selected (indices into the
// hand as the server sent it), the meld they are aimed at (``target``: its ``onto``, for the
// preview), the last move of each seat, and the player's choices.
export const game = {
  table: null, socket: null, version: null, frame: null, selected: new Set(), pending: false,
  message: "", tries: 0, requests: 0, dragging: false, target: null, last: {},
  bySuit: localStorage.getItem("canasta.sort") === "suit",
  fourColours: localStorage.getItem("canasta.colours") === "four",
};

export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
