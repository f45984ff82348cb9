import { MikroOrmModule } from '@mikro-orm/nestjs';
import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { RedisModule } from './common/redis/redis.module';
import { mikroOrmConfig } from './database/mikro-orm.config';
import { TransactionsModule } from './database/transactions';
import { bullConnection, bullPrefix } from './jobs/bullmq-connection';
import { FollowsWorkerModule } from './modules/follows/follows.module';
import { IngestWorkerModule } from './modules/ingest/ingest-worker.module';
import { MaintenanceModule } from './modules/maintenance/maintenance.module';
import { NovelTextWorkerModule } from './modules/novel-text/novel-text-worker.module';
import { MediaStorageModule } from './modules/media/media-storage.module';

/** The BullMQ worker process: no HTTP, no request context (processors fork their own EM). */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        MikroOrmModule.forRoot({ ...mikroOrmConfig(config), registerRequestContext: false }),
        RedisModule,
        TransactionsModule,
        BullModule.forRoot({ connection: bullConnection(config), prefix: bullPrefix(config) }),
        MaintenanceModule,
        MediaStorageModule,
        IngestWorkerModule,
        FollowsWorkerModule,
        NovelTextWorkerModule,
      ],
    };
  }
}
