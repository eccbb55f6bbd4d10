/**
 * The plain server-rendered pages of the local stand-ins (/__local/mail, /__local/whatsapp): one
 * shell, escaped text, readable from a phone to a laptop, no script. Development only.
 */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );
}

/** Pages show what third parties would have received: never framed elsewhere, no script, styles inline. */
const LOCAL_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'self'";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f6f7fb}
header{background:#1c184a;color:#fff;padding:14px 20px}
header h1{margin:0;font-size:18px}
header p{margin:4px 0 0;color:#c4c8ff;font-size:13px}
header a{color:#fde68a}
main{max-width:1280px;margin:0 auto;padding:16px}
a{color:#4233c8}
.empty{color:#475569}
.list{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.card{background:#fff;border:1px solid #dfe2ff;border-radius:12px;padding:10px 14px;min-width:0}
.card.current{border-color:#4233c8;box-shadow:0 0 0 2px #c4c8ff}
.card a{text-decoration:none;color:inherit;display:block}
.meta{margin:0;font-size:13px;color:#475569;overflow-wrap:anywhere}
.subject{margin:2px 0 0;font-weight:600;overflow-wrap:anywhere}
.params{margin:6px 0 0;padding-left:20px;overflow-wrap:anywhere}
.layout{display:grid;gap:16px}
.layout nav{order:2}
@media (min-width:1000px){.layout{grid-template-columns:minmax(280px,380px) 1fr;align-items:start}.layout nav{order:0}}
.message{background:#fff;border:1px solid #dfe2ff;border-radius:12px;padding:14px;min-width:0}
.message h2{margin:0 0 8px;font-size:18px;overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 12px;font-size:13px}
dt{color:#475569}dd{margin:0;overflow-wrap:anywhere}
iframe{width:100%;height:70vh;min-height:420px;border:1px solid #dfe2ff;border-radius:8px;background:#fff}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f7fb;border-radius:8px;padding:12px;font-size:13px;margin:0}
h3{font-size:14px;margin:16px 0 6px;color:#4233c8}
form{display:inline}
button{font:inherit;font-size:13px;border:1px solid #c4c8ff;background:#fff;color:#4233c8;border-radius:999px;padding:2px 12px;cursor:pointer}
`;

export function localPage({
  title,
  intro,
  body,
  status = 200,
}: {
  title: string;
  intro: string;
  body: string;
  status?: number;
}): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · local development</title><style>${STYLE}</style></head>
<body><header><h1>${escapeHtml(title)}</h1><p>${intro}</p></header><main>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": LOCAL_PAGE_CSP,
      "x-content-type-options": "nosniff",
      connection: "close",
    },
  });
}
