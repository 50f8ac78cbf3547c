import { useCallback, useEffect, useState } from "react";
import {
  type AnswerJson,
  answerResponse,
  checkResponse,
  type PlayInstance,
} from "../../../src/view/play-api.ts";
import { postJson } from "../api.ts";
import { ErrorBox } from "../components/Status.tsx";
import { clickTo, KEYS, move, type Pt, undo } from "./line.ts";
import { SparcBoard } from "./SparcBoard.tsx";
import { SubmitButtons } from "./SubmitButtons.tsx";
import { useRequest } from "./useRequest.ts";
import { RuleChecks, VerdictView } from "./Verdict.tsx";

type Checked = { feedback: string | null; verdict: AnswerJson["verdict"] };

/** SPaRC: the line drawn with clicks on the grid or the keys, then submitted. */
export function LinePlayer({
  inst,
  base,
  clientMs,
  onAnswered,
}: {
  inst: PlayInstance;
  base: string;
  clientMs(): number;
  onAnswered(a: AnswerJson): Promise<void>;
}) {
  const puzzle = inst.line;
  const [path, setPath] = useState<Pt[]>(() => (puzzle ? [puzzle.start] : []));
  const [result, setResult] = useState<AnswerJson | null>(null);
  const { busy, error, run } = useRequest();
  const [ruleChecks, setRuleChecks] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  const done = result?.state.done ?? inst.state.done;

  const edit = useCallback(
    (next: Pt[]) => {
      if (!done) setPath(next);
    },
    [done],
  );

  useEffect(() => {
    if (!puzzle) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
      const dir = KEYS[e.key];
      if (dir) {
        e.preventDefault();
        setPath((p) => (done ? p : move(p, dir, puzzle)));
      } else if (e.key === "Backspace") {
        e.preventDefault();
        setPath((p) => (done ? p : undo(p)));
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [puzzle, done]);

  useEffect(() => {
    if (!ruleChecks || done) {
      setChecked(null);
      return;
    }
    let live = true;
    const timer = window.setTimeout(() => {
      postJson(`${base}/check`, { path }, checkResponse).then(
        (c) => live && setChecked(c),
        () => live && setChecked(null),
      );
    }, 150);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [ruleChecks, path, base, done]);

  if (!puzzle) return <ErrorBox message="this instance has no SPaRC grid" />;

  const send = (giveUp: boolean) =>
    run(async () => {
      const a = await postJson(
        `${base}/${giveUp ? "give-up" : "answer"}`,
        { path, clientMs: clientMs() },
        answerResponse,
      );
      await onAnswered(a);
      setResult(a);
    });

  const shownVerdict = result?.verdict ?? (done ? inst.state.verdict : null);
  return (
    <div className="play-line">
      <div className="play-board">
        <SparcBoard
          puzzle={puzzle}
          path={path}
          onNode={(p) => edit(clickTo(path, p, puzzle))}
          locked={done}
        />
        <p className="muted">
          Click a point in line with the end of the line to draw to it, click a point of the line to go back
          to it; or use the arrow keys / WASD, Backspace to undo.
        </p>
      </div>
      <div className="play-side">
        <div className="play-buttons">
          <button
            type="button"
            data-testid="play-undo"
            disabled={done || path.length <= 1}
            onClick={() => edit(undo(path))}
          >
            Undo
          </button>
          <button type="button" data-testid="play-reset" disabled={done} onClick={() => edit([puzzle.start])}>
            Reset
          </button>
          <SubmitButtons disabled={done || busy} send={send} />
        </div>
        <label className="play-toggle">
          <input
            type="checkbox"
            data-testid="play-rule-checks"
            checked={ruleChecks}
            disabled={done}
            onChange={(e) => setRuleChecks(e.target.checked)}
          />
          Check the rules as I draw (recorded with the answer)
        </label>
        {ruleChecks && checked?.verdict && <RuleChecks verdict={checked.verdict} />}
        {result?.feedback && (
          <p className="error-text" data-testid="play-feedback">
            {result.feedback}
          </p>
        )}
        {error && <ErrorBox message={error} />}
        {shownVerdict && (
          <VerdictView
            verdict={shownVerdict}
            note={done ? undefined : `${result?.state.triesLeft ?? inst.state.triesLeft} tries left`}
          />
        )}
        <details>
          <summary>The puzzle as models read it</summary>
          <pre className="play-prompt">{inst.prompt.text}</pre>
        </details>
      </div>
    </div>
  );
}
