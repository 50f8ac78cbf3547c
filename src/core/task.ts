import type { ZodType } from "zod";
import type { TaskCard } from "./failure-modes.ts";
import type { LineBoard } from "./line-board.ts";
import type { Rng } from "./rng.ts";
import type { Scene } from "./scene.ts";
import type { ParseFailure, Verdict } from "./verdict.ts";

/** One generated or loaded problem. `seed` is null for records loaded from an official file. */
export interface Instance<Data = unknown> {
  id: string;
  task: string;
  params: unknown;
  seed: string | null;
  data: Data;
}

export interface Message {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface PromptImage {
  mediaType: "image/png";
  data: Uint8Array;
  alt: string;
}

/** JSON Schema (draft 2020-12) for structured output. */
export type JsonSchema = Record<string, unknown>;

export interface Prompt {
  messages: Message[];
  /** Attached to the last user message, in order. */
  images?: PromptImage[];
  outputSchema?: JsonSchema;
}

/** One message of a template: its text and the file line it starts on. */
export interface TemplateMessage {
  text: string;
  line: number;
}

/**
 * A user's own prompt wording: a user message and optionally a system message, with placeholders
 * (see compileTemplate in template.ts) filled from the task's prompt fields. `source` names the file in errors.
 */
export interface PromptTemplate {
  source: string;
  system?: TemplateMessage;
  user: TemplateMessage;
}

export interface PromptOptions {
  /** A task's named prompt wording, e.g. "default", "alternative", "vision". */
  variant?: string;
  /** Number of worked examples (few-shot). */
  shots?: number;
  /** When set, the prompt states the model's output-token cap. */
  maxOutputTokens?: number;
  /** The user's own wording (`--prompt-template`), filled by `buildPrompt`; tasks never see it. */
  template?: PromptTemplate;
}

export interface ParseOptions {
  /**
   * Also accept answers the official extractor would miss (think blocks, other bracket styles).
   * Tasks mark such answers so their extra catches can be counted apart.
   */
  lenient?: boolean;
}

export interface SolveOptions {
  /** Enumerate every solution instead of stopping at the first. */
  all?: boolean;
  /** Stop after this many solutions. */
  maxSolutions?: number;
}

export interface SolveResult<Answer> {
  answers: Answer[];
  /** True when the search finished (the list is every solution, or the one asked for). */
  complete: boolean;
  stats?: Record<string, number>;
}

export interface SvgRendering {
  kind: "svg";
  svg: string;
  width: number;
  height: number;
}

export type Rendering = SvgRendering;

/** A binary STL file; `name` becomes part of the file name. */
export interface MeshFile {
  name: string;
  stl: Uint8Array;
}

export interface Observation {
  text: string;
  images?: PromptImage[];
}

export interface StepResult {
  observation: Observation;
  reward: number;
  done: boolean;
  success: boolean;
  /** Set when the action could not be carried out; the episode goes on. */
  error?: string;
  info?: Record<string, unknown>;
}

/** An interactive episode over one instance. */
export interface Environment<Action = unknown> {
  /** What an agent must know to act: rules, action syntax. */
  instructions(): string;
  observe(): Observation;
  actions: ZodType<Action>;
  /** Reads an action from a model's reply text. */
  parseAction(text: string): Action | ParseFailure;
  legalActions(): Action[];
  /** The reference policy's next action (what the oracle agent plays), if it has one. */
  referenceAction?(): Action | undefined;
  step(action: unknown): StepResult;
  readonly done: boolean;
  readonly success: boolean;
  readonly steps: number;
  /** The environment's own step budget, if it has one. */
  readonly maxSteps?: number;
  optimalSteps?: number;
  /** What the episode has made so far, as the task's answer (SPaRC: the line drawn); stored with the sample. */
  answer?(): unknown;
  /** Once the episode is done: the task's verdict on what it made, naming what failed. */
  verdict?(): Verdict;
  /** A picture of the state now (the viewer's episode replay draws one per step). */
  render?(): Rendering;
  /** The state now in 3D, for tasks whose pieces move in space. */
  scene?(): Scene;
}

/**
 * `Checked` is what `verify` returns: a Verdict, or a promise of one for tasks whose verifier
 * runs out of process (ComBench's sandboxed Python).
 */
/** Where an instance sits in a generated set: dataset tasks draw record `index` of a seeded order. */
export interface GenerateContext {
  /** The instance's position in the set (0-based). */
  index: number;
  /** The seed of the whole set (the instance's own stream is `rng`). */
  setSeed: string;
}

/** One response put to a task's judge. */
export interface JudgeInput<Answer> {
  text: string;
  /** The parsed answer: an unreadable response is never judged. */
  answer: Answer;
  /** The offline verdict. */
  verdict: Verdict;
}

/**
 * A model judge for what no offline verifier can check (ComBench's proofs against a rubric).
 * The runner asks the judge model, reads its grade, retries unreadable replies, then combines.
 */
export interface TaskJudge<Data, Answer> {
  prompt(inst: Instance<Data>, input: JudgeInput<Answer>): Prompt;
  /** The grade in the judge's reply, or why the reply is not an acceptable grade. */
  read(text: string): number | ParseFailure;
  /** The final verdict; `grade` is null when every attempt failed (the sample stays, unscored). */
  combine(inst: Instance<Data>, verdict: Verdict, grade: number | null, note: string): Verdict;
}

export interface Task<
  Params = unknown,
  Data = unknown,
  Answer = unknown,
  Checked extends Verdict | Promise<Verdict> = Verdict,
> {
  /** "sparc", "scbench/hamiltonian-loop", "chain/stacking", … */
  id: string;
  suite: string;
  /**
   * Bumped whenever the generator, prompt or verifier semantics change, so that a stored run
   * records which behaviour produced it and a resume never mixes two.
   */
  version: number;
  description: string;
  tags: string[];
  params: ZodType<Params>;
  /** Named parameter presets (the paper's subsets / difficulty tiers), merged over the defaults. */
  levels: Record<string, Partial<Params>>;
  /** Named fixed instance sets (`--preset`), e.g. the paper's own subtasks. */
  presets?: Record<string, Preset<Data>>;
  /** Shape of an answer in answer files. */
  answer: ZodType<Answer>;
  /** Shape of `Instance.data` in generic instance files. */
  data: ZodType<Data>;
  generate(params: Params, rng: Rng, ctx?: GenerateContext): Instance<Data>;
  /** Reads an official record (or a generic instance line); throws InputError naming the field. */
  load?(record: unknown): Instance<Data>;
  /** Writes an instance in the official record format. */
  dump?(inst: Instance<Data>): unknown;
  /**
   * What makes two instances the same puzzle (e.g. CHAIN's multiset of canonical piece shapes).
   * When set, a generated set never holds two instances with the same signature.
   */
  signature?(inst: Instance<Data>): string;
  /** Tags of one instance (e.g. ComBench's "category:counting"), added to the task's tags in reports. */
  instanceTags?(inst: Instance<Data>): string[];
  /** The instance's difficulty level, for reports grouped by level (SPaRC: 1–5). */
  level?(inst: Instance<Data>): string | null;
  /** Reference answers an instance carries (e.g. the stored solutions). */
  references?(inst: Instance<Data>): Answer[];
  prompt(inst: Instance<Data>, opts?: PromptOptions): Prompt;
  /**
   * How the task is set up in this process, beyond its instances (e.g. options it reads from the
   * environment), checked (an InputError when bad) and described: runs store it in their spec.
   */
  settings?(): Record<string, unknown>;
  /** Named values a user's prompt template may use (`{{name}}`), written as the original's prompts wrote them. */
  promptFields?(inst: Instance<Data>): Record<string, string>;
  parse(text: string, inst: Instance<Data>, opts?: ParseOptions): Answer | ParseFailure;
  /** Deterministic and offline; may be async (e.g. a verifier run in a sandboxed subprocess). */
  verify(inst: Instance<Data>, answer: Answer): Checked;
  /** When set, runs need a judge model (`--judge`) and verdicts are final only after it. */
  judge?: TaskJudge<Data, Answer>;
  /** What a failure-mode judge is told about the task (`plumb analyse failures`). */
  card?: TaskCard;
  solve?(inst: Instance<Data>, opts?: SolveOptions): SolveResult<Answer>;
  /** An answer written as model text that `parse` reads back (the oracle agent answers with it). */
  formatAnswer?(answer: Answer, inst: Instance<Data>): string;
  /** A well-formed answer drawn at random (the random baseline agent). */
  randomAnswer?(inst: Instance<Data>, rng: Rng): Answer;
  /**
   * Named non-model policies a paper ran as ablations (SPaRC's "astar"), played by the built-in
   * agent of that name: `answer` answers at once, `act` picks the action at episode step `step`
   * (0-based) among the legal ones. Any chance comes from `rng`, seeded per instance, epoch and step.
   */
  baselines?: Record<
    string,
    {
      answer?(inst: Instance<Data>, rng: Rng): Answer;
      act?(inst: Instance<Data>, step: number, legal: readonly unknown[], rng: Rng): unknown;
    }
  >;
  render?(inst: Instance<Data>, answer?: Answer): Rendering;
  /** The instance (and answer) in 3D for interactive viewers: voxel and mesh tasks. */
  scene?(inst: Instance<Data>, answer?: Answer): Scene;
  /** The instance as a board a person draws a line on (play mode); its points are the answer's. */
  lineBoard?(inst: Instance<Data>): LineBoard;
  /** 3D models of the puzzle (and answer) for mesh viewers and slicers, as named binary STL files. */
  meshes?(inst: Instance<Data>, answer?: Answer): MeshFile[];
  env?(inst: Instance<Data>, opts?: Record<string, unknown>): Environment;
  /**
   * Instances from a file in a format of the task's own field (a BurrTools `.xmpuzzle`), or
   * undefined when the file is not one; a bad file throws an InputError naming it.
   */
  readFile?(path: string): Instance<Data>[] | undefined;
  /** Episode turns the paper's own harness kept in the context (the default of `--history`). */
  episodeHistory?: number;
  /**
   * Tables of the report for this task's own checks (SPaRC's path errors). Runs store them in
   * their spec, so reports never need the task's code; a task without any gets none.
   */
  reportGroups?: ReportGroup[];
}

/**
 * A group of a task's checks that the report tabulates apart, twice: as the paper's own tool
 * counts its criteria (over every judged answer, an unreadable one failing them all, then the
 * share "fully valid": meeting every criterion), and as Plumb reads them (each check of the
 * group's prefix, over the answers read, then the share "well-formed": no invalid failure).
 * Plain data (JSON), stored with each run.
 */
export interface ReportGroup {
  /** Heading of both tables, e.g. "Path errors". */
  title: string;
  /** Whose counting the first table follows, e.g. "the SPaRC CLI". */
  countedBy: string;
  /** The tool's criteria: `key` its own name (CSV and JSON), `check` the verdict check, `label` the column. */
  criteria: { key: string; check: string; label: string }[];
  /** The column of the share meeting every criterion, e.g. "Fully valid paths". */
  fullyValid: string;
  /** Plumb's checks of the group: every check whose name starts so, e.g. "path.". */
  checkPrefix: string;
  /** What an answer read is called in the second table, e.g. "Paths read". */
  readLabel: string;
  /** The column of the share of answers with no invalid failure, e.g. "Well-formed path". */
  wellFormed: string;
}

/**
 * A fixed instance set under a name: SCBench's "original" is the paper's subtasks of a task, in the
 * paper's order. Instance ids are `<task id>/<preset>/<n>` (n from 1), seeds are null.
 */
export interface Preset<Data = unknown> {
  description: string;
  /** The whole set, identical on every call. */
  instances(): Instance<Data>[];
}

/** A task with its type parameters erased, as the registry and the CLI hold it. */
export type AnyTask = Task<unknown, unknown, unknown, Verdict | Promise<Verdict>>;
