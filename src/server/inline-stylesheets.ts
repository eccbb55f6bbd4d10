/**
 * First paint without waiting for a stylesheet, and no stylesheet to apply after it: every rendered
 * page (the build-time prerender and the request-time blog alike) carries the whole built stylesheet
 * in an inline <style> at the end of <head>, and links none.
 *
 * Pages used to carry only the rules their own markup matched (beasties' critical CSS) and link the
 * full stylesheet with media="print", which the app switched on as it started. Switching it on made
 * Chromium recalculate the style of every element and lay all text out again although no computed
 * style changed: 8.4-10.9 ms at full speed, 120-150 ms on a low-tier phone, the one long task left
 * after the first paint (docs/performance.md). The whole stylesheet inline costs a page 6.9-8.9 KB
 * more HTML (gzipped), and so its first paint on a 4G phone about as long as those bytes take, and
 * spares it the 15 KB stylesheet request, the switch, the consent banner's wait for the stylesheet
 * and a 12 ms critical-CSS pass in the blog function.
 *
 * By hand because it is one string replacement: the template's links are Vite's own output.
 */

/**
 * The built stylesheets by their public href (`/assets/index-x.css`), as the pages link them.
 */
export type Stylesheets = Readonly<Record<string, string>>;

const stylesheetLink = /<link\b(?=[^>]*\brel="stylesheet")[^>]*>/g;
/** A stylesheet link with the blanks around it, up to its line's end. */
const linkLine = new RegExp(`[ \\t]*${stylesheetLink.source}[ \\t]*\\n?`, "g");

function hrefOf(link: string): string {
  const href = /\bhref="([^"]+)"/.exec(link)?.[1] ?? "";
  return href.split(/[?#]/)[0] ?? href;
}

/**
 * The page with its linked stylesheets inline, in one place: at the end of <head>, after every
 * preload. The stylesheet is some 80 KB: where its link was, ahead of the font's and the largest
 * image's preloads, it held their requests back until its bytes had arrived (with 4G throttling and
 * the CPU of a low-tier phone, the first paint of /blog came 156 ms later than with the critical
 * rules alone; after the preloads, 88 ms). A page whose links name a stylesheet not in
 * `stylesheets` (the development server's, which Vite injects from script) is returned as it is.
 */
export function inlineStylesheets(html: string, stylesheets: Stylesheets): string {
  const headEnd = html.indexOf("</head>");
  const links = [...html.slice(0, Math.max(headEnd, 0)).matchAll(stylesheetLink)].map((match) => match[0]);
  if (!links.length || !links.every((link) => Object.hasOwn(stylesheets, hrefOf(link)))) return html;
  const styles = links.map((link) => {
    const css = stylesheets[hrefOf(link)]!;
    // The HTML parser ends a <style> at the first "</style", whatever the CSS around it means.
    if (/<\/style/i.test(css))
      throw new Error(`${hrefOf(link)} contains "</style", which would end its inline <style> early.`);
    return `<style>${css}</style>`;
  });
  const head = html.slice(0, headEnd).replace(linkLine, "");
  return `${head}${styles.join("")}${html.slice(headEnd)}`;
}
