import { useEffect, useState } from "react";
import { episodeResponse, stepImagesResponse } from "../../../src/view/api.ts";
import { ModelImages } from "../components/ModelImages.tsx";
import { SceneFrame } from "../components/ScenePanel.tsx";
import { Await } from "../components/Status.tsx";
import { SvgRender } from "../components/SvgRender.tsx";
import { json, thousands } from "../format.ts";
import { href } from "../router.ts";
import { useApi } from "../useApi.ts";

type Episode = typeof episodeResponse._output;

/** The images of step `step`'s observation (0-based), fetched for the step shown only: each is a replay. */
function StepImages({ run, sampleKey, step }: { run: string; sampleKey: string; step: number }) {
  const loaded = useApi(
    `/api/runs/${encodeURIComponent(run)}/samples/${encodeURIComponent(sampleKey)}/episode/${step}/images`,
    stepImagesResponse,
  );
  return (
    <Await loaded={loaded} what="the observation's images">
      {(got) => <ModelImages images={got.images} testId="observation-image" note={got.note} />}
    </Await>
  );
}

/** Position `index` of `n` steps: 0 is the state before the first step, i the state after step i. */
function Replay({ run, sampleKey, episode }: { run: string; sampleKey: string; episode: Episode }) {
  const n = episode.steps.length;
  const [index, setIndex] = useState(0);
  const go = (i: number) => setIndex(Math.max(0, Math.min(n, i)));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Form fields keep their keys (the slider moves itself on arrows).
      if (e.target instanceof HTMLElement && ["INPUT", "TEXTAREA", "SELECT"].includes(e.target.tagName))
        return;
      if (e.key === "ArrowLeft") setIndex((i) => Math.max(0, i - 1));
      if (e.key === "ArrowRight") setIndex((i) => Math.min(n, i + 1));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [n]);

  const step = index === 0 ? null : (episode.steps[index - 1] ?? null);
  const render = step === null ? episode.initial.render : step.render;
  const hasScene = step === null ? episode.initial.hasScene : step.hasScene;
  const scenePath = `/api/runs/${encodeURIComponent(run)}/samples/${encodeURIComponent(sampleKey)}/scene`;
  return (
    <>
      <div className="stepper">
        <button type="button" data-testid="step-prev" disabled={index === 0} onClick={() => go(index - 1)}>
          ← Prev
        </button>
        <input
          type="range"
          data-testid="step-slider"
          min={0}
          max={n}
          value={index}
          onChange={(e) => go(Number(e.target.value))}
          aria-label="Step"
        />
        <button type="button" data-testid="step-next" disabled={index === n} onClick={() => go(index + 1)}>
          Next →
        </button>
        <span data-testid="episode-index" className="index">
          {index} / {n}
        </span>
        <span className="muted">(← → keys)</span>
      </div>
      {episode.replayError !== null && (
        <p className="error">The replay stopped short: {episode.replayError}</p>
      )}
      <div className="episode">
        <div className="state">
          <h3>{index === 0 ? "Initial state" : `State after step ${index}`}</h3>
          {render ? (
            <SvgRender rendering={render} testId="episode-render" />
          ) : (
            <div data-testid="episode-render" className="muted">
              No render for this state.
            </div>
          )}
          {hasScene && <SceneFrame path={scenePath} query={{ which: "step", step: index - 1 }} />}
        </div>
        <div className="step">
          {step === null ? (
            <p className="muted">Before the first step. Step forward to see the model's actions.</p>
          ) : (
            <>
              <h3>Observation the model was given</h3>
              <pre data-testid="step-observation" className="text scroll">
                {step.observation}
              </pre>
              {episode.observationImages && <StepImages run={run} sampleKey={sampleKey} step={index - 1} />}
              <details className="reply">
                <summary>Model's reply ({step.reply.length} characters)</summary>
                <pre className="text scroll">{step.reply}</pre>
              </details>
              <h3>Action</h3>
              <pre data-testid="step-action" className="json">
                {json(step.action)}
              </pre>
              <dl className="facts">
                <dt>Reward</dt>
                <dd data-testid="step-reward">{step.reward}</dd>
                <dt>Error</dt>
                <dd className={step.error ? "error-text" : undefined}>{step.error ?? "none"}</dd>
                <dt>Tokens</dt>
                <dd>
                  {thousands(step.usage.input)} in · {thousands(step.usage.output)} out
                </dd>
              </dl>
            </>
          )}
        </div>
      </div>
    </>
  );
}

/** `#/runs/:run/samples/:key/episode`: the episode's steps, one at a time. */
export function EpisodePage({ run, sampleKey }: { run: string; sampleKey: string }) {
  const loaded = useApi(
    `/api/runs/${encodeURIComponent(run)}/samples/${encodeURIComponent(sampleKey)}/episode`,
    episodeResponse,
  );
  return (
    <>
      <p className="crumbs">
        <a href={href.runs()}>Runs</a> / <a href={href.run(run)}>{run}</a> /{" "}
        <a href={href.sample(run, sampleKey)}>{sampleKey}</a> / episode
      </p>
      <h1>Episode replay</h1>
      <Await loaded={loaded} what="the episode">
        {(episode) => <Replay run={run} sampleKey={sampleKey} episode={episode} />}
      </Await>
    </>
  );
}
