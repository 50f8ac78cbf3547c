/** The first `max` characters of a text, with an ellipsis when it was longer: model text echoed in messages. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
