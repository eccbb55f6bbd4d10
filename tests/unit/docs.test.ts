/**
 * The docs (README.md, CONTRIBUTING.md, docs/*.md, supabase/README.md) against the code, so that
 * what they name exists and what the code reads or serves is written down. Each check is a function
 * of the docs' text and of facts read from the repository, and returns one message per problem,
 * naming the doc and the line: the cases at the end feed each one a planted mistake.
 *
 * - A repository path in backticks exists (a file, a folder written `dir/`, or a glob that matches
 *   something). Paths of the site (`/blog/…`, `/api/…`) are the last check's business.
 * - An environment variable in backticks is read by the code, and every variable the code reads is
 *   named in some doc (the readers are listed in ENV_READERS, each with why it counts).
 * - What the data-model table names is in the migrations, and every table is in it.
 * - A relative link leads to a file, and to one of its headings when it names one.
 * - Every path of src/server/paths.ts has its row in the table of paths with what serves it, and
 *   each cron's schedule is the one the docs give.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { marked, type Token, type Tokens } from "marked";
import { describe, expect, it } from "vitest";
import { CRONS, FUNCTIONS, REWRITES } from "../../src/server/paths";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

// ---------------------------------------------------------------------------------------------
// Reading the docs: code spans and tables, with the line each is on.

interface Doc {
  /** Path from the repository root, e.g. `docs/ARCHITECTURE.md`. */
  name: string;
  text: string;
}

interface Span {
  doc: string;
  line: number;
  text: string;
}

interface Cell {
  text: string;
  spans: string[];
}

interface Table {
  doc: string;
  line: number;
  header: string[];
  rows: { line: number; cells: Cell[] }[];
}

/** The children of a token, in document order. */
function children(token: Token): Token[] {
  switch (token.type) {
    case "table": {
      const table = token as Tokens.Table;
      return [...table.header, ...table.rows.flat()].flatMap((cell) => cell.tokens);
    }
    case "list":
      return (token as Tokens.List).items;
    default:
      return ("tokens" in token ? (token.tokens as Token[] | undefined) : undefined) ?? [];
  }
}

function inlineIn<T extends Token>(type: string, token: Token): T[] {
  if (token.type === type) return [token as T];
  return children(token).flatMap((child) => inlineIn<T>(type, child));
}

const codespansIn = (token: Token) => inlineIn<Tokens.Codespan>("codespan", token);

function lineAt(text: string, offset: number): number {
  return text.slice(0, offset).split("\n").length;
}

/** Every code span outside fenced blocks, with its line. */
function codeSpans(doc: Doc): Span[] {
  return located(doc, "codespan", (token: Tokens.Codespan) => token.text);
}

/** Every link's target, with its line. */
function links(doc: Doc): Span[] {
  return located(doc, "link", (token: Tokens.Link) => token.href);
}

/** The inline tokens of one type, each with its line (found in order in its block's source). */
function located<T extends Token>(doc: Doc, type: string, textOf: (token: T) => string): Span[] {
  const found: Span[] = [];
  let offset = 0;
  for (const block of marked.lexer(doc.text)) {
    let cursor = 0;
    for (const token of inlineIn<T>(type, block)) {
      const at = block.raw.indexOf(token.raw, cursor);
      if (at >= 0) cursor = at + token.raw.length;
      found.push({ doc: doc.name, line: lineAt(doc.text, offset + Math.max(at, 0)), text: textOf(token) });
    }
    offset += block.raw.length;
  }
  return found;
}

/** The anchors of a doc's headings, as GitHub makes them (`## The outbox's schedule` → `the-outboxs-schedule`). */
function anchors(doc: Doc): Set<string> {
  return new Set(
    marked
      .lexer(doc.text)
      .filter((token): token is Tokens.Heading => token.type === "heading")
      .map((heading) =>
        heading.text
          .toLowerCase()
          .replace(/[^\p{L}\p{N}\s_-]/gu, "")
          .replace(/\s/g, "-"),
      ),
  );
}

function cellOf(cell: Tokens.TableCell): Cell {
  return { text: cell.text, spans: cell.tokens.flatMap(codespansIn).map((span) => span.text) };
}

/** Every table, with the line of its header and of each row (one line each, as Markdown has them). */
function tables(doc: Doc): Table[] {
  const found: Table[] = [];
  let offset = 0;
  for (const block of marked.lexer(doc.text)) {
    if (block.type === "table") {
      const table = block as Tokens.Table;
      const line = lineAt(doc.text, offset + block.raw.length - block.raw.trimStart().length);
      found.push({
        doc: doc.name,
        line,
        header: table.header.map((cell) => cell.text.trim().toLowerCase()),
        rows: table.rows.map((row, index) => ({ line: line + 2 + index, cells: row.map(cellOf) })),
      });
    }
    offset += block.raw.length;
  }
  return found;
}

