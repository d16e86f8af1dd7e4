// The Canasta client: draws what the server sends (the presentation facts of one seat) and
// sends what the person asks for. It decides no rule and applies nothing itself: every move
// goes to the server, and the page changes only when the server's next frame arrives
// (docs/protocol.md). The table is drawn by table.js, the hand by hand.js, the flights of
// moves by motion.js.
import { setFourColours, shortName } from "./cards.js";
import { $, api, el, game, rulesWords } from "./dom.js";
import { drawHand, focusNext, handCards } from "./hand.js";
import { rulesChoice } from "./house.js";
import { after, before, lastMoves } from "./motion.js";
import { breakdown, drawTable, drawTopbar } from "./table.js";

const seatKey = (table) => `canasta.seat.${table}`;
const held = (table) => { try { return JSON.parse(localStorage.getItem(seatKey(table))); } catch { return null; } };
const hold = (table, seat, token) => localStorage.setItem(seatKey(table), JSON.stringify({ seat, token }));

function show(id) {
  for (const name of ["home", "join", "game"]) $(name).hidden = name !== id;
}

// ---------------------------------------------------------------- home: create, lobby
// The host's settings: the rules (a preset or a file), each seat (you, an invited friend, or a
// bot at a level), which seats are partners, the bots' pace, the grace period before a bot
// plays for an absent friend, the target score where the rules play to one.

export const SPEEDS = [[0.3, "fast (0.3 s a move)"], [0.8, "normal (0.8 s a move)"], [1.5, "slow (1.5 s a move)"]];
export const GRACES = [[30, "30 seconds"], [60, "1 minute"], [120, "2 minutes"], [300, "5 minutes"]];

// Fill the select `id` with `listed` ([value, words] pairs) and `chosen`, in order of value,
// `chosen` selected (named `words(chosen)` when it is not listed).
function choices(id, listed, chosen, words) {
  const all = listed.some(([value]) => value === chosen) ? listed : [...listed, [chosen, words(chosen)]];
  const sorted = [...all].sort((a, b) => a[0] - b[0]);
  $(id).replaceChildren(...sorted.map(([value, text]) => el("option", { value }, text)));
  $(id).value = String(chosen);
}

async function home() {
  show("home");
  const { presets, bots, settings } = await api("/api/presets");
  const select = $("preset");
  for (const p of presets) select.append(el("option", { value: p.name }, p.title));
  select.value = "classic";
  // the server's defaults (`canasta serve --bot-pause --grace`) are chosen, offered if unlisted
  choices("bot-speed", SPEEDS, settings.bot_pause,
          (s) => (s === 0 ? "at once (no pause)" : `${s} s a move`));
  choices("grace", GRACES, settings.grace, (s) => `${s} seconds`);
  const rated = (b) => `${b.name}${b.rating ? ` (Elo ${b.rating})` : ""}`;
  const seatChoices = [["open", "a friend (invite by link)"], ...bots.map((b) => [b.name, `bot: ${rated(b)}`])];
  $("bot-levels").replaceChildren(...bots.map((b) => el("li", {}, el("b", {}, rated(b)), ` ${b.description}`)));
  const drawSeats = (preset) => {
    $("preset-description").textContent = preset.description;
    $("home-rules-body").replaceChildren(...rulesWords(preset.words));
    $("target").value = preset.target || "";
    $("target-row").hidden = !preset.target;
    const box = $("seats");
    box.replaceChildren(el("legend", {}, "Seats"));
    for (let seat = 0; seat < preset.players; seat++) {
      const chooser = el("select", { id: `seat-${seat}`, "aria-label": `seat ${seat + 1}` });
      if (seat === 0) chooser.append(el("option", { value: "me" }, "you"));
      for (const [value, words] of seatChoices) chooser.append(el("option", { value }, words));
      chooser.value = seat === 0 ? "me" : "club";
      const partner = preset.sides < preset.players && !preset.partners_at_pile
        ? (seat % preset.sides === 0 ? (seat === 0 ? "you, side 1" : "your partner") : `opponent, side ${(seat % preset.sides) + 1}`)
        : seat === 0 ? "you" : "plays alone";
      box.append(el("label", { class: "seat-choice" }, `Seat ${seat + 1} `, el("small", { class: "partner-note", "data-seat": seat }, `(${partner})`), " ", chooser));
    }
  };
  const rules = rulesChoice(presets, drawSeats);
  $("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("create-error").textContent = "";
    const request = { name: $("your-name").value, ...(await rules("rules")), settings: {
      public: $("public").checked, bot_pause: Number($("bot-speed").value), grace: Number($("grace").value) } };
    if (!$("target-row").hidden && $("target").value) request.target = Number($("target").value);
    const seats = [];
    for (let seat = 0; ; seat++) {
      const chooser = $(`seat-${seat}`);
      if (!chooser) break;
      seats.push(chooser.value);
    }
    request.seats = seats;
    try {
      const made = await api("/api/tables", request);
      if (made.token) hold(made.id, made.seat, made.token);
      location.assign(`/t/${made.id}`);
    } catch (error) {
      $("create-error").textContent = error.message;
    }
  });
  const { tables } = await api("/api/tables");
  const lobby = $("lobby");
  if (!tables.length) lobby.append(el("li", {}, "No table is waiting for players."));
  for (const t of tables) {
    const links = Object.entries(t.invites).map(([seat, code]) =>
      el("a", { href: `/join/${t.id}/${seat}/${code}` }, ` sit at seat ${Number(seat) + 1}`));
    lobby.append(el("li", {}, `${t.title}: ${t.seats.join(", ")}`, ...links));
  }
}

