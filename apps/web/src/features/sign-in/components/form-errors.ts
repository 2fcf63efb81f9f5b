import type { FieldError } from '@revlane/contracts';
import type { FormInstance } from 'antd';
import type { ApiError } from '@/common/api';

/**
 * Field errors of a 400 go under the form's own fields; `needsAlert` says whether anything
 * is left for an alert above the form (another status, or an error on no field of the form).
 */
export function splitFieldErrors<Field extends string>(
  error: ApiError,
  fields: readonly Field[],
): { onFields: (FieldError & { path: Field })[]; needsAlert: boolean } {
  const isFormField = (fieldError: FieldError): fieldError is FieldError & { path: Field } =>
    (fields as readonly string[]).includes(fieldError.path);
  const onFields = error.status === 400 ? error.fieldErrors.filter(isFormField) : [];
  return {
    onFields,
    needsAlert: onFields.length === 0 || onFields.length < error.fieldErrors.length,
  };
}

/** Puts a failed request's field errors under their fields. */
export function showFieldErrors<Field extends string>(
  form: FormInstance,
  error: ApiError,
  fields: readonly Field[],
): void {
  const { onFields } = splitFieldErrors(error, fields);
  form.setFields(onFields.map(({ path, message }) => ({ name: path, errors: [message] })));
}

/** The error to show in the alert above the form, if any is left after the fields took theirs. */
export function errorForAlert<Field extends string>(
  error: ApiError | null,
  fields: readonly Field[],
): ApiError | null {
  return error && splitFieldErrors(error, fields).needsAlert ? error : null;
}
