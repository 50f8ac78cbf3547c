import type { LinePuzzle } from "../../../src/view/play-api.ts";
import { isRuleCell, isVertex, type Pt } from "./line.ts";

/** Pixels between neighbouring positions (a vertex to the next is twice this). */
const H = 34;
const PAD = 40;
const LINE = "#d4dde8";
const PATH = "#ffb52e";

type Sym = LinePuzzle["symbols"][number];

function SymbolMark({ s }: { s: Sym }) {
  const cx = PAD + s.x * H;
  const cy = PAD + s.y * H;
  const fill = s.fill;
  const stroke = s.outline ?? "none";
  const c = 2 * H;
  switch (s.kind) {
    case "square":
      return (
        <rect
          x={cx - c * 0.18}
          y={cy - c * 0.18}
          width={c * 0.36}
          height={c * 0.36}
          rx={c * 0.09}
          fill={fill}
          stroke={stroke}
        />
      );
    case "star": {
      const pts: string[] = [];
      for (let i = 0; i < 16; i++) {
        const a = (i * Math.PI) / 8 - Math.PI / 2;
        const r = i % 2 === 0 ? c * 0.2 : c * 0.2 * 0.765;
        pts.push(`${cx + r * Math.cos(a)},${cy + r * Math.sin(a)}`);
      }
      return <polygon points={pts.join(" ")} fill={fill} stroke={stroke} />;
    }
    case "triangle": {
      const n = s.count ?? 1;
      const step = c * 0.185;
      return (
        <g>
          {Array.from({ length: n }, (_, i) => {
            const tx = cx - ((n - 1) * step) / 2 + i * step;
            const w = c * 0.16;
            const h = c * 0.15;
            return (
              <polygon
                key={tx}
                points={`${tx},${cy - h / 2} ${tx + w / 2},${cy + h / 2} ${tx - w / 2},${cy + h / 2}`}
                fill={fill}
                stroke={stroke}
              />
            );
          })}
        </g>
      );
    }
    default: {
      const cells = s.cells ?? [];
      if (cells.length === 0) return null;
      const minX = Math.min(...cells.map((p) => p.x));
      const maxX = Math.max(...cells.map((p) => p.x));
      const minY = Math.min(...cells.map((p) => p.y));
      const maxY = Math.max(...cells.map((p) => p.y));
      const u = c * 0.17;
      const left = cx - ((maxX - minX + 1) * u) / 2;
      const top = cy - ((maxY - minY + 1) * u) / 2;
      const ylop = s.kind === "ylop";
      return (
        <g>
          {cells.map((p) => (
            <rect
              key={`${p.x},${p.y}`}
              x={left + (p.x - minX) * u + u * 0.09}
              y={top + (p.y - minY) * u + u * 0.09}
              width={u * 0.82}
              height={u * 0.82}
              fill={ylop ? "none" : fill}
              stroke={ylop ? fill : stroke}
              strokeWidth={ylop ? 2 : 1}
            />
          ))}
        </g>
      );
    }
  }
}

/** The side of the grid an end point leaves by. */
function outward(p: Pt, g: LinePuzzle): Pt {
  const sides: [number, Pt][] = [
    [p.x, { x: -1, y: 0 }],
    [g.cols - 1 - p.x, { x: 1, y: 0 }],
    [p.y, { x: 0, y: -1 }],
    [g.rows - 1 - p.y, { x: 0, y: 1 }],
  ];
  return sides.reduce((a, b) => (b[0] < a[0] ? b : a))[1];
}

/**
 * SPaRC's puzzle drawn from its data, with the line so far and a clickable node on every position
 * a line may visit (`sparc-node`, in position coordinates).
 */
