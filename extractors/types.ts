// Shapes between the walker, the detectors and the catalog (the JSON contract is core/truth.ts).
import type { EvidenceVia } from "../core/truth.js";

/**
 * A key a detector saw, before the catalog turns it into a technology.
 * `space` names the namespace the key lives in: a package ecosystem (`npm`, `pypi`, `go`, `maven`, `cargo`,
 * `gem`, `composer`, `nuget`), an import namespace (`import:python`, `import:java`; JS and Go imports use
 * `npm` and `go`), or an infrastructure namespace (`terraform-provider`, `terraform-resource`,
 * `cloudformation`, `image`, `helm`, `db-engine`, `gh-action`, `ci`, `cloud`, `tool`); the full list and
 * each space's naming rules are in extractors/catalog/README.md.
 */
export interface DetectionKey {
  space: string;
  name: string;
}

/** Which dependency section a manifest entry came from; non-runtime sections are never production. */
export type DependencyScope = "runtime" | "dev" | "test" | "build" | "optional";

export interface Detection {
  key: DetectionKey;
  line?: number;
  via: EvidenceVia;
  detail: string;
  /**
   * Manifests: the section the dependency is declared in. Infrastructure detectors set it too: CI steps that
   * set up, lint, test or release (`dev`, `test`, `build`; deploy steps stay unset), test containers
   * (`test`); see extractors/infra/ci/, dockerfile.ts and compose.ts.
   */
  scope?: DependencyScope;
  /**
   * The detection says where the product runs or ships from (a deploy script's `gcloud run deploy`, an
   * image pushed to a registry): production even in a file that is tooling by its path, such as a Makefile.
   */
  deploys?: boolean;
}

/** One file handed to a detector: its path relative to the repository root (POSIX separators) and text. */
export interface SourceFile {
  path: string;
  text: string;
}

/** A detector reads one file and reports keys; it never touches the file system. */
export interface FileDetector {
  /** Short id used in warnings, e.g. `package.json`. */
  id: string;
  /** Whether this detector wants the file at `path` (relative, POSIX). Cheap: called for every file. */
  matches(path: string): boolean;
  /**
   * The detector reads only the path (the file's presence says it all): the analyser never reads the file
   * for it and asks it about generated files (lock files) too.
   */
  byName?: boolean;
  /**
   * Load what the detector needs (a parser library, a WASM grammar). The analyser awaits it once, before
   * the first file the detector matches; heavy libraries load here, never at module import.
   */
  init?(): Promise<void>;
  /**
   * Parse the file. Throws `ParseError` for a malformed file; the caller turns it into a warning. Throws
   * `NeedsLoading` when this one file needs something `init()` leaves out because most repositories never
   * need it (the JS/TS detector's fallback grammars, for files oxc-parser rejects): the analyser awaits
   * the error's `loading` and calls `detect()` again, once.
   */
  detect(file: SourceFile): Detection[];
}

/** A malformed input file: the message names what is wrong and, where known, the line. */
export class ParseError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = "ParseError";
  }
}

/** `detect()` needs `loading` to finish first; see `FileDetector.detect`. */
export class NeedsLoading extends Error {
  constructor(
    readonly loading: Promise<void>,
    what: string,
  ) {
    super(`${what} not loaded yet: await the error's \`loading\`, then call detect() again`);
    this.name = "NeedsLoading";
  }
}
