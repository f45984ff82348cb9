import { Body, Injectable, type PipeTransform, Param, Query } from '@nestjs/common';
import { fieldErrors } from '@warraq/contracts';
import type { z } from 'zod';
import { ApiError } from '../http/api-error';

/**
 * The one place where a request value meets its contract schema. A failure is a 400 with the field
 * errors, unless the caller maps it to another error (token-login answers 401).
 */
export function parseWithSchema<S extends z.ZodType>(
  schema: S,
  value: unknown,
  onError: (errors: Record<string, string[]>) => Error = ApiError.validation,
): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw onError(fieldErrors(result.error));
  return result.data;
}

@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    return parseWithSchema(this.schema, value);
  }
}

/** `@ZodBody(LoginBodySchema) body: LoginBody` */
export const ZodBody = (schema: z.ZodType) => Body(new ZodValidationPipe(schema));
/** `@ZodQuery(ListUsersQuerySchema) query: ListUsersQuery` */
export const ZodQuery = (schema: z.ZodType) => Query(new ZodValidationPipe(schema));
/** `@ZodParams(UserIdParamSchema) { id }: { id: number }` */
export const ZodParams = (schema: z.ZodType) => Param(new ZodValidationPipe(schema));
