import { type PyValue, parsePythonLiteral } from "../../../core/python-literal/index.ts";
import type { Sandbox, SandboxIsolation, SandboxLimits } from "../../../sandbox/index.ts";

/**
 * What the verifier gets on stdin, and how it came from the payload:
 * - "as written": the payload itself, stripped (as the original pipeline passes it), because it is inert
 *   data (a Python literal or JSON) or because the verifier never evaluates text;
 * - "evaluated": the payload is an expression (a comprehension, a `range` …) and the verifier evaluates
 *   text, so the payload was evaluated first in a jail of its own and the verifier gets its value written
 *   back as plain Python data. Payload code never runs in the verifier's interpreter.
 * `strings` are the payload's strings, which a verifier that evaluates text might run as code.
 */
export type PreparedPayload =
  | { how: "as written" | "evaluated"; stdin: string; strings: string[]; isolation?: SandboxIsolation }
  | { how: "refused"; reason: string; isolation: SandboxIsolation }
  | { how: "unavailable"; reason: string };

/**
 * Names through which a verifier can turn text into running code. A verifier that mentions none of them
 * only reads the payload as data (`ast.literal_eval`, `json.loads`, its own parsing).
 */
const EVALUATES = /\b(?:eval|exec|execfile|compile|__import__|runpy|pickle|marshal|shelve)\b/;

export function evaluatesText(verifierCode: string): boolean {
  return EVALUATES.test(verifierCode);
}

export async function preparePayload(
  verifierCode: string,
  payload: string,
  sandbox: Sandbox,
  options: { unisolated: boolean; limits?: Partial<SandboxLimits> },
): Promise<PreparedPayload> {
  const text = payload.trim();
  const stdin = text === "" ? "" : `${text}\n`;
  const evaluates = evaluatesText(verifierCode);
  const data = inertValue(text);
  if (data !== undefined) return { how: "as written", stdin, strings: evaluates ? data.strings : [] };
  if (!evaluates) return { how: "as written", stdin, strings: [] };
  const evaluation = await sandbox.evaluate(text, options);
  if ("unavailable" in evaluation) return { how: "unavailable", reason: evaluation.unavailable };
  if (!evaluation.ok) {
    return {
      how: "refused",
      reason: `the payload could not be evaluated: ${evaluation.reason}`,
      isolation: evaluation.isolation,
    };
  }
  const written = writeValue(evaluation.value);
  if ("problem" in written) {
    return { how: "refused", reason: `the payload ${written.problem}`, isolation: evaluation.isolation };
  }
  return { how: "evaluated", stdin: written.text, strings: written.strings, isolation: evaluation.isolation };
}

/** The strings of `text` when it is a Python literal or JSON (data that runs nothing when evaluated). */
function inertValue(text: string): { strings: string[] } | undefined {
  if (text === "") return { strings: [] };
  try {
    return { strings: pyStrings(parsePythonLiteral(text)) };
  } catch {
    // not a Python literal; JSON (true, false, null) is inert too
  }
  try {
    return { strings: jsonStrings(JSON.parse(text) as unknown) };
  } catch {
    return undefined;
  }
}

function pyStrings(value: PyValue): string[] {
  const out: string[] = [];
  const stack: PyValue[] = [value];
  for (let v = stack.pop(); v !== undefined; v = stack.pop()) {
    if (v.kind === "str") out.push(v.value);
    else if (v.kind === "list" || v.kind === "tuple" || v.kind === "set") stack.push(...v.items);
    else if (v.kind === "dict") for (const [k, x] of v.entries) stack.push(k, x);
  }
  return out;
}

function jsonStrings(value: unknown): string[] {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) stack.push(...v);
    else if (v !== null && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) stack.push(k, x);
    }
  }
  return out;
}

/** CPython's parser refuses deeper nesting than this, so the verifier could not read it either. */
const MAX_DEPTH = 200;
/** CPython 3.11 refuses longer decimal int literals; longer ones are written in hex, which it accepts. */
const MAX_DECIMAL_DIGITS = 4000;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);

type Written = { text: string; strings: string[] } | { problem: string };

/**
 * Python source for the value the evaluation reported ({"expression": tagged} or {"statements":
 * [[name, tagged], …]}), written here from checked parts only: a forged report can make the value
 * anything, but never anything but data.
 */
