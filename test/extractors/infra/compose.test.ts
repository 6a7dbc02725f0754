import { beforeAll, describe, expect, it } from "vitest";
import { composeDetector } from "../../../extractors/infra/compose.js";
import { dedent, detect, parseError, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(composeDetector));

describe("composeDetector", () => {
  it.each([
    {
      name: "service images, with built services skipped",
      path: "docker-compose.yml",
      text: dedent(`
        version: "3.9"
        services:
          db:
            image: postgres:16
          cache:
            image: "docker.io/library/redis:7-alpine"
          api:
            build: .
            image: acme/api:dev
          worker:
            build:
              context: ./worker
          search:
            image: \${SEARCH_IMAGE:-elasticsearch:8.13.0}
          custom:
            image: \${REGISTRY}/custom:1
      `),
      expected: [
        "tool:docker-compose @2 Docker Compose file",
        "image:postgres @4 services.db.image: postgres:16",
        "image:redis @6 services.cache.image: docker.io/library/redis:7-alpine",
        "image:elasticsearch @14 services.search.image: ${SEARCH_IMAGE:-elasticsearch:8.13.0}",
      ],
    },
    {
      name: "extension fields merged with <<",
      path: "deploy/compose.yaml",
      text: dedent(`
        x-base: &base
          image: rabbitmq:3-management
          restart: always
        services:
          broker:
            <<: *base
          broker-2:
            <<: *base
            image: rabbitmq:4
      `),
      expected: [
        "tool:docker-compose @4 Docker Compose file",
        "image:rabbitmq @2 services.broker.image: rabbitmq:3-management",
        "image:rabbitmq @9 services.broker-2.image: rabbitmq:4",
      ],
    },
    {
      name: "CRLF and a byte order mark",
      path: "docker-compose.override.yaml",
      text: "\uFEFFservices:\r\n  mongo:\r\n    image: mongo:7\r\n",
      expected: [
        "tool:docker-compose @1 Docker Compose file",
        "image:mongo @3 services.mongo.image: mongo:7",
      ],
    },
    { name: "an empty file", path: "compose.yml", text: "", expected: [] },
  ])("$name", ({ path, text, expected }) => {
    expect(detect(composeDetector, path, text, "container")).toEqual(expected);
  });

  it("claims compose files by name", () => {
    const paths = [
      "compose.yml",
      "docker-compose.prod.yaml",
      "docker-compose-dev.yml",
      "x/compose.yaml",
      "composer.yml",
    ];
    expect(paths.map(composeDetector.matches)).toEqual([true, true, true, true, false]);
  });

  it("reports malformed YAML with its line", () => {
    const error = parseError(
      composeDetector,
      "docker-compose.yml",
      "services:\n  db:\n    image: postgres\n   ports: [\n",
    );
    expect(error.message).toMatch(/^docker-compose\.yml is not valid YAML: .+\.$/);
    expect(error.line).toBeGreaterThanOrEqual(3);
  });

  describe("services that only run tests are test evidence", () => {
    const scopes = (path: string, text: string) => {
      expect(composeDetector.matches(path)).toBe(true);
      return composeDetector
        .detect({ path, text })
        .map((found) => `${found.key.space}:${found.key.name} ${found.scope ?? "production"}`);
    };

    it.each(["docker-compose.test.yml", "compose.ci.yaml", "docker-compose.e2e.yaml", "e2e/compose.yml"])(
      "%s: a compose file named for tests",
      (path) => {
        expect(scopes(path, "services:\n  db:\n    image: postgres:16\n")).toEqual([
          "tool:docker-compose test",
          "image:postgres test",
        ]);
      },
    );

    it("scopes services by name, profile, command and image", () => {
      const text = dedent(`
        services:
          db:
            image: postgres:16
          test-db:
            image: postgres:16
          browsers:
            image: selenium/standalone-chrome:124.0
          runner:
            image: cypress/included:13.6.0
          suite:
            image: node:20
            command: ["npx", "playwright", "test"]
          unit:
            image: python:3.12
            entrypoint: pytest -q
          mocks:
            image: wiremock/wiremock:3.5.2
            profiles: [e2e]
          web:
            image: nginx:1.27
            command: nginx -g "daemon off;"
          latest:
            image: redis:7
      `);
      expect(scopes("docker-compose.yml", text)).toEqual([
        "tool:docker-compose production",
        "image:postgres production",
        "image:postgres test",
        "image:selenium/standalone-chrome test",
        "image:cypress/included test",
        "image:node test",
        "image:python test",
        "image:wiremock/wiremock test",
        "image:nginx production",
        "image:redis production",
      ]);
    });

    it("a file of test services only is test evidence for Compose itself", () => {
      const text =
        "services:\n  e2e:\n    build: .\n  playwright:\n    image: mcr.microsoft.com/playwright:v1.44.0\n";
      expect(scopes("docker-compose.yml", text)).toEqual([
        "tool:docker-compose test",
        "image:mcr.microsoft.com/playwright test",
      ]);
    });
  });
});

