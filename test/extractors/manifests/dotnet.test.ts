import { beforeAll, describe, expect, it } from "vitest";
import { msbuildDetector, packagesConfigDetector } from "../../../extractors/manifests/dotnet.js";
import { type Row, detectRows, expectParseError, lines, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(msbuildDetector, packagesConfigDetector));

const cases: { name: string; path: string; text: string; expected: Row[] }[] = [
  {
    name: "PackageReference by Include and Update; PrivateAssets=all is dev",
    path: "src/Api/Api.csproj",
    text: lines(
      '<Project Sdk="Microsoft.NET.Sdk.Web">',
      "  <ItemGroup>",
      '    <PackageReference Include="Npgsql.EntityFrameworkCore.PostgreSQL" Version="8.0.0" />',
      '    <PackageReference Include="StyleCop.Analyzers" Version="1.1.118" PrivateAssets="All" />',
      '    <PackageReference Include="Microsoft.SourceLink.GitHub">',
      "      <Version>8.0.0</Version>",
      "      <PrivateAssets>all</PrivateAssets>",
      "    </PackageReference>",
      '    <PackageReference Update="Serilog" Version="3.1.1" />',
      '    <PackageReference Remove="Old.Package" />',
      '    <ProjectReference Include="..\\Core\\Core.csproj" />',
      "  </ItemGroup>",
      "</Project>",
    ),
    expected: [
      ["nuget", "Npgsql.EntityFrameworkCore.PostgreSQL", 3, "runtime"],
      ["nuget", "StyleCop.Analyzers", 4, "dev"],
      ["nuget", "Microsoft.SourceLink.GitHub", 5, "dev"],
      ["nuget", "Serilog", 9, "runtime"],
    ],
  },
  {
    name: "conditional item groups inside Choose, and an F# project",
    path: "App.fsproj",
    text: lines(
      "<Project>",
      "  <Choose>",
      "    <When Condition=\"'$(Configuration)' == 'Debug'\">",
      "      <ItemGroup>",
      '        <PackageReference Include="FSharp.Core" />',
      "      </ItemGroup>",
      "    </When>",
      "  </Choose>",
      "</Project>",
    ),
    expected: [["nuget", "FSharp.Core", 5, "runtime"]],
  },
  {
    name: "central package management: PackageVersion and GlobalPackageReference",
    path: "Directory.Packages.props",
    text: lines(
      "<Project>",
      "  <PropertyGroup><ManagePackageVersionsCentrally>true</ManagePackageVersionsCentrally></PropertyGroup>",
      "  <ItemGroup>",
      '    <PackageVersion Include="AWSSDK.S3" Version="3.7.300" />',
      '    <GlobalPackageReference Include="Nerdbank.GitVersioning" Version="3.6.133" />',
      "  </ItemGroup>",
      "</Project>",
    ),
    expected: [
      ["nuget", "AWSSDK.S3", 4, "runtime"],
      ["nuget", "Nerdbank.GitVersioning", 5, "dev"],
    ],
  },
  {
    name: "an old-style project with a namespace, CRLF and a byte-order mark",
    path: "Legacy.vbproj",
    text: '\uFEFF<?xml version="1.0" encoding="utf-8"?>\r\n<Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">\r\n<ItemGroup>\r\n<PackageReference Include="Dapper" Version="2.1.28" />\r\n</ItemGroup>\r\n</Project>\r\n',
    expected: [["nuget", "Dapper", 4, "runtime"]],
  },
  { name: "empty file", path: "A.csproj", text: "", expected: [] },
];

describe("MSBuild project files", () => {
  it.each(cases)("$name", ({ path, text, expected }) => {
    expect(detectRows(msbuildDetector, path, text)).toEqual(expected);
  });

  it("details the item type and version", () => {
    const text =
      '<Project><ItemGroup><PackageReference Include="Polly" Version="8.2.0" /></ItemGroup></Project>';
    expect(msbuildDetector.detect({ path: "A.csproj", text })[0]?.detail).toBe(
      "PackageReference: Polly@8.2.0",
    );
  });

  it.each([
    ["src/Api/Api.csproj", true],
    ["Lib.fsproj", true],
    ["Lib.vbproj", true],
    ["Directory.Packages.props", true],
    ["Directory.Build.props", true],
    ["packages.lock.json", false],
    ["Api.csproj.user", false],
    ["App.sln", false],
  ])("matches %s: %s", (path, expected) => {
    expect(msbuildDetector.matches(path)).toBe(expected);
  });

  it.each([
    {
      name: "malformed XML",
      text: lines("<Project>", '  <ItemGroup><PackageReference Include="A"></ItemGroup>', "</Project>"),
      message:
        "Invalid XML on line 2: Expected closing tag 'PackageReference' (opened in line 2, col 14) instead of closing tag 'ItemGroup'.",
      line: 2,
    },
    {
      name: "a root that is not Project",
      text: "<Solution/>",
      message: "A.csproj has no <Project> root element.",
      line: 1,
    },
  ])("rejects $name", ({ text, message, line }) => {
    expectParseError(msbuildDetector, "A.csproj", text, message, line);
  });
});

describe("packages.config", () => {
  it("reads packages and development dependencies", () => {
    const text = lines(
      '<?xml version="1.0" encoding="utf-8"?>',
      "<packages>",
      '  <package id="Newtonsoft.Json" version="13.0.3" targetFramework="net48" />',
      '  <package id="xunit.runner.visualstudio" version="2.5.0" developmentDependency="true" />',
      "</packages>",
    );
    expect(detectRows(packagesConfigDetector, "packages.config", text)).toEqual([
      ["nuget", "Newtonsoft.Json", 3, "runtime"],
      ["nuget", "xunit.runner.visualstudio", 4, "dev"],
    ]);
  });

  it("rejects markup the validator passes but the parser cannot read", () => {
    const text = lines("<packages>", '  <package id="x" />', "</packages><!");
    expectParseError(
      packagesConfigDetector,
      "packages.config",
      text,
      "Invalid XML on line 3: markup the parser cannot read.",
      3,
    );
  });

  it("rejects a file without <packages>", () => {
    expectParseError(
      packagesConfigDetector,
      "packages.config",
      "<configuration/>",
      "packages.config has no <packages> root element.",
      1,
    );
  });
});
