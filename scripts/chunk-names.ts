/**
 * The client build's named chunks (vite.config.ts's groups) that checks look for in dist/assets or in
 * a page's requests: declared here once, for the config and the tests.
 */
export const FRAMEWORK_CHUNK = "framework";
export const REACT_DOM_CHUNK = "react-dom";

/** A built chunk's file name or URL: its name, the bundler's hash, `.js`. */
export function chunkFile(name: string): RegExp {
  return new RegExp(`(?:^|/)${name}-[\\w-]+\\.js$`);
}
