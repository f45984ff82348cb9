import { z } from 'zod';
import { listResponseSchema, pageNumber } from '../common/list.schemas.js';
import { CLIENT_ERROR_SOURCES, SYSTEM_LIMITS } from './system.constants.js';

/** Spec §3 Service and Domain. */
export const SERVICE_TYPES = ['core', 'manga', 'novel', 'game', 'users', 'cdn'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const SERVICE_STATUSES = ['active', 'degraded', 'inactive'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];
export const SSL_STATUSES = ['valid', 'expired', 'pending'] as const;
export type SslStatus = (typeof SSL_STATUSES)[number];
export const DOMAIN_STATUSES = ['active', 'inactive'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];
/** Spec §3 health data: a service is healthy, degraded, otherwise unknown. */
export const HEALTH_STATES = ['healthy', 'degraded', 'unknown'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

/** Spec §8 service and domain toasts and the forms' §5 rules, in Arabic like the rest of the interface (the spec's are English; issue 15). */
export const SYSTEM_MESSAGES = {
  nameRequired: 'الاسم مطلوب',
  urlRequired: 'الرابط مطلوب',
  urlInvalid: 'أدخل رابط http(s) صالحًا',
  domainInvalid: 'أدخل اسم نطاق صالحًا',
  serviceNotFound: 'الخدمة غير موجودة',
  domainNotFound: 'النطاق غير موجود',
  serviceNameTaken: 'توجد خدمة بهذا الاسم',
  domainNameTaken: 'هذا النطاق موجود',
  unknownService: 'لا توجد خدمة كهذه',
  serviceCreated: 'تمت إضافة الخدمة',
  serviceUpdated: 'تم تحديث الخدمة',
  serviceDeleted: 'تم حذف الخدمة',
  domainCreated: 'تمت إضافة النطاق',
  domainUpdated: 'تم تحديث النطاق',
  domainDeleted: 'تم حذف النطاق',
  primaryLocked: 'لا يُغيَّر النطاق الأساسي من هنا',
  genericError: 'حدث خطأ',
} as const;

const name = z
  .string({ error: SYSTEM_MESSAGES.nameRequired })
  .trim()
  .min(1, SYSTEM_MESSAGES.nameRequired)
  .max(SYSTEM_LIMITS.nameMax);

const serviceUrl = z
  .string({ error: SYSTEM_MESSAGES.urlRequired })
  .trim()
  .min(1, SYSTEM_MESSAGES.urlRequired)
  .max(SYSTEM_LIMITS.urlMax, SYSTEM_MESSAGES.urlInvalid)
  .pipe(z.url({ protocol: /^https?$/, error: SYSTEM_MESSAGES.urlInvalid }));

// Lower-case labels of letters, digits and hyphens, dot-separated (IDN in punycode).
const DOMAIN_PATTERN =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const domainName = z
  .string({ error: SYSTEM_MESSAGES.nameRequired })
  .trim()
  .toLowerCase()
  .min(1, SYSTEM_MESSAGES.nameRequired)
  .max(SYSTEM_LIMITS.domainMax, SYSTEM_MESSAGES.domainInvalid)
  .regex(DOMAIN_PATTERN, SYSTEM_MESSAGES.domainInvalid);

export const ServiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(SERVICE_TYPES),
  status: z.enum(SERVICE_STATUSES),
  url: z.string(),
  created_at: z.string(),
});
export type Service = z.infer<typeof ServiceSchema>;

/** POST body; spec §2 defaults: type core, status active. */
export const CreateServiceBodySchema = z
  .object({
    name,
    url: serviceUrl,
    type: z.enum(SERVICE_TYPES, { error: 'نوع غير صالح' }).default('core'),
    status: z.enum(SERVICE_STATUSES, { error: 'حالة غير صالحة' }).default('active'),
  })
  .strict();
export type CreateServiceBody = z.input<typeof CreateServiceBodySchema>;
/** PUT body: any subset of the fields. */
export const UpdateServiceBodySchema = z
  .object({
    name: name.optional(),
    url: serviceUrl.optional(),
    type: z.enum(SERVICE_TYPES, { error: 'نوع غير صالح' }).optional(),
    status: z.enum(SERVICE_STATUSES, { error: 'حالة غير صالحة' }).optional(),
  })
  .strict();
export type UpdateServiceBody = z.input<typeof UpdateServiceBodySchema>;

export const ServiceListResponseSchema = z.object({ success: z.literal(true), data: z.array(ServiceSchema) });
export type ServiceListResponse = z.infer<typeof ServiceListResponseSchema>;
export const ServiceResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ServiceSchema,
});
export type ServiceResponse = z.infer<typeof ServiceResponseSchema>;

export const DomainSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  service_id: z.number().int().nullable(),
  /** The linked service's name, for the table's Service column. */
  service_name: z.string().nullable(),
  is_primary: z.boolean(),
  ssl_status: z.enum(SSL_STATUSES),
  status: z.enum(DOMAIN_STATUSES),
  created_at: z.string(),
});
export type Domain = z.infer<typeof DomainSchema>;

const serviceId = z.number({ error: SYSTEM_MESSAGES.unknownService }).int().positive().nullable();

/** POST body; spec §2 defaults: ssl valid, status active, not primary, no service. */
export const CreateDomainBodySchema = z
  .object({
    name: domainName,
    service_id: serviceId.default(null),
    is_primary: z.literal(false, { error: SYSTEM_MESSAGES.primaryLocked }).default(false),
    ssl_status: z.enum(SSL_STATUSES, { error: 'Invalid SSL status' }).default('valid'),
    status: z.enum(DOMAIN_STATUSES, { error: 'حالة غير صالحة' }).default('active'),
  })
  .strict();