// ---------------------------------------------------------------- join by invitation

async function join(table, seat, invite) {
  show("join");
  const info = await api(`/api/tables/${table}`);
  const taken = info.seats[Number(seat)];  // a rejoin link: the seat is someone's, their name kept
  const back = taken && taken.status !== "open";
  $("join-what").textContent = `${info.title}: ${info.description} You take seat ${Number(seat) + 1}${back ? ` back, as ${taken.name}` : ""}.`;
  if (back) $("join-name").value = taken.name;
  $("join-name").focus();
  $("join-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const got = await api(`/api/tables/${table}/claim`, { seat: Number(seat), invite, name: $("join-name").value });
      hold(table, got.seat, got.token);
      location.assign(`/t/${table}`);
    } catch (error) {
      $("join-error").textContent = error.message;
    }
  });
}

// ---------------------------------------------------------------- the game

function connect() {
  const mine = held(game.table);
  const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${game.table}`);
  game.socket = socket;
  $("status").textContent = "connecting…";
  socket.addEventListener("open", () => {
    game.tries = 0;
    // view: false: the page draws the facts, never the seat's view in the position notation
    socket.send(JSON.stringify({ kind: "hello", token: mine ? mine.token : null, v: game.version,
                                 view: false }));
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    $("status").textContent = "reconnecting…";
    game.pending = false;
    setTimeout(connect, Math.min(5000, 250 * 2 ** game.tries++));
  });
}

function send(message) {
  if (!game.socket || game.socket.readyState !== WebSocket.OPEN) return;
  game.pending = true;
  game.socket.send(JSON.stringify({ ...message, id: ++game.requests }));
  draw();
}

function receive(frame) {
  if (frame.kind === "welcome" || frame.kind === "event") {
    const previous = game.frame;
    const plan = before(frame);
    game.frame = frame;
    game.version = frame.v;
    $("status").textContent = frame.you === null ? "watching" : "connected";
    game.lastDiscard = false;
    if (frame.kind === "event" && frame.event.kind === "hint" && frame.event.hint) {
      game.message = `Hint: ${frame.event.hint.action.words} (${frame.event.hint.reason})`;
    } else if (frame.kind === "event" && frame.event.kind === "action") {
      if (frame.event.seat === frame.you) game.message = "";
      game.lastDiscard = frame.event.action.startsWith("discard");
    }
    game.last = lastMoves(frame.facts);
    if (!previous || JSON.stringify(previous.facts.hand) !== JSON.stringify(frame.facts.hand)) game.selected.clear();
    draw();
    after(plan);
  } else if (frame.kind === "presence") {
    if (game.frame) { game.frame.table.seats = frame.seats; draw(); }
  } else if (frame.kind === "ack") {
    game.pending = false;
    draw();
  } else if (frame.kind === "preview") {
    // only the line changes: no redraw, which would end a drag under way
    if (frame.id === previewAsked) { game.preview = { ...frame, onto: game.target }; showPreview(); }
  } else if (frame.kind === "error" && String(frame.id).startsWith("preview:")) {
    // a preview the table moved on from: the next selection asks again
  } else if (frame.kind === "error") {
    game.pending = false;
    game.message = frame.message;
    // the engine's reason, and the part of the rules it applies
    game.refused = frame.code === "refused" ? { message: frame.message, topic: frame.topic, heading: frame.topic_heading } : null;
    draw();
  } else if (frame.kind === "next") {
    moveOn(frame.table);
  }
}

function moveOn(next) {
  const mine = held(game.table);
  if (mine) hold(next, mine.seat, mine.token);
  location.assign(`/t/${next}`);
}

// eye: the suits of the cards the move takes from the hand, as the player picked them (the
// server moves those cards: docs/presentation.md, "Suits for the eye").
function act(text, eye) {
  const warning = game.frame.warnings[text];
  const message = { kind: "act", action: text, v: game.version, ...(eye ? { eye } : {}) };
  if (warning) {
    confirmDialog(warning, () => send(message));
  } else {
    send(message);
  }
}

// What laying the selected cards would do, asked of the server as the selection changes in
// the meld phase (the engine tries it on a copy: nothing is played); shown under the moves.
// Laid as a new meld ("Meld selected"), or onto the meld the mouse points at, the keyboard's
// focus is on, or the cards are dragged over (``game.target``: that meld's ``onto``).
let previewAsked = "";
function askPreview(facts) {
  if (game.pending) return;  // a move is on its way: asked again when the table has it
  const cards = selectedCards().map((c) => c.text);
  const onto = game.target;
  const id = facts.turn.mine && facts.turn.phase === "meld" && cards.length
    ? `preview:${game.version}:${onto ?? ""}:${cards.join(" ")}` : "";
  if (id === previewAsked) return;
  previewAsked = id;
  game.preview = null;
  if (id && game.socket?.readyState === WebSocket.OPEN) {
    game.socket.send(JSON.stringify({ kind: "preview", cards, onto, v: game.version, id }));
  }
}

// The preview's line: what the selection lays (and the opening's points it makes), or why
// it lays nothing, with the way to that rule; nothing for one or two cards that make no meld
// yet (the player may be choosing a discard, or a third card), unless they are aimed at a meld.
function previewLine() {
  const preview = game.preview;
  if (!preview || (!preview.ok && game.selected.size < 3 && preview.onto === null)) return [];
  if (!preview.ok) {
    return [el("span", { class: "refused" }, preview.line), " ",
      el("button", { type: "button", class: "why", on: { click: () => showRules(preview.topic) } }, `Why? ${preview.topic_heading}`)];
  }
  return [el("span", { class: "fits" }, preview.line)];
}

function showPreview() {
  const frame = game.frame;
  const mine = frame && frame.you !== null && frame.facts.turn.mine;
  $("preview").replaceChildren(...(mine ? previewLine() : []));
}

// The meld a preview is for: the page's own melds call this as they are pointed at, focused
// or dragged over, and with null as that ends.
function aim(onto) {
  if (game.target === onto) return;
  game.target = onto;
  const frame = game.frame;
  if (!frame || frame.you === null) return;
  askPreview(frame.facts);
  showPreview();
}

function aimable(node) {
  const onto = node.dataset.onto;
  node.addEventListener("pointerenter", (event) => { if (event.pointerType !== "touch") aim(onto); });
  node.addEventListener("pointerleave", (event) => { if (event.pointerType !== "touch") aim(null); });
  node.addEventListener("focus", () => { if (node.matches(":focus-visible")) aim(onto); });
  node.addEventListener("blur", () => aim(null));
  node.addEventListener("dragenter", () => { if (canDrop()) aim(onto); });
  node.addEventListener("dragleave", (event) => { if (!node.contains(event.relatedTarget)) aim(null); });
}

function selectedCards() {
  const cards = handCards();
  return [...game.selected].sort((a, b) => a - b).map((i) => cards[i]);
}

function lay(onto) {
  const chosen = selectedCards();
  if (!chosen.length) { game.message = "Select the cards to lay first."; draw(); return; }
  send({ kind: "lay", cards: chosen.map((c) => c.text), eye: chosen.map((c) => c.eye), onto, v: game.version });
}

function discardSelected() {
  const cards = selectedCards();
  if (cards.length !== 1) { game.message = "Select one card to discard."; draw(); return; }
  act(`discard ${cards[0].text}`, [cards[0].eye]);  // text: "KH" where the rules tell suits apart
}

// The pile's takes. Where suits count, one way of taking it can be open with several pairs
// of cards ("take pair H D", "take pair H C"...): they share one label and each is a short
// button of the cards it lays (the facts' ``take_cards``, found in the hand: "7♥ 7♦"), its
// full words for a screen reader, so that a phone still shows the pile above the hand's
// panel. Any other take is one button of its words.
function takeButtons(pile) {
  const hand = handCards();
  const ways = new Map();  // the takes by their words less the cards named in brackets
  pile.takes.forEach((take, i) => {
    const way = take.words.replace(/ \(.*\)$/, "");
    const cards = (pile.take_cards[i] || []).map((text) => hand.find((c) => c.text === text) || { rank: text, eye: "" });
    ways.set(way, [...(ways.get(way) || []), [take, cards]]);
  });
  const nodes = [];
  for (const [way, group] of ways) {
    if (group.length === 1 || group.some(([, cards]) => !cards.length)) {
      for (const [take] of group) nodes.push(button(take.words, () => act(take.text), { class: "take", "data-action": take.text }));
      continue;
    }
    const choices = group.map(([take, cards]) => button(cards.map(shortName).join(" "), () => act(take.text),
      { class: "take", "data-action": take.text, "aria-label": take.words, title: take.words }));
    nodes.push(el("span", { class: "takes" }, el("span", { class: "takes-label" }, `${way}:`), ...choices));
  }
  return nodes;
}

function actionByText(text) {
  return game.frame.facts.actions.find((a) => a.text === text);
}

function button(text, onClick, attrs = {}) {
  return el("button", { ...attrs, disabled: game.pending || attrs.disabled, on: { click: onClick } }, text);
}

function settingsWords(table) {
  const s = table.settings;
  if (!s) return "";
  return `${s.bot_pause ? `bots ${s.bot_pause} s a move` : "bots move at once"} · a bot plays for an absent player after ${s.grace} s while others are here${table.target ? ` · to ${table.target}` : ""}`;
}

function draw() {
  const frame = game.frame;
  if (!frame) return;
  const { facts, table } = frame;
  const you = frame.you;
  const myTurn = you !== null && facts.turn.mine;
  document.body.classList.toggle("my-turn", myTurn);
  document.body.classList.toggle("four-colours", game.fourColours);
  setFourColours(game.fourColours);
  drawTopbar(facts, myTurn);
  $("table-settings").textContent = settingsWords(table);
  $("sort").textContent = game.bySuit ? "Sort by rank" : "Sort by suit";
  // a spectator holds no hand: no hand to show or sort (the four-colour option stays, for the table)
  $("sort").hidden = you === null;
  $("hand").hidden = you === null;
  $("four-colours").checked = game.fourColours;

  const drawAction = actionByText("draw");
  drawTable(frame, { act, lay, discard: discardSelected, drawAction, dropTarget });

  const opening = facts.opening;
  $("opening").textContent = opening && !opening.opened
    ? `Opening: ${opening.so_far} of ${opening.minimum} points${opening.pile_waiting ? ` · ${opening.pile_waiting} pile cards waiting` : ""}`
    : "";
  // a move the rules refused: its reason, and the way to that rule in words
  const refused = game.message && game.message === game.refused?.message ? game.refused : null;
  $("message").replaceChildren(game.message, ...(refused
    ? [" ", el("button", { type: "button", id: "why", class: "why", on: { click: () => showRules(refused.topic) } },
      refused.heading ? `Why? ${refused.heading}` : "Why? The rules")]
    : []));
  drawHand(frame, { redraw: draw, startDrag, endDrag });
  for (const node of document.querySelectorAll("#melds-us button.meld[data-onto]")) aimable(node);
  // a meld the pointer or the keyboard left while the table was drawn again aims no more
  if (game.target !== null && !game.dragging && !document.querySelector(
    `#melds-us button.meld[data-onto="${CSS.escape(game.target)}"]:is(:hover, :focus-visible)`)) game.target = null;
  if (you !== null) askPreview(facts);
  showPreview();

  const bar = $("actions");
  bar.replaceChildren();
  if (myTurn) {
    if (drawAction) bar.append(button("Draw", () => act("draw"), { id: "do-draw" }));
    bar.append(...takeButtons(facts.pile));
    if (facts.turn.phase === "meld") {
      bar.append(button("Meld selected", () => lay(null), { id: "do-meld", disabled: !game.selected.size }));
      bar.append(button("Discard", discardSelected, { id: "do-discard", disabled: game.selected.size !== 1 }));
    }
    for (const action of facts.actions) {
      if (/^(draw|take|meld|add|extend|discard|yes|no)\b/.test(action.text)) continue;
      bar.append(button(action.words, () => act(action.text), { "data-action": action.text }));
    }
    bar.append(button("Hint", () => send({ kind: "hint" }), { id: "do-hint" }));
  }
  if (frame.can_undo) bar.append(button("Undo", () => send({ kind: "undo", v: game.version }), { id: "do-undo" }));
  const all = $("all-actions");
  all.replaceChildren(...(myTurn ? facts.actions : []).map((a) =>
    button(`${a.text} — ${a.words}`, () => act(a.text), { "data-action": a.text })));
  $("more").hidden = !myTurn;

  $("log").replaceChildren(...facts.log.slice(-12).map((line) => el("li", {}, line)));
  $("invites").replaceChildren(...Object.entries(frame.invites).map(([seat, code]) => {
    const link = `${location.origin}/join/${table.id}/${seat}/${code}`;
    return el("p", { class: "invite" }, `Invite to seat ${Number(seat) + 1}: `, el("a", { href: link, "data-seat": seat }, link));
  }), ...rejoinLinks(frame));
  $("fairness").textContent = table.seed
    ? `Seed ${table.seed}; its SHA-256 ${table.seed_hash} was published at the start.`
    : `The deal's seed is committed: SHA-256 ${table.seed_hash}. It is revealed when the game ends.`;
  drawDialog(frame);
}

