/**
 * Python values as `ast.literal_eval` produces them. Sets and dicts keep insertion order and hold
 * distinct keys by Python equality, so `{1, 1.0, True}` is `{1}` and `{1: "a", True: "b"}` is
 * `{1: "b"}` (the first key is kept, the last value wins), as in Python.
 */
export type PyValue =
  | { readonly kind: "int"; readonly value: bigint }
  | { readonly kind: "float"; readonly value: number }
  | { readonly kind: "bool"; readonly value: boolean }
  | { readonly kind: "none" }
  | { readonly kind: "str"; readonly value: string }
  | { readonly kind: "list"; readonly items: readonly PyValue[] }
  | { readonly kind: "tuple"; readonly items: readonly PyValue[] }
  | { readonly kind: "set"; readonly items: readonly PyValue[] }
  | { readonly kind: "dict"; readonly entries: readonly (readonly [PyValue, PyValue])[] };

/** Python's `type(x).__name__`. */
export function pyTypeName(value: PyValue): string {
  return value.kind === "none" ? "NoneType" : value.kind;
}

/** The first unhashable type inside a value (`list`, `set`, `dict`), or undefined when it is hashable. */
export function unhashableType(value: PyValue): string | undefined {
  switch (value.kind) {
    case "list":
    case "set":
    case "dict":
      return value.kind;
    case "tuple":
      for (const item of value.items) {
        const inner = unhashableType(item);
        if (inner !== undefined) return inner;
      }
      return undefined;
    default:
      return undefined;
  }
}

/**
 * A string equal for two hashable values exactly when Python's `==` holds between them, so it can key a
 * JS Map the way the value keys a Python dict: `1`, `1.0` and `True` share a key, as do `0`, `-0.0` and
 * `False`. Throws a TypeError for unhashable values (check with `unhashableType` first).
 */
export function pyKey(value: PyValue): string {
  switch (value.kind) {
    // Integers in hexadecimal: linear in the size of a huge int, where decimal conversion is not.
    case "int":
      return `n${value.value.toString(16)}`;
    case "bool":
      return value.value ? "n1" : "n0";
    case "float":
      return Number.isInteger(value.value) ? `n${BigInt(value.value).toString(16)}` : `f${value.value}`;
    case "none":
      return "N";
    case "str":
      return `s${JSON.stringify(value.value)}`;
    case "tuple":
      return `t(${value.items.map(pyKey).join(",")})`;
    default:
      throw new TypeError(`unhashable type: '${value.kind}'`);
  }
}

/** Python's `==` for these values (numbers compare exactly across int, float and bool; no NaN can occur). */
export function pyEquals(a: PyValue, b: PyValue): boolean {
  const x = numeric(a);
  const y = numeric(b);
  if (x !== undefined || y !== undefined) return x !== undefined && y !== undefined && numbersEqual(x, y);
  switch (a.kind) {
    case "none":
      return b.kind === "none";
    case "str":
      return b.kind === "str" && a.value === b.value;
    case "list":
    case "tuple":
      return b.kind === a.kind && sequencesEqual(a.items, b.items);
    case "set":
      return b.kind === "set" && a.items.length === b.items.length && setContainsAll(b.items, a.items);
    case "dict":
      return (
        b.kind === "dict" && a.entries.length === b.entries.length && dictContainsAll(b.entries, a.entries)
      );
    default:
      return false;
  }
}

function numeric(value: PyValue): bigint | number | undefined {
  if (value.kind === "int") return value.value;
  if (value.kind === "bool") return value.value ? 1n : 0n;
  if (value.kind === "float") return value.value;
  return undefined;
}

function numbersEqual(x: bigint | number, y: bigint | number): boolean {
  if (typeof x === typeof y) return x === y;
  const float = typeof x === "number" ? x : (y as number);
  const int = typeof x === "bigint" ? x : (y as bigint);
  return Number.isInteger(float) && BigInt(float) === int;
}

function sequencesEqual(a: readonly PyValue[], b: readonly PyValue[]): boolean {
  return a.length === b.length && a.every((item, i) => pyEquals(item, b[i] as PyValue));
}

function setContainsAll(haystack: readonly PyValue[], needles: readonly PyValue[]): boolean {
  const keys = new Set(haystack.map(pyKey));
  return needles.every((item) => keys.has(pyKey(item)));
}

function dictContainsAll(
  haystack: readonly (readonly [PyValue, PyValue])[],
  needles: readonly (readonly [PyValue, PyValue])[],
): boolean {
  const values = new Map(haystack.map(([k, v]) => [pyKey(k), v]));
  return needles.every(([k, v]) => {
    const other = values.get(pyKey(k));
    return other !== undefined && pyEquals(v, other);
  });
}

/** A Python set from hashable items: later items equal to an earlier one are dropped. */
export function pySet(items: readonly PyValue[]): PyValue {
  const seen = new Map<string, PyValue>();
  for (const item of items) {
    const key = pyKey(item);
    if (!seen.has(key)) seen.set(key, item);
  }
  return { kind: "set", items: [...seen.values()] };
}

/** A Python dict from entries with hashable keys: a repeated key keeps its first spelling and its last value. */
export function pyDict(entries: readonly (readonly [PyValue, PyValue])[]): PyValue {
  const merged = new Map<string, [PyValue, PyValue]>();
  for (const [key, value] of entries) {
    const id = pyKey(key);
    const earlier = merged.get(id);
    merged.set(id, [earlier ? earlier[0] : key, value]);
  }
  return { kind: "dict", entries: [...merged.values()] };
}
