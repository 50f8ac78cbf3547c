/**
 * The colour-hinted control of CHAIN: every piece is a distinct colour, and the agent names
 * pieces by colour. Names are single lowercase words so that they read back unambiguously.
 */
export const PALETTE: readonly { name: string; hex: string }[] = [
  { name: "red", hex: "#e6194b" },
  { name: "green", hex: "#3cb44b" },
  { name: "yellow", hex: "#ffe119" },
  { name: "blue", hex: "#4363d8" },
  { name: "orange", hex: "#f58231" },
  { name: "purple", hex: "#911eb4" },
  { name: "cyan", hex: "#42d4f4" },
  { name: "magenta", hex: "#f032e6" },
  { name: "lime", hex: "#bfef45" },
  { name: "pink", hex: "#fabed4" },
  { name: "teal", hex: "#469990" },
  { name: "lavender", hex: "#dcbeff" },
  { name: "brown", hex: "#9a6324" },
  { name: "beige", hex: "#fffac8" },
  { name: "maroon", hex: "#800000" },
  { name: "mint", hex: "#aaffc3" },
  { name: "olive", hex: "#808000" },
  { name: "apricot", hex: "#ffd8b1" },
  { name: "navy", hex: "#000075" },
  { name: "grey", hex: "#a9a9a9" },
  { name: "black", hex: "#333333" },
  { name: "gold", hex: "#c9a227" },
  { name: "indigo", hex: "#4b0082" },
  { name: "coral", hex: "#ff7f50" },
];

/** The colour of piece i: a palette colour, then the palette again with a number ("red2"). */
export function pieceColour(i: number): { name: string; hex: string } {
  const base = PALETTE[i % PALETTE.length] as { name: string; hex: string };
  const round = Math.floor(i / PALETTE.length);
  return round === 0 ? base : { name: `${base.name}${round + 1}`, hex: base.hex };
}