// ---------------------------------------------------------------- rejoin links

// The host (who made the table) may make a rejoin link for another player's seat while that
// player is away: for one whose device lost the seat (a cleared browser, another device).
// Whoever opens it takes the seat; the old device holds nothing. Shown to the host alone.
const rejoins = {};  // seat -> the link made, while its player is still away
function rejoinLinks(frame) {
  const { table } = frame;
  if (frame.you === null || frame.you !== table.settings.host || table.over) return [];
  for (const s of table.seats) if (s.status === "here") delete rejoins[s.seat];  // used, or not needed
  return table.seats.filter((s) => s.seat !== frame.you && ["away", "stand-in"].includes(s.status)).map((s) => {
    const link = rejoins[s.seat];
    return el("p", { class: "invite rejoin" }, `${s.name} is away: `, link
      ? el("a", { href: link, "data-rejoin": s.seat }, link)
      : el("button", { type: "button", "data-rejoin": s.seat, on: { click: () => makeRejoin(s.seat) } }, "make a rejoin link"),
    link ? " (send it to them: it gives them back their seat)" : "");
  });
}

async function makeRejoin(seat) {
  try {
    const made = await api(`/api/tables/${game.table}/rejoin`, { token: held(game.table)?.token, seat });
    rejoins[seat] = `${location.origin}/join/${game.table}/${seat}/${made.invite}`;
  } catch (error) {
    game.message = error.message;
  }
  draw();
}

