import { z } from "zod";
import { InputError } from "../../core/errors.ts";
import { gradeResponse } from "../../core/grade.ts";
import { type Attempt, HUMAN_MODEL } from "../../core/model.ts";
import { buildPrompt } from "../../core/prompt-template.ts";
import type { Instance, Rendering } from "../../core/task.ts";
import { ParseFailure, parseFailureVerdict, type Verdict } from "../../core/verdict.ts";
import { baseSample, promptForStore } from "../../eval/sample.ts";
import type { Store } from "../../store/store.ts";
import type { SampleRecord } from "../../store/types.ts";
import { NotFound } from "../errors.ts";
import { imagesJson } from "../images.ts";
import type {
  AnswerBody,
  AnswerJson,
  EpisodeView,
  LinePuzzle,
  PlayInstance,
  StepBody,
  StepJson,
} from "../play-api.ts";
import { PlayEpisode } from "./episode.ts";
import { type LiveInstance, liveInstances } from "./live.ts";
import {
  GAVE_UP,
  humanModel,
  isDone,
  keyOf,
  readableTries,
  type Session,
  samplesOf,
  settleRunStatus,
  UNREADABLE,
} from "./session.ts";

/** A request the instance's state refuses (answering an instance already done): a 400. */
export class Conflict extends InputError {}

interface Playing {
  session: Session;
  hash: string;
  instance: Instance;
  index: number;
  live: LiveInstance;
  sample: SampleRecord | undefined;
  db: string;
}

function playing(store: Store, db: string, session: Session, hash: string): Playing {
  const index = session.instances.findIndex((i) => i.hash === hash);
  const found = session.instances[index];
  if (!found) throw new NotFound(`no instance ${hash} in run "${session.run}"`);
  const live = liveInstances.get(db, session.run, hash);
  const sample = samplesOf(store, session).get(keyOf(session, hash));
  if (sample && live.attempts.length === 0 && sample.attempts.length > 0) {
    // Played before this server knew the instance (a restart, an expired entry): go on from the stored sample.
    live.attempts = [...sample.attempts];
    live.submitted = storedSubmissions(sample.prompt);
    live.firstShownMs = Date.parse(sample.startedAt);
  }
  return { session, hash, instance: found.instance, index, live, sample, db };
}

function stateOf(p: Playing): AnswerJson["state"] {
  const done = isDone(p.session, p.sample);
  const tries = p.sample ? readableTries(p.sample) : 0;
  return {
    done,
    passed: p.sample?.passed ?? null,
    attempts: Math.max(p.live.attempts.length, p.sample?.attempts.length ?? 0),
    triesLeft: done ? 0 : Math.max(0, p.session.play.retries + 1 - tries),
    verdict: p.sample?.verdict ?? null,
    answer: p.sample?.answer ?? null,
  };
}

function renderOf(p: Playing, answer?: unknown): Rendering | null {
  try {
    return p.session.task.render?.(p.instance, answer) ?? null;
  } catch {
    return null;
  }
}

/** The board the line is drawn on; the task's code throwing fails the request like its other code. */
function lineOf(p: Playing): LinePuzzle {
  const board = p.session.task.lineBoard?.(p.instance);
  if (!board) throw new Error(`${p.session.task.id} has no line board`);
  return board;
}

/** The live environment of an episode instance, opened on first use. */
function episodeOf(p: Playing): PlayEpisode {
  if (p.live.episode === null) {
    const env = p.session.task.env?.(p.instance, {});
    if (!env) throw new Error(`${p.session.task.id} has no environment`);
    p.live.episode = new PlayEpisode(env);
  }
  return p.live.episode;
}

const queues = new Map<string, Promise<unknown>>();

/** Runs the submissions of one instance one after another: a double click cannot store two verdicts. */
function serially<T>(db: string, run: string, hash: string, work: () => Promise<T>): Promise<T> {
  const key = JSON.stringify([db, run, hash]);
  const before = queues.get(key) ?? Promise.resolve();
  const result = before.then(work, work);
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return result;
}

/** What the page needs to play an instance; the first call starts the player's clock. */
export function showInstance(store: Store, db: string, session: Session, hash: string): PlayInstance {
  const p = playing(store, db, session, hash);
  const { task } = session;
  let episode: EpisodeView | null = null;
  let text: string;
  let images: PlayInstance["prompt"]["images"] = [];
  if (session.mode === "episode" && !isDone(session, p.sample)) {
    const e = episodeOf(p);
    episode = e.view();
    text = e.instructions;
  } else {
    const prompt = buildPrompt(task, p.instance, {});
    text = prompt.messages.map((m) => m.content).join("\n\n");
    images = imagesJson(prompt.images ?? []).images;
  }
  return {
    run: session.run,
    hash,
    id: p.instance.id,
    task: task.id,
    mode: session.mode,
    index: p.index,
    total: session.instances.length,
    level: task.level?.(p.instance) ?? null,
    elapsedMs: isDone(session, p.sample) ? (p.sample?.latencyMs ?? 0) : Date.now() - p.live.firstShownMs,
    prompt: { text, images },
    render: renderOf(p),
    line: session.mode === "line" ? lineOf(p) : null,
    episode,
    state: stateOf(p),
  };
}

