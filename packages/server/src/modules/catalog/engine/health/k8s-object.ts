import type { Health } from '../types.js';

// Small readers over untyped Kubernetes objects, shared by the health rules.

/** What a health rule concludes: the health bucket, a short status word and an optional message. */
export interface HealthResult {
  health: Health;
  status: string;
  message?: string;
  ready?: boolean;
}

/** A Kubernetes object as JSON: only the fields the rules read are typed loosely. */
export type K8sObject = Record<string, unknown>;

/** Read a nested field, e.g. get(obj, 'status', 'phase'). */
export function get(obj: unknown, ...path: string[]): unknown {
  let cur = obj;
  for (const key of path) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** A numeric field, or the fallback when absent. */
export function num(obj: unknown, fallback: number, ...path: string[]): number {
  const v = get(obj, ...path);
  return typeof v === 'number' ? v : fallback;
}

/** A string field, or '' when absent. */
export function str(obj: unknown, ...path: string[]): string {
  const v = get(obj, ...path);
  return typeof v === 'string' ? v : '';
}

/** An array field, or [] when absent. */
export function list(obj: unknown, ...path: string[]): Record<string, unknown>[] {
  const v = get(obj, ...path);
  return Array.isArray(v) ? (v as Record<string, unknown>[]) : [];
}

/** The status.conditions entry of the given type. */
export function condition(obj: unknown, type: string): Record<string, unknown> | undefined {
  return list(obj, 'status', 'conditions').find((c) => c.type === type);
}

/** True while the controller has not yet seen the latest spec (generation ahead of observedGeneration). */
export function specNotObserved(obj: unknown): boolean {
  const generation = num(obj, 0, 'metadata', 'generation');
  const observed = get(obj, 'status', 'observedGeneration');
  return typeof observed === 'number' && observed < generation;
}
