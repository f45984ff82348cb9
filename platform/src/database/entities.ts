import { ApiTokenSchema } from '../modules/auth/api-token.entity';
import { UserSchema } from '../modules/users/user.entity';

/** Every entity schema the ORM knows about. */
export const ENTITIES = [UserSchema, ApiTokenSchema];
