import { Alert, type FormInstance } from 'antd';
import { useCallback, useRef, useState, type CSSProperties } from 'react';
import {
  failureTextOf,
  splitFieldErrors,
  validationErrorsOf,
  type FailureTexts,
  type SplitErrors,
  type ValidationErrors,
} from '@tour/shared';

export interface ServerFormOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's values
  form: FormInstance<any>;
  /**
   * The form's fields (a refusal's error of one stands under it, the rest above the form), or how
   * the refusal's errors split, where a field's name is not the server's.
   */
  fields: readonly string[] | ((errors: ValidationErrors) => SplitErrors);
  /** What to say of any other failure. */
  failure: FailureTexts | ((error: unknown) => string);
  /** Said above the form when every error stands under its field (by default nothing). */
  fieldsHint?: string;
  /** Scrolls to the first field with an error. */
  scrollToError?: boolean;
}

/**
 * A form that saves through the server: `submit(send)` sends once at a time (a second press
 * while sending does nothing), a refusal's field errors (422) show under their fields and the
 * rest (`formErrors`) above the form, any other failure as a Russian sentence; typed values stay.
 */
export function useServerForm({
  form,
  fields,
  failure,
  fieldsHint,
  scrollToError = false,
}: ServerFormOptions) {
  const [formErrors, setFormErrors] = useState<string[] | null>(null);
  const sending = useRef(false);
  const failureText = useCallback(
    (error: unknown) =>
      typeof failure === 'function' ? failure(error) : failureTextOf(error, failure),
    [failure],
  );

  /** Shows a refusal's errors: under the fields, the rest above the form. */
  const showErrors = useCallback(
    (errors: ValidationErrors, how: ServerFormOptions['fields'] = fields) => {
      const split = typeof how === 'function' ? how(errors) : splitFieldErrors(errors, how);
      form.setFields(split.fields);
      if (split.other.length > 0) setFormErrors(split.other);
      else setFormErrors(fieldsHint ? [fieldsHint] : null);
      const first = split.fields[0]?.name;
      if (scrollToError && first !== undefined) form.scrollToField(first, { block: 'center' });
    },
    [fields, fieldsHint, form, scrollToError],
  );

  /**
   * Sends, unless a sending is under way; a failure shows as said above (its field errors split
   * by `fields` when this sending names fields of its own, as a list's rows sent).
   */
  const submit = useCallback(
    async (send: () => Promise<void>, fields?: ServerFormOptions['fields']) => {
      if (sending.current) return;
      sending.current = true;
      setFormErrors(null);
      try {
        await send();
      } catch (error) {
        const errors = validationErrorsOf(error);
        if (errors) showErrors(errors, fields);
        else setFormErrors([failureText(error)]);
      } finally {
        sending.current = false;
      }
    },
    [failureText, showErrors],
  );

  return {
    submit,
    showErrors,
    /** The form's own lines, above it; null when there are none. */
    formErrors,
    /** The same lines as one text. */
    formError: formErrors ? formErrors.join(' ') : null,
    /** Sets the form's own lines (null clears them). */
    setFormError: (text: string | string[] | null) =>
      setFormErrors(text === null ? null : Array.isArray(text) ? text : [text]),
    /** Says the form's failure text of an answer that lacks what was asked for. */
    failUnconfirmed: () => setFormErrors([failureText(null)]),
  };
}

export interface FormErrorAlertProps {
  /** The form's own lines (none: nothing is shown). */
  error: string | null;
  /** A heading above them; by default the lines are the heading. */
  title?: string;
  style?: CSSProperties;
}

/** The form's own errors above its fields, as an alert read out when it shows. */
export function FormErrorAlert({
  error,
  title,
  style = { marginBottom: 16 },
}: FormErrorAlertProps) {
  if (!error) return null;
  return title ? (
    <Alert type="error" showIcon role="alert" title={title} description={error} style={style} />
  ) : (
    <Alert type="error" showIcon role="alert" title={error} style={style} />
  );
}
