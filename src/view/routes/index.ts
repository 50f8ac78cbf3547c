import type { Route } from "../router.ts";
import { compareRoutes } from "./compare.ts";
import { episodeRoutes } from "./episode.ts";
import { leaderboardRoutes } from "./leaderboard.ts";
import { playRoutes } from "./play.ts";
import { runRoutes } from "./runs.ts";
import { sampleRoutes } from "./samples.ts";
import { sceneRoutes } from "./scene.ts";

/** Every route of the viewer's API, in the order they are matched. */
export const routes: Route[] = [
  ...runRoutes,
  ...leaderboardRoutes,
  ...sampleRoutes,
  ...episodeRoutes,
  ...sceneRoutes,
  ...compareRoutes,
  ...playRoutes,
];
