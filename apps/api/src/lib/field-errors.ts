import type { ValidationErrors } from '@tour/core';
import { validationError } from './http-errors';

/** Field errors gathered by a service's checks, each message once per field. */
export class FieldErrors {
  readonly errors: ValidationErrors = {};
  add(field: string, message: string): void {
    const list = (this.errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  has(field: string): boolean {
    return field in this.errors;
  }
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
  /** Throws the 422 with every gathered error, if there is one. */
  throwIfAny(): void {
    if (!this.empty) throw validationError(this.errors);
  }
}
