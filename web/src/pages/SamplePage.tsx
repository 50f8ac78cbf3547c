import { z } from "zod";
import {
  type ImageJson,
  type SampleJson,
  type SampleLabelJson,
  sampleDetailResponse,
  type ToolCallJson,
} from "../../../src/view/api.ts";
import { ModelImages } from "../components/ModelImages.tsx";
import { ScenePanel } from "../components/ScenePanel.tsx";
import { Await } from "../components/Status.tsx";
import { SvgRender } from "../components/SvgRender.tsx";
import { json, ms, thousands, usd, when } from "../format.ts";
import { href } from "../router.ts";
import { useApi } from "../useApi.ts";

/** How samples store their prompt (eval/sample.ts promptForStore): messages, and images by alt text. */
const storedPrompt = z.object({
  messages: z.array(z.object({ role: z.string(), content: z.string() })),
  images: z.array(z.string()).optional(),
});
/** Episodes store their system prompt alone (the turns are the steps). */
const episodePrompt = z.object({ system: z.string() });

function readPrompt(prompt: unknown): z.infer<typeof storedPrompt> | null {
  const stored = storedPrompt.safeParse(prompt);
  if (stored.success) return stored.data;
  const episode = episodePrompt.safeParse(prompt);
  return episode.success ? { messages: [{ role: "system", content: episode.data.system }] } : null;
}

/** The prompt's messages, then its images: drawn again by the server when it could, else their alt texts. */
function Prompt({ prompt, images, note }: { prompt: unknown; images: ImageJson[]; note: string | null }) {
  const parsed = readPrompt(prompt);
  if (parsed === null) return <pre className="json scroll">{json(prompt)}</pre>;
  return (
    <div className="messages">
      {parsed.messages.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages are positional
        <div key={i} className={`message role-${m.role}`}>
          <div className="role">{m.role}</div>
          <pre className="text scroll">{m.content}</pre>
        </div>
      ))}
      <ModelImages images={images} testId="prompt-image" note={note} />
      {(images.length > 0 ? [] : (parsed.images ?? [])).map((alt, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: images are positional
        <div key={i} className="message image">
          <div className="role">image {i + 1}</div>
          <p>
            <em>Stored by its alt text:</em> {alt}
          </p>
        </div>
      ))}
    </div>
  );
}

function Checks({ sample }: { sample: SampleJson }) {
  const v = sample.verdict;
  return (
    <section>
      <h2>Verdict</h2>
      <dl className="facts">
        <dt>Score</dt>
        <dd data-testid="sample-score">{sample.score === null ? "–" : sample.score}</dd>
        <dt>Passed</dt>
        <dd>{sample.passed === null ? "–" : sample.passed ? "✓ yes" : "✗ no"}</dd>
        <dt>Failure</dt>
        <dd>
          <span data-testid="failure-kind">
            {sample.failureKind ?? (sample.status === "error" ? "error" : "none")}
          </span>
          {v?.failure && <span className="muted"> — {v.failure.message}</span>}
        </dd>
        {sample.error !== null && (
          <>
            <dt>Error</dt>
            <dd className="error-text">{sample.error}</dd>
          </>
        )}
        {v?.isolation && (
          <>
            <dt>Verifier ran under</dt>
            <dd>{v.isolation}</dd>
          </>
        )}
      </dl>
      <table data-testid="sample-checks" className="checks">
        <thead>
          <tr>
            <th />
            <th>Check</th>
            <th>Detail</th>
          </tr>
        </thead>
        <tbody>
          {(v?.checks ?? []).map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: checks may repeat a name
            <tr key={i} data-testid="check-row" data-name={c.name} data-ok={String(c.ok)}>
              <td className={c.ok ? "ok" : "bad"}>{c.ok ? "✓" : "✗"}</td>
              <td className="mono">{c.name}</td>
              <td>{c.detail ?? ""}</td>
            </tr>
          ))}
          {(v?.checks ?? []).length === 0 && (
            <tr>
              <td colSpan={3} className="muted">
                No checks (no verdict).
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {v?.metrics && Object.keys(v.metrics).length > 0 && (
        <p>
          Metrics:{" "}
          {Object.entries(v.metrics)
            .map(([k, x]) => `${k} ${x}`)
            .join(", ")}
        </p>
      )}
    </section>
  );
}

