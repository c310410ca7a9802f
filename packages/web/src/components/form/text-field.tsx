import type { InputHTMLAttributes, ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { Field, Input } from '../ui';
import { useFieldError } from './use-field-error';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'value' | 'defaultValue'> {
  /** The value's path in the form. */
  name: string;
  /** The input's id; the label points at it. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  fieldClassName?: string;
}

/** A labelled text input bound to the surrounding Form, with its error under it. */
export function TextField({ name, id, label, hint, required, fieldClassName, ...input }: TextFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <Field id={id} label={label} hint={hint} required={required} error={error} className={fieldClassName}>
      <Input id={id} invalid={!!error} {...input} {...register(name)} />
    </Field>
  );
}
