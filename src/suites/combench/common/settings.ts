import { stableId } from "../../../core/canonical.ts";
import { userJudgeTemplate } from "./judge-template.ts";
import { parsingMode } from "./parsing-mode.ts";
import { verifierMode } from "./verifier-mode.ts";

/**
 * The suite's settings, read from the environment (parsing and verifier modes, the judge template), checked
 * and described for the run's spec: a bad one stops a run with one clear error before any model is
 * asked, and a run resumes only under the same ones.
 */
export function comBenchSettings(): Record<string, unknown> {
  const template = userJudgeTemplate();
  return {
    parsing: parsingMode(),
    verifier: verifierMode(),
    judgeTemplate: template === undefined ? null : stableId(template.parts),
  };
}
