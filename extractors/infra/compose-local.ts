// What makes a compose file one for a developer's machine rather than a deployment.
import type { YamlDoc } from "./yaml-doc.js";
import { imageRepository } from "./refs.js";

const LOCAL_WORDS = new Set(["dev", "develop", "development", "local", "override", "debug", "sandbox"]);

/** `docker-compose.dev.yml`, `compose.local.yaml`, `docker-compose.override.yml`, `dev/compose.yaml`. */
export function saysLocal(path: string): boolean {
  return path
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((word) => LOCAL_WORDS.has(word));
}

// The whole project, or its source folder, bound into the container: edits on the host run at once.
const SOURCE_MOUNT =
  /^(?:\.{1,2}\/?|\.\/(?:src|app|lib|code|server|client|web|frontend|backend)\/?|\$\{PWD\}\/?|\$PWD\/?)$/;

// Commands that serve code as it is edited.
const DEV_SERVER = new RegExp(
  [
    String.raw`manage\.py\s+runserver`,
    String.raw`(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:dev|start:dev|watch|serve)\b`,
    String.raw`\b(?:next|nuxt|vite|astro|remix)\s+dev\b`,
    String.raw`\bnodemon\b`,
    String.raw`--reload\b`,
    String.raw`\bflask\s+(?:--\S+\s+)*run\b`,
    String.raw`\b(?:cargo|mix)\s+watch\b`,
    String.raw`\bwatchexec\b`,
    String.raw`\bair\b(?:\s+-c\b|$)`,
    String.raw`\bgcloud\s+(?:beta\s+)?emulators\b`,
  ].join("|"),
);

// Images that stand in for a cloud service, catch mail or browse a database on a developer's machine.
const LOCAL_IMAGE =
  /^(?:localstack\/localstack(?:-pro)?|amazon\/dynamodb-local|softwaremill\/elasticmq(?:-native)?|roribio16\/alpine-sqs|motoserver\/moto|adobe\/s3mock|fsouza\/fake-gcs-server|mcr\.microsoft\.com\/azure-storage\/azurite|mcr\.microsoft\.com\/cosmosdb\/.+|(?:gcr\.io\/google\.com\/cloudsdktool\/|google\/)cloud-sdk|.*(?:pubsub|firestore|datastore|spanner|bigtable|firebase)-emulator|mailhog\/mailhog|axllent\/mailpit|maildev\/maildev|schickling\/mailcatcher|adminer|dpage\/pgadmin4|mongo-express|rediscommander\/redis-commander|wiremock\/wiremock)$/;

// `NODE_ENV=development`, `SPRING_PROFILES_ACTIVE=dev`, `RAILS_ENV: development`, `DEBUG: "true"`.
const ENV_KEY = /(?:^|_)(?:ENV|ENVIRONMENT|PROFILES_ACTIVE|PROFILE|STAGE|MODE)$/i;
const ENV_VALUE = /^(?:dev|develop|development|local)$/i;

function setsDevEnvironment(doc: YamlDoc, service: ReturnType<YamlDoc["get"]>): boolean {
  const environment = doc.get(service, "environment");
  const pairs: [string, string][] = doc.items(environment).map((item) => {
    const text = doc.string(item) ?? "";
    const at = text.indexOf("=");
    return at === -1 ? [text, ""] : [text.slice(0, at), text.slice(at + 1)];
  });
  for (const { key, value } of doc.entries(environment))
    pairs.push([key, doc.string(value) ?? String(doc.boolean(value) ?? "")]);
  return pairs.some(
    ([key, value]) =>
      (ENV_KEY.test(key.trim()) && ENV_VALUE.test(value.trim())) ||
      (/^DEBUG$/i.test(key.trim()) && /^(?:1|true)$/i.test(value.trim())),
  );
}

/** A service that mounts the source, runs a dev server or an emulator, or sets a dev environment. */
export function runsLocally(doc: YamlDoc, service: ReturnType<YamlDoc["get"]>): boolean {
  for (const volume of doc.items(doc.get(service, "volumes"))) {
    const short = doc.string(volume);
    const host = short !== undefined ? short.split(":")[0] : doc.string(doc.get(volume, "source"));
    if (host !== undefined && SOURCE_MOUNT.test(host.trim())) return true;
  }
  for (const key of ["command", "entrypoint"]) {
    const node = doc.get(service, key);
    const parts = [node, ...doc.items(node)].map((item) => doc.string(item)).filter(Boolean);
    if (DEV_SERVER.test(parts.join(" "))) return true;
  }
  const reference = doc.string(doc.get(service, "image"));
  const image = reference && imageRepository(reference);
  return Boolean(image && LOCAL_IMAGE.test(image.toLowerCase())) || setsDevEnvironment(doc, service);
}
