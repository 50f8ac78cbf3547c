import { ParseFailure } from "../../../core/verdict.ts";

/** Argument names of each action, in call order: `place(red, [[0,0,0]])` → {action, piece, cells}. */
export type ActionSignatures = Record<string, readonly string[]>;

const BARE_WORD = /(?<![\w".])([+-]?[A-Za-z_][\w-]*)(?![\w"(])/g;

/**
 * Reads one action from a reply: the text after the last `Final:` (or the last non-empty line),
 * written either as a JSON object with an "action" field or as a call such as
 * `place(red, [[0,0,0],[1,0,0]])`, `move(red, x, -2)` or `state()`. Bare words become strings.
 * The result still has to pass the environment's action schema.
 */
export function readAction(
  text: string,
  signatures: ActionSignatures,
): Record<string, unknown> | ParseFailure {
  const body = actionText(text);
  if (body === "") return new ParseFailure("empty reply: expected a last line `Final: <action>`");
  const names = Object.keys(signatures).join(", ");
  if (body.startsWith("{")) {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch (e) {
      return new ParseFailure(
        `the action is not valid JSON (${(e as Error).message}): ${body.slice(0, 120)}`,
      );
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return new ParseFailure('the action must be a JSON object with an "action" field');
    }
    const action = (value as Record<string, unknown>).action;
    if (typeof action !== "string" || !(action in signatures)) {
      return new ParseFailure(`unknown action ${JSON.stringify(action)}: expected one of ${names}`);
    }
    return value as Record<string, unknown>;
  }
  const call = /^([A-Za-z_]\w*)\s*\(([\s\S]*)\)$/.exec(body);
  if (!call) {
    return new ParseFailure(
      `could not read an action from "${body.slice(0, 120)}": expected a call such as ${Object.keys(signatures)[0]}(…) or a JSON object`,
    );
  }
  const name = (call[1] as string).toLowerCase();
  const argNames = signatures[name];
  if (!argNames) return new ParseFailure(`unknown action "${name}": expected one of ${names}`);
  const argsText = (call[2] as string).trim();
  let args: unknown[];
  try {
    const quoted = argsText.replace(BARE_WORD, (w: string) =>
      w === "true" || w === "false" || w === "null" ? w : JSON.stringify(w),
    );
    args = argsText === "" ? [] : (JSON.parse(`[${quoted}]`) as unknown[]);
  } catch {
    return new ParseFailure(`could not read the arguments of ${name}(${argsText.slice(0, 120)})`);
  }
  if (args.length !== argNames.length) {
    return new ParseFailure(
      `${name} takes ${argNames.length} argument${argNames.length === 1 ? "" : "s"} (${argNames.join(", ")}), got ${args.length}`,
    );
  }
  const out: Record<string, unknown> = { action: name };
  argNames.forEach((a, i) => {
    out[a] = args[i];
  });
  return out;
}

function actionText(text: string): string {
  const at = text.search(/final\s*:(?![\s\S]*final\s*:)/i);
  let body: string;
  if (at >= 0) body = text.slice(at).replace(/^final\s*:/i, "");
  else {
    body =
      text
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l !== "" && !/^```/.test(l))
        .at(-1) ?? "";
  }
  return body
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "")
    .replace(/^[\s`*]+|[\s`*.;]+$/g, "");
}

/** The `Final:` line that `readAction` reads back, for the oracle and for history. */
export function formatAction(action: Record<string, unknown>): string {
  return `Final: ${JSON.stringify(action)}`;
}
