// Technologies an application configures by a file of their own rather than imports: logback-spring.xml is
// Logback, config/cable.yml Rails' Action Cable (WebSockets), Dockerrun.aws.json and .ebextensions/ Elastic
// Beanstalk, nginx.conf NGINX. Only the name is read; the file's folder decides its kind (a logback-test.xml
// under src/test/ configures tests).
import type { Detection, FileDetector } from "../types.js";
import { baseName } from "./shared.js";

const BY_PATH: readonly [RegExp, string][] = [
  [/(?:^|\/)logback(?:-spring)?\.(?:xml|groovy)$/, "logback"],
  [/(?:^|\/)log4j2?(?:-spring)?\.(?:xml|ya?ml|json|properties)$/, "log4j"],
  [/(?:^|\/)config\/cable\.yml$/, "action-cable"],
  [
    /(?:^|\/)(?:Dockerrun\.aws\.json|\.ebextensions\/[^/]+\.config|\.elasticbeanstalk\/config\.yml)$/,
    "elastic-beanstalk",
  ],
  [/(?:^|\/)nginx\.conf(?:\.template)?$/, "nginx"],
];

function toolOf(path: string): string | undefined {
  return BY_PATH.find(([pattern]) => pattern.test(path))?.[1];
}

export const configFileDetector: FileDetector = {
  id: "config-files",
  matches: (path) => toolOf(path) !== undefined,
  byName: true,
  detect({ path }): Detection[] {
    const tool = toolOf(path);
    return tool
      ? [
          {
            key: { space: "tool", name: tool },
            via: "config",
            detail: `${baseName(path)} (${tool} configuration)`,
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