/** One tool call: what the model ran or asked, where, and what came back (model text, shown as text). */
function ToolCallItem({ call: c }: { call: ToolCallJson }) {
  return (
    <li data-testid="tool-call" className={c.error !== undefined ? "tool-call failed" : "tool-call"}>
      <div className="tool-head">
        <span className="mono">{c.tool}</span>
        <span className="muted">
          {" "}
          · run by {c.by === "plumb" ? "Plumb (sandbox)" : "the provider"}
          {c.ms !== undefined ? ` · ${ms(c.ms)}` : ""}
        </span>
      </div>
      <div className="role">Input</div>
      <pre className="code scroll" data-testid="tool-input">
        <code>{c.input}</code>
      </pre>
      <div className="role">Output</div>
      {c.output === "" ? (
        <p className="muted">(no output)</p>
      ) : (
        <pre className="text scroll" data-testid="tool-output">
          {c.output}
        </pre>
      )}
      {c.error !== undefined && (
        <p className="error" data-testid="tool-error">
          {c.error}
        </p>
      )}
    </li>
  );
}

/** The model's tool calls in order, and its tool use by tool. */
function ToolCalls({ calls, use }: { calls: ToolCallJson[]; use: Record<string, number> | null }) {
  const billed = Object.entries(use ?? {});
  return (
    <section>
      <h2>Tool calls ({calls.length})</h2>
      {billed.length > 0 && (
        <p className="muted">Tool use: {billed.map(([tool, n]) => `${tool} ${n}`).join(", ")}</p>
      )}
      {calls.length === 0 && <p className="muted">The model was given tools and called none.</p>}
      <ol className="tool-calls">
        {calls.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: calls are positional
          <ToolCallItem key={i} call={c} />
        ))}
      </ol>
    </section>
  );
}

