export function step(message) {
  console.log(`\x1b[36m▸\x1b[0m ${message}`);
}
export function warn(message) {
  console.warn(`\x1b[33m!\x1b[0m ${message}`);
}
export function fail(message) {
  console.error(`\x1b[31m✗\x1b[0m ${message}`);
  process.exit(1);
}
