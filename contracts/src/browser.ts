// The contracts a browser may load without zod: constants, limits, and the site and path rules. The
// site's island code imports its values from here (`@warraq/contracts/browser`) rather than from the
// barrel, so the bundler can put that code into shared chunks without the barrel, which re-exports every
// schema and zod with it (issue 15). Nothing here may import a schema, a route or zod.
export * from './common/limits.js';
export * from './common/arabic-number.js';
export * from './site/site-types.js';
export * from './site/site-context.js';
export * from './site/site-info.js';
export * from './site/login-redirect.js';
export * from './site/series-paths.js';
export * from './users/user.constants.js';
export * from './users/password-strength.js';
export * from './follows/follows.constants.js';
export * from './system/system.constants.js';
export * from './content/content.constants.js';
export * from './content/arabic-search.js';
export * from './content/chapter-title.js';
export * from './novel/novel-text.constants.js';
export * from './novel/novel-text.rules.js';
export * from './novel/novel-reader.constants.js';
