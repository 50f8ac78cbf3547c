/**
 * A bounded list of legal actions: per ordered pair of parts and travel direction, the insertion
 * at the assembled alignment and a few offsets along the travel axis; per part, each group of at
 * most half its pieces slid up to a few units each way, and as far as it takes to come away.
 */
import type { Cell } from "../../../geometry/voxels.ts";
import { axisOf, DIRECTIONS, signOf, sub } from "../burr/motion.ts";
import { type AssemblyAction, AXES, type InsertAction, moveAction } from "./data.ts";
import type { AssemblyState } from "./state.ts";

/** The most actions listed, so that the list stays cheap whatever the state. */
export const LEGAL_ACTION_CAP = 2000;
/** Offsets along the travel axis tried per insertion, the assembled alignment first. */
const INSERT_OFFSETS = [0, -1, 1, -2, 2];
/** Parts larger than this list only single pieces' moves (every group would be too many). */
const GROUPS_UP_TO = 16;

export function legalActions(state: AssemblyState, maxDistance = 6): AssemblyAction[] {
  const out: AssemblyAction[] = [];
  for (const moving of state.parts) {
    for (const target of state.parts) {
      if (moving === target) continue;
      for (const from of DIRECTIONS) {
        for (const j of INSERT_OFFSETS) {
          const at: Cell = [0, 0, 0];
          at[axisOf(DIRECTIONS.indexOf(from))] = j;
          const a: InsertAction = {
            action: "insert",
            piece: state.names[moving[0] as number] as string,
            into: state.names[target[0] as number] as string,
            from,
            at,
          };
          if (!("error" in state.insertion(a))) out.push(a);
          if (out.length >= LEGAL_ACTION_CAP) return out;
        }
      }
    }
  }
  for (const part of state.parts) {
    for (const group of groups(part)) {
      for (let dir = 0; dir < 6; dir++) {
        for (const k of distances(state, part, group, dir, maxDistance)) {
          out.push(
            moveAction({
              pieces: group.map((i) => state.names[i] as string),
              axis: AXES[axisOf(dir)] as (typeof AXES)[number],
              distance: signOf(dir) * k,
            }),
          );
          if (out.length >= LEGAL_ACTION_CAP) return out;
        }
      }
    }
  }
  return out;
}

/** Groups of at most half a part's pieces (a larger one is the rest moving the other way). */
function groups(part: readonly number[]): number[][] {
  const n = part.length;
  if (n < 2) return [];
  if (n > GROUPS_UP_TO) return part.map((i) => [i]);
  const out: number[][] = [];
  for (let mask = 1; mask < (1 << n) - 1; mask++) {
    const group = part.filter((_, j) => mask & (1 << j));
    if (group.length <= n / 2) out.push(group);
  }
  return out;
}

/** Distances a group can slide one way without collision: 1 … maxDistance, and the one that parts it. */
function distances(
  state: AssemblyState,
  part: readonly number[],
  group: readonly number[],
  dir: number,
  maxDistance: number,
): number[] {
  let reach = Infinity;
  for (const g of group) {
    for (const o of part) {
      if (group.includes(o)) continue;
      const gap = state.motion.gaps(g, o, sub(state.pos[o] as Cell, state.pos[g] as Cell))[dir] as number;
      reach = Math.min(reach, gap);
    }
  }
  const most = Math.min(reach, maxDistance, state.maxDistance);
  const out = Array.from({ length: Math.max(0, most) }, (_, k) => k + 1);
  if (reach === Infinity) {
    const away = clearance(state, part, group, dir);
    if (away > most && away <= state.maxDistance) out.push(away);
  }
  return out;
}

/** Units the group must slide before its bounding box clears the rest's along the axis. */
function clearance(
  state: AssemblyState,
  part: readonly number[],
  group: readonly number[],
  dir: number,
): number {
  const a = axisOf(dir);
  const along = (list: readonly number[]) => list.flatMap((i) => state.cells(i).map((c) => c[a] as number));
  const g = along(group);
  const r = along(part.filter((i) => !group.includes(i)));
  return signOf(dir) > 0 ? Math.max(...r) - Math.min(...g) + 1 : Math.max(...g) - Math.min(...r) + 1;
}
