import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { MemoryRouter } from "react-router-dom";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEPOSIT_PAID_VIEW, PAID_IN_FULL_VIEW, PROPOSAL_PRICING } from "../../../supabase/local/proposal-fixtures";
import { close, listen } from "../../../tests/support/http-server";
import { proposalCopy } from "../../content/proposals";
import type { ProposalView } from "../../lib/proposals/contract";
import { checkout } from "./checkout";
import { TOKEN_STORAGE_KEY } from "./proposal-link";
import ProposalPage from "./ProposalPage";

/**
 * The client's proposal page against a stand-in for api/proposals on 127.0.0.1 that answers as the
 * contract says (lib/proposals/contract.ts; the statuses and reasons of src/server/proposals/
 * handler.ts, client.ts and payment.ts, which proposals.db.test.ts holds to the local Supabase), as
 * the calls' pages are tested (SlotPicker.test.tsx). The page's relative `/api/proposals` is sent
 * to it: jsdom has no origin of its own to resolve it against.
 */
interface Sent {
  body: Record<string, unknown>;
}
type Answer = { status: number; body: unknown } | "network";

vi.setConfig({ testTimeout: 20_000 });

const TOKEN = "PROPOSALtoken_0123456a";
const REFERENCE = "P-0007-0-0123456789abcdef";

let server: Server;
let origin: string;
let answers: Answer[];
let sent: Sent[];

/** GrowthSite ₦450,000 and two extra pages at ₦25,000, less ₦20,000: ₦480,000, half and half. */
function proposal(change: Partial<ProposalView> = {}, title = "GrowthSite for Obi Foods"): ProposalView {
  return {
    terms: {
      number: "P-0007",
      title,
      currency: "NGN",
      scope: "A ten-page site with a blog.\nLead capture on every page.",
      validUntil: "2031-12-31",
      ...PROPOSAL_PRICING,
      retainer: { amount: 5_000_000, startsOn: "2032-01-01" },
    },
    termsSha256: "a".repeat(64),
    status: "viewed",
    sentAt: "2031-11-01T09:00:00Z",
    acceptedAt: null,
    acceptedName: null,
    paid: 0,
    left: 48_000_000,
    installments: [
      { position: 0, paid: false },
      { position: 1, paid: false },
    ],
    nextInstallment: null,
    retainerDue: null,
    ...change,
  };
}

const accepted = (change: Partial<ProposalView> = {}) =>
  proposal({
    status: "accepted",
    acceptedAt: "2031-11-02T10:30:00Z",
    acceptedName: "Chidi Obi",
    nextInstallment: 0,
    ...change,
  });
const depositPaid = () => accepted(DEPOSIT_PAID_VIEW);

const ok = (body: unknown) => ({ status: 200, body });
const refused = (status: number, message: string, more: Record<string, string> = {}) => ({
  status,
  body: { message, ...more },
});

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = "";
  for await (const chunk of request) text += String(chunk);
  return JSON.parse(text) as Record<string, unknown>;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    readBody(request)
      .then((body) => {
        sent.push({ body });
        const answer = answers.shift();
        if (!answer || answer === "network") throw new Error(`No answer for ${JSON.stringify(body)}`);
        response.writeHead(answer.status, { "content-type": "application/json" });
        response.end(JSON.stringify(answer.body));
      })
      .catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
  });
  origin = await listen(server);
});

afterAll(async () => {
  await close(server);
});

