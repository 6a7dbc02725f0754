// Gradle build scripts (Groovy and Kotlin DSL); version catalogs are in gradle-catalog.ts. Scripts are programs, so this reads
// only the declarative shapes: `dependencies { config(...) }`, `plugins { id(...) }` and `apply plugin:`.
// Version-catalog references (`libs.foo`) and variables cannot be resolved and are skipped.
import { type DependencyScope, type Detection, type FileDetector, ParseError } from "../types.js";
import { type GradleToken, tokenizeGradle } from "./gradle-tokens.js";
import { mavenDetections } from "./maven.js";
import { baseName, byLine, manifestDetection } from "./shared.js";

export { versionCatalogDetector } from "./gradle-catalog.js";

const EXACT_CONFIGURATIONS = new Map<string, DependencyScope>([
  ["implementation", "runtime"],
  ["api", "runtime"],
  ["compile", "runtime"],
  ["runtime", "runtime"],
  ["runtimeOnly", "runtime"],
  ["compileOnlyApi", "runtime"],
  ["compileOnly", "build"],
  ["annotationProcessor", "build"],
  ["kapt", "build"],
  ["ksp", "build"],
  ["classpath", "build"], // buildscript { dependencies { classpath ... } }: plugins on the build's classpath
  ["coreLibraryDesugaring", "build"],
  ["developmentOnly", "dev"],
]);
// `testImplementation`, `debugApi`, `integrationTestRuntimeOnly`, `kaptTest`: a source set or variant prefix.
const PREFIXED_CONFIGURATION =
  /^([a-z]\w*?)(Implementation|Api|CompileOnly|RuntimeOnly|AnnotationProcessor|Compile|Runtime)$/;
const PREFIXED_PROCESSOR = /^(?:kapt|ksp)(\w+)$/;

/** The scope of a dependency configuration, or undefined for names that are not one. */
export function configurationScope(name: string): DependencyScope | undefined {
  const exact = EXACT_CONFIGURATIONS.get(name);
  if (exact) return exact;
  const prefixed = PREFIXED_CONFIGURATION.exec(name);
  const processor = PREFIXED_PROCESSOR.exec(name);
  const variant = prefixed?.[1] ?? processor?.[1];
  if (variant === undefined) return undefined;
  if (/test/i.test(variant)) return "test";
  const base = prefixed?.[2];
  if (processor || base === "CompileOnly" || base === "AnnotationProcessor") return "build";
  return /^debug/.test(variant) ? "dev" : "runtime";
}

interface Block {
  name: string;
  /** Identifiers in the statement opening the block, e.g. `val jvmTest by getting`. */
  head: string[];
}

interface Coordinate {
  group: string;
  artifact: string;
  version?: string;
  line: number;
}

/** `group:artifact[:version[:classifier]][@ext]` with literal group and artifact, else undefined. */
function parseCoordinate(token: GradleToken): Coordinate | undefined {
  const [group = "", artifactPart = "", version] = token.value.split(":");
  const artifact = artifactPart.replace(/@.*$/, "");
  const literal = /^[\w.-]+$/;
  if (!literal.test(group) || !literal.test(artifact)) return undefined; // templates, paths, `project(":x")` names
  return version
    ? { group, artifact, version: version.replace(/@.*$/, ""), line: token.line }
    : { group, artifact, line: token.line };
}

class GradleScriptReader {
  readonly detections: Detection[] = [];
  private readonly partner = new Map<number, number>();

  constructor(private readonly tokens: GradleToken[]) {
    this.matchBrackets();
  }

  /** Pairs (), [] and {} by index; an unbalanced one is a malformed script. */
  private matchBrackets(): void {
    const open: number[] = [];
    const pairs: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
    this.tokens.forEach((token, i) => {
      if (token.kind !== "punct") return;
      if ("([{".includes(token.value)) open.push(i);
      const wanted = pairs[token.value];
      if (wanted === undefined) return;
      const opener = open.pop();
      if (opener === undefined || this.tokens[opener]?.value !== wanted) {
        throw new ParseError(
          `The \`${token.value}\` on line ${token.line} has no matching \`${wanted}\`.`,
          token.line,
        );
      }
      this.partner.set(opener, i);
      this.partner.set(i, opener);
    });
    const unclosed = this.tokens[open[open.length - 1] ?? -1];
    if (unclosed) {
      throw new ParseError(
        `The \`${unclosed.value}\` on line ${unclosed.line} is never closed.`,
        unclosed.line,
      );
    }
  }

