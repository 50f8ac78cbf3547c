/**
 * The images a model was given, drawn again: the store keeps a prompt's images by their alt text
 * only and an episode step's observation by its text only, so the viewer asks the task again, with
 * what the run stored, and shows the images only when they are the ones the run recorded.
 */
import { z } from "zod";
import { stableId } from "../core/canonical.ts";
import type { AnyTask, Environment, Instance, PromptImage, PromptOptions } from "../core/task.ts";
import type { StepRecord } from "../store/types.ts";
import type { ImageJson } from "./api.ts";
import { messageOf } from "./errors.ts";
import { advance, replay } from "./replay.ts";

/** At most this many images, and this many characters of base64, per prompt or observation. */
export const MAX_IMAGES = 8;
export const MAX_IMAGE_CHARS = 4 * 1024 * 1024;
/** An observation's images are drawn by replaying from the start: steps past this many are not. */
export const IMAGE_STEPS = 200;

export function dataUrlOf(image: PromptImage): string {
  return `data:${image.mediaType};base64,${Buffer.from(image.data).toString("base64")}`;
}

/** Images as data: URLs, within MAX_IMAGES and MAX_IMAGE_CHARS; the note says what was left out. */
export function imagesJson(images: readonly PromptImage[]): { images: ImageJson[]; note: string | null } {
  const out: ImageJson[] = [];
  let chars = 0;
  for (const image of images.slice(0, MAX_IMAGES)) {
    const dataUrl = dataUrlOf(image);
    if (chars + dataUrl.length > MAX_IMAGE_CHARS) break;
    chars += dataUrl.length;
    out.push({ alt: image.alt, dataUrl });
  }
  const note =
    out.length < images.length
      ? `${images.length - out.length} of ${images.length} images left out (at most ${MAX_IMAGES} and ${MAX_IMAGE_CHARS / 1024 / 1024} MB are shown)`
      : null;
  return { images: out, note };
}

const storedPrompt = z.object({ images: z.array(z.string()) });

/** The alt texts of a stored single prompt's images (eval/sample.ts promptForStore); none for another shape. */
export function storedImageAlts(prompt: unknown): string[] {
  return storedPrompt.safeParse(prompt).data?.images ?? [];
}

const storedSpec = z.object({
  prompt: z.object({ variant: z.string().optional(), shots: z.number().optional() }).optional(),
  models: z.record(z.string(), z.object({ generation: z.unknown() }).partial()).optional(),
});
const generationCap = z.object({ maxOutputTokens: z.number() });

/**
 * The options a run's prompts to `model` were made with (eval/single.ts): the spec's variant and
 * shots, with the model's output-token cap. A user's template words the text, never the images. A
 * spec this Plumb cannot read gives the defaults: the alt texts tell whether the images are the same.
 */
export function promptOptionsOf(spec: unknown, model: string): PromptOptions {
  const read = storedSpec.safeParse(spec).data;
  const { variant, shots } = read?.prompt ?? {};
  const cap = generationCap.safeParse(read?.models?.[model]?.generation).data?.maxOutputTokens;
  return {
    ...(variant !== undefined ? { variant } : {}),
    ...(shots !== undefined ? { shots } : {}),
    ...(cap !== undefined ? { maxOutputTokens: cap } : {}),
  };
}

const sameAlts = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((alt, i) => alt === b[i]);

/**
 * The images of a sample's prompt, drawn again. The prompt is built only when the stored one had
 * images; they are shown only when their alt texts are the stored ones, in order.
 */
export function promptImagesOf(
  task: AnyTask,
  inst: Instance,
  prompt: unknown,
  spec: unknown,
  model: string,
): { promptImages: ImageJson[]; promptImagesNote: string | null } {
  const alts = storedImageAlts(prompt);
  if (alts.length === 0) return { promptImages: [], promptImagesNote: null };
  const opts = promptOptionsOf(spec, model);
  let drawn: PromptImage[];
  try {
    drawn = task.prompt(inst, opts).images ?? [];
  } catch (e) {
    return { promptImages: [], promptImagesNote: `the prompt could not be built again: ${messageOf(e)}` };
  }
  const drawnAlts = drawn.map((i) => i.alt);
  if (!sameAlts(drawnAlts, alts))
    return {
      promptImages: [],
      promptImagesNote:
        "the task draws other images for this prompt than the run recorded (it changed since): none are shown",
    };
  const { images, note } = imagesJson(drawn);
  return { promptImages: images, promptImagesNote: note };
}

/** Environment options that ask for images (the runner's `--variant vision` episodes). */
export function observationImagesWanted(envOptions: Record<string, unknown> | undefined): boolean {
  return envOptions?.vision === true;
}

type StepImages = { images: ImageJson[]; note: string | null };

function observed(env: Environment): StepImages {
  try {
    return imagesJson(env.observe().images ?? []);
  } catch (e) {
    return { images: [], note: `the environment could not draw this step: ${messageOf(e)}` };
  }
}

/** Environments replayed for images, by sample: the page's Next asks for the step after the last. */
const replayed = new Map<string, { env: Environment; done: number }>();
const REPLAYED_KEPT = 8;

/**
 * The environment, asking for images, after `done` of the stored steps: the one kept for these
 * steps stepped on when it is not past them, else a replay from the start. Each step taken draws
 * the observation's images (tens of milliseconds), so a replay from the start of a long episode is slow.
 */
function envAfter(
  task: AnyTask,
  inst: Instance,
  steps: readonly StepRecord[],
  envOptions: Record<string, unknown> | undefined,
  done: number,
): Environment | string {
  const key = stableId(
    task.id,
    inst,
    envOptions ?? null,
    steps.map((s) => [s.action ?? null, s.reward]),
  );
  let kept = replayed.get(key);
  replayed.delete(key);
  if (!kept || kept.done > done) {
    const start = replay(task, inst, steps, envOptions, { upTo: 0, draw: false, images: true });
    if (!start.env) return start.error ?? "no environment";
    kept = { env: start.env, done: 0 };
  }
  const at = kept;
  const error = advance(at.env, steps, { from: at.done, to: done }, (n) => {
    at.done = n;
  });
  if (error !== null) return error;
  replayed.set(key, at);
  for (const old of replayed.keys()) if (replayed.size > REPLAYED_KEPT) replayed.delete(old);
  return at.env;
}

/**
 * The images of the observations the model was given before the actions of steps `from` to `to - 1`
 * (the stored observation of step i is the state after i steps).
 */
export function observationImagesOf(
  task: AnyTask,
  inst: Instance,
  steps: readonly StepRecord[],
  envOptions: Record<string, unknown> | undefined,
  range: { from: number; to: number },
): StepImages[] {
  const out: StepImages[] = [];
  for (let step = range.from; step < Math.min(range.to, steps.length); step++) {
    if (!observationImagesWanted(envOptions)) {
      out.push({ images: [], note: "the run's environment gave no images" });
    } else if (step >= IMAGE_STEPS) {
      out.push({ images: [], note: `images are drawn for the first ${IMAGE_STEPS} steps only` });
    } else {
      const env = envAfter(task, inst, steps, envOptions, step);
      out.push(
        typeof env === "string"
          ? { images: [], note: `the replay stopped before this step: ${env}` }
          : observed(env),
      );
    }
  }
  return out;
}
