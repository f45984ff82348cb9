import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from './config/app-config';
import { WorkerModule } from './worker.module';

/**
 * Second entry point: BullMQ consumers. On SIGTERM/SIGINT Nest's shutdown hooks close the workers
 * (the running chapter finishes, or is handed back past its grace period), then the ORM and Redis,
 * and the process exits 0.
 */
async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config));
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  await app.init();
  console.log(`worker ${config.instanceId} running (queues: maintenance, ingest, follows, novel-import)`);
}

bootstrap().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
