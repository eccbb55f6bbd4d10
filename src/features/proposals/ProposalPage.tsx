import { lazy, Suspense, useEffect, useState } from "react";
import { Seo } from "../../components/ui/Seo";
import { proposalCopy } from "../../content/proposals";
import { PROPOSAL_VIEW_PATH } from "../../lib/proposals/view-path";
import { NoScriptBooking } from "../calls";
import { takeProposalLink, type ProposalLink } from "./proposal-link";
import { ProposalSkeleton } from "./ProposalSkeleton";

const ProposalClient = lazy(() => import("./ProposalClient"));

/**
 * A client's proposal, from the link the team sends (`/proposals/view#token=…`). Prerendered as a
 * shell with no data (each proposal is one client's), `noindex` (so out of the sitemap); once the
 * script has read the fragment (proposal-link.ts), the proposal loads in its own chunk.
 */
export default function ProposalPage() {
  // undefined while prerendered and hydrating; then what the address (or this tab) holds.
  const [link, setLink] = useState<ProposalLink | undefined>(undefined);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the fragment is read after hydration: the prerendered page has none
    setLink(takeProposalLink());
  }, []);
  return (
    <>
      <Seo
        title={proposalCopy.seo.title}
        description={proposalCopy.seo.description}
        path={PROPOSAL_VIEW_PATH}
        noIndex
      />
      {/* A screen high at least, so that the footer is below the first screen whatever the proposal's
          length: it was on it under the outline, and pushed off it when the proposal came (CLS 0.16 on
          a 390 px phone). */}
      <section className="min-h-svh bg-gradient-to-b from-brand-50 to-white px-4 py-12 sm:px-6 sm:py-16 print:min-h-0 print:bg-none print:p-0">
        <div className="mx-auto w-full max-w-4xl rounded-card bg-white p-5 shadow-lift sm:p-10 print:max-w-none print:p-0 print:shadow-none">
          <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl print:sr-only">
            {proposalCopy.heading}
          </h1>
          <div className="mt-6 print:mt-0">
            <NoScriptBooking message={proposalCopy.noScript} page={PROPOSAL_VIEW_PATH} />
            {link === undefined ? (
              <ProposalSkeleton />
            ) : (
              <Suspense fallback={<ProposalSkeleton />}>
                <ProposalClient token={link.token} paid={link.paid} />
              </Suspense>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
