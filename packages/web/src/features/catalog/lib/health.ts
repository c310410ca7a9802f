import { encodeConfigType } from '@ops/shared';

/** Health chip order: green, red, orange, gray. */
export const HEALTH_CHIP_ORDER = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;
export type HealthState = (typeof HEALTH_CHIP_ORDER)[number];

/** Text and dot colours per health: healthy green, unhealthy red, warning orange. */
export const HEALTH_TONE: Record<HealthState, { text: string; dot: string; chip: string }> = {
  healthy: { text: 'text-success', dot: 'bg-success', chip: 'border-success/30 bg-success/10 text-success' },
  unhealthy: { text: 'text-destructive', dot: 'bg-destructive', chip: 'border-destructive/30 bg-destructive/10 text-destructive' },
  warning: { text: 'text-warning', dot: 'bg-warning', chip: 'border-warning/35 bg-warning/10 text-warning' },
  unknown: { text: 'text-muted-foreground', dot: 'bg-muted-foreground/50', chip: 'border-border bg-muted text-muted-foreground' },
};

/** A health value as one of the four states; anything else counts as unknown. */
export function healthState(health: string | null | undefined): HealthState {
  return (HEALTH_CHIP_ORDER as readonly string[]).includes(health ?? '') ? (health as HealthState) : 'unknown';
}

/** Where a health chip of a summary row goes: /catalog?configType={type}&health={state}:1. */
export function healthChipLink(type: string, state: HealthState): string {
  const params = new URLSearchParams({ configType: encodeConfigType(type), health: `${state}:1` });
  return `/catalog?${params.toString()}`;
}

/** Sort rank of a health, best first (info 4, healthy 3, warning 2, unhealthy 1, anything else 0). */
export function healthRank(health: string | null | undefined): number {
  return { info: 4, healthy: 3, warning: 2, unhealthy: 1 }[health ?? ''] ?? 0;
}
