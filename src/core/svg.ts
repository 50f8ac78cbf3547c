import type { SvgRendering } from "./task.ts";

const XML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Tableau 10: distinct colours for categories (models, parts), in order. */
export const PALETTE: readonly string[] = [
  "#4e79a7",
  "#f28e2b",
  "#e15759",
  "#76b7b2",
  "#59a14f",
  "#edc948",
  "#b07aa1",
  "#ff9da7",
  "#9c755f",
  "#bab0ac",
];

/** Text made safe for SVG/XML content and attribute values (either quote). */
export const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (ch) => XML_ENTITIES[ch] ?? ch);

/** A complete SVG picture on a white background, sans-serif unless a child says otherwise. */
export function svgDocument(width: number, height: number, body: string): SvgRendering {
  return {
    kind: "svg",
    width,
    height,
    svg:
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">` +
      `<rect width="100%" height="100%" fill="#fff"/>${body}</svg>`,
  };
}
