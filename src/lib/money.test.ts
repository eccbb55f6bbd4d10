import { describe, expect, it } from "vitest";
import {
  amountLeftToPay,
  CURRENCIES,
  CURRENCY_INFO,
  type AmountRefusal,
  type Currency,
  type Discount,
  discountAmount,
  formatMoney,
  isCurrency,
  lineTotal,
  parseAmount,
  type ParsedAmount,
  percentOf,
  type ProposalLine,
  proposalTotals,
  type ProposalTotals,
  splitByBasisPoints,
  subtotal,
  WHOLE_IN_BASIS_POINTS,
} from "./money";

describe("the currencies", () => {
  it("are naira and US dollars, each of 100 minor units with its own symbol", () => {
    expect(CURRENCIES).toEqual(["NGN", "USD"]);
    expect(CURRENCY_INFO.NGN).toMatchObject({ symbol: "₦", minorUnitsPerMajor: 100, fractionDigits: 2 });
    expect(CURRENCY_INFO.USD).toMatchObject({ symbol: "$", minorUnitsPerMajor: 100, fractionDigits: 2 });
  });
  it("are told apart from any other value", () => {
    expect(isCurrency("NGN")).toBe(true);
    expect(isCurrency("USD")).toBe(true);
    expect(isCurrency("EUR")).toBe(false);
    expect(isCurrency("ngn")).toBe(false);
    expect(isCurrency(undefined)).toBe(false);
  });
});

describe("formatMoney", () => {
  it("writes whole naira without kobo and others with two digits of kobo", () => {
    expect(formatMoney(15_000_000, "NGN")).toBe("₦150,000");
    expect(formatMoney(15_000_050, "NGN")).toBe("₦150,000.50");
    expect(formatMoney(15_000_005, "NGN")).toBe("₦150,000.05");
    expect(formatMoney(1_250_000_000, "NGN")).toBe("₦12,500,000");
    expect(formatMoney(0, "NGN")).toBe("₦0");
    expect(formatMoney(1, "NGN")).toBe("₦0.01");
  });
  it("writes dollars and cents the same way", () => {
    expect(formatMoney(120_000, "USD")).toBe("$1,200");
    expect(formatMoney(120_005, "USD")).toBe("$1,200.05");
    expect(formatMoney(99, "USD")).toBe("$0.99");
  });
  it("puts a minus before the symbol of a negative amount", () => {
    expect(formatMoney(-15_000_050, "NGN")).toBe("-₦150,000.50");
    expect(formatMoney(-120_000, "USD")).toBe("-$1,200");
  });
  it("writes the largest safe amount exactly", () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, "NGN")).toBe("₦90,071,992,547,409.91");
  });
  it("refuses a float or an unsafe amount", () => {
    expect(() => formatMoney(1500.5, "NGN")).toThrow(RangeError);
    expect(() => formatMoney(Number.MAX_SAFE_INTEGER + 1, "NGN")).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, "USD")).toThrow(RangeError);
  });
});

describe("parseAmount", () => {
  const read = (text: string, currency: Currency = "NGN"): ParsedAmount => parseAmount(text, currency);
  const refused = (reason: AmountRefusal): ParsedAmount => ({ ok: false, reason });

  it("reads plain, grouped, decimal and symbol-led amounts into minor units", () => {
    expect(read("150000")).toEqual({ ok: true, minorUnits: 15_000_000 });
    expect(read("150,000")).toEqual({ ok: true, minorUnits: 15_000_000 });
    expect(read("150,000.50")).toEqual({ ok: true, minorUnits: 15_000_050 });
    expect(read("150000.5")).toEqual({ ok: true, minorUnits: 15_000_050 });
    expect(read("₦150,000")).toEqual({ ok: true, minorUnits: 15_000_000 });
    expect(read("₦ 12,500,000")).toEqual({ ok: true, minorUnits: 1_250_000_000 });
    expect(read(" 1 500 ")).toEqual({ ok: true, minorUnits: 150_000 });
    expect(read("1\u00a0500")).toEqual({ ok: true, minorUnits: 150_000 });
    expect(read("$1,200.05", "USD")).toEqual({ ok: true, minorUnits: 120_005 });
    expect(read("0")).toEqual({ ok: true, minorUnits: 0 });
    expect(read("90071992547409.91")).toEqual({ ok: true, minorUnits: Number.MAX_SAFE_INTEGER });
  });
  it("refuses what is not an amount, with the reason", () => {
    expect(read("")).toEqual(refused("empty"));
    expect(read("   ")).toEqual(refused("empty"));
    expect(read("₦")).toEqual(refused("empty"));
    expect(read("-150")).toEqual(refused("negative"));
    expect(read("-₦150,000")).toEqual(refused("negative"));
    expect(read("₦-150")).toEqual(refused("negative"));
    expect(read("150.505")).toEqual(refused("too-many-decimals"));
    expect(read("N150,000")).toEqual({ ok: true, minorUnits: 15_000_000 });
    expect(read("ngn 150,000.50")).toEqual({ ok: true, minorUnits: 15_000_050 });
    expect(read("-N5")).toEqual(refused("negative"));
    expect(read("USD 1,200", "USD")).toEqual({ ok: true, minorUnits: 120_000 });
    expect(read("US$1,200.05", "USD")).toEqual({ ok: true, minorUnits: 120_005 });
    expect(read("N150", "USD")).toEqual(refused("not-a-number"));
    expect(read("NG150")).toEqual(refused("not-a-number"));
    expect(read("150k")).toEqual(refused("not-a-number"));
    expect(read("abc")).toEqual(refused("not-a-number"));
    expect(read("150,50")).toEqual(refused("not-a-number"));
    expect(read("1,5000")).toEqual(refused("not-a-number"));
    expect(read("150.")).toEqual(refused("not-a-number"));
    expect(read("$150")).toEqual(refused("not-a-number"));
    expect(read("₦150", "USD")).toEqual(refused("not-a-number"));
    expect(read("1e6")).toEqual(refused("not-a-number"));
    expect(read("90071992547409.92")).toEqual(refused("too-large"));
    expect(read("99999999999999999999")).toEqual(refused("too-large"));
  });
  it("reads back what formatMoney wrote", () => {
    for (const amount of [0, 5, 99, 100, 15_000_050, 1_250_000_000]) {
      expect(read(formatMoney(amount, "NGN"))).toEqual({ ok: true, minorUnits: amount });
      expect(read(formatMoney(amount, "USD"), "USD")).toEqual({ ok: true, minorUnits: amount });
    }
  });
});

