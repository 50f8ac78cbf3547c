import type { SvgRendering } from "./task.ts";

const XML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

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
