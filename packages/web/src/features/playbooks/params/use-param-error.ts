import { useFormContext, useFormState, useWatch } from 'react-hook-form';

/**
 * The message under a parameter: shown once the field was touched or changed, after a submit, or at once when
 * a filled-in value (a rendered default) is wrong, since that is why Run is disabled. An empty required field
 * the user has not reached yet stays quiet.
 */
export function useParamError(name: string): string | undefined {
  const { control, getFieldState } = useFormContext();
  const formState = useFormState({ control, name });
  const value: unknown = useWatch({ control, name });
  const { error, isTouched, isDirty } = getFieldState(name, formState);
  if (!error?.message) return undefined;
  const filled = typeof value === 'string' && value !== '';
  return isTouched || isDirty || formState.isSubmitted || filled ? error.message : undefined;
}