/** The prose of a doc in clauses (split at `.`, `;` and blank lines; a table's at each row), fenced code left out. */
function clauses(doc: Doc): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  let offset = 0;
  for (const block of marked.lexer(doc.text)) {
    // A table's rows are clauses of their own.
    const clause = block.type === "table" ? /[^\n]*?(?:[.;](?:\s|$)|\n|$)/g : /[\s\S]*?(?:[.;](?:\s|$)|\n\s*\n|$)/g;
    if (block.type !== "code") {
      for (const match of block.raw.matchAll(clause)) {
        if (!match[0].trim()) continue;
        found.push({ line: lineAt(doc.text, offset + match.index), text: match[0].replace(/\s+/g, " ") });
      }
    }
    offset += block.raw.length;
  }
  return found;
}

const where = (span: { doc: string; line: number }) => `${span.doc}:${span.line}`;

// ---------------------------------------------------------------------------------------------
// 1. Repository paths.

interface RepoFiles {
  /** Every file, from the root, with `/`. */
  files: Set<string>;
  /** Every folder, from the root, with `/`. */
  dirs: Set<string>;
  /** .gitignore's patterns: what matches one is built or local, never committed. */
  ignored: string[];
}

const FILE_EXTENSION = /\.(ts|tsx|js|mjs|cjs|json|jsonc|md|sql|toml|css|html|xml|txt|yml|yaml|sh|svg|png|webmanifest)$/;

function globToRegExp(glob: string): RegExp {
  const source = glob
    .split(/\*\*\/?/)
    .map((part) =>
      part
        .replace(/[.+^${}()|[\]\\]/g, "\\$&")
        .replace(/\*/g, "[^/]*")
        .replace(/\?/g, "[^/]"),
    )
    .join(".*");
  return new RegExp(`^${source}$`);
}

