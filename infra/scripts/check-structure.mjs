#!/usr/bin/env node
// Proves the structure docs/architecture.md describes, by reading the source (run by `npm run check`):
//   1. no folder-level import cycle among platform/src/modules/* (see LEAF_FILES for the one exception);
//   2. contracts/src imports nothing but zod (and its own files); the site never imports the platform;
//   3. queries live only in *.repository.ts (and *.sql.ts text); the database folder's own wiring,
//      migrations and seeders excepted;
//   4. every table the migrations create has an entity, whose folder is the module that owns it, and a
//      repository writes (insert, update, delete) only tables its own module owns.
// Exits 1 with one line per violation.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MODULES = path.join(ROOT, 'platform/src/modules');

/**
 * Files any module may import without that import counting as a dependency on their folder, because
 * they import no module themselves (checked below), so no loop can run through them.
 */
const LEAF_FILES = {
  'realtime/realtime-bus.ts':
    'the publishing half of the realtime bus (a Redis publish of a typed event): users and auth close ' +
    "or reach a user's sockets through it, while the gateway, the subscribing half, authenticates " +
    'sockets with auth. Depending on the bus is depending on Redis, not on the gateway.',
  // Auth owns access (issue 12): every controller, the users module's included, declares its route and
  // reads the caller through these four files, while auth itself reads accounts through the users
  // module. They import no module, so depending on them is depending on the access vocabulary, not on
  // sessions, tokens or accounts.
  'auth/route.decorator.ts': 'the route decorator every controller uses (method, path, status, access)',
  'auth/access.decorators.ts': 'the access rules the route decorator applies',
  'auth/current-auth.decorator.ts': "the caller as the guard resolved it, for a controller's parameters",
  'auth/request-auth.ts': "the request's identity value (AuthUser), a type services take",
};

/** Files outside repositories that may hold an EntityManager or the MikroORM instance, and why. */
const ORM_HOLDERS = {
  'platform/src/app.module.ts': 'registers MikroORM for the API',
  'platform/src/worker.module.ts': 'registers MikroORM for the worker',
  'platform/src/modules/realtime/realtime.gateway.ts': 'opens a request context to authenticate a socket',
  'platform/src/modules/reactions/page-state.route.ts':
    'opens a request context for a bearer token, served ahead of the ORM middleware',
  'platform/src/modules/media/media-storage.module.ts': "builds the media ledger's repository in a factory",
};

/** Calls that query or write the database. */
const QUERY_CALL =
  /\.(execute|getConnection|createQueryBuilder|qb|getKnex|nativeDelete|nativeUpdate|nativeInsert|transactional)\s*[<(]|\bem\.(find\w*|count|create|persist|flush|remove|assign|upsert\w*|insert\w*|populate)\s*[<(]/;

const problems = [];
const rel = (file) => path.relative(ROOT, file);

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.astro', '.turbo'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|mts|mjs|js|astro)$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** Every module specifier a file imports or re-exports, statically or dynamically. */
function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const found = [];
  const patterns = [
    /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /(?:^|[\s;])import\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1]);
  return found;
}

