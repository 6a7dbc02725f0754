import { z } from "zod";

/**
 * Key spaces a catalog entry can list. Matching rules (see catalog.ts):
 * - a key ending in `*` matches by prefix after normalisation;
 * - `go`, `import:python`, `import:java`, `import:go` match a whole leading path (`github.com/jackc/pgx`
 *   matches `github.com/jackc/pgx/v5/pgxpool`);
 * - `npm` matches the full specifier or its package name (`aws-cdk-lib/aws-eks`, then `aws-cdk-lib`);
 * - `pypi` names are PEP 503-normalised; every other space is compared case-insensitively.
 */
export const KEY_SPACES = [
  "npm",
  "pypi",
  "go",
  "maven",
  "gradle-plugin",
  "cargo",
  "gem",
  "composer",
  "nuget",
  "import:python",
  "import:java",
  "terraform-provider",
  "terraform-resource",
  "cloudformation",
  "image",
  "helm",
  "db-engine",
  "gh-action",
  "ci",
  "cloud",
  "tool",
] as const;

export type KeySpace = (typeof KEY_SPACES)[number];

export const CATEGORIES = [
  "language",
  "runtime",
  "web-framework",
  "frontend-framework",
  "mobile",
  "orm",
  "migration",
  "database",
  "cache",
  "search",
  "message-broker",
  "cloud-provider",
  "compute",
  "serverless",
  "container",
  "container-orchestration",
  "kubernetes-hosting",
  "storage",
  "cdn",
  "networking",
  "identity",
  "secrets",
  "observability",
  "logging",
  "infrastructure-as-code",
  "deployment",
  "ci",
  "testing",
  "build-tool",
  "linting",
  "ai-llm",
  "ml",
  "data-processing",
  "api",
  "auth",
  "payments",
  "email",
  "analytics",
  "cms",
] as const;

/** How the entry's names are found in prose (doc claims, AI-written text). */
export const TEXT_MATCH = ["ci", "exact", "none"] as const;

const keyList = z.array(z.string().min(1)).min(1);

export const catalogEntrySchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "ids are lowercase kebab-case"),
    name: z.string().min(1),
    aliases: z.array(z.string().min(1)).optional(),
    category: z.enum(CATEGORIES),
    vendor: z.string().min(1).optional(),
    /** Roles the technology competes for; two technologies sharing a role contradict each other in docs. */
    roles: z.array(z.string().regex(/^[a-z0-9-]+$/)).optional(),
    /** `ci` (default): case-insensitive whole words; `exact`: case-sensitive (Go, React); `none`: never from prose. */
    text: z.enum(TEXT_MATCH).optional(),
    keys: z.partialRecord(z.enum(KEY_SPACES), keyList).optional(),
  })
  .strict();

export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

export const catalogFileSchema = z.array(catalogEntrySchema);
