import { fileURLToPath } from "node:url";
import { defaultServerConditions, defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import basicSsl from "@vitejs/plugin-basic-ssl";
import { FontaineTransform } from "fontaine";
import { fallbackFaces } from "./scripts/vite-fallback-faces.ts";
import { fontPreloadPlugin } from "./scripts/vite-font-preload.ts";
import { bootstrapPlugin } from "./scripts/vite-bootstrap.ts";
import { securityHeadersPlugin } from "./scripts/vite-security-headers.ts";
import { localFunctions } from "./supabase/local/functions-plugin.ts";
import { localSupabase } from "./supabase/local/vite-plugin.ts";
import { previewRoutes } from "./scripts/preview-routes.ts";
import { reactDomSentinels } from "./scripts/vite-react-dom-sentinels.ts";
import { compileHints } from "./scripts/vite-compile-hints.ts";
import { routerTreeShaking } from "./scripts/vite-router-tree-shaking.ts";
import { noScriptCopies } from "./scripts/no-script-copy.ts";
import { FRAMEWORK_CHUNK, REACT_DOM_CHUNK, REACT_DOM_CLIENT_CHUNK } from "./scripts/chunk-names.ts";

// PREVIEW_HTTPS=1 serves `vite preview` over HTTPS and HTTP/2 with a throwaway self-signed
// certificate, the protocol Vercel serves the site with; `npm run bench` measures that way.
const previewHttps = process.env.PREVIEW_HTTPS === "1";
// PREVIEW_NO_SCRIPT_SNAPSHOTS names the stripped copies of the measured pages that `npm run bench`
// serves as the yardstick of its no-script columns (scripts/no-script-copy.ts).
const noScriptSnapshots = process.env.PREVIEW_NO_SCRIPT_SNAPSHOTS;

// A local face for the font's fallback with Plus Jakarta Sans's metrics (size-adjust, ascent, descent
// and line-gap overrides, measured from the font file): text painted before the font arrives takes
// the room it will take, so the swap neither shifts the layout nor changes the largest text's size.
// The font's src in src/index.css is relative to that file.
// Arial (Windows, macOS, iOS), Helvetica Neue (Apple) and Roboto (Android) each get a face; the
// first one the device has is used.
const fontFallback = FontaineTransform.vite({
  fallbacks: ["Arial", "Helvetica Neue", "Roboto"],
  resolvePath: (id: string) => new URL(id, new URL("./src/index.css", import.meta.url)),
});

/**
 * Three chunks for what every page's app needs and the lazy chunks share.
 *
 * `react-dom`: React DOM and its scheduler. Its group leaves React to `framework`
 * (`includeDependenciesRecursively: false`), which it imports. In one chunk the two were evaluated in
 * one task of 8-17 ms at full speed in Chromium with Lighthouse's trace; apart, 2-3 ms (`framework`)
 * and 6-12 ms (`react-dom`): docs/performance.md, "React DOM in a chunk of its own".
 *
 * `react-dom-client`: the re-export of React DOM's client (src/lib/react-dom-client.ts) alone, 64
 * bytes. The bundler wraps React DOM's CommonJS body in a function and calls it where the client is
 * re-exported, so React DOM initialises as this chunk is evaluated, in a task of its own
 * (scripts/bootstrap-script.ts), not in `react-dom`'s. There Lighthouse's trace copies the chunk's
 * 211 KB of source as it first runs: with the initialisation in the same task, it took 10.8-19.7 ms
 * at full speed, over Lantern's 10 ms line (docs/performance.md, "React DOM started in a task of its
 * own").
 *
 * `framework`: React, the router, lucide's icon factory, and the site's smallest shared modules (class
 * names, config, the site's content, and the few-line helpers most pages reach: plural forms, detached
 * promises, the first interaction (island-gate), once-in-view, image sizes, the site's links).
 *
 * Left to itself the bundler cut them into ten files, each a request with its own headers and gzip
 * dictionary: 2.2 KB more on `/` and 2.5 KB on a post, as transferred over HTTP/2. Only modules that
 * load nothing lazily are named: a group takes its modules' dependencies along, and one that loads
 * others lazily depends on Vite's preload helper. When a boot module (now the inline
 * scripts/bootstrap-script.ts, which requests nothing before the paint) imported that helper before the
 * first paint, the whole chunk was fetched before the paint too (measured: FCP on `/` 1.11 → 1.34 s).
 */
const REACT_DOM_MODULES = /node_modules[\\/](react-dom|scheduler)[\\/]/;

const REACT_DOM_CLIENT_MODULE = /[\\/]src[\\/]lib[\\/]react-dom-client\.ts$/;

const FRAMEWORK_MODULES =
  /node_modules[\\/](react|react-router|react-router-dom|clsx)[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|context|shared[\\/].*)\.m?js$|[\\/]src[\\/](lib[\\/]cn|lib[\\/]detached|lib[\\/]image-size|lib[\\/]in-view|lib[\\/]island-gate|lib[\\/]plural|lib[\\/]touch|config|config-defaults|content[\\/]site|content[\\/]seo)\.ts$|[\\/]src[\\/]components[\\/]ui[\\/](Seo|Link)\.tsx$/;

/**
 * One chunk, `idle`, for what every public page loads once it is idle: where the visitor came from
 * (src/lib/attribution.ts) and the traffic count (src/lib/traffic.ts). Two files of under 1 KB each
 * went uncompressed (servers leave bodies that small as they are) with headers of their own.
 */
/**
 * React Router 7's package exports name its development build only, for every condition (the
 * production build ships beside it, unexported: remix-run/react-router#12532, #14102). So a build
 * bundled its development code: warnings on, and their checks run on every render. A build bundles
 * the production files instead. Both entries are aliased, `react-router` and `react-router/dom`
 * (react-router-dom imports the two), so the bundle holds one copy of the router, never a mix.
 */
const ROUTER_PRODUCTION_BUILD = [
  { find: /^react-router$/, file: "index.mjs" },
  { find: /^react-router\/dom$/, file: "dom-export.mjs" },
].map(({ find, file }) => ({
  find,
  replacement: fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url)),
}));

