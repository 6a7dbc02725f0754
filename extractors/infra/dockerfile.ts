// Dockerfiles: the base image of every stage and images copied from with `COPY --from=<image>`.
// A container that runs tests is test evidence: a Dockerfile whose name or path says so
// (`Dockerfile.playwright`, `e2e/Dockerfile`, `Dockerfile.ci`), and a stage built on a browser or
// test-runner image (`mcr.microsoft.com/playwright`, `cypress/included`, `selenium/*`) or named `test`/`e2e`.
// A build argument that chooses the database (`ARG DB=sqlite,mysql,postgresql`) names each engine it lists.
import type * as DockerfileAst from "dockerfile-ast";
import { lazy } from "../../core/lazy.js";
import type { Detection, FileDetector } from "../types.js";
import { detection, isTestRunnerImage, saysTest, scoped } from "./detection.js";
import { baseName, imageRepository } from "./refs.js";

const astModule = lazy(() => import("dockerfile-ast"));

async function loadDockerfileAst(): Promise<void> {
  await astModule();
}

function dockerfileAst(): typeof DockerfileAst {
  const ast = astModule.peek();
  if (!ast)
    throw new Error("dockerfile-ast is not loaded: the detector's init() was not awaited before detect()");
  return ast;
}

// `DB`, `DATABASE`, `DB_TYPE`, `DB_ENGINE`, `DB_BACKEND`, `DATABASES`.
const DATABASE_ARG = /^(?:DB|DATABASES?|DB_(?:TYPE|ENGINE|BACKEND|KIND)|DATABASE_(?:TYPE|ENGINE|BACKEND))$/i;

/** Dockerfile, Dockerfile.prod, api.Dockerfile, Containerfile; not the per-Dockerfile `.dockerignore`. */
const DOCKERFILE = /^(?:(?:Dockerfile|dockerfile|Containerfile)(?:\..+)?|.+\.(?:Dockerfile|dockerfile))$/;

export const dockerfileDetector: FileDetector = {
  id: "Dockerfile",
  matches: (path) => DOCKERFILE.test(baseName(path)) && !path.endsWith(".dockerignore"),
  init: loadDockerfileAst,
  detect(file) {
    const { Arg, Copy, DockerfileParser, From } = dockerfileAst();
    const dockerfile = DockerfileParser.parse(file.text);
    const instructions = dockerfile.getInstructions();
    const first = instructions[0];
    if (!first) return [];
    // ARGs before the first FROM are the only variables a FROM line can use.
    const args = new Map<string, string | null>();
    for (const arg of dockerfile.getInitialARGs()) {
      const property = arg.getProperty();
      if (property) args.set(property.getName(), property.getValue());
    }
    const fileIsTest = saysTest(file.path);
    // Each stage name, with whether the stage runs tests.
    const stages = new Map<string, boolean>();
    let stageIsTest = fileIsTest;
    let sawStage = false;
    let allStagesTest = true;
    const docker = detection("tool", "docker", "container", first.getRange().start.line + 1, "Dockerfile");
    const found: Detection[] = [];
    const add = (detections: Detection[]) =>
      found.push(...detections.map((d) => scoped(d, stageIsTest ? "test" : undefined)));
    for (const instruction of instructions) {
      const line = instruction.getRange().start.line + 1;
      const text = oneLine(instruction.getTextContent());
      if (instruction instanceof From) {
        const reference = instruction.getImage();
        const resolved = reference ? substitute(reference, args) : undefined;
        const stage = instruction.getBuildStage()?.toLowerCase();
        const base = resolved?.toLowerCase();
        const baseImage = resolved ? imageRepository(resolved) : undefined;
        stageIsTest =
          fileIsTest ||
          (base !== undefined && stages.get(base) === true) ||
          (baseImage !== undefined && !stages.has(base ?? "") && isTestRunnerImage(baseImage)) ||
          (stage !== undefined && saysTest(stage));
        sawStage = true;
        allStagesTest &&= stageIsTest;
        if (resolved) add(image(resolved, text, line, stages));
        if (stage) stages.set(stage, stageIsTest);
      } else if (instruction instanceof Arg) {
        const property = instruction.getProperty();
        const name = property?.getName() ?? "";
        if (DATABASE_ARG.test(name))
          for (const engine of (property?.getValue() ?? "").toLowerCase().split(/[\s,;|]+/))
            if (/^[a-z][a-z0-9-]*$/.test(engine))
              add([detection("db-engine", engine, "container", line, text)]);
      } else if (instruction instanceof Copy) {
        const reference = instruction.getFromFlag()?.getValue();
        // `--from=0` and `--from=build` name stages; anything else is an image pulled for its files.
        if (reference && !/^\d+$/.test(reference))
          add(image(substitute(reference, args), text, line, stages));
      }
    }
    return [scoped(docker, fileIsTest || (sawStage && allStagesTest) ? "test" : undefined), ...found];
  },
};

function image(reference: string, text: string, line: number, stages: Map<string, boolean>): Detection[] {
  if (reference === "scratch" || stages.has(reference.toLowerCase())) return [];
  const name = imageRepository(reference);
  if (!name) return [];
  const resolved = text.includes(reference) ? "" : ` (${reference})`;
  return [detection("image", name, "container", line, `${text}${resolved}`)];
}

/** Expands `$NAME`, `${NAME}` and `${NAME:-default}` from ARG defaults; unknown names stay as written. */
function substitute(reference: string, args: Map<string, string | null>): string {
  return reference.replace(
    /\$\{(\w+)(?::?-([^}]*))?\}|\$(\w+)/g,
    (whole, braced?: string, fallback?: string, bare?: string) => {
      const value = args.get(braced ?? bare ?? "");
      return value ?? fallback ?? whole;
    },
  );
}

function oneLine(text: string): string {
  return text
    .replace(/\\\r?\n/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
