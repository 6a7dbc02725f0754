// Go build variants: a file behind `//go:build aws || all` is in the product only when the repository's own
// builds pass such a tag (`go build -tags=google`, goreleaser's `tags:`). The tags are read from the
// build files a repository runs (Makefiles, Dockerfiles, scripts, CI and Cloud Build YAML), with
// `${VAR}` resolved from the definitions beside them. A variant no build sets is code the shipped product
// leaves out: an example of use, never production. When a build's tags cannot be resolved, the variant
// stays production: not knowing is no reason to cut the truth.
import { parse as parseYaml } from "yaml";
import { classifyPath } from "./classify.js";
import { buildRole, parseConstraint, readConstraint } from "./imports/go-build.js";
import type { RepoSnapshot } from "./sources/types.js";
import type { Detection } from "./types.js";

/** One `-tags` a build passes: the tags (undefined when a variable in it is defined nowhere) and where. */
export interface BuildTagSet {
  tags: ReadonlySet<string> | undefined;
  where: string;
}

const BUILD_FILE =
  /(?:^|\/)(?:[Mm]akefile|GNUmakefile|[^/]*\.mk|Dockerfile[^/]*|[^/]*\.dockerfile|Containerfile|[Jj]ustfile|Earthfile|[^/]*\.(?:sh|bash|ya?ml))$/;
// Extensionless scripts in the folders that hold them (`scripts/build`).
const SCRIPT = /(?:^|\/)(?:scripts?|hack|build|bin|ci)\/[^/.]+$/;
// A linter's tags say what it lints, not what ships.
const LINT_CONFIG = /(?:^|\/)\.?golangci\.[^/]*$/;
const MAX_FILES = 400;
const dirOf = (path: string) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "");
const MAX_BYTES = 256 * 1024;

/** Whether vouch reads the file for the tags a build passes. */
export function isBuildFile(path: string): boolean {
  if (LINT_CONFIG.test(path) || !(BUILD_FILE.test(path) || SCRIPT.test(path))) return false;
  // By its folder: a Makefile is tooling by name, wherever it is; one under examples/ builds an example.
  const kind = classifyPath(`${dirOf(path) || "."}/_`);
  return kind === "production" || kind === "tooling";
}

// `-tags=a,b`, `-tags "a b"`, `-tags '${TAGS}'`: Go's single-dash flag (git's `--tags` takes no value).
const TAGS_FLAG = /(?<![\w-])-tags(?:=|\s+)(?:"([^"]*)"|'([^']*)'|((?:\$\{[^}\n]*\}|[^\s'"\]\\;])+))/g;
// A line that runs tests or lint: its tags are not the product's.
const NOT_A_BUILD = /\bgo\s+(?:test|vet)\b|golangci|staticcheck/;
// `NAME=value`, `NAME ?= value`, `NAME: value`, `ARG NAME=value`, and a shell default `${NAME:-value}`.
const DEFINITION =
  /(?:^|[\s"'{,])([A-Za-z_]\w*)\s*(?:[?:+]?=|:(?=\s))\s*(?:"([^"\n]*)"|'([^'\n]*)'|((?:\$\{[^}\n]*\}|[^\s#"'\n])*))/gm;
const SHELL_DEFAULT = /\$\{([A-Za-z_]\w*):?-(?:"([^"}]*)"|'([^'}]*)'|([^}]*))\}/g;
const VARIABLE = /\$\{([A-Za-z_]\w*)(?::?-[^}]*)?\}|\$\(([A-Za-z_]\w*)\)|\$([A-Za-z_]\w*)/g;

interface BuildText {
  path: string;
  text: string;
}

/** Every definition of each variable in the build files: a build may set it in one file and use it in another. */
function definitions(files: readonly BuildText[]): Map<string, string[]> {
  const defined = new Map<string, string[]>();
  const add = (name: string, value: string) => defined.set(name, [...(defined.get(name) ?? []), value]);
  for (const { text } of files) {
    // Definitions nest (`SUBS="${SUBS},_GO_TAGS=${GO_TAGS:-google}"`): go on just past each name.
    DEFINITION.lastIndex = 0;
    for (let m = DEFINITION.exec(text); m; m = DEFINITION.exec(text)) {
      add(m[1]!, m[2] ?? m[3] ?? m[4] ?? "");
      DEFINITION.lastIndex = m.index + m[0].indexOf(m[1]!) + m[1]!.length;
    }
    for (const m of text.matchAll(SHELL_DEFAULT)) add(m[1]!, m[2] ?? m[3] ?? m[4] ?? "");
  }
  return defined;
}

/** The values a flag's text may take, variables replaced; undefined when one is defined nowhere. */
function expand(value: string, defined: ReadonlyMap<string, string[]>, depth = 0): string[] | undefined {
  const match = VARIABLE.exec(value);
  VARIABLE.lastIndex = 0;
  if (!match) return [value];
  const name = match[1] ?? match[2] ?? match[3]!;
  const values = defined.get(name);
  if (!values || depth > 4) return undefined;
  const out: string[] = [];
  for (const replacement of new Set(values)) {
    const expanded = expand(value.replace(match[0], replacement), defined, depth + 1);
    if (expanded) out.push(...expanded);
  }
  return out.length > 0 ? out : undefined;
}

const tagList = (value: string) => new Set(value.split(/[\s,]+/).filter(Boolean));

