import { z } from 'zod';
import { CommentSchema } from '../comments/comment.schemas.js';
import { ErrorResponseSchema } from '../common/errors.schemas.js';
import { ListMetaSchema } from '../common/list.schemas.js';
import {
  ChapterReaderSchema,
  ChapterVariantSchema,
  HomeItemSchema,
  SeriesDetailSchema,
  SeriesSummarySchema,
} from '../content/content.schemas.js';
import { ChapterUploadSchema } from '../ingest/ingest.schemas.js';
import { ModerationItemSchema, ModerationLogEntrySchema } from '../moderation/moderation.schemas.js';
import { NotificationSchema } from '../notifications/notification.schemas.js';
import { ClientErrorSchema, DomainSchema, ServiceSchema } from '../system/system.schemas.js';
import { PreferencesSchema, UserSchema } from '../users/user.schemas.js';
import type { ApiRoute, RawContent } from '../common/api-route.js';
import { API_ROUTES } from './api-routes.js';

type JsonSchema = Record<string, unknown>;

/**
 * Shapes many answers share, named once under `#/components/schemas` (responses refer to them).
 * Request schemas are always inlined: their input form (defaults optional, coercions) differs.
 */
const COMPONENTS: Record<string, z.ZodType> = {
  ErrorResponse: ErrorResponseSchema,
  ListMeta: ListMetaSchema,
  User: UserSchema,
  Preferences: PreferencesSchema,
  SeriesSummary: SeriesSummarySchema,
  SeriesDetail: SeriesDetailSchema,
  HomeItem: HomeItemSchema,
  ChapterVariant: ChapterVariantSchema,
  ChapterReader: ChapterReaderSchema,
  ChapterUpload: ChapterUploadSchema,
  ModerationItem: ModerationItemSchema,
  ModerationLogEntry: ModerationLogEntrySchema,
  Notification: NotificationSchema,
  Service: ServiceSchema,
  Domain: DomainSchema,
  ClientError: ClientErrorSchema,
  Comment: CommentSchema,
};

/**
 * Each tag's name as the Arabic interface shows it (`x-displayName`, the extension API browsers
 * read for a tag's title) and its description. The document's human text is Arabic, like the
 * product: the API docs panel shows it as written.
 */
const TAGS: Record<string, { title: string; description: string }> = {
  Auth: { title: 'الدخول والحسابات', description: 'تسجيل الدخول والجلسات والتسجيل وكلمات المرور' },
  Content: { title: 'المحتوى', description: 'الفهرس والأعمال' },
  Reader: { title: 'القراءة', description: 'الفصول وما يفعله القارئ بها' },
  Moderation: { title: 'الإشراف', description: 'مراجعة الأعمال والفصول المرسلة' },
  Media: { title: 'الوسائط', description: 'رفع الأغلفة والصور المحفوظة' },
  Notifications: { title: 'الإشعارات', description: 'إشعارات المستخدم المسجّل' },
  Follows: {
    title: 'المتابعات',
    description: 'متابعة الأعمال والمستخدمين وتفضيلات اللغة والفرق وموجز التحديثات',
  },
  Library: {
    title: 'المكتبة',
    description: 'رفوف القارئ وسجل قراءته (يُوقف من التفضيلات) وعلامات الفصول المقروءة',
  },
  Comments: { title: 'التعليقات', description: 'نقاشات التعليقات على الأعمال والفصول والإعجاب بها' },
  Community: { title: 'المجتمع', description: 'نشاط المجتمع وإعلاناته وقواعده وإجمالياته' },
  Profile: { title: 'الملف الشخصي', description: 'إحصاءات المستخدم المسجّل ونشاطه وأوسمته' },
  Points: { title: 'النقاط', description: 'دفتر النقاط: الأرصدة والسجل والمنح' },
  'Chapter uploads': { title: 'رفع الفصول', description: 'الإعلان عن رفع فصل ورفعه وتأكيده ومتابعته' },
  Users: { title: 'المستخدمون', description: 'الحسابات والأدوار والتفضيلات' },
  System: { title: 'النظام', description: 'الخدمات والنطاقات والصحة والإحصاءات والتشخيص' },
  Feeds: {
    title: 'الموجزات',
    description: 'موجزات RSS وAtom للفصول المعتمدة وفهرس OPDS لتطبيقات القراءة برمز الدخول',
  },
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'مدخلات غير صالحة (أخطاء الحقول في قائمة الأخطاء)',
  401: 'لم يسجّل الدخول',
  403: 'غير مسموح لهذا الدور',
  404: 'غير موجود',
  409: 'يتعارض مع الحالة الحالية',
  413: 'أكبر من المسموح',
  415: 'نوع محتوى غير مدعوم',
  429: 'طلبات كثيرة جدًا',
  503: 'غير متاح مؤقتًا',
};

const SUCCESS_DESCRIPTIONS: Record<number, string> = { 200: 'تم', 201: 'أُنشئ', 202: 'قُبل للمعالجة' };

const COMPONENT_URI = (id: string) => `#/components/schemas/${id}`;