  private is(i: number, value: string): boolean {
    const token = this.tokens[i];
    return token !== undefined && token.value === value && (token.kind === "punct" || token.kind === "ident");
  }

  private startsStatement(i: number): boolean {
    const before = this.tokens[i - 1];
    return !before || before.kind === "newline" || (before.kind === "punct" && "{};".includes(before.value));
  }

  /** The identifiers of the statement ending just before the `{` at `brace`, skipping argument lists. */
  private blockHead(brace: number): string[] {
    const head: string[] = [];
    for (let i = brace - 1; i >= 0; i--) {
      const token = this.tokens[i];
      const endsStatement =
        token?.kind === "newline" || (token?.kind === "punct" && "{};".includes(token.value));
      if (!token || endsStatement) break;
      if (token.kind === "punct" && token.value === ")") i = this.partner.get(i) ?? i;
      else if (token.kind === "ident") head.unshift(token.value);
    }
    return head;
  }

  read(): void {
    const blocks: Block[] = [];
    this.tokens.forEach((token, i) => {
      if (token.kind === "punct" && token.value === "{") {
        const head = this.blockHead(i);
        blocks.push({ name: head[head.length - 1] ?? "", head });
      } else if (token.kind === "punct" && token.value === "}") {
        blocks.pop();
      } else if (token.kind === "ident" && this.startsStatement(i)) {
        const inner = blocks[blocks.length - 1]?.name;
        if (inner === "dependencies") this.dependency(i, blocks);
        else if (inner === "plugins") this.plugin(i);
        if (token.value === "apply") this.appliedPlugin(i);
      }
    });
  }

  /** The argument tokens after the call name at `i`: `name(...)` or Groovy's `name arg, arg`. */
  private argumentsAfter(i: number): GradleToken[] | undefined {
    const next = this.tokens[i + 1];
    if (!next) return undefined;
    if (next.kind === "punct" && next.value === "(") return this.tokens.slice(i + 2, this.partner.get(i + 1));
    if (next.kind !== "string" && next.kind !== "ident") return undefined; // `x = ...`, `x.y(...)`, bare `x`
    let end = i + 1;
    for (; end < this.tokens.length; end++) {
      const token = this.tokens[end];
      if (!token) break;
      if (token.kind === "punct" && "([".includes(token.value)) end = this.partner.get(end) ?? end;
      else if (token.kind === "punct" && "{};".includes(token.value)) break;
      else if (token.kind === "newline" && !this.is(end - 1, ",")) break;
    }
    return this.tokens.slice(i + 1, end);
  }

  /** Splits arguments at top-level commas (newlines dropped). */
  private splitArguments(args: GradleToken[]): GradleToken[][] {
    const parts: GradleToken[][] = [[]];
    let depth = 0;
    for (const token of args) {
      if (token.kind === "newline") continue;
      if (token.kind === "punct" && "([{".includes(token.value)) depth++;
      if (token.kind === "punct" && ")]}".includes(token.value)) depth--;
      if (depth === 0 && token.kind === "punct" && token.value === ",") parts.push([]);
      else parts[parts.length - 1]?.push(token);
    }
    return parts.filter((part) => part.length > 0);
  }

