import type { z } from "zod";
import type { verdictSchema } from "../../../src/view/api.ts";

type Verdict = z.infer<typeof verdictSchema>;

/** The verdict on a submission: passed or not, and the checks that failed with what broke. */
export function VerdictView({ verdict, note }: { verdict: Verdict; note?: string }) {
  const failed = verdict.checks.filter((c) => !c.ok);
  return (
    <div
      className={`play-verdict ${verdict.passed ? "passed" : "failed"}`}
      data-testid="play-verdict"
      data-passed={String(verdict.passed)}
      role="status"
    >
      <strong>{verdict.passed ? "Solved" : "Not solved"}</strong>
      {verdict.failure && (
        <span className="muted">
          {" "}
          ({failed.length > 0 ? verdict.failure.kind : `${verdict.failure.kind}: ${verdict.failure.message}`})
        </span>
      )}
      {note && <span className="muted"> {note}</span>}
      {failed.length > 0 && (
        <ul className="play-checks">
          {failed.map((c) => (
            <li key={c.name}>
              <code>{c.name}</code>
              {c.detail ? `: ${c.detail}` : ""}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Rule checks while drawing: every check, kept or broken. */
export function RuleChecks({ verdict }: { verdict: Verdict }) {
  return (
    <ul className="play-rule-list">
      {verdict.checks.map((c) => (
        <li key={c.name} className={c.ok ? "ok" : "bad"}>
          {c.ok ? "✓" : "✗"} <code>{c.name}</code>
          {c.detail && !c.ok ? `: ${c.detail}` : ""}
        </li>
      ))}
    </ul>
  );
}
