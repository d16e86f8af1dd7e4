// The table around the hand: the other seats around a green table (you at the bottom, your
// partner across), each side's melds in front of it, the stock and the pile in the middle.
// Everything drawn here is a presentation fact the server sent (docs/presentation.md).
import { cardSVG, backSVG, shortName } from "./cards.js";
import { $, el, game } from "./dom.js";

// Where the other seats sit, by how many players there are, going round from your left.
const PLACES = {
  2: ["top"], 3: ["left", "right"], 4: ["left", "top", "right"],
  5: ["left", "tl", "tr", "right"], 6: ["left", "tl", "top", "tr", "right"],
};

// others: whether a person at another seat is here; a bot stands in for an absent person only
// then (docs/protocol.md): with nobody else here the game waits for them
export function presenceWords(info, grace, others = true) {
  if (!info) return "";
  if (info.status === "here") return "here";
  if (info.status === "open") return "open seat: waiting for a player";
  if (info.status === "away" && !others) return "away: the game waits for them";
  if (info.status === "away") return `away: a bot plays for them after ${Math.round(grace)} s`;
  if (info.status === "stand-in") return "away: a bot plays for them";
  return "";
}

function backs(count) {
  const shown = Math.min(count, 12);
  const fan = el("div", { class: "backs", "aria-hidden": "true" });
  for (let i = 0; i < shown; i++) fan.append(el("span", { class: "back", html: backSVG() }));
  return fan;
}

function small(card) {
  return el("span", { class: "card small", html: cardSVG(card), title: card.words });
}

// Small cards fanned as a player holds them: a group's cards close together, each group
// whole on a row (a hand of 49 cards, or a pile of 50 taken, in a few rows of a seat's box).
function fan(groups, attributes) {
  return el("div", { ...attributes, class: ["fan", attributes.class].filter(Boolean).join(" ") },
    ...groups.map((group) => el("span", { class: "group" }, ...group.map(small))));
}

// The cards a seat is known to hold show whole up to this many, fanned by rank from it on.
const FAN_KNOWN = 9;

// Cards in groups of one rank, in their order.
function byRank(cards) {
  const groups = [];
  for (const card of cards) {
    const last = groups[groups.length - 1];
    if (last && last[0].rank === card.rank) last.push(card); else groups.push([card]);
  }
  return groups;
}

// A face-up replay shows the seat's hand (its groups, as that seat's own view shows them).
function openHand(groups) {
  return fan(groups.map((group) => group.cards), { class: "open-hand", role: "group", "aria-label": "hand" });
}

function seatBox(facts, seat, info, place, table, hand) {
  const bot = info?.kind === "bot" ? el("span", { class: "badge bot" }, `bot · ${info.level || info.bot}`) : null;
  const others = table.seats.some((s) => s.seat !== seat.seat && s.kind === "human" && ["here", "stand-in"].includes(s.status));
  const presence = presenceWords(info, table.settings ? table.settings.grace : 60, others);
  const last = game.last[seat.seat];
  const words = `${seat.name}, ${seat.relation}, ${seat.hand_size} cards${presence ? `, ${presence}` : ""}`;
  return el("section", {
    class: `seat pos-${place} ${seat.relation}${seat.to_act ? " to-act" : ""}`, "data-seat": seat.seat,
    "aria-label": words },
  el("div", { class: "seat-name" }, el("strong", {}, seat.name),
    seat.relation === "partner" ? el("span", { class: "badge partner" }, "partner") : null, bot),
  el("div", { class: "seat-hand" }, hand ? openHand(hand) : backs(seat.hand_size),
    el("span", { class: "count", title: `${seat.hand_size} cards in hand` }, `${seat.hand_size}`),
    seat.foot_size ? el("span", { class: "foot" }, `foot ${seat.foot_size}`) : null),
  presence ? el("div", { class: `presence ${info.status}` }, presence) : null,
  seat.known.length ? el("div", { class: "known" }, "holds ",
    ...(seat.known.length < FAN_KNOWN ? seat.known.map(small) : [fan(byRank(seat.known), {})])) : null,
  last ? el("div", { class: "last-move" }, last) : null);
}

