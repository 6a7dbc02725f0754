import { describe, expect, it } from "vitest";
import { builtOnlyForTools } from "../../../extractors/imports/go-build.js";
import { goImportDetector } from "../../../extractors/imports/go.js";
import { initDetectors } from "../manifests/helpers.js";

const file = (constraint: string) =>
  `${constraint}\n\npackage tools\n\nimport _ "github.com/golangci/golangci-lint/cmd/golangci-lint"\n`;

describe("Go files built only for a tool run", () => {
  it.each([
    ["//go:build tools", true],
    ["//go:build ignore", true],
    ["//go:build tools && linux", true],
    ["//go:build (tools || ignore) && !windows", true],
    ["//go:build linux", false],
    ["//go:build !windows && cgo", false],
    ["//go:build aws || all", false],
    ["//go:build !tools", false],
    ["// a comment, no constraint", false],
    ["//go:build tools &&", false],
  ])("%s → %s", (constraint, expected) => {
    expect(builtOnlyForTools(file(constraint))).toBe(expected);
  });

  it("reads only the header: a constraint after the package clause is none", () => {
    expect(builtOnlyForTools("package x\n\n//go:build tools\n")).toBe(false);
  });

  it("reports a tools.go's imports as dev, an ordinary file's as they are", async () => {
    await initDetectors(goImportDetector);
    const scopes = (text: string) =>
      goImportDetector.detect({ path: "tools/tools.go", text }).map((d) => d.scope);
    expect(scopes(file("//go:build tools"))).toEqual(["dev"]);
    expect(scopes(file("//go:build linux"))).toEqual([undefined]);
  });
});
