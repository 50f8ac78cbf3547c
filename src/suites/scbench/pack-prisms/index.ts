import { infoFields } from "../../../core/registry.ts";
import type { Task } from "../../../core/task.ts";
import { packPrismsCard } from "./card.ts";
import { buildData, generatePack, LEVEL_CLASSES } from "./generate.ts";
import { packPrismsInfo } from "./info.ts";
import { originalPreset, originalReference } from "./original.ts";
import { parsePack } from "./parse.ts";
import { packPrompt } from "./prompt.ts";
import { renderPack } from "./render.ts";
import {
  answerSchema,
  type Box,
  dataSchema,
  type PackAnswer,
  type PackData,
  type PackParams,
  type PrismClass,
  packParams,
  sizeKey,
} from "./schema.ts";
import { verifyPack } from "./verify.ts";

const classesKey = (classes: readonly PrismClass[]): string =>
  classes
    .map((c) => `${c.count}:${sizeKey([...c.size].sort((a, b) => a - b))}`)
    .sort()
    .join(" ");

const levels: Record<string, Partial<PackParams>> = Object.fromEntries(
  Object.entries(LEVEL_CLASSES).map(([name, classes]) => [name, { classes }]),
);

export const packPrismsTask: Task<PackParams, PackData, PackAnswer> = {
  ...infoFields(packPrismsInfo),
  version: 2,
  params: packParams,
  levels,
  presets: { original: originalPreset },
  answer: answerSchema,
  data: dataSchema,
  generate: (params, rng) => generatePack(params, rng),

  level(inst) {
    const key = classesKey(inst.data.classes);
    const match = Object.entries(LEVEL_CLASSES).find(([, classes]) => classesKey(classes) === key);
    return match?.[0] ?? null;
  },
  prompt: (inst, opts) => packPrompt(inst.data, opts),
  parse: (text) => parsePack(text),
  verify: (inst, answer) => verifyPack(inst.data, answer),
  card: packPrismsCard,
  references(inst) {
    const stored = originalReference(inst);
    return stored ? [stored] : [];
  },
  // The original's larger lists are beyond the search packer: their stored packings stand in.
  solve: (inst) => ({
    answers: [originalReference(inst) ?? buildData(inst.data.classes).reference],
    complete: true,
  }),
  formatAnswer: (answer) => JSON.stringify(answer),

  randomAnswer(inst, rng) {
    const boxes: Box[] = [];
    for (const c of inst.data.classes)
      for (let k = 0; k < c.count; k++) {
        const s = rng.shuffle([...c.size]);
        const at = [0, 1, 2].map(() => rng.int(0, 10));
        boxes.push({
          min: [at[0] as number, at[1] as number, at[2] as number],
          max: [
            (at[0] as number) + (s[0] as number),
            (at[1] as number) + (s[1] as number),
            (at[2] as number) + (s[2] as number),
          ],
        });
      }
    return { boxes };
  },

  render: (inst, answer) => renderPack(inst.data, answer),
};

/** Verifications per second of the reference answer on the largest level, for the lead's bench. */
export function benchPackPrisms(ms = 200): number {
  const { data, reference } = buildData(LEVEL_CLASSES["level-9"] ?? []);
  const start = performance.now();
  let n = 0;
  while (performance.now() - start < ms) {
    verifyPack(data, reference);
    n++;
  }
  return n / ((performance.now() - start) / 1000);
}
