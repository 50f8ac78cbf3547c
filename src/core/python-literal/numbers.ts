/** Python's numeric literal grammar (underscores only between digits), as sticky regexes. */
const DIGITS = "[0-9](?:_?[0-9])*";
const EXPONENT = `[eE][+-]?${DIGITS}`;
const POINT_FLOAT = `(?:${DIGITS})?\\.${DIGITS}|${DIGITS}\\.`;
const FLOAT = `(?:${POINT_FLOAT})(?:${EXPONENT})?|${DIGITS}${EXPONENT}`;

const IMAGINARY = new RegExp(`(?:${FLOAT}|${DIGITS})[jJ]`, "y");
const FLOATING = new RegExp(FLOAT, "y");
const RADIX = /0(?:[xX](?:_?[0-9a-fA-F])+|[oO](?:_?[0-7])+|[bB](?:_?[01])+)/y;
const DECIMAL = /[1-9](?:_?[0-9])*|0(?:_?0)*/y;
const WORD_CHAR = /[0-9A-Za-z_]/;
/** What may continue a number past its digits (a fraction, an exponent, `j`, `_`, a base letter). */
const NOT_AFTER_PLAIN = /[0-9A-Za-z_.]/;

/**
 * CPython's default `sys.get_int_max_str_digits()`: longer decimal literals are a SyntaxError (not
 * counting underscores or leading zeros, so `000…0` of any length is 0). Other bases have no limit.
 * It also keeps BigInt's decimal conversion, quadratic in the digit count, small.
 */
const MAX_DECIMAL_DIGITS = 4300;

export type NumberLex =
  | { ok: true; end: number; value: { kind: "int"; value: bigint } | { kind: "float"; value: number } }
  | { ok: false; problem: string };

/** Reads the number literal starting at `start` (a digit, or a '.' before a digit). */
export function lexNumber(text: string, start: number): NumberLex {
  const plain = plainDecimal(text, start);
  if (plain !== undefined) return plain;
  const imaginary = matchAt(IMAGINARY, text, start);
  if (imaginary !== undefined) return { ok: false, problem: "complex numbers are not supported" };
  const float = matchAt(FLOATING, text, start);
  const radix = float === undefined ? matchAt(RADIX, text, start) : undefined;
  const decimal = float === undefined && radix === undefined ? matchAt(DECIMAL, text, start) : undefined;
  const literal = float ?? radix ?? decimal;
  if (literal === undefined) return { ok: false, problem: "invalid number literal" };
  const end = start + literal.length;
  if (WORD_CHAR.test(text[end] ?? "")) return { ok: false, problem: "invalid number literal" };
  const clean = literal.replaceAll("_", "");
  if (float !== undefined) return { ok: true, end, value: { kind: "float", value: Number(clean) } };
  return decimal === undefined
    ? { ok: true, end, value: { kind: "int", value: BigInt(clean) } }
    : decimalInt(clean, end);
}

export const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

/** The common case without regexes: a run of digits that nothing but a separator follows. */
function plainDecimal(text: string, start: number): NumberLex | undefined {
  let end = start;
  while (isDigit(text[end])) end++;
  if (end === start || NOT_AFTER_PLAIN.test(text[end] ?? "")) return undefined;
  const digits = text.slice(start, end);
  if (digits[0] === "0" && !/^0+$/.test(digits)) return { ok: false, problem: "invalid number literal" };
  return decimalInt(digits, end);
}

function decimalInt(digits: string, end: number): NumberLex {
  if (digits[0] !== "0" && digits.length > MAX_DECIMAL_DIGITS) {
    return {
      ok: false,
      problem: `integer literal has more than ${MAX_DECIMAL_DIGITS} digits (Python's limit)`,
    };
  }
  return { ok: true, end, value: { kind: "int", value: BigInt(digits) } };
}

function matchAt(pattern: RegExp, text: string, start: number): string | undefined {
  pattern.lastIndex = start;
  return pattern.exec(text)?.[0];
}
