import { type PyValue, parsePythonLiteral } from "../../../core/python-literal/index.ts";
import { pyRepr } from "./py-repr.ts";

const int = (n: number): PyValue => ({ kind: "int", value: BigInt(n) });
const tuple = (...items: PyValue[]): PyValue => ({ kind: "tuple", items });
const str = (value: string): PyValue => ({ kind: "str", value });

/** The items of a list, tuple or set, or the characters of a str (as one-character strs). */
function parts(value: PyValue): PyValue[] | undefined {
  if (value.kind === "list" || value.kind === "tuple" || value.kind === "set") return [...value.items];
  if (value.kind === "str") return [...value.value].map(str);
  return undefined;
}

/** The same container kind holding other parts. */
function rebuild(like: PyValue, items: PyValue[]): PyValue {
  if (like.kind === "str") return str(items.map((item) => (item.kind === "str" ? item.value : "")).join(""));
  if (like.kind === "list" || like.kind === "tuple" || like.kind === "set") return { kind: like.kind, items };
  return like;
}

function replaceAt(value: PyValue, index: number, item: PyValue): PyValue {
  const items = parts(value) ?? [];
  items[index] = item;
  return rebuild(value, items);
}

/** Paths (child indices) to every int leaf, depth first. */
export function intPaths(value: PyValue, prefix: number[] = []): number[][] {
  if (value.kind === "int") return [prefix];
  if (value.kind === "str") return [];
  return (parts(value) ?? []).flatMap((item, i) => intPaths(item, [...prefix, i]));
}

/** The value with the leaf at `path` replaced. */
export function replacePath(value: PyValue, path: readonly number[], leaf: PyValue): PyValue {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  const child = (parts(value) ?? [])[head];
  return child === undefined ? value : replaceAt(value, head, replacePath(child, rest, leaf));
}

/** Mutations that break every starter record: structure, types, size, emptiness and garbage. */
export function genericMutants(reference: string): string[] {
  const value = parsePythonLiteral(reference);
  const items = parts(value) ?? [];
  const middle = Math.floor(items.length / 2);
  const out = [
    "",
    "   \n",
    "not python",
    "[1, 2",
    "__import__('os').system('true')",
    "None",
    "[]",
    pyRepr(
      rebuild(
        value,
        items.filter((_, i) => i !== middle),
      ),
    ),
    pyRepr(rebuild(value, [...items.slice(0, middle + 1), ...items.slice(middle)])),
    pyRepr(rebuild(value, items.slice(0, middle))),
    pyRepr({ kind: value.kind === "list" ? "tuple" : "list", items }),
  ];
  const first = intPaths(value)[0];
  if (first) {
    out.push(pyRepr(replacePath(value, first, { kind: "float", value: 1 })));
    out.push(pyRepr(replacePath(value, first, { kind: "bool", value: true })));
    out.push(pyRepr(replacePath(value, first, str("1"))));
  }
  return out;
}

const listOf = (value: PyValue) => parts(value) ?? [];

/** Per record, a mutation that keeps the format but breaks the mathematics. */
export const targetedMutants: Readonly<Record<string, (reference: PyValue) => PyValue>> = {
  "plumb-imo2020-p4-n33": (ref) => tuple(listOf(ref)[0] as PyValue, listOf(ref)[0] as PyValue),
  "plumb-usamo2000-p4-1998": (ref) => replaceAt(ref, listOf(ref).length - 1, tuple(int(2), int(2))),
  "plumb-isl2012-c2-n100": (ref) => replaceAt(ref, 0, tuple(int(1), int(79))),
  "plumb-imo2023-p5-n100": (ref) =>
    rebuild(
      ref,
      listOf(ref).map(() => int(1)),
    ),
  "plumb-imo1977-p2-16": (ref) => replaceAt(ref, 0, int(6)),
  "plumb-imo1983-p5": (ref) => replaceAt(ref, listOf(ref).length - 1, int(3)),
  "plumb-imo2003-p1-squares": (ref) => replaceAt(ref, 1, int(4)),
  "plumb-imo2018-p4-200": (ref) => replaceAt(ref, 0, tuple(int(1), int(2))),
  "plumb-imo1996-p1-r73": (ref) => replaceAt(ref, 1, tuple(int(4), int(8))),
  "plumb-imo2022-p1-n10-k16": () => str("AAAAAAAAAABBBBBBBBBB"),
  "plumb-imo1964-p4-k16": (ref) =>
    rebuild(
      ref,
      listOf(ref).map((row, i) =>
        rebuild(
          row,
          listOf(row).map((_, j) => int(i === j ? 0 : 1)),
        ),
      ),
    ),
  "plumb-imo1992-p3-32": (ref) =>
    rebuild(
      ref,
      listOf(ref).map((edge) => replaceAt(edge, 2, str("red"))),
    ),
  "plumb-imo2011-p4-n4": (ref) =>
    replaceAt(ref, 0, replaceAt(listOf(ref)[0] as PyValue, 0, tuple(int(1), str("R")))),
  "plumb-imo1989-p6-n3": (ref) => replaceAt(ref, 0, tuple(...[1, 4, 2, 5, 3, 6].map(int))),
  "plumb-imo2000-p4": (ref) => replaceAt(ref, 0, str(`${"R".repeat(98)}WB`)),
};