// A meld: its cards overlapping in a column, rank and suit readable in each corner; a canasta
// squared into one pile, red on top for a natural, black for a mixed, with its bonus.
function meldNode(meld, lay, canLay) {
  const onto = meld.kind === "rank" ? meld.rank : meld.kind === "wild" ? "W" : meld.kind === "sequence" ? "seq" : null;
  const points = meld.points - meld.penalty;  // a penalty for a meld left short is said apart
  const short = meld.penalty ? `${meld.penalty} if still short when the hand ends` : "";
  const words = `${meld.label}: ${meld.count} cards, ${points} points${meld.canasta ? `, a ${meld.canasta} canasta` : ""}${short ? `, ${short}` : ""}`;
  let body;
  if (meld.canasta) {
    const red = ["natural", "special"].includes(meld.canasta);  // no wild card: red on top
    const top = meld.cards.find((c) => (red ? "HD" : "SC").includes(c.eye)) || meld.cards[0];
    body = el("div", { class: `squared ${red ? "red" : "black"}` }, el("span", { class: "card", html: cardSVG(top) }),
      el("span", { class: "ribbon" }, meld.canasta));
  } else {
    body = el("div", { class: "column", style: `--n:${meld.cards.length}` });
    for (const card of meld.cards) body.append(el("span", { class: "card", html: cardSVG(card) }));
  }
  const node = el(canLay && onto !== null ? "button" : "div", {
    class: `meld${meld.canasta ? " complete" : ""}`, title: words, "aria-label": words, "data-onto": onto,
    "data-rank": meld.rank, disabled: canLay && game.pending,
    on: canLay && onto !== null ? { click: () => lay(onto) } : {} },
  body, el("span", { class: "meld-label" }, meld.canasta ? `${meld.count} · +${meld.bonus}` : `${meld.count}/${meld.canasta_size} · ${points}`),
  short && el("span", { class: "meld-penalty", title: short }, `${meld.penalty} if short`));
  return node;
}

function sideZone(facts, side, lay, myTurn, dropTarget) {
  const canLay = side.mine && myTurn && facts.turn.phase === "meld";
  const melds = el("div", { class: "melds" });
  for (const meld of side.melds) {
    const node = meldNode(meld, lay, canLay);
    if (canLay && node.tagName === "BUTTON") dropTarget(node, () => lay(node.dataset.onto));
    melds.append(node);
  }
  if (!side.melds.length) melds.append(el("span", { class: "empty" }, side.opened ? "" : `needs ${side.minimum} to open`));
  const reds = side.seats.flatMap((s) => facts.seats[s].red_three_cards);
  const blacks = side.seats.flatMap((s) => facts.seats[s].black_three_cards);
  const threes = [...reds, ...blacks];
  // where every seat keeps its own score (cutthroat), a pair names whose total is whose
  const score = side.seat_scores && side.seat_scores.length > 1
    ? side.seats.map((s, i) => `${facts.seats[s].name} ${side.seat_scores[i]}`).join(", ") : side.score;
  const zone = el("section", { class: `side${side.mine ? " mine" : ""}`, "aria-label": `${side.name}'s melds`, "data-side": side.side },
    el("h3", {}, `${side.name} · ${score}`,
      el("small", {}, ` · canastas ${side.canastas}${side.opened || !side.melds.length ? "" : ` · needs ${side.minimum}`}`),
      threes.length ? el("span", { class: "threes", "aria-label": [["red 3s", reds], ["black 3s", blacks]].filter(([, cards]) => cards.length).map(([name, cards]) => `${name}: ${cards.map((c) => c.words).join(", ")}`).join("; ") }, ...threes.map(small)) : null),
    melds);
  if (canLay) dropTarget(zone, () => lay(null));  // dropped on the side's melds: a new meld
  return zone;
}

function centre(facts, act, drawAction) {
  const stock = el("button", { id: "stock", class: "pilebox", title: "Draw from the stock (d)",
    "aria-label": `the stock: ${facts.stock} cards${drawAction ? ", draw" : ""}`,
    disabled: !drawAction || game.pending, on: { click: () => drawAction && act("draw") } },
  el("span", { class: "card", html: backSVG() }), el("span", { class: "count" }, `${facts.stock} in stock`));
  const pile = facts.pile;
  const reason = [pile.frozen_reason, pile.blocked_reason].filter(Boolean).join("; ");
  const cards = el("div", { class: "pilecards" });
  if (pile.frozen && pile.frozen_rank) {
    cards.append(el("span", { class: "card sideways", html: cardSVG({ rank: pile.frozen_rank, eye: pile.frozen_eye,
      colour: ["2", "JK"].includes(pile.frozen_rank) ? "wild" : "", words: `frozen by ${pile.frozen_rank}` }) }));
  }
  cards.append(pile.top ? el("span", { class: `card top${game.lastDiscard ? " just" : ""}`, html: cardSVG(pile.top) })
    : el("span", { class: "card empty-pile" }, "empty"));
  const pileBox = el("div", { id: "pile", class: `pilebox${pile.frozen ? " frozen" : ""}`, tabindex: "0", title: reason || "the discard pile",
    "aria-label": `the pile: ${pile.size} cards${pile.top ? `, ${pile.top.words} on top` : ""}${reason ? `; ${reason}` : ""}`,
    on: { click: () => { game.showReason = !game.showReason; $("pile-reason").hidden = !game.showReason; } } },
  cards, el("span", { class: "count" }, `${pile.size} in pile`),
  pile.frozen ? el("span", { class: "badge frozen" }, "frozen") : null,
  pile.blocked ? el("span", { class: "badge blocked" }, "blocked") : null);
  const why = el("p", { id: "pile-reason", class: "reason", hidden: !game.showReason }, reason);
  const bonus = facts.bonus_piles && facts.bonus_piles.length
    ? el("span", { class: "count" }, `bonus piles ${facts.bonus_piles.join(" · ")}`) : null;
  return el("div", { id: "centre" }, el("div", { class: "pair" }, stock, pileBox), bonus, why);
}

