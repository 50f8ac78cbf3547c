import { z } from "zod";
import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import { ParseFailure } from "../../../core/verdict.ts";
import type { CurveFittingAnswer } from "./schema.ts";

/** Longest reply text searched for a function definition. */
const MAX_REPLY = 200_000;

/**
 * What a reply may hold: Plumb's {"expression": ...}, or the original's {"function": "def f(x, y):
 * return ..."} (as JSON or a Python dict). Unknown keys such as "reasoning" are ignored.
 */
const wrapped = z.union([z.object({ expression: z.string() }), z.object({ function: z.string() })], {
  error: 'expected {"function": "def f(x, y): return ..."} or {"expression": "..."} with a string',
});

// One match per `def` keyword; `\s*` runs sit between distinct literals, so matching stays linear.
const DEF = /def\s+f\s*\(\s*x\s*,\s*y\s*\)\s*:\s*return\b/g;

/**
 * The expression a Python definition `def f(x, y): return <expr>` returns (the last definition in
 * the text). The expression runs to the end of its line, or on while a parenthesis is open or a
 * line ends with a backslash; a code fence ends it. Python's `^` is not a power, so it is refused.
 */
export function returnedExpression(text: string): string | ParseFailure {
  let start = -1;
  DEF.lastIndex = 0;
  for (let m = DEF.exec(text); m !== null; m = DEF.exec(text)) start = DEF.lastIndex;
  if (start < 0) return new ParseFailure('function: no "def f(x, y): return ..." found');
  let depth = 0;
  let end = start;
  for (; end < text.length; end++) {
    const c = text[end];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "`") break;
    else if (c === "\n" && depth <= 0 && text[end - 1] !== "\\") break;
  }
  const body = text.slice(start, end).replaceAll("\\\n", " ").replaceAll("\\\r\n", " ").trim();
  if (body === "") return new ParseFailure("function: the return statement is empty");
  if (body.includes("^")) {
    return new ParseFailure("function: in Python ^ is bitwise XOR, not a power; write ** for a power");
  }
  return body;
}

/**
 * Reads {"expression": ...} (Plumb's form), {"function": "def f(x, y): ..."} (the original's
 * structured answer, JSON or Python dict), or a bare `def f(x, y): return ...` in the text.
 */
export function parseCurveFitting(text: string): CurveFittingAnswer | ParseFailure {
  if (text.length > MAX_REPLY) return new ParseFailure(`reply: longer than ${MAX_REPLY} characters`);
  const answer = parseLooseAnswer(text, wrapped);
  if (!(answer instanceof ParseFailure)) {
    if ("expression" in answer) return { expression: answer.expression };
    const expression = returnedExpression(answer.function);
    return expression instanceof ParseFailure ? expression : { expression };
  }
  const bare = returnedExpression(text);
  if (!(bare instanceof ParseFailure)) return { expression: bare };
  return text.includes("def ") ? bare : answer;
}