/** The failure-mode labels judges gave the sample (`plumb analyse failures`). */
function Labels({ labels }: { labels: SampleLabelJson[] }) {
  return (
    <section>
      <h2>Failure-mode labels</h2>
      <table data-testid="sample-labels" className="labels">
        <thead>
          <tr>
            <th>Taxonomy</th>
            <th>Judge</th>
            <th>Label</th>
            <th className="num">Confidence</th>
            <th>Reason</th>
          </tr>
        </thead>
        <tbody>
          {labels.map((l) => (
            <tr key={`${l.taxonomy}\u0000${l.judge}`} data-testid="label-row">
              <td title={l.taxonomyTitle ?? undefined}>{l.taxonomy}</td>
              <td className="mono">{l.judge}</td>
              <td data-testid="label-name">
                {l.label === null ? <span className="muted">unreadable</span> : (l.name ?? l.label)}
              </td>
              <td className="num">{l.confidence === null ? "–" : l.confidence.toFixed(2)}</td>
              <td className="reason">{l.reason ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Usage({ sample }: { sample: SampleJson }) {
  const u = sample.usage;
  return (
    <dl className="facts">
      <dt>Tokens</dt>
      <dd>
        {thousands(u.input)} in · {thousands(u.output)} out · {thousands(u.reasoning)} reasoning ·{" "}
        {thousands(u.cached)} cached
      </dd>
      <dt>Cost</dt>
      <dd>
        {usd(sample.costUsd)} ({usd(sample.spentUsd)} spent{sample.cached ? ", from the response cache" : ""})
      </dd>
      <dt>Latency</dt>
      <dd>
        {ms(sample.latencyMs)} over {sample.calls} call(s)
      </dd>
      <dt>Finish reason</dt>
      <dd>{sample.finishReason ?? "–"}</dd>
      <dt>Time</dt>
      <dd>
        {when(sample.startedAt)} → {when(sample.finishedAt)} UTC
      </dd>
      {sample.steps !== null && (
        <>
          <dt>Steps</dt>
          <dd>
            {sample.steps}
            {sample.optimalSteps !== null ? ` (optimal ${sample.optimalSteps})` : ""}
          </dd>
        </>
      )}
    </dl>
  );
}

/** `#/runs/:run/samples/:key`: what was asked, what came back, its verdict and the task's pictures. */
export function SamplePage({ run, sampleKey }: { run: string; sampleKey: string }) {
  const loaded = useApi(
    `/api/runs/${encodeURIComponent(run)}/samples/${encodeURIComponent(sampleKey)}`,
    sampleDetailResponse,
  );
  return (
    <>
      <p className="crumbs">
        <a href={href.runs()}>Runs</a> / <a href={href.run(run)}>{run}</a> / {sampleKey}
      </p>
      <Await loaded={loaded} what="the sample">
        {(d) => {
          const s = d.sample;
          const r = d.renders;
          return (
            <>
              <h1>
                {s.task} · {s.instance} · {s.model}
                {s.epoch > 0 ? ` · epoch ${s.epoch}` : ""}
              </h1>
              <p className="muted">
                Suite {s.suite}
                {s.level !== null ? ` · level ${s.level}` : ""}
                {s.tags.length > 0 ? ` · tags ${s.tags.join(", ")}` : ""} · status {s.status}
              </p>
              {d.steps > 0 && (
                <p>
                  <a data-testid="episode-link" href={href.episode(run, sampleKey)}>
                    Replay the episode ({d.steps} steps) →
                  </a>
                </p>
              )}
              <Checks sample={s} />
              {d.labels.length > 0 && <Labels labels={d.labels} />}
              {(r.instance || r.answer || r.reference || r.error) && (
                <section>
                  <h2>Renders</h2>
                  {r.error && <p className="error">A render failed: {r.error}</p>}
                  <div className="renders">
                    {r.instance && (
                      <SvgRender rendering={r.instance} testId="render-instance" title="Instance" />
                    )}
                    {r.answer && (
                      <SvgRender rendering={r.answer} testId="render-answer" title="This answer" />
                    )}
                    {r.reference && (
                      <SvgRender rendering={r.reference} testId="render-reference" title="Reference" />
                    )}
                  </div>
                </section>
              )}
              {d.scenes.length > 0 && <ScenePanel run={run} sampleKey={sampleKey} scenes={d.scenes} />}
              <section>
                <h2>Prompt</h2>
                <Prompt prompt={s.prompt} images={d.promptImages} note={d.promptImagesNote} />
              </section>
              {s.toolCalls !== null && <ToolCalls calls={s.toolCalls} use={s.toolUse} />}
              <section>
                <h2>Response</h2>
                <details data-testid="reasoning" className="reasoning">
                  <summary>
                    Reasoning {s.reasoning === null ? "(none stored)" : `(${s.reasoning.length} characters)`}
                  </summary>
                  {s.reasoning !== null && <pre className="text scroll">{s.reasoning}</pre>}
                </details>
                {s.text === null ? (
                  <p className="muted">No reply.</p>
                ) : (
                  <pre className="text scroll">{s.text}</pre>
                )}
                <h3>Parsed answer</h3>
                <pre className="json scroll">{s.answer === null ? "null (not read)" : json(s.answer)}</pre>
                {d.instance !== null && (
                  <details>
                    <summary>Instance</summary>
                    <pre className="json scroll">{json(d.instance)}</pre>
                  </details>
                )}
                {d.reference !== null && (
                  <details>
                    <summary>Reference answer</summary>
                    <pre className="json scroll">{json(d.reference)}</pre>
                  </details>
                )}
              </section>
              <section>
                <h2>Usage</h2>
                <Usage sample={s} />
                {s.attempts.length > 0 && (
                  <details>
                    <summary>Attempts ({s.attempts.length})</summary>
                    <pre className="json scroll">{json(s.attempts)}</pre>
                  </details>
                )}
                {s.judge !== null && (
                  <details open>
                    <summary>Judge</summary>
                    <pre className="json scroll">{json(s.judge)}</pre>
                  </details>
                )}
              </section>
            </>
          );
        }}
      </Await>
    </>
  );
}
