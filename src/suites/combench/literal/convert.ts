import type { PyValue } from "./value.ts";

/**
 * Plain JS for a Python value, for verifier ports: int → bigint, float → number, bool → boolean,
 * None → null, str → string, list/tuple/set → array (a set in insertion order), dict → array of [key, value].
 */
export type JsValue = bigint | number | boolean | null | string | JsValue[] | [JsValue, JsValue][];

export function pyToJs(value: PyValue): JsValue {
  switch (value.kind) {
    case "int":
    case "float":
    case "bool":
    case "str":
      return value.value;
    case "none":
      return null;
    case "list":
    case "tuple":
    case "set":
      return value.items.map(pyToJs);
    case "dict":
      return value.entries.map(([k, v]): [JsValue, JsValue] => [pyToJs(k), pyToJs(v)]);
  }
}

/**
 * The number of a Python int (not a bool: ports of `type(x) is int` checks want them apart), or undefined
 * when the value is not an int or is outside the safe-integer range.
 */
export function pyToSafeInteger(value: PyValue): number | undefined {
  if (value.kind !== "int") return undefined;
  const n = Number(value.value);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** The items of a Python list (not a tuple), or undefined: ports of `isinstance(x, list)`. */
export function pyListItems(value: PyValue): readonly PyValue[] | undefined {
  return value.kind === "list" ? value.items : undefined;
}

/** The text of a Python str, or undefined. */
export function pyToString(value: PyValue): string | undefined {
  return value.kind === "str" ? value.value : undefined;
}
