// Types for corpus-score.mjs, which the corpus test imports.
export interface CorpusItem {
  profile: unknown;
  honest: unknown;
  lying: unknown;
  honestLabels?: { field: string; change: string }[];
  lies: { field: string; class: string; claim: string; note?: string }[];
}
export interface ItemScore {
  honest: { field: string; text: string; change: string; cut: boolean }[];
  collateral: { field: string; text: string; cut: boolean }[];
  lies: { field: string; class: string; claim: string; caught: boolean }[];
}
export function scoreItem(item: CorpusItem, runs: { honest: unknown; lying: unknown }): ItemScore;
export function tally<T>(
  rows: T[],
  keyOf: (row: T) => string,
  hit: (row: T) => boolean,
): Record<string, [number, number]>;
export function leaves(value: unknown): { path: string; text: string }[];
export function at(value: unknown, path: string): unknown;
