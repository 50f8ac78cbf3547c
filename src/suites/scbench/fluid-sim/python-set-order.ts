/**
 * The iteration order of a CPython (3.8 and later, 64-bit) set of integer pairs (x, y) built by
 * adding pairs in a given order. The original's rain fills "any" air cell of a closed pool by
 * walking such a set, so which cell fills first (and so where later drops land) follows this order.
 */

const M64 = (1n << 64n) - 1n;
const PRIME_1 = 11400714785074694791n;
const PRIME_2 = 14029467366897019727n;
const PRIME_5 = 2870177450012600261n;
const MIN_SIZE = 8;
const LINEAR_PROBES = 9;
const PERTURB_SHIFT = 5n;

/** CPython's tuple hash (xxHash-based) of (a, b) for small non-negative ints, as an unsigned 64-bit value. */
export function pairHash(a: number, b: number): bigint {
  let acc = PRIME_5;
  for (const lane of [BigInt(a), BigInt(b)]) {
    acc = (acc + lane * PRIME_2) & M64;
    acc = ((acc << 31n) | (acc >> 33n)) & M64;
    acc = (acc * PRIME_1) & M64;
  }
  acc = (acc + (2n ^ (PRIME_5 ^ 3527539n))) & M64;
  return acc === M64 ? 1546275796n : acc;
}

/** Places each key (with its hash) into an open-addressing table as CPython's set does. */
function place(table: Int32Array, mask: number, hash: bigint, key: number): void {
  let i = Number(hash & BigInt(mask));
  let perturb = hash;
  for (;;) {
    const probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
    for (let j = 0; j <= probes; j++)
      if (table[i + j] === -1) {
        table[i + j] = key;
        return;
      }
    perturb >>= PERTURB_SHIFT;
    i = Number((BigInt(i) * 5n + 1n + perturb) & BigInt(mask));
  }
}

/**
 * Keys (distinct, each a pair index) in the order a CPython set iterates them after they were
 * added in `added` order; `hashOf(key)` gives the pair's hash.
 */
export function pythonSetOrder(added: readonly number[], hashOf: (key: number) => bigint): number[] {
  let size = MIN_SIZE;
  let table = new Int32Array(size).fill(-1);
  let used = 0;
  for (const key of added) {
    place(table, size - 1, hashOf(key), key);
    used++;
    if (used * 5 < (size - 1) * 3) continue;
    const want = used > 50000 ? used * 2 : used * 4;
    let next = MIN_SIZE;
    while (next <= want) next *= 2;
    const old = table;
    size = next;
    table = new Int32Array(size).fill(-1);
    for (const k of old) if (k !== -1) place(table, size - 1, hashOf(k), k);
  }
  return Array.from(table).filter((k) => k !== -1);
}
