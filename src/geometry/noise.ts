import type { Rng } from "../core/rng.ts";

/** A 2D noise field: a smooth function of the plane. */
export type Noise2 = (x: number, y: number) => number;

const GRADIENTS: readonly (readonly [number, number])[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [Math.SQRT1_2, Math.SQRT1_2],
  [-Math.SQRT1_2, Math.SQRT1_2],
  [Math.SQRT1_2, -Math.SQRT1_2],
  [-Math.SQRT1_2, -Math.SQRT1_2],
];

const fade = (t: number): number => t * t * t * (t * (t * 6 - 15) + 10);
const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/**
 * Classic (improved) Perlin gradient noise on the plane, with a permutation table shuffled by
 * `rng`: zero at every integer lattice point, values within about ±0.71, period 256.
 */
export function perlin2(rng: Rng): Noise2 {
  const order = rng.shuffle(Array.from({ length: 256 }, (_, i) => i));
  const perm = new Uint8Array(512);
  for (let i = 0; i < 512; i++) perm[i] = order[i & 255] as number;
  const dot = (hash: number, dx: number, dy: number): number => {
    const g = GRADIENTS[hash & 7] as readonly [number, number];
    return g[0] * dx + g[1] * dy;
  };
  return (x, y) => {
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const fx = x - x0;
    const fy = y - y0;
    const xi = x0 & 255;
    const yi = y0 & 255;
    const h = (i: number, j: number): number =>
      perm[(perm[(xi + i) & 255] as number) + ((yi + j) & 255)] as number;
    const u = fade(fx);
    const v = fade(fy);
    const bottom = lerp(dot(h(0, 0), fx, fy), dot(h(1, 0), fx - 1, fy), u);
    const top = lerp(dot(h(0, 1), fx, fy - 1), dot(h(1, 1), fx - 1, fy - 1), u);
    return lerp(bottom, top, v);
  };
}

export interface FractalOptions {
  /** Number of layers (≥ 1). */
  octaves: number;
  /** Amplitude ratio between successive octaves. Default 0.5. */
  persistence?: number;
  /** Frequency ratio between successive octaves. Default 2. */
  lacunarity?: number;
}

/**
 * Multi-octave (fractal Brownian motion) Perlin noise: the sum of `octaves` independent Perlin
 * layers, each `lacunarity` times finer and `persistence` times weaker than the one before,
 * divided by the total amplitude. Every octave has its own permutation from a split of `rng`.
 */
export function fractalNoise2(rng: Rng, opts: FractalOptions): Noise2 {
  const { octaves, persistence = 0.5, lacunarity = 2 } = opts;
  if (!Number.isInteger(octaves) || octaves < 1)
    throw new RangeError(`octaves must be an integer ≥ 1, got ${octaves}`);
  const layers = Array.from({ length: octaves }, (_, k) => ({
    noise: perlin2(rng.split(`octave-${k}`)),
    frequency: lacunarity ** k,
    amplitude: persistence ** k,
    // Offsets keep lattice zeros of different octaves from lining up at the origin.
    dx: rng.float() * 256,
    dy: rng.float() * 256,
  }));
  const total = layers.reduce((s, l) => s + l.amplitude, 0);
  return (x, y) => {
    let sum = 0;
    for (const l of layers) sum += l.amplitude * l.noise(x * l.frequency + l.dx, y * l.frequency + l.dy);
    return sum / total;
  };
}

/**
 * A `rows × cols` grid sampling `noise` at cell centres, `period` cells per unit of the base
 * lattice, rescaled linearly so its minimum is `min` and its maximum `max` (all `min` when flat).
 */
export function noiseGrid(
  noise: Noise2,
  rows: number,
  cols: number,
  period: number,
  [min, max]: readonly [number, number],
): number[][] {
  const raw = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => noise((c + 0.5) / period, (r + 0.5) / period)),
  );
  const flat = raw.flat();
  const lo = Math.min(...flat);
  const hi = Math.max(...flat);
  const span = hi - lo;
  return raw.map((row) => row.map((v) => (span > 0 ? min + ((v - lo) / span) * (max - min) : min)));
}
