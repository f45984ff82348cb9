export * from './api-routes.js';
export * from './openapi-document.js';