/** `put /api/content/{id}/approve` → `putContentIdApprove`. */
export function operationIdOf(route: Pick<ApiRoute, 'method' | 'path'>): string {
  const words = route.path
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .flatMap((segment) => segment.replace(/[{}]/g, '').split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return route.method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

function withoutMeta(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function inputSchema(schema: z.ZodType): JsonSchema {
  return withoutMeta(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

function parametersOf(route: ApiRoute): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  const add = (where: 'path' | 'query', schema: z.ZodObject) => {
    const json = inputSchema(schema);
    const required = new Set(Array.isArray(json.required) ? (json.required as string[]) : []);
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, property] of Object.entries(properties)) {
      if (parameters.some((p) => p.name === name && p.in === where)) continue;
      const { description, ...rest } = property;
      parameters.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }
  };
  if (route.params) add('path', route.params);
  const queries = route.query === undefined ? [] : Array.isArray(route.query) ? route.query : [route.query];
  for (const query of queries as z.ZodObject[]) add('query', query);
  return parameters;
}

function rawContent(raw: RawContent): JsonSchema {
  return Object.fromEntries(
    raw.contentTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
  );
}

function errorStatuses(route: ApiRoute): number[] {
  const statuses = new Set<number>(route.errors ?? []);
  if (route.params || route.query || route.body || route.rawBody) statuses.add(400);
  if (route.access !== 'public') statuses.add(401);
  if (route.access === 'staff' || route.access === 'admin') statuses.add(403);
  if (route.params) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string; 'x-displayName': string; description: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, unknown>;
  };
}

/**
 * The platform's OpenAPI 3.1 document, generated from {@link API_ROUTES} and the zod schemas the
 * platform validates with: bodies, queries and params in their input form, answers in their output
 * form. Operations carry `x-access` (public, authenticated, staff, admin) for the API docs panel.
 */
export function buildOpenApiDocument(
  version: string,
  routes: readonly ApiRoute[] = API_ROUTES,
): OpenApiDocument {
  // Answers go through one registry so that shared shapes become `$ref`s to components. A route's
  // own answer is registered under its operation id and inlined back into the operation below.
  const registry = z.registry<{ id: string }>();
  const idOfSchema = new Map<z.ZodType, string>();
  for (const [name, schema] of Object.entries(COMPONENTS)) {
    registry.add(schema, { id: name });
    idOfSchema.set(schema, name);
  }
  for (const route of routes) {
    if (route.response && !idOfSchema.has(route.response)) {
      const id = `${operationIdOf(route)}Response`;
      registry.add(route.response, { id });
      idOfSchema.set(route.response, id);
    }
  }
  const converted = z.toJSONSchema(registry, { io: 'output', unrepresentable: 'any', uri: COMPONENT_URI })
    .schemas as Record<string, JsonSchema>;
  const answers = Object.fromEntries(Object.entries(converted).map(([id, json]) => [id, withoutMeta(json)]));

  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const responses: Record<string, unknown> = {};
    const answerId = route.response ? idOfSchema.get(route.response) : undefined;
    responses[String(route.status)] = {
      description: SUCCESS_DESCRIPTIONS[route.status] ?? 'تم',
      ...(answerId
        ? {
            content: {
              'application/json': {
                schema: answerId in COMPONENTS ? { $ref: COMPONENT_URI(answerId) } : answers[answerId],
              },
            },
          }
        : route.rawResponse
          ? { content: rawContent(route.rawResponse) }
          : {}),
    };
    for (const status of errorStatuses(route)) {
      responses[String(status)] = {
        description: ERROR_DESCRIPTIONS[status] ?? 'خطأ',
        content: { 'application/json': { schema: { $ref: COMPONENT_URI('ErrorResponse') } } },
      };
    }
    const parameters = parametersOf(route);
    const operation: Record<string, unknown> = {
      operationId: operationIdOf(route),
      tags: [route.tag],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      'x-access': route.access,
      security: route.access === 'public' ? [] : [{ session: [] }, { bearer: [] }],
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: !route.bodyOptional,
              content: { 'application/json': { schema: inputSchema(route.body) } },
            },
          }
        : route.rawBody
          ? {
              requestBody: {
                required: true,
                description: route.rawBody.description,
                content: rawContent(route.rawBody),
              },
            }
          : {}),
      responses,
    };
    (paths[route.path] ??= {})[route.method] = operation;
  }

  // A route's answer stays a component only when some other schema refers to it.
  const serialized = JSON.stringify({ paths, answers });
  const schemas = Object.fromEntries(
    Object.entries(answers).filter(
      ([id]) => id in COMPONENTS || serialized.includes(`"${COMPONENT_URI(id)}"`),
    ),
  );
  const tags = [...new Set(routes.map((route) => route.tag))].map((name) => ({
    name,
    'x-displayName': TAGS[name]?.title ?? name,
    description: TAGS[name]?.description ?? name,
  }));

  return {
    openapi: '3.1.0',
    info: {
      title: 'Warraq API',
      version,
      description:
        'واجهة المنصة البرمجية. تُعرّف المتصفحات بملف تعريف الجلسة `warraq_sid`، والعملاء الآخرون برمز الدخول الذي يصدره تسجيل الدخول. كل خطأ يجيب بـ `ErrorResponse`.',
    },
    tags,
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'warraq_sid' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}
