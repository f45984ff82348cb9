import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ConnectionCounterService } from './connection-counter.service';
import { IngestProgressRelay } from './ingest-progress.relay';
import { RealtimeGateway } from './realtime.gateway';

@Module({
  imports: [AuthModule],
  providers: [ConnectionCounterService, RealtimeGateway, IngestProgressRelay],
})
export class RealtimeModule {}