/** The tag sets the builds in these files pass (pure; `repositoryBuildTags` reads the files). */
export function buildTagSets(files: readonly BuildText[]): BuildTagSet[] {
  const defined = definitions(files);
  const sets: BuildTagSet[] = [];
  for (const { path, text } of files) {
    const lines = text.split("\n");
    lines.forEach((line, index) => {
      if (NOT_A_BUILD.test(line)) return;
      for (const m of line.matchAll(TAGS_FLAG)) {
        const where = `${path}:${index + 1}`;
        const values = expand(m[1] ?? m[2] ?? m[3] ?? "", defined);
        if (!values) sets.push({ tags: undefined, where });
        else for (const value of values) sets.push({ tags: tagList(value), where });
      }
    });
    if (/(?:^|\/)\.?goreleaser\.ya?ml$/.test(path)) sets.push(...goreleaserTags(path, text));
  }
  return sets;
}

/** goreleaser's `builds[].tags`. */
function goreleaserTags(path: string, text: string): BuildTagSet[] {
  let config: unknown;
  try {
    config = parseYaml(text);
  } catch {
    return [];
  }
  const builds = (config as { builds?: unknown } | null)?.builds;
  if (!Array.isArray(builds)) return [];
  return builds.flatMap((build: { tags?: unknown }) =>
    Array.isArray(build?.tags) ? [{ tags: new Set(build.tags.map(String)), where: path }] : [],
  );
}

/** Reads the repository's build files for the tags its builds pass. */
export async function repositoryBuildTags(snapshot: RepoSnapshot): Promise<BuildTagSet[]> {
  const files: BuildText[] = [];
  for (const file of snapshot.files) {
    if (files.length >= MAX_FILES || file.size > MAX_BYTES || !isBuildFile(file.path)) continue;
    try {
      files.push({ path: file.path, text: (await snapshot.read(file.path)).toString("utf8") });
    } catch {
      // A file the source did not keep says nothing of the build.
    }
  }
  return buildTagSets(files);
}

/** A variant's verdict: built by one of the repository's builds (with where), or by none of them. */
export type VariantVerdict = { built: true; where?: string } | { built: false; builds: string[] };

export function judgeVariant(expression: string, sets: readonly BuildTagSet[]): VariantVerdict {
  const constraint = parseConstraint(expression);
  if (!constraint) return { built: true };
  const building = sets.find((set) => set.tags === undefined || constraint.holdsWith(set.tags));
  if (building) return { built: true, ...(building.tags ? { where: building.where } : {}) };
  const builds = [...new Set(sets.map((set) => [...(set.tags ?? [])].join(",")))].filter(Boolean);
  return { built: false, builds };
}

/** A production Go file as the variant step needs it. */
export interface GoFileFacts {
  path: string;
  /** Its own `//go:build` expression when it is a build variant. */
  variant?: string;
  /** `package main`: a program, built for itself whoever imports it. */
  main: boolean;
  /** Its import paths. */
  imports: readonly string[];
}

/**
 * Each build variant's expression, by file: its own constraint, and for a package of the repository that
 * only variants import (`internal/azurekeyvault`, imported by the `azure` files alone), the OR of its
 * importers' constraints. `modules` maps each go.mod's folder to its module path.
 */
export function variantsByFile(
  files: readonly GoFileFacts[],
  modules: ReadonlyMap<string, string>,
): Map<string, string> {
  const importPath = (dir: string): string | undefined => {
    for (let at = dir; ; at = dirOf(at)) {
      const module = modules.get(at);
      if (module !== undefined) return at === dir ? module : `${module}/${dir.slice(at ? at.length + 1 : 0)}`;
      if (at === "") return undefined;
    }
  };
  const packages = new Map<string, GoFileFacts[]>();
  for (const file of files) {
    const path = importPath(dirOf(file.path));
    if (path !== undefined) packages.set(path, [...(packages.get(path) ?? []), file]);
  }
  const importers = new Map<string, GoFileFacts[]>();
  for (const file of files)
    for (const name of file.imports)
      if (packages.has(name)) importers.set(name, [...(importers.get(name) ?? []), file]);
  const variant = new Map<string, string>();
  for (const file of files) if (file.variant) variant.set(file.path, file.variant);
  // Until nothing changes: a package whose every importer is a variant is one, under their constraints.
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, members] of packages) {
      const by = importers.get(name) ?? [];
      if (members.some((m) => m.main) || by.length === 0 || members.every((m) => variant.has(m.path)))
        continue;
      const conditions = by.map((importer) => variant.get(importer.path));
      if (conditions.some((condition) => condition === undefined)) continue;
      const either = [...new Set(conditions)].map((c) => `(${c})`).join(" || ");
      for (const member of members) {
        const own = member.variant;
        variant.set(member.path, own ? `(${own}) && (${either})` : either);
      }
      changed = true;
    }
  }
  return variant;
}

/** What the variant step needs of one production Go file, from its text and its import detections. */
export function goFileFacts(path: string, text: string, detections: readonly Detection[]): GoFileFacts {
  const constraint = readConstraint(text);
  return {
    path,
    ...(buildRole(constraint) === "variant" ? { variant: constraint!.expression } : {}),
    main: /^package\s+main\b/m.test(text),
    imports: detections.filter((d) => d.via === "import" && d.key.space === "go").map((d) => d.key.name),
  };
}

/** Each go.mod's folder and module path. */
export async function goModules(snapshot: RepoSnapshot): Promise<Map<string, string>> {
  const modules = new Map<string, string>();
  for (const file of snapshot.files) {
    if (!/(?:^|\/)go\.mod$/.test(file.path) || file.size > MAX_BYTES) continue;
    try {
      const module = /^module\s+"?([^\s"]+)"?/m.exec((await snapshot.read(file.path)).toString("utf8"))?.[1];
      if (module) modules.set(dirOf(file.path), module);
    } catch {
      // An unreadable go.mod names no module.
    }
  }
  return modules;
}
