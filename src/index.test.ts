import { describe, expect, it } from "vitest";
import { sparcRecords, sparcResponses } from "../test/support/sparc.ts";
import {
  environment,
  formatAnswer,
  generate,
  getTask,
  grade,
  InputError,
  listTasks,
  prompt,
  readInstance,
  render,
  solve,
  verify,
} from "./index.ts";

describe("the library API", () => {
  it("lists every task from its info and loads one by id", async () => {
    // Other tests in this process may have registered tasks of their own.
    const ids = listTasks().map((i) => i.id);
    expect(ids).toEqual(
      expect.arrayContaining(["sparc", "chain/burr", "scbench/shikaku", "combench/analysis"]),
    );
    expect(listTasks("scbench")).toHaveLength(22);
    expect(listTasks("chain").map((i) => i.id)).toEqual([
      "chain/burr",
      "chain/burr-assembly",
      "chain/stacking",
    ]);
    const sparc = await getTask("sparc");
    expect(sparc.id).toBe("sparc");
    await expect(getTask("nope")).rejects.toThrow(InputError);
  });

  it("generates, prompts, solves, grades and verifies as the CLI does", async () => {
    const [inst] = await generate("sparc", { count: 1, seed: 7, level: "dots" });
    if (!inst) throw new Error("no instance");
    expect(await generate("sparc", { count: 1, seed: 7, level: "dots" })).toEqual([inst]);
    const p = await prompt("sparc", inst);
    expect(p.messages.at(-1)?.content).toContain("S");
    const { answers } = await solve("sparc", inst);
    const text = await formatAnswer("sparc", inst, answers[0]);
    expect((await grade("sparc", inst, text)).passed).toBe(true);
    expect((await grade("sparc", inst, "no idea")).failure?.kind).toBe("parse");
    expect((await verify("sparc", inst, answers[0])).passed).toBe(true);
    expect((await verify("sparc", inst, [{ x: 0, y: 0 }])).passed).toBe(false);
  });

  it("grades a real model's answers to official records exactly as the SPaRC CLI did", async () => {
    const records = new Map(sparcRecords().map((r) => [r.id, r]));
    const responses = sparcResponses().slice(0, 40);
    for (const r of responses) {
      const inst = await readInstance("sparc", records.get(r.puzzle_id));
      expect((await grade("sparc", inst, r.message)).passed).toBe(r.solved);
    }
  });

  it("steps an environment and renders a picture", async () => {
    const [inst] = await generate("scbench/shikaku", { count: 1, seed: 1 });
    if (!inst) throw new Error("no instance");
    const picture = await render("scbench/shikaku", inst, undefined, { png: true });
    expect(picture.svg.startsWith("<svg")).toBe(true);
    expect([...(picture.png ?? []).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    const [gym] = await generate("sparc", { count: 1, seed: 2 });
    if (!gym) throw new Error("no instance");
    const env = await environment("sparc", gym);
    const legal = env.legalActions();
    expect(legal.length).toBeGreaterThan(0);
    expect(env.step(legal[0]).done).toBe(false);
    expect(env.steps).toBe(1);
  });

  it("refuses bad options and foreign instances with an InputError naming the field", async () => {
    const [inst] = await generate("sparc", { count: 1 });
    if (!inst) throw new Error("no instance");
    await expect(generate("sparc", { count: 0 })).rejects.toThrow(/options\.count/);
    await expect(generate("sparc", { level: "dots", preset: "x" })).rejects.toThrow(/options\.preset/);
    // @ts-expect-error an unknown option
    await expect(grade("sparc", inst, "x", { lenent: true })).rejects.toThrow(InputError);
    await expect(grade("scbench/shikaku", inst, "x")).rejects.toThrow(/instance\.task/);
    await expect(verify("sparc", inst, "not a path")).rejects.toThrow(/answer/);
    await expect(readInstance("sparc", { id: 1 })).rejects.toThrow(InputError);
  });
});