/** The answer's text: a drawn line written as the task writes its answers (what its parser reads). */
function answerText(p: Playing, body: AnswerBody): string {
  if (body.path !== undefined) {
    const format = p.session.task.formatAnswer;
    if (p.session.mode !== "line" || !format)
      throw new ParseFailure("this task takes a text answer, not a line");
    return format(body.path, p.instance);
  }
  if (body.text === undefined) throw new ParseFailure("no answer given");
  return body.text;
}

/** A rule check while drawing: the verdict on the line so far, nothing stored (counted in the sample). */
export async function checkAnswer(
  store: Store,
  db: string,
  session: Session,
  hash: string,
  body: AnswerBody,
): Promise<{ feedback: string | null; verdict: Verdict | null }> {
  if (session.mode !== "line") throw new Conflict("rules are checked while drawing a line only");
  const p = playing(store, db, session, hash);
  if (isDone(session, p.sample)) throw new Conflict("this instance is done");
  p.live.checks++;
  const graded = await grade(p, body);
  return graded.answer === null
    ? { feedback: graded.verdict.failure?.message ?? "unreadable", verdict: null }
    : { feedback: null, verdict: graded.verdict };
}

async function grade(
  p: Playing,
  body: AnswerBody,
): Promise<{ text: string; answer: unknown; verdict: Verdict }> {
  let text: string;
  try {
    text = answerText(p, body);
  } catch (e) {
    if (e instanceof ParseFailure)
      return { text: body.text ?? "", answer: null, verdict: parseFailureVerdict(e) };
    throw e;
  }
  const { answer, verdict } = await gradeResponse(p.session.task, p.instance, text);
  return { text, answer, verdict };
}

/**
 * A submission: an unreadable answer is the parser's feedback, counted as an attempt and not
 * stored; a readable one is verified and stored as the instance's sample, unless a verdict already
 * stands (with `retries`, a later answer replaces a wrong one). `giveUp` stores the submission
 * whatever it is (no answer: a parse failure) and ends the instance.
 */
export function submitAnswer(
  store: Store,
  db: string,
  session: Session,
  hash: string,
  body: AnswerBody,
  giveUp = false,
): Promise<AnswerJson> {
  return serially(db, session.run, hash, () => answer(store, db, session, hash, body, giveUp));
}

async function answer(
  store: Store,
  db: string,
  session: Session,
  hash: string,
  body: AnswerBody,
  giveUp: boolean,
): Promise<AnswerJson> {
  const p = playing(store, db, session, hash);
  if (isDone(session, p.sample)) throw new Conflict("this instance is done");
  if (session.mode === "episode" && !giveUp) throw new Conflict("an episode is played with steps");
  const now = Date.now();
  const latencyMs = now - p.live.firstShownMs;
  const given = body.text !== undefined || body.path !== undefined;
  const graded = given
    ? await grade(p, body)
    : {
        text: "",
        answer: null,
        verdict: parseFailureVerdict(new ParseFailure("the player gave up without an answer")),
      };
  const unreadable = graded.answer === null && graded.verdict.failure?.kind === "parse";
  if (given || !giveUp) {
    const attempt: Attempt = { startedAt: new Date(now - latencyMs).toISOString(), latencyMs };
    if (unreadable) attempt.error = `${UNREADABLE}${graded.verdict.failure?.message ?? ""}`;
    else if (!graded.verdict.passed)
      attempt.error = `wrong: ${graded.verdict.failure?.message ?? "not passed"}`;
    p.live.attempts.push(attempt);
    if (p.live.submitted.length < MAX_SUBMISSIONS)
      p.live.submitted.push(graded.text.slice(0, MAX_SUBMISSION_CHARS));
  }
  const feedback = unreadable ? (graded.verdict.failure?.message ?? "unreadable") : null;
  if (unreadable && !giveUp) {
    return { feedback, verdict: null, render: null, stored: false, state: stateOf(p) };
  }
  if (session.mode === "episode") {
    await storeEpisode(store, p, true, body.clientMs);
  } else {
    const sample: SampleRecord = {
      ...baseSample(
        itemOf(p),
        session.run,
        p.sample?.startedAt ?? new Date(p.live.firstShownMs).toISOString(),
      ),
      status: "ok",
      prompt: storedPrompt(p, body.clientMs),
      text: graded.text,
      answer: graded.answer,
      verdict: graded.verdict,
      score: graded.verdict.score,
      passed: graded.verdict.passed,
      failureKind: graded.verdict.failure?.kind ?? null,
      finishReason: giveUp ? GAVE_UP : "stop",
      calls: 1,
      latencyMs,
      attempts: [...p.live.attempts],
      finishedAt: new Date(now).toISOString(),
    };
    await store.save(sample);
    p.sample = sample;
  }
  settle(store, p);
  return {
    feedback,
    verdict: p.sample?.verdict ?? graded.verdict,
    render: graded.answer === null ? null : renderOf(p, graded.answer),
    stored: true,
    state: stateOf(p),
  };
}

