/**
 * Draws a Scene (src/core/scene.ts) with three.js: voxels as instanced unit cubes whose faces carry
 * a dark border (edges without a line per cube), meshes flat-shaded with their creases outlined,
 * z up, orbit controls, rendered only when something changed.
 */
import * as THREE from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import type { SceneJson } from "../../../src/view/api.ts";

/** A selectable thing of the scene: a voxel group or a mesh, with the colour the legend shows. */
export interface SceneGroup {
  name: string;
  color: string;
}

interface Part {
  group: string;
  material: THREE.MeshPhongMaterial;
  opacity: number;
  edges?: THREE.LineBasicMaterial;
}

/** Meshes with more triangles than this get no crease outline (finding creases costs time and memory). */
const EDGE_TRIANGLE_LIMIT = 60_000;
const DIMMED = 0.12;
const VIEW_DIRECTION = new THREE.Vector3(1, 1, 0.8).normalize();

/** A white square with a dark border: on each face of a unit cube it draws the cube's edges. */
function edgeTexture(): THREE.CanvasTexture {
  const canvas = document.createElement("canvas");
  canvas.width = 64;
  canvas.height = 64;
  const g = canvas.getContext("2d");
  if (g) {
    g.fillStyle = "#333";
    g.fillRect(0, 0, 64, 64);
    g.fillStyle = "#fff";
    g.fillRect(3, 3, 58, 58);
  }
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  texture.anisotropy = 4;
  return texture;
}

/** The name a voxel is selected and listed by: its group, or its colour when it has none. */
export const voxelGroup = (v: SceneJson["voxels"][number]): string => v.group ?? v.color;

export class SceneRenderer {
  readonly groups: SceneGroup[] = [];
  private readonly renderer: THREE.WebGLRenderer;
  private readonly camera = new THREE.PerspectiveCamera(40, 1, 0.1, 1000);
  private readonly root = new THREE.Scene();
  private readonly controls: OrbitControls;
  private readonly parts: Part[] = [];
  private readonly pickable: THREE.Object3D[] = [];
  private readonly disposables: { dispose(): void }[] = [];
  private frame = 0;
  private selected: string | null = null;
  private readonly bounds = new THREE.Sphere();
  /** Whether the person has turned or zoomed the view (then resizing no longer reframes it). */
  private moved = false;

