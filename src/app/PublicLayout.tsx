import { memo, type ReactNode } from "react";
import { Navbar } from "../components/layout/Navbar";
import { lazyIsland } from "../components/ui/Island";
import { ConsentHost } from "../features/consent/ConsentHost";

// The footer is an island (its own chunk): the server's markup of it is on the page from the start,
// and it hydrates when it comes near the screen or the visitor first interacts with the page.
const Footer = lazyIsland(
  () => import("../components/layout/Footer").then((module) => module.Footer),
  "visible",
  "footer",
);
// The WhatsApp button is a plain link: its markup works before its code arrives, which is fetched at
// the first interaction (a client-side navigation changes the page its message names).
const WhatsAppButton = lazyIsland(
  () => import("../components/layout/WhatsAppButton").then((module) => module.WhatsAppButton),
  "interaction",
  "whatsapp",
);

/**
 * Header, content under the fixed header, footer, the WhatsApp chat, the consent choice. Not used on
 * /admin paths. The consent choice comes right after the skip link, so the keyboard reaches it
 * second although it shows at the foot of the screen; it renders nothing until after hydration.
 * Memoized: AppFrame passes the same elements on a change of the location alone, so a tab's hash does
 * not render the layout again.
 */
export const PublicLayout = memo(function PublicLayout({
  children,
  newsletter,
}: {
  children: ReactNode;
  newsletter?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-full focus:bg-brand-700 focus:px-5 focus:py-3 focus:font-semibold focus:text-white"
      >
        Skip to content
      </a>
      <ConsentHost />
      <Navbar />
      <main id="main" tabIndex={-1} className="flex-1 pt-nav outline-none">
        {children}
      </main>
      <Footer newsletter={newsletter} />
      <WhatsAppButton />
    </div>
  );
});
