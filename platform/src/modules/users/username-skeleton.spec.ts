import { usernameSkeleton } from './username-skeleton';

describe('usernameSkeleton', () => {
  it('gives look-alike names one skeleton, whatever their script, width or case', () => {
    const owner = usernameSkeleton('owner');
    for (const lookalike of ['\u043ewner', '0wner', '\uff4f\uff57\uff4e\uff45\uff52', 'OWNER', 'ow\u200bner'])
      expect([lookalike, usernameSkeleton(lookalike)]).toEqual([lookalike, owner]);
    expect(usernameSkeleton('\u0441\u043e\u0440\u0443')).toBe(usernameSkeleton('copy'));
    expect(usernameSkeleton('adrnin')).toBe(usernameSkeleton('admin'));
  });

  it('keeps names that only share letters apart, Arabic ones included', () => {
    expect(usernameSkeleton('owner2')).not.toBe(usernameSkeleton('owner'));
    expect(usernameSkeleton('reader')).not.toBe(usernameSkeleton('header'));
    expect(usernameSkeleton('وراق_الليل')).not.toBe(usernameSkeleton('وراق_النهار'));
    expect(usernameSkeleton('قارئ')).not.toBe(usernameSkeleton('قارب'));
  });
});
