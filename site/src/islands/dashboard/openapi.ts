import { z } from 'zod';
import { t } from '@/i18n';

/**
 * Reading the platform's OpenAPI 3.1 document (`GET /api/system/openapi`, built from `contracts/`)
 * into what the API Documentation panel lists: endpoints grouped by tag, each with its access rule,
 * parameters, body and response schemas. Parsing is lenient: a part the panel does not understand
 * is left out rather than failing the whole panel.
 */

/** A JSON Schema node (zod's `z.toJSONSchema` output); read field by field by the renderer. */
export type JsonSchema = { [key: string]: unknown };

export const ACCESS_LEVELS = ['public', 'authenticated', 'staff', 'admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface DocParam {
  name: string;
  required: boolean;
  description: string | null;
  schema: JsonSchema | null;
}

export interface DocEndpoint {
  /** `METHOD path`, unique in the document. */
  id: string;
  method: HttpMethod;
  path: string;
  tag: string;
  summary: string | null;
  description: string | null;
  access: AccessLevel | null;
  pathParams: DocParam[];
  queryParams: DocParam[];
  requestBody: JsonSchema | null;
  response: { status: string; description: string | null; schema: JsonSchema | null } | null;
}

export interface DocGroup {
  tag: string;
  /** The tag's title for the interface (`x-displayName`), else the tag itself. */
  title: string;
  endpoints: DocEndpoint[];
}

export interface ApiDocs {
  title: string | null;
  version: string | null;
  groups: DocGroup[];
  /** Shared schemas (`#/components/schemas/*`) that `$ref`s point to. */
  components: Record<string, JsonSchema>;
}

const schemaNode = z.record(z.string(), z.unknown());
const ParameterSchema = z.object({
  name: z.string(),
  in: z.string(),
  required: z.boolean().optional(),
  description: z.string().optional(),
  schema: schemaNode.optional(),
});
const ContentSchema = z.record(z.string(), z.object({ schema: schemaNode.optional() }).loose());
const OperationSchema = z
  .object({
    tags: z.array(z.string()).optional(),
    summary: z.string().optional(),
    description: z.string().optional(),
    parameters: z.array(z.unknown()).optional(),
    requestBody: z.object({ content: ContentSchema.optional() }).loose().optional(),
    responses: z
      .record(
        z.string(),
        z.object({ description: z.string().optional(), content: ContentSchema.optional() }).loose(),
      )
      .optional(),
    security: z.array(z.unknown()).optional(),
    'x-access': z.unknown().optional(),
  })
  .loose();
const DocumentSchema = z
  .object({
    info: z.object({ title: z.string().optional(), version: z.string().optional() }).loose().optional(),
    tags: z.array(z.object({ name: z.string(), 'x-displayName': z.string().optional() }).loose()).optional(),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    components: z
      .object({ schemas: z.record(z.string(), schemaNode).optional() })
      .loose()
      .optional(),
  })
  .loose();

export const OpenApiDocumentSchema = DocumentSchema;

function jsonSchemaOf(content: z.infer<typeof ContentSchema> | undefined): JsonSchema | null {
  if (!content) return null;
  const json = content['application/json'] ?? Object.values(content)[0];
  return json?.schema ?? null;
}

function readAccess(operation: z.infer<typeof OperationSchema>): AccessLevel | null {
  const declared = operation['x-access'];
  if (typeof declared === 'string' && (ACCESS_LEVELS as readonly string[]).includes(declared)) {
    return declared as AccessLevel;
  }
  // No extension: an operation that clears `security` is open to everyone.
  if (operation.security && operation.security.length === 0) return 'public';
  return null;
}

