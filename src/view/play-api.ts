/**
 * Play mode's HTTP API: a person solves tasks in the browser and each answer is stored as a sample
 * of the `human` model, in a run like any other. Bodies are zod-checked by the server (strict: an
 * unknown field is refused), responses by the web app as it reads them.
 */
import { z } from "zod";
import type { LineBoard } from "../core/line-board.ts";
import { renderingSchema, sceneSchema, verdictSchema } from "./api.ts";

/** How a task is played: a line drawn on the task's board (`Task.lineBoard`), an environment's actions, or a text answer. */
export const playModeSchema = z.enum(["line", "episode", "text"]);
export type PlayMode = z.infer<typeof playModeSchema>;

/** Instances per session at most. */
export const MAX_PLAY_COUNT = 50;
/** Characters of a text answer read at most (a longer one is refused, not truncated). */
export const MAX_ANSWER_CHARS = 200_000;
/** Points of a drawn line at most: far over any grid's positions. */
export const MAX_PATH_POINTS = 10_000;

const shortText = z.string().min(1).max(200);
const clientMs = z
  .number()
  .finite()
  .min(0)
  .max(7 * 24 * 3600 * 1000);
export const pointSchema = z.object({ x: z.number().int(), y: z.number().int() }).strict();
export type PointJson = z.infer<typeof pointSchema>;

// ---- GET /api/play/tasks
export const playTaskSchema = z.object({
  id: z.string(),
  suite: z.string(),
  description: z.string(),
  mode: playModeSchema,
  levels: z.array(z.string()),
  presets: z.array(z.object({ name: z.string(), description: z.string() })),
});
export type PlayTask = z.infer<typeof playTaskSchema>;
export const playTasksResponse = z.object({ tasks: z.array(playTaskSchema) });

// ---- POST /api/play/sessions
/** A new session, or with `run` naming an existing human run, that run resumed (the other fields ignored). */
export const sessionBody = z
  .object({
    task: shortText.optional(),
    level: shortText.optional(),
    preset: shortText.optional(),
    seed: shortText.optional(),
    count: z.number().int().min(1).max(MAX_PLAY_COUNT).default(10),
    player: z.string().max(100).optional(),
    /** Readable answers allowed after a wrong one (0: the first verdict stands, as a model's one answer). */
    retries: z.number().int().min(0).max(20).default(0),
    run: z
      .string()
      .regex(/^[\w.:-]{1,200}$/, "letters, digits, '_', '-', '.', ':' only")
      .optional(),
  })
  .strict();
export type SessionBody = z.input<typeof sessionBody>;

export const playInstanceSchema = z.object({
  /** The instance's content hash: its id within the session. */
  hash: z.string(),
  /** The instance's own id. */
  id: z.string(),
  level: z.string().nullable(),
  done: z.boolean(),
  passed: z.boolean().nullable(),
  /** Submissions so far (unreadable ones and episode steps included). */
  attempts: z.number(),
});

export const sessionResponse = z.object({
  run: z.string(),
  task: z.string(),
  mode: playModeSchema,
  player: z.string().nullable(),
  retries: z.number(),
  instances: z.array(playInstanceSchema),
  /** The first instance not yet done, or null when every one is. */
  next: z.string().nullable(),
  done: z.number(),
  passed: z.number(),
});
export type SessionJson = z.infer<typeof sessionResponse>;

// ---- GET /api/play/sessions/:run/instances/:hash
/** The wire form of a task's LineBoard (src/core/line-board.ts): the board the drawing UI draws on. */
export const linePuzzleSchema = z.object({
  cols: z.number(),
  rows: z.number(),
  start: pointSchema,
  end: pointSchema,
  gaps: z.array(pointSchema),
  dots: z.array(pointSchema),
  symbols: z.array(
    z.object({
      x: z.number(),
      y: z.number(),
      kind: z.enum(["square", "star", "triangle", "poly", "ylop"]),
      color: z.string(),
      fill: z.string(),
      outline: z.string().optional(),
      /** Triangles: how many. */
      count: z.number().optional(),
      /** Polys and ylops: their squares in the 4×4 frame. */
      cells: z.array(pointSchema).optional(),
    }),
  ),
});
/** Checks A extends B; nested both ways below, a drift between the schema and LineBoard fails to typecheck. */
type Extends<A extends B, B> = A;
export type LinePuzzle = Extends<LineBoard, Extends<z.infer<typeof linePuzzleSchema>, LineBoard>>;

