import { Migration } from '@mikro-orm/migrations';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
const SERVICE_TYPES = list(['core', 'manga', 'novel', 'game', 'users', 'cdn']);
const SERVICE_STATUSES = list(['active', 'degraded', 'inactive']);
const SSL_STATUSES = list(['valid', 'expired', 'pending']);
const DOMAIN_STATUSES = list(['active', 'inactive']);
const ERROR_SOURCES = list(['error', 'unhandledrejection', 'console']);

/** The admin area's registry (services, domains), client error reports and the media ledger (issue 5). */
export class Migration20251230000000_system extends Migration {
  override name = 'Migration20251230000000_system';

  override up(): void {
    this.addSql(`
      create table "service" (
        "id" serial primary key,
        "name" varchar(100) not null,
        "type" varchar(16) not null,
        "status" varchar(16) not null,
        "url" varchar(500) not null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "service_type_check" check ("type" in (${SERVICE_TYPES})),
        constraint "service_status_check" check ("status" in (${SERVICE_STATUSES}))
      );`);
    this.addSql(`create unique index "service_name_lower_unique" on "service" (lower("name"));`);

    this.addSql(`
      create table "domain" (
        "id" serial primary key,
        "name" varchar(253) not null,
        "service_id" int null references "service" ("id") on update cascade on delete set null,
        "is_primary" boolean not null default false,
        "ssl_status" varchar(16) not null,
        "status" varchar(16) not null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "domain_ssl_status_check" check ("ssl_status" in (${SSL_STATUSES})),
        constraint "domain_status_check" check ("status" in (${DOMAIN_STATUSES}))
      );`);
    this.addSql(`create unique index "domain_name_unique" on "domain" ("name");`);
    // At most one primary domain.
    this.addSql(`create unique index "domain_primary_unique" on "domain" ("is_primary") where "is_primary";`);
    this.addSql(`create index "domain_service_index" on "domain" ("service_id");`);

    this.addSql(`
      create table "client_error" (
        "id" serial primary key,
        "message" varchar(2000) not null,
        "stack" varchar(8000) null,
        "path" varchar(2000) not null,
        "source" varchar(24) not null,
        "user_agent" varchar(500) null,
        "user_id" int null references "user" ("id") on update cascade on delete set null,
        "created_at" timestamptz not null default now(),
        constraint "client_error_source_check" check ("source" in (${ERROR_SOURCES}))
      );`);
    this.addSql(`create index "client_error_created_index" on "client_error" ("created_at" desc, "id" desc);`);

    // One row per stored media object, kept by the storage wrapper, so the dashboard's byte total is a
    // sum rather than a walk over the store.
    this.addSql(`
      create table "media_object" (
        "key" varchar(80) primary key,
        "bytes" bigint not null,
        "created_at" timestamptz not null default now()
      );`);
  }

  override down(): void {
    this.addSql(`drop table if exists "media_object";`);
    this.addSql(`drop table if exists "client_error";`);
    this.addSql(`drop table if exists "domain";`);
    this.addSql(`drop table if exists "service";`);
  }
}