export type CreateDomainBody = z.input<typeof CreateDomainBodySchema>;
export const UpdateDomainBodySchema = z
  .object({
    name: domainName.optional(),
    service_id: serviceId.optional(),
    ssl_status: z.enum(SSL_STATUSES, { error: 'Invalid SSL status' }).optional(),
    status: z.enum(DOMAIN_STATUSES, { error: 'حالة غير صالحة' }).optional(),
  })
  .strict();
export type UpdateDomainBody = z.input<typeof UpdateDomainBodySchema>;

export const DomainListResponseSchema = z.object({ success: z.literal(true), data: z.array(DomainSchema) });
export type DomainListResponse = z.infer<typeof DomainListResponseSchema>;
export const DomainResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: DomainSchema,
});
export type DomainResponse = z.infer<typeof DomainResponseSchema>;

export const SystemIdParamSchema = z.object({
  id: z.coerce
    .number({ error: 'معرّف غير صالح' })
    .int('معرّف غير صالح')
    .positive('معرّف غير صالح')
    .max(2 ** 31 - 1),
});

export const DeleteResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type DeleteResponse = z.infer<typeof DeleteResponseSchema>;

/** `GET /api/system/version`: the build's version (site footer, API docs panel). */
export const VersionResponseSchema = z.object({ version: z.string() });
export type VersionResponse = z.infer<typeof VersionResponseSchema>;
/** `GET /api/system/ping`: liveness, for start-up scripts. */
export const PingResponseSchema = z.object({ ok: z.literal(true) });
/** The OpenAPI document itself: described by the OpenAPI 3.1 specification, not repeated here. */
export const OpenApiResponseSchema = z.record(z.string(), z.unknown());

/** One probe of `GET /api/system/health`. */
export const ComponentHealthSchema = z.object({
  name: z.string(),
  status: z.enum(HEALTH_STATES),
  /** How long the probe took, in ms (null when it did not answer). */
  latencyMs: z.number().nullable(),
  /** What was measured: e.g. "3 jobs waiting", "last beat 4 s ago". */
  detail: z.string().nullable(),
});
export type ComponentHealth = z.infer<typeof ComponentHealthSchema>;

export const HealthResponseSchema = z.object({
  /** Worst of the components: healthy only when every one is. */
  status: z.enum(HEALTH_STATES),
  checkedAt: z.string(),
  /** Platform components: database, redis, queue, worker, storage. */
  components: z.array(ComponentHealthSchema),
  /** Spec §3 health data: every registered service, from a probe of its URL. */
  services: z.array(
    ComponentHealthSchema.extend({
      id: z.number().int(),
      type: z.enum(SERVICE_TYPES),
      url: z.string(),
      configured: z.enum(SERVICE_STATUSES),
    }),
  ),
  queue: z.object({
    /** Uploads waiting for the worker. */
    waiting: z.number().int().nonnegative(),
    /** Published chapters' AVIF copies waiting behind the uploads (low-priority background work). */
    imageCopies: z.number().int().nonnegative(),
    active: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    delayed: z.number().int().nonnegative(),
  }),
  realtime: z.object({ activeConnections: z.number().int().nonnegative() }),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** `GET /api/system/stats`: the dashboard's four cards (spec §2), each computed. */
export const SystemStatsResponseSchema = z.object({
  /** Services whose configured status is active and whose probe is healthy. */
  activeServices: z.number().int().nonnegative(),
  totalServices: z.number().int().nonnegative(),
  /** API requests counted by the platform over the last 24 hours (hourly buckets). */
  apiRequests24h: z.number().int().nonnegative(),
  registeredUsers: z.number().int().nonnegative(),
  /** Bytes of every stored media object (page images, covers). */
  mediaBytes: z.number().int().nonnegative(),
  mediaObjects: z.number().int().nonnegative(),
  /** What the last run of the media garbage collector freed; null before its first run. */
  mediaSweep: z
    .object({
      finishedAt: z.string(),
      objects: z.number().int().nonnegative(),
      bytes: z.number().int().nonnegative(),
    })
    .nullable(),
  pendingContent: z.number().int().nonnegative(),
  version: z.string(),
  generatedAt: z.string(),
});
export type SystemStatsResponse = z.infer<typeof SystemStatsResponseSchema>;

/** `POST /api/system/client-errors`: a browser error, sanitised and capped. */
export const ClientErrorReportBodySchema = z
  .object({
    message: z.string().trim().min(1).max(SYSTEM_LIMITS.clientErrorMessageMax),
    stack: z.string().max(SYSTEM_LIMITS.clientErrorStackMax).optional(),
    /** The page it happened on (path and query only are kept). */
    url: z.string().max(2000),
    source: z.enum(CLIENT_ERROR_SOURCES).default('error'),
  })
  .strict();
export type ClientErrorReportBody = z.input<typeof ClientErrorReportBodySchema>;
export const ClientErrorReportResponseSchema = z.object({ success: z.literal(true) });

export const ClientErrorSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  stack: z.string().nullable(),
  path: z.string(),
  source: z.enum(CLIENT_ERROR_SOURCES),
  userAgent: z.string().nullable(),
  username: z.string().nullable(),
  created_at: z.string(),
});
export type ClientError = z.infer<typeof ClientErrorSchema>;
export const ClientErrorListQuerySchema = z.object({
  page: pageNumber(1, 100_000),
  limit: pageNumber(20, 100),
});
export const ClientErrorListResponseSchema = listResponseSchema(ClientErrorSchema);
export type ClientErrorListResponse = z.infer<typeof ClientErrorListResponseSchema>;
