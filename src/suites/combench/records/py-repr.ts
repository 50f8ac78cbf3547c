import type { PyValue } from "../../../core/python-literal/index.ts";

/** Python source text for a value, which `ast.literal_eval` reads back as the same value. */
export function pyRepr(value: PyValue): string {
  switch (value.kind) {
    case "int":
      return value.value.toString();
    case "float":
      if (!Number.isFinite(value.value)) return value.value > 0 ? "1e999" : "-1e999";
      return Number.isInteger(value.value) && Math.abs(value.value) < 1e21
        ? `${value.value}.0`
        : String(value.value);
    case "bool":
      return value.value ? "True" : "False";
    case "none":
      return "None";
    case "str":
      return JSON.stringify(value.value);
    case "list":
      return `[${value.items.map(pyRepr).join(", ")}]`;
    case "tuple":
      return value.items.length === 1
        ? `(${pyRepr(value.items[0] as PyValue)},)`
        : `(${value.items.map(pyRepr).join(", ")})`;
    case "set":
      return value.items.length === 0 ? "set()" : `{${value.items.map(pyRepr).join(", ")}}`;
    case "dict":
      return `{${value.entries.map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`).join(", ")}}`;
  }
}
