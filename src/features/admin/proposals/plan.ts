/**
 * A proposal's payment plan, the arithmetic only: shares in basis points (lib/money's
 * WHOLE_IN_BASIS_POINTS is 100%), amounts in minor units. Each part but the last is its share of the
 * total rounded down; the last takes what is left, so the parts add up to the total exactly and the
 * minor units rounding leaves over are paid at the end, never asked early (the deposit is never
 * rounded up). The database checks the same sums when the proposal is sent
 * (private.proposal_unsendable); this module lets the editor show them before.
 */
import { WHOLE_IN_BASIS_POINTS } from "../../../lib/money";

export type InstallmentDue = "acceptance" | "completion" | "milestone";

export const INSTALLMENT_DUES: readonly InstallmentDue[] = ["acceptance", "milestone", "completion"];

/** `parts` shares of 100% as even as whole basis points allow, the rest on the last: 3 → 3333, 3333, 3334. */
export function evenShares(parts: number): number[] {
  if (!Number.isSafeInteger(parts) || parts < 1 || parts > WHOLE_IN_BASIS_POINTS) {
    throw new RangeError(`A plan has 1 to ${WHOLE_IN_BASIS_POINTS} parts, got ${String(parts)}`);
  }
  const each = Math.floor(WHOLE_IN_BASIS_POINTS / parts);
  return Array.from({ length: parts }, (_, index) =>
    index === parts - 1 ? WHOLE_IN_BASIS_POINTS - each * (parts - 1) : each,
  );
}

/**
 * `total` minor units split by `shares` (basis points, each at least 1, together 100%): each part
 * but the last rounded down, the last the rest. Throws a RangeError for shares that are not a whole.
 */
export function planAmounts(total: number, shares: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`A total is whole minor units, got ${total}`);
  if (shares.length === 0) throw new RangeError("A payment plan needs at least one part");
  shares.forEach((share, index) => {
    if (!Number.isSafeInteger(share) || share < 1) {
      throw new RangeError(`Part ${index + 1}'s share must be a whole number of basis points, got ${share}`);
    }
  });
  const sum = shares.reduce((a, b) => a + b, 0);
  if (sum !== WHOLE_IN_BASIS_POINTS) {
    throw new RangeError(`A plan's shares must make ${WHOLE_IN_BASIS_POINTS} basis points, got ${sum}`);
  }
  const whole = BigInt(WHOLE_IN_BASIS_POINTS);
  const firsts = shares.slice(0, -1).map((share) => Number((BigInt(total) * BigInt(share)) / whole));
  return [...firsts, total - firsts.reduce((a, b) => a + b, 0)];
}

/** "50", "33.33", "12.5" as basis points (5000, 3333, 1250); null for anything else, or over 100%. */
export function percentToBasisPoints(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/%$/, "").trim());
  if (!match) return null;
  const points = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return points <= WHOLE_IN_BASIS_POINTS ? points : null;
}

/** 5000 → "50", 3333 → "33.33", 1250 → "12.5". */
export function basisPointsToPercent(points: number): string {
  const whole = Math.floor(points / 100);
  const fraction = points % 100;
  if (fraction === 0) return String(whole);
  return `${whole}.${String(fraction).padStart(2, "0").replace(/0$/, "")}`;
}

/**
 * Which parts `paid` minor units cover, in order: a part is paid once what was paid covers it and
 * every part before it (as the client's page counts them, src/server/proposals/terms.ts).
 */
export function partsPaid(amounts: readonly number[], paid: number): boolean[] {
  let through = 0;
  return amounts.map((amount) => {
    through += amount;
    return paid >= through;
  });
}
