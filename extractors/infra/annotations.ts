// Kubernetes annotations name the controllers that act on an object: `nginx.ingress.kubernetes.io/rewrite-target`
// is for the NGINX Ingress Controller, `alb.ingress.kubernetes.io/scheme` for the AWS Load Balancer
// Controller, `eks.amazonaws.com/role-arn` for EKS's IAM roles for service accounts. Read line by line, so
// Helm templates (Go templates, not YAML) and values files, where annotations sit at any depth, count too.
import type { Detection } from "../types.js";
import { detection } from "./detection.js";

// `  nginx.ingress.kubernetes.io/proxy-body-size: "50m"`, quoted or not; the prefix is a DNS name.
const ANNOTATION =
  /^\s*(?:-\s+)?["']?((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,})\/([\w.-]+)["']?\s*:\s*(.*)$/;
// The ingress class, by annotation or field, names the controller too.
const INGRESS_CLASS =
  /^\s*["']?(?:kubernetes\.io\/ingress\.class|ingressClassName)["']?\s*:\s*["']?([\w.-]+)["']?\s*$/;
// Kubernetes' own prefixes say nothing of a controller.
const CORE_PREFIX = /^(?:kubernetes\.io|k8s\.io|[\w-]+\.kubernetes\.io|[\w-]+\.k8s\.io)$/;
const KEEP_CORE = /^(?:nginx\.ingress|alb\.ingress|traefik\.ingress|external-dns\.alpha)\.kubernetes\.io$/;

/** One `k8s-annotation` detection per annotation prefix and ingress class in the text, at its first line. */
export function annotationDetections(text: string): Detection[] {
  const found = new Map<string, Detection>();
  text.split("\n").forEach((line, index) => {
    const ingressClass = INGRESS_CLASS.exec(line)?.[1];
    if (ingressClass) {
      const name = `ingress-class=${ingressClass.toLowerCase()}`;
      if (!found.has(name))
        found.set(
          name,
          detection("k8s-annotation", name, "config", index + 1, `ingress class ${ingressClass}`),
        );
      return;
    }
    const match = ANNOTATION.exec(line);
    if (!match) return;
    const prefix = match[1]!;
    if (CORE_PREFIX.test(prefix) && !KEEP_CORE.test(prefix)) return;
    if (!found.has(prefix))
      found.set(
        prefix,
        detection("k8s-annotation", prefix, "config", index + 1, `annotation ${prefix}/${match[2]}`),
      );
  });
  return [...found.values()];
}