describe("a proposal's lines and totals", () => {
  const lines: ProposalLine[] = [
    { description: "Business website", quantity: 1, unitPrice: 35_000_000 },
    { description: "Extra page", quantity: 3, unitPrice: 2_500_050 },
  ];

  it("multiplies each line and adds them up", () => {
    expect(lineTotal(lines[1]!)).toBe(7_500_150);
    expect(subtotal(lines)).toBe(42_500_150);
    expect(subtotal([])).toBe(0);
  });
  it("takes a fixed discount off the subtotal", () => {
    const totals: ProposalTotals = proposalTotals(lines, { kind: "amount", minorUnits: 500_150 });
    expect(totals).toEqual({ subtotal: 42_500_150, discount: 500_150, total: 42_000_000 });
  });
  it("takes a percentage off, rounded half up to the kobo", () => {
    expect(proposalTotals(lines, { kind: "percent", basisPoints: 1000 })).toEqual({
      subtotal: 42_500_150,
      discount: 4_250_015,
      total: 38_250_135,
    });
    // 10% of 15 kobo is 1.5 kobo: up to 2. 10% of 14 is 1.4: down to 1. 10% of 25 is 2.5: up to 3.
    const item = (unitPrice: number): ProposalLine[] => [{ description: "Item", quantity: 1, unitPrice }];
    expect(proposalTotals(item(15), { kind: "percent", basisPoints: 1000 })).toEqual({
      subtotal: 15,
      discount: 2,
      total: 13,
    });
    expect(proposalTotals(item(14), { kind: "percent", basisPoints: 1000 }).discount).toBe(1);
    expect(proposalTotals(item(25), { kind: "percent", basisPoints: 1000 }).discount).toBe(3);
    expect(percentOf(1, 5000)).toBe(1);
    expect(percentOf(1, 4999)).toBe(0);
    expect(percentOf(33_333, 3333)).toBe(11_110);
  });
  it("has no discount when none is given", () => {
    expect(proposalTotals(lines, null)).toEqual({ subtotal: 42_500_150, discount: 0, total: 42_500_150 });
    expect(discountAmount(0, { kind: "percent", basisPoints: WHOLE_IN_BASIS_POINTS })).toBe(0);
  });
  it("refuses a discount above the subtotal, and any float", () => {
    const tooMuch: Discount = { kind: "amount", minorUnits: 42_500_151 };
    expect(() => proposalTotals(lines, tooMuch)).toThrow(/more than the subtotal/);
    expect(() => discountAmount(100, { kind: "percent", basisPoints: 10_001 })).toThrow(/more than 100%/);
    expect(() => discountAmount(100, { kind: "percent", basisPoints: 12.5 })).toThrow(RangeError);
    expect(() => discountAmount(100, { kind: "amount", minorUnits: 0.5 })).toThrow(RangeError);
    expect(() => discountAmount(100.5, null)).toThrow(RangeError);
    expect(() => percentOf(10.5, 1000)).toThrow(RangeError);
  });
  it("refuses a quantity or a unit price that is not a whole number in range", () => {
    const line = (quantity: number, unitPrice: number): ProposalLine => ({ description: "X", quantity, unitPrice });
    expect(() => lineTotal(line(1.5, 100))).toThrow(/quantity must be a safe integer/);
    expect(() => lineTotal(line(0, 100))).toThrow(/quantity must be at least 1/);
    expect(() => lineTotal(line(1, 99.99))).toThrow(/unit price must be a safe integer/);
    expect(() => lineTotal(line(1, -100))).toThrow(/unit price must be at least 0/);
    expect(() => lineTotal(line(2, Number.MAX_SAFE_INTEGER))).toThrow(/beyond Number.MAX_SAFE_INTEGER/);
    expect(() => subtotal([line(1, Number.MAX_SAFE_INTEGER), line(1, 1)])).toThrow(/subtotal is beyond/);
  });
});

