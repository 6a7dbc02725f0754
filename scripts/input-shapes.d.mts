// Types for input-shapes.mjs, which the linear-inputs property test imports.
export interface InputShape {
  reader: "job" | "doc" | "kb";
  name: string;
  text: (length: number) => string;
}
export const SHAPES: InputShape[];
export function repeatTo(unit: string, length: number): string;
