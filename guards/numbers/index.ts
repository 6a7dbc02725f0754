// The number model under the number-provenance guard, reusable by other guards and the local verifier:
// find the figures a text states (`findNumbers`), the figures a source backs (`sourceNumbers`), and decide
// whether a source backs a figure (`isGrounded`, `ground`). Figures are compared as values with units,
// never as strings: `1.2k` = `1,200`, `820 ms` = `0.82 s`, `$2M` = `$2,000,000`.
//
// Modules: scan.ts reads a text's figures in one pass (digits.ts a run of digits, with read.ts for what
// surrounds it, dates.ts, names.ts, masks.ts, markers.ts for numbered-list markers; words.ts number words;
// reading.ts the figure being read; units.ts units; currency.ts the table of currencies; age.ts ages;
// text.ts characters and words); ground.ts compares; sources.ts builds a context's allowed set; derive.ts
// finds figures two source figures imply; verdict.ts decides one figure. Shapes: types.ts.
export type * from "./types.js";
export { findNumbers, jsonNumber, sourceNumbers } from "./scan.js";
export { ground, isGrounded, NumberIndex } from "./ground.js";
/** The allowed set of a guard context (profile, facts, truth, date spans), memoised per context. */
export { allowedNumbers, periodSpan } from "./sources.js";
