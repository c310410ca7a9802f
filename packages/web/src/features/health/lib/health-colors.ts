/** The four colours of health indicators. */
export type HealthColor = 'red' | 'orange' | 'grey' | 'green';

const RED = new Set(['degraded', 'missing', 'unhealthy', 'bad', 'failed', 'failing', 'error']);
const GREY = new Set(['unknown', 'suspended']);
const ORANGE = new Set(['warning', 'warn', 'mixed']);

/**
 * Indicator colour of a health value: degraded, missing, unhealthy or not good → red;
 * unknown or suspended → grey; warning/warn or mixed → orange; otherwise green. Booleans are good/not good.
 */
export function healthColor(health: string | boolean | null | undefined): HealthColor {
  if (health === true) return 'green';
  if (health === false) return 'red';
  const value = (health ?? 'unknown').trim().toLowerCase();
  if (value === '' || GREY.has(value)) return 'grey';
  if (RED.has(value)) return 'red';
  if (ORANGE.has(value)) return 'orange';
  return 'green';
}

/**
 * Colour of the uptime bar from the share of failed runs, in percent (orange above 75%,
 * red above 90%); a bar with no failures worth flagging stays green.
 */
export function uptimeBarColor(failedPercent: number): HealthColor {
  if (failedPercent > 90) return 'red';
  if (failedPercent > 75) return 'orange';
  return 'green';
}

/** Tailwind classes for each colour: a solid fill (dots, bars) and a text tone. */
export const COLOR_CLASSES: Record<HealthColor, { fill: string; text: string }> = {
  red: { fill: 'bg-destructive', text: 'text-destructive' },
  orange: { fill: 'bg-warning', text: 'text-warning' },
  grey: { fill: 'bg-muted-foreground/50', text: 'text-muted-foreground' },
  green: { fill: 'bg-success', text: 'text-success' },
};
