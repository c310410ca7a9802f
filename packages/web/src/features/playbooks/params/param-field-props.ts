import type { PlaybookParameterWire } from '@ops/shared';

/** What every parameter input receives: the declaration, its form key and the id its label points at. */
export interface ParamFieldProps {
  param: PlaybookParameterWire;
  name: string;
  id: string;
}

/** The label a parameter shows: its label, else its name. */
export function paramLabel(param: PlaybookParameterWire): string {
  return param.label?.trim() || param.name;
}

/** A property written as true/false or as the text 'true'. */
export function flag(value: boolean | string | undefined): boolean {
  return value === true || value === 'true';
}
