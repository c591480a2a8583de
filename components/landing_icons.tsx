import { iconBase, type IconProps } from "./icons.tsx";

/** Icons of the landing page's media controls (decorative: the buttons carry the names). */
export function VolumeOnIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg {...iconBase} className={className}>
      <path d="M11 5 6 9H2v6h4l5 4V5Z" />
      <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />
    </svg>
  );
}

export function VolumeOffIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg {...iconBase} className={className}>
      <path d="M11 5 6 9H2v6h4l5 4V5Z" />
      <path d="m22 9-6 6M16 9l6 6" />
    </svg>
  );
}

export function ChevronLeftIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg {...iconBase} className={className}>
      <path d="m15 18-6-6 6-6" />
    </svg>
  );
}

export function ChevronRightIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg {...iconBase} className={className}>
      <path d="m9 18 6-6-6-6" />
    </svg>
  );
}
