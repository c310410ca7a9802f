import { playbookSpecSchema } from '@ops/shared';
import type { ZodType } from 'zod';

/**
 * The schema the dialog's YAML editor checks as the user types: the Playbook spec schema the server validates
 * with. A pasted whole Playbook document is checked by the server on save.
 */
export function specSchemaFor(text: string): ZodType | undefined {
  return /^kind:\s*["']?Playbook\b/m.test(text) ? undefined : playbookSpecSchema;
}
