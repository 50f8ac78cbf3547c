import type { PyValue } from "../../../../core/python-literal/index.ts";
import { judge, type NativeVerdict, need } from "./judge.ts";
import { intPair, list } from "./shape.ts";

const WIDTH = 20;
const HEIGHT = 12;
const R = 73;
const MAX_SQUARES = 1000;

export function checkImo1996P1(payload: string): NativeVerdict {
  return judge(payload, (data: PyValue) => {
    const items = list(data);
    need(items !== undefined, "The payload must be a list of squares (x, y)");
    need(items.length >= 2 && items.length <= MAX_SQUARES, `The route must list 2..${MAX_SQUARES} squares`);
    const squares = items.map((item) => {
      const square = intPair(item);
      need(square !== "shape", "An item is not a pair (x, y)");
      need(square !== "type", "An item does not hold two integers");
      const [x, y] = square;
      need(1 <= x && x <= WIDTH && 1 <= y && y <= HEIGHT, `(${x}, ${y}) is not a square of the board`);
      return square;
    });
    const [x0, y0] = squares[0] as [number, number];
    const [xn, yn] = squares[squares.length - 1] as [number, number];
    need(x0 === 1 && y0 === 1, `The route starts at (${x0}, ${y0}), not at (1, 1)`);
    need(xn === WIDTH && yn === 1, `The route ends at (${xn}, ${yn}), not at (${WIDTH}, 1)`);
    for (let i = 1; i < squares.length; i++) {
      const [x1, y1] = squares[i - 1] as [number, number];
      const [x2, y2] = squares[i] as [number, number];
      const d = (x2 - x1) ** 2 + (y2 - y1) ** 2;
      need(d === R, `The move (${x1}, ${y1}) -> (${x2}, ${y2}) has squared length ${d}, not ${R}`);
    }
  });
}
