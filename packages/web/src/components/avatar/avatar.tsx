import { avatarInitials } from '@ops/shared';
import { useState } from 'react';
import { cn } from '../../lib/cn';

const SIZES = { xs: 'size-5 text-[0.6rem]', sm: 'size-6 text-[0.65rem]', md: 'size-8 text-xs', lg: 'size-10 text-sm' } as const;

// Hues chosen to stay readable with white text in light and dark themes.
const HUES = [210, 260, 300, 340, 20, 150, 180, 235];

/** A stable colour per name, so one person keeps one colour everywhere. */
export function avatarHue(name: string): number {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return HUES[Math.abs(hash) % HUES.length]!;
}

export interface AvatarProps {
  /** The person's name; gives the initials, the colour and the accessible name. */
  name: string | null | undefined;
  /** Image URL; when missing or failing to load, the initials are shown. */
  src?: string | null | undefined;
  size?: keyof typeof SIZES;
  className?: string;
}

/** A round avatar: the person's picture, else the initials of up to two words of the name. */
export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string>();
  const label = name?.trim() || 'Unknown user';
  const classes = cn('inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full', SIZES[size], className);
  if (src && failedSrc !== src) {
    return <img src={src} alt={label} title={label} className={cn(classes, 'object-cover')} onError={() => setFailedSrc(src)} />;
  }
  const initials = avatarInitials(name) || '?';
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={cn(classes, 'font-semibold text-white')}
      style={{ backgroundColor: `oklch(0.55 0.13 ${avatarHue(label)})` }}
    >
      <span aria-hidden>{initials}</span>
    </span>
  );
}