// ---------------------------------------------------------------- drag and drop
// Selected cards dragged onto one of the side's melds are added to it, onto the pile the one
// card is discarded, onto the side's part of the table they are laid as a new meld: the same
// requests as the buttons (tapping keeps working). A card dragged that is not selected is
// dragged alone.

function canDrop() {
  const frame = game.frame;
  return game.dragging && !game.pending && frame && frame.you !== null && frame.facts.turn.mine
    && frame.facts.turn.phase === "meld";
}

function startDrag(event, i) {
  if (!game.selected.has(i)) game.selected = new Set([i]);
  for (const node of document.querySelectorAll("#hand .card")) {  // no redraw: it would end the drag
    const on = game.selected.has(Number(node.dataset.index));
    node.classList.toggle("selected", on);
    node.setAttribute("aria-pressed", on ? "true" : "false");
  }
  game.dragging = true;
  event.dataTransfer.effectAllowed = "move";
  event.dataTransfer.setData("text/plain", selectedCards().map((c) => c.text).join(" "));
}

function endDrag() {
  game.dragging = false;
  aim(null);
  for (const node of document.querySelectorAll(".drop-over")) node.classList.remove("drop-over");
}

function dropTarget(node, onDrop) {
  node.addEventListener("dragover", (event) => {
    if (!canDrop()) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    node.classList.add("drop-over");
  });
  node.addEventListener("dragleave", () => node.classList.remove("drop-over"));
  node.addEventListener("drop", (event) => {
    if (!canDrop()) return;
    event.preventDefault();
    event.stopPropagation();  // a meld inside the side's area: the meld takes it
    endDrag();
    onDrop();
  });
}

