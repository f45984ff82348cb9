/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user as the platform's session says, or null. Never taken from the browser. */
    user: import('@warraq/contracts').User | null;
    isAdmin: boolean;
    isStaff: boolean;
    /** The session cookie was there but the platform's profile answer carried no usable user. */
    noUserData: boolean;
    site: import('@/lib/site/request').RequestSite;
  }
}
