import { z } from "zod";
import { isParseFailure, type ParseFailure } from "../../../core/verdict.ts";
import { constructBlock } from "./construct-block.ts";
import { ANALYSIS_HEADING, QUESTION_HEADINGS, questionSections, solutionSection } from "./sections.ts";

/** An analysis-centric answer: the solution section, for the judge. */
export const analysisAnswerSchema = z.object({ proof: z.string() });
export type AnalysisAnswer = z.infer<typeof analysisAnswerSchema>;

/**
 * A construction-centric answer: the Question 1 section (the proof, for the judge) and the construct
 * block's payload, or why there is no runnable block (the construction then scores 0, unrun).
 * `proofProblem` says why the proof is not judged although the construction is run (anchor parsing).
 */
export const constructionAnswerSchema = z.object({
  proof: z.string(),
  construction: z.union([
    z.object({ payload: z.string() }).strict(),
    z.object({ problem: z.string() }).strict(),
  ]),
  proofProblem: z.string().optional(),
});
export type ConstructionAnswer = z.infer<typeof constructionAnswerSchema>;

/** Plumb's parsing: the section after the one `## Solution` heading. */
export function parseAnalysis(text: string): AnalysisAnswer | ParseFailure {
  const proof = solutionSection(text);
  return isParseFailure(proof) ? proof : { proof };
}

/**
 * Plumb's parsing. Missing, repeated or misordered headings are a parse failure; a bad block is not (the
 * proof is still judged).
 */
export function parseConstruction(text: string): ConstructionAnswer | ParseFailure {
  const sections = questionSections(text);
  if (isParseFailure(sections)) return sections;
  return { proof: sections.first, construction: constructBlock(sections.first, sections.second) };
}

export function formatAnalysis(answer: AnalysisAnswer): string {
  return `${ANALYSIS_HEADING}\n${answer.proof.trim()}\n`;
}

/** The E.2 output structure; an answer without a payload gets a Question 2 section without a block. */
export function formatConstruction(answer: ConstructionAnswer): string {
  const block =
    "payload" in answer.construction
      ? `The construction:\n<construct>\n${answer.construction.payload.trim()}\n</construct>`
      : "No construction.";
  return `${QUESTION_HEADINGS[0]}\n${answer.proof.trim()}\n\n${QUESTION_HEADINGS[1]}\n${block}\n`;
}
