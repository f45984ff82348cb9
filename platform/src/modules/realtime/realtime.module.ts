import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ConnectionCounterService } from './connection-counter.service';
import { RealtimeGateway } from './realtime.gateway';

@Module({ imports: [AuthModule], providers: [ConnectionCounterService, RealtimeGateway] })
export class RealtimeModule {}
