import { checkImo1964P4 } from "./imo1964-p4-three-topics.ts";
import { checkImo1977P2 } from "./imo1977-p2-window-sums.ts";
import { checkImo1983P5 } from "./imo1983-p5-progression-free.ts";
import { checkImo1989P6 } from "./imo1989-p6-property-p.ts";
import { checkImo1992P3 } from "./imo1992-p3-colored-edges.ts";
import { checkImo1996P1 } from "./imo1996-p1-route.ts";
import { checkImo2000P4 } from "./imo2000-p4-magic-boxes.ts";
import { checkImo2003P1 } from "./imo2003-p1-disjoint-translates.ts";
import { checkImo2011P4 } from "./imo2011-p4-balance.ts";
import { checkImo2018P4 } from "./imo2018-p4-knight-free-sites.ts";
import { checkImo2020P4 } from "./imo2020-p4-cable-cars.ts";
import { checkImo2022P1 } from "./imo2022-p1-coins.ts";
import { checkImo2023P5 } from "./imo2023-p5-japanese-triangle.ts";
import { checkIsl2012C2 } from "./isl2012-c2-disjoint-pairs.ts";
import type { NativeVerifier } from "./judge.ts";
import { checkUsamo2000P4 } from "./usamo2000-p4-right-triangles.ts";

export type { NativeVerdict, NativeVerifier } from "./judge.ts";

/** TypeScript ports of the starter records' Python verifiers, by record id (all of them use only ast.literal_eval). */
export const nativeVerifiers: Readonly<Record<string, NativeVerifier>> = {
  "plumb-imo2020-p4-n33": checkImo2020P4,
  "plumb-usamo2000-p4-1998": checkUsamo2000P4,
  "plumb-isl2012-c2-n100": checkIsl2012C2,
  "plumb-imo2023-p5-n100": checkImo2023P5,
  "plumb-imo1977-p2-16": checkImo1977P2,
  "plumb-imo1983-p5": checkImo1983P5,
  "plumb-imo2003-p1-squares": checkImo2003P1,
  "plumb-imo2018-p4-200": checkImo2018P4,
  "plumb-imo1996-p1-r73": checkImo1996P1,
  "plumb-imo2022-p1-n10-k16": checkImo2022P1,
  "plumb-imo1964-p4-k16": checkImo1964P4,
  "plumb-imo1992-p3-32": checkImo1992P3,
  "plumb-imo2011-p4-n4": checkImo2011P4,
  "plumb-imo1989-p6-n3": checkImo1989P6,
  "plumb-imo2000-p4": checkImo2000P4,
};