// ---------------------------------------------------------------- dialogs

let confirming = null;

function confirmDialog(question, onYes) {
  confirming = { question, onYes };
  drawDialog(game.frame);
}

function dialog(...children) {
  $("dialog").replaceChildren(...children.filter((child) => child !== null));
  $("overlay").hidden = false;
  const first = $("dialog").querySelector("button");
  if (first && !$("dialog").contains(document.activeElement)) first.focus();
}

function drawDialog(frame) {
  const { facts, table } = frame;
  const you = frame.you;
  if (confirming) {
    const { question, onYes } = confirming;
    dialog(el("p", {}, question),
      button("Discard it", () => { confirming = null; $("overlay").hidden = true; onYes(); }, { id: "confirm-yes", class: "primary" }),
      button("Keep it", () => { confirming = null; $("overlay").hidden = true; }, { id: "confirm-no" }));
    return;
  }
  if (table.over) {
    const mine = you !== null;
    const next = table.next;
    dialog(el("h2", {}, facts.won || "Game over"),
      breakdown(facts.last_deal),
      scoreSheet(facts),
      el("p", {}, facts.turn.words),
      el("p", { class: "description" }, `Seed ${table.seed} (SHA-256 ${table.seed_hash})`),
      el("p", { id: "seed-check", class: "description" }, seedCheck(table)),
      el("a", { href: `/replay/${table.id}`, id: "replay-link" }, "Replay the game, move by move"),
      mine ? el("a", { href: `/replay/${table.id}?seat=${you}&review=${you}`, id: "review-link" }, "Review your play") : null,
      el("a", { href: `/api/tables/${table.id}/record`, download: `canasta-${table.id}.json`, id: "download" }, "Download the game record"),
      mine ? button(next ? "Go to the next game" : "Play again", () => next ? moveOn(next) : send({ kind: "again" }), { id: "again", class: "primary" }) : null);
    return;
  }
  if (you !== null && table.waiting.includes(you) && facts.last_deal) {
    dialog(el("h2", {}, `Deal ${facts.last_deal.deal} is over`), breakdown(facts.last_deal),
      button("Continue", () => send({ kind: "continue" }), { id: "continue", class: "primary" }));
    return;
  }
  if (you !== null && facts.turn.mine && facts.turn.phase === "answer") {
    dialog(el("p", {}, facts.turn.words),
      button("Yes, go out", () => act("yes"), { id: "answer-yes", class: "primary" }),
      button("No", () => act("no"), { id: "answer-no" }));
    return;
  }
  $("overlay").hidden = true;
}

