import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ConnectionCounterService } from './connection-counter.service';
import { RealtimeBusModule } from './realtime-bus';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeRelay } from './realtime.relay';

@Module({
  imports: [AuthModule, RealtimeBusModule],
  providers: [ConnectionCounterService, RealtimeGateway, RealtimeRelay],
  exports: [ConnectionCounterService],
})
export class RealtimeModule {}
