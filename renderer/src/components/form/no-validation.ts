import type { ErrorSchema, RJSFSchema, ValidationData, ValidatorType } from '@rjsf/utils';

/**
 * The server validates every form with the same zod rules it answers field errors from; the
 * browser compiles no validator (the CSP forbids eval, and the schemas the server composes at run
 * time cannot be compiled ahead of time: docs/architecture.md, "Forms: the server alone validates").
 */
export const noValidation: ValidatorType<Record<string, unknown>, RJSFSchema> = {
  validateFormData(): ValidationData<Record<string, unknown>> {
    return { errors: [], errorSchema: {} as ErrorSchema<Record<string, unknown>> };
  },
  isValid(): boolean {
    return true;
  },
  rawValidation() {
    return {};
  },
};

/** The server's `{ field: message }` as RJSF's error schema. */
export function toErrorSchema(errors: Record<string, string>): ErrorSchema<Record<string, unknown>> {
  const schema: Record<string, { __errors: string[] }> = {};
  for (const [field, message] of Object.entries(errors)) schema[field] = { __errors: [message] };
  return schema as ErrorSchema<Record<string, unknown>>;
}
