import { levelOfParams } from "../../../core/levels.ts";
import { parseLooseAnswer } from "../../../core/loose-answer.ts";
import { infoFields } from "../../../core/registry.ts";
import type { Task } from "../../../core/task.ts";
import { printablePrimeCard } from "./card.ts";
import {
  generatePrintablePrime,
  type PrintablePrimeAnswer,
  type PrintablePrimeData,
  type PrintablePrimeParams,
  printablePrimeAnswer,
  printablePrimeData,
  printablePrimeParams,
} from "./generate.ts";
import { printablePrimeInfo } from "./info.ts";
import { LARGEST_DIGITS } from "./largest.ts";
import { originalPreset } from "./original.ts";
import { printablePrimePrompt } from "./prompt.ts";
import { renderPrintablePrime } from "./render.ts";
import { ORIENTATIONS } from "./rules.ts";
import { solvePrintablePrime } from "./solve.ts";
import { verifyPrintablePrime } from "./verify.ts";

/**
 * The original is one prompt scored by digits / 42 (its reference answer's length) with a 10% penalty
 * for stacks up to 70 mm: that is "default". "proven-max" asks for the largest printable prime these
 * rules allow (65 digits). The digit-capped levels are smaller versions of the same search.
 */
const levels: Record<string, Partial<PrintablePrimeParams>> = {
  default: {},
  "proven-max": { targetDigits: LARGEST_DIGITS },
  "max-12-digits": { targetDigits: 12, maxDigits: 12, minHeightMm: 20 },
  "max-24-digits": { targetDigits: 24, maxDigits: 24, minHeightMm: 40 },
};

export const printablePrimeTask: Task<PrintablePrimeParams, PrintablePrimeData, PrintablePrimeAnswer> = {
  ...infoFields(printablePrimeInfo),
  version: 2,
  params: printablePrimeParams,
  levels,
  presets: { original: originalPreset },
  answer: printablePrimeAnswer,
  data: printablePrimeData,

  generate(params, rng) {
    const inst = generatePrintablePrime(params, rng);
    const verdict = verifyPrintablePrime(inst.data, solvePrintablePrime(inst.data.maxDigits));
    if (!verdict.passed)
      throw new Error(`printable-prime: the reference answer fails: ${verdict.failure?.message}`);
    return inst;
  },

  level: (inst) => levelOfParams(printablePrimeParams, levels, inst.params),
  prompt: (inst, opts) => printablePrimePrompt(inst.data, opts),
  parse: (text) => parseLooseAnswer(text, printablePrimeAnswer),
  verify: (inst, answer) => verifyPrintablePrime(inst.data, answer),
  card: printablePrimeCard,
  solve: (inst) => ({ answers: [solvePrintablePrime(inst.data.maxDigits)], complete: true }),
  formatAnswer: (answer) => JSON.stringify(answer),

  randomAnswer(inst, rng) {
    const length = rng.int(
      1,
      Math.min(inst.data.maxDigits ?? inst.data.targetDigits, inst.data.targetDigits),
    );
    return {
      numberSequence: Array.from({ length }, (_, i) => ({
        digit: rng.int(i === 0 ? 1 : 0, 9),
        orientation: rng.pick(ORIENTATIONS),
      })),
    };
  },

  render: (inst, answer) => renderPrintablePrime(inst.data, answer),
};
