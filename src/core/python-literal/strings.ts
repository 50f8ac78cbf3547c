/** String prefixes Python accepts (case-insensitive); only the str-valued ones are literals here. */
const STRING_PREFIXES = new Set(["r", "u", "b", "br", "rb", "f", "fr", "rf"]);

export function isStringPrefix(word: string): boolean {
  return STRING_PREFIXES.has(word.toLowerCase());
}

export type StringLex = { ok: true; end: number; value: string } | { ok: false; problem: string; at: number };

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\x07",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
};

/**
 * Reads a string literal whose opening quote is at `quoteAt`; `prefix` is what stood before the quote.
 * The value is built from slices of the text between escapes, joined once (linear in the literal's length).
 */
export function lexString(text: string, start: number, quoteAt: number, prefix: string): StringLex {
  const lower = prefix.toLowerCase();
  if (lower.includes("b")) return { ok: false, problem: "bytes literals are not supported", at: start };
  if (lower.includes("f")) return { ok: false, problem: "f-strings are not literals", at: start };
  const raw = lower.includes("r");
  const quote = text[quoteAt] as string;
  const closing = text.startsWith(quote.repeat(3), quoteAt) ? quote.repeat(3) : quote;
  const parts: string[] = [];
  let pos = quoteAt + closing.length;
  let chunk = pos;
  while (pos < text.length) {
    const c = text[pos];
    if (c === quote && (closing.length === 1 || text.startsWith(closing, pos))) {
      parts.push(text.slice(chunk, pos));
      return { ok: true, end: pos + closing.length, value: parts.join("") };
    }
    if (c === "\n" && closing.length === 1) break;
    if (c !== "\\") pos++;
    // A raw string keeps the backslash and the character after it, which cannot close the string.
    else if (raw) pos += 2;
    else {
      const escaped = readEscape(text, pos);
      if (!escaped.ok) return escaped;
      parts.push(text.slice(chunk, pos), escaped.value);
      pos = escaped.end;
      chunk = pos;
    }
  }
  return { ok: false, problem: "unterminated string literal", at: start };
}

function readEscape(text: string, at: number): StringLex {
  const letter = text[at + 1];
  if (letter === undefined) return { ok: false, problem: "unterminated string literal", at };
  if (letter === "\n") return { ok: true, end: at + 2, value: "" };
  const simple = SIMPLE_ESCAPES[letter];
  if (simple !== undefined) return { ok: true, end: at + 2, value: simple };
  const octal = /^[0-7]{1,3}/.exec(text.slice(at + 1, at + 4))?.[0];
  if (octal !== undefined) {
    return { ok: true, end: at + 1 + octal.length, value: String.fromCodePoint(Number.parseInt(octal, 8)) };
  }
  const hexLength = letter === "x" ? 2 : letter === "u" ? 4 : letter === "U" ? 8 : 0;
  if (hexLength > 0) {
    const digits = text.slice(at + 2, at + 2 + hexLength);
    if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length < hexLength) {
      return { ok: false, problem: `truncated \\${letter} escape`, at };
    }
    const code = Number.parseInt(digits, 16);
    if (code > 0x10ffff) return { ok: false, problem: "illegal Unicode character in \\U escape", at };
    return { ok: true, end: at + 2 + hexLength, value: String.fromCodePoint(code) };
  }
  if (letter === "N") return { ok: false, problem: "\\N{...} escapes are not supported", at };
  // Python keeps an unknown escape as it is (with a DeprecationWarning).
  return { ok: true, end: at + 2, value: `\\${letter}` };
}