function isIgnored(path: string, ignored: string[]): boolean {
  return ignored.some((pattern) => {
    const anchored = pattern.replace(/^\//, "");
    const dir = anchored.endsWith("/");
    const regex = globToRegExp(dir ? anchored.slice(0, -1) : anchored);
    const segments = path.replace(/\/$/, "").split("/");
    // A pattern matches the path or one of the folders above it.
    return segments.some((_, index) => regex.test(segments.slice(0, index + 1).join("/")));
  });
}

/**
 * What a code span names in the repository, if it looks like a path: no spaces or placeholders, not a
 * path of the site, and starting with an entry of the root or of the doc's own folder, with a `/` or
 * a file extension. Relative to the doc's folder when it starts with one of that folder's entries.
 */
function repositoryPath(text: string, doc: string, repo: RepoFiles): string | null {
  if (/[\s<>{}…$=(),:@?#'"`]/.test(text) || text.startsWith("/")) return null;
  if (!text.includes("/") && !FILE_EXTENSION.test(text)) return null;
  const first = text.split("/")[0]!;
  const docDir = posix.dirname(doc);
  const inRoot = (entry: string) => repo.files.has(entry) || repo.dirs.has(entry);
  if (docDir !== "." && inRoot(posix.join(docDir, first)) && !inRoot(first)) return posix.join(docDir, text);
  if (inRoot(first) || isIgnored(first, repo.ignored)) return text;
  return null;
}

/**
 * A file named by its last parts (`leads/queries.ts`, `DataStates.tsx`), which the prose makes clear:
 * some file of the repository ends so. Built files (`404.html`) are in BUILT_FILES.
 */
function partialPath(text: string): string | null {
  if (/[\s<>{}…$=(),:@?#'"`*]/.test(text) || text.startsWith("/") || text.startsWith(".")) return null;
  return FILE_EXTENSION.test(text) ? text : null;
}

/** Files the build writes into `dist/`, named without their folder. */
const BUILT_FILES = new Set(["404.html", "spa-shell.html", "index.html"]);

function checkPaths(docs: Doc[], repo: RepoFiles): string[] {
  const problems: string[] = [];
  for (const doc of docs) {
    for (const span of codeSpans(doc)) {
      const path = repositoryPath(span.text.trim(), doc.name, repo);
      const partial = path === null ? partialPath(span.text.trim()) : null;
      if (partial !== null) {
        const found = BUILT_FILES.has(partial) || [...repo.files].some((file) => `/${file}`.endsWith(`/${partial}`));
        if (!found) problems.push(`${where(span)}: \`${span.text}\` is no file of the repository`);
        continue;
      }
      if (path === null || isIgnored(path, repo.ignored)) continue;
      if (path.includes("*")) {
        const regex = globToRegExp(path.replace(/\/$/, ""));
        if (![...repo.files, ...repo.dirs].some((file) => regex.test(file)))
          problems.push(`${where(span)}: \`${span.text}\` matches no file of the repository`);
      } else if (
        path.endsWith("/") ? !repo.dirs.has(path.slice(0, -1)) : !repo.files.has(path) && !repo.dirs.has(path)
      ) {
        problems.push(`${where(span)}: \`${span.text}\` is not in the repository`);
      }
    }
  }
  return problems;
}

/** Every relative link leads to a file of the repository, and to a heading of it when it names one. */
function checkLinks(docs: Doc[], repo: RepoFiles): string[] {
  const problems: string[] = [];
  for (const doc of docs) {
    for (const link of links(doc)) {
      if (/^[a-z]+:/i.test(link.text)) continue;
      const [file = "", anchor] = link.text.split("#");
      const target = file ? posix.normalize(posix.join(posix.dirname(doc.name), file)).replace(/\/$/, "") : doc.name;
      if (!repo.files.has(target) && !repo.dirs.has(target)) {
        problems.push(`${where(link)}: the link to \`${link.text}\` leads to no file of the repository`);
        continue;
      }
      const linked = docs.find((other) => other.name === target);
      if (anchor && linked && !anchors(linked).has(anchor))
        problems.push(`${where(link)}: the link to \`${link.text}\` names no heading of ${target}`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// 2. Environment variables.

/**
 * The names a source file reads from the environment: `env.X` (`process.env.X`, `import.meta.env.X`,
 * an `env` argument), `env["X"]`, and the readers' helpers, which take the environment and then the
 * names (`first(env, "A", "B")`, `read(env, "A", fallback)`) or, in src/config.ts, the name alone
 * (`read("VITE_A", fallback)` over `import.meta.env`).
 */
function envReads(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/\benv\??\.([A-Z][A-Z0-9_]*)\b/g)) names.add(match[1]!);
  for (const match of source.matchAll(/\benv\[\s*["'`]([A-Z][A-Z0-9_]*)["'`]\s*\]/g)) names.add(match[1]!);
  for (const match of source.matchAll(/\b(?:read|first)\(\s*env\s*,([^)]*)\)/g)) {
    for (const name of match[1]!.matchAll(/["'`]([A-Z][A-Z0-9_]*)["'`]/g)) names.add(name[1]!);
  }
  for (const match of source.matchAll(/\bread\(\s*["'`]([A-Z][A-Z0-9_]*)["'`]/g)) names.add(match[1]!);
  return [...names];
}

/** Set by the tools, not by a person: Vite's `import.meta.env.PROD`, and NODE_ENV, which the build defines. */
const BUILT_IN = new Set(["PROD", "NODE_ENV"]);

const ENV_NAME = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*\b/g;

/** The names in a table's first column, for README's table of variables (header `variable`). */
function variableTableNames(docs: Doc[]): { name: string; doc: string; line: number }[] {
  return docs.flatMap((doc) =>
    tables(doc)
      .filter((table) => table.header[0] === "variable")
      .flatMap((table) =>
        table.rows.flatMap((row) =>
          (row.cells[0]?.spans ?? []).map((name) => ({ name, doc: doc.name, line: row.line })),
        ),
      ),
  );
}

/**
 * `reads` maps each variable read to the files that read it. A name in backticks is a variable when
 * it is read, is in README's table, or starts as one does (`VITE_`, `SUPABASE_`, `LOCAL_`, …): then it
 * must be read. Every name read must be in backticks in some doc.
 */
function checkEnv(docs: Doc[], reads: Map<string, string[]>): string[] {
  const problems: string[] = [];
  const listed = variableTableNames(docs);
  const prefixes = new Set(
    [...reads.keys(), ...listed.map((entry) => entry.name)]
      .filter((name) => name.includes("_"))
      .map((name) => `${name.split("_")[0]}_`),
  );
  const documented = new Set<string>();
  for (const entry of listed) {
    if (!reads.has(entry.name))
      problems.push(`${where(entry)}: \`${entry.name}\` is in the table of variables but nothing reads it`);
  }
  for (const doc of docs) {
    for (const span of codeSpans(doc)) {
      for (const [name] of span.text.matchAll(ENV_NAME)) {
        const variable = reads.has(name) || [...prefixes].some((prefix) => name.startsWith(prefix));
        if (!variable) continue;
        documented.add(name);
        if (!reads.has(name) && !listed.some((entry) => entry.name === name))
          problems.push(`${where(span)}: \`${name}\` looks like an environment variable but nothing reads it`);
      }
    }
  }
  for (const [name, files] of reads) {
    if (!documented.has(name) && !BUILT_IN.has(name))
      problems.push(`${files.join(", ")} reads \`${name}\`, which no doc names`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// 3. The data model against the migrations.

interface Schema {
  /** `schema.name` → what it is, for what the migrations create and do not drop later. */
  objects: Map<string, "table" | "view" | "function">;
  /** The migrations' text without comments, for columns and buckets. */
  text: string;
}

function readSchema(migrations: { name: string; text: string }[]): Schema {
  const objects = new Map<string, "table" | "view" | "function">();
  let all = "";
  for (const migration of [...migrations].sort((a, b) => a.name.localeCompare(b.name))) {
    const text = migration.text.replace(/--[^\n]*/g, "");
    all += `${text}\n`;
    const statement =
      /\b(create(?:\s+or\s+replace)?|drop)\s+(table|view|function)\s+(?:if\s+(?:not\s+)?exists\s+)?([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)/gi;
    for (const [, verb, kind, schema, name] of text.matchAll(statement)) {
      const key = `${schema!.toLowerCase()}.${name!.toLowerCase()}`;
      if (verb!.toLowerCase() === "drop") objects.delete(key);
      else objects.set(key, kind!.toLowerCase() as "table" | "view" | "function");
    }
  }
  return { objects, text: all };
}

const QUALIFIED = /^(public|private)\.([a-z_][a-z0-9_]*)/;
const IDENTIFIER = /^([a-z_][a-z0-9_]*)(\(\))?$/;

function exists(schema: Schema, name: string): boolean {
  return schema.objects.has(name.includes(".") ? name : `public.${name}`) || schema.objects.has(`private.${name}`);
}

/**
 * The data-model table (header `table`): each row's table is in the migrations, each function or
 * table named in its cells too (a bare name may also be a column), and every table the migrations
 * keep has a row. Anywhere in the docs, a `public.x` or `private.x` is in the migrations.
 */
function checkDataModel(docs: Doc[], schema: Schema): string[] {
  const problems: string[] = [];
  const model = docs.flatMap(tables).filter((table) => table.header[0] === "table");
  if (model.length === 0) problems.push("no doc has the data-model table (a table whose first column is `table`)");
  const rowsFor = new Set<string>();
  for (const table of model) {
    for (const row of table.rows) {
      const [first, ...rest] = row.cells;
      const at = where({ doc: table.doc, line: row.line });
      if (first && /^`?storage`? bucket/.test(first.text)) {
        for (const bucket of first.spans.filter((span) => span !== "storage")) {
          if (!schema.text.includes(`'${bucket}'`))
            problems.push(`${at}: no migration creates the bucket \`${bucket}\``);
        }
        continue;
      }
      for (const name of first?.spans ?? []) {
        const key = name.includes(".") ? name : `public.${name}`;
        const kind = schema.objects.get(key);
        if (kind !== "table" && kind !== "view") problems.push(`${at}: \`${name}\` is not a table of the migrations`);
        rowsFor.add(key);
      }
      for (const span of rest.flatMap((cell) => cell.spans)) {
        const qualified = QUALIFIED.exec(span);
        const bare = IDENTIFIER.exec(span);
        if (qualified && !exists(schema, `${qualified[1]}.${qualified[2]}`)) {
          problems.push(`${at}: \`${span}\` is not in the migrations`);
        } else if (bare && !qualified && !exists(schema, bare[1]!)) {
          const column = !bare[2] && new RegExp(`\\b${bare[1]}\\b`).test(schema.text);
          if (!column) problems.push(`${at}: \`${span}\` is not in the migrations`);
        }
      }
    }
  }
  for (const [name, kind] of schema.objects) {
    if (kind === "table" && model.length > 0 && !rowsFor.has(name))
      problems.push(`${model[0]!.doc}:${model[0]!.line}: the data-model table has no row for \`${name}\``);
  }
  const modelRows = new Set(
    model.flatMap((table) => table.rows.map((row) => where({ doc: table.doc, line: row.line }))),
  );
  for (const doc of docs) {
    for (const span of codeSpans(doc)) {
      const qualified = QUALIFIED.exec(span.text);
      if (modelRows.has(where(span))) continue;
      if (qualified && !exists(schema, `${qualified[1]}.${qualified[2]}`))
        problems.push(`${where(span)}: \`${span.text}\` is not in the migrations (or a later one drops it)`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// 4. The paths of src/server/paths.ts and the crons' schedules.

/** What src/server/paths.ts declares, as the check needs it (plain strings, so cases can plant others). */
interface PathTable {
  functions: readonly { name: string }[];
  rewrites: readonly {
    path: string;
    subpaths: boolean;
    suffix?: string;
    to: { function: string } | { file: string };
  }[];
  crons: readonly { function: string; schedule: string }[];
}

/** How the docs may say a schedule: the forms CRONS uses, in words, and the expression itself. */
function scheduleWords(schedule: string): string[] {
  const [minute, hour, day, month, weekday] = schedule.trim().split(/\s+/);
  const pad = (value: string) => value.padStart(2, "0");
  const words = [schedule];
  if (day === "*" && month === "*" && weekday === "*") {
    if (minute === "*" && hour === "*") words.push("every minute");
    else if (/^\*\/\d+$/.test(minute!) && hour === "*") words.push(`every ${minute!.slice(2)} minutes`);
    else if (/^\d+$/.test(minute!) && hour === "*") words.push("hourly", "every hour");
    else if (/^\d+$/.test(minute!) && /^\d+$/.test(hour!))
      words.push("daily", "once a day", `daily at ${pad(hour!)}:${pad(minute!)} UTC`);
  } else if (day === "*" && month === "*" && /^\d$/.test(weekday!)) {
    words.push("weekly", "once a week");
  }
  return words;
}

/** Phrases that state how often something runs. */
const SCHEDULE_PHRASE =
  /every \d+ minutes|every minute|every \d+ hours|every hour|hourly|daily|once a day|once a week|weekly|`[\d*/,-]+(?: [\d*/,-]+){4}`/gi;

/**
 * The table of paths (header `path`, `served by`): a row for each function (`/api/<name>` served by
 * `api/<name>.ts`), each rewrite (its path, and `<path>/*` for one with subpaths, served by the
 * function's file or the file rewritten to), and each cron (the function's row says its schedule).
 * No row names a path the table does not have. Any clause of the docs about Vercel's cron that says
 * how often says what CRONS says.
 */
function checkServedPaths(docs: Doc[], paths: PathTable): string[] {
  const problems: string[] = [];
  const pathTables = docs
    .flatMap(tables)
    .filter((table) => table.header[0] === "path" && table.header.some((cell) => cell.startsWith("served by")));
  if (pathTables.length === 0) problems.push("no doc has the table of paths (columns `path` and `served by`)");
  const rows = pathTables.flatMap((table) =>
    table.rows.map((row) => ({
      doc: table.doc,
      line: row.line,
      paths: row.cells[0]?.spans ?? [],
      servedBy: row.cells.slice(1).flatMap((cell) => cell.spans),
      text: row.cells.map((cell) => cell.text).join(" | "),
    })),
  );
  const at = pathTables[0] ? where(pathTables[0]) : "the table of paths";
  const known = new Set<string>();
  const rowOf = (path: string) => rows.find((row) => row.paths.includes(path));

  for (const entry of pathTables.length > 0 ? paths.functions : []) {
    const path = `/api/${entry.name}`;
    known.add(path);
    const row = rowOf(path);
    if (!row) problems.push(`${at}: the table of paths has no row for \`${path}\``);
    else if (!row.servedBy.includes(`api/${entry.name}.ts`))
      problems.push(`${where(row)}: \`${path}\` is served by \`api/${entry.name}.ts\`, which the row does not say`);
  }
  for (const entry of pathTables.length > 0 ? paths.rewrites : []) {
    const served = "function" in entry.to ? `api/${entry.to.function}.ts` : entry.to.file.replace(/^\//, "");
    const suffix = entry.suffix ?? "";
    for (const path of entry.subpaths ? [entry.path + suffix, `${entry.path}/*${suffix}`] : [entry.path + suffix]) {
      known.add(path);
      const row = rowOf(path);
      if (!row) problems.push(`${at}: the table of paths has no row for \`${path}\``);
      else if (!row.servedBy.some((file) => file === served || file.endsWith(`/${served}`)))
        problems.push(`${where(row)}: \`${path}\` is served by \`${served}\`, which the row does not say`);
    }
  }
  for (const cron of paths.crons) {
    const path = `/api/${cron.function}`;
    const row = rowOf(path);
    const words = scheduleWords(cron.schedule);
    if (row && !words.some((word) => row.text.toLowerCase().includes(word.toLowerCase())))
      problems.push(
        `${where(row)}: Vercel calls \`${path}\` on \`${cron.schedule}\` (${words.slice(1).join(", ")}), which the row does not say`,
      );
  }
  for (const row of rows) {
    for (const path of row.paths) {
      if (path.startsWith("/") && !known.has(path))
        problems.push(`${where(row)}: \`${path}\` is not in src/server/paths.ts`);
    }
  }
  const allowed = paths.crons.flatMap((cron) => scheduleWords(cron.schedule).map((word) => word.toLowerCase()));
  for (const doc of docs) {
    for (const clause of clauses(doc)) {
      if (!/vercel/i.test(clause.text) || !/\bcrons?\b/i.test(clause.text)) continue;
      for (const [phrase] of clause.text.matchAll(SCHEDULE_PHRASE)) {
        const said = phrase.replace(/`/g, "").toLowerCase();
        if (!allowed.some((word) => word === said || word.startsWith(`${said} `)))
          problems.push(
            `${where({ doc: doc.name, line: clause.line })}: says Vercel's cron runs "${phrase}", but CRONS says ${paths.crons.map((cron) => `\`${cron.schedule}\``).join(", ")}`,
          );
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The repository's facts.

const DOC_NAMES = ["README.md", "CONTRIBUTING.md", "supabase/README.md"];

function readDocs(): Doc[] {
  const docsDir = readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`);
  return [...DOC_NAMES, ...docsDir].map((name) => ({ name, text: readFileSync(join(ROOT, name), "utf8") }));
}

/** Folders that are installed or built, never part of what the docs describe. */
const SKIPPED = new Set([".git", "node_modules", "test-results", "playwright-report", "bench-results", "coverage"]);

function readRepo(): RepoFiles {
  const files = new Set<string>();
  const dirs = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      const path = relative(ROOT, full).split(sep).join("/");
      if (entry.isDirectory() || (entry.isSymbolicLink() && statSync(full).isDirectory())) {
        if (SKIPPED.has(entry.name) || /^dist(-|$)/.test(path) || path === "supabase/.local-db") continue;
        dirs.add(path);
        walk(full);
      } else {
        files.add(path);
      }
    }
  };
  walk(ROOT);
  const ignored = readFileSync(join(ROOT, ".gitignore"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#") && !line.startsWith("!"));
  return { files, dirs, ignored };
}

/**
 * Who reads the environment. The product's two readers, and the code that runs beside it:
 * - src/config.ts: the browser's one reader (`import.meta.env`).
 * - src/server/settings.ts: the functions' one reader (`process.env`), and
 *   src/server/conversions/settings.ts, src/server/adspend/settings.ts and
 *   src/server/calls/google-calendar.ts, to which `readSettings` hands the same environment.
 * - supabase/local/: the local backend and the dev server (LOCAL_*, and the mail settings the
 *   recovery e-mail uses); it runs in development, preview and tests only.
 * - playwright.config.ts and tests/e2e/: the end-to-end runs (E2E_PORT, E2E_OUT, CI) and the local
 *   admin's sign-in.
 * - scripts/: the Chromium check (PLAYWRIGHT_CHROMIUM_EXECUTABLE, PATH), `npm run vercel:sync`
 *   (VITE_SUPABASE_URL), `npm run verify:vercel` and the benchmarks' settings.
 * - vite.config.ts: the preview over HTTPS (PREVIEW_HTTPS).
 * - vitest.config.ts and tests/support/: the suites' workers (VITEST_MAX_WORKERS) and the file times
 *   `npm test` prints (VITEST_FILE_TIMINGS).
 * Test files are not readers: what they set or read is their own.
 */
const ENV_READERS = [
  "src/config.ts",
  "src/server/settings.ts",
  "src/server/conversions/settings.ts",
  "src/server/adspend/settings.ts",
  "src/server/calls/google-calendar.ts",
  "supabase/local/",
  "playwright.config.ts",
  "tests/e2e/",
  "scripts/",
  "vite.config.ts",
  "vitest.config.ts",
  "tests/support/",
];

function readEnvReads(repo: RepoFiles): { reads: Map<string, string[]>; missing: string[] } {
  const reads = new Map<string, string[]>();
  const missing: string[] = [];
  for (const reader of ENV_READERS) {
    const files = reader.endsWith("/")
      ? [...repo.files].filter(
          (file) => file.startsWith(reader) && /\.tsx?$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file),
        )
      : [reader];
    if (files.length === 0 || (!reader.endsWith("/") && !existsSync(join(ROOT, reader)))) {
      missing.push(reader);
      continue;
    }
    for (const file of files) {
      for (const name of envReads(readFileSync(join(ROOT, file), "utf8"))) {
        reads.set(name, [...(reads.get(name) ?? []), file]);
      }
    }
  }
  return { reads, missing };
}

function readMigrations(): { name: string; text: string }[] {
  const dir = join(ROOT, "supabase", "migrations");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .map((name) => ({ name, text: readFileSync(join(dir, name), "utf8") }));
}

// ---------------------------------------------------------------------------------------------

describe("the docs against the code", () => {
  const docs = readDocs();
  const repo = readRepo();

  it("reads the five docs", () => {
    expect(docs.map((doc) => doc.name)).toEqual(expect.arrayContaining([...DOC_NAMES, "docs/ARCHITECTURE.md"]));
  });

  it("every repository path in backticks exists", () => {
    expect(checkPaths(docs, repo)).toEqual([]);
  });

  it("every relative link leads to a file, and to one of its headings", () => {
    expect(checkLinks(docs, repo)).toEqual([]);
  });

  it("every environment variable named is read, and every one read is named", () => {
    const { reads, missing } = readEnvReads(repo);
    expect(missing, "readers listed in ENV_READERS that are gone: update the list").toEqual([]);
    expect(checkEnv(docs, reads)).toEqual([]);
  });

  it("the data-model table and the migrations agree", () => {
    expect(checkDataModel(docs, readSchema(readMigrations()))).toEqual([]);
  });

  it("every path of src/server/paths.ts is in the table of paths, and each cron's schedule is the docs'", () => {
    expect(checkServedPaths(docs, { functions: FUNCTIONS, rewrites: REWRITES, crons: CRONS })).toEqual([]);
  });
});

describe("the checks catch what they are for", () => {
  const doc = (text: string, name = "docs/PLANTED.md"): Doc => ({ name, text });
  const repo: RepoFiles = {
    files: new Set(["src/config.ts", "src/server/paths.ts", "supabase/local/index.ts", "supabase/README.md"]),
    dirs: new Set(["src", "src/server", "supabase", "supabase/local", "docs"]),
    ignored: ["dist/", "supabase/.local-db/"],
  };

  it("a path that is not in the repository, with the doc and the line", () => {
    const planted = doc(
      "# Planted\n\nThe table is in `src/server/paths.ts`.\nThe settings are in `src/server/setings.ts`.\n",
    );
    expect(checkPaths([planted], repo)).toEqual([
      "docs/PLANTED.md:4: `src/server/setings.ts` is not in the repository",
    ]);
  });

  it("a folder, a glob, a doc's relative path, and what is built or a site path pass", () => {
    const planted = doc(
      "`src/server/`, `supabase/local/*.ts`, `local/index.ts`, `dist/index.html`, `supabase/.local-db/`, `/blog/x`, `/api/contact`, `src/<area>/x.ts`\n\n`supabase/tests/*.test.ts` and `local/test-client.ts`\n",
      "supabase/README.md",
    );
    expect(checkPaths([planted], repo)).toEqual([
      "supabase/README.md:3: `supabase/tests/*.test.ts` matches no file of the repository",
      "supabase/README.md:3: `local/test-client.ts` is not in the repository",
    ]);
  });

  it("a link to a file that is gone, or to a heading that is not there", () => {
    const planted = doc(
      "# Planted\n\n## The outbox's schedule\n\n[ok](#the-outboxs-schedule), [gone](../src/old.ts), [heading](#the-schedule)\n",
    );
    const withDocs = { ...repo, files: new Set([...repo.files, "docs/PLANTED.md"]) };
    expect(checkLinks([planted], withDocs)).toEqual([
      "docs/PLANTED.md:5: the link to `../src/old.ts` leads to no file of the repository",
      "docs/PLANTED.md:5: the link to `#the-schedule` names no heading of docs/PLANTED.md",
    ]);
  });

  it("a variable the code reads and no doc names, and one a doc names and nothing reads", () => {
    const reads = new Map([
      ["VITE_SITE_URL", ["src/config.ts"]],
      ["LOCAL_NEW_SETTING", ["supabase/local/index.ts"]],
    ]);
    const planted = doc(
      "| variable | where |\n| --- | --- |\n| `VITE_SITE_URL` | browser |\n\nSet `VITE_SITE_ORIGIN`.\n",
    );
    expect(checkEnv([planted], reads)).toEqual([
      "docs/PLANTED.md:5: `VITE_SITE_ORIGIN` looks like an environment variable but nothing reads it",
      "supabase/local/index.ts reads `LOCAL_NEW_SETTING`, which no doc names",
    ]);
  });

  it("a table row nothing reads, and constants that are no variables", () => {
    const reads = new Map([["CRON_SECRET", ["src/server/settings.ts"]]]);
    const planted = doc(
      "| variable | where |\n| --- | --- |\n| `CRON_SECRET` | api |\n| `OLD_TOKEN` | api |\n\n`FEED_PATH`, `LEAD_FIELD_ORDER`\n",
    );
    expect(checkEnv([planted], reads)).toEqual([
      "docs/PLANTED.md:4: `OLD_TOKEN` is in the table of variables but nothing reads it",
    ]);
  });

  it("finds what src/config.ts, src/server/settings.ts and the local backend read", () => {
    expect(
      envReads('read("VITE_A", "") + first(env, "B_ONE", "VITE_B") + env.LOCAL_C + env["D_D"] + host.env.E'),
    ).toEqual(["LOCAL_C", "E", "D_D", "B_ONE", "VITE_B", "VITE_A"]);
  });

  it("a data-model row, a function or a dropped function the migrations do not have, and a table without a row", () => {
    const schema = readSchema([
      {
        name: "1_a.sql",
        text: "create table public.posts (id uuid, slug text);\ncreate function public.f() returns int;\n",
      },
      {
        name: "2_b.sql",
        text: "create table public.lead_messages (id uuid);\ncreate function public.gone() returns int;\ndrop function public.gone();\n",
      },
    ]);
    const planted = doc(
      "| table | what | who |\n| --- | --- | --- |\n| `public.posts` | `slug` | `f` |\n| `public.leads` | x | `public.gone()` |\n\nSee `private.nothing()`.\n",
    );
    expect(checkDataModel([planted], schema)).toEqual([
      "docs/PLANTED.md:4: `public.leads` is not a table of the migrations",
      "docs/PLANTED.md:4: `public.gone()` is not in the migrations",
      "docs/PLANTED.md:1: the data-model table has no row for `public.lead_messages`",
      "docs/PLANTED.md:6: `private.nothing()` is not in the migrations (or a later one drops it)",
    ]);
  });

  it("a path without its row, a row naming a path that is gone, and a cron's schedule told wrong", () => {
    const paths: PathTable = {
      functions: [{ name: "contact" }, { name: "cron-outbox" }],
      rewrites: [{ path: "/admin", subpaths: false, to: { file: "/spa-shell.html" } }],
      crons: [{ function: "cron-outbox", schedule: "0 6 * * *" }],
    };
    const planted = doc(
      [
        "| path | served by | when |",
        "| --- | --- | --- |",
        "| `/api/contact` | `api/contact.ts` | |",
        "| `/api/cron-outbox` | `api/cron-outbox.ts` | every 5 minutes |",
        "| `/api/cron-conversions` | `api/cron-conversions.ts` | |",
        "",
        "Vercel Cron calls the dispatcher every 5 minutes.",
        "",
      ].join("\n"),
    );
    expect(checkServedPaths([planted], paths)).toEqual([
      "docs/PLANTED.md:1: the table of paths has no row for `/admin`",
      "docs/PLANTED.md:4: Vercel calls `/api/cron-outbox` on `0 6 * * *` (daily, once a day, daily at 06:00 UTC), which the row does not say",
      "docs/PLANTED.md:5: `/api/cron-conversions` is not in src/server/paths.ts",
      'docs/PLANTED.md:7: says Vercel\'s cron runs "every 5 minutes", but CRONS says `0 6 * * *`',
    ]);
  });

  it("says a schedule in words", () => {
    expect(scheduleWords("* * * * *")).toContain("every minute");
    expect(scheduleWords("*/10 * * * *")).toContain("every 10 minutes");
    expect(scheduleWords("0 0 * * *")).toContain("daily");
    expect(scheduleWords("15 * * * *")).toContain("hourly");
  });
});

describe("README.md's map of src/features", () => {
  it("names every feature's folder and every folder of the admin's screens", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const map = readme.slice(readme.indexOf("src/features/ "), readme.indexOf("src/components/ "));
    const named = new Set(map.match(/[a-z][a-z-]*/g));
    const folders = (dir: string) =>
      readdirSync(join(ROOT, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${dir}/${entry.name}`);
    const unnamed = [...folders("src/features"), ...folders("src/features/admin")].filter(
      (folder) => !named.has(folder.split("/").at(-1)!),
    );
    expect(unnamed, "README.md's 'Where things are' leaves these out").toEqual([]);
  });
});
