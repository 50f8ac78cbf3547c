import { useCallback, useEffect, useRef, useState } from "react";
import {
  type PlayInstance,
  playInstanceResponse,
  playTasksResponse,
  type SessionJson,
  sessionResponse,
} from "../../../src/view/play-api.ts";
import { getJson, isStatic, postJson } from "../api.ts";
import { Await, ErrorBox, Loading } from "../components/Status.tsx";
import { href } from "../router.ts";
import { useApi } from "../useApi.ts";
import { EpisodePlayer } from "./EpisodePlayer.tsx";
import { LinePlayer } from "./LinePlayer.tsx";
import { TextPlayer } from "./TextPlayer.tsx";
import "./play.css";

const enc = encodeURIComponent;
const sessionPath = (run: string) => `/api/play/sessions/${enc(run)}`;

/** The run being played, from `#/play/RUN`. */
function runInHash(): string | null {
  const m = /^#\/play\/([^/?]+)/.exec(window.location.hash);
  if (!m?.[1]) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

function useRunInHash(): string | null {
  const [run, setRun] = useState(runInHash);
  useEffect(() => {
    const update = () => setRun(runInHash());
    window.addEventListener("hashchange", update);
    return () => window.removeEventListener("hashchange", update);
  }, []);
  return run;
}

/** Play mode: a person solves tasks; results are stored as runs of the `human` model. */
export default function PlayPage() {
  const run = useRunInHash();
  if (isStatic()) return <ErrorBox message="An exported page cannot be played: open it with plumb view." />;
  return (
    <div className="play">
      <h1>Play</h1>
      {run === null ? <StartForm /> : <Session key={run} run={run} />}
    </div>
  );
}

function StartForm() {
  const tasks = useApi("/api/play/tasks", playTasksResponse);
  const [task, setTask] = useState("sparc");
  const [level, setLevel] = useState("");
  const [count, setCount] = useState(5);
  const [player, setPlayer] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const body = {
        task,
        count,
        ...(level !== "" ? { level } : {}),
        ...(player.trim() !== "" ? { player: player.trim() } : {}),
      };
      const s = await postJson("/api/play/sessions", body, sessionResponse);
      window.location.hash = `#/play/${enc(s.run)}`;
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };

  return (
    <Await loaded={tasks} what="the tasks">
      {({ tasks: list }) => {
        const chosen = list.find((t) => t.id === task) ?? list[0];
        return (
          <form
            className="play-start"
            onSubmit={(e) => {
              e.preventDefault();
              void start();
            }}
          >
            <p className="muted">
              Solve tasks yourself: each answer is stored as a sample of the <code>human</code> model, in a
              run that reports like any other (accuracy, and your time per instance).
            </p>
            <label>
              Task{" "}
              <select
                data-testid="play-task"
                value={chosen?.id ?? ""}
                onChange={(e) => {
                  setTask(e.target.value);
                  setLevel("");
                }}
              >
                {list.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.id} ({t.mode === "line" ? "draw" : t.mode === "episode" ? "3D, step by step" : "text"})
                  </option>
                ))}
              </select>
            </label>
            <label>
              Level{" "}
              <select data-testid="play-level" value={level} onChange={(e) => setLevel(e.target.value)}>
                <option value="">default</option>
                {(chosen?.levels ?? []).map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Instances{" "}
              <input
                data-testid="play-count"
                type="number"
                min={1}
                max={50}
                value={count}
                onChange={(e) => setCount(Math.max(1, Math.min(50, Number(e.target.value) || 1)))}
              />
            </label>
            <label>
              Your name (optional){" "}
              <input value={player} maxLength={100} onChange={(e) => setPlayer(e.target.value)} />
            </label>
            {chosen && <p className="muted">{chosen.description}</p>}
            <button type="submit" className="primary" data-testid="play-start" disabled={busy || !chosen}>
              {busy ? "Making the instances…" : "Start"}
            </button>
            {error && <ErrorBox message={error} />}
          </form>
        );
      }}
    </Await>
  );
}

function Session({ run }: { run: string }) {
  const [session, setSession] = useState<SessionJson | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const s = await getJson(sessionPath(run), sessionResponse);
      setSession(s);
      return s;
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      return null;
    }
  }, [run]);

  useEffect(() => {
    refresh().then((s) => s && setCurrent(s.next));
  }, [refresh]);

  if (error) return <ErrorBox message={error} />;
  if (!session) return <Loading what="the session" />;
  const total = session.instances.length;
  const currentDone = session.instances.find((i) => i.hash === current)?.done ?? false;
  return (
    <div>
      <p className="play-status">
        <strong>{session.task}</strong> · run <a href={href.run(session.run)}>{session.run}</a> · done{" "}
        <span data-testid="play-progress">
          {session.done} / {total}
        </span>{" "}
        · solved {session.passed}
      </p>
      {current === null ? (
        <div className="play-finished">
          <p>
            Every instance is done: {session.passed} of {total} solved.
          </p>
          <p>
            <a href={href.run(session.run)}>See the run's report</a> · <a href={href.play()}>Play again</a>
          </p>
        </div>
      ) : (
        <>
          <Instance key={current} run={run} hash={current} onAnswered={async () => void (await refresh())} />
          {currentDone && (
            <button
              type="button"
              className="primary"
              data-testid="play-next"
              onClick={() => setCurrent(session.next)}
            >
              {session.next === null ? "Finish" : "Next"}
            </button>
          )}
        </>
      )}
    </div>
  );
}

function Instance({ run, hash, onAnswered }: { run: string; hash: string; onAnswered(): Promise<void> }) {
  const base = `${sessionPath(run)}/instances/${enc(hash)}`;
  const loaded = useApi(base, playInstanceResponse);
  return (
    <Await loaded={loaded} what="the instance">
      {(inst) => <Playing inst={inst} base={base} onAnswered={onAnswered} />}
    </Await>
  );
}

function Playing({
  inst,
  base,
  onAnswered,
}: {
  inst: PlayInstance;
  base: string;
  onAnswered(): Promise<void>;
}) {
  const shownAt = useRef(performance.now());
  const [done, setDone] = useState(inst.state.done);
  const clientMs = () => Math.round(performance.now() - shownAt.current);
  const answered = async (state: { done: boolean }) => {
    await onAnswered();
    if (state.done) setDone(true);
  };
  const props = { inst, base, clientMs, onAnswered: answered };
  return (
    <section className="play-instance">
      <p className="muted">
        Instance {inst.index + 1} of {inst.total} · <code>{inst.id}</code>
        {inst.level !== null && <> · level {inst.level}</>} ·{" "}
        <Timer startMs={inst.elapsedMs} running={!done} />
      </p>
      {inst.mode === "line" && <LinePlayer {...props} onAnswered={(a) => answered(a.state)} />}
      {inst.mode === "text" && <TextPlayer {...props} onAnswered={(a) => answered(a.state)} />}
      {inst.mode === "episode" && <EpisodePlayer {...props} />}
    </section>
  );
}

/** The player's time on the instance, from the server's first showing of it. */
function Timer({ startMs, running }: { startMs: number; running: boolean }) {
  const began = useRef(performance.now() - startMs);
  const [now, setNow] = useState(performance.now());
  useEffect(() => {
    if (!running) return;
    const t = window.setInterval(() => setNow(performance.now()), 500);
    return () => window.clearInterval(t);
  }, [running]);
  const s = Math.max(0, Math.floor((now - began.current) / 1000));
  return (
    <span className="play-timer" data-testid="play-timer">
      {Math.floor(s / 60)}:{String(s % 60).padStart(2, "0")}
    </span>
  );
}
