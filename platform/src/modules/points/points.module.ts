import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { PointsController } from './points.controller';
import { PointsLedger } from './points.ledger';
import { PointsService } from './points.service';

/** The points ledger and its API; PointsLedger is exported for automatic awards. */
@Module({
  imports: [UsersModule],
  controllers: [PointsController],
  providers: [PointsLedger, PointsService],
  exports: [PointsLedger],
})
export class PointsModule {}
