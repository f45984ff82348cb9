export * from './page-images.js';
export * from './png.js';
export * from './zip-builder.js';
export * from './hostile-zips.js';
export * from './chapter-files.js';
