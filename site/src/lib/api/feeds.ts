import { FEED_ROUTES } from '@warraq/contracts';
import { api } from './client';

/** When the signed-in user's reader-app token was made and last used (null: none). */
export async function fetchFeedToken() {
  return (await api(FEED_ROUTES.tokenStatus)).token;
}

/** A new token, replacing the old one; its value is in this answer only. */
export async function createFeedToken() {
  return (await api(FEED_ROUTES.createToken)).token;
}

export async function revokeFeedToken(): Promise<void> {
  await api(FEED_ROUTES.revokeToken);
}
