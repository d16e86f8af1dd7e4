// The hand: sorted as the server groups it (wild cards apart, then by rank) or by suit, fanned
// so that every card's visible part is more than half of it (its centre always selects it),
// wrapping into more rows when long; a selected card rises, a card new to the hand this turn
// (drawn, taken with the pile) is marked. Click, tap, drag and the keyboard (arrows, space,
// the terminal game's keys) all select.
import { cardSVG } from "./cards.js";
import { $, el, game } from "./dom.js";

const SUIT_ORDER = { S: 0, H: 1, D: 2, C: 3, "": 4 };

export function handCards() {
  return game.frame.facts.hand.flatMap((group) => group.cards);
}

// The cards in the order shown, each with its index in the hand as sent and its group.
export function shownOrder(groups) {
  const cards = [];
  let index = 0;
  for (const group of groups) for (const card of group.cards) cards.push({ card, index: index++, group: group.label });
  if (!game.bySuit) return cards;
  const wild = (c) => c.group === "wild" || c.group.includes("3s");
  return [...cards].sort((a, b) => (wild(b) - wild(a)) || (wild(a) ? a.index - b.index
    : (SUIT_ORDER[a.card.eye] - SUIT_ORDER[b.card.eye]) || (a.index - b.index)));
}

export function toggle(i) {
  if (game.selected.has(i)) game.selected.delete(i); else game.selected.add(i);
}

export function drawHand(frame, handlers) {
  const hand = $("hand");
  hand.replaceChildren();
  const shown = shownOrder(frame.facts.hand);
  const keyOf = ({ card, group }) => game.bySuit ? (group === "wild" || group.includes("3s") ? group : card.eye) : group;
  // each group in a box of its own, whole on a row unless it is longer than a row
  let box = null;
  shown.forEach((item, at) => {
    const { card, index } = item;
    const selected = game.selected.has(index);
    const end = at + 1 < shown.length && keyOf(shown[at + 1]) !== keyOf(item);  // a gap after it
    if (box === null || keyOf(shown[at - 1]) !== keyOf(item)) hand.append(box = el("span", { class: "group" }));
    box.append(el("button", {
      class: `card${selected ? " selected" : ""}${end ? " end" : ""}${card.new ? " new" : ""}`, "data-index": index,
      "data-card": card.text, "data-eye": card.eye, "aria-label": card.new ? `${card.words}, new` : card.words,
      "aria-pressed": selected ? "true" : "false",
      html: cardSVG(card), draggable: "true",
      on: { click: () => { toggle(index); handlers.redraw(); focusCard(index); },
            dragstart: (event) => handlers.startDrag(event, index), dragend: handlers.endDrag } }));
  });
}

export function focusCard(i) {
  const node = document.querySelector(`#hand [data-index="${i}"]`);
  if (node) node.focus();
}

// The card next to the focused one in the order shown (arrow keys).
export function focusNext(step) {
  const nodes = [...document.querySelectorAll("#hand .card")];
  const at = nodes.indexOf(document.activeElement);
  if (at < 0) return false;
  const next = nodes[Math.max(0, Math.min(nodes.length - 1, at + step))];
  next.focus();
  return true;
}
