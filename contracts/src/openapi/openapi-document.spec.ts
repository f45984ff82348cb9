import { z } from 'zod';
import { API_ACCESS_LEVELS } from '../common/api-route.js';
import { API_ROUTES } from './api-routes.js';
import { buildOpenApiDocument, operationIdOf } from './openapi-document.js';

type Json = Record<string, unknown>;

/** Every `$ref` anywhere under `node`. */
function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsIn(value, found);
    }
  }
  return found;
}

function operation(doc: ReturnType<typeof buildOpenApiDocument>, method: string, path: string): Json {
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`no ${method} ${path}`);
  return op as Json;
}

function successSchema(op: Json): Json {
  const [status, response] = Object.entries(op.responses as Record<string, Json>).find(([s]) =>
    /^2\d\d$/.test(s),
  )!;
  expect(status).toMatch(/^2/);
  return ((response.content as Record<string, Json>)['application/json'] as Json).schema as Json;
}

describe('the OpenAPI document', () => {
  const doc = buildOpenApiDocument('1.2.3');

  it('is OpenAPI 3.1 with the given version and one operation per route', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.2.3');
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(operations.sort()).toEqual(API_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
    expect(new Set(operations).size).toBe(API_ROUTES.length);
    const ids = API_ROUTES.map(operationIdOf);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every operation a tag the document lists, a summary, an access level and a 2xx answer', () => {
    const tags = new Set(doc.tags.map((t) => t.name));
    for (const route of API_ROUTES) {
      const op = operation(doc, route.method, route.path);
      expect((op.tags as string[]).every((tag) => tags.has(tag))).toBe(true);
      expect(String(op.summary).length).toBeGreaterThan(3);
      expect(API_ACCESS_LEVELS).toContain(op['x-access']);
      expect(op.security).toEqual(route.access === 'public' ? [] : expect.arrayContaining([{ session: [] }]));
      const responses = op.responses as Record<string, Json>;
      expect(responses[String(route.status)]?.content).toBeDefined();
      if (route.access !== 'public') expect(responses['401']).toBeDefined();
      if (route.access === 'staff' || route.access === 'admin') expect(responses['403']).toBeDefined();
    }
  });

  it('writes its human text in Arabic: every summary, description, answer and tag title', () => {
    // The API docs panel shows these in the Arabic interface as they are written.
    const arabic = /\p{Script=Arabic}/u;
    const english =
      /\b(?!RSS\b|Atom\b|OPDS\b|OpenSearch\b|OpenAPI\b|HTML\b|JPEG\b|PNG\b|WebP\b)[A-Za-z]{3,}\b/;
    const texts: string[] = [
      doc.info.description,
      ...doc.tags.flatMap((tag) => [tag['x-displayName'], tag.description]),
    ];
    for (const route of API_ROUTES) {
      const op = operation(doc, route.method, route.path);
      texts.push(String(op.summary));
      if (op.description !== undefined) texts.push(String(op.description));
      for (const answer of Object.values(op.responses as Record<string, Json>))
        texts.push(String(answer.description));
    }
    const prose = texts.map((text) => text.replace(/`[^`]*`/g, ''));
    expect(prose.filter((text) => !arabic.test(text))).toEqual([]);
    expect(prose.filter((text) => english.test(text))).toEqual([]);
  });

  it('declares exactly the path parameters its path template names', () => {
    for (const route of API_ROUTES) {
      const inPath = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const params = (operation(doc, route.method, route.path).parameters ?? []) as Json[];
      const declared = params.filter((p) => p.in === 'path').map((p) => p.name as string);
      expect({ route: route.path, params: declared.sort() }).toEqual({ route: route.path, params: inPath });
      expect(params.filter((p) => p.in === 'path').every((p) => p.required === true)).toBe(true);
    }
  });

  it('resolves every $ref to a component of the document', () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref.replace('#/components/schemas/', '')]).toBeDefined();
    }
    // JSON-serialisable: what the platform sends is what was built.
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('converts every schema of every route without an unrepresentable part', () => {
    const failures: string[] = [];
    const convert = (label: string, schema: z.ZodType, io: 'input' | 'output') => {
      try {
        z.toJSONSchema(schema, { io, unrepresentable: 'throw' });
      } catch (error) {
        failures.push(`${label}: ${(error as Error).message}`);
      }
    };
    for (const route of API_ROUTES) {
      const name = `${route.method} ${route.path}`;
      if (route.params) convert(`${name} params`, route.params, 'input');
      const queries =
        route.query === undefined ? [] : Array.isArray(route.query) ? route.query : [route.query];
      for (const query of queries as z.ZodObject[]) convert(`${name} query`, query, 'input');
      if (route.body) convert(`${name} body`, route.body, 'input');
      if (route.response) convert(`${name} response`, route.response, 'output');
      expect(Boolean(route.response) !== Boolean(route.rawResponse)).toBe(true);
    }
    expect(failures).toEqual([]);
  });

  it('describes bodies and queries as a client sends them, answers as the server sends them', () => {
    const login = operation(doc, 'post', '/api/auth/login');
    const body = ((login.requestBody as Json).content as Record<string, Json>)['application/json']!
      .schema as Json;
    expect(body.required).toEqual(expect.arrayContaining(['username', 'password']));
    expect(body.required).not.toContain('device');

    // `page` has a default: optional to send, with its default shown.
    const users = (operation(doc, 'get', '/api/users').parameters as Json[]).find((p) => p.name === 'page')!;
    expect(users).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', default: 1 } });

    // The catalogue and the moderation queue share a path: both queries' parameters are listed once.
    const content = (operation(doc, 'get', '/api/content').parameters as Json[]).map((p) => p.name);
    expect(content).toEqual(expect.arrayContaining(['status', 'contentType', 'sort', 'page']));
    expect(new Set(content).size).toBe(content.length);

    const user = successSchema(operation(doc, 'get', '/api/users/{id}'));
    expect((user.properties as Json).user).toEqual({ $ref: '#/components/schemas/User' });
    expect(doc.components.schemas.User?.required).toEqual(expect.arrayContaining(['id', 'role']));
  });

  it('describes image bodies and answers by their content types', () => {
    const cover = operation(doc, 'post', '/api/media/covers');
    expect(Object.keys((cover.requestBody as Json).content as Json)).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
    ]);
    const media = operation(doc, 'get', '/media/{key}');
    expect(Object.keys(((media.responses as Record<string, Json>)['200'] as Json).content as Json)).toContain(
      'image/webp',
    );
  });
});
