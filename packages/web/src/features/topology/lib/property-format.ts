import type { ComponentProperty } from '@ops/shared';
import { formatRelativeTime } from '@ops/shared';

/** How a card shows one property: its label, display text, link, tone and whether it is a headline. */
export interface DisplayProperty {
  name: string;
  label: string;
  text: string;
  /** Set for url properties and for the first http(s) link of a property. */
  href?: string;
  /** 'danger' when cpu or memory use is above the threshold. */
  tone?: 'danger';
  headline: boolean;
  /** 0–100 when the property has a max (usage bars). */
  percent?: number;
}

/** Share of max above which cpu and memory show red. */
export const USAGE_DANGER_PERCENT = 70;
const USAGE_NAMES = new Set(['cpu', 'memory', 'mem']);
const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** One decimal without a trailing '.0'. */
function trim(value: number): string {
  const fixed = value.toFixed(1);
  return fixed.endsWith('.0') ? fixed.slice(0, -2) : fixed;
}

/** 1536 → '1.5KiB'; binary steps like the units Kubernetes reports. */
export function formatBytes(value: number): string {
  let n = Math.abs(value);
  let i = 0;
  while (n >= 1024 && i < BYTE_UNITS.length - 1) {
    n /= 1024;
    i++;
  }
  return `${value < 0 ? '-' : ''}${trim(n)}${BYTE_UNITS[i]}`;
}

/** Currency with 'k' above 1000 (and 'M' above a million): 1234 → '$1.2k', 12.5 → '$12.50'. */
export function formatCurrency(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `${sign}$${trim(abs / 1_000_000)}M`;
  if (abs > 1000) return `${sign}$${trim(abs / 1000)}k`;
  return `${sign}$${abs.toFixed(2)}`;
}

/** A number in its unit: milli-units divided by 1000 ('millicores' → 'cores'), bytes, percent. */
export function formatWithUnit(value: number, unit: string | undefined): string {
  const u = (unit ?? '').trim();
  if (!u) return trim(value);
  const lower = u.toLowerCase();
  if (lower === 'bytes' || lower === 'byte' || lower === 'b') return formatBytes(value);
  if (lower === 'percent' || u === '%') return `${trim(value)}%`;
  if (lower.startsWith('milli')) {
    const base = u.slice('milli'.length);
    return `${trim(value / 1000)}${base ? ` ${base}` : ''}`;
  }
  return `${trim(value)} ${u}`;
}

/** An age from a timestamp (text or epoch value): '3d'. */
function formatAge(p: ComponentProperty, now: Date): string {
  const source = p.text || (p.value !== undefined ? p.value : undefined);
  if (source === undefined || source === '') return '';
  const ago = formatRelativeTime(source, now);
  return ago.replace(/ ago$/, '');
}

/** The share of max used, when a property has both (for cpu/memory bars and the danger tone). */
function usagePercent(p: ComponentProperty): number | undefined {
  if (p.value === undefined || !p.max) return undefined;
  return Math.max(0, Math.min(100, (p.value / p.max) * 100));
}

/** The display form of one property, or null when it is hidden or has nothing to show. */
export function displayProperty(p: ComponentProperty, now: Date = new Date()): DisplayProperty | null {
  if (p.type === 'hidden') return null;
  const label = p.label || p.name;
  const headline = p.headline === true;
  const percent = usagePercent(p);
  const danger = USAGE_NAMES.has(p.name.toLowerCase()) && percent !== undefined && percent > USAGE_DANGER_PERCENT;
  let text: string;
  let href: string | undefined;
  if (p.type === 'url') {
    href = p.text && /^https?:\/\//i.test(p.text) ? p.text : undefined;
    text = p.text ?? '';
  } else if (p.type === 'currency' && p.value !== undefined) {
    text = formatCurrency(p.value);
  } else if (p.type === 'age') {
    text = formatAge(p, now);
  } else if (p.value !== undefined) {
    text = formatWithUnit(p.value, p.unit);
    if (p.max !== undefined && percent !== undefined) text = `${text} / ${formatWithUnit(p.max, p.unit)}`;
  } else {
    text = p.text ?? '';
  }
  if (!href && p.links?.length) href = p.links.find((l) => /^https?:\/\//i.test(l.url))?.url;
  if (!text && !href) return null;
  return { name: p.name, label, text: text || (href ?? ''), href, headline, percent, ...(danger ? { tone: 'danger' as const } : {}) };
}

/** The properties a card shows, headlines first, keeping the spec's order otherwise. */
export function displayProperties(props: readonly ComponentProperty[], now: Date = new Date()): DisplayProperty[] {
  const list = props.map((p) => displayProperty(p, now)).filter((p): p is DisplayProperty => p !== null);
  return [...list.filter((p) => p.headline), ...list.filter((p) => !p.headline)];
}
