// Technologies an application configures by a file of their own rather than imports: logback-spring.xml is
// Logback, config/cable.yml Rails' Action Cable (WebSockets), Dockerrun.aws.json and .ebextensions/ Elastic
// Beanstalk, nginx.conf NGINX, a migration's .sql file SQL. Only the name is read; the file's folder decides its kind (a logback-test.xml
// under src/test/ configures tests).
import type { Detection, FileDetector } from "../types.js";
import { baseName } from "./shared.js";

const BY_PATH: readonly [RegExp, string, string][] = [
  [/(?:^|\/)logback(?:-spring)?\.(?:xml|groovy)$/, "logback", "Logback configuration"],
  [/(?:^|\/)log4j2?(?:-spring)?\.(?:xml|ya?ml|json|properties)$/, "log4j", "Log4j configuration"],
  [/(?:^|\/)config\/cable\.yml$/, "action-cable", "Action Cable configuration"],
  [
    /(?:^|\/)(?:Dockerrun\.aws\.json|\.ebextensions\/[^/]+\.config|\.elasticbeanstalk\/config\.yml)$/,
    "elastic-beanstalk",
    "Elastic Beanstalk configuration",
  ],
  [/(?:^|\/)nginx\.conf(?:\.template)?$/, "nginx", "NGINX configuration"],
  // Schema migrations and queries written in SQL (Flyway's V1__init.sql, golang-migrate's 1_init.up.sql); SQL
  // is data to linguist, so no byte count finds it, and a dump elsewhere is no one's SQL.
  [
    /(?:^|\/)(?:migrations?|migrate|schema|schemas|sql|queries|flyway|liquibase|ddl)\/(?:[^/]+\/)*[^/]+\.sql$|(?:^|\/)V\d+(?:[._]\d+)*__[^/]+\.sql$|\.(?:up|down)\.sql$/i,
    "sql",
    "SQL migration or query",
  ],
];

function configOf(path: string): { tool: string; what: string } | undefined {
  const found = BY_PATH.find(([pattern]) => pattern.test(path));
  return found ? { tool: found[1], what: found[2] } : undefined;
}

export const configFileDetector: FileDetector = {
  id: "config-files",
  matches: (path) => configOf(path) !== undefined,
  byName: true,
  detect({ path }): Detection[] {
    const config = configOf(path);
    return config
      ? [
          {
            key: { space: "tool", name: config.tool },
            via: "config",
            detail: `${baseName(path)} (${config.what})`,
            line: 1,
          },
        ]
      : [];
  },
};

/** shadcn/ui's components.json: its schema, or the style, Tailwind and aliases it always writes. */
export const shadcnConfigDetector: FileDetector = {
  id: "shadcn-components.json",
  matches: (path) => baseName(path) === "components.json",
  detect({ path, text }): Detection[] {
    let config: unknown;
    try {
      config = JSON.parse(text);
    } catch {
      return [];
    }
    if (typeof config !== "object" || config === null) return [];
    const fields = config as Record<string, unknown>;
    const schema = typeof fields.$schema === "string" && fields.$schema.includes("ui.shadcn.com");
    if (!schema && !("tailwind" in fields && "aliases" in fields && "style" in fields)) return [];
    return [
      {
        key: { space: "tool", name: "shadcn-ui" },
        via: "config",
        detail: `${baseName(path)} (shadcn/ui)`,
        line: 1,
      },
    ];
  },
};
