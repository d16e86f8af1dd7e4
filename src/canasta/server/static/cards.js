// Card faces drawn as SVG: our own, from a card fact (docs/presentation.md, CardFact).
// A card fact says its rank, the suit it shows (`eye`: its real suit, or its suit for the eye,
// from the server's presentation layer: never chosen here), its colour and its words.

const SUIT = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
// Two colours (red, black) or four (spades black, hearts red, diamonds blue, clubs green), for
// players who tell red from black badly; the choice is kept in the browser.
const TWO = { S: "#1b1b1b", C: "#1b1b1b", H: "#c0262d", D: "#c0262d" };
const FOUR = { S: "#1b1b1b", C: "#17803a", H: "#c0262d", D: "#1d5fbf" };
const WILD = "#6a2ca0";

let palette = TWO;
export function setFourColours(on) { palette = on ? FOUR : TWO; }

function escape(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// The rank as printed in a corner: a 3's colour is its suit's; a joker is a star.
export function rankText(card) {
  if (card.rank === "JK") return "\u2605";
  if (card.rank === "R3" || card.rank === "B3") return "3";
  return card.rank;
}

export function suitOf(card) {
  if (card.eye) return card.eye;
  return card.rank === "R3" ? "H" : card.rank === "B3" ? "S" : "";
}

export function ink(card) {
  if (card.rank === "JK") return WILD;
  const suit = suitOf(card);
  if (suit) return palette[suit];
  return card.colour === "red" ? TWO.H : "#1b1b1b";
}

// A short name for the eye and for the log: "K\u2665", "2\u2663", "JOKER".
export function shortName(card) {
  return card.rank === "JK" ? "joker" : rankText(card) + (SUIT[suitOf(card)] || "");
}

function centre(card, colour) {
  if (card.rank === "JK") {
    return `<text x="30" y="50" font-size="11" text-anchor="middle" fill="${colour}" font-weight="700">JOKER</text>` +
      `<text x="30" y="70" font-size="22" text-anchor="middle" fill="${colour}">\u2605</text>`;
  }
  const pip = SUIT[suitOf(card)] || "";
  const face = /^[JQK]$/.test(card.rank)
    ? `<rect x="15" y="27" width="30" height="40" rx="3" fill="none" stroke="${colour}" stroke-width="1.2"/>` +
      `<text x="30" y="56" font-size="22" text-anchor="middle" fill="${colour}" font-weight="700" font-family="Georgia, serif">${card.rank}</text>`
    : `<text x="30" y="63" font-size="30" text-anchor="middle" fill="${colour}">${pip}</text>`;
  return face;
}

// A face: rank and suit in the top-left corner (what an overlapping fan leaves to be read),
// big enough to read at 56 px; wild cards have a dashed purple frame.
export function cardSVG(card) {
  const colour = ink(card);
  const suit = SUIT[suitOf(card)] || "";
  const rank = escape(rankText(card));
  const wild = card.colour === "wild"
    ? `<rect x="3" y="3" width="54" height="78" rx="5" fill="none" stroke="${WILD}" stroke-width="1.5" stroke-dasharray="4 3"/>` : "";
  return `<svg viewBox="0 0 60 84" class="face" role="img" aria-label="${escape(card.words)}">` +
    `<rect x="0.5" y="0.5" width="59" height="83" rx="6" fill="#fffdf7" stroke="#8a8a8a"/>` + wild +
    `<text x="4" y="17" font-size="${rank.length > 1 ? 15 : 17}" fill="${colour}" font-weight="700" font-family="Arial, sans-serif"` +
    ` letter-spacing="${rank.length > 1 ? -1 : 0}">${rank}<tspan font-size="15" dx="1">${suit}</tspan></text>` +
    centre(card, colour) +
    `<text x="55" y="79" font-size="13" fill="${colour}" font-weight="700" text-anchor="end">${rank}${suit}</text></svg>`;
}

export function backSVG() {
  return `<img src="/static/back.svg" class="face" alt="a card face down">`;
}
