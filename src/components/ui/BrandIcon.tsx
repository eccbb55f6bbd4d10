export interface BrandGlyph {
  /** Human-readable brand name, used as the accessible name when the icon stands alone. */
  title: string;
  /** SVG path data on a 24x24 grid. */
  path: string;
}

interface BrandIconProps {
  icon: BrandGlyph;
  className?: string;
  /** When true the icon is announced with its title; otherwise it is decorative. */
  labelled?: boolean;
}

/** Renders a single-path brand logo (from simple-icons or drawn for this site) in currentColor. */
export function BrandIcon({ icon, className, labelled = false }: BrandIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="currentColor"
      fillRule="evenodd"
      className={className}
      role={labelled ? "img" : undefined}
      aria-hidden={labelled ? undefined : true}
      focusable="false"
    >
      {labelled ? <title>{icon.title}</title> : null}
      <path d={icon.path} />
    </svg>
  );
}
