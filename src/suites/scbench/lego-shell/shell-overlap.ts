import { kernel, withKernel } from "../../../geometry/manifold.ts";
import { brickBox, brickCentre, isRightAngle } from "./brick-geometry.ts";
import { BRICK_HEIGHT, BRICK_LONG, BRICK_SHORT, BRICK_VOLUME, type Brick } from "./schema.ts";

/** Segments around a full circle of the polyhedral spheres. */
export const SPHERE_SEGMENTS = 96;

/**
 * A polyhedral sphere has its vertices on the true sphere, so it is slightly too small; its
 * radius is scaled by this factor so that its volume equals the true sphere's.
 */
export const SPHERE_SCALE = withKernel((keep) => {
  const unit = keep(kernel.Manifold.sphere(1, SPHERE_SEGMENTS));
  return (((4 / 3) * Math.PI) / unit.volume()) ** (1 / 3);
});

export interface ShellOverlap {
  /** Volume of the polyhedral shell, mm³. */
  shell: number;
  /** Volume of the bricks inside the shell, mm³. */
  inside: number;
  /** Intersection over union; the bricks must not overlap each other. */
  iou: number;
}

/** Volume of the bricks inside the hemispherical shell and their IoU with it (manifold-3d CSG). */
export function shellOverlap(inner: number, outer: number, bricks: readonly Brick[]): ShellOverlap {
  return withKernel((keep) => {
    const { Manifold } = kernel;
    const ball = (r: number) => keep(Manifold.sphere(r * SPHERE_SCALE, SPHERE_SEGMENTS));
    const hollow = keep(ball(outer).subtract(ball(inner)));
    const shell = keep(hollow.trimByPlane([0, 0, 1], 0));
    const shellVolume = shell.volume();
    if (bricks.length === 0) return { shell: shellVolume, inside: 0, iou: 0 };
    const cubes = bricks.map((b) => {
      if (!isRightAngle(b)) {
        const [cx, cy] = brickCentre(b);
        const cube = keep(Manifold.cube([BRICK_LONG, BRICK_SHORT, BRICK_HEIGHT], true));
        const turned = keep(cube.rotate([0, 0, b.orientation]));
        return keep(turned.translate([cx, cy, (b.layer + 0.5) * BRICK_HEIGHT]));
      }
      const box = brickBox(b);
      const cube = keep(
        Manifold.cube([box.max[0] - box.min[0], box.max[1] - box.min[1], box.max[2] - box.min[2]]),
      );
      return keep(cube.translate(box.min));
    });
    const all = keep(Manifold.compose(cubes));
    const inside = keep(all.intersect(shell)).volume();
    const union = bricks.length * BRICK_VOLUME + shellVolume - inside;
    return { shell: shellVolume, inside, iou: inside / union };
  });
}
