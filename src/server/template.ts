/**
 * Filling the built index.html with a rendered page: the one template step shared by the
 * build-time prerender (scripts/prerender.ts) and the request-time renderer (blog.ts), so a
 * page looks the same whichever produced it.
 */
const shellDefault = /\s*<(title|meta)\b[^>]*\bdata-shell-default\b[^>]*>(?:[^<]*<\/title>)?/g;
const emptyRoot = '<div id="root"></div>';

/** The template with the page's own head tags in place of the shell defaults, its HTML in #root, and `afterRoot` (a data block) right after it. */
export function fillTemplate(template: string, head: string, body: string, afterRoot = ""): string {
  if (!template.includes(emptyRoot)) throw new Error(`The template has no empty ${emptyRoot}.`);
  const withoutDefaults = template.replace(shellDefault, "");
  // Replacer functions, so that `$` in page text is never read as a replacement pattern.
  return withoutDefaults
    .replace("</head>", () => `    ${head}\n  </head>`)
    .replace(emptyRoot, () => `<div id="root">${body}</div>${afterRoot}`);
}
