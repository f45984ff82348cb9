import { forwardRef, type InputHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
}

/** A labelled input with its error message tied to it (aria-invalid + aria-describedby). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, className, ...input },
  ref,
) {
  return (
    <FieldFrame label={label} error={error}>
      {(control) => (
        <input
          ref={ref}
          dir="auto"
          className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
          {...control}
          {...input}
        />
      )}
    </FieldFrame>
  );
});
