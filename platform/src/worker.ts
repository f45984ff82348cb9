import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from './config/app-config';
import { WorkerModule } from './worker.module';

/**
 * Second entry point: BullMQ consumers. On SIGTERM/SIGINT Nest's shutdown hooks close the workers
 * (letting running jobs finish), the ORM and the Redis connection.
 */
async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config));
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  await app.init();
  console.log(`worker ${config.instanceId} running (queues: maintenance)`);
}

bootstrap().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
