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

/**
 * The value as JSON.parse would give it for the same data: ints and floats → number (an int past
 * 2^53 loses precision, as in JSON), list/tuple/set → array, dict → object. Dict keys must be str or
 * int (int keys become their decimal text, as JSON has them); a `__proto__` key is dropped, never set.
 * Returns a message naming the path for a key of another type.
 */
export function pyToJson(value: PyValue, path = "answer"): unknown {
  switch (value.kind) {
    case "int":
      return Number(value.value);
    case "float":
    case "bool":
    case "str":
      return value.value;
    case "none":
      return null;
    case "list":
    case "tuple":
    case "set":
      return value.items.map((item, i) => pyToJson(item, `${path}[${i}]`));
    case "dict": {
      const out: Record<string, unknown> = {};
      for (const [k, v] of value.entries) {
        if (k.kind !== "str" && k.kind !== "int")
          throw new PyToJsonError(`${path}: a dict key is a ${k.kind}; only str and int keys are read`);
        const key = String(k.value);
        if (key === "__proto__") continue;
        Object.defineProperty(out, key, {
          value: pyToJson(v, `${path}.${key}`),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
  }
}

/** A Python value with no JSON equivalent. */
export class PyToJsonError extends Error {
  override name = "PyToJsonError";
}
