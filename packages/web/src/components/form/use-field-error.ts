import { useFormContext, useFormState, type FieldValues, type Path } from 'react-hook-form';

/**
 * The message to show under a field: its error once the field was touched (left, or picked for
 * selects and checkboxes) or after a submit, which marks every field touched.
 */
export function useFieldError<T extends FieldValues>(name: Path<T> | string): string | undefined {
  const { control, getFieldState } = useFormContext<T>();
  const formState = useFormState({ control, name: name as Path<T> });
  const { error, isTouched } = getFieldState(name as Path<T>, formState);
  if (!error?.message) return undefined;
  return isTouched || formState.isSubmitted ? error.message : undefined;
}
