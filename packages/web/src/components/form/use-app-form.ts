import { useForm, type DefaultValues, type FieldValues, type Mode, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from './zod-resolver';

export interface AppFormOptions<T extends FieldValues> {
  defaultValues: DefaultValues<T>;
  /** The zod schema that decides the errors (usually from @ops/shared). */
  schema?: z.ZodType;
  /** A hand-written resolver, for forms whose rules are not a zod schema (the canary editor). */
  resolver?: Resolver<T>;
  /** Default 'all': validate on blur and on change; fields show errors once touched or submitted. */
  mode?: Mode;
}

/** react-hook-form set up the app's one way: validation from a zod schema, on blur and change. */
export function useAppForm<T extends FieldValues>({ defaultValues, schema, resolver, mode = 'all' }: AppFormOptions<T>): UseFormReturn<T> {
  return useForm<T>({ mode, defaultValues, resolver: resolver ?? (schema ? zodResolver<T>(schema) : undefined) });
}
