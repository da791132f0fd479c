import { authorLabel, FELLOW_RESPONDER } from './author-label';

describe('author label', () => {
  it("marks a member's own anonymous post so he can find it, and no one else's", () => {
    expect(authorLabel({ isAnonymous: true, userName: null, isOwn: true })).toBe('Anonymous (you)');
    expect(authorLabel({ isAnonymous: true, userName: null, isOwn: false })).toBe('Anonymous');
    expect(authorLabel({ isAnonymous: false, userName: 'Sam', isOwn: true })).toBe('Sam');
    expect(authorLabel({ isAnonymous: false, userName: ' ', isOwn: false }, FELLOW_RESPONDER)).toBe(FELLOW_RESPONDER);
  });
});
