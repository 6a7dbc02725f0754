import { beforeAll, describe, expect, it } from "vitest";
import { dockerfileDetector } from "../../../extractors/infra/dockerfile.js";
import { dedent, detect, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(dockerfileDetector));

describe("dockerfileDetector", () => {
  it.each([
    {
      name: "multi-stage build with ARG defaults, stage references and scratch",
      text: dedent(`
        # syntax=docker/dockerfile:1
        ARG NODE_VERSION=20
        ARG REGISTRY
        FROM --platform=$BUILDPLATFORM node:\${NODE_VERSION}-alpine AS build
        RUN npm ci
        FROM build AS test
        FROM \${REGISTRY}/base:1 AS internal
        FROM gcr.io/distroless/nodejs20-debian12 AS runtime
        COPY --from=build /app /app
        COPY --from=0 /x /x
        COPY --from=ghcr.io/astral-sh/uv:0.4 /uv /bin/uv
        FROM scratch
      `),
      expected: [
        "tool:docker @2 Dockerfile",
        "image:node @4 FROM --platform=$BUILDPLATFORM node:${NODE_VERSION}-alpine AS build (node:20-alpine)",
        "image:gcr.io/distroless/nodejs20-debian12 @8 FROM gcr.io/distroless/nodejs20-debian12 AS runtime",
        "image:ghcr.io/astral-sh/uv @11 COPY --from=ghcr.io/astral-sh/uv:0.4 /uv /bin/uv",
      ],
    },
    {
      name: "registries, digests and Docker Hub prefixes",
      text: dedent(`
        FROM docker.io/library/python:3.12-slim@sha256:abc
        FROM public.ecr.aws/lambda/python:3.12
        from localhost:5000/team/tool:1 as Final
        FROM final
      `),
      expected: [
        "tool:docker @1 Dockerfile",
        "image:python @1 FROM docker.io/library/python:3.12-slim@sha256:abc",
        "image:public.ecr.aws/lambda/python @2 FROM public.ecr.aws/lambda/python:3.12",
        "image:localhost:5000/team/tool @3 from localhost:5000/team/tool:1 as Final",
      ],
    },
    {
      name: "a continued FROM line, CRLF and a byte order mark",
      text: "\uFEFFFROM \\\r\n  golang:1.22 AS build\r\nRUN go build\r\n",
      expected: ["tool:docker @1 Dockerfile", "image:golang @1 FROM golang:1.22 AS build"],
    },
    { name: "an empty file", text: "", expected: [] },
    { name: "only comments", text: "# nothing yet\n", expected: [] },
  ])("$name", ({ text, expected }) => {
    expect(detect(dockerfileDetector, "services/api/Dockerfile", text, "container")).toEqual(expected);
  });

  it("claims Dockerfile variants but not their ignore files", () => {
    const paths = [
      "Dockerfile",
      "a/Dockerfile.prod",
      "api.Dockerfile",
      "Containerfile",
      "Dockerfile.dockerignore",
      "docs/Dockerfiles.md",
    ];
    expect(paths.map(dockerfileDetector.matches)).toEqual([true, true, true, true, false, false]);
  });

  describe("test containers are test evidence", () => {
    const scopes = (path: string, text: string) => {
      expect(dockerfileDetector.matches(path)).toBe(true);
      return dockerfileDetector
        .detect({ path, text })
        .map((found) => `${found.key.space}:${found.key.name} ${found.scope ?? "production"}`);
    };

    it.each([
      ["Dockerfile.playwright", "FROM node:20\n"],
      ["e2e.Dockerfile", "FROM node:20\n"],
      ["docker/ci/Dockerfile", "FROM node:20\n"],
      ["Dockerfile.test", "FROM node:20\n"],
      ["integration/Containerfile", "FROM node:20\n"],
    ])("%s: its name or path says it runs tests", (path, text) => {
      expect(scopes(path, text)).toEqual(["tool:docker test", "image:node test"]);
    });

    it.each([
      ["FROM mcr.microsoft.com/playwright:v1.44.0-jammy\n", "mcr.microsoft.com/playwright"],
      ["FROM mcr.microsoft.com/playwright/python:v1.44.0\n", "mcr.microsoft.com/playwright/python"],
      ["FROM cypress/included:13.6.0\n", "cypress/included"],
      ["FROM cypress/base:20\n", "cypress/base"],
      ["FROM selenium/standalone-chrome:124.0\n", "selenium/standalone-chrome"],
    ])("%s: a browser or test-runner base image", (text, image) => {
      expect(scopes("Dockerfile", text)).toEqual(["tool:docker test", `image:${image} test`]);
    });

    it("scopes stages: a test stage and what builds on it, not the production stages", () => {
      const text = dedent(`
        FROM node:20 AS build
        FROM build AS unit-test
        COPY --from=ghcr.io/acme/fixtures:1 /data /data
        FROM mcr.microsoft.com/playwright:v1.44.0 AS browsers
        FROM browsers AS suite
        COPY --from=cypress/included:13 /root/.cache /root/.cache
        FROM gcr.io/distroless/nodejs20 AS runtime
        COPY --from=build /app /app
      `);
      expect(scopes("Dockerfile", text)).toEqual([
        "tool:docker production",
        "image:node production",
        "image:ghcr.io/acme/fixtures test",
        "image:mcr.microsoft.com/playwright test",
        "image:cypress/included test",
        "image:gcr.io/distroless/nodejs20 production",
      ]);
    });

    it.each(["Dockerfile", "Dockerfile.prod", "services/latest/Dockerfile", "circleci.Dockerfile"])(
      "%s with a plain base image stays production",
      (path) => {
        expect(scopes(path, "FROM python:3.12\n")).toEqual([
          "tool:docker production",
          "image:python production",
        ]);
      },
    );
  });
});

describe("a build argument that chooses the database", () => {
  it("names each engine it lists, in the stage's scope; other arguments name none", () => {
    const text = dedent(`
      FROM rust:1.83 AS build
      ARG DB=sqlite,mysql,postgresql
      ARG DB_TYPE="mariadb"
      ARG FEATURES=redis
      RUN cargo build --features "\${DB}"
      FROM debian:bookworm-slim
    `);
    expect(detect(dockerfileDetector, "Dockerfile", text, "container")).toEqual([
      "tool:docker @1 Dockerfile",
      "image:rust @1 FROM rust:1.83 AS build",
      "db-engine:sqlite @2 ARG DB=sqlite,mysql,postgresql",
      "db-engine:mysql @2 ARG DB=sqlite,mysql,postgresql",
      "db-engine:postgresql @2 ARG DB=sqlite,mysql,postgresql",
      'db-engine:mariadb @3 ARG DB_TYPE="mariadb"',
      "image:debian @6 FROM debian:bookworm-slim",
    ]);
  });
});