  /** Coordinates in an argument list: strings, `platform(...)`, `kotlin("x")`, `group:/name:` maps. */
  private coordinates(args: GradleToken[]): Coordinate[] {
    const found: Coordinate[] = [];
    const named = new Map<string, GradleToken>();
    for (const part of this.splitArguments(args)) {
      const [first, second, third] = part;
      if (!first) continue;
      const call = second?.kind === "punct" && second.value === "(";
      if (first.kind === "string") {
        const coordinate = parseCoordinate(first);
        if (coordinate) found.push(coordinate);
      } else if (first.kind === "ident" && call && ["platform", "enforcedPlatform"].includes(first.value)) {
        found.push(...this.coordinates(part.slice(2, -1)));
      } else if (first.kind === "ident" && call && first.value === "kotlin" && third?.kind === "string") {
        found.push({ group: "org.jetbrains.kotlin", artifact: `kotlin-${third.value}`, line: third.line });
      } else if (first.kind === "punct" && first.value === "[") {
        found.push(...this.coordinates(part.slice(1, -1))); // a Groovy map literal
      } else if (
        first.kind === "ident" &&
        (second?.value === ":" || second?.value === "=") &&
        third?.kind === "string"
      ) {
        named.set(first.value, third);
      }
    }
    const [group, name, version] = [named.get("group"), named.get("name"), named.get("version")];
    if (group && name && !group.interpolated && !name.interpolated) {
      found.push({ group: group.value, artifact: name.value, version: version?.value, line: group.line });
    }
    return found;
  }

  private dependency(i: number, blocks: Block[]): void {
    const configuration = this.tokens[i]?.value ?? "";
    let scope = configurationScope(configuration);
    if (!scope) return;
    // Kotlin Multiplatform and test suites: `commonTest.dependencies { implementation(...) }`.
    if (scope === "runtime" && blocks.some((b) => b.head.some((id) => /test/i.test(id)))) scope = "test";
    for (const c of this.coordinates(this.argumentsAfter(i) ?? [])) {
      const key = `${c.group}:${c.artifact}`;
      const detail = `${configuration} ${c.version ? `${key}:${c.version}` : key}`;
      this.detections.push(...mavenDetections(key, c.line, detail, scope));
    }
  }

  private pushPlugin(id: string, line: number, detail: string): void {
    this.detections.push(manifestDetection("gradle-plugin", id, line, detail, "build"));
  }

  /** `id("x")`, `id 'x' version '1'`, `kotlin("jvm")`, or a core plugin by bare name (`java`, `` `java-library` ``). */
  private plugin(i: number): void {
    const token = this.tokens[i];
    if (!token) return;
    const args = this.argumentsAfter(i);
    const first = args?.[0];
    if (token.value === "id" && first?.kind === "string" && !first.interpolated) {
      this.pushPlugin(first.value, first.line, `plugins: id ${first.value}`);
    } else if (token.value === "kotlin" && first?.kind === "string" && this.is(i + 1, "(")) {
      this.pushPlugin(`org.jetbrains.kotlin.${first.value}`, first.line, `plugins: kotlin ${first.value}`);
    } else if (args === undefined && !["id", "kotlin", "alias"].includes(token.value)) {
      const next = this.tokens[i + 1];
      if (!next || next.kind === "newline" || this.is(i + 1, "}") || this.is(i + 1, ";")) {
        this.pushPlugin(token.value, token.line, `plugins: ${token.value}`);
      }
    }
  }

  /** `apply plugin: 'x'` (Groovy) and `apply(plugin = "x")` (Kotlin). */
  private appliedPlugin(i: number): void {
    const args = this.argumentsAfter(i) ?? [];
    const [key, separator, value] = args;
    if (key?.value !== "plugin" || !(separator?.value === ":" || separator?.value === "=")) return;
    if (value?.kind !== "string" || value.interpolated) return;
    this.pushPlugin(value.value, value.line, `apply plugin: ${value.value}`);
  }
}

export const gradleScriptDetector: FileDetector = {
  id: "build.gradle",
  // Any script but settings: convention plugins (buildSrc/**/*.gradle.kts) and shared `*.gradle` files
  // declare dependencies too; settings scripts only configure plugin resolution.
  matches(path) {
    const base = baseName(path);
    return (base.endsWith(".gradle") || base.endsWith(".gradle.kts")) && !base.startsWith("settings.gradle");
  },
  detect({ path, text }) {
    const reader = new GradleScriptReader(tokenizeGradle(text, path.endsWith(".kts")));
    reader.read();
    return byLine(reader.detections);
  },
};
