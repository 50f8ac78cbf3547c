import { taskInfos } from "../core/registry.ts";

/** `plumb list`: from the tasks' infos alone, so that it loads no task's code. */
export function listCommand(o: { suite?: string }): void {
  for (const t of taskInfos(o.suite)) {
    process.stdout.write(`${t.id}\t[${t.tags.join(", ")}]\n  ${t.description}\n`);
    process.stdout.write(`  levels: ${t.levels.join(", ") || "-"}\n`);
    const presets = Object.entries(t.presets ?? {}).map(([name, p]) => `${name} (${p.count})`);
    if (presets.length > 0) process.stdout.write(`  presets: ${presets.join(", ")}\n`);
  }
}
