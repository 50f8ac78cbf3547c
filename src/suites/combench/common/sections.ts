import { ParseFailure } from "../../../core/verdict.ts";

export const ANALYSIS_HEADING = "## Solution";
export const QUESTION_HEADINGS = ["## Solution to Question 1", "## Solution to Question 2"] as const;

/** What ends a line (the line terminators of a JavaScript multiline regex). */
const LINE_END = /[\n\r\u2028\u2029]/g;

/** Lower case, single spaces, no trailing colon or period: "Solution  to question 1:" reads as wanted. */
function normalise(title: string): string {
  let end = title.length;
  while (end > 0 && (title[end - 1] === ":" || title[end - 1] === ".")) end--;
  return title.slice(0, end).replace(/\s+/g, " ").trim().toLowerCase();
}

interface Heading {
  title: string;
  /** Offset of the heading line, and of the text after it. */
  start: number;
  end: number;
}

const isBlank = (c: string | undefined) => c === " " || c === "\t";

/**
 * The title of a Markdown ATX heading line (up to three leading spaces, one to six `#`, a space or tab,
 * the title, optional closing `#`s and spaces), or undefined when the line is not a heading. Read by
 * hand: a regex with a lazy title and a trailing `[ \t#]*` backtracks quadratically on a long line.
 */
function headingTitle(line: string): string | undefined {
  let pos = 0;
  while (pos < 3 && line[pos] === " ") pos++;
  const hashes = pos;
  while (line[pos] === "#") pos++;
  if (pos === hashes || pos - hashes > 6 || !isBlank(line[pos])) return undefined;
  while (isBlank(line[pos])) pos++;
  let end = line.length;
  while (end > pos && (isBlank(line[end - 1]) || line[end - 1] === "#")) end--;
  return line.slice(pos, end);
}

function headings(text: string): Heading[] {
  const found: Heading[] = [];
  let start = 0;
  while (start <= text.length) {
    LINE_END.lastIndex = start;
    const end = LINE_END.exec(text)?.index ?? text.length;
    const title =
      text[start] === " " || text[start] === "#" ? headingTitle(text.slice(start, end)) : undefined;
    if (title !== undefined) found.push({ title: normalise(title), start, end });
    start = end + 1;
  }
  return found;
}

/** The one heading titled like `wanted`, or why there is not exactly one. */
function findOne(all: readonly Heading[], wanted: string): Heading | ParseFailure {
  const title = normalise(wanted.replace(/^#+\s*/, ""));
  const found = all.filter((h) => h.title === title);
  const [first] = found;
  if (!first) return new ParseFailure(`missing the \`${wanted}\` heading`);
  if (found.length > 1) return new ParseFailure(`the \`${wanted}\` heading appears ${found.length} times`);
  return first;
}

/** The analysis answer: everything after the one `## Solution` heading (text before it is ignored). */
export function solutionSection(text: string): string | ParseFailure {
  const heading = findOne(headings(text), ANALYSIS_HEADING);
  return heading instanceof ParseFailure ? heading : text.slice(heading.end).trim();
}

/** The two construction-centric sections, Question 1 before Question 2, each heading exactly once. */
export function questionSections(text: string): { first: string; second: string } | ParseFailure {
  const all = headings(text);
  const q1 = findOne(all, QUESTION_HEADINGS[0]);
  if (q1 instanceof ParseFailure) return q1;
  const q2 = findOne(all, QUESTION_HEADINGS[1]);
  if (q2 instanceof ParseFailure) return q2;
  if (q2.start < q1.start) {
    return new ParseFailure(`\`${QUESTION_HEADINGS[1]}\` comes before \`${QUESTION_HEADINGS[0]}\``);
  }
  return { first: text.slice(q1.end, q2.start).trim(), second: text.slice(q2.end).trim() };
}