export const legalActionSchema = z.object({ label: z.string(), action: z.unknown() });

export const episodeViewSchema = z.object({
  instructions: z.string(),
  observation: z.string(),
  /** The environment's legal actions (capped), each with the text an agent would write. */
  legal: z.array(legalActionSchema),
  legalTotal: z.number(),
  steps: z.number(),
  maxSteps: z.number().nullable(),
  done: z.boolean(),
  success: z.boolean(),
  render: renderingSchema.nullable(),
  scene: sceneSchema.nullable(),
  history: z.array(
    z.object({ index: z.number(), action: z.string(), reward: z.number(), error: z.string().nullable() }),
  ),
});
export type EpisodeView = z.infer<typeof episodeViewSchema>;

/** Where the player stands on one instance. */
export const instanceStateSchema = z.object({
  done: z.boolean(),
  passed: z.boolean().nullable(),
  attempts: z.number(),
  /** Readable answers still allowed (0 once done). */
  triesLeft: z.number(),
  /** The stored verdict, once there is one. */
  verdict: verdictSchema.nullable(),
  answer: z.unknown(),
});

export const playInstanceResponse = z.object({
  run: z.string(),
  hash: z.string(),
  id: z.string(),
  task: z.string(),
  mode: playModeSchema,
  index: z.number(),
  total: z.number(),
  level: z.string().nullable(),
  /** Time on the instance so far, from the server's first showing of it. */
  elapsedMs: z.number(),
  prompt: z.object({
    text: z.string(),
    images: z.array(z.object({ alt: z.string(), dataUrl: z.string() })),
  }),
  render: renderingSchema.nullable(),
  line: linePuzzleSchema.nullable(),
  episode: episodeViewSchema.nullable(),
  state: instanceStateSchema,
});
export type PlayInstance = z.infer<typeof playInstanceResponse>;

// ---- POST …/answer, …/check, …/give-up
/** A text answer (text tasks) or a drawn line (line tasks); `clientMs` is the player's time as the page measured it. */
export const answerBody = z
  .object({
    text: z.string().max(MAX_ANSWER_CHARS).optional(),
    path: z.array(pointSchema).max(MAX_PATH_POINTS).optional(),
    clientMs: clientMs.optional(),
  })
  .strict();
export type AnswerBody = z.infer<typeof answerBody>;

export const answerResponse = z.object({
  /** Why the answer could not be read (the task's parser): counted as an attempt, not stored. */
  feedback: z.string().nullable(),
  /** The verdict on a readable answer. */
  verdict: verdictSchema.nullable(),
  /** The answer drawn by the task's renderer, when it has one. */
  render: renderingSchema.nullable(),
  /** True when this submission became the instance's stored sample. */
  stored: z.boolean(),
  state: instanceStateSchema,
});
export type AnswerJson = z.infer<typeof answerResponse>;

/** A rule check while drawing: the verdict, nothing stored. */
export const checkResponse = z.object({ feedback: z.string().nullable(), verdict: verdictSchema.nullable() });

// ---- POST …/step
/** One of the legal actions as given, or an action written as an agent would write it. */
export const stepBody = z
  .object({
    action: z.unknown().optional(),
    text: z.string().max(10_000).optional(),
    clientMs: clientMs.optional(),
  })
  .strict();
export type StepBody = z.infer<typeof stepBody>;

export const stepResponse = z.object({
  /** Why the action could not be read (the step was not taken, but it counts, as for agents). */
  invalid: z.string().nullable(),
  /** Why the environment refused the action (the step counts). */
  error: z.string().nullable(),
  reward: z.number(),
  episode: episodeViewSchema,
  stored: z.boolean(),
  state: instanceStateSchema,
});
export type StepJson = z.infer<typeof stepResponse>;
