import { Module } from '@nestjs/common';
import { ProfileController } from './profile.controller';
import { ProfileRepository } from './profile.repository';
import { ProfileService } from './profile.service';

/** Profile statistics, recent activity and badges, computed from stored activity. */
@Module({ controllers: [ProfileController], providers: [ProfileRepository, ProfileService] })
export class ProfileModule {}
