import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { PointsController } from './points.controller';
import { PointsRepository } from './points.repository';
import { PointsService } from './points.service';

/** The points ledger and its API; PointsService is exported for automatic awards (`record`). */
@Module({
  imports: [UsersModule],
  controllers: [PointsController],
  providers: [PointsRepository, PointsService],
  exports: [PointsService],
})
export class PointsModule {}
