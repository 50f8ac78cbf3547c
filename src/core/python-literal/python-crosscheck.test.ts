import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PythonLiteralError } from "./error.ts";
import { parsePythonLiteral } from "./parse.ts";
import type { PyValue } from "./value.ts";

/** Reads a JSON list of texts on stdin; prints, per text, literal_eval's value in a tagged form or the error. */
const PYTHON_ORACLE = `
import ast, json, sys, warnings
warnings.simplefilter("ignore")
def enc(v):
    t = type(v)
    if t is bool: return ["bool", v]
    if t is int: return ["int", hex(v)]
    if t is float: return ["float", repr(v)]
    if v is None: return ["none"]
    if t is str: return ["str", v]
    if t is list: return ["list", [enc(x) for x in v]]
    if t is tuple: return ["tuple", [enc(x) for x in v]]
    if t is set: return ["set", sorted((enc(x) for x in v), key=json.dumps)]
    if t is dict: return ["dict", [[enc(k), enc(x)] for k, x in v.items()]]
    return ["unsupported", t.__name__]
out = []
for text in json.load(sys.stdin):
    try:
        out.append({"ok": enc(ast.literal_eval(text))})
    except Exception as e:
        out.append({"error": type(e).__name__})
print(json.dumps(out))
`;

type Tagged = unknown[];
type Oracle = { ok: Tagged } | { error: string };

function python(): string | undefined {
  const probe = spawnSync("python3", ["-c", "print('ok')"], { encoding: "utf8" });
  return probe.status === 0 ? "python3" : undefined;
}

const PYTHON = python();

