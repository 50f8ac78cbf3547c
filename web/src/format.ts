export { DASH, fixed, pct, thousands } from "../../src/report/format.ts";

import { DASH } from "../../src/report/format.ts";

export function usd(x: number | null | undefined): string {
  if (x === null || x === undefined) return DASH;
  return x === 0 ? "$0" : x < 0.01 ? `$${x.toFixed(4)}` : `$${x.toFixed(2)}`;
}

export function ms(x: number | null | undefined): string {
  if (x === null || x === undefined) return DASH;
  return x < 1000 ? `${Math.round(x)} ms` : `${(x / 1000).toFixed(1)} s`;
}

/** "2026-11-24 23:02" from an ISO time, in UTC like the store. */
export function when(iso: string): string {
  return iso.replace("T", " ").slice(0, 16);
}

/** Indented JSON whose short arrays and objects stay on one line (a path of points reads as a path). */
export function json(x: unknown, indent = ""): string {
  const flat = JSON.stringify(x) ?? "undefined";
  if (flat.length + indent.length <= 80 || typeof x !== "object" || x === null) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(x)) {
    const items = x.map((v) => JSON.stringify(v) ?? "null");
    // Many short items (points, cells): pack them on lines, not one per line.
    if (items.every((t) => t.length <= 24)) {
      const lines: string[] = [];
      let line = "";
      for (const t of items) {
        if (line !== "" && inner.length + line.length + t.length + 2 > 80) {
          lines.push(line);
          line = "";
        }
        line = line === "" ? t : `${line}, ${t}`;
      }
      if (line !== "") lines.push(line);
      return `[\n${lines.map((l) => `${inner}${l}`).join(",\n")}\n${indent}]`;
    }
    return `[\n${x.map((v) => `${inner}${json(v, inner)}`).join(",\n")}\n${indent}]`;
  }
  const entries = Object.entries(x)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${inner}${JSON.stringify(k)}: ${json(v, inner)}`);
  return `{\n${entries.join(",\n")}\n${indent}}`;
}
