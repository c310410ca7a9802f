import { useFormContext, useFormState } from 'react-hook-form';
import { FORM_ERROR } from './zod-resolver';

/** The error of the whole form (a schema refinement without a field), shown after a submit. */
export function FormError({ className = 'text-sm text-destructive' }: { className?: string }) {
  const { control } = useFormContext();
  const { errors, isSubmitted } = useFormState({ control });
  const message = (errors[FORM_ERROR] as { message?: string } | undefined)?.message;
  if (!message || !isSubmitted) return null;
  return (
    <p role="alert" className={className}>
      {message}
    </p>
  );
}
