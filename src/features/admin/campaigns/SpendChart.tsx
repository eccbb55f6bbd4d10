import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";
import { useEffect, useRef } from "react";
import { AD_REPORT_CURRENCY, adSpendCopy } from "../../../content/ad-spend";
import { CURRENCY_INFO } from "../../../lib/money";
import type { AdSpendWeek } from "../data/ad-spend";
import { amountText } from "./ad-spend-report";
import { chartFrame, hoverWholeDay, legendBelow, timeAxis } from "../chart-options";

// Only what a bar chart needs, so the rest of Chart.js is left out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

const copy = adSpendCopy.chart;
/** Brand blue and Okabe–Ito orange, as the leads and traffic charts: distinct for the common forms of colour blindness. */
const COLOURS = { spend: "#3730a3", revenue: "#e69f00" };
const PER_MAJOR = CURRENCY_INFO[AD_REPORT_CURRENCY].minorUnitsPerMajor;

/**
 * Spend and revenue per week, side by side, in the report's currency. The canvas is an image to
 * assistive technology (its label says what it shows); the table beside it has the figures. A week
 * whose spend could not be converted (no rate) has no bar.
 */
export default function SpendChart({ weeks, label }: { weeks: AdSpendWeek[]; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const major = (minor: number | null) => (minor === null ? null : minor / PER_MAJOR);
    const series = (key: "spend" | "revenue") => ({
      label: copy[key],
      data: weeks.map((week) => major(key === "spend" ? week.spend_minor : week.revenue_minor)),
      backgroundColor: COLOURS[key],
      borderRadius: 4,
    });
    const chart = new Chart(canvas.current, {
      type: "bar",
      data: { labels: weeks.map((week) => week.week), datasets: [series("spend"), series("revenue")] },
      options: {
        ...chartFrame(),
        interaction: hoverWholeDay(),
        scales: {
          x: timeAxis(),
          y: {
            beginAtZero: true,
            ticks: { callback: (value) => amountText(Math.round(Number(value) * PER_MAJOR), AD_REPORT_CURRENCY) },
          },
        },
        plugins: {
          legend: legendBelow(),
          tooltip: {
            callbacks: {
              label: (item) =>
                `${item.dataset.label}: ${amountText(item.raw === null ? null : Math.round(Number(item.raw) * PER_MAJOR))}`,
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [weeks]);

  return (
    <div className="relative mt-4 h-64">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
