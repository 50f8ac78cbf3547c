import { type PyValue, pyToSafeInteger } from "../../../../core/python-literal/index.ts";

/** `type(v) is int` (bools excluded), as a number; undefined otherwise or beyond the safe range. */
export function int(value: PyValue): number | undefined {
  return pyToSafeInteger(value);
}

/** The items of a list or tuple (`type(v) in (list, tuple)`), or undefined. */
export function sequence(value: PyValue): readonly PyValue[] | undefined {
  return value.kind === "list" || value.kind === "tuple" ? value.items : undefined;
}

/** The items of a list only (`type(v) is list`), or undefined. */
export function list(value: PyValue): readonly PyValue[] | undefined {
  return value.kind === "list" ? value.items : undefined;
}

/** A list or tuple of exactly two ints (`is_pair` and both `is_int`), or a description of what is wrong. */
export function intPair(value: PyValue): [number, number] | "shape" | "type" {
  const items = sequence(value);
  if (items?.length !== 2) return "shape";
  const a = int(items[0] as PyValue);
  const b = int(items[1] as PyValue);
  return a === undefined || b === undefined ? "type" : [a, b];
}
