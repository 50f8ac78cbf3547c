/** The payload of the one `<construct>` block, or why the construction cannot be run. */
export type ConstructBlock = { payload: string } | { problem: string };

const OPEN = "<construct>";
const CLOSE = "</construct>";
/** Any opening or closing construct tag, well formed or not (`<Construct lang="py">`, `< /construct >`). */
const TAG = /<\s*\/?\s*construct\b[^>]*>/gi;

/**
 * Appendix D.1 / E.3: the Question 2 section must hold exactly one `<construct>…</construct>` block and
 * Question 1 none. A missing, duplicated or malformed block (odd tags, unbalanced tags, an empty block, a
 * code fence inside it) is not run. The payload is the block's interior exactly as written.
 */
export function constructBlock(first: string, second: string): ConstructBlock {
  if (first.match(TAG) !== null) {
    return { problem: "Solution to Question 1 contains a <construct> tag; the block belongs in Question 2" };
  }
  const tags = [...second.matchAll(TAG)];
  if (tags.length === 0) return { problem: "no <construct>…</construct> block in Solution to Question 2" };
  const odd = tags.find((m) => m[0] !== OPEN && m[0] !== CLOSE);
  if (odd) return { problem: `malformed construct tag ${JSON.stringify(odd[0])}` };
  const opens = tags.filter((m) => m[0] === OPEN).length;
  const closes = tags.length - opens;
  if (opens > 1 && opens === closes) {
    return { problem: `${opens} <construct> blocks in Solution to Question 2; exactly one is allowed` };
  }
  const [open, close] = tags;
  if (tags.length !== 2 || open?.[0] !== OPEN || close?.[0] !== CLOSE) {
    return { problem: `unbalanced construct tags (${opens} opening, ${closes} closing)` };
  }
  const payload = second.slice(open.index + OPEN.length, close.index);
  if (payload.trim() === "") return { problem: "the <construct> block is empty" };
  if (payload.includes("```")) return { problem: "a code fence inside the <construct> block" };
  return { payload };
}
