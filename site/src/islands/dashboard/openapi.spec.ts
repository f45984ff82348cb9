import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { AUTH_ROUTES, USER_ROUTES } from '@warraq/contracts';
import {
  filterDocs,
  nestedObject,
  objectFields,
  readApiDocs,
  resolveSchema,
  schemaRules,
  typeLabel,
  type JsonSchema,
} from './openapi';

// Paths of the route table, so the fixture reads like the platform's own document.
const LOGIN = AUTH_ROUTES.login.path;
const USERS = USER_ROUTES.list.path;
const USER = USER_ROUTES.get.path;

const LoginBody = z.object({ username: z.string().min(3).max(50), password: z.string().min(1) });
const loginBodySchema = z.toJSONSchema(LoginBody, { io: 'input' }) as JsonSchema;

const document = {
  openapi: '3.1.0',
  info: { title: 'Warraq', version: '1.2.3' },
  tags: [{ name: 'auth', 'x-displayName': 'الدخول', description: 'تسجيل الدخول' }],
  paths: {
    [LOGIN]: {
      post: {
        tags: ['auth'],
        summary: 'تسجيل الدخول',
        'x-access': 'public',
        requestBody: { content: { 'application/json': { schema: loginBodySchema } } },
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/Token' } },
            },
          },
          '400': { description: 'bad' },
        },
      },
    },
    [USER]: {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { tags: ['users'], 'x-access': 'admin', responses: { '200': { description: 'user' } } },
      delete: { tags: ['users'], security: [], responses: { '204': { description: 'gone' } } },
    },
    [USERS]: {
      get: {
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', default: 1 } },
          { name: 'search', in: 'query', schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'list' } },
      },
    },
  },
  components: {
    schemas: {
      Token: {
        type: 'object',
        properties: { access_token: { type: 'string' }, expires_in: { type: 'integer' } },
        required: ['access_token'],
      },
    },
  },
};

describe('readApiDocs', () => {
  const docs = readApiDocs(document);

  it('groups every operation by its tag (else its path area)', () => {
    expect(docs?.version).toBe('1.2.3');
    expect(docs?.groups.map((group) => group.tag)).toEqual(['auth', 'users']);
    // A tag's Arabic title (`x-displayName`) heads its group; a tag without one shows as it is.
    expect(docs?.groups.map((group) => group.title)).toEqual(['الدخول', 'users']);
    expect(docs?.groups[1]?.endpoints.map((endpoint) => endpoint.id)).toEqual([
      `GET ${USERS}`,
      `DELETE ${USER}`,
      `GET ${USER}`,
    ]);
  });

  it('reads access, path-level and query params, body and the success response', () => {
    const login = docs?.groups[0]?.endpoints[0];
    expect(login?.access).toBe('public');
    expect(login?.requestBody).toEqual(loginBodySchema);
    expect(login?.response?.status).toBe('200');
    const users = docs?.groups[1]?.endpoints;
    const one = users?.find((endpoint) => endpoint.id === `GET ${USER}`);
    expect(one?.access).toBe('admin');
    expect(one?.pathParams).toEqual([
      { name: 'id', required: true, description: null, schema: { type: 'integer' } },
    ]);
    expect(users?.find((endpoint) => endpoint.method === 'delete')?.access).toBe('public');
    const list = users?.find((endpoint) => endpoint.id === `GET ${USERS}`);
    expect(list?.queryParams.map((param) => [param.name, param.required])).toEqual([
      ['page', false],
      ['search', false],
    ]);
    expect(list?.access).toBeNull();
  });

  it('refuses something that is not an OpenAPI document', () => {
    expect(readApiDocs({ hello: 'world' })).toBeNull();
    expect(readApiDocs(null)).toBeNull();
  });

  it('filters by method, path or summary', () => {
    const groups = docs?.groups ?? [];
    expect(filterDocs(groups, 'تسجيل').flatMap((g) => g.endpoints.map((e) => e.id))).toEqual([
      `POST ${LOGIN}`,
    ]);
    expect(filterDocs(groups, 'delete').flatMap((g) => g.endpoints.map((e) => e.id))).toEqual([
      `DELETE ${USER}`,
    ]);
    expect(filterDocs(groups, '  ')).toBe(groups);
  });
});

describe('schema reading', () => {
  it('lists the fields of the login body with their rules, required first', () => {
    const fields = objectFields(loginBodySchema);
    expect(fields.map((field) => [field.name, field.required])).toEqual([
      ['username', true],
      ['password', true],
    ]);
    expect(schemaRules(fields[0]?.schema ?? {})).toEqual(['أدنى طول 3', 'أقصى طول 50']);
    // zod's safe-integer bounds are noise, real bounds are kept.
    const id = z.toJSONSchema(
      z.object({ id: z.number().int(), page: z.number().int().min(1) }),
    ) as JsonSchema;
    const [idField, pageField] = objectFields(id).sort((a, b) => a.name.localeCompare(b.name));
    expect(schemaRules(idField?.schema ?? {})).toEqual([]);
    expect(schemaRules(pageField?.schema ?? {})).toEqual(['≥ 1']);
  });

  it('follows component refs and labels unions, arrays and enums', () => {
    const components = document.components.schemas as Record<string, JsonSchema>;
    const resolve = (node: JsonSchema) => resolveSchema(node, components, {});
    const token = nestedObject({ $ref: '#/components/schemas/Token' }, resolve);
    expect(objectFields(token ?? {}).map((field) => field.name)).toEqual(['access_token', 'expires_in']);
    expect(typeLabel({ type: 'array', items: { $ref: '#/components/schemas/Token' } }, resolve)).toBe(
      'array<object>',
    );
    expect(typeLabel({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
    expect(typeLabel({ enum: ['a', 'b'] })).toBe('"a" | "b"');
  });

  it('resolves zod $defs refs', () => {
    const defs = { Item: { type: 'object', properties: { id: { type: 'integer' } } } };
    expect(resolveSchema({ $ref: '#/$defs/Item', description: 'x' }, {}, defs)).toEqual({
      type: 'object',
      properties: { id: { type: 'integer' } },
      description: 'x',
    });
  });
});
