import { useState } from "react";
import { type AnswerJson, answerResponse, type PlayInstance } from "../../../src/view/play-api.ts";
import { postJson } from "../api.ts";
import { ErrorBox } from "../components/Status.tsx";
import { SvgRender } from "../components/SvgRender.tsx";
import { SubmitButtons } from "./SubmitButtons.tsx";
import { useRequest } from "./useRequest.ts";
import { VerdictView } from "./Verdict.tsx";

/** Any task with a text answer: its prompt, an answer box, the task's parser feedback. */
export function TextPlayer({
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
  const [text, setText] = useState("");
  const [result, setResult] = useState<AnswerJson | null>(null);
  const { busy, error, run } = useRequest();
  const done = result?.state.done ?? inst.state.done;

  const send = (giveUp: boolean) =>
    run(async () => {
      const body = giveUp && text.trim() === "" ? { clientMs: clientMs() } : { text, clientMs: clientMs() };
      const a = await postJson(`${base}/${giveUp ? "give-up" : "answer"}`, body, answerResponse);
      await onAnswered(a);
      setResult(a);
    });

  const verdict = result?.verdict ?? (done ? inst.state.verdict : null);
  return (
    <div className="play-text">
      <section>
        <h3>Task</h3>
        <pre className="play-prompt">{inst.prompt.text}</pre>
        {inst.prompt.images.map((i) => (
          <img key={i.alt} src={i.dataUrl} alt={i.alt} className="play-image" />
        ))}
        {inst.render && <SvgRender rendering={inst.render} testId="render-instance" />}
      </section>
      <section>
        <h3>Your answer</h3>
        <textarea
          data-testid="play-answer"
          rows={10}
          value={text}
          disabled={done}
          onChange={(e) => setText(e.target.value)}
          placeholder="Write the answer as the task asks for it"
        />
        <div className="play-buttons">
          <SubmitButtons disabled={done || busy} send={send} />
        </div>
        {result?.feedback && !result.stored && (
          <p className="error-text" data-testid="play-feedback">
            Could not read the answer: {result.feedback}
          </p>
        )}
        {error && <ErrorBox message={error} />}
        {verdict && (
          <VerdictView
            verdict={verdict}
            note={done ? undefined : `${result?.state.triesLeft ?? 0} tries left`}
          />
        )}
        {result?.render && <SvgRender rendering={result.render} testId="render-answer" title="Your answer" />}
      </section>
    </div>
  );
}
