import { escapeXml } from "../../../core/svg.ts";
import type { SvgRendering } from "../../../core/task.ts";
import type { PrintablePrimeAnswer, PrintablePrimeData } from "./generate.ts";
import {
  DIGIT_MASKS,
  isFlat,
  layerHeight,
  type Orientation,
  orientedMask,
  SEGMENTS,
  withCommas,
} from "./rules.ts";
import { analyseStack, verifyPrintablePrime } from "./verify.ts";

const MM = 6; // px per mm in the side view
const PAD = 16;
const HEADER = 76;
const RULER_X = PAD + 44;
const STACK_X = RULER_X + 24;
const STACK_W = 20 * MM + 20;
const CARD_X = STACK_X + STACK_W + 60;
const CARD_H = 22;
const CARD_W = 190;
const BAD = "#d62728";
const OK_COLOURS = [
  "#1f77b4",
  "#ff7f0e",
  "#2ca02c",
  "#9467bd",
  "#8c564b",
  "#e377c2",
  "#17becf",
  "#bcbd22",
  "#7f7f7f",
  "#393b79",
];

const text = (x: number, y: number, s: string, extra = "", size = 11, family = "sans-serif") =>
  `<text x="${x}" y="${y}" font-family="${family}" font-size="${size}" ${extra}>${escapeXml(s)}</text>`;

/** Segment end points in digit coordinates: x 0–10 mm left to right, y 0–20 mm bottom to top. */
const SEGMENT_LINES: Record<(typeof SEGMENTS)[number], [number, number, number, number]> = {
  a: [0, 20, 10, 20],
  b: [10, 20, 10, 10],
  c: [10, 10, 10, 0],
  d: [0, 0, 10, 0],
  e: [0, 0, 0, 10],
  f: [0, 10, 0, 20],
  g: [0, 10, 10, 10],
};

/** Lines of the segments in `mask`, mapped through `to` (digit mm → svg px). */
function glyph(
  mask: number,
  to: (x: number, y: number) => [number, number],
  colour: string,
  width: number,
): string {
  return SEGMENTS.filter((_, i) => (mask & (1 << i)) !== 0)
    .map((s) => {
      const [x1, y1, x2, y2] = SEGMENT_LINES[s];
      const [p1, q1] = to(x1, y1);
      const [p2, q2] = to(x2, y2);
      return `<line x1="${p1.toFixed(1)}" y1="${q1.toFixed(1)}" x2="${p2.toFixed(1)}" y2="${q2.toFixed(1)}" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>`;
    })
    .join("");
}

/**
 * How a raised digit stands, in side-view coordinates (h across, z up, both mm): rotate90X stands it
 * upright on its head (top bar down), rotate90Y lays it on its long right side (bars pointing up).
 */
function raisedPose(orientation: Orientation): (x: number, y: number) => [number, number] {
  return orientation === "rotate90X" ? (x, y) => [x + 5, 20 - y] : (x, y) => [y, 10 - x];
}

