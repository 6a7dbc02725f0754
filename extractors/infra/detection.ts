import type { Detection } from "../types.js";
import type { EvidenceVia } from "../../core/truth.js";

/** Shorthand for a Detection; `line` is omitted rather than set to undefined when unknown. */
export function detection(
  space: string,
  name: string,
  via: EvidenceVia,
  line: number | undefined,
  detail: string,
): Detection {
  return line === undefined
    ? { key: { space, name }, via, detail }
    : { key: { space, name }, line, via, detail };
}
