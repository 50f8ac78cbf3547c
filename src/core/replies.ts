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
