// Moves you can see: after a move is drawn, a card flies from where it came from to where it
// went (a third of a second), unless the player prefers reduced motion. The page is already
// drawn as the server says; the flight is only for the eye.
import { backSVG, cardSVG } from "./cards.js";
import { $, el, game, reducedMotion } from "./dom.js";

const MS = 320;

function seatNode(seat) {
  return seat === game.frame?.you ? $("hand") : document.querySelector(`#felt .seat[data-seat="${seat}"]`);
}

function rect(node) {
  if (!node) return null;
  const r = node.getBoundingClientRect();
  return r.width || r.height ? r : null;
}

// Where a move's card comes from and goes to: element finders, run before and after drawing.
function route(action, seat) {
  const verb = action.split(" ")[0];
  const side = () => document.querySelector(`#felt .side[data-side="${game.frame.facts.seats[seat].side}"]`);
  if (verb === "draw") return { from: () => $("stock"), to: () => seatNode(seat), face: null };
  if (verb === "take") return { from: () => $("pile"), to: () => seatNode(seat), face: null };
  if (verb === "discard") return { from: () => seatNode(seat), to: () => document.querySelector("#pile .top"), face: "pile" };
  if (["meld", "add", "extend", "lay", "commit"].includes(verb)) {
    const rank = action.split(" ")[1];
    return { from: () => seatNode(seat),
      to: () => side()?.querySelector(`.meld[data-rank="${rank}"]`) || side(), face: "meld" };
  }
  return null;
}

// Each seat's last move, from the move log the server wrote ("Bob discarded a 9." gives Bob
// "discarded a 9"): the same after a reload, for every client at the seat.
export function lastMoves(facts) {
  const last = {};
  for (const line of facts.log) {
    // the seat the line is about: the longest name it begins with ("Bob (club) drew" is
    // Bob (club)'s, not Bob's), as the log's sentences name each seat
    let found = null;
    for (const seat of facts.seats) {
      const who = `${seat.who} `;
      if (line.startsWith(who) && (!found || who.length > found.who.length)) found = { seat: seat.seat, who };
    }
    if (found) last[found.seat] = line.slice(found.who.length).replace(/\.$/, "");
  }
  return last;
}

// Before drawing a frame: where its move started. After: fly a card to where it ended.
export function before(frame) {
  if (frame.kind !== "event" || frame.event.kind !== "action" || !game.frame) return null;
  const way = route(frame.event.action, frame.event.seat);
  if (!way) return null;
  return { way, start: rect(way.from()) };
}

export function after(plan) {
  if (!plan || !plan.start || reducedMotion()) return;
  const end = rect(plan.way.to());
  if (!end) return;
  let face = backSVG();
  if (plan.way.face === "pile" && game.frame.facts.pile.top) face = cardSVG(game.frame.facts.pile.top);
  const fly = el("div", { class: "flying card", "aria-hidden": "true", html: face });
  const width = Math.min(64, end.width);
  Object.assign(fly.style, { left: `${plan.start.left + plan.start.width / 2 - width / 2}px`,
    top: `${plan.start.top + plan.start.height / 2 - width * 0.7}px`, width: `${width}px` });
  document.body.append(fly);
  const dx = end.left + end.width / 2 - (plan.start.left + plan.start.width / 2);
  const dy = end.top + end.height / 2 - (plan.start.top + plan.start.height / 2);
  const animation = fly.animate([{ transform: "translate(0, 0)" }, { transform: `translate(${dx}px, ${dy}px)` }],
    { duration: MS, easing: "ease-out" });
  animation.onfinish = () => fly.remove();
  setTimeout(() => fly.remove(), MS + 200);
}
