// Card faces drawn as SVG: our own, from a card fact (docs/presentation.md, CardFact).
// A card fact says its rank, its suit where the rules tell suits apart, and its colour.

const SUIT = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const INK = { red: "#c0262d", black: "#1b1b1b", wild: "#6a2ca0", "": "#1d3f72" };

function escape(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function label(card) {
  if (card.rank === "JK") return "\u2605";
  if (card.rank === "R3" || card.rank === "B3") return "3";
  return card.rank;
}

// The centre of a face: the suit, a joker's star, a 3's colour mark, or the rank again.
function centre(card, ink) {
  if (card.rank === "JK") {
    return `<text x="30" y="50" font-size="13" text-anchor="middle" fill="${ink}" font-weight="700">JOKER</text>` +
      `<text x="30" y="68" font-size="18" text-anchor="middle" fill="${ink}">\u2605</text>`;
  }
  const pip = card.suit ? SUIT[card.suit] : card.rank === "R3" ? SUIT.H : card.rank === "B3" ? SUIT.S : "";
  if (pip) return `<text x="30" y="62" font-size="30" text-anchor="middle" fill="${ink}">${pip}</text>`;
  return `<text x="30" y="60" font-size="24" text-anchor="middle" fill="${ink}" font-weight="700">${escape(label(card))}</text>`;
}

export function cardSVG(card) {
  const ink = INK[card.colour] ?? INK[""];
  const corner = escape(label(card)) + (card.suit ? SUIT[card.suit] : "");
  const wild = card.colour === "wild" ? `<rect x="3" y="3" width="54" height="78" rx="5" fill="none" stroke="${ink}" stroke-dasharray="3 3"/>` : "";
  return `<svg viewBox="0 0 60 84" class="face" role="img" aria-label="${escape(card.words)}">` +
    `<rect x="0.5" y="0.5" width="59" height="83" rx="6" fill="#fffdf7" stroke="#8a8a8a"/>` + wild +
    `<text x="6" y="17" font-size="14" fill="${ink}" font-weight="700">${corner}</text>` +
    centre(card, ink) +
    `<text x="54" y="78" font-size="14" fill="${ink}" font-weight="700" text-anchor="end">${corner}</text></svg>`;
}

export function backSVG() {
  return `<img src="/static/back.svg" class="face" alt="a card face down">`;
}
