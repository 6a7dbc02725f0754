// A Go file's `//go:build` constraint: whether the file is built only for a tool run, as `//go:build tools`
// (the tools.go that pins linters and generators) and `//go:build ignore` (a generator run with `go run`)
// are. Such a file's imports are tooling: no build of the product compiles it.

const CONSTRAINT = /^\/\/go:build\s+(.+)$/m;
const TOKEN = /\|\||&&|!|\(|\)|[\w.]+|\S/g;

type Expr = (tags: (tag: string) => boolean) => boolean;

/** Parses a build expression (`a || (b && !c)`); undefined when it does not parse. */
function parse(text: string): Expr | undefined {
  const tokens = [...text.matchAll(TOKEN)].map((m) => m[0]);
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
    return token && /^[\w.]+$/.test(token) ? (tags) => tags(token) : undefined;
  };
  const expr = or();
  return expr && at === tokens.length ? expr : undefined;
}

const TOOL_TAGS = new Set(["tools", "ignore"]);
// The tags of the usual product build, a Linux container on amd64 with cgo and a current Go.
const PLATFORM = /^(?:linux|unix|amd64|cgo|gc|go1\.\d+)$/;

/** Whether the file's constraint holds only when `tools` or `ignore` is set. */
export function builtOnlyForTools(text: string): boolean {
  const packageAt = text.search(/^package\s/m);
  const head = packageAt === -1 ? text : text.slice(0, packageAt);
  const line = CONSTRAINT.exec(head)?.[1];
  const expr = line === undefined ? undefined : parse(line.replace(/\/\/.*$/, ""));
  if (!expr) return false;
  const ordinary = expr((tag) => PLATFORM.test(tag));
  return !ordinary && expr((tag) => PLATFORM.test(tag) || TOOL_TAGS.has(tag));
}