/**
 * Two chunks for the blog's reader, `post-page` (a post's page, its article and body) and `blog` (what
 * every blog page shares: the post's meta line, image and structured data, the blog's copy, its paths
 * and the date format), with the icons only they use. Left to itself the bundler cut a post's own
 * code into eight files by which pages share which module, each a request with its headers and a
 * gzip dictionary of its own: a post now loads two. Only the named modules are grouped
 * (`includeDependenciesRecursively: false`): what they import from the entry (route data, islands)
 * stays in the entry, where every page has it; taken along, the whole group became a dependency of
 * the entry and loaded on every page. None of the grouped modules has a side effect at the top level,
 * so their order of evaluation does not matter.
 */
const POST_MODULES =
  /[\\/]src[\\/]features[\\/]blog[\\/](BlogPostPage|PostArticle|PostBody)\.tsx$|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](user-round|list-tree)\.m?js$/;
const BLOG_READER_MODULES =
  /[\\/]src[\\/](features[\\/]blog[\\/](PostMeta|PostImage|structured-data)|content[\\/]blog|lib[\\/]blog-paths|lib[\\/]format)\.tsx?$|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]calendar-days\.m?js$/;

const IDLE_MODULES = /[\\/]src[\\/]lib[\\/](attribution|traffic|traffic-beacon)\.ts$/;

