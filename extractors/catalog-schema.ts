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
  "msbuild-sdk",
  "import:python",
  "import:java",
  "terraform-provider",
  "terraform-resource",
  "cloudformation",
  "image",
  "helm",
  "api-group",
  "db-engine",
  "gh-action",
  "circleci-orb",
  "bitbucket-pipe",
  "azure-task",
  "ci",
  "cloud",
  "tool",
  "aws-service",
  "url-scheme",
  "host",
  "command",
  "spring-property",
  "k8s-annotation",
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

/**
 * What else a technology's name can be in ordinary prose; such a name is a technology only where the text
 * uses it as one (mentions/ambiguous.ts, "Ambiguous names"):
 * - `word`: a common English word (Go, Black, Chef, Vault);
 * - `verb`: a word that often starts a sentence as a verb (Exposed, Amplify, Express): there, a noun after it
 *   does not make it a technology (`Exposed metrics`);
 * - `person`: a first name or surname (Julia, Hugo, Jenkins): "with Julia" is about a person;
 * - `season`: a season (Spring): "in Spring" and "Spring 2023" are dates.
 */
export const AMBIGUOUS_KINDS = ["word", "verb", "person", "season"] as const;

export type AmbiguousKind = (typeof AMBIGUOUS_KINDS)[number];

const keyList = z.array(z.string().min(1)).min(1);

export const catalogEntrySchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "ids are lowercase kebab-case"),
    name: z.string().min(1),
    aliases: z.array(z.string().min(1)).optional(),
    /**
     * Names that are an ordinary word too (`Node` for Node.js: a cluster node): read as written in AI text,
     * in any case in the candidate's own words, and in both only where the sentence uses them as a
     * technology (as an `ambiguous` word).
     */
    wordAliases: z.array(z.string().min(1)).optional(),
    category: z.enum(CATEGORIES),
    vendor: z.string().min(1).optional(),
    /** Roles the technology competes for; two technologies sharing a role contradict each other in docs. */
    roles: z.array(z.string().regex(/^[a-z0-9-]+$/)).optional(),
    /** Technologies a person who used this one has used too (Amazon EKS runs Kubernetes): for years of experience. */
    implies: z.array(z.string().regex(/^[a-z0-9][a-z0-9-]*$/)).optional(),
    /** `ci` (default): case-insensitive whole words; `exact`: case-sensitive (Go, React); `none`: never from prose. */
    text: z.enum(TEXT_MATCH).optional(),
    keys: z.partialRecord(z.enum(KEY_SPACES), keyList).optional(),
    /**
     * Keys of a test runner's API (`@playwright/test`, `pytest`, `org.junit`): a file importing one is a
     * test file wherever it lives, and so is everything else it imports. The library a runner drives
     * (Playwright's `playwright`) is not one: a scraper imports it in production.
     */
    testKeys: z.partialRecord(z.enum(KEY_SPACES), keyList).optional(),
    /** Which of the entry's names (`name` or an alias, spelled the same) are also ordinary words, by kind. */
    ambiguous: z.partialRecord(z.enum(AMBIGUOUS_KINDS), keyList).optional(),
  })
  .strict()
  .superRefine((entry, ctx) => {
    const names = new Set([entry.name, ...(entry.aliases ?? [])]);
    const listed = new Set<string>();
    for (const kind of AMBIGUOUS_KINDS) {
      entry.ambiguous?.[kind]?.forEach((name, i) => {
        const path = ["ambiguous", kind, i];
        if (!names.has(name))
          ctx.addIssue({ code: "custom", path, message: `"${name}" is not the entry's name or an alias` });
        else if (listed.has(name))
          ctx.addIssue({ code: "custom", path, message: `"${name}" is listed under two kinds` });
        listed.add(name);
      });
    }
    if (listed.size > 0 && entry.text === "none")
      ctx.addIssue({
        code: "custom",
        path: ["ambiguous"],
        message: "an entry with text: none is never in prose",
      });
  });

export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

export const catalogFileSchema = z.array(catalogEntrySchema);