/** The group of an endpoint: its first tag, else the first path segment after `/api/`. */
function tagOf(path: string, tags: string[] | undefined): string {
  if (tags?.[0]) return tags[0];
  const segment = path.replace(/^\/api\//, '').split('/')[0];
  return segment || 'api';
}

function readParams(raw: unknown[] | undefined, where: 'path' | 'query'): DocParam[] {
  const params: DocParam[] = [];
  for (const entry of raw ?? []) {
    const parsed = ParameterSchema.safeParse(entry);
    if (!parsed.success || parsed.data.in !== where) continue;
    params.push({
      name: parsed.data.name,
      required: parsed.data.required ?? where === 'path',
      description: parsed.data.description ?? null,
      schema: parsed.data.schema ?? null,
    });
  }
  return params;
}

export function readApiDocs(raw: unknown): ApiDocs | null {
  const parsed = DocumentSchema.safeParse(raw);
  if (!parsed.success) return null;
  const doc = parsed.data;
  const byTag = new Map<string, DocEndpoint[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    // Path-level parameters apply to every operation of the path.
    const shared = Array.isArray(item.parameters) ? (item.parameters as unknown[]) : [];
    for (const method of HTTP_METHODS) {
      const operation = OperationSchema.safeParse(item[method]);
      if (item[method] === undefined || !operation.success) continue;
      const op = operation.data;
      const params = [...shared, ...(op.parameters ?? [])];
      const success = Object.entries(op.responses ?? {})
        .filter(([status]) => /^2\d\d$/.test(status))
        .sort(([a], [b]) => a.localeCompare(b))[0];
      const tag = tagOf(path, op.tags);
      const endpoint: DocEndpoint = {
        id: `${method.toUpperCase()} ${path}`,
        method,
        path,
        tag,
        summary: op.summary ?? null,
        description: op.description ?? null,
        access: readAccess(op),
        pathParams: readParams(params, 'path'),
        queryParams: readParams(params, 'query'),
        requestBody: jsonSchemaOf(op.requestBody?.content),
        response: success
          ? {
              status: success[0],
              description: success[1].description ?? null,
              schema: jsonSchemaOf(success[1].content),
            }
          : null,
      };
      const list = byTag.get(tag) ?? [];
      list.push(endpoint);
      byTag.set(tag, list);
    }
  }
  const titles = new Map((doc.tags ?? []).map((tag) => [tag.name, tag['x-displayName'] ?? tag.name]));
  const groups = [...byTag.entries()]
    .map(([tag, endpoints]) => ({
      tag,
      title: titles.get(tag) ?? tag,
      endpoints: endpoints.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method)),
    }))
    .sort((a, b) => a.title.localeCompare(b.title, 'ar'));
  return {
    title: doc.info?.title ?? null,
    version: doc.info?.version ?? null,
    groups,
    components: doc.components?.schemas ?? {},
  };
}

/** The groups with only the endpoints whose method, path, summary or description contain `query`. */
export function filterDocs(groups: DocGroup[], query: string): DocGroup[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return groups;
  return groups
    .map((group) => ({
      ...group,
      endpoints: group.endpoints.filter((endpoint) =>
        [endpoint.id, endpoint.summary ?? '', endpoint.description ?? '', group.tag, group.title].some(
          (field) => field.toLowerCase().includes(needle),
        ),
      ),
    }))
    .filter((group) => group.endpoints.length > 0);
}

// ---- JSON Schema reading for the tree view ----