// The revealed seed checked here, in the browser, against the hash published at the start.
const checked = {};
function seedCheck(table) {
  const key = `${table.seed}:${table.seed_hash}`;
  if (checked[key]) return checked[key];
  if (!crypto.subtle) return "";
  crypto.subtle.digest("SHA-256", new TextEncoder().encode(table.seed)).then((digest) => {
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    checked[key] = hex === table.seed_hash
      ? "\u2713 The seed's SHA-256 matches the hash published at the start: the deals were fixed before play."
      : "\u2717 The seed's SHA-256 does not match the hash published at the start.";
    const node = $("seed-check");
    if (node) node.textContent = checked[key];
  });
  return "checking the seed…";
}

// The game's score sheet: every deal's points by side (DealLine), and each side's game total.
function scoreSheet(facts) {
  if (!facts.deals.length) return null;
  const sides = facts.deals[0].points.map((_, i) => facts.sides.find((side) => side.side === i));
  const row = (cells, attrs = {}) => el("tr", attrs, ...cells.map((c) => el("td", {}, String(c))));
  return el("table", { class: "breakdown", id: "score-sheet" },
    el("tr", {}, el("th", {}, "deal"), ...sides.map((side) => el("th", {}, side ? side.name : ""))),
    ...facts.deals.map((line) => row([line.deal, ...line.points])),
    row(["game", ...sides.map((side) => (side ? side.score : ""))], { class: "total" }));
}

