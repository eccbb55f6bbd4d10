/**
 * The client build's named chunks (vite.config.ts's groups) that checks look for in dist/assets or in
 * a page's requests: declared here once, for the config and the tests.
 */
export const FRAMEWORK_CHUNK = "framework";
export const REACT_DOM_CHUNK = "react-dom";
/** The re-export of React DOM's client alone (src/lib/react-dom-client.ts): evaluating it starts React DOM. */
export const REACT_DOM_CLIENT_CHUNK = "react-dom-client";

/**
 * A built chunk's file name or URL: its name, the bundler's hash of eight characters, `.js`. The
 * hash's length keeps `react-dom` from naming `react-dom-client-<hash>.js` too.
 */
export function chunkFile(name: string): RegExp {
  return new RegExp(`(?:^|/)${name}-[\\w-]{8}\\.js$`);
}