export interface SchemaField {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Follows a `$ref` to `#/components/schemas/X` or `#/$defs/X` (zod puts shared parts of one schema
 * under its root's `$defs`); `defs` holds the `$defs` seen on the way down.
 */
export function resolveSchema(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  defs: Record<string, JsonSchema>,
): JsonSchema {
  let current = schema;
  for (let hops = 0; hops < 10 && typeof current.$ref === 'string'; hops += 1) {
    const ref = current.$ref as string;
    const name = decodeURIComponent(ref.split('/').pop() ?? '');
    const target = ref.startsWith('#/components/schemas/') ? components[name] : defs[name];
    if (!target) return current;
    // Keep the referring node's own notes (description, default) over the target's.
    const { $ref: _ref, ...own } = current;
    current = { ...target, ...own };
  }
  return current;
}

/** The `$defs` a schema node declares, merged over those already known. */
export function collectDefs(
  schema: JsonSchema,
  known: Record<string, JsonSchema>,
): Record<string, JsonSchema> {
  const own = schema.$defs ?? schema.definitions;
  if (!isSchema(own)) return known;
  const defs: Record<string, JsonSchema> = { ...known };
  for (const [name, value] of Object.entries(own)) if (isSchema(value)) defs[name] = value;
  return defs;
}

/** The alternatives of a union node (`anyOf`/`oneOf`), without the `null` branch. */
function variants(schema: JsonSchema): JsonSchema[] {
  const list = schema.anyOf ?? schema.oneOf;
  return Array.isArray(list) ? list.filter(isSchema) : [];
}

export function isNullable(schema: JsonSchema): boolean {
  if (Array.isArray(schema.type) && schema.type.includes('null')) return true;
  return variants(schema).some((variant) => variant.type === 'null');
}

/** A short type label: `string`, `integer`, `array<object>`, `"a" | "b"`, `string | null`. */
export function typeLabel(
  schema: JsonSchema,
  resolve: (node: JsonSchema) => JsonSchema = (node) => node,
  depth = 0,
): string {
  const node = resolve(schema);
  if ('const' in node) return JSON.stringify(node.const);
  if (Array.isArray(node.enum)) return node.enum.map((value) => JSON.stringify(value)).join(' | ');
  const union = variants(node);
  if (union.length > 0 && depth < 4) {
    return [...new Set(union.map((variant) => typeLabel(variant, resolve, depth + 1)))].join(' | ');
  }
  const types = Array.isArray(node.type) ? node.type.filter((type) => typeof type === 'string') : [node.type];
  const labels = types
    .filter((type): type is string => typeof type === 'string')
    .map((type) => {
      if (type === 'array' && isSchema(node.items) && depth < 4) {
        return `array<${typeLabel(node.items, resolve, depth + 1)}>`;
      }
      return type;
    });
  if (labels.length > 0) return labels.join(' | ');
  if (isSchema(node.properties)) return 'object';
  return 'any';
}

/** The validation rules of a node, in words a reader of the docs can check a value against. */
export function schemaRules(schema: JsonSchema): string[] {
  const labels = t.dashboard.docs.ruleLabels;
  const rules: string[] = [];
  const keys = [
    'format',
    'minLength',
    'maxLength',
    'minimum',
    'exclusiveMinimum',
    'maximum',
    'exclusiveMaximum',
    'minItems',
    'maxItems',
  ] as const;
  for (const key of keys) {
    const value = schema[key];
    // zod bounds every integer by the safe-integer range: that says nothing to a reader.
    if (typeof value === 'number' && Math.abs(value) >= Number.MAX_SAFE_INTEGER) continue;
    if (typeof value === 'number' || typeof value === 'string') rules.push(`${labels[key]} ${value}`);
  }
  if (typeof schema.pattern === 'string') {
    const pattern = schema.pattern.length > 60 ? `${schema.pattern.slice(0, 57)}…` : schema.pattern;
    rules.push(`${labels.pattern} ${pattern}`);
  }
  if ('default' in schema) rules.push(`${labels.default} ${JSON.stringify(schema.default)}`);
  return rules;
}

/** The fields of an object node (after following refs), required ones first. */
export function objectFields(schema: JsonSchema): SchemaField[] {
  if (!isSchema(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(schema.properties)
    .filter((entry): entry is [string, JsonSchema] => isSchema(entry[1]))
    .map(([name, child]) => ({ name, required: required.has(name), schema: child }))
    .sort((a, b) => Number(b.required) - Number(a.required));
}

/**
 * The node whose fields are worth listing under a field: the object itself, the item object of an
 * array, or the single non-null object branch of a nullable union.
 */
export function nestedObject(
  schema: JsonSchema,
  resolve: (node: JsonSchema) => JsonSchema,
): JsonSchema | null {
  const node = resolve(schema);
  if (isSchema(node.properties)) return node;
  if (isSchema(node.items)) return nestedObject(node.items, resolve);
  const objects = variants(node)
    .map(resolve)
    .filter((variant) => isSchema(variant.properties));
  return objects.length === 1 ? (objects[0] ?? null) : null;
}