describe("a compose file for local development is tooling", () => {
  const scopes = (path: string, text: string) =>
    composeDetector.detect({ path, text }).map((found) => `${found.key.name} ${found.scope ?? "production"}`);
  const db = "  db:\n    image: postgres:16\n";

  it.each([
    [
      "mounts the whole project",
      "services:\n  web:\n    build: .\n    volumes:\n      - ./:/app:delegated\n" + db,
    ],
    [
      "mounts the source by long syntax",
      "services:\n  web:\n    build: .\n    volumes:\n      - type: bind\n        source: ..\n        target: /app\n" +
        db,
    ],
    [
      "runs Django's dev server",
      "services:\n  web:\n    build: .\n    command: python manage.py runserver 0.0.0.0:8000\n" + db,
    ],
    [
      "runs a reloading server",
      'services:\n  api:\n    build: .\n    command: ["uvicorn", "app:app", "--reload"]\n' + db,
    ],
    [
      "runs npm's dev script",
      'services:\n  web:\n    image: node:22\n    command: sh -c "npm install && npm run dev"\n' + db,
    ],
    ["runs LocalStack", "services:\n  aws:\n    image: localstack/localstack:3\n" + db],
    [
      "runs a Pub/Sub emulator",
      "services:\n  pubsub:\n    image: gcr.io/google.com/cloudsdktool/cloud-sdk:emulators\n    command: gcloud beta emulators pubsub start\n" +
        db,
    ],
    ["catches mail", "services:\n  mail:\n    image: mailhog/mailhog\n" + db],
    [
      "sets a development environment",
      "services:\n  api:\n    build: .\n    environment:\n      - SPRING_PROFILES_ACTIVE=dev\n" + db,
    ],
    [
      "sets NODE_ENV by map",
      "services:\n  api:\n    build: .\n    environment:\n      NODE_ENV: development\n" + db,
    ],
  ])("when a service %s", (_, text) => {
    expect(scopes("docker-compose.yml", text)).toEqual(
      expect.arrayContaining(["docker-compose dev", "postgres dev"]),
    );
  });

  it.each([
    "docker-compose.dev.yml",
    "compose.local.yaml",
    "docker-compose.override.yml",
    "dev/compose.yaml",
  ])("when its name says so: %s", (path) => {
    expect(scopes(path, "services:\n" + db)).toEqual(["docker-compose dev", "postgres dev"]);
  });

  it("not when it runs built images with config mounts, as a deployment does", () => {
    const text =
      "services:\n  web:\n    image: ghcr.io/acme/web:1.4\n    volumes:\n      - ./nginx.conf:/etc/nginx/nginx.conf:ro\n      - ./data:/data\n    environment:\n      - NODE_ENV=production\n" +
      db;
    expect(scopes("docker-compose.yml", text)).toEqual([
      "docker-compose production",
      "ghcr.io/acme/web production",
      "postgres production",
    ]);
    expect(scopes("docker-compose.prod.yml", "services:\n" + db)).toEqual([
      "docker-compose production",
      "postgres production",
    ]);
  });

  it("keeps a test service's scope, and a mock server for the tests makes no dev file", () => {
    const text = "services:\n  e2e-mocks:\n    image: wiremock/wiremock\n" + db;
    expect(scopes("docker-compose.yml", text)).toEqual([
      "docker-compose production",
      "wiremock/wiremock test",
      "postgres production",
    ]);
  });
});
