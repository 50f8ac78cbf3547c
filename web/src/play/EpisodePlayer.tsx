import { useState } from "react";
import {
  answerResponse,
  type EpisodeView,
  type PlayInstance,
  stepResponse,
} from "../../../src/view/play-api.ts";
import { postJson } from "../api.ts";
import { ErrorBox } from "../components/Status.tsx";
import { SvgRender } from "../components/SvgRender.tsx";
import { SceneView } from "../three/SceneView.tsx";
import { useRequest } from "./useRequest.ts";
import { VerdictView } from "./Verdict.tsx";

type State = PlayInstance["state"];

/** The pieces an action moves, when it names them (a burr move may name a group). */
function piecesOf(action: unknown): string[] {
  if (typeof action !== "object" || action === null) return [];
  const piece = (action as { piece?: unknown }).piece;
  if (typeof piece === "string") return [piece];
  return Array.isArray(piece) ? piece.filter((p): p is string => typeof p === "string") : [];
}

/**
 * Stacking and burr: the 3D scene (select a piece there or in the list), the environment's text
 * observation, and its legal actions as buttons, with the agents' step budget and verdicts.
 */
export function EpisodePlayer({
  inst,
  base,
  clientMs,
  onAnswered,
}: {
  inst: PlayInstance;
  base: string;
  clientMs(): number;
  onAnswered(state: State): Promise<void>;
}) {
  const [episode, setEpisode] = useState<EpisodeView | null>(inst.episode);
  const [state, setState] = useState<State>(inst.state);
  const [selected, setSelected] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const { busy, error, run } = useRequest();
  const [written, setWritten] = useState("");

  /** One step: a legal action as given, or an action written as the agents write theirs. */
  const act = (move: { action: unknown } | { text: string }) =>
    run(async () => {
      const r = await postJson(`${base}/step`, { ...move, clientMs: clientMs() }, stepResponse);
      if (r.state.done) await onAnswered(r.state);
      setEpisode(r.episode);
      setState(r.state);
      setNote(r.invalid ?? r.error);
    });

  const giveUp = () =>
    run(async () => {
      const r = await postJson(`${base}/give-up`, { clientMs: clientMs() }, answerResponse);
      await onAnswered(r.state);
      setState(r.state);
    });

  if (!episode) {
    return state.verdict ? (
      <VerdictView verdict={state.verdict} />
    ) : (
      <ErrorBox message="the episode is not open" />
    );
  }
  const pieces = [...new Set(episode.legal.flatMap((l) => piecesOf(l.action)))].sort();
  const shown = episode.legal.filter((l) => {
    const moved = piecesOf(l.action);
    return selected === null || moved.length === 0 || moved.includes(selected);
  });
  return (
    <div className="play-episode">
      <div className="play-episode-view">
        {episode.scene ? (
          <div className="scene">
            <SceneView
              scene={episode.scene}
              height={380}
              selected={selected}
              onSelect={setSelected}
              onClear={() => setSelected(null)}
            />
          </div>
        ) : (
          episode.render && <SvgRender rendering={episode.render} testId="episode-render" />
        )}
        <pre className="play-observation" data-testid="step-observation">
          {episode.observation}
        </pre>
      </div>
      <div className="play-side">
        <p data-testid="play-steps">
          Step {episode.steps}
          {episode.maxSteps !== null ? ` of ${episode.maxSteps}` : ""}
        </p>
        {!state.done && (
          <>
            {pieces.length > 0 && (
              <label>
                Piece{" "}
                <select
                  value={selected ?? ""}
                  onChange={(e) => setSelected(e.target.value === "" ? null : e.target.value)}
                >
                  <option value="">all</option>
                  {pieces.map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <div className="play-actions">
              {shown.map((l) => (
                <button
                  key={l.label}
                  type="button"
                  data-testid="play-action"
                  disabled={busy}
                  onClick={() => act({ action: l.action })}
                >
                  {l.label}
                </button>
              ))}
            </div>
            {episode.legalTotal > episode.legal.length && (
              <p className="muted">
                {episode.legal.length} of {episode.legalTotal} actions shown; write any other below
              </p>
            )}
            <form
              className="play-written"
              onSubmit={(e) => {
                e.preventDefault();
                if (written.trim() !== "") void act({ text: written }).then(() => setWritten(""));
              }}
            >
              <input
                data-testid="play-action-text"
                aria-label="An action, written as the instructions say"
                placeholder="or write an action, as the instructions say"
                value={written}
                disabled={busy}
                onChange={(e) => setWritten(e.target.value)}
              />
              <button type="submit" data-testid="play-action-send" disabled={busy || written.trim() === ""}>
                Do it
              </button>
            </form>
            <button type="button" disabled={busy} onClick={giveUp}>
              Give up
            </button>
          </>
        )}
        {note && <p className="error-text">{note}</p>}
        {error && <ErrorBox message={error} />}
        {state.done && state.verdict && <VerdictView verdict={state.verdict} />}
        {episode.history.length > 0 && (
          <details>
            <summary>Steps taken ({episode.history.length})</summary>
            <ol className="play-history">
              {episode.history.map((h) => (
                <li key={h.index}>
                  <code>{h.action}</code>
                  {h.error ? <span className="bad"> {h.error}</span> : null}
                </li>
              ))}
            </ol>
          </details>
        )}
        <details>
          <summary>Instructions</summary>
          <pre className="play-prompt">{episode.instructions}</pre>
        </details>
      </div>
    </div>
  );
}