  /** Throws when WebGL cannot be had. */
  constructor(
    readonly canvas: HTMLCanvasElement,
    scene: SceneJson,
  ) {
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: true });
    this.renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
    this.renderer.setClearColor(0xf7f7f7);
    this.camera.up.set(0, 0, 1);
    this.root.add(new THREE.AmbientLight(0xffffff, 1.4));
    const sun = new THREE.DirectionalLight(0xffffff, 2.2);
    sun.position.set(0.6, 0.35, 1);
    this.root.add(sun);
    const back = new THREE.DirectionalLight(0xffffff, 0.6);
    back.position.set(-0.7, -0.5, -0.4);
    this.root.add(back);
    this.addVoxels(scene.voxels);
    for (const mesh of scene.meshes) this.addMesh(mesh);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.addEventListener("change", () => this.requestRender());
    this.controls.addEventListener("start", () => {
      this.moved = true;
    });
    this.measure();
    this.fit();
  }

  private addVoxels(voxels: SceneJson["voxels"]): void {
    if (voxels.length === 0) return;
    const buckets = new Map<string, { group: string; color: string; opacity: number; at: number[][] }>();
    for (const v of voxels) {
      const group = voxelGroup(v);
      const opacity = v.opacity ?? 1;
      const key = `${group}\u0000${v.color}\u0000${opacity}`;
      let bucket = buckets.get(key);
      if (!bucket) {
        bucket = { group, color: v.color, opacity, at: [] };
        buckets.set(key, bucket);
        this.listGroup(group, v.color);
      }
      bucket.at.push(v.at);
    }
    const cube = new THREE.BoxGeometry(1, 1, 1);
    cube.translate(0.5, 0.5, 0.5);
    const texture = edgeTexture();
    this.disposables.push(cube, texture);
    const matrix = new THREE.Matrix4();
    for (const bucket of buckets.values()) {
      const material = new THREE.MeshPhongMaterial({ color: bucket.color, map: texture, shininess: 10 });
      this.disposables.push(material);
      const mesh = new THREE.InstancedMesh(cube, material, bucket.at.length);
      bucket.at.forEach((at, i) => {
        matrix.makeTranslation(at[0] ?? 0, at[1] ?? 0, at[2] ?? 0);
        mesh.setMatrixAt(i, matrix);
      });
      mesh.computeBoundingSphere();
      mesh.userData.group = bucket.group;
      this.add(mesh, { group: bucket.group, material, opacity: bucket.opacity });
    }
  }

  private addMesh(m: SceneJson["meshes"][number]): void {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute("position", new THREE.Float32BufferAttribute(m.positions, 3));
    geometry.setIndex(m.triangles);
    geometry.computeVertexNormals();
    geometry.computeBoundingSphere();
    const opacity = m.opacity ?? 1;
    const material = new THREE.MeshPhongMaterial({
      color: m.color,
      flatShading: true,
      side: THREE.DoubleSide,
      shininess: 20,
      // See-through meshes often share faces with an opaque one (a CSG input and the solid made
      // of it): pushed back, they show only where they differ, without depth fighting.
      polygonOffset: opacity < 1,
      polygonOffsetFactor: 1,
      polygonOffsetUnits: 1,
    });
    this.disposables.push(geometry, material);
    const mesh = new THREE.Mesh(geometry, material);
    mesh.userData.group = m.name;
    const part: Part = { group: m.name, material, opacity };
    if (m.triangles.length / 3 <= EDGE_TRIANGLE_LIMIT) {
      const edgeGeometry = new THREE.EdgesGeometry(geometry, 25);
      part.edges = new THREE.LineBasicMaterial({ color: opacity < 1 ? m.color : 0x222222 });
      this.disposables.push(edgeGeometry, part.edges);
      mesh.add(new THREE.LineSegments(edgeGeometry, part.edges));
    }
    this.listGroup(m.name, m.color);
    this.add(mesh, part);
  }

  private listGroup(name: string, color: string): void {
    if (!this.groups.some((g) => g.name === name)) this.groups.push({ name, color });
  }

  private add(object: THREE.Mesh, part: Part): void {
    this.root.add(object);
    this.pickable.push(object);
    this.parts.push(part);
    this.style(part);
  }

  /** Full strength when nothing or this part is selected, dimmed otherwise; see-through parts stay so. */
  private style(part: Part): void {
    const dim = this.selected !== null && part.group !== this.selected;
    const opacity = dim ? Math.min(DIMMED, part.opacity) : part.opacity;
    part.material.opacity = opacity;
    part.material.transparent = opacity < 1;
    part.material.depthWrite = opacity >= 1;
    part.material.emissive.setHex(this.selected !== null && !dim ? 0x303030 : 0);
    part.material.needsUpdate = true;
    if (part.edges) {
      part.edges.opacity = dim ? DIMMED : 1;
      part.edges.transparent = dim;
    }
  }

  select(group: string | null): void {
    this.selected = group;
    for (const part of this.parts) this.style(part);
    this.requestRender();
  }

  /** The scene's bounding sphere, and axes at the origin scaled to it. */
  private measure(): void {
    const box = new THREE.Box3();
    for (const o of this.pickable) box.expandByObject(o);
    if (box.isEmpty()) box.set(new THREE.Vector3(0, 0, 0), new THREE.Vector3(1, 1, 1));
    box.getBoundingSphere(this.bounds);
    this.bounds.radius = Math.max(this.bounds.radius, 1e-3);
    const axes = new THREE.AxesHelper(this.bounds.radius * 0.35);
    this.disposables.push(axes);
    this.root.add(axes);
  }

  /** Points the camera at the whole scene from the (+x, +y, +z) side, as the task's pictures do. */
  private fit(): void {
    const vertical = THREE.MathUtils.degToRad(this.camera.fov / 2);
    const horizontal = Math.atan(Math.tan(vertical) * this.camera.aspect);
    const distance = (1.1 * this.bounds.radius) / Math.sin(Math.min(vertical, horizontal));
    this.camera.position.copy(this.bounds.center).addScaledVector(VIEW_DIRECTION, distance);
    this.camera.near = distance / 100;
    this.camera.far = distance * 10;
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(this.bounds.center);
    this.controls.update();
  }

  /** The group under a point of the canvas (CSS pixels from its corner): the nearest opaque thing, else the nearest. */
  pick(x: number, y: number): string | null {
    const rect = this.canvas.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return null;
    const ndc = new THREE.Vector2((x / rect.width) * 2 - 1, -(y / rect.height) * 2 + 1);
    const ray = new THREE.Raycaster();
    ray.setFromCamera(ndc, this.camera);
    const hits = ray.intersectObjects(this.pickable, false);
    const isOpaque = (h: THREE.Intersection) => {
      const material = (h.object as THREE.Mesh).material as THREE.Material;
      return !material.transparent;
    };
    const hit = hits.find(isOpaque) ?? hits[0];
    const group = hit?.object.userData.group;
    return typeof group === "string" ? group : null;
  }

  resize(width: number, height: number): void {
    if (width <= 0 || height <= 0) return;
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    if (!this.moved) this.fit();
    this.requestRender();
  }

  /** Renders on the next animation frame, once however often it is asked. */
  requestRender(): void {
    if (this.frame !== 0) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.renderer.render(this.root, this.camera);
    });
  }

  dispose(): void {
    if (this.frame !== 0) cancelAnimationFrame(this.frame);
    this.controls.dispose();
    for (const d of this.disposables) d.dispose();
    this.renderer.dispose();
    // Browsers cap live WebGL contexts (16 in Chromium): give this one back now, not at collection.
    this.renderer.forceContextLoss();
  }
}