/** One step of an episode; the sample (with every step) is stored when the episode ends. */
export function stepEpisode(
  store: Store,
  db: string,
  session: Session,
  hash: string,
  body: StepBody,
): Promise<StepJson> {
  return serially(db, session.run, hash, () => step(store, db, session, hash, body));
}

async function step(
  store: Store,
  db: string,
  session: Session,
  hash: string,
  body: StepBody,
): Promise<StepJson> {
  if (session.mode !== "episode") throw new Conflict("this task is not played in steps");
  const p = playing(store, db, session, hash);
  if (isDone(session, p.sample)) throw new Conflict("this instance is done");
  const episode = episodeOf(p);
  if (episode.over) throw new Conflict("the episode is over");
  const reply = body.text ?? (body.action === undefined ? "" : JSON.stringify(body.action));
  const now = Date.now();
  const out = episode.step(reply);
  p.live.attempts.push({
    startedAt: new Date(now).toISOString(),
    latencyMs: now - p.live.firstShownMs,
    ...(out.invalid !== null
      ? { error: `${UNREADABLE}${out.invalid}` }
      : out.error
        ? { error: out.error }
        : {}),
  });
  let stored = false;
  if (episode.over) {
    await storeEpisode(store, p, false, body.clientMs);
    settle(store, p);
    stored = true;
  }
  return { ...out, episode: episode.view(), stored, state: stateOf(p) };
}

async function storeEpisode(store: Store, p: Playing, gaveUp: boolean, clientMs: number | undefined) {
  const episode = episodeOf(p);
  const verdict = episode.verdict();
  const state = episode.state();
  const now = Date.now();
  const key = keyOf(p.session, p.hash);
  const sample: SampleRecord = {
    ...baseSample(itemOf(p), p.session.run, new Date(p.live.firstShownMs).toISOString()),
    status: "ok",
    prompt: { system: episode.instructions, play: playNote(p, clientMs) },
    text: episode.reply,
    answer: state.answer ?? null,
    verdict,
    score: verdict.score,
    passed: verdict.passed,
    failureKind: verdict.failure?.kind ?? null,
    finishReason: gaveUp ? GAVE_UP : "stop",
    calls: 1,
    latencyMs: now - p.live.firstShownMs,
    attempts: [...p.live.attempts],
    steps: episode.steps.length,
    optimalSteps: state.optimalSteps ?? null,
    finishedAt: new Date(now).toISOString(),
  };
  await store.save(
    sample,
    episode.steps.map((s) => ({ ...s, run: p.session.run, sampleKey: key })),
  );
  p.sample = sample;
}

function itemOf(p: Playing) {
  return {
    key: keyOf(p.session, p.hash),
    task: p.session.task,
    instance: p.instance,
    instanceHash: p.hash,
    model: humanModel,
    epoch: 0,
    episode: p.session.mode === "episode",
    generation: {},
  };
}

/** Submissions whose text is kept with the sample, and how much of each. */
const MAX_SUBMISSIONS = 50;
const MAX_SUBMISSION_CHARS = 10_000;

/**
 * Who played, the page's own measure of the time, how many rule checks were asked, and what each
 * submission said (unreadable ones included), in order.
 */
function playNote(p: Playing, clientMs: number | undefined) {
  return {
    model: HUMAN_MODEL,
    player: p.session.play.player,
    clientLatencyMs: clientMs ?? null,
    ruleChecks: p.live.checks,
    submitted: [...p.live.submitted],
  };
}

/** The submissions a stored sample's play note kept (none for one stored before notes kept them). */
function storedSubmissions(prompt: unknown): string[] {
  const note = z.object({ play: z.object({ submitted: z.array(z.string()) }) }).safeParse(prompt);
  return note.success ? note.data.play.submitted : [];
}

function storedPrompt(p: Playing, clientMs: number | undefined) {
  const prompt = buildPrompt(p.session.task, p.instance, {});
  return { ...promptForStore(prompt.messages, prompt.images), play: playNote(p, clientMs) };
}

/** Forgets a finished instance's live state and marks the run done with its last instance. */
function settle(store: Store, p: Playing): void {
  if (isDone(p.session, p.sample)) liveInstances.drop(p.db, p.session.run, p.hash);
  settleRunStatus(store, p.session);
}
