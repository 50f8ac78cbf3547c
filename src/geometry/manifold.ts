import Module, { type ManifoldToplevel } from "manifold-3d";

export type { CrossSection, Manifold, ManifoldToplevel, Mat4 } from "manifold-3d";

/**
 * The manifold-3d CSG kernel (WebAssembly), loaded once when this module is first imported
 * (about 20 ms), so that generators and solvers can stay synchronous.
 */
export const kernel: ManifoldToplevel = await Module();
kernel.setup();

interface Deletable {
  delete(): void;
}

/**
 * Runs `fn` and frees every WebAssembly object it passed to `keep` — manifold objects live
 * outside the JS heap and leak unless deleted. Return plain data, never a kept object.
 */
export function withKernel<T>(fn: (keep: <D extends Deletable>(d: D) => D) => T): T {
  const owned: Deletable[] = [];
  const keep = <D extends Deletable>(d: D): D => {
    owned.push(d);
    return d;
  };
  try {
    return fn(keep);
  } finally {
    for (const d of owned) d.delete();
  }
}
