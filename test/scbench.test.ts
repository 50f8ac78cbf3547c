import { describe, expect, it } from "vitest";
import { dumpInstance, generateInstances, loadInstance, resolveParams } from "../src/core/instances.ts";
import { loadTask, taskInfos } from "../src/core/registry.ts";
import { isParseFailure } from "../src/core/verdict.ts";
import { registerAllTasks } from "../src/suites/catalog.ts";

registerAllTasks();

/** Seeds per task: 50, except where a verification is a physics or CSG simulation (every level once). */
const SEEDS: Record<string, number> = {
  "scbench/terrain-levelling": 9,
  "scbench/interlocking-parts": 4,
};

describe("SCBench tasks through the generic contracts", () => {
  const infos = taskInfos("scbench");

  it("are registered with a bucket tag and levels", () => {
    expect(infos.length).toBeGreaterThanOrEqual(6);
    for (const t of infos) {
      expect(
        t.tags.some((tag) => ["axiomatic", "constructive", "planning"].includes(tag)),
        t.id,
      ).toBe(true);
      expect(t.levels.length, t.id).toBeGreaterThan(0);
    }
  });

  for (const { id } of infos) {
    it(`${id}: every level generates, round-trips, solves and verifies through the text path`, async () => {
      const task = await loadTask(id);
      const levels = Object.keys(task.levels);
      const seeds = SEEDS[task.id] ?? 50;
      for (let i = 0; i < seeds; i++) {
        const level = levels[i % levels.length] as string;
        const [inst] = generateInstances(task, resolveParams(task, level), 1, `cli-${i}`);
        if (!inst) throw new Error("no instance");
        const again = loadInstance(task, JSON.parse(JSON.stringify(dumpInstance(task, inst))));
        expect(again).toEqual(inst);
        const solved = task.solve?.(inst);
        const answer = solved?.answers[0];
        expect(answer, `${task.id} ${level}`).toBeDefined();
        const text = task.formatAnswer?.(answer, inst) ?? JSON.stringify(answer);
        const parsed = task.parse(text, inst);
        expect(isParseFailure(parsed)).toBe(false);
        expect((await task.verify(inst, parsed)).passed, `${task.id} ${level} seed ${i}`).toBe(true);
        const prompt = task.prompt(inst, {});
        // A JSON output schema, unless the seed asks for plain text (tagged "text-answer").
        expect(prompt.outputSchema !== undefined || task.tags.includes("text-answer"), task.id).toBe(true);
        expect(task.render?.(inst, answer).svg).toMatch(/^<svg/);
        for (const mesh of task.meshes?.(inst, answer) ?? []) {
          const triangles = new DataView(mesh.stl.buffer, mesh.stl.byteOffset).getUint32(80, true);
          expect(triangles, `${task.id} ${mesh.name}`).toBeGreaterThan(0);
          expect(mesh.stl.length).toBe(84 + 50 * triangles);
        }
        expect(isParseFailure(task.parse("not json at all", inst))).toBe(true);
      }
    });
  }
});
