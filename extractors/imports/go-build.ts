// A Go file's `//go:build` constraint, and which builds compile the file. Platform tags (GOOS, GOARCH, cgo,
// a Go version) vary between builds of one product, so any value of them may hold; every other tag is set
// only by `go build -tags …`. A file that holds only with `tools` or `ignore` (the tools.go that pins
// linters, a generator run with `go run`) is tooling; one that needs another tag (`aws || all`) is a build
// variant, in the product only when the repository's builds pass that tag (see go-variants/).

const CONSTRAINT = /^\/\/go:build\s+(.+)$/m;
const TOKEN = /\|\||&&|!|\(|\)|[\w.]+|\S/g;

type Expr = (tags: (tag: string) => boolean) => boolean;

/** Parses a build expression (`a || (b && !c)`); undefined when it does not parse. */
function parse(text: string): { expr: Expr; names: Set<string> } | undefined {
  const tokens = [...text.matchAll(TOKEN)].map((m) => m[0]);
  const names = new Set<string>();
  let at = 0;
  // `a op b op c`, left to right; `||` binds looser than `&&`.
  const chain =
    (op: string, operand: () => Expr | undefined, join: (a: boolean, b: boolean) => boolean) =>
    (): Expr | undefined => {
      let left = operand();
      while (left && tokens[at] === op) {
        at++;
        const [l, right] = [left, operand()];
        left = right && ((tags) => join(l(tags), right(tags)));
      }
      return left;
    };
  const and = chain(
    "&&",
    () => not(),
    (a, b) => a && b,
  );
  const or = chain("||", and, (a, b) => a || b);
  const not = (): Expr | undefined => {
    const token = tokens[at++];
    if (token === "!") {
      const inner = not();
      return inner && ((tags) => !inner(tags));
    }
    if (token === "(") {
      const inner = or();
      return tokens[at++] === ")" ? inner : undefined;
    }
    if (!token || !/^[\w.]+$/.test(token)) return undefined;
    names.add(token);
    return (tags) => tags(token);
  };
  const expr = or();
  return expr && at === tokens.length ? { expr, names } : undefined;
}

const GOOS =
  "aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos";
const GOARCH =
  "386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm";
const PLATFORM_TAGS: ReadonlySet<string> = new Set(`${GOOS} ${GOARCH} unix cgo gc gccgo`.split(" "));
const isPlatformTag = (tag: string) =>
  PLATFORM_TAGS.has(tag) || /^go1\.\d+$/.test(tag) || tag.startsWith("goexperiment.");
const TOOL_TAGS: ReadonlySet<string> = new Set(["tools", "ignore"]);
// Past this many platform tags in one expression, only the usual build's (Linux, amd64, cgo) are tried.
const MAX_FREE_TAGS = 10;
const USUAL_PLATFORM = /^(?:linux|unix|amd64|cgo|gc|go1\.\d+)$/;

export interface GoConstraint {
  /** The expression as written after `//go:build`. */
  expression: string;
  /** The tags it names that only `-tags` sets. */
  customTags: string[];
  /** Whether some platform compiles the file with exactly these custom tags set. */
  holdsWith(tags: ReadonlySet<string>): boolean;
}

/** The file's build constraint, read from its header (before the package clause); undefined when none parses. */
export function readConstraint(text: string): GoConstraint | undefined {
  const packageAt = text.search(/^package\s/m);
  const head = packageAt === -1 ? text : text.slice(0, packageAt);
  const expression = CONSTRAINT.exec(head)?.[1]
    ?.replace(/\/\/.*$/, "")
    .trim();
  return expression === undefined ? undefined : parseConstraint(expression);
}

/** A `//go:build` expression (`aws || all`); undefined when it does not parse. */
export function parseConstraint(expression: string): GoConstraint | undefined {
  const parsed = parse(expression);
  if (!parsed) return undefined;
  const names = [...parsed.names];
  const platform = names.filter(isPlatformTag);
  const customTags = names.filter((name) => !isPlatformTag(name));
  const holdsWith = (tags: ReadonlySet<string>) => {
    if (platform.length > MAX_FREE_TAGS)
      return parsed.expr((tag) => (isPlatformTag(tag) ? USUAL_PLATFORM.test(tag) : tags.has(tag)));
    for (let bits = 0; bits < 2 ** platform.length; bits++) {
      const on = new Set(platform.filter((_, i) => bits & (1 << i)));
      if (parsed.expr((tag) => (isPlatformTag(tag) ? on.has(tag) : tags.has(tag)))) return true;
    }
    return false;
  };
  return { expression, customTags, holdsWith };
}

/** How a product build treats the file: always built, built only for a tool run, or a build variant. */
export type GoBuildRole = "built" | "tools" | "variant";

export function buildRole(constraint: GoConstraint | undefined): GoBuildRole {
  if (!constraint || constraint.holdsWith(new Set())) return "built";
  const toolTags = constraint.customTags.filter((tag) => TOOL_TAGS.has(tag));
  if (toolTags.some((tag) => constraint.holdsWith(new Set([tag])))) return "tools";
  return "variant";
}