describe("splitByBasisPoints", () => {
  it("splits 50/50 and 40/30/30 exactly", () => {
    expect(splitByBasisPoints(42_000_000, [5000, 5000])).toEqual([21_000_000, 21_000_000]);
    expect(splitByBasisPoints(1001, [5000, 5000])).toEqual([501, 500]);
    expect(splitByBasisPoints(1000, [4000, 3000, 3000])).toEqual([400, 300, 300]);
    expect(splitByBasisPoints(1001, [3000, 3000, 4000])).toEqual([300, 300, 401]);
  });
  it("splits an odd amount three ways into parts that add up exactly", () => {
    // 100001 × 33.33% = 33330.3333, × 33.34% = 33340.3334: floors 33330 + 33330 + 33340 = 100000,
    // and the one kobo left goes to the largest remainder, the third part's.
    expect(splitByBasisPoints(100_001, [3333, 3333, 3334])).toEqual([33_330, 33_330, 33_341]);
    // 3334/3333/3333: remainders 0.3334, 0.3333, 0.3333; the leftover kobo goes to the first part.
    expect(splitByBasisPoints(100_001, [3334, 3333, 3333])).toEqual([33_341, 33_330, 33_330]);
    // Two kobo left over: one to the largest remainder (the third part's), one to the first of the
    // two equal ones.
    expect(splitByBasisPoints(2, [3333, 3333, 3334])).toEqual([1, 0, 1]);
    expect(splitByBasisPoints(101, [2500, 2500, 2500, 2500])).toEqual([26, 25, 25, 25]);
    expect(splitByBasisPoints(103, [2500, 2500, 2500, 2500])).toEqual([26, 26, 26, 25]);
  });
  it("splits any total by any plan into parts that add up to it (a seeded property check)", () => {
    // A small 32-bit linear congruential generator, so a failure can be run again with the same numbers.
    let seed = 46;
    const next = (below: number): number => {
      seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
      return seed % below;
    };
    const wrong: { total: number; plan: number[]; parts: number[] }[] = [];
    for (let run = 0; run < 2000; run += 1) {
      const total = run % 10 === 0 ? Number.MAX_SAFE_INTEGER - next(1000) : next(4_000_000_000);
      const count = 1 + next(6);
      const plan: number[] = [];
      let rest = WHOLE_IN_BASIS_POINTS;
      for (let index = 0; index < count - 1 && rest > 1; index += 1) {
        const share = 1 + next(rest - 1);
        plan.push(share);
        rest -= share;
      }
      plan.push(rest);
      const parts = splitByBasisPoints(total, plan);
      // Each part is its exact share rounded down, or one more; and together they are the total.
      const offsets = parts.map((part, index) => BigInt(part) - (BigInt(total) * BigInt(plan[index]!)) / 10_000n);
      const sum = parts.reduce((a, b) => a + b, 0);
      if (sum !== total || offsets.some((offset) => offset < 0n || offset > 1n) || !parts.every(Number.isSafeInteger)) {
        wrong.push({ total, plan, parts });
      }
    }
    expect(wrong).toEqual([]);
  });
  it("refuses a plan that does not add up to 100%, an empty or zero share, and floats", () => {
    expect(() => splitByBasisPoints(100, [5000, 4000])).toThrow(/must add up to 10000, got 9000/);
    expect(() => splitByBasisPoints(100, [])).toThrow(/at least one installment/);
    expect(() => splitByBasisPoints(100, [10_000, 0])).toThrow(/installment 2's basis points must be at least 1/);
    expect(() => splitByBasisPoints(100, [3333.5, 6666.5])).toThrow(RangeError);
    expect(() => splitByBasisPoints(100.5, [5000, 5000])).toThrow(RangeError);
    expect(() => splitByBasisPoints(-100, [5000, 5000])).toThrow(RangeError);
  });
});

describe("amountLeftToPay", () => {
  it("takes the payments off the total, and stops at zero", () => {
    expect(amountLeftToPay(42_000_000, [])).toBe(42_000_000);
    expect(amountLeftToPay(42_000_000, [21_000_000])).toBe(21_000_000);
    expect(amountLeftToPay(42_000_000, [21_000_000, 21_000_000])).toBe(0);
    expect(amountLeftToPay(42_000_000, [21_000_000, 25_000_000])).toBe(0);
  });
  it("refuses a float or negative payment", () => {
    expect(() => amountLeftToPay(1000, [100.5])).toThrow(/payment 1 must be a safe integer/);
    expect(() => amountLeftToPay(1000, [100, -5])).toThrow(/payment 2 must be at least 0/);
    expect(() => amountLeftToPay(1000.1, [])).toThrow(RangeError);
  });
});
