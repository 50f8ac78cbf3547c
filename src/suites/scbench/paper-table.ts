import type { PaperTable } from "../../core/registry.ts";

/** SCBench's Tables 1 and A.1: the three buckets and their tasks, in the paper's order and names. */
export const scbenchPaperTable: PaperTable = {
  suite: "scbench",
  preset: "original",
  title: "SCBench",
  buckets: [
    {
      name: "Axiomatic",
      tasks: [
        { id: "scbench/topology-enumeration", name: "Topology Enumeration" },
        { id: "scbench/enumerate-edges", name: "Enumerate Edges" },
        { id: "scbench/classify-behaviour", name: "Classify Behaviour" },
        { id: "scbench/half-subdivision-neighbours", name: "Half-Subdivision Neighbours" },
        { id: "scbench/two-segments", name: "Two Segments" },
      ],
    },
    {
      name: "Constructive",
      tasks: [
        { id: "scbench/lego-shell", name: "Lego Hemispherical Shell" },
        { id: "scbench/csg-union", name: "CSG Union" },
        { id: "scbench/tetra-shadow", name: "Tetrahedra Shadow Projection" },
        { id: "scbench/voxel-projection", name: "Voxel Grid Projection" },
        { id: "scbench/polynomial-curve-fitting", name: "Polynomial Curve Fitting" },
        { id: "scbench/delaunay", name: "Delaunay Triangulation" },
        { id: "scbench/hamiltonian-loop", name: "Hamiltonian Loop" },
        { id: "scbench/pipe-loop", name: "Pipe Loop Fitting" },
        { id: "scbench/hide-and-seek", name: "Hide and Seek" },
        { id: "scbench/pack-prisms", name: "Pack Rectangular Prisms" },
        { id: "scbench/interlocking-parts", name: "Interlocking Parts" },
        { id: "scbench/printable-prime", name: "Largest 3D-Printable Prime" },
        { id: "scbench/shikaku", name: "Shikaku Rectangles" },
      ],
    },
    {
      name: "Planning",
      tasks: [
        { id: "scbench/maze-3d-jumps", name: "3D Maze" },
        { id: "scbench/hyper-snake", name: "Hyper-Snake" },
        { id: "scbench/fluid-sim", name: "Fluid Simulation" },
        { id: "scbench/terrain-levelling", name: "Terrain Levelling" },
      ],
    },
  ],
};
