import { useState } from "react";
import { sceneResponse } from "../../../src/view/api.ts";
import { apiPath } from "../api.ts";
import { SceneView } from "../three/SceneView.tsx";
import { useApi } from "../useApi.ts";
import { Await } from "./Status.tsx";

/** The 3D view of one scene of a sample, from `/scene`. */
export function SceneFrame({ path, query }: { path: string; query: Record<string, string | number> }) {
  const loaded = useApi(apiPath(path, query), sceneResponse);
  return (
    <div className="scene">
      <Await loaded={loaded} what="the 3D scene">
        {(scene) => <SceneView scene={scene} height={360} />}
      </Await>
    </div>
  );
}

/** A 3D view of a sample, toggled between the scenes the task gives. */
export function ScenePanel({
  run,
  sampleKey,
  scenes,
}: {
  run: string;
  sampleKey: string;
  scenes: readonly ("instance" | "answer" | "reference")[];
}) {
  const [which, setWhich] = useState(scenes.includes("answer") ? "answer" : (scenes[0] ?? "instance"));
  const path = `/api/runs/${encodeURIComponent(run)}/samples/${encodeURIComponent(sampleKey)}/scene`;
  return (
    <section>
      <h2>3D view</h2>
      <div className="toggle">
        {scenes.map((s) => (
          <button key={s} type="button" aria-pressed={which === s} onClick={() => setWhich(s)}>
            {s}
          </button>
        ))}
      </div>
      <SceneFrame path={path} query={{ which }} />
    </section>
  );
}
