// A card drawn as a card: its index (rank over suit) in the top-left corner and again,
// upside down, in the bottom-right; a big pip in the centre (a framed letter for a face
// card, a star for a joker). Text and CSS only: sharp at any device pixel ratio, nothing
// to download. Colours by suit ("s" = 0 ♠, 1 ♥, 2 ♦, 3 ♣): the four-colour deck
// (a setting) colours diamonds and clubs apart (table.css).
const FACES = new Set(["J", "Q", "K"]);

function span(cls, text) {
  const node = document.createElement("span");
  node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function index(card, extra) {
  const node = span("idx" + extra);
  node.append(span("r", card.rank), span("u", card.suit));
  return node;
}

export function cardNode(card, extra = "") {
  const node = document.createElement("div");
  node.className = `card s${card.s} ${card.red ? "red" : "black"} ${extra}`;
  node.dataset.card = card.id;
  node.setAttribute("aria-label", card.label);
  const face = FACES.has(card.rank);
  const pip = span("pip" + (face ? " face" : ""), face ? card.rank : card.suit);
  if (face) pip.append(span("u", card.suit));
  node.append(index(card, ""), pip, index(card, " br"));
  return node;
}

export function backNode(extra = "") {
  const node = document.createElement("div");
  node.className = "card back " + extra;
  return node;
}
