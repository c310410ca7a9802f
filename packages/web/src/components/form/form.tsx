import type { FormEvent, FormHTMLAttributes, ReactNode } from 'react';
import { FormProvider, type FieldValues, type SubmitHandler, type UseFormReturn } from 'react-hook-form';

export interface FormProps<T extends FieldValues> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> {
  form: UseFormReturn<T>;
  /** Called with the values once they validate; while a returned promise runs, the form is submitting. */
  onSubmit: SubmitHandler<T>;
  /** Runs first on submit; false stops the submit (e.g. a code view that does not parse). */
  beforeSubmit?: () => boolean;
  children: ReactNode;
}

/**
 * A <form> bound to a react-hook-form instance (see useAppForm): no browser validation, the fields
 * inside read the form from context, and submitting validates every field and shows each error.
 */
export function Form<T extends FieldValues>({ form, onSubmit, beforeSubmit, children, ...rest }: FormProps<T>) {
  const submit = (e: FormEvent<HTMLFormElement>): void => {
    if (beforeSubmit && !beforeSubmit()) return e.preventDefault();
    void form.handleSubmit(onSubmit)(e);
  };
  return (
    <FormProvider {...form}>
      <form noValidate {...rest} onSubmit={submit}>
        {children}
      </form>
    </FormProvider>
  );
}