function askPython(texts: readonly string[]): Oracle[] {
  const run = spawnSync(PYTHON as string, ["-c", PYTHON_ORACLE], {
    input: JSON.stringify(texts),
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  if (run.status !== 0) throw new Error(`python oracle failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Oracle[];
}

function floatText(x: number): string {
  return Object.is(x, -0) ? "-0" : String(x);
}

/** Python's `hex(n)`: decimal conversion of an int over 4300 digits fails in Python. */
const hex = (n: bigint) => (n < 0n ? `-0x${(-n).toString(16)}` : `0x${n.toString(16)}`);

/** Our value in the oracle's tagged form (Python's float repr mapped through Number). */
function tag(value: PyValue): Tagged {
  switch (value.kind) {
    case "bool":
      return ["bool", value.value];
    case "int":
      return ["int", hex(value.value)];
    case "float":
      return ["float", floatText(value.value)];
    case "none":
      return ["none"];
    case "str":
      return ["str", value.value];
    case "list":
    case "tuple":
      return [value.kind, value.items.map(tag)];
    case "set":
      return ["set", value.items.map(tag).sort(byJson)];
    case "dict":
      return ["dict", value.entries.map(([k, v]) => [tag(k), tag(v)])];
  }
}

function normalizePythonFloats(tagged: unknown): unknown {
  if (!Array.isArray(tagged)) return tagged;
  if (tagged[0] === "float") {
    const repr = tagged[1] as string;
    const x =
      repr === "inf" ? Number.POSITIVE_INFINITY : repr === "-inf" ? Number.NEGATIVE_INFINITY : Number(repr);
    return ["float", floatText(x)];
  }
  const mapped = tagged.map(normalizePythonFloats);
  return tagged[0] === "set" ? ["set", (mapped[1] as unknown[]).sort(byJson)] : mapped;
}

function hasUnsupported(tagged: Tagged): boolean {
  const [kind, inner] = tagged;
  if (kind === "unsupported") return true;
  if (kind === "list" || kind === "tuple" || kind === "set") return (inner as Tagged[]).some(hasUnsupported);
  if (kind === "dict") return (inner as Tagged[][]).some((pair) => pair.some(hasUnsupported));
  return false;
}

function byJson(a: unknown, b: unknown): number {
  // json.dumps and JSON.stringify agree on these tagged values except for non-ASCII escaping; compare code units.
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

// ---------- generating literal text ----------

const gap = fc.constantFrom("", " ", "  ", "\n", "\t", " # note\n", "\\\n");
const sign = (text: string) => fc.constantFrom(`-${text}`, `- ${text}`, `-(${text})`, `+${text}`);

const intText = fc
  .tuple(fc.bigInt({ min: 0n, max: 2n ** 80n }), fc.constantFrom("d", "x", "X", "o", "b", "_"), fc.boolean())
  .chain(([n, base, negative]) => {
    const digits =
      base === "x" || base === "X"
        ? `0${base}${n.toString(16)}`
        : base === "o"
          ? `0o${n.toString(8)}`
          : base === "b"
            ? `0b${n.toString(2)}`
            : base === "_"
              ? n.toString().replace(/(\d)(?=(\d{3})+$)/g, "$1_")
              : n.toString();
    return negative ? sign(digits) : fc.constant(digits);
  });

const floatText_ = fc.double({ noNaN: true }).map((x) => {
  if (x === Number.POSITIVE_INFINITY) return "1e400";
  if (x === Number.NEGATIVE_INFINITY) return "-1e400";
  const text = Object.is(x, -0) ? "-0.0" : String(x);
  return /[.e]/.test(text) ? text : `${text}.0`;
});

const strChar = fc.oneof(
  fc.constantFrom("a", "I", "M", "O", " ", "'", '"', "\\", "\n", "\t", "é", "😀", "\u0001"),
  fc.string({ maxLength: 1, unit: "grapheme" }),
);

function quoteString(chars: string[], quote: "'" | '"', escapes: boolean[]): string {
  let body = "";
  chars.forEach((c, i) => {
    const code = c.codePointAt(0) ?? 0;
    if (c === "\\" || c === quote) body += `\\${c}`;
    else if (c === "\n") body += "\\n";
    else if (code < 0x20 || escapes[i])
      body +=
        code > 0xffff
          ? `\\U${code.toString(16).padStart(8, "0")}`
          : `\\u${code.toString(16).padStart(4, "0")}`;
    else body += c;
  });
  return `${quote}${body}${quote}`;
}

const strText = fc
  .tuple(
    fc.array(strChar, { maxLength: 8 }),
    fc.constantFrom<"'" | '"'>("'", '"'),
    fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
    fc.constantFrom("", "u", "U"),
  )
  .map(([chars, quote, escapes, prefix]) => prefix + quoteString(chars, quote, escapes));

const scalar = fc.oneof(intText, floatText_, strText, fc.constantFrom("True", "False", "None"));
const hashable: fc.Arbitrary<string> = fc.letrec<{ key: string }>((tie) => ({
  key: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.constantFrom("1", "1.0", "True", "0", "False", "-0.0"),
    fc
      .array(tie("key"), { maxLength: 3 })
      .map((items) => (items.length === 1 ? `(${items[0]},)` : `(${items.join(", ")})`)),
  ),
})).key;

function joinItems(items: string[], gaps: string[], trailing: boolean): string {
  const joined = items.map((item, i) => `${gaps[i] ?? ""}${item}`).join(",");
  return trailing && items.length > 0 ? `${joined},` : joined;
}

const literalText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => {
  const items = fc.tuple(
    fc.array(tie("value"), { maxLength: 4 }),
    fc.array(gap, { minLength: 5, maxLength: 5 }),
    fc.boolean(),
  );
  return {
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      scalar,
      items.map(([xs, gaps, trailing]) => `[${joinItems(xs, gaps, trailing)}]`),
      items.map(([xs, gaps, trailing]) => `(${joinItems(xs, gaps, trailing || xs.length === 1)})`),
      fc
        .tuple(
          fc.array(hashable, { maxLength: 4 }),
          fc.array(gap, { minLength: 5, maxLength: 5 }),
          fc.boolean(),
        )
        .map(([xs, gaps, trailing]) => (xs.length === 0 ? "set()" : `{${joinItems(xs, gaps, trailing)}}`)),
      fc
        .tuple(
          fc.array(fc.tuple(hashable, tie("value")), { maxLength: 4 }),
          fc.array(gap, { minLength: 5, maxLength: 5 }),
        )
        .map(
          ([pairs, gaps]) =>
            `{${joinItems(
              pairs.map(([k, v]) => `${k}: ${v}`),
              gaps,
              false,
            )}}`,
        ),
    ),
  };
}).value;

const documentText = fc
  .tuple(
    fc.constantFrom("", " ", "\t", "# witness\n", "\n"),
    literalText,
    fc.constantFrom("", "\n", "  # end", "\r\n"),
  )
  .map(([before, body, after]) => before + body + after);

/** Valid texts damaged at one spot, to compare what each side rejects. */
const damagedText = fc
  .tuple(
    documentText,
    fc.nat(),
    fc.constantFrom(
      "",
      "(",
      ")",
      "[",
      "]",
      "{",
      "}",
      ",",
      ":",
      "'",
      '"',
      "#",
      "\\",
      "\n ",
      "-",
      "_",
      ".",
      "x",
      "e",
      "j",
      "0",
      "b",
      "r",
      "None",
      "1,",
    ),
    fc.nat({ max: 2 }),
  )
  .map(([text, at, insert, removed]) => {
    const i = at % (text.length + 1);
    return text.slice(0, i) + insert + text.slice(i + removed);
  });

// ---------- the comparison ----------

interface Mismatch {
  text: string;
  python: Oracle;
  ours: string;
}

function compare(texts: readonly string[]): Mismatch[] {
  const answers = askPython(texts);
  const mismatches: Mismatch[] = [];
  texts.forEach((text, i) => {
    const python = answers[i] as Oracle;
    let ours: Tagged | PythonLiteralError;
    try {
      ours = tag(parsePythonLiteral(text));
    } catch (error) {
      if (!(error instanceof PythonLiteralError)) throw error;
      ours = error;
    }
    const pythonValue =
      "ok" in python && !hasUnsupported(python.ok) ? normalizePythonFloats(python.ok) : undefined;
    // Python values this parser deliberately rejects (complex, bytes, Ellipsis) must be rejected.
    const agree =
      pythonValue === undefined
        ? ours instanceof PythonLiteralError
        : !(ours instanceof PythonLiteralError) && JSON.stringify(ours) === JSON.stringify(pythonValue);
    if (!agree) {
      const described = ours instanceof PythonLiteralError ? ours.message : JSON.stringify(ours);
      mismatches.push({ text, python, ours: described });
    }
  });
  return mismatches;
}

describe("parsePythonLiteral against CPython's ast.literal_eval", () => {
  const title = (what: string) => (PYTHON ? what : `${what} (skipped: python3 not found on PATH)`);

  it.skipIf(!PYTHON)(title("reads random literals exactly as Python does"), () => {
    const texts = fc.sample(documentText, { numRuns: 1500, seed: 20260521 });
    expect(compare(texts)).toEqual([]);
  });

  it.skipIf(!PYTHON)(
    title("rejects what Python rejects in damaged literals, and reads the rest identically"),
    () => {
      const texts = fc.sample(damagedText, { numRuns: 2500, seed: 7 });
      const fixed = [
        "1\n  ",
        "\f 1",
        "0x",
        "1e",
        "1_",
        "0_9",
        "09.5",
        "'\\U00110000'",
        "r'\\'",
        "'\\",
        "{1:}",
        "{1:2, 3}",
        "(1 2)",
        "[1 2]",
        "1 if 1 else 2",
        "-\n1",
        "(-\n1)",
        "'a' b'b'",
        "{**{}}",
        "[*[]]",
        "set(())",
        "[".repeat(199) + "]".repeat(199),
        "[".repeat(200) + "]".repeat(200),
      ];
      expect(compare([...fixed, ...texts])).toEqual([]);
    },
  );

  it.skipIf(!PYTHON)(title("agrees on hostile texts: long, deep, huge numbers, odd characters"), () => {
    const texts = [
      "0".repeat(5000),
      `${"0_".repeat(3000)}0`,
      "1".repeat(4300),
      "1".repeat(4301),
      `1_${"1".repeat(4299)}`,
      `-${"9".repeat(4300)}`,
      `0x${"f".repeat(20000)}`,
      `0b${"1".repeat(20000)}`,
      `${"9".repeat(5000)}.0`,
      `1e${"9".repeat(5000)}`,
      `${"-".repeat(1000)}1`,
      `${"-(".repeat(150)}1${")".repeat(150)}`,
      "[".repeat(10000),
      "]".repeat(10000),
      `[${"[],".repeat(5000)}]`,
      `{${"1:1,".repeat(5000)}}`,
      `'${"a".repeat(20000)}`,
      `'${"\\n".repeat(5000)}'`,
      `r'${"\\'".repeat(5000)}'`,
      "'a' ".repeat(5000),
      `'''${"a\n".repeat(5000)}'''`,
      `1 #${"x".repeat(20000)}`,
      `${"\n".repeat(20000)}1`,
      "x".repeat(20000),
      "'a\0'",
      "'\ud800'",
      "[1, '\udc00']",
    ];
    expect(compare(texts)).toEqual([]);
  });
});
