import { generateInstances, resolveParams } from "../../src/core/instances.ts";
import type { AnyTask, Instance } from "../../src/core/task.ts";

/**
 * Hostile model texts for the hostile contract every task must keep: built from nothing (junk of a
 * given size) and from one valid answer text (the same answer with unused keys, prototype keys,
 * non-finite numbers, huge arrays, deep nesting, or cut short). Shared by the contract test and the
 * bench.
 */

export interface HostileText {
  name: string;
  text: string;
  /**
   * What the verdict must be: "fail" (never a pass), "same" (exactly the valid answer's pass or fail:
   * the change is one a tolerant reader ignores), or "no-better" (a pass only if the valid answer passes).
   */
  expect: "fail" | "same" | "no-better";
}

const repeatTo = (unit: string, bytes: number) => unit.repeat(Math.max(1, Math.floor(bytes / unit.length)));

/** Texts that hold no answer at all, each about `bytes` long. */
export function junkTexts(bytes: number): HostileText[] {
  const depth = Math.min(100_000, Math.floor(bytes / 2));
  const junk: [string, string][] = [
    ["empty", ""],
    ["whitespace", repeatTo(" \n\t", bytes)],
    ["closing brackets", repeatTo("]", bytes)],
    ["opening brackets", repeatTo("[", bytes)],
    ["closing braces", repeatTo("}", bytes)],
    ['"}\\n lines', repeatTo('"}\n', bytes)],
    ["deep arrays", `${"[".repeat(depth)}${"]".repeat(depth)}`],
    ["deep objects", `${'{"a":'.repeat(Math.floor(depth / 2))}1${"}".repeat(Math.floor(depth / 2))}`],
    ["fences", repeatTo("```json\n[\n", bytes)],
    ["headings", repeatTo("# ", bytes)],
    ["heading lines", repeatTo("## Solution to Question 1\n", bytes)],
    ["construct tags", repeatTo("<construct>", bytes)],
    ["points tags", repeatTo("<points>", bytes)],
    ["answer markers", repeatTo("####", bytes)],
    ["coordinate pairs", repeatTo("(1, 2) ", bytes)],
    ["bracket pairs", repeatTo("[1, 2] ", bytes)],
    ["lines", repeatTo("(0, 0)\n", bytes)],
    ["final lines", repeatTo("Final: state()\n", bytes)],
    ["calls", repeatTo("move(", bytes)],
    ["quotes", repeatTo('"', bytes)],
    ["backslashes", repeatTo("\\", bytes)],
    ["nul and controls", repeatTo("\u0000\u0001\u001b[", bytes)],
    ["lone surrogates", repeatTo("\ud800", bytes / 2)],
    ["python string", `'${repeatTo("a", bytes)}`],
    ["huge number", repeatTo("9", bytes)],
    ["prototype keys", '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}'],
    ["prototype calls", "Final: constructor(1)\nFinal: __proto__(1)"],
    ["non-finite", "[NaN, Infinity, -Infinity, 1e999, -1e999]"],
  ];
  for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "prototype"]) {
    junk.push([`action ${name}`, `Final: ${name}(1)`]);
  }
  return junk.map(([name, text]) => ({ name, text, expect: "fail" }));
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** JSON text with a hook that may prepend raw members to every object. */
function write(value: Json, extraMembers = ""): string {
  if (Array.isArray(value)) return `[${value.map((v) => write(v, extraMembers)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const members = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${write(v, extraMembers)}`);
    return `{${[extraMembers, ...members].filter((m) => m !== "").join(",")}}`;
  }
  return JSON.stringify(value);
}

/** JSON text with each number written by `f` (given the number's position in document order). */
function mapNumbers(value: Json, f: (n: number, index: number) => string): string {
  let index = 0;
  const walk = (v: Json): string => {
    if (typeof v === "number") return f(v, index++);
    if (Array.isArray(v)) return `[${v.map(walk).join(",")}]`;
    if (v !== null && typeof v === "object") {
      return `{${Object.entries(v)
        .map(([k, x]) => `${JSON.stringify(k)}:${walk(x)}`)
        .join(",")}}`;
    }
    return JSON.stringify(v);
  };
  return walk(value);
}

/** The array in a JSON value whose text is longest: the answer's main list, not a coordinate tuple. */
function longestArray(value: Json): Json[] | undefined {
  let best: Json[] | undefined;
  let bestSize = 0;
  const visit = (v: Json) => {
    if (Array.isArray(v)) {
      const size = JSON.stringify(v).length;
      if (v.length > 0 && size > bestSize) {
        best = v;
        bestSize = size;
      }
      v.forEach(visit);
    } else if (v !== null && typeof v === "object") Object.values(v).forEach(visit);
  };
  visit(value);
  return best;
}

function hasNumber(value: Json): boolean {
  if (typeof value === "number") return true;
  if (Array.isArray(value)) return value.some(hasNumber);
  if (value !== null && typeof value === "object") return Object.values(value).some(hasNumber);
  return false;
}

