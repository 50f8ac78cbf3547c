/** "existence and construction" → "existence-and-construction", "IMO-easy" → "imo-easy": a level name for the CLI. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
