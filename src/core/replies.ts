import { z } from "zod";

const THINK_OPEN = "<think>";
const THINK_CLOSE = "</think>";

/**
 * A SPaRC CLI message split as the CLI composed it: when the model's reasoning came apart from its
 * answer, the CLI stored `<think>{reasoning}</think>\n{content}` but read the path from the content
 * alone. A message that does not begin that way is the content itself.
 */
export function splitCliMessage(message: string): { text: string; reasoning?: string } {
  if (!message.startsWith(THINK_OPEN)) return { text: message };
  const close = message.indexOf(THINK_CLOSE, THINK_OPEN.length);
  if (close < 0) return { text: message };
  const content = message.slice(close + THINK_CLOSE.length);
  return {
    text: content.startsWith("\n") ? content.slice(1) : content,
    reasoning: message.slice(THINK_OPEN.length, close),
  };
}

/** A stored reply line: `{id, text}`, or the SPaRC CLI's `{puzzle_id, message}`. */
export const replyLine = z
  .union([
    z.object({ id: z.string().min(1), text: z.string() }),
    z.object({ puzzle_id: z.string().min(1), message: z.string() }),
  ])
  .transform((d): { id: string; text: string; reasoning?: string } =>
    "id" in d ? { id: d.id, text: d.text } : { id: d.puzzle_id, ...splitCliMessage(d.message) },
  );

/**
 * The `Final:` reply protocol of episodes: a reply may think aloud, then names its action after a
 * `Final:` label (`Final: right`, `Final: {"action": "state"}`). Environments read it back with
 * `finalLabelEnds`; agents and histories write it with `finalReply`.
 */
export const FINAL_LABEL = "Final:";

/** An action written as a `Final:` reply: a string as it is, anything else as JSON. */
export function finalReply(action: unknown): string {
  return `${FINAL_LABEL} ${typeof action === "string" ? action : JSON.stringify(action)}`;
}

export interface FinalLabelOptions {
  /** Allow whitespace (JavaScript's `\s`) between "Final" and the colon, as in `Final :`. */
  spaced?: boolean;
  /**
   * Match case as Python's `re.IGNORECASE` does (SPaRC's CLI): 'İ' and 'ı' also stand for the i.
   * Otherwise only ASCII case is ignored.
   */
  pythonCase?: boolean;
}

const LABEL_WORD = FINAL_LABEL.slice(0, -1).toLowerCase();
const SPACE = /\s/;

/** Whether the code unit `code` is the lower-case ASCII letter `lower` in either case. */
function sameLetter(code: number, lower: string, pythonCase: boolean): boolean {
  const l = lower.charCodeAt(0);
  if (code === l || (l >= 97 && l <= 122 && code === l - 32)) return true;
  return pythonCase && lower === "i" && (code === 0x130 || code === 0x131);
}

/**
 * Where each `Final:` label in `text` ends (the index just after its colon), in order. Case is
 * ignored (see FinalLabelOptions); one linear pass.
 */
export function* finalLabelEnds(text: string, opts: FinalLabelOptions = {}): Generator<number> {
  const pythonCase = opts.pythonCase === true;
  for (let colon = text.indexOf(":"); colon >= 0; colon = text.indexOf(":", colon + 1)) {
    let end = colon;
    if (opts.spaced) while (end > 0 && SPACE.test(text[end - 1] as string)) end--;
    const at = end - LABEL_WORD.length;
    if (at < 0) continue;
    let spelled = true;
    for (let k = 0; k < LABEL_WORD.length && spelled; k++) {
      spelled = sameLetter(text.charCodeAt(at + k), LABEL_WORD[k] as string, pythonCase);
    }
    if (spelled) yield colon + 1;
  }
}

/** The text after the last `Final:` label (whitespace allowed before its colon), or undefined. */
export function afterLastFinal(text: string): string | undefined {
  let start: number | undefined;
  for (const end of finalLabelEnds(text, { spaced: true })) start = end;
  return start === undefined ? undefined : text.slice(start);
}