// ---------------------------------------------------------------- keyboard

document.addEventListener("keydown", (event) => {
  if (!game.frame || event.target.tagName === "INPUT" || event.ctrlKey || event.metaKey || event.altKey) return;
  if ((event.key === "ArrowRight" || event.key === "ArrowLeft") && focusNext(event.key === "ArrowRight" ? 1 : -1)) {
    event.preventDefault();
    return;
  }
  const keys = {
    d: () => actionByText("draw") && act("draw"), m: () => lay(null), x: discardSelected,
    h: () => send({ kind: "hint" }), u: () => game.frame.can_undo && send({ kind: "undo", v: game.version }),
    Escape: () => { game.selected.clear(); confirming = null; draw(); },
  };
  if (event.key === "Escape") { keys.Escape(); return; }
  if (!$("overlay").hidden) return;
  if (keys[event.key]) { keys[event.key](); event.preventDefault(); }
});

// ---------------------------------------------------------------- the rules in words

// The table's rules in words, fetched the first time the Rules box opens (once: a failed
// fetch is said, and tried again when the box next opens).
let rulesLoaded = null;
function loadRules() {
  if (!$("rules-box").open) return Promise.resolve();
  rulesLoaded ??= api(`/api/tables/${game.table}/rules/words`).then((rules) => {
    $("rules-box").querySelector("summary").textContent = `Rules: ${rules.title}`;
    $("rules-box-body").replaceChildren(el("p", { class: "description" }, rules.description), ...rulesWords(rules.words));
  }, (error) => {
    rulesLoaded = null;
    $("rules-box-body").replaceChildren(el("p", { class: "error" }, error.message));
  });
  return rulesLoaded;
}

// "Why?" beside a refusal: the Rules box opened at the rule's topic, which is marked (the
// whole rules where the refusal names no topic).
async function showRules(topic) {
  $("rules-box").open = true;
  await loadRules();
  const asked = topic ? $("rules-box-body").querySelector(`section[data-topic="${CSS.escape(topic)}"]`) : null;
  for (const section of $("rules-box-body").querySelectorAll("section")) section.classList.toggle("asked", section === asked);
  (asked || $("rules-box")).scrollIntoView({ block: "start" });
}

// ---------------------------------------------------------------- routes

const path = location.pathname.split("/").filter(Boolean);
if (path[0] === "t" && path[1]) {
  game.table = path[1];
  show("game");
  $("sort").addEventListener("click", () => {
    game.bySuit = !game.bySuit;
    localStorage.setItem("canasta.sort", game.bySuit ? "suit" : "rank");
    draw();
  });
  $("four-colours").addEventListener("change", () => {
    game.fourColours = $("four-colours").checked;
    localStorage.setItem("canasta.colours", game.fourColours ? "four" : "two");
    draw();
  });
  $("rules-box").addEventListener("toggle", loadRules);
  connect();
  setInterval(() => game.socket?.readyState === WebSocket.OPEN && game.socket.send(JSON.stringify({ kind: "ping" })), 15000);
} else if (path[0] === "join" && path.length === 4) {
  join(path[1], path[2], path[3]);
} else {
  home();
}