export function writeValue(report: unknown): Written {
  const strings: string[] = [];
  try {
    const r = report as { expression?: unknown; statements?: unknown };
    if (Object.hasOwn(r, "expression")) return { text: `${write(r.expression, 0, strings)}\n`, strings };
    if (!Array.isArray(r.statements)) return { problem: "evaluation reported no value" };
    const lines = r.statements.map((entry: unknown) => {
      if (!Array.isArray(entry) || entry.length !== 2) throw new Unwritable("evaluation reported a bad name");
      const [name, value] = entry as [unknown, unknown];
      if (typeof name !== "string" || !IDENTIFIER.test(name) || KEYWORDS.has(name)) {
        throw new Unwritable(
          `binds ${JSON.stringify(String(name)).slice(0, 60)}, which is not a Python name`,
        );
      }
      return `${name} = ${write(value, 0, strings)}\n`;
    });
    return { text: lines.join(""), strings };
  } catch (e) {
    if (e instanceof Unwritable) return { problem: e.message };
    throw e;
  }
}

class Unwritable extends Error {}

function write(v: unknown, depth: number, strings: string[]): string {
  if (depth > MAX_DEPTH) throw new Unwritable(`evaluates to data nested more than ${MAX_DEPTH} deep`);
  if (v === null) return "None";
  if (v === true) return "True";
  if (v === false) return "False";
  if (!Array.isArray(v) || v.length !== 2 || typeof v[0] !== "string") {
    throw new Unwritable("evaluation reported a malformed value");
  }
  const [tag, body] = v as [string, unknown];
  const items = (): string[] => {
    if (!Array.isArray(body)) throw new Unwritable("evaluation reported a malformed container");
    return body.map((item) => write(item, depth + 1, strings));
  };
  switch (tag) {
    case "i":
      return writeInt(body);
    case "f":
      return writeFloat(body);
    case "s":
      if (typeof body !== "string") throw new Unwritable("evaluation reported a malformed string");
      strings.push(body);
      // A JSON string is also a Python string literal with the same value (\uXXXX escapes included).
      return JSON.stringify(body);
    case "b":
      return writeBytes(body);
    case "l":
      return `[${items().join(", ")}]`;
    case "t": {
      const parts = items();
      return parts.length === 1 ? `(${parts[0]},)` : `(${parts.join(", ")})`;
    }
    case "set": {
      const parts = items();
      return parts.length === 0 ? "set()" : `{${parts.join(", ")}}`;
    }
    case "fs": {
      const parts = items();
      return parts.length === 0 ? "frozenset()" : `frozenset({${parts.join(", ")}})`;
    }
    case "d": {
      if (!Array.isArray(body)) throw new Unwritable("evaluation reported a malformed dict");
      const entries = body.map((pair: unknown) => {
        if (!Array.isArray(pair) || pair.length !== 2)
          throw new Unwritable("evaluation reported a malformed dict");
        return `${write(pair[0], depth + 1, strings)}: ${write(pair[1], depth + 1, strings)}`;
      });
      return `{${entries.join(", ")}}`;
    }
    default:
      throw new Unwritable(
        `evaluation reported an unknown kind of value ${JSON.stringify(tag).slice(0, 20)}`,
      );
  }
}

function writeInt(body: unknown): string {
  if (typeof body !== "string" || !/^-?0x[0-9a-f]+$/.test(body)) {
    throw new Unwritable("evaluation reported a malformed int");
  }
  const negative = body.startsWith("-");
  const hex = body.slice(negative ? 3 : 2);
  // Each hex digit is under 1.21 decimal digits: short hex is safely written in decimal.
  if (hex.length * 1.21 > MAX_DECIMAL_DIGITS) return body;
  return `${negative ? "-" : ""}${BigInt(`0x${hex}`).toString(10)}`;
}

function writeFloat(body: unknown): string {
  if (body === "inf") return "1e999";
  if (body === "-inf") return "-1e999";
  if (body === "nan" || body === "-nan") throw new Unwritable("evaluates to NaN, which has no literal form");
  if (typeof body !== "string" || !/^-?\d+(\.\d+)?(e[+-]\d+)?$/.test(body) || !/[.e]/.test(body)) {
    throw new Unwritable("evaluation reported a malformed float");
  }
  return body;
}

function writeBytes(body: unknown): string {
  if (typeof body !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(body)) {
    throw new Unwritable("evaluation reported malformed bytes");
  }
  const bytes = Buffer.from(body, "base64");
  let out = "b'";
  for (const byte of bytes) out += `\\x${byte.toString(16).padStart(2, "0")}`;
  return `${out}'`;
}
