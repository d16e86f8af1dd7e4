// The Canasta client: draws what the server sends (the presentation facts of one seat) and
// sends what the person asks for. It decides no rule and applies nothing itself: every move
// goes to the server, and the page changes only when the server's next frame arrives
// (docs/protocol.md).
import { cardSVG, backSVG } from "./cards.js";

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "on") for (const [type, fn] of Object.entries(value)) node.addEventListener(type, fn);
    else if (key === "html") node.innerHTML = value;
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
};
const seatKey = (table) => `canasta.seat.${table}`;
const held = (table) => { try { return JSON.parse(localStorage.getItem(seatKey(table))); } catch { return null; } };
const hold = (table, seat, token) => localStorage.setItem(seatKey(table), JSON.stringify({ seat, token }));

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data;
}

function show(id) {
  for (const name of ["home", "join", "game"]) $(name).hidden = name !== id;
}

// ---------------------------------------------------------------- home: create, lobby

async function home() {
  show("home");
  const { presets, bots } = await api("/api/presets");
  const select = $("preset");
  for (const p of presets) select.append(el("option", { value: p.name }, p.name));
  select.value = "classic";
  const seatChoices = [["open", "open: invite a friend"], ...bots.map((b) => [b.name, `bot: ${b.name} (${b.description})`])];
  let uploaded = null;  // the rules file chosen, as the server checked it
  const drawSeats = () => {
    const preset = uploaded || presets.find((p) => p.name === select.value);
    $("preset-description").textContent = preset.description;
    const box = $("seats");
    box.replaceChildren(el("legend", {}, "Seats"));
    for (let seat = 0; seat < preset.players; seat++) {
      const chooser = el("select", { id: `seat-${seat}`, "aria-label": `seat ${seat + 1}` });
      if (seat === 0) chooser.append(el("option", { value: "me" }, "you"));
      for (const [value, words] of seatChoices) chooser.append(el("option", { value }, words));
      chooser.value = seat === 0 ? "me" : "greedy";
      box.append(el("label", {}, `Seat ${seat + 1} `, chooser));
    }
  };
  select.addEventListener("change", () => { uploaded = null; $("rules-file").value = ""; drawSeats(); });
  $("rules-file").addEventListener("change", async () => {
    const file = $("rules-file").files[0];
    $("create-error").textContent = "";
    uploaded = null;
    if (file) {
      try {
        uploaded = await api("/api/rules/check", { rules_file: await file.text() });
      } catch (error) {
        $("create-error").textContent = error.message;
      }
    }
    drawSeats();
  });
  drawSeats();
  $("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("create-error").textContent = "";
    const file = $("rules-file").files[0];
    const request = { name: $("your-name").value, settings: { public: $("public").checked } };
    if (file) request.rules_file = await file.text(); else request.rules = select.value;
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
    lobby.append(el("li", {}, `${t.rules}: ${t.seats.join(", ")}`, ...links));
  }
}

// ---------------------------------------------------------------- join by invitation

