import type { Role } from '@warraq/contracts';

export interface DemoAccount {
  username: string;
  email: string;
  password: string;
  role: Role;
}

/** The local demo accounts, one per role. The seed resets their passwords, so these always work. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'owner', email: 'owner@warraq.localhost', password: 'Warraq-Owner-2025!', role: 'superadmin' },
  { username: 'admin', email: 'admin@warraq.localhost', password: 'Warraq-Admin-2025!', role: 'admin' },
  {
    username: 'moderator',
    email: 'moderator@warraq.localhost',
    password: 'Warraq-Mod-2025!',
    role: 'moderator',
  },
  { username: 'reader', email: 'reader@warraq.localhost', password: 'Warraq-Reader-2025!', role: 'reader' },
];
