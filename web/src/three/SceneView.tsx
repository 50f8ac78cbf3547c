import { type CSSProperties, type PointerEvent, useEffect, useRef, useState } from "react";
import type { SceneJson } from "../../../src/view/api.ts";
import { type SceneGroup, SceneRenderer } from "./scene-renderer.ts";

export interface SceneViewProps {
  scene: SceneJson;
  height?: number;
  /**
   * The group (piece) drawn highlighted, the others dimmed. When the prop is absent the view keeps
   * its own selection, set by clicking a piece or a legend entry.
   */
  selected?: string | null;
  onSelect?(group: string): void;
  /** Called when a click on empty space clears the selection. */
  onClear?(): void;
}

/** A press that moves less than this many pixels before release is a click, not a drag of the view. */
const CLICK_SLOP = 4;
const LEGEND_LIMIT = 40;

const frame: CSSProperties = {
  position: "relative",
  width: "100%",
  border: "1px solid #ccc",
  background: "#f7f7f7",
};
const overlay: CSSProperties = {
  position: "absolute",
  background: "rgba(255,255,255,0.85)",
  font: "12px sans-serif",
  padding: "4px 6px",
  borderRadius: 4,
};

/** Interactive 3D view of a scene (three.js): drag to turn, wheel to zoom, click a piece to select it. */
export function SceneView({ scene, height = 400, selected, onSelect, onClear }: SceneViewProps) {
  const holder = useRef<HTMLDivElement>(null);
  const view = useRef<SceneRenderer | null>(null);
  const [groups, setGroups] = useState<SceneGroup[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [own, setOwn] = useState<string | null>(null);
  const shown = selected === undefined ? own : selected;
  const shownRef = useRef(shown);
  shownRef.current = shown;

  // One renderer per scene: built on mount or when the scene changes, disposed on the way out.
  useEffect(() => {
    const host = holder.current;
    if (!host) return;
    const canvas = document.createElement("canvas");
    canvas.style.display = "block";
    canvas.style.width = "100%";
    canvas.style.height = "100%";
    let r: SceneRenderer;
    try {
      r = new SceneRenderer(canvas, scene);
    } catch (e) {
      setFailure(
        `The 3D view needs WebGL, which this browser could not start (${e instanceof Error ? e.message : String(e)}).`,
      );
      return;
    }
    host.prepend(canvas);
    setFailure(null);
    setReady(true);
    view.current = r;
    setGroups([...r.groups]);
    r.select(shownRef.current);
    const resize = () => r.resize(host.clientWidth, host.clientHeight);
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(host);
    return () => {
      setReady(false);
      observer.disconnect();
      r.dispose();
      canvas.remove();
      view.current = null;
    };
  }, [scene]);

  useEffect(() => {
    view.current?.select(shown);
  }, [shown]);

  const choose = (group: string | null) => {
    if (group === null) {
      setOwn(null);
      onClear?.();
      return;
    }
    setOwn(group);
    onSelect?.(group);
  };

  const down = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (e: PointerEvent) => {
    down.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const start = down.current;
    down.current = null;
    const r = view.current;
    if (!start || !r || Math.hypot(e.clientX - start.x, e.clientY - start.y) > CLICK_SLOP) return;
    if (e.target !== r.canvas) return;
    const rect = r.canvas.getBoundingClientRect();
    choose(r.pick(e.clientX - rect.left, e.clientY - rect.top));
  };

  const counts = `${scene.voxels.length} voxels, ${scene.meshes.length} meshes`;
  return (
    <div
      data-testid="scene-view"
      data-ready={ready ? "true" : "false"}
      data-selected={shown ?? ""}
      ref={holder}
      style={{ ...frame, height }}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
    >
      {failure !== null ? (
        <p role="alert" style={{ ...overlay, top: 8, left: 8, right: 8, color: "#a00" }}>
          {failure} {counts}.
        </p>
      ) : null}
      {scene.title ? <div style={{ ...overlay, top: 6, left: 6, maxWidth: "60%" }}>{scene.title}</div> : null}
      {groups.length > 0 ? (
        <ul
          data-testid="scene-legend"
          style={{
            ...overlay,
            top: 6,
            right: 6,
            margin: 0,
            listStyle: "none",
            maxHeight: height - 40,
            overflowY: "auto",
          }}
        >
          {groups.slice(0, LEGEND_LIMIT).map((g) => (
            <li key={g.name}>
              <button
                type="button"
                data-group={g.name}
                aria-pressed={shown === g.name}
                onClick={() => choose(shown === g.name ? null : g.name)}
                style={{
                  border: "none",
                  background: shown === g.name ? "#dde6f0" : "transparent",
                  cursor: "pointer",
                  font: "inherit",
                  padding: "1px 4px",
                  display: "flex",
                  alignItems: "center",
                  gap: 6,
                }}
              >
                <span
                  style={{
                    width: 12,
                    height: 12,
                    background: g.color,
                    border: "1px solid #333",
                    display: "inline-block",
                  }}
                />
                {g.name}
              </button>
            </li>
          ))}
          {groups.length > LEGEND_LIMIT ? <li>… {groups.length - LEGEND_LIMIT} more</li> : null}
        </ul>
      ) : null}
      <div style={{ ...overlay, bottom: 6, left: 6, color: "#555" }}>
        drag to turn · right-drag to pan · wheel to zoom · click a piece to select it · {counts}
      </div>
    </div>
  );
}
