import { clip } from "../../../core/clip.ts";

/** The payload of the one `<construct>` block, or why the construction cannot be run. */
export type ConstructBlock = { payload: string } | { problem: string };

const OPEN = "<construct>";
const CLOSE = "</construct>";
/** The start of an opening or closing construct tag, well formed or not (`<Construct lang="py">`, `< /construct >`). */
const TAG_HEAD = /<\s*(?:\/\s*)?construct\b/iy;

interface Tag {
  text: string;
  index: number;
}

/**
 * Every construct tag: a tag head and everything up to the next `>`, tags not overlapping. Scanned by
 * hand in one pass: a regex `<…construct\b[^>]*>` rescans to the end of the text from each unclosed
 * `<construct`, which is quadratic.
 */
function constructTags(text: string, limit = Number.POSITIVE_INFINITY): Tag[] {
  const tags: Tag[] = [];
  let pos = 0;
  while (tags.length < limit) {
    const index = text.indexOf("<", pos);
    if (index < 0) break;
    TAG_HEAD.lastIndex = index;
    if (!TAG_HEAD.test(text)) {
      pos = index + 1;
      continue;
    }
    const close = text.indexOf(">", TAG_HEAD.lastIndex);
    // No `>` after this tag head means none after any later one either: no more tags.
    if (close < 0) break;
    tags.push({ text: text.slice(index, close + 1), index });
    pos = close + 1;
  }
  return tags;
}

const shown = (tag: string) => JSON.stringify(clip(tag, 60));

/**
 * Appendix D.1 / E.3: the Question 2 section must hold exactly one `<construct>…</construct>` block and
 * Question 1 none. A missing, duplicated or malformed block (odd tags, unbalanced tags, an empty block, a
 * code fence inside it) is not run. The payload is the block's interior exactly as written.
 */
export function constructBlock(first: string, second: string): ConstructBlock {
  if (constructTags(first, 1).length > 0) {
    return { problem: "Solution to Question 1 contains a <construct> tag; the block belongs in Question 2" };
  }
  const tags = constructTags(second);
  if (tags.length === 0) return { problem: "no <construct>…</construct> block in Solution to Question 2" };
  const odd = tags.find((tag) => tag.text !== OPEN && tag.text !== CLOSE);
  if (odd) return { problem: `malformed construct tag ${shown(odd.text)}` };
  const opens = tags.filter((tag) => tag.text === OPEN).length;
  const closes = tags.length - opens;
  if (opens > 1 && opens === closes) {
    return { problem: `${opens} <construct> blocks in Solution to Question 2; exactly one is allowed` };
  }
  const [open, close] = tags;
  if (tags.length !== 2 || open?.text !== OPEN || close?.text !== CLOSE) {
    return { problem: `unbalanced construct tags (${opens} opening, ${closes} closing)` };
  }
  const payload = second.slice(open.index + OPEN.length, close.index);
  if (payload.trim() === "") return { problem: "the <construct> block is empty" };
  if (payload.includes("```")) return { problem: "a code fence inside the <construct> block" };
  return { payload };
}
