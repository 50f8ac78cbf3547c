import { ParseFailure } from "../../../core/verdict.ts";

export const ANALYSIS_HEADING = "## Solution";
export const QUESTION_HEADINGS = ["## Solution to Question 1", "## Solution to Question 2"] as const;

/** A Markdown ATX heading line (any level, up to three leading spaces); its title is matched loosely. */
const HEADING = /^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*$/gm;

/** Lower case, single spaces, no trailing colon or period: "Solution  to question 1:" reads as wanted. */
const normalise = (title: string) =>
  title
    .replace(/[:.]+$/, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

interface Heading {
  title: string;
  /** Offset of the heading line, and of the text after it. */
  start: number;
  end: number;
}

function headings(text: string): Heading[] {
  return [...text.matchAll(HEADING)].map((m) => ({
    title: normalise(m[1] ?? ""),
    start: m.index,
    end: m.index + m[0].length,
  }));
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
