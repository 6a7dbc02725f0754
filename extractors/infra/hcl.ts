// A small reader for HCL native syntax (Terraform `.tf`, `.terraform.lock.hcl`), written for what the Terraform
// detector needs: the blocks with their labels and lines, and attribute values as far as they are literal.
// hcl-lexer.ts turns the text into tokens, hcl-parser.ts builds the tree; both throw `HclError` (a
// `ParseError`) naming the line where a problem starts.
import { tokenize } from "./hcl-lexer.js";
import { parse } from "./hcl-parser.js";
import type { HclBody } from "./hcl-syntax.js";

export type {
  HclAttribute,
  HclBlock,
  HclBody,
  HclExpression,
  HclObjectItem,
  HclTemplatePart,
} from "./hcl-syntax.js";
export { HclError } from "./hcl-syntax.js";

/** The top-level body of an HCL file. A leading byte order mark is skipped (offsets then count from after it). */
export function readHcl(text: string): HclBody {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  return parse(source, tokenize(source));
}
