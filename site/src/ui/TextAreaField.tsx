import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string | undefined;
}

/** A labelled multi-line field with its error tied to it, like `TextField` for longer text. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, className, ...textarea },
  ref,
) {
  return (
    <FieldFrame label={label} error={error}>
      {(control) => (
        <textarea
          ref={ref}
          dir="auto"
          className={`textarea w-full ${error ? 'textarea-error' : ''} ${className ?? ''}`}
          {...control}
          {...textarea}
        />
      )}
    </FieldFrame>
  );
});
