import { describe, expect, it } from "vitest";
import { DEFAULT_HISTORY, historyOf } from "./history.ts";

describe("the episode history window", () => {
  it("is the run's --history when given, even 0, over the task's own", () => {
    expect(historyOf({ episodeHistory: 5 }, 0)).toBe(0);
    expect(historyOf({ episodeHistory: 0 }, 3)).toBe(3);
  });

  it("is the task's paper's window without --history, else the default", () => {
    expect(historyOf({ episodeHistory: 0 }, undefined)).toBe(0);
    expect(historyOf({ episodeHistory: 5 }, undefined)).toBe(5);
    expect(historyOf({}, undefined)).toBe(DEFAULT_HISTORY);
  });
});
