// What a shell command says about where the product runs: a cloud CLI's command group (`gcloud run deploy`,
// `aws s3 sync`, `az webapp up`), a platform's deploy CLI (`flyctl deploy`, `kubectl apply`), and the
// registry an image is pushed to (`docker push ghcr.io/acme/api`). Pure: commands in, keys out.

/** One key a command shows, with the offset of the command in the text. */
export interface CommandKey {
  space: "command" | "host" | "aws-service";
  name: string;
  at: number;
  /** A registry push or login, or a command that sets one up: it ships the product's image. */
  ships?: true;
}

const CLOUD_CLIS = new Set(["gcloud", "aws", "az"]);
// Global options that take a value as the next word: `aws --region eu-west-1 s3 ls`.
const VALUE_OPTIONS = new Set([
  "--region",
  "--profile",
  "--project",
  "--endpoint-url",
  "--output",
  "--query",
  "--account",
  "--configuration",
  "--subscription",
  "--format",
  "--zone",
  "--impersonate-service-account",
]);
const SHIPPING = new Set([
  "gcloud auth configure-docker",
  "aws ecr get-login-password",
  "aws ecr get-login",
  "az acr login",
]);
const RELEASE_TRACKS = new Set(["beta", "alpha", "preview"]);
/** Platform CLIs, with the subcommands that deploy to them (any, when empty). */
const PLATFORM_CLIS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["kubectl", new Set(["apply", "create", "replace", "rollout", "set"])],
  ["eb", new Set(["deploy", "create"])],
  ["heroku", new Set()],
  ["flyctl", new Set(["deploy", "launch", "scale", "secrets"])],
  ["fly", new Set(["deploy", "launch", "scale", "secrets"])],
  ["wrangler", new Set(["deploy", "publish", "pages", "kv", "r2", "d1", "secret"])],
  ["vercel", new Set()],
  ["netlify", new Set(["deploy"])],
  ["firebase", new Set(["deploy"])],
  ["doctl", new Set()],
  ["gsutil", new Set()],
  ["railway", new Set(["up", "deploy"])],
]);
const PUSHERS = new Set(["docker", "podman", "buildah", "nerdctl"]);
// A command starts a line or follows a separator, a subshell, or a wrapper such as `sudo` or `exec`.
const COMMAND_START = /(?:^|[\n;&|(`{]|\$\()\s*(?:(?:sudo|exec|time|command|env(?:\s+\w+=\S*)*)\s+)*/g;
const WORD = /^(?:"[^"]*"|'[^']*'|[^\s;&|)`]+)/;
const LOCAL_ENDPOINT = /localhost|127\.0\.0\.1|localstack|0\.0\.0\.0|host\.docker\.internal/;

/** The words of one command from `at`, up to its end (a separator or an unescaped line end). */
function wordsFrom(text: string, at: number): string[] {
  const words: string[] = [];
  let rest = text.slice(at, at + 2000);
  for (;;) {
    rest = rest.replace(/^(?:[ \t]|\\\r?\n)+/, "");
    const word = WORD.exec(rest)?.[0];
    if (!word) return words;
    words.push(word.replace(/^(['"])(.*)\1$/, "$2"));
    rest = rest.slice(word.length);
  }
}

/** Keys every command in `text` shows. Comment lines (`#`) are skipped by the caller. */
export function commandKeys(text: string): CommandKey[] {
  const keys: CommandKey[] = [];
  for (const start of text.matchAll(COMMAND_START)) {
    const at = start.index + start[0].length;
    const words = wordsFrom(text, at);
    const [program = "", ...args] = words;
    const name = program.replace(/^.*\//, "");
    if (CLOUD_CLIS.has(name)) keys.push(...cloudKeys(name, args, at));
    else if (PLATFORM_CLIS.has(name)) {
      const sub = args.find((word) => !word.startsWith("-")) ?? "";
      const deploys = PLATFORM_CLIS.get(name)!;
      if (deploys.size === 0 || deploys.has(sub))
        keys.push({ space: "command", name: name === "fly" ? "flyctl" : name, at });
    } else if (PUSHERS.has(name)) keys.push(...pushedTo(args, at));
  }
  return keys;
}

/** `gcloud beta run deploy` → `gcloud run`, `gcloud run deploy`; nothing for a local endpoint. */
function cloudKeys(cli: string, args: string[], at: number): CommandKey[] {
  const words: string[] = [];
  for (let i = 0; i < args.length && words.length < 2; i++) {
    const word = args[i]!;
    if (word.startsWith("-")) {
      if (VALUE_OPTIONS.has(word)) i++;
      continue;
    }
    if (words.length === 0 && cli === "gcloud" && RELEASE_TRACKS.has(word)) continue;
    if (!/^[a-z][a-z0-9-]*$/.test(word)) break;
    words.push(word);
  }
  // LocalStack and other emulators: no cloud is reached.
  const endpoint = args.findIndex((word) => /^--endpoint-url(?:=|$)/.test(word));
  if (endpoint !== -1 && LOCAL_ENDPOINT.test(`${args[endpoint]} ${args[endpoint + 1] ?? ""}`)) return [];
  const [group, sub] = words;
  if (!group) return [];
  // A flag that attaches a service to what is deployed (`gcloud run deploy --vpc-connector=redis-vpc`).
  const flags = args
    .map((word) => word.replace(/=.*$/, ""))
    .filter((flag) => SERVICE_FLAGS.has(`${cli} ${flag}`))
    .map((flag) => ({ space: "command" as const, name: `${cli} ${flag}`, at }));
  // `gcloud auth configure-docker`, `aws ecr get-login-password`: logins to push the product's image.
  const ships = SHIPPING.has(`${cli} ${group} ${sub}`) ? { ships: true as const } : {};
  return [
    { space: "command", name: `${cli} ${group}`, at, ...ships },
    ...(sub ? [{ space: "command" as const, name: `${cli} ${group} ${sub}`, at, ...ships }] : []),
    ...new Map(flags.map((flag) => [flag.name, flag])).values(),
  ];
}

const SERVICE_FLAGS: ReadonlySet<string> = new Set([
  "gcloud --vpc-connector",
  "gcloud --add-cloudsql-instances",
  "gcloud --set-cloudsql-instances",
  "gcloud --set-secrets",
  "gcloud --binary-authorization",
]);

/** `docker push REF`, `docker buildx build --push -t REF`: the registry of each image pushed. */
function pushedTo(args: string[], at: number): CommandKey[] {
  const refs: string[] = [];
  const sub = args.filter((word) => !word.startsWith("-"));
  if (sub[0] === "login") {
    // `docker login` alone is Docker Hub's; `-u user -p pass` are the flags' values, not the host.
    const rest = args.slice(args.indexOf("login") + 1);
    const host = rest.find(
      (w, i) => !w.startsWith("-") && !/^(?:-[up]|--username|--password)$/.test(rest[i - 1] ?? ""),
    );
    return registryKeys(host ? `${host}/_` : "_/_", at);
  }
  if (sub[0] === "push" || (sub[0] === "image" && sub[1] === "push")) {
    const ref = args
      .slice(args.indexOf(sub[0] === "push" ? "push" : "image") + 1)
      .find((w) => !w.startsWith("-") && w !== "push");
    if (ref) refs.push(ref);
  } else if ((sub[0] === "buildx" || sub[0] === "build") && args.includes("--push")) {
    args.forEach((word, i) => {
      if (word === "-t" || word === "--tag") refs.push(args[i + 1] ?? "");
      else if (word.startsWith("--tag=")) refs.push(word.slice("--tag=".length));
    });
  }
  return refs.flatMap((ref) => registryKeys(ref, at));
}

/** The registry an image reference names: its host, or Docker Hub for a bare `owner/name`. */
export function registryKeys(ref: string, at: number): CommandKey[] {
  const first = ref.split("/")[0]!;
  // A host or name still holding a variable (`${{ secrets.REGISTRY }}/api`) names no registry.
  if (!first || /[\s${}]/.test(ref.includes("/") ? first : ref) || /^[:/]/.test(ref)) return [];
  const host =
    ref.includes("/") && /[.:]|^localhost$/.test(first)
      ? first.toLowerCase().replace(/:\d+$/, "")
      : "docker.io";
  if (LOCAL_ENDPOINT.test(host)) return [];
  // ECR's host carries the account and region: the service is the key.
  if (/\.dkr\.ecr\.[\w-]+\.amazonaws\.com(?:\.cn)?$/.test(host))
    return [{ space: "aws-service", name: "ecr", at, ships: true }];
  // `europe-west2-docker.pkg.dev` is Artifact Registry's in one region; `eu.gcr.io`, `acme.azurecr.io` likewise.
  const parent = /-docker\.pkg\.dev$/.test(host) ? "docker.pkg.dev" : host.split(".").slice(1).join(".");
  const ship = { at, ships: true as const };
  return [
    { space: "host", name: host, ...ship },
    ...(parent.includes(".") && parent !== host ? [{ space: "host" as const, name: parent, ...ship }] : []),
  ];
}