// The table of a frame (a live one, or a replay's: ``handlers.still`` draws nothing to press,
// and a frame's ``hands`` shows every seat's hand face up).
export function drawTable(frame, handlers) {
  const { facts, table } = frame;
  const you = frame.you;
  const myTurn = you !== null && facts.turn.mine && !handlers.still;
  const felt = $("felt");
  const players = facts.seats.length;
  felt.className = `players-${players}${you === null ? " face-up" : ""}`;
  const order = [];
  const base = you === null ? 0 : you;  // a spectator sits where seat 1 sits
  for (let i = 1; i < players; i++) order.push((base + i) % players);
  if (you === null) order.unshift(base);
  const places = you === null ? ["bottom", ...(PLACES[players] || [])] : PLACES[players] || [];
  const nodes = [];
  order.forEach((seat, i) => nodes.push(seatBox(facts, facts.seats[seat], table.seats[seat], places[i] || "top", table,
    frame.hands ? frame.hands[seat] : null)));
  const theirs = el("div", { id: "melds-them", class: "meldzone" });
  const ours = el("div", { id: "melds-us", class: "meldzone" });
  for (const side of facts.sides) {
    if (!side.seats.length) continue;
    (side.mine ? ours : theirs).append(sideZone(facts, side, handlers.lay, myTurn, handlers.dropTarget));
  }
  felt.replaceChildren(...nodes, theirs, centre(facts, handlers.act, handlers.drawAction), ours);
  handlers.dropTarget($("pile"), handlers.discard);
  const me = you === null ? null : facts.seats[you];
  $("my-seat").replaceChildren(...(me ? [el("strong", {}, me.name),
    me.to_act ? el("span", { class: "badge turn" }, "your turn") : null,
    me.foot_size ? el("span", { class: "foot" }, ` foot ${me.foot_size}`) : null,
    game.last[you] ? el("span", { class: "last-move" }, ` ${game.last[you]}`) : null] : []).filter(Boolean));
  $("my-seat").classList.toggle("to-act", Boolean(me && me.to_act));
}

// The bar above the table: the scores, the deal, whose turn.
export function drawTopbar(facts, mine) {
  $("scores").textContent = facts.scoreboard.map((line) => `${line.name}: ${line.score}`).join(" · ");
  $("deal").textContent = `Deal ${facts.deal} · ${facts.rules}`;
  $("turn").textContent = facts.turn.words;
  $("turn").className = mine ? "mine" : "";
}

// A side's melds as the deal ended, small: a canasta as its top card and its count, another
// meld's cards close together.
function endMelds(side) {
  const words = side.melds.map((m) => `${m.label}, ${m.count} cards${m.canasta ? `, a ${m.canasta} canasta` : ""}`);
  return el("div", { class: "end-melds", role: "img", "aria-label": `${side.name}'s melds: ${words.join("; ")}` },
    ...side.melds.map((meld, i) => {
      const top = meld.canasta && (meld.cards.find((c) => (["natural", "special"].includes(meld.canasta) ? "HD" : "SC").includes(c.eye)) || meld.cards[0]);
      return el("span", { class: `end-meld${meld.canasta ? ` canasta ${meld.canasta}` : ""}`, title: words[i] },
        ...(top ? [small(top), el("span", { class: "end-count" }, `×${meld.count}`)] : meld.cards.map(small)));
    }));
}

// A deal's breakdown (a DealBreakdown fact): each side's melds as the deal ended (when they
// are known), its items, the deal's total, the game's.
export function breakdown(deal) {
  if (!deal) return null;
  const tableNode = el("table", { class: "breakdown" });
  for (const side of deal.sides) {
    tableNode.append(el("tr", {}, el("th", { colspan: 2 }, side.name)));
    if (side.melds.length) tableNode.append(el("tr", { class: "melds-row" }, el("td", { colspan: 2 }, endMelds(side))));
    for (const item of side.items) tableNode.append(el("tr", {}, el("td", {}, item.label), el("td", {}, String(item.points))));
    tableNode.append(el("tr", { class: "total" }, el("td", {}, "this deal"), el("td", {}, String(side.total))));
    tableNode.append(el("tr", { class: "total" }, el("td", {}, "game total"), el("td", {}, String(side.game_total))));
  }
  return el("div", {}, el("p", {}, deal.words), tableNode);
}

export { shortName };
