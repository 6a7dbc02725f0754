// Gemfile: `gem` declarations and the Bundler groups around them. A gem's own repository loads its gemspec
// from the Gemfile (`gemspec`): the gemspec's `add_dependency` are what the gem needs at runtime, and the
// Gemfile's ungrouped gems are what its developers need (rake, rubocop, simplecov, the test templates).
import { type DependencyScope, type Detection, type FileDetector, ParseError } from "../types.js";
import { type RubyToken, tokenizeRuby } from "./ruby-tokens.js";
import { type ManifestDetection, baseName, manifestDetection } from "./shared.js";

const TEST_GROUPS = new Set(["test", "tests", "testing", "spec"]);
const DEV_GROUPS = new Set([
  "development",
  "dev",
  "doc",
  "docs",
  "lint",
  "linting",
  "rubocop",
  "tools",
  "debug",
  "ci",
]);

/** Gems only in test groups are test; only in development-like groups dev; any other group is runtime. */
function groupsScope(groups: string[]): DependencyScope {
  const names = groups.map((g) => g.toLowerCase());
  if (names.length === 0 || names.some((g) => !TEST_GROUPS.has(g) && !DEV_GROUPS.has(g))) return "runtime";
  return names.every((g) => TEST_GROUPS.has(g)) ? "test" : "dev";
}

const OPENS = new Set(["(", "[", "{"]);
const CLOSES = new Set([")", "]", "}"]);

