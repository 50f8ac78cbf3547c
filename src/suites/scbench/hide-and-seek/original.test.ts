import { describe, expect, it } from "vitest";
import { hostileTexts } from "../../../../test/support/hostile.ts";
import { isParseFailure } from "../../../core/verdict.ts";
import { hideAndSeekTask as task } from "./index.ts";

const preset = task.presets!.original!;
const instances = preset.instances();

describe("hide and seek: the original preset", () => {
  it("holds the original's six crowds in its order, with 2 m people, identical on every call", () => {
    expect(instances).toHaveLength(6);
    expect(JSON.stringify(preset.instances())).toBe(JSON.stringify(instances));
    expect(instances.map((i) => i.id)).toEqual(
      Array.from({ length: 6 }, (_, i) => `scbench/hide-and-seek/original/${i + 1}`),
    );
    expect(instances.map((i) => [i.data.people, i.data.building.width])).toEqual([
      [4, 2],
      [20, 4],
      [40, 6],
      [80, 8],
      [150, 10],
      [200, 7],
    ]);
    for (const inst of instances) {
      expect(inst.seed).toBeNull();
      expect(inst.data).toMatchObject({
        building: { height: 10 },
        person: { width: 0.5, height: 2 },
        sniper: [100, 100, 20],
        maxDistance: 30,
      });
      expect(task.data.parse(inst.data)).toEqual(inst.data);
    }
  });

  it("every subtask has a reference answer that passes", () => {
    for (const inst of instances) {
      const answer = task.solve!(inst).answers[0]!;
      expect(task.verify(inst, answer).passed, inst.id).toBe(true);
    }
  });
});

describe("hide and seek: faithful prompt and answers", () => {
  it("says what the original said, without the visibility rule or the score", () => {
    const text = task
      .prompt(instances[5]!)
      .messages.map((m) => m.content)
      .join("\n");
    for (const s of [
      "(100, 100, 20)",
      "200 people",
      "7 m wide",
      "10 m tall",
      "0.5 × 0.5 × 2 m",
      "30 m",
      '"xy"',
    ])
      expect(text).toContain(s);
    for (const giveaway of ["segment", "grazing", "shield", "slack", "Scoring", "1 − v", "−3.5"])
      expect(text).not.toContain(giveaway);
    const explained = task.prompt(instances[5]!, { variant: "explained" }).messages[1]!.content;
    expect(explained).toContain("grazing");
    expect(explained).toContain("Scoring");
  });

  it("reads the original's {'xy': [x, y]} form, JSON or Python, like Plumb's pairs", () => {
    const inst = instances[0]!;
    const pairs = task.solve!(inst).answers[0]!;
    const xy = pairs.people.map(([x, y]) => ({ xy: [x, y] }));
    const texts = [
      JSON.stringify(pairs),
      JSON.stringify({ reasoning: "behind it", people: xy }),
      `{'people': [${pairs.people.map(([x, y]) => `{'xy': (${x}, ${y})}`).join(", ")}]}`,
    ];
    for (const text of texts) expect(task.parse(text, inst), text).toEqual(pairs);
  });

  it("refuses wrong shapes by field and never passes hostile texts", () => {
    const inst = instances[0]!;
    for (const text of ['{"people": [{"xy": [1]}]}', '{"people": [{"pos": [1, 2]}]}', '{"crowd": []}']) {
      const answer = task.parse(text, inst);
      expect(isParseFailure(answer), text).toBe(true);
      if (isParseFailure(answer)) expect(answer.message, text).toMatch(/people/);
    }
    const valid = JSON.stringify({ people: task.solve!(inst).answers[0]!.people.map((p) => ({ xy: p })) });
    for (const h of hostileTexts(valid, 20_000)) {
      const answer = task.parse(h.text, inst);
      if (isParseFailure(answer) || h.expect !== "fail") continue;
      expect(task.verify(inst, answer).passed, h.name).toBe(false);
    }
  });
});
