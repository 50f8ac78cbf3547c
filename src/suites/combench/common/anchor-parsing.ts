import { ParseFailure } from "../../../core/verdict.ts";
import type { AnalysisAnswer, ConstructionAnswer } from "./answers.ts";
import { QUESTION_HEADINGS } from "./sections.ts";

const CONSTRUCT_TAG = /<\/?construct>/i;
const OPEN_TAG = /<construct>/gi;
const CLOSE_TAG = /<\/construct>/gi;

/**
 * An analysis answer as the anchor reads it: the whole reply, trimmed, headings and all. Only an empty
 * reply or one holding a `<construct>` tag is refused (the anchor does not judge either).
 */
export function parseAnalysisAsAnchor(text: string): AnalysisAnswer | ParseFailure {
  const proof = text.trim();
  if (proof === "") return new ParseFailure("empty solution");
  if (CONSTRUCT_TAG.test(proof)) return new ParseFailure("a <construct> tag in an analysis answer");
  return { proof };
}

interface Line {
  start: number;
  end: number;
}

/**
 * The lines reading exactly `heading`, then only spaces or tabs: the anchor's `^## …[ \t]*$` with `re.M`,
 * where only "\n" ends a line.
 */
function headingLines(text: string, heading: string): Line[] {
  const found: Line[] = [];
  for (let start = 0; start <= text.length; ) {
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    if (text.startsWith(heading, start) && /^[ \t]*$/.test(text.slice(start + heading.length, end))) {
      found.push({ start, end });
    }
    if (newline < 0) break;
    start = newline + 1;
  }
  return found;
}

const count = (text: string, tag: RegExp) => text.match(tag)?.length ?? 0;

/** The anchor's construction block: exactly one opening and one closing tag (any case), in order; trimmed. */
function anchorBlock(second: string): ConstructionAnswer["construction"] {
  if (count(second, OPEN_TAG) !== 1 || count(second, CLOSE_TAG) !== 1) {
    return { problem: "Solution to Question 2 must hold exactly one <construct>…</construct> block" };
  }
  const open = second.search(OPEN_TAG);
  const close = second.search(CLOSE_TAG);
  if (close < open) return { problem: "the </construct> tag comes before <construct>" };
  return { payload: second.slice(open + "<construct>".length, close).trim() };
}

/**
 * A construction answer as the anchor reads it: each heading exactly once on a line of its own, nothing
 * but whitespace before Question 1's, neither section empty — else nothing is judged or
 * run. A `<construct>` tag in Question 1 leaves the proof unjudged (`proofProblem`) while the block in
 * Question 2 is still run; a bad block scores 0 unrun, as in Plumb's parsing.
 */
export function parseConstructionAsAnchor(text: string): ConstructionAnswer | ParseFailure {
  const [h1, h2] = QUESTION_HEADINGS;
  const q1 = headingLines(text, h1);
  const q2 = headingLines(text, h2);
  const [first] = q1;
  const [second] = q2;
  if (!first) return new ParseFailure(`missing the \`${h1}\` heading`);
  if (!second) return new ParseFailure(`missing the \`${h2}\` heading`);
  if (q1.length > 1) return new ParseFailure(`the \`${h1}\` heading appears ${q1.length} times`);
  if (q2.length > 1) return new ParseFailure(`the \`${h2}\` heading appears ${q2.length} times`);
  // This also catches Question 2 before Question 1.
  if (text.slice(0, first.start).trim() !== "") {
    return new ParseFailure(`text before the \`${h1}\` heading`);
  }
  const proof = text.slice(first.end, second.start).trim();
  const rest = text.slice(second.end).trim();
  if (proof === "") return new ParseFailure("Solution to Question 1 is empty");
  if (rest === "") return new ParseFailure("Solution to Question 2 is empty");
  const construction = anchorBlock(rest);
  return CONSTRUCT_TAG.test(proof)
    ? {
        proof,
        construction,
        proofProblem: "Solution to Question 1 contains a <construct> tag; the proof is not judged",
      }
    : { proof, construction };
}
