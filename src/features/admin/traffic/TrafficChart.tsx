import {
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";
import { useEffect, useRef } from "react";
import { trafficCopy } from "../../../content/traffic";
import type { TrafficReport } from "../../../lib/database";
import { formatDay } from "./traffic-report";
import { chartFrame, hoverWholeDay, legendBelow, timeAxis } from "../chart-options";

// Only what a line chart needs, so the rest of Chart.js is left out of the bundle.
Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

const copy = trafficCopy.chart;
/** Brand blue and Okabe–Ito orange, as the leads chart: distinct for the common forms of colour blindness. */
const COLOURS = { visitors: "#3730a3", views: "#e69f00" };

/**
 * Visitors and page views per day. The canvas is an image to assistive technology (its label says
 * what it shows); the table beside it has the figures.
 */
export default function TrafficChart({ days, label }: { days: TrafficReport["days"]; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const series = (key: "visitors" | "views") => ({
      label: copy[key],
      data: days.map((day) => day[key]),
      borderColor: COLOURS[key],
      backgroundColor: COLOURS[key],
      borderWidth: 2,
      pointRadius: days.length > 14 ? 0 : 3,
      pointHitRadius: 8,
      tension: 0.25,
    });
    const chart = new Chart(canvas.current, {
      type: "line",
      data: { labels: days.map((day) => formatDay(day.day)), datasets: [series("visitors"), series("views")] },
      options: {
        ...chartFrame(),
        interaction: hoverWholeDay(),
        scales: {
          x: timeAxis(),
          y: { beginAtZero: true, ticks: { precision: 0 } },
        },
        plugins: { legend: legendBelow() },
      },
    });
    return () => chart.destroy();
  }, [days]);

  return (
    <div className="relative mt-4 h-64">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
