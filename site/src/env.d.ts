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
    /**
     * The page is a public document (lib/site/public-documents.ts): rendered as a guest's whatever
     * cookie came, and its platform calls go without the cookie. Cleared when the page falls back to
     * rendering for the reader (a series only its creator or staff may see).
     */
    publicDocument: boolean;
  }
}