/** A relative specifier as the file it names (TypeScript's .js-for-.ts spelling included). */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(js|mjs)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${base}.ts`, `${base}/index.ts`]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return base;
}

const moduleOf = (file) => {
  const inside = path.relative(MODULES, file);
  return inside.startsWith('..') ? null : inside.split(path.sep)[0];
};

// 1. Folder-level cycles among the platform's modules.
const platformFiles = walk(path.join(ROOT, 'platform/src'));
const edges = new Map();
for (const file of platformFiles) {
  const from = moduleOf(file);
  for (const specifier of importsOf(file)) {
    const target = resolve(file, specifier);
    if (!target) continue;
    const to = moduleOf(target);
    if (!to) continue;
    if (from && from !== to && LEAF_FILES[path.relative(MODULES, target)] === undefined) {
      if (!edges.has(from)) edges.set(from, new Map());
      edges.get(from).set(to, `${rel(file)} → ${rel(target)}`);
    }
  }
}
for (const leaf of Object.keys(LEAF_FILES)) {
  const file = path.join(MODULES, leaf);
  if (!fs.existsSync(file)) problems.push(`leaf file ${leaf} listed in check-structure.mjs does not exist`);
  else
    for (const specifier of importsOf(file)) {
      const target = resolve(file, specifier);
      if (target && moduleOf(target) && moduleOf(target) !== moduleOf(file))
        problems.push(`${leaf} is listed as a leaf but imports ${rel(target)}`);
    }
}
// Tarjan's strongly connected components: any component of two or more modules is a loop.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
let counter = 0;
function connect(node) {
  index.set(node, counter);
  low.set(node, counter++);
  stack.push(node);
  onStack.add(node);
  for (const next of edges.get(node)?.keys() ?? []) {
    if (!index.has(next)) {
      connect(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
  }
  if (low.get(node) !== index.get(node)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== node);
  if (component.length > 1) {
    const inLoop = new Set(component);
    const via = component.flatMap((m) =>
      [...(edges.get(m) ?? [])].filter(([to]) => inLoop.has(to)).map(([to, why]) => `${m} → ${to} (${why})`),
    );
    problems.push(`module import loop: ${component.sort().join(', ')}\n    ${via.join('\n    ')}`);
  }
}
for (const node of edges.keys()) if (!index.has(node)) connect(node);

// 2. Package boundaries.
for (const file of walk(path.join(ROOT, 'contracts/src'))) {
  for (const specifier of importsOf(file)) {
    const inside =
      specifier.startsWith('.') &&
      !path.relative(path.join(ROOT, 'contracts/src'), resolve(file, specifier)).startsWith('..');
    if (specifier !== 'zod' && !inside)
      problems.push(`${rel(file)} imports ${specifier}: contracts may import only zod`);
  }
}
for (const file of walk(path.join(ROOT, 'site/src'))) {
  for (const specifier of importsOf(file)) {
    const target = resolve(file, specifier);
    const intoPlatform = target && !path.relative(path.join(ROOT, 'platform'), target).startsWith('..');
    if (specifier.startsWith('@warraq/platform') || intoPlatform)
      problems.push(`${rel(file)} imports ${specifier}: the site talks to the platform over HTTP only`);
  }
}

// 3. Queries only in repositories.
const isRepository = (file) => /\.(repository|sql)\.ts$/.test(file);
for (const file of platformFiles) {
  const name = rel(file);
  if (isRepository(file) || name.startsWith('platform/src/database/') || name.endsWith('.spec.ts')) continue;
  const text = fs.readFileSync(file, 'utf8');
  text.split('\n').forEach((line, at) => {
    if (QUERY_CALL.test(line))
      problems.push(`${name}:${at + 1} queries outside a repository: ${line.trim()}`);
  });
  if (/import[^;]*\b(EntityManager|MikroORM)\b[^;]*from\s*'@mikro-orm\//.test(text) && !ORM_HOLDERS[name])
    problems.push(`${name} holds an EntityManager outside a repository`);
}

// 4. Tables: an entity each, owned by the entity's module, written only by that module's repositories.
const owner = new Map();
for (const file of platformFiles) {
  if (!/\.entit(y|ies)\.ts$/.test(file)) continue;
  for (const match of fs.readFileSync(file, 'utf8').matchAll(/tableName:\s*'([a-z_]+)'/g))
    owner.set(match[1], moduleOf(file));
}
const migrations = path.join(ROOT, 'platform/src/database/migrations');
for (const file of fs.readdirSync(migrations)) {
  for (const match of fs
    .readFileSync(path.join(migrations, file), 'utf8')
    .matchAll(/create table "([a-z_]+)"/g))
    if (!owner.has(match[1])) problems.push(`table ${match[1]} (${file}) has no entity, so no owner module`);
}
for (const file of platformFiles.filter(isRepository)) {
  const mine = moduleOf(file);
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(/\b(insert\s+into|update|delete\s+from)\s+("?)([a-z_]+|\$\{)/gi)) {
    const table = match[3];
    if (table === '${') problems.push(`${rel(file)}: a write to a computed table name cannot be checked`);
    else if (owner.has(table) && owner.get(table) !== mine)
      problems.push(`${rel(file)} writes ${table}, which the ${owner.get(table)} module owns`);
  }
}

if (problems.length > 0) {
  console.error(`structure check: ${problems.length} problem(s)\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
const modules = fs.readdirSync(MODULES, { withFileTypes: true }).filter((e) => e.isDirectory()).length;
const leaves = Object.keys(LEAF_FILES).length;
console.log(
  `structure check: ${modules} modules without import loops (${leaves} leaf file excepted), ` +
    `${owner.size} tables each owned and written by one module, queries only in repositories`,
);
