import { proposalCopy } from "../../content/proposals";
import type {
  AcceptAnswer,
  DeclineAnswer,
  PayAnswer,
  ProposalRefusalBody,
  ProposalsRequest,
  VerifyAnswer,
  ViewAnswer,
} from "../../lib/proposals/contract";

/**
 * The browser's side of api/proposals (the contract is lib/proposals/contract.ts; when each status
 * comes, src/server/proposals/handler.ts's doc comment). Every request is a POST with the link's
 * token in its body, never in the address. Each call resolves to an outcome and never throws: a
 * network failure (status 0) or an unreadable answer is an outcome too, in our words.
 */
const PROPOSALS_API = "/api/proposals";
const TIMEOUT_MS = 20_000;

export interface Refusal extends ProposalRefusalBody {
  ok: false;
  status: number;
}

export type Outcome<T> = { ok: true; value: T } | Refusal;

async function post<T>(body: ProposalsRequest, isAnswer: (value: Record<string, unknown>) => boolean) {
  let response: Response;
  try {
    response = await fetch(PROPOSALS_API, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify(body),
      cache: "no-store",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { ok: false, status: 0, message: proposalCopy.network } satisfies Refusal;
  }
  let answer: Record<string, unknown> = {};
  try {
    answer = (await response.json()) as Record<string, unknown>;
  } catch {
    // Not our function's JSON (a proxy's error page): said in our words below.
  }
  if (response.ok) {
    // A success that is not our function's answer is a failure, in our words.
    if (!isAnswer(answer)) return { ok: false, status: 502, message: proposalCopy.server } satisfies Refusal;
    return { ok: true, value: answer as T } as const;
  }
  const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);
  const reason = text(answer.reason);
  const field = text(answer.field);
  return {
    ok: false,
    status: response.status,
    message: text(answer.message) ?? proposalCopy.server,
    ...(reason ? { reason } : {}),
    ...(field ? { field } : {}),
  } satisfies Refusal;
}

const hasProposal = (value: Record<string, unknown>) =>
  typeof value.proposal === "object" && value.proposal !== null && "terms" in value.proposal;

export function loadProposal(token: string): Promise<Outcome<ViewAnswer>> {
  return post<ViewAnswer>({ action: "view", token }, hasProposal);
}

export function acceptProposal(token: string, name: string, termsSha256: string): Promise<Outcome<AcceptAnswer>> {
  return post<AcceptAnswer>({ action: "accept", token, name: name.trim(), termsSha256 }, hasProposal);
}

export function declineProposal(token: string, reason: string): Promise<Outcome<DeclineAnswer>> {
  const given = reason.trim();
  return post<DeclineAnswer>(
    { action: "decline", token, ...(given ? { reason: given } : {}) },
    (value) => value.outcome === "declined",
  );
}

/** Opens the checkout of installment `position`, or of the retainer's month due. */
export function payInstallment(token: string, position: number | "retainer"): Promise<Outcome<PayAnswer>> {
  return post<PayAnswer>(
    { action: "pay", token, installment: position === 0 ? "deposit" : position },
    (value) => typeof value.authorizationUrl === "string" && /^https?:\/\//.test(value.authorizationUrl),
  );
}

export function verifyPayment(token: string, reference: string): Promise<Outcome<VerifyAnswer>> {
  return post<VerifyAnswer>({ action: "verify", token, reference }, hasProposal);
}
