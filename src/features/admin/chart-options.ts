/**
 * What the admin's charts (leads, traffic, ad spend) share in their Chart.js options: each fills its
 * box, moves only when the visitor has not asked for reduced motion, and keeps its legend below, in
 * small squares. Each is a new object a chart, as Chart.js keeps what it is given.
 */
export function chartFrame() {
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: reduceMotion ? (false as const) : { duration: 300 },
  };
}

export const legendBelow = () => ({ position: "bottom" as const, labels: { boxWidth: 12, boxHeight: 12 } });

/** A chart over days or weeks: one hover shows every series' figure for that day or week. */
export const hoverWholeDay = () => ({ mode: "index" as const, intersect: false });

/** The days or weeks along the bottom: level labels, as many as fit, no grid lines. */
export const timeAxis = () => ({ grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 12 } });