/** Splits tokens into statements; a newline inside brackets or after `,` / `=>` continues the statement. */
function statements(tokens: RubyToken[]): RubyToken[][] {
  const out: RubyToken[][] = [];
  let current: RubyToken[] = [];
  let depth = 0;
  for (const token of tokens) {
    if (token.kind === "punct" && OPENS.has(token.value)) depth++;
    if (token.kind === "punct" && CLOSES.has(token.value)) depth = Math.max(0, depth - 1);
    const last = current[current.length - 1];
    const continues = depth > 0 || (last?.kind === "punct" && (last.value === "," || last.value === "=>"));
    if (token.kind !== "newline") current.push(token);
    else if (!continues && current.length > 0) {
      out.push(current);
      current = [];
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Group names in a value: `:test`, `"test"`, `%i[development test]` or `[:development, :test]`. */
function groupNames(tokens: RubyToken[], start: number): string[] {
  const first = tokens[start];
  if (!first) return [];
  if (first.kind === "symbol" || first.kind === "string") return [first.value];
  if (first.kind === "list") return first.items ?? [];
  if (first.kind !== "punct" || first.value !== "[") return [];
  const names: string[] = [];
  for (let i = start + 1; i < tokens.length && tokens[i]?.value !== "]"; i++) {
    const token = tokens[i];
    if (token && (token.kind === "symbol" || token.kind === "string")) names.push(token.value);
  }
  return names;
}

/** The `group:`/`groups:` option of a gem (also the `:group =>` spelling). */
function optionGroups(args: RubyToken[]): string[] {
  for (let i = 0; i < args.length; i++) {
    const token = args[i];
    const isGroupKey = token?.value === "group" || token?.value === "groups";
    if (isGroupKey && token?.kind === "label") return groupNames(args, i + 1);
    if (isGroupKey && token?.kind === "symbol" && args[i + 1]?.value === "=>") return groupNames(args, i + 2);
  }
  return [];
}

/** Group names a `group :a, :b do` statement opens (option values such as `optional: true` excluded). */
function blockGroups(statement: RubyToken[]): string[] {
  const names: string[] = [];
  for (let i = 1; i < statement.length && statement[i]?.value !== "do"; i++) {
    const token = statement[i];
    if (token?.kind === "label") i++;
    else if (token?.kind === "symbol" || token?.kind === "string") names.push(token.value);
    else if (token?.kind === "list") names.push(...(token.items ?? []));
  }
  return names;
}

function gemDetection(statement: RubyToken[], groups: string[]): Detection | undefined {
  const args = statement[1]?.value === "(" ? statement.slice(2) : statement.slice(1);
  const name = args[0];
  if (name?.kind !== "string") return undefined; // `gem ENV["X"]`: not a literal name
  const versions: string[] = [];
  for (let i = 1; args[i]?.value === "," && args[i + 1]?.kind === "string"; i += 2)
    versions.push(args[i + 1]?.value ?? "");
  const detail = `gem ${[name.value, ...versions].map((v) => JSON.stringify(v)).join(", ")}`;
  const allGroups = [...groups, ...optionGroups(args)];
  const detection: ManifestDetection = manifestDetection(
    "gem",
    name.value,
    name.line,
    detail,
    groupsScope(allGroups),
  );
  // Outside every group a gem's scope is Bundler's default, not the author's choice.
  if (allGroups.length === 0) detection.unseparated = true;
  return detection;
}

interface Block {
  line: number;
  groups: string[];
}

function isKeyword(statement: RubyToken[], i: number): boolean {
  const before = statement[i - 1];
  return (
    statement[i]?.kind === "word" &&
    !(before?.kind === "punct" && (before.value === "." || before.value === "::"))
  );
}

/** Pushes and pops `do`/`if`/`def`/... blocks a statement opens and `end`s it closes. */
function trackBlocks(statement: RubyToken[], stack: Block[]): void {
  const isGroup = statement[0]?.kind === "word" && statement[0].value === "group";
  let loopAwaitsDo = false; // `while x do ... end` is one block, not two
  statement.forEach((token, i) => {
    if (!isKeyword(statement, i)) return;
    const word = token.value;
    const statementStart =
      i === 0 || (statement[i - 1]?.kind === "punct" && /^[=(]$/.test(statement[i - 1]?.value ?? ""));
    if (word === "do" && loopAwaitsDo) {
      loopAwaitsDo = false;
    } else if (word === "do") {
      stack.push({ line: token.line, groups: isGroup ? blockGroups(statement) : [] });
    } else if (
      ["case", "begin", "def", "class", "module"].includes(word) ||
      (statementStart && ["if", "unless", "while", "until", "for"].includes(word))
    ) {
      loopAwaitsDo = ["while", "until", "for"].includes(word);
      stack.push({ line: token.line, groups: [] });
    } else if (word === "end" && !stack.pop()) {
      throw new ParseError(`The \`end\` on line ${token.line} closes no block.`, token.line);
    }
  });
}

export const gemfileDetector: FileDetector = {
  id: "Gemfile",
  matches: (path) => ["Gemfile", "gems.rb"].includes(baseName(path)),
  detect({ text }) {
    const detections: Detection[] = [];
    const stack: Block[] = [];
    let loadsGemspec = false;
    for (const statement of statements(tokenizeRuby(text))) {
      const first = statement[0];
      if (first?.kind === "word" && first.value === "gemspec") loadsGemspec = true;
      if (first?.kind === "word" && first.value === "gem") {
        const enclosingGroups = stack.flatMap((block) => block.groups);
        const found = gemDetection(statement, enclosingGroups);
        if (found) detections.push(found);
      }
      trackBlocks(statement, stack);
    }
    const open = stack[stack.length - 1];
    if (open) {
      throw new ParseError(`The block opened on line ${open.line} is never closed with \`end\`.`, open.line);
    }
    return loadsGemspec ? detections.map(asDevelopment) : detections;
  },
};

/** An ungrouped gem of a Gemfile that loads a gemspec: its scope is the author's choice, development. */
function asDevelopment(detection: ManifestDetection): Detection {
  if (!detection.unseparated) return detection;
  const { unseparated: _, ...rest } = detection;
  return { ...rest, scope: "dev", detail: `${rest.detail} (beside \`gemspec\`: for development)` };
}

const GEMSPEC_SCOPES = new Map<string, DependencyScope>([
  ["add_dependency", "runtime"],
  ["add_runtime_dependency", "runtime"],
  ["add_development_dependency", "dev"],
]);

/** A gemspec's `spec.add_dependency "rack", ">= 3"` (any receiver), runtime or development. */
export const gemspecDetector: FileDetector = {
  id: "gemspec",
  matches: (path) => path.toLowerCase().endsWith(".gemspec"),
  detect({ text }) {
    const detections: Detection[] = [];
    for (const statement of statements(tokenizeRuby(text))) {
      for (let i = 1; i < statement.length; i++) {
        const scope = GEMSPEC_SCOPES.get(statement[i]?.value ?? "");
        if (!scope || statement[i - 1]?.value !== "." || statement[i]?.kind !== "word") continue;
        const args = statement[i + 1]?.value === "(" ? statement.slice(i + 2) : statement.slice(i + 1);
        const name = args[0];
        if (name?.kind !== "string") continue;
        const versions = args.filter((t, j) => j > 0 && t.kind === "string" && args[j - 1]?.value === ",");
        const quoted = [name, ...versions].map((t) => JSON.stringify(t.value)).join(", ");
        detections.push(
          manifestDetection("gem", name.value, name.line, `${statement[i]!.value} ${quoted}`, scope),
        );
      }
    }
    return detections;
  },
};
