export * from './novel-text.constants.js';
export * from './novel-text.messages.js';
export * from './novel-text.rules.js';
export * from './novel-text.structure.js';
export * from './novel-text.schemas.js';
export * from './novel-text.words.js';
export * from './novel-text.builder.js';
export * from './novel-text.html.js';
