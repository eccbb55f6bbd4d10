import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The type checks follow the runtimes (tsconfig.app.json, tsconfig.server.json): a file placed in
 * src/server that reads `window` fails, and so does browser code that reads `process` or imports
 * `node:fs`. And `npm run lint` fails on the fixtures of tests/fixtures/lint: a hooks warning
 * (exhaustive-deps, through --max-warnings 0) and a promise dropped with `void`.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The files every check reads (TypeScript's libs, @types, the project's modules), parsed and bound
 * once for all of them, by name and parse options, as a language service's document registry keeps
 * them. Only the snippet's own file is new in each of the five programs; made whole each time, the
 * two type-check tests took 2.2 s (the file alone), against 1.3 s so.
 */
const parsedFiles = new Map<string, ts.SourceFile | undefined>();

/** The error codes TypeScript reports for `code` placed at `file`, checked with `tsconfig`'s options. */
function typeErrors(tsconfig: string, file: string, code: string): number[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, tsconfig),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  )!;
  const fileName = join(root, file);
  const host = ts.createCompilerHost(parsed.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, languageVersion, ...rest) => {
    if (name === fileName) return ts.createSourceFile(name, code, languageVersion);
    const key = `${name}\0${JSON.stringify(languageVersion)}`;
    if (!parsedFiles.has(key)) parsedFiles.set(key, getSourceFile(name, languageVersion, ...rest));
    return parsedFiles.get(key);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === fileName || fileExists(name);
  const program = ts.createProgram({ rootNames: [fileName], options: parsed.options, host });
  return program.getSemanticDiagnostics(program.getSourceFile(fileName)).map((diagnostic) => diagnostic.code);
}

describe("the type check of each runtime", () => {
  it("puts src/server in the server project, which has no DOM", () => {
    const server = ts.getParsedCommandLineOfConfigFile(
      join(root, "tsconfig.server.json"),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: () => undefined,
      },
    )!;
    expect(server.fileNames).toContain(join(root, "src/server/blog.ts"));
    expect(server.options.lib).toEqual(["lib.es2023.d.ts"]);
    expect(
      typeErrors("tsconfig.server.json", "src/server/x.ts", "export const here = window.location.href;\n"),
    ).toEqual([
      2304, // Cannot find name 'window'.
    ]);
    expect(
      typeErrors("tsconfig.server.json", "src/server/x.ts", 'export const here = process.env.HOME ?? "";\n'),
    ).toEqual([]);
  });

  it("keeps Node out of browser code", () => {
    expect(typeErrors("tsconfig.app.json", "src/lib/x.ts", "export const home = process.env.HOME;\n")).toEqual([
      2591, // Cannot find name 'process' (no Node types).
    ]);
    expect(typeErrors("tsconfig.app.json", "src/lib/x.ts", 'export { readFileSync } from "node:fs";\n')).toEqual([
      2307, // Cannot find module 'node:fs'.
    ]);
    expect(typeErrors("tsconfig.app.json", "src/lib/x.ts", "export const here = window.location.href;\n")).toEqual([]);
  });
});

describe("npm run lint", () => {
  const script = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> })
    .scripts.lint!;
  const eslintArgs = /eslint (.*) \.$/.exec(script)?.[1]?.split(" ") ?? [];
  type Run = { failed: boolean; reported: [string, number][] };
  let hooks: Run;
  let promise: Run;

  /** ESLint run as `npm run lint` runs it, on one fixture (which the config ignores otherwise). */
  async function lint(name: string): Promise<Run> {
    const eslint = join(root, "node_modules/eslint/bin/eslint.js");
    const args = [eslint, ...eslintArgs, "--no-ignore", "--format", "json", join("tests/fixtures/lint", name)];
    const { failed, stdout } = await promisify(execFile)(process.execPath, args, { cwd: root }).then(
      ({ stdout }) => ({ failed: false, stdout }),
      (error: { stdout: string }) => ({ failed: true, stdout: error.stdout }),
    );
    const [result] = JSON.parse(stdout) as { messages: { ruleId: string; severity: number }[] }[];
    return { failed, reported: result!.messages.map((message) => [message.ruleId, message.severity]) };
  }

  beforeAll(async () => {
    [hooks, promise] = await Promise.all([lint("missing-dependency.tsx"), lint("floating-promise.ts")]);
  }, 180_000);

  it("fails on a hooks warning: no warning is allowed", () => {
    expect(eslintArgs).toEqual(["--max-warnings", "0"]);
    expect(hooks).toEqual({ failed: true, reported: [["react-hooks/exhaustive-deps", 1]] });
  });

  it("fails on a promise dropped with void", () => {
    expect(promise).toEqual({ failed: true, reported: [["@typescript-eslint/no-floating-promises", 2]] });
  });
});