beforeEach(() => {
  sent = [];
  answers = [];
  window.sessionStorage.clear();
  const realFetch = globalThis.fetch;
  // jsdom's AbortSignal is not Node's, which Node's fetch refuses: the timeout is left to the test.
  vi.stubGlobal("fetch", (input: string, init: RequestInit = {}) => {
    if (answers[0] === "network") {
      answers.shift();
      return Promise.reject(new TypeError("Failed to fetch"));
    }
    return realFetch(new URL(input, origin), { method: init.method, headers: init.headers, body: init.body });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Opens the page at `/proposals/view` with `hash`, as the link or Paystack's return does. */
function open(hash: string) {
  window.history.replaceState(null, "", `/proposals/view${hash}`);
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={["/proposals/view"]}>
      <ProposalPage />
    </MemoryRouter>,
  );
  return user;
}

const resultHeading = (name: string | RegExp) => screen.findByRole("heading", { level: 2, name });
/** The result's heading, once it holds the focus: the page moves it there in an effect after the result renders. */
async function expectFocusedResult(name: string | RegExp) {
  const heading = await resultHeading(name);
  await waitFor(() => expect(heading).toHaveFocus());
}

describe("the client's proposal page", () => {
  it("reads the token from the fragment, keeps it for this tab, clears the address bar, and shows the proposal as a document", async () => {
    answers.push(ok({ proposal: proposal() }));
    open(`#token=${TOKEN}`);

    expect(await screen.findByRole("heading", { level: 2, name: "GrowthSite for Obi Foods" })).toBeInTheDocument();
    expect(sent).toEqual([{ body: { action: "view", token: TOKEN } }]);
    expect(window.location.hash).toBe("");
    expect(window.location.pathname).toBe("/proposals/view");
    expect(window.location.href).not.toContain(TOKEN);
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe(TOKEN);

    expect(screen.getByText("P-0007")).toBeInTheDocument();
    expect(screen.getByText(proposalCopy.status.viewed!)).toBeInTheDocument();
    expect(screen.getByText("31 December 2031, end of day, Lagos time")).toBeInTheDocument();
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(
      within(rows[2]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Extra page", "2", "₦25,000", "₦50,000"]);
    expect(screen.getByText("₦500,000")).toBeInTheDocument();
    expect(screen.getByText("−₦20,000")).toBeInTheDocument();
    expect(screen.getByText("₦480,000")).toBeInTheDocument();
    expect(screen.getByText("50% deposit on acceptance, the balance as below.")).toBeInTheDocument();
    expect(screen.getByText(/₦50,000 a month from 1 January 2032/)).toBeInTheDocument();
    // Not accepted: nothing to pay yet.
    expect(screen.queryByRole("button", { name: /Pay/ })).not.toBeInTheDocument();
  });

  it("accepts with the typed name and the box ticked; a change of terms reloads them, keeping the name; then offers the deposit", async () => {
    answers.push(ok({ proposal: proposal() }));
    const user = open(`#token=${TOKEN}`);
    const accept = await screen.findByRole("button", { name: proposalCopy.accept.submit });

    await user.click(accept);
    const name = screen.getByRole("textbox", { name: proposalCopy.accept.nameLabel });
    expect(name).toHaveAccessibleDescription(expect.stringContaining(proposalCopy.accept.nameRequired));
    expect(name).toHaveFocus();
    const agree = screen.getByRole("checkbox", { name: proposalCopy.accept.agreeLabel });
    expect(agree).toHaveAccessibleDescription(proposalCopy.accept.agreeRequired);
    expect(sent).toHaveLength(1);

    await user.type(name, "Chidi Obi");
    await user.click(agree);
    answers.push(
      refused(409, "The proposal changed since it was shown.", { reason: "changed" }),
      ok({ proposal: { ...proposal({}, "GrowthSite for Obi Foods (revised)"), termsSha256: "b".repeat(64) } }),
    );
    await user.click(accept);
    await expectFocusedResult(proposalCopy.accept.changedHeading);
    expect(screen.getByRole("heading", { name: "GrowthSite for Obi Foods (revised)" })).toBeInTheDocument();
    expect(sent[1]!.body).toEqual({ action: "accept", token: TOKEN, name: "Chidi Obi", termsSha256: "a".repeat(64) });
    expect(name).toHaveValue("Chidi Obi");

    await user.click(agree);
    answers.push(ok({ outcome: "accepted", message: "Thank you: the proposal is accepted.", proposal: accepted() }));
    await user.click(accept);
    await expectFocusedResult(proposalCopy.accepted.heading);
    expect(sent[3]!.body).toMatchObject({ action: "accept", termsSha256: "b".repeat(64) });
    expect(screen.queryByRole("button", { name: proposalCopy.accept.submit })).not.toBeInTheDocument();
    expect(screen.getByText(/Accepted by Chidi Obi on 2 November 2031 at 11:30 \(Lagos time\)/)).toBeInTheDocument();

    const open_ = vi.spyOn(checkout, "open").mockImplementation(() => undefined);
    answers.push(
      ok({
        authorizationUrl: "https://checkout.paystack.com/abc",
        reference: REFERENCE,
        amount: 24_000_000,
        currency: "NGN",
      }),
    );
    await user.click(screen.getByRole("button", { name: "Pay the deposit of ₦240,000" }));
    await waitFor(() => expect(open_).toHaveBeenCalledWith("https://checkout.paystack.com/abc"));
    expect(sent[4]!.body).toEqual({ action: "pay", token: TOKEN, installment: "deposit" });
  });

  it("keeps what was typed and ties the function's refusal of the name to its field", async () => {
    answers.push(ok({ proposal: proposal() }));
    const user = open(`#token=${TOKEN}`);
    const name = await screen.findByRole("textbox", { name: proposalCopy.accept.nameLabel });
    await user.type(name, "C");
    await user.click(screen.getByRole("checkbox", { name: proposalCopy.accept.agreeLabel }));
    answers.push(refused(400, "Type your full name (at most 120 characters) to accept.", { field: "name" }));
    await user.click(screen.getByRole("button", { name: proposalCopy.accept.submit }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(expect.stringContaining("Type your full name (at most 120")),
    );
    expect(name).toHaveValue("C");
    expect(name).toHaveAttribute("aria-invalid", "true");
  });

  it("declines with an optional reason after a confirmation", async () => {
    answers.push(ok({ proposal: proposal() }));
    const user = open(`#token=${TOKEN}`);
    await user.click(await screen.findByRole("button", { name: proposalCopy.decline.open }));
    const reason = screen.getByRole("textbox", { name: proposalCopy.decline.reasonLabel });
    await waitFor(() => expect(reason).toHaveFocus());
    await user.type(reason, "We chose to wait until next year.");
    answers.push(ok({ outcome: "declined", message: "The proposal is declined." }));
    await user.click(screen.getByRole("button", { name: proposalCopy.decline.confirm }));
    await expectFocusedResult(proposalCopy.declined.heading);
    expect(sent[1]!.body).toEqual({ action: "decline", token: TOKEN, reason: "We chose to wait until next year." });
  });

  it("back from Paystack, verifies the payment with the kept token and shows what is paid, left and next", async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, TOKEN);
    answers.push(ok({ outcome: "recorded", message: "Thank you: the payment is recorded.", proposal: depositPaid() }));
    open(`#paid=${REFERENCE}`);
    await expectFocusedResult(proposalCopy.receipt.heading);
    expect(sent).toEqual([{ body: { action: "verify", token: TOKEN, reference: REFERENCE } }]);
    expect(window.location.hash).toBe("");
    const receipt = screen.getByRole("region", { name: proposalCopy.receipt.heading });
    expect(within(receipt).getByText(proposalCopy.document.paidSoFar).nextSibling).toHaveTextContent("₦240,000");
    expect(within(receipt).getByText(proposalCopy.document.leftToPay).nextSibling).toHaveTextContent("₦240,000");
    expect(within(receipt).getByText("Next: At completion, ₦240,000.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay at completion: ₦240,000" })).toBeInTheDocument();
  });

  it("says a payment not yet confirmed is pending, and checks again", async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, TOKEN);
    answers.push(ok({ outcome: "not-paid", message: "The payment has not gone through (yet).", proposal: accepted() }));
    const user = open(`#paid=${REFERENCE}`);
    await expectFocusedResult(proposalCopy.receipt.pendingHeading);
    answers.push(ok({ outcome: "recorded", message: "Recorded.", proposal: depositPaid() }));
    await user.click(screen.getByRole("button", { name: proposalCopy.receipt.check }));
    await expectFocusedResult(proposalCopy.receipt.heading);
    expect(sent.map((one) => one.body.action)).toEqual(["verify", "verify"]);
  });

  it("shows a fully paid proposal with nothing left to pay", async () => {
    answers.push(ok({ proposal: accepted(PAID_IN_FULL_VIEW) }));
    open(`#token=${TOKEN}`);
    expect(await screen.findByText(proposalCopy.status.paid!)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: proposalCopy.accept.submit })).not.toBeInTheDocument();
  });

  it("offers a paid proposal's retainer month when the schedule asked for it, and opens its checkout", async () => {
    answers.push(
      ok({ proposal: accepted({ ...PAID_IN_FULL_VIEW, retainerDue: { month: "2032-01", amount: 5_000_000 } }) }),
    );
    answers.push(
      ok({
        authorizationUrl: "https://checkout.paystack.com/r2032",
        reference: "P-0007-R203201-0123456789abcdef",
        amount: 5_000_000,
        currency: "NGN",
      }),
    );
    const opened = vi.spyOn(checkout, "open").mockImplementation(() => {});
    const user = open(`#token=${TOKEN}`);
    await user.click(await screen.findByRole("button", { name: "Pay the retainer for January 2032: ₦50,000" }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith("https://checkout.paystack.com/r2032"));
    expect(sent.at(-1)!.body).toEqual({ action: "pay", token: TOKEN, installment: "retainer" });
  });

  it("says a link is not valid (404), or why a proposal is gone (410)", async () => {
    answers.push(refused(404, "This link is not valid.", { reason: "unknown" }));
    open(`#token=${TOKEN}`);
    expect(await resultHeading(proposalCopy.invalid.heading)).toBeInTheDocument();
  });

  it.each([
    ["expired", proposalCopy.gone.expired.heading],
    ["withdrawn", proposalCopy.gone.withdrawn.heading],
    ["declined", proposalCopy.gone.declined.heading],
  ])("words a proposal gone as %s", async (reason, heading) => {
    answers.push(refused(410, "Gone.", { reason }));
    open(`#token=${TOKEN}`);
    expect(await resultHeading(heading)).toBeInTheDocument();
  });

  it("without a token in the address or this tab, says the link is not valid and asks nothing", async () => {
    open("");
    expect(await resultHeading(proposalCopy.invalid.heading)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("offers a retry after a network failure", async () => {
    answers.push("network");
    const user = open(`#token=${TOKEN}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(proposalCopy.network);
    answers.push(ok({ proposal: proposal() }));
    await user.click(screen.getByRole("button", { name: proposalCopy.retry }));
    expect(await screen.findByRole("heading", { name: "GrowthSite for Obi Foods" })).toBeInTheDocument();
  });
});
