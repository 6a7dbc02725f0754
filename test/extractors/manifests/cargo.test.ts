import { beforeAll, describe, expect, it } from "vitest";
import { cargoTomlDetector } from "../../../extractors/manifests/cargo.js";
import { type Row, detectRows, expectParseError, lines, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(cargoTomlDetector));

const cases: { name: string; text: string; expected: Row[] }[] = [
  {
    name: "an optional dependency only private features turn on is the crate's own tooling",
    text: lines(
      "[dependencies]",
      'reqwest = { version = "0.12", optional = true }',
      'tokio-tungstenite = { version = "0.28", optional = true }',
      'tracing = { version = "0.1", optional = true }',
      "",
      "[features]",
      'default = ["tracing"]',
      'ws = ["dep:tokio-tungstenite"]',
      '__private = ["dep:reqwest", "__docs"]',
      '__docs = ["tokio-tungstenite?/native-tls"]',
    ),
    expected: [
      ["cargo", "reqwest", 2, "dev"],
      ["cargo", "tokio-tungstenite", 3, "optional"],
      ["cargo", "tracing", 4, "optional"],
      ["cargo", "tokio-tungstenite/native-tls", 10, "dev"],
    ],
  },
  {
    name: "features that choose a database: a dependency's, and [features] (optional, as a crate's own are)",
    text: lines(
      "[dependencies]",
      'diesel = { version = "2.2", features = ["chrono", "r2d2"] }',
      'sqlx = { version = "0.8", features = ["postgres", "runtime-tokio"], optional = true }',
      "",
      "[features]",
      'default = ["sqlite"]',
      'mysql = ["diesel/mysql", "dep:mysqlclient-sys"]',
      'postgresql = ["diesel/postgres", "diesel?/uuid"]',
      'sqlite = ["diesel/sqlite"]',
    ),
    expected: [
      ["cargo", "diesel", 2, "runtime"],
      ["cargo", "diesel/chrono", 2, "runtime"],
      ["cargo", "diesel/r2d2", 2, "runtime"],
      ["cargo", "sqlx", 3, "optional"],
      ["cargo", "sqlx/postgres", 3, "optional"],
      ["cargo", "sqlx/runtime-tokio", 3, "optional"],
      ["cargo", "diesel/mysql", 7, "optional"],
      ["cargo", "diesel/postgres", 8, "optional"],
      ["cargo", "diesel/uuid", 8, "optional"],
      ["cargo", "diesel/sqlite", 9, "optional"],
    ],
  },
  {
    name: "runtime, dev and build sections with every value shape",
    text: lines(
      "[package]",
      'name = "app"',
      "",
      "[dependencies]",
      'serde = { version = "1.0", features = ["derive"] }',
      'tokio = "1"',
      'web = { package = "actix-web", version = "4" }',
      'local = { path = "../local" }',
      'metrics = { version = "0.22", optional = true }',
      "",
      "[dev-dependencies]",
      'criterion = "0.5"',
      "",
      "[build-dependencies]",
      'cc = "1"',
    ),
    expected: [
      ["cargo", "serde", 5, "runtime"],
      ["cargo", "serde/derive", 5, "runtime"],
      ["cargo", "tokio", 6, "runtime"],
      ["cargo", "actix-web", 7, "runtime"],
      ["cargo", "local", 8, "runtime"],
      ["cargo", "metrics", 9, "optional"],
      ["cargo", "criterion", 12, "dev"],
      ["cargo", "cc", 15, "build"],
    ],
  },
  {
    name: "a dependency declared as its own table, and a dotted key",
    text: lines(
      "[dependencies.sqlx]",
      'version = "0.7"',
      'features = ["postgres"]',
      "",
      "[dependencies]",
      'reqwest.version = "0.11"',
    ),
    expected: [
      ["cargo", "sqlx", 1, "runtime"],
      ["cargo", "sqlx/postgres", 1, "runtime"],
      ["cargo", "reqwest", 6, "runtime"],
    ],
  },
  {
    name: "target-specific tables",
    text: lines(
      "[target.'cfg(unix)'.dependencies]",
      'nix = "0.27"',
      "",
      '[target."x86_64-pc-windows-msvc".dev-dependencies]',
      'windows = { version = "0.52", package = "windows-sys" }',
    ),
    expected: [
      ["cargo", "nix", 2, "runtime"],
      ["cargo", "windows-sys", 5, "dev"],
    ],
  },
  {
    name: "workspace dependencies and members inheriting them",
    text: lines(
      "[workspace]",
      'members = ["a"]',
      "",
      "[workspace.dependencies]",
      'anyhow = "1"',
      "",
      "[dependencies]",
      "anyhow = { workspace = true }",
    ),
    expected: [
      ["cargo", "anyhow", 5, "runtime"],
      ["cargo", "anyhow", 8, "runtime"],
    ],
  },
  {
    name: "a multi-line string before the section does not shift lines",
    text: lines(
      "[package]",
      'description = """',
      "[dependencies]",
      'fake = "1"',
      '"""',
      "[dependencies]",
      'real = "1"',
    ),
    expected: [["cargo", "real", 7, "runtime"]],
  },
  {
    name: "CRLF, a byte-order mark and comments",
    text: '\uFEFF# deps\r\n[dependencies] # runtime\r\n# rand = "0.8"\r\nrand = "0.8" # rng\r\n',
    expected: [["cargo", "rand", 4, "runtime"]],
  },
  { name: "empty file", text: "", expected: [] },
  { name: "a manifest without dependencies", text: lines("[package]", 'name = "x"'), expected: [] },
];

describe("Cargo.toml", () => {
  it.each(cases)("$name", ({ text, expected }) => {
    expect(detectRows(cargoTomlDetector, "crates/app/Cargo.toml", text)).toEqual(expected);
  });

  it("details the section, version and the name a renamed crate is used under", () => {
    const text = lines(
      "[target.'cfg(unix)'.dependencies]",
      'web = { package = "actix-web", version = "4" }',
      'nix = "0.27"',
    );
    const details = cargoTomlDetector.detect({ path: "Cargo.toml", text }).map((d) => d.detail);
    expect(details).toEqual([
      "[target.'cfg(unix)'.dependencies] actix-web@4 (as web)",
      "[target.'cfg(unix)'.dependencies] nix@0.27",
    ]);
  });

  it.each([
    ["Cargo.toml", true],
    ["crates/x/Cargo.toml", true],
    ["Cargo.lock", false],
    ["cargo.toml", false],
  ])("matches %s: %s", (path, expected) => {
    expect(cargoTomlDetector.matches(path)).toBe(expected);
  });

  it.each([
    {
      name: "invalid TOML",
      text: lines("[dependencies", 'serde = "1"'),
      message: "Invalid TOML on line 1: illegal character in key.",
      line: 1,
    },
    {
      name: "a duplicate key",
      text: lines("[dependencies]", 'serde = "1"', 'serde = "2"'),
      message: "Invalid TOML on line 3: trying to redefine an already defined table or value.",
      line: 3,
    },
    {
      name: "dependencies that are not a table",
      text: lines('dependencies = ["serde"]', "[package]", 'name = "x"'),
      message: "[dependencies] on line 1 must be a table of crates.",
      line: 1,
    },
    {
      name: "a crate spec that is a number",
      text: lines("[dev-dependencies]", "serde = 1"),
      message: 'The crate "serde" in [dev-dependencies] on line 2 must be a version or a table.',
      line: 2,
    },
  ])("rejects $name", ({ text, message, line }) => {
    expectParseError(cargoTomlDetector, "Cargo.toml", text, message, line);
  });
});