export function renderPrintablePrime(data: PrintablePrimeData, answer?: PrintablePrimeAnswer): SvgRendering {
  const seq = answer?.numberSequence ?? [];
  const report = answer ? analyseStack(answer) : null;
  const height = report?.height ?? 0;
  const rulerMm = Math.ceil((Math.max(height, data.minHeightMm) + 5) / 10) * 10;
  const stackPx = rulerMm * MM;
  const cardsPx = seq.length * CARD_H;
  const bodyPx = Math.max(stackPx, cardsPx, answer ? 0 : 360);
  const width = Math.max(CARD_X + CARD_W + PAD, 640);
  const totalH = HEADER + bodyPx + PAD + 20;
  const base = HEADER + bodyPx; // z = 0 on the bed
  const zy = (z: number) => base - z * MM;

  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${totalH}" viewBox="0 0 ${width} ${totalH}">`,
    `<rect width="${width}" height="${totalH}" fill="white"/>`,
  ];
  const title = `Largest 3D-printable prime: full credit at ${data.targetDigits} digits${
    data.maxDigits !== null ? `, at most ${data.maxDigits}` : ""
  }; stack must exceed ${data.minHeightMm} mm`;
  out.push(text(PAD, PAD + 6, title, 'font-weight="bold"', 13));

  if (answer && report) {
    const verdict = verifyPrintablePrime(data, answer);
    const digits = report.digits === null ? seq.map((it) => it.digit).join(" ") : withCommas(report.digits);
    // Wrap after a comma (or a space between non-digits) so no group is split across lines.
    const lines = digits.match(/.{1,80}([ ,]|$)/g) ?? [digits];
    const shown = lines.length > 2 ? [lines[0] ?? "", `${(lines[1] ?? "").slice(0, 81)}…`] : lines;
    shown.forEach((line, k) => {
      out.push(
        text(
          PAD,
          PAD + 24 + 13 * k,
          `${k === 0 ? `${seq.length} digits: ` : ""}${line}`,
          "",
          10,
          "monospace",
        ),
      );
    });
    const failed = verdict.checks.filter((c) => !c.ok).map((c) => c.name);
    const summary = `height ${height.toFixed(1)} mm · score ${verdict.score.toFixed(3)} · ${
      failed.length === 0 ? "all checks pass" : `fails: ${failed.join(", ")}`
    }`;
    out.push(text(PAD, PAD + 54, summary, `fill="${verdict.passed ? "#2a7d2a" : BAD}"`));
  } else {
    out.push(
      text(
        PAD,
        PAD + 24,
        "7-segment font (segments a–g); each digit is 10 × 20 mm, each segment 10 × 1 × 1 mm",
      ),
    );
  }

  // Ruler and the height line.
  out.push(`<line x1="${RULER_X}" y1="${zy(0)}" x2="${RULER_X}" y2="${zy(rulerMm)}" stroke="#333"/>`);
  for (let mm = 0; mm <= rulerMm; mm += 5) {
    const major = mm % 10 === 0;
    out.push(
      `<line x1="${RULER_X - (major ? 8 : 4)}" y1="${zy(mm)}" x2="${RULER_X}" y2="${zy(mm)}" stroke="#333"/>`,
    );
    if (major) out.push(text(RULER_X - 12, zy(mm) + 4, `${mm}`, 'text-anchor="end"', 10));
  }
  out.push(text(PAD - 6, zy(rulerMm) - 6, "mm", "", 10));
  out.push(
    `<line x1="${STACK_X - 30}" y1="${zy(0)}" x2="${STACK_X + STACK_W}" y2="${zy(0)}" stroke="#333" stroke-width="2"/>`,
  );
  const heightLine = [
    `<line x1="${RULER_X - 8}" y1="${zy(data.minHeightMm)}" x2="${STACK_X + STACK_W}" y2="${zy(data.minHeightMm)}" stroke="${BAD}" stroke-width="1.5" stroke-dasharray="6 4"/>`,
    text(
      STACK_X + STACK_W - 2,
      zy(data.minHeightMm) - 4,
      `${data.minHeightMm} mm`,
      `text-anchor="end" fill="${BAD}" stroke="white" stroke-width="3" paint-order="stroke"`,
      10,
    ),
  ].join("");

  if (!answer || !report) {
    // The font: the ten digits with their segments, and one labelled digit 8.
    const to =
      (ox: number, oy: number, s: number) =>
      (x: number, y: number): [number, number] => [ox + x * s, oy - y * s];
    out.push(glyph(DIGIT_MASKS[8] ?? 0, to(CARD_X + 60, HEADER + 330, 5), "#999", 4));
    for (const [s, [x1, y1, x2, y2]] of Object.entries(SEGMENT_LINES)) {
      const [px, py] = to(CARD_X + 60, HEADER + 330, 5)((x1 + x2) / 2, (y1 + y2) / 2);
      out.push(text(px + (x1 === x2 ? 6 : -3), py + (x1 === x2 ? 4 : -5), s, 'font-weight="bold"', 12));
    }
    DIGIT_MASKS.forEach((mask, d) => {
      const ox = CARD_X + (d % 5) * 36;
      const oy = HEADER + 60 + Math.floor(d / 5) * 80;
      out.push(
        glyph(mask, to(ox, oy, 2.2), "#333", 2.5),
        text(ox + 8, oy + 16, `${d}`, 'text-anchor="middle"'),
      );
    });
    out.push(heightLine, "</svg>");
    return { kind: "svg", svg: out.join("\n"), width, height: totalH };
  }

  let z = 0;
  seq.forEach((item, i) => {
    const layer = report.layers[i];
    const bad = !layer?.digitOk || !layer.orientationOk || layer.supportProblem !== null;
    const colour = bad ? BAD : (OK_COLOURS[item.digit] ?? "#333");
    const h = layer?.digitOk ? layerHeight(item.digit, item.orientation) : 1.2;
    const mid = z + (h - 0.2) / 2;
    // Side view.
    if (
      !layer?.digitOk ||
      isFlat(item.orientation) ||
      (item.digit === 1 && item.orientation === "rotate90Y")
    ) {
      out.push(
        `<rect x="${STACK_X + 10}" y="${zy(z + 1)}" width="${20 * MM}" height="${MM}" fill="${colour}" fill-opacity="0.8"/>`,
      );
    } else {
      const pose = raisedPose(item.orientation);
      const to = (x: number, y: number): [number, number] => {
        const [hh, zz] = pose(x, y);
        return [STACK_X + 10 + hh * MM, zy(z + 0.5 + zz)];
      };
      out.push(glyph(DIGIT_MASKS[item.digit] ?? 0, to, colour, MM));
    }
    // Card with the glyph as seen from above (flat) or as it stands (raised), joined to its layer.
    const cy = base - (i + 0.5) * CARD_H;
    out.push(
      `<line x1="${STACK_X + STACK_W}" y1="${zy(mid).toFixed(1)}" x2="${CARD_X - 4}" y2="${cy.toFixed(1)}" stroke="${colour}" stroke-opacity="0.5"/>`,
    );
    if (layer?.digitOk) {
      const flat = isFlat(item.orientation);
      const mask = flat ? orientedMask(item.digit, item.orientation) : (DIGIT_MASKS[item.digit] ?? 0);
      const s = 0.8;
      const to = flat
        ? (x: number, y: number): [number, number] => [CARD_X + 6 + x * s, cy + 8 - y * s]
        : (x: number, y: number): [number, number] => {
            const [hh, zz] = raisedPose(item.orientation)(x, y);
            return [CARD_X + 2 + hh * s * 0.9, cy + 8 - zz * s * 0.9];
          };
      out.push(glyph(mask, to, colour, 1.6));
    }
    const note = bad
      ? !layer?.digitOk
        ? "not a digit"
        : !layer.orientationOk
          ? "unprintable orientation"
          : "unsupported"
      : "";
    out.push(
      text(
        CARD_X + 26,
        cy + 4,
        `${i + 1}. ${item.digit} ${item.orientation}${note ? ` — ${note}` : ""}`,
        `fill="${colour}"`,
        10,
      ),
    );
    z += h;
  });
  out.push(heightLine, "</svg>");
  return { kind: "svg", svg: out.join("\n"), width, height: totalH };
}
