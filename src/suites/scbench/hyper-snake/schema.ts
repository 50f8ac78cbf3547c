import { z } from "zod";
import { cappedList } from "../common/answer-caps.ts";

/** Largest playfield the generator builds (the original's 10D binary grid has 1024 cells). */
export const MAX_CELLS = 4096;

const coord = z.int().min(0);
const point = z.array(coord);

/** Most axes a playfield may have. */
export const MAX_DIMENSION = 10;

export const hyperSnakeParams = z
  .object({
    /** Extent of every axis; the number of entries is the dimension (2 to 10). */
    shape: z.array(z.int().min(2).max(32)).min(2).max(MAX_DIMENSION).default([6, 6]),
    /** Number of wall cells. */
    walls: z.int().min(0).max(400).default(0),
    /** Number of food cells. */
    food: z.int().min(0).max(64).default(3),
  })
  .refine((p) => p.shape.reduce((a, b) => a * b, 1) <= MAX_CELLS, {
    message: `the playfield may have at most ${MAX_CELLS} cells`,
    path: ["shape"],
  })
  .refine((p) => p.walls * 10 <= p.shape.reduce((a, b) => a * b, 1), {
    message: "walls may fill at most 10% of the cells",
    path: ["walls"],
  })
  .refine((p) => p.food * 4 <= p.shape.reduce((a, b) => a * b, 1), {
    message: "food may fill at most a quarter of the cells",
    path: ["food"],
  })
  // Without walls the reference covers every cell only along a Hamiltonian cycle, which needs an even cell count.
  .refine((p) => p.walls > 0 || p.shape.reduce((a, b) => a * b, 1) % 2 === 0, {
    message: "a playfield without walls needs an even number of cells",
    path: ["walls"],
  });
export type HyperSnakeParams = z.infer<typeof hyperSnakeParams>;

export const dataSchema = z.object({
  shape: z.array(z.int().min(2)).min(2),
  walls: z.array(point),
  food: z.array(point),
  start: point,
});
export type HyperSnakeData = z.infer<typeof dataSchema>;

/** Most cells a path may list: a legal path never revisits a cell, so it never needs more than MAX_CELLS. */
export const MAX_PATH = 10 * MAX_CELLS;
/** Most coordinates a cell of the path may have (a wrong count is reported by the verifier). */
export const MAX_COORDINATES = 10 * MAX_DIMENSION;

export const answerSchema = z.object({
  path: cappedList(cappedList(z.int(), MAX_COORDINATES, "coordinates in a cell"), MAX_PATH, "cells").min(1),
});
export type HyperSnakeAnswer = z.infer<typeof answerSchema>;
export type Point = number[];
