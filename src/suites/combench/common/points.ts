import { clip } from "../../../core/clip.ts";
import { ParseFailure } from "../../../core/verdict.ts";

/** The rubric's four grades (section 3.5). */
export const POINTS = [0, 1, 6, 7] as const;
export type Points = (typeof POINTS)[number];

export const isPoints = (n: number): n is Points => (POINTS as readonly number[]).includes(n);

const OPEN = /<points>/gi;
const CLOSE = /<\/points>/gi;
const GRADE = /^\s*(\d+)\s+out\s+of\s+7\s*$/i;

/**
 * The interior of every `<points>…</points>` tag (case-insensitive; each runs to the first closing tag
 * after it). Found by searching forward once: a lazy regex rescans to the end of the text from every
 * unclosed `<points>`, which is quadratic.
 */
function pointsTags(text: string): string[] {
  const tags: string[] = [];
  OPEN.lastIndex = 0;
  for (let open = OPEN.exec(text); open !== null; open = OPEN.exec(text)) {
    CLOSE.lastIndex = OPEN.lastIndex;
    const close = CLOSE.exec(text);
    // No closing tag after this one means none after any later opening tag either.
    if (close === null) break;
    tags.push(text.slice(OPEN.lastIndex, close.index));
    OPEN.lastIndex = CLOSE.lastIndex;
  }
  return tags;
}

/**
 * The judge's grade: every `<points>N out of 7</points>` tag in the reply must read that way with N in
 * {0, 1, 6, 7}, and when there are several they must all agree (a judge that quotes the template's four
 * options has not chosen). Anything else — no tag, "7/7", N = 5, disagreeing tags — is no grade.
 */
export function readPoints(text: string): Points | ParseFailure {
  const tags = pointsTags(text);
  if (tags.length === 0) return new ParseFailure("no <points>N out of 7</points> tag in the judge's reply");
  const grades = new Set<number>();
  for (const inner of tags) {
    const n = GRADE.exec(inner)?.[1];
    if (n === undefined) return new ParseFailure(`unreadable grade <points>${clip(inner, 60)}</points>`);
    grades.add(Number(n));
  }
  if (grades.size > 1) {
    const some = [...grades].slice(0, 4).join(", ");
    const more = grades.size > 4 ? ", …" : "";
    return new ParseFailure(`${tags.length} <points> tags disagree (${some}${more} out of 7)`);
  }
  const [grade] = grades;
  if (grade === undefined || !isPoints(grade)) {
    return new ParseFailure(`${grade} out of 7 is not a rubric grade (0, 1, 6 or 7)`);
  }
  return grade;
}

/** Section 3.5: a failed construction demotes 7 to 6 and 6 to 1; 0 and 1 stay. */
export function gatePoints(proof: Points, constructionPassed: boolean): Points {
  if (constructionPassed) return proof;
  if (proof === 7) return 6;
  if (proof === 6) return 1;
  return proof;
}
