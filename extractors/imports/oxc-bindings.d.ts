// Types for oxc-parser's native binding, which js.ts calls without the package's `parseSync` wrapper
// (see js.ts for why). The package ships no declarations for this file; oxc-parser's version is pinned.
declare module "oxc-parser/src-js/bindings.js" {
  import type { Comment, EcmaScriptModule, OxcError, ParserOptions } from "oxc-parser";

  /**
   * The native result. Each getter moves its value out of Rust: a second read returns an empty value.
   * `program` is `{ node, fixes }` as JSON text.
   */
  export interface RawParseResult {
    readonly program: string;
    readonly module: EcmaScriptModule;
    readonly comments: Comment[];
    readonly errors: OxcError[];
  }

  export function parseSync(
    filename: string,
    sourceText: string,
    options?: ParserOptions | null,
  ): RawParseResult;
}
