import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  type MarkNotificationsReadBody,
  MarkNotificationsReadBodySchema,
  type NotificationListQuery,
  NotificationListQuerySchema,
  type NotificationListResponse,
} from '@warraq/contracts';
import { Authenticated } from '../../common/decorators/access.decorators';
import { CurrentUser } from '../../common/decorators/current-auth.decorator';
import { ZodBody, ZodQuery } from '../../common/pipes/zod-validation.pipe';
import type { User } from '../users/user.entity';
import { NotificationsService } from './notifications.service';

/** The signed-in user's own notifications; nobody reads or marks anyone else's. */
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @Authenticated()
  list(
    @CurrentUser() user: User,
    @ZodQuery(NotificationListQuerySchema) query: NotificationListQuery,
  ): Promise<NotificationListResponse> {
    return this.notifications.list(user.id, query);
  }

  @Post('read')
  @HttpCode(200)
  @Authenticated()
  async markRead(
    @CurrentUser() user: User,
    @ZodBody(MarkNotificationsReadBodySchema) body: MarkNotificationsReadBody,
  ): Promise<{ success: true; unread: number }> {
    return { success: true, unread: await this.notifications.markRead(user.id, body) };
  }
}