async function join(table, seat, invite) {
  show("join");
  const info = await api(`/api/tables/${table}`);
  $("join-what").textContent = `${info.rules}: ${info.description} You take seat ${Number(seat) + 1}.`;
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

const game = {
  table: null, socket: null, version: null, frame: null, selected: new Set(), pending: false,
  message: "", answered: new Set(), tries: 0, requests: 0, dragging: false,
};

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
    const before = game.frame;
    game.frame = frame;
    game.version = frame.v;
    $("status").textContent = frame.you === null ? "watching" : "connected";
    if (frame.kind === "event" && frame.event.kind === "hint" && frame.event.hint) {
      game.message = `Hint: ${frame.event.hint.action.words} (${frame.event.hint.reason})`;
    } else if (frame.kind === "event" && frame.event.kind === "action" && frame.event.seat === frame.you) {
      game.message = "";
    }
    if (!before || JSON.stringify(before.facts.hand) !== JSON.stringify(frame.facts.hand)) game.selected.clear();
    draw();
  } else if (frame.kind === "presence") {
    if (game.frame) { game.frame.table.seats = frame.seats; draw(); }
  } else if (frame.kind === "ack") {
    game.pending = false;
    draw();
  } else if (frame.kind === "error") {
    game.pending = false;
    game.message = frame.message;
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

function act(text) {
  const warning = game.frame.warnings[text];
  if (warning) {
    confirmDialog(warning, () => send({ kind: "act", action: text, v: game.version }));
  } else {
    send({ kind: "act", action: text, v: game.version });
  }
}

function handCards() {
  return game.frame.facts.hand.flatMap((group) => group.cards);
}

function selectedCards() {
  const cards = handCards();
  return [...game.selected].sort((a, b) => a - b).map((i) => cards[i]);
}

function lay(onto) {
  const cards = selectedCards().map((c) => c.text);
  if (!cards.length) { game.message = "Select the cards to lay first."; draw(); return; }
  send({ kind: "lay", cards, onto, v: game.version });
}

function discardSelected() {
  const cards = selectedCards();
  if (cards.length !== 1) { game.message = "Select one card to discard."; draw(); return; }
  act(`discard ${cards[0].rank}`);
}

function actionByText(text) {
  return game.frame.facts.actions.find((a) => a.text === text);
}

function button(text, onClick, attrs = {}) {
  return el("button", { ...attrs, disabled: game.pending || attrs.disabled, on: { click: onClick } }, text);
}

function meldNode(meld, mine, myTurn) {
  const onto = meld.kind === "rank" ? meld.rank : meld.kind === "wild" ? "W" : meld.kind === "sequence" ? "seq" : null;
  const fan = el("div", { class: "fan small" });
  for (const card of meld.cards) fan.append(el("span", { class: "card", html: cardSVG(card) }));
  const mark = meld.canasta ? el("span", { class: `canasta ${meld.canasta}` }, `${meld.canasta} canasta`) : null;
  const words = `${meld.label}: ${meld.count} cards, ${meld.points} points`;
  const canLay = mine && myTurn && onto !== null && game.frame.facts.turn.phase === "meld";
  const node = el(canLay ? "button" : "div", {
    class: `meld${meld.canasta ? " complete" : ""}`, title: words, "aria-label": words, "data-onto": onto,
    disabled: canLay && game.pending, on: canLay ? { click: () => lay(onto) } : {} },
  fan, el("span", { class: "meld-label" }, `${meld.count}${meld.canasta ? "" : `/${meld.canasta_size}`} · ${meld.points}`), mark);
  if (canLay) dropTarget(node, () => lay(onto));
  return node;
}

function draw() {
  const frame = game.frame;
  if (!frame) return;
  const { facts, table } = frame;
  const you = frame.you;
  const myTurn = you !== null && facts.turn.mine;
  document.body.classList.toggle("my-turn", myTurn);
  // Where every seat keeps its own score (cutthroat: SideFact.seat_scores), each seat's.
  const bySeat = facts.sides.some((s) => s.seat_scores && s.seat_scores.length);
  $("scores").textContent = (bySeat
    ? facts.sides.flatMap((s) => s.seats.map((seat, i) => `${facts.seats[seat].name}: ${s.seat_scores[i]}`))
    : facts.sides.map((s) => `${s.name}: ${s.score}`)).join(" · ");
  $("deal").textContent = `Deal ${facts.deal} · ${facts.rules}`;
  $("turn").textContent = facts.turn.words;
  $("turn").className = myTurn ? "mine" : "";

  const others = $("others");
  others.replaceChildren();
  for (const seat of facts.seats) {
    if (seat.seat === you) continue;
    const status = table.seats[seat.seat]?.status ?? "";
    const known = seat.known.length ? el("span", { class: "known" }, ` holds ${seat.known.map((c) => c.text).join(" ")}`) : null;
    others.append(el("div", { class: `seat ${seat.relation}${seat.to_act ? " to-act" : ""}`, "data-seat": seat.seat },
      el("strong", {}, seat.name), ` ${seat.relation} · ${seat.hand_size} cards`,
      seat.foot_size ? ` · foot ${seat.foot_size}` : "", seat.red_threes ? ` · red 3s ${seat.red_threes}` : "",
      el("span", { class: `presence ${status}` }, status), known));
  }

  const sides = $("sides");
  sides.replaceChildren();
  for (const side of facts.sides) {
    const melds = el("div", { class: "melds" });
    for (const meld of side.melds) melds.append(meldNode(meld, side.mine, myTurn));
    const need = side.opened ? "" : ` · needs ${side.minimum} to open`;
    const area = el("section", { class: `side${side.mine ? " mine" : ""}`, "aria-label": side.name },
      el("h3", {}, `${side.name}: ${side.seat_scores && side.seat_scores.length ? side.seat_scores.join(" / ") : side.score}`, el("small", {}, ` canastas ${side.canastas} · red 3s ${side.red_threes}${side.black_threes ? ` · black 3s ${side.black_threes}` : ""}${need}`)),
      melds);
    if (side.mine) dropTarget(area, () => lay(null));  // dropped on the table: a new meld
    sides.append(area);
  }

  const drawAction = actionByText("draw");
  const stock = $("stock");
  stock.innerHTML = backSVG();
  stock.append(el("span", { class: "count" }, `${facts.stock} in stock`));
  stock.disabled = !drawAction || game.pending;
  stock.onclick = () => drawAction && act("draw");

  const pile = facts.pile;
  const pileBox = $("pile");
  pileBox.replaceChildren(...[
    pile.top ? el("span", { class: "card", html: cardSVG(pile.top) }) : el("span", { class: "empty" }, "empty"),
    el("span", { class: "count" }, `${pile.size} in pile`),
    pile.frozen ? el("span", { class: "badge frozen" }, "frozen") : null,
    pile.blocked ? el("span", { class: "badge blocked" }, "blocked") : null].filter(Boolean));
  const reason = [pile.frozen_reason, pile.blocked_reason].filter(Boolean).join("; ");
  pileBox.title = reason || "the discard pile";
  pileBox.onclick = () => { $("pile-reason").hidden = !$("pile-reason").hidden; };
  $("pile-reason").textContent = reason;

  const opening = facts.opening;
  $("opening").textContent = opening && !opening.opened
    ? `Opening: ${opening.so_far} of ${opening.minimum} points${opening.pile_waiting ? ` · ${opening.pile_waiting} pile cards waiting` : ""}`
    : "";
  $("message").textContent = game.message;

  const hand = $("hand");
  hand.replaceChildren();
  let index = 0;
  for (const group of facts.hand) {
    const fan = el("div", { class: "fan", "aria-label": group.label });
    for (const card of group.cards) {
      const i = index++;
      fan.append(el("button", {
        class: `card${game.selected.has(i) ? " selected" : ""}`, "data-index": i, "data-card": card.text,
        "aria-pressed": game.selected.has(i) ? "true" : "false", html: cardSVG(card), draggable: "true",
        on: { click: () => { game.selected.has(i) ? game.selected.delete(i) : game.selected.add(i); draw(); focusCard(i); },
              dragstart: (event) => startDrag(event, i), dragend: endDrag } }));
    }
    hand.append(fan);
  }

  const bar = $("actions");
  bar.replaceChildren();
  if (myTurn) {
    if (drawAction) bar.append(button("Draw", () => act("draw"), { id: "do-draw" }));
    for (const take of pile.takes) bar.append(button(take.words, () => act(take.text), { class: "take", "data-action": take.text }));
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

  const log = $("log");
  log.replaceChildren(...facts.log.slice(-12).map((line) => el("li", {}, line)));

  const invites = $("invites");
  invites.replaceChildren(...Object.entries(frame.invites).map(([seat, code]) => {
    const link = `${location.origin}/join/${table.id}/${seat}/${code}`;
    return el("p", { class: "invite" }, `Invite to seat ${Number(seat) + 1}: `, el("a", { href: link, "data-seat": seat }, link));
  }));
  $("fairness").textContent = table.seed
    ? `Seed ${table.seed}; its SHA-256 ${table.seed_hash} was published at the start.`
    : `The deal's seed is committed: SHA-256 ${table.seed_hash}. It is revealed when the game ends.`;
  drawDialog(frame);
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

function focusCard(i) {
  const node = document.querySelector(`#hand [data-index="${i}"]`);
  if (node) node.focus();
}

// ---------------------------------------------------------------- dialogs

let confirming = null;

function confirmDialog(question, onYes) {
  confirming = { question, onYes };
  drawDialog(game.frame);
}

function dialog(...children) {
  $("dialog").replaceChildren(...children);
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
    dialog(el("h2", {}, facts.winner ? `${facts.winner} ${facts.winner.includes(" and ") || facts.winner === "your side" ? "win" : "wins"}` : "Game over"),
      breakdown(facts.last_deal),
      el("p", {}, facts.turn.words),
      el("p", { class: "description" }, `Seed ${table.seed} (SHA-256 ${table.seed_hash})`),
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

function breakdown(deal) {
  if (!deal) return null;
  const tableNode = el("table", { class: "breakdown" });
  for (const side of deal.sides) {
    tableNode.append(el("tr", {}, el("th", { colspan: 2 }, side.name)));
    for (const item of side.items) tableNode.append(el("tr", {}, el("td", {}, item.label), el("td", {}, String(item.points))));
    tableNode.append(el("tr", { class: "total" }, el("td", {}, "this deal"), el("td", {}, String(side.total))));
    tableNode.append(el("tr", { class: "total" }, el("td", {}, "game total"), el("td", {}, String(side.game_total))));
  }
  return el("div", {}, el("p", {}, deal.words), tableNode);
}

// ---------------------------------------------------------------- keyboard

document.addEventListener("keydown", (event) => {
  if (!game.frame || event.target.tagName === "INPUT" || event.ctrlKey || event.metaKey || event.altKey) return;
  const current = document.activeElement?.dataset?.index;
  if ((event.key === "ArrowRight" || event.key === "ArrowLeft") && current !== undefined) {
    focusCard(Number(current) + (event.key === "ArrowRight" ? 1 : -1));
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

// ---------------------------------------------------------------- routes

const path = location.pathname.split("/").filter(Boolean);
if (path[0] === "t" && path[1]) {
  game.table = path[1];
  show("game");
  dropTarget($("pile"), discardSelected);
  connect();
  setInterval(() => game.socket?.readyState === WebSocket.OPEN && game.socket.send(JSON.stringify({ kind: "ping" })), 15000);
} else if (path[0] === "join" && path.length === 4) {
  join(path[1], path[2], path[3]);
} else {
  home();
}
