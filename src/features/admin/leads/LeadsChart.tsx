import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";
import { useEffect, useRef } from "react";
import type { LeadStats } from "../data/leads";
import { formatWeek } from "./lead-format";
import { chartFrame, legendBelow } from "../chart-options";

// Only what a stacked bar chart needs, so the rest of Chart.js is left out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Distinct on white and for the common forms of colour blindness (Okabe–Ito), brand blue first. */
const COLOURS = ["#3730a3", "#e69f00", "#56b4e9", "#009e73", "#d55e00", "#cc79a7", "#0072b2", "#7c7c7c"];

/** Leads per week by source, stacked. The canvas is an image to assistive technology; the table beside it has the figures. */
export default function LeadsChart({ stats, label }: { stats: LeadStats; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: "bar",
      data: {
        labels: stats.weeks.map(formatWeek),
        datasets: stats.bySource.map((series, index) => ({
          label: series.source,
          data: series.counts,
          backgroundColor: COLOURS[index % COLOURS.length],
          borderRadius: 3,
          maxBarThickness: 36,
        })),
      },
      options: {
        ...chartFrame(),
        scales: {
          x: { stacked: true, grid: { display: false } },
          y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } },
        },
        plugins: { legend: legendBelow() },
      },
    });
    return () => chart.destroy();
  }, [stats]);

  return (
    <div className="relative mt-4 h-64">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