export function SparcBoard({
  puzzle: g,
  path,
  onNode,
  locked,
}: {
  puzzle: LinePuzzle;
  path: readonly Pt[];
  onNode(p: Pt): void;
  locked: boolean;
}) {
  const width = 2 * PAD + (g.cols - 1) * H;
  const height = 2 * PAD + (g.rows - 1) * H;
  const px = (x: number) => PAD + x * H;
  const gaps = new Set(g.gaps.map((p) => `${p.x},${p.y}`));
  const edges: Pt[] = [];
  const nodes: Pt[] = [];
  for (let y = 0; y < g.rows; y++)
    for (let x = 0; x < g.cols; x++) {
      const p = { x, y };
      if (isRuleCell(p)) continue;
      nodes.push(p);
      if (!isVertex(p)) edges.push(p);
    }
  const out = outward(g.end, g);
  const last = path[path.length - 1];
  const atEnd = last !== undefined && last.x === g.end.x && last.y === g.end.y;
  const lw = H * 0.4;
  return (
    <svg
      data-testid="sparc-grid"
      className="sparc-grid"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`SPaRC grid ${g.cols}×${g.rows} positions`}
    >
      <rect x={4} y={4} width={width - 8} height={height - 8} rx={10} fill="#22334d" />
      <g fill={LINE}>
        {nodes.filter(isVertex).map((v) => (
          <circle key={`${v.x},${v.y}`} cx={px(v.x)} cy={px(v.y)} r={lw / 2} />
        ))}
      </g>
      <g stroke={LINE} strokeWidth={lw}>
        {edges.map((e) => {
          const [dx, dy] = e.x % 2 === 1 ? [1, 0] : [0, 1];
          if (gaps.has(`${e.x},${e.y}`)) {
            const gap = H * 0.3;
            return (
              <g key={`${e.x},${e.y}`}>
                <line x1={px(e.x - dx)} y1={px(e.y - dy)} x2={px(e.x) - dx * gap} y2={px(e.y) - dy * gap} />
                <line x1={px(e.x) + dx * gap} y1={px(e.y) + dy * gap} x2={px(e.x + dx)} y2={px(e.y + dy)} />
              </g>
            );
          }
          return (
            <line
              key={`${e.x},${e.y}`}
              x1={px(e.x - dx)}
              y1={px(e.y - dy)}
              x2={px(e.x + dx)}
              y2={px(e.y + dy)}
            />
          );
        })}
        <line
          x1={px(g.end.x)}
          y1={px(g.end.y)}
          x2={px(g.end.x) + out.x * H * 0.6}
          y2={px(g.end.y) + out.y * H * 0.6}
          strokeLinecap="round"
        />
      </g>
      <circle cx={px(g.start.x)} cy={px(g.start.y)} r={lw * 1.15} fill={LINE} />
      {g.symbols.map((s) => (
        <SymbolMark key={`${s.x},${s.y}`} s={s} />
      ))}
      {path.length > 0 && (
        <g stroke={PATH} fill="none" strokeWidth={lw * 0.8} strokeLinecap="round" strokeLinejoin="round">
          <circle cx={px(g.start.x)} cy={px(g.start.y)} r={lw} fill={PATH} stroke="none" />
          <polyline points={path.map((p) => `${px(p.x)},${px(p.y)}`).join(" ")} />
          {atEnd && (
            <line
              x1={px(g.end.x)}
              y1={px(g.end.y)}
              x2={px(g.end.x) + out.x * H * 0.6}
              y2={px(g.end.y) + out.y * H * 0.6}
            />
          )}
        </g>
      )}
      {g.dots.map((d) => (
        <circle key={`${d.x},${d.y}`} cx={px(d.x)} cy={px(d.y)} r={lw * 0.45} fill="#111827" />
      ))}
      {nodes.map((p) => (
        // biome-ignore lint/a11y/useSemanticElements: a grid point inside the SVG cannot be an HTML button
        <circle
          key={`${p.x},${p.y}`}
          data-testid="sparc-node"
          data-x={p.x}
          data-y={p.y}
          className={isVertex(p) ? "sparc-node vertex" : "sparc-node edge"}
          cx={px(p.x)}
          cy={px(p.y)}
          r={isVertex(p) ? H * 0.45 : H * 0.3}
          role="button"
          tabIndex={-1}
          aria-label={`point ${p.x}, ${p.y}`}
          onClick={locked ? undefined : () => onNode(p)}
          onKeyDown={(e) => {
            if (!locked && e.key === "Enter") onNode(p);
          }}
        />
      ))}
    </svg>
  );
}