// previewRoutes comes before the functions and the local Supabase: its clean-URL redirects apply to
// every path, as Vercel's do; everything else it passes on.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    routerTreeShaking(),
    reactDomSentinels(),
    compileHints(),
    react(),
    fontFallback,
    fallbackFaces(),
    tailwindcss(),
    fontPreloadPlugin(),
    bootstrapPlugin(),
    securityHeadersPlugin(),
    ...(noScriptSnapshots ? [noScriptCopies(noScriptSnapshots)] : []),
    previewRoutes(),
    localFunctions(),
    localSupabase(),
    ...(previewHttps ? [basicSsl()] : []),
  ],
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 4173 },
  // Fonts stay files: the CSP allows font-src 'self' only, so an inlined data: font would be blocked.
  // The SSR build (dist-ssr/, included in the blog's function) needs no copy of public/: the CDN
  // serves those files from dist/.
  //
  // The SSR builds are minified without renaming (names stay readable in a server's stack traces):
  // the blog function imports its bundle on every cold start, and Node parses a third of the bytes.
  // No modulepreload polyfill: every browser the site supports has modulepreload, and the polyfill is
  // script in the entry that runs before anything else.
  //
  // Preloads: pages name none (they would compete with the first paint). The page's inline script
  // preloads the entry's own imports (React, the router) with the entry once the paint is shown
  // (scripts/bootstrap-script.ts), so they come in parallel, not one round trip later: hydration on a
  // throttled 4G phone came 100 to 260 ms sooner that way. Dynamic imports list no dependencies: each
  // list costs bytes in the entry and the page chunks, and preloading every route's would take a post
  // past its 100 KB budget.
  build: {
    assetsInlineLimit: (filePath: string) => (/\.(woff2?|ttf|otf)$/.test(filePath) ? false : undefined),
    copyPublicDir: !isSsrBuild,
    // One stylesheet that no chunk owns: split per chunk, the boot chunk would own it, and every
    // dynamic import of a chunk that reaches the boot chunk would list it for Vite's loader, which
    // links any stylesheet no <link> names. Rendered pages carry it inline instead of linked
    // (src/server/inline-stylesheets.ts), so the loader would fetch it and the browser restyle the
    // whole page a second time. There is one stylesheet in any case (Tailwind's, src/index.css).
    cssCodeSplit: false,
    modulePreload: {
      polyfill: false,
      resolveDependencies: () => [],
    },
    rolldownOptions: isSsrBuild
      ? { output: { minify: { compress: true, mangle: false, codegen: { removeWhitespace: true } } } }
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: REACT_DOM_CLIENT_CHUNK,
                  test: REACT_DOM_CLIENT_MODULE,
                  includeDependenciesRecursively: false,
                },
                { name: REACT_DOM_CHUNK, test: REACT_DOM_MODULES, includeDependenciesRecursively: false },
                { name: FRAMEWORK_CHUNK, test: FRAMEWORK_MODULES },
                { name: "idle", test: IDLE_MODULES },
                { name: "post-page", test: POST_MODULES, includeDependenciesRecursively: false },
                { name: "blog", test: BLOG_READER_MODULES, includeDependenciesRecursively: false },
              ],
            },
          },
        },
  },
  // The SSR build bundles its dependencies, so dist-ssr/blog-entry.js runs on its own: the blog's
  // function (api/blog.ts) loads it at run time, where nothing traces what it imports. In
  // development Vite's module loader resolves them from node_modules instead. `module-sync` picks the
  // ES module build of packages that offer Node both (react-router-dom): bundled from CommonJS, the
  // whole of React Router would be kept (380 KB) where tree-shaking keeps what the pages use.
  ssr:
    command === "build"
      ? { noExternal: true, resolve: { conditions: [...defaultServerConditions, "module-sync"] } }
      : undefined,
  // Bundled dependencies choose their build by process.env.NODE_ENV, which Vite leaves alone in an
  // SSR build: without this, React's development build (warnings, prop checks) would ship in it.
  define: command === "build" ? { "process.env.NODE_ENV": JSON.stringify("production") } : undefined,
  resolve: command === "build" ? { alias: ROUTER_PRODUCTION_BUILD } : undefined,
}));