function hasObject(value: Json): boolean {
  if (Array.isArray(value)) return value.some(hasObject);
  return value !== null && typeof value === "object";
}

/** The JSON value a valid answer text holds: the whole text, or its last fenced or bracketed block. */
function jsonIn(text: string): { value: Json; before: string; after: string } | undefined {
  const candidates: [number, number][] = [[0, text.length]];
  const open = text.search(/[[{]/);
  const close = Math.max(text.lastIndexOf("]"), text.lastIndexOf("}"));
  if (open >= 0 && close > open) candidates.push([open, close + 1]);
  for (const [start, end] of candidates) {
    try {
      const value = JSON.parse(text.slice(start, end)) as Json;
      if (value !== null && typeof value === "object")
        return { value, before: text.slice(0, start), after: text.slice(end) };
    } catch {
      // not this span
    }
  }
  return undefined;
}

/** Changes of one valid answer text, each about `bytes` long where it grows. */
export function variantsOf(valid: string, bytes: number): HostileText[] {
  const out: HostileText[] = [
    { name: "truncated", text: valid.slice(0, Math.floor(valid.length / 2)), expect: "fail" },
    { name: "junk before", text: `${repeatTo("x]", bytes)}\n${valid}`, expect: "no-better" },
    { name: "brackets after", text: `${valid}\n${repeatTo("]", bytes)}`, expect: "no-better" },
    { name: "spaces inside", text: valid.replace(",", `,${repeatTo(" ", bytes)}`), expect: "no-better" },
  ];
  const found = jsonIn(valid);
  if (found === undefined) {
    out.push({ name: "repeated", text: repeatTo(`${valid}\n`, bytes), expect: "no-better" });
    return out;
  }
  const { value, before, after } = found;
  const wrap = (json: string) => `${before}${json}${after}`;
  if (hasObject(value)) {
    out.push({ name: "unused keys", text: wrap(write(value, '"reasoning":"because"')), expect: "same" });
    out.push({
      name: "prototype keys",
      text: wrap(write(value, '"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}')),
      expect: "same",
    });
  }
  if (hasNumber(value)) {
    for (const [name, n] of [
      ["1e999", "1e999"],
      ["-1e999", "-1e999"],
      ["2^53+1", "9007199254740993"],

      ["NaN", "NaN"],
      ["strings for numbers", '"1"'],
    ] as const) {
      out.push({ name: `numbers ${name}`, text: wrap(mapNumbers(value, () => n)), expect: "fail" });
    }
    // 1e-400 reads as 0, which some answers may legitimately hold everywhere.
    out.push({ name: "numbers 1e-400", text: wrap(mapNumbers(value, () => "1e-400")), expect: "no-better" });
    const huge = repeatTo("9", bytes);
    out.push({
      name: "first number huge",
      text: wrap(mapNumbers(value, (n, i) => (i === 0 ? huge : JSON.stringify(n)))),
      expect: "fail",
    });
  }
  const array = longestArray(value);
  if (array !== undefined) {
    const element = write(array[0] as Json);
    const original = array.slice();
    const copies = Math.max(2, Math.floor(bytes / (element.length + 1)));
    const first = array[0] as Json;
    for (let i = array.length; i < copies; i++) array.push(first);
    out.push({ name: "huge array", text: wrap(write(value)), expect: "fail" });
    const depth = Math.min(100_000, Math.floor(bytes / 2));
    array.length = 0;
    for (const item of original) array.push(item);
    array[0] = "@@DEEP@@";
    out.push({
      name: "deep element",
      text: wrap(write(value).replace('"@@DEEP@@"', `${"[".repeat(depth)}${"]".repeat(depth)}`)),
      expect: "fail",
    });
    array[0] = first;
  }
  return out;
}

/** Everything a contract run throws at a task. */
export function hostileTexts(valid: string | undefined, bytes: number): HostileText[] {
  return [...junkTexts(bytes), ...(valid === undefined ? [] : variantsOf(valid, bytes))];
}

/** True while nothing has been added to the shared prototypes. */
export function prototypesClean(): boolean {
  const probe = {} as Record<string, unknown>;
  return (
    Object.keys(Object.prototype).length === 0 &&
    Object.keys(Array.prototype).length === 0 &&
    probe.polluted === undefined &&
    ([] as unknown as Record<string, unknown>).polluted === undefined
  );
}

/** The instance a task's hostile texts are aimed at (its first level), and its reference answer as text. */
export function hostileSubject(task: AnyTask): { inst: Instance; valid: string | undefined } {
  const level = Object.keys(task.levels)[0];
  const [inst] = generateInstances(task, resolveParams(task, level), 1, "hostile");
  if (!inst) throw new Error(`${task.id}: no instance`);
  const answer = task.solve?.(inst).answers[0];
  const valid =
    answer === undefined ? undefined : (task.formatAnswer?.(answer, inst) ?? JSON.stringify(answer));
  return { inst, valid };
}
