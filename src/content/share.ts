/** The brand icons a share link can show, by name: components/ui/share-icons.ts maps them to glyphs. */
export type ShareIconName = "whatsapp" | "linkedin" | "x" | "facebook";

/**
 * Where a reader can share an article: each network's own share address, opened as a plain link in
 * a new tab (no network's script is loaded). WhatsApp first: it is how Nigerian readers share.
 */
export interface ShareNetwork {
  name: string;
  icon: ShareIconName;
  href: (url: string, title: string) => string;
}

const encode = encodeURIComponent;

export const shareNetworks: ShareNetwork[] = [
  { name: "WhatsApp", icon: "whatsapp", href: (url, title) => `https://wa.me/?text=${encode(`${title} ${url}`)}` },
  {
    name: "LinkedIn",
    icon: "linkedin",
    href: (url) => `https://www.linkedin.com/sharing/share-offsite/?url=${encode(url)}`,
  },
  {
    name: "X",
    icon: "x",
    href: (url, title) => `https://twitter.com/intent/tweet?url=${encode(url)}&text=${encode(title)}`,
  },
  { name: "Facebook", icon: "facebook", href: (url) => `https://www.facebook.com/sharer/sharer.php?u=${encode(url)}` },
];
