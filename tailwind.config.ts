import type { Config } from "tailwindcss";

/**
 * The brand, defined once. Components use these tokens (`bg-brand-700`, `text-accent-500`,
 * `rounded-card`, `shadow-soft`) instead of raw colour values.
 */
export default {
  content: ["./index.html", "./src/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef0ff",
          100: "#dfe2ff",
          200: "#c4c8ff",
          300: "#a0a3fd",
          400: "#7d7bf8",
          500: "#625cf0",
          600: "#4f40e3",
          700: "#4233c8",
          800: "#362ca1",
          900: "#2f2a80",
          950: "#1c184a",
        },
        accent: {
          300: "#fde68a",
          400: "#fcd34d",
          500: "#f5b70b",
          600: "#d99a06",
        },
        ink: {
          DEFAULT: "#0f172a",
          muted: "#475569",
          soft: "#64748b",
        },
      },
      fontFamily: {
        // The fallback face is a system font resized to Plus Jakarta Sans's metrics (fontaine, vite.config.ts),
        // so text set before the font arrives takes the same room and the swap moves nothing.
        sans: [
          '"Plus Jakarta Sans Variable"',
          '"Plus Jakarta Sans Variable fallback"',
          "ui-sans-serif",
          "system-ui",
          "sans-serif",
        ],
      },
      borderRadius: {
        card: "1.25rem",
      },
      boxShadow: {
        soft: "0 10px 30px -12px rgba(28, 24, 74, 0.18)",
        lift: "0 24px 48px -20px rgba(28, 24, 74, 0.35)",
      },
      height: {
        nav: "80px",
      },
      spacing: {
        nav: "80px",
      },
    },
  },
} satisfies Config;
