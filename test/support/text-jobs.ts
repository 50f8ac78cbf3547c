/** A text jobs module for the pool's tests (CheckerOptions.textJobs). */
export async function runTextJob(kind: string, input: string): Promise<string> {
  if (kind === "upper") return input.toUpperCase();
  if (kind === "spin") for (;;);
  throw new Error(`no job ${kind}`);
}
