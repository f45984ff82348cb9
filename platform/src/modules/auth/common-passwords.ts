/**
 * About two hundred of the most used passwords (public breach-frequency lists), compared case-
 * insensitively. Only entries of at least the minimum length (6) can matter; shorter ones fail first.
 */
const COMMON_PASSWORDS_LIST = [
  '123456', '123456789', '12345678', 'password', 'qwerty123', 'qwerty1', '111111', '12345', 'col123456',
  '123123', '1234567', '1234', '1234567890', '000000', '555555', '666666', '123321', '654321', '7777777',
  '123', 'd1lakiss', '777777', '110110jp', '1111', '987654321', '121212', 'gizli', 'abc123', '112233',
  'azerty', '159753', '1q2w3e4r', '54321', 'pass@123', '222222', 'qwertyuiop', 'qwerty', '123654',
  'iloveyou', 'a123456', '1q2w3e', 'password1', '123123123', 'admin', 'admin123', 'administrator',
  'welcome', 'welcome1', 'monkey', 'dragon', 'letmein', 'football', 'baseball', 'sunshine', 'princess',
  'master', 'shadow', 'superman', 'batman', 'trustno1', 'hello123', 'freedom', 'whatever', 'qazwsx',
  'michael', 'jennifer', 'jordan23', 'mustang', 'access', 'starwars', 'passw0rd', 'p@ssw0rd',
  'p@ssword', 'password123', 'password12', 'password!', 'changeme', 'secret', 'secret123', 'zaq12wsx',
  '1qaz2wsx', 'asdfgh', 'asdfghjkl', 'zxcvbnm', 'zxcvbn', 'qweasd', 'qweasdzxc', 'q1w2e3r4', 'q1w2e3r4t5',
  '1q2w3e4r5t', '1qazxsw2', 'aa123456', 'aa12345678', 'abc12345', 'abcd1234', 'abcdef', 'abcdefg',
  'abcdefgh', 'computer', 'internet', 'killer', 'charlie', 'donald', 'flower', 'hottie', 'loveme',
  'lovely', 'login', 'master123', 'ninja', 'pokemon', 'qwerty12', 'qwe123', 'qwer1234', 'samsung',
  'soccer', 'summer', 'test123', 'test1234', 'testing', 'user', 'user123', 'xxxxxx', 'yankees', '11111111',
  '00000000', '88888888', '99999999', '12341234', '11223344', '147258369', '147258', '741852963', '789456',
  '789456123', '456789', '987654', '1111111', '11111', '696969', '123qwe', '123abc', '123456a',
  '123456q', '1234qwer', '1234abcd', 'a1b2c3', 'a1b2c3d4', 'iloveyou1', 'iloveu', 'love123', 'loveyou',
  'angel', 'angel1', 'babygirl', 'buster', 'chelsea', 'cookie', 'daniel', 'family', 'ginger', 'hannah',
  'hunter', 'jessica', 'jesus1', 'joshua', 'liverpool', 'maggie', 'matrix', 'michelle', 'naruto',
  'nicole', 'orange', 'pepper', 'purple', 'robert', 'thomas', 'tigger', 'victoria', 'william', 'yellow',
  'zxc123', 'google', 'facebook', 'instagram', 'whatsapp', 'minecraft', 'fortnite', 'anime123', 'manga123',
  'onepiece', 'letmein1', 'welcome123', 'hello1', 'hello', 'myspace1', 'default', 'guest', 'root',
  'toor', 'server', 'warraq', 'warraq123', 'mohammed', 'mohamed', 'ahmed123', 'ali123', 'allah',
  'bismillah', 'pakistan', 'egypt123', 'saudi123', 'asd123', 'asdasd', 'asdf1234', 'qwertz', 'azertyuiop',
] as const;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON_PASSWORDS_LIST.map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
