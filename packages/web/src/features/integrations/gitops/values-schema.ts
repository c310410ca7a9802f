import { z, type ZodType } from 'zod';

/** A chart's values JSON schema as the zod schema the code editor validates with. */
export function valuesSchema(jsonSchema: Record<string, unknown>): ZodType {
  return z.fromJSONSchema(jsonSchema as Parameters<typeof z.fromJSONSchema>[0]);
}
