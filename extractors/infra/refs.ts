// Normalising container image and Helm chart references to the names the catalog matches.

const DOCKER_HUB_HOSTS = [
  "docker.io/",
  "index.docker.io/",
  "registry-1.docker.io/",
  "registry.hub.docker.com/",
];
const IMAGE_REPOSITORY = /^[a-z0-9]+(?:(?:[._-]+|:)[a-z0-9]+)*(?:\/[a-z0-9]+(?:[._-]+[a-z0-9]+)*)*$/;

/**
 * The repository of an image reference: `docker.io/library/postgres:16@sha256:…` → `postgres`.
 * Other registries stay (`ghcr.io/org/x`). Undefined when the repository is templated (`${REGISTRY}/app`)
 * or not a valid reference; a templated tag alone is fine (`node:${VERSION}` → `node`).
 */
export function imageRepository(reference: string): string | undefined {
  let name = reference.trim();
  const at = name.indexOf("@");
  if (at >= 0) name = name.slice(0, at);
  const colon = name.lastIndexOf(":");
  if (colon > name.lastIndexOf("/")) name = name.slice(0, colon);
  const host = DOCKER_HUB_HOSTS.find((prefix) => name.toLowerCase().startsWith(prefix));
  if (host) name = name.slice(host.length);
  if (name.startsWith("library/") && name.split("/").length === 2) name = name.slice("library/".length);
  return IMAGE_REPOSITORY.test(name) ? name : undefined;
}

/**
 * The chart name of a Helm chart reference: `bitnami/postgresql` and `oci://host/charts/postgresql` →
 * `postgresql`. Local charts (`./charts/app`) and templated references are not third-party charts.
 */
export function chartName(reference: string): string | undefined {
  const trimmed = reference.trim();
  if (/^[./~]/.test(trimmed) || /[${}\s]/.test(trimmed)) return undefined;
  // A chart archive URL names a file, not a chart.
  if (/^[a-z]+:\/\//i.test(trimmed) && !trimmed.startsWith("oci://")) return undefined;
  const name =
    trimmed
      .replace(/^oci:\/\//, "")
      .split("/")
      .pop() ?? "";
  return /^[a-z0-9][a-z0-9._-]*$/i.test(name) ? name : undefined;
}

/** Last segment of a POSIX path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}
