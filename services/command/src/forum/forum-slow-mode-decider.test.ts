import type { ForumSlowModeSet, SlowModePostCounted } from '@reflections/contracts/forum-slow-mode';
import { deciderSpecification } from '@reflections/platform/testing/decider-specification';
import { boardSettingsDecider, type CountPost, pacingDecider, type SetSlowMode } from './forum-slow-mode-decider';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 26, 12, 0, seconds)).toISOString();

describe('a board’s slow mode', () => {
  const { given } = deciderSpecification(boardSettingsDecider);
  const set = (seconds: number, reason = 'A heated evening'): SetSlowMode => ({
    type: 'SetSlowMode',
    board: 'campfire',
    seconds,
    reason,
    adminId: 'a1',
    now: at(0),
  });
  const wasSet = (seconds: number, reason = 'A heated evening'): ForumSlowModeSet => ({
    type: 'ForumSlowModeSet',
    data: { board: 'campfire', seconds, reason, adminId: 'a1', at: at(0) },
  });

  it('records who set it, when and why', () => {
    given().when(set(30)).then(wasSet(30));
  });

  it('records a change and turning it off, each with its reason', () => {
    given(wasSet(30)).when(set(3600, 'Spam wave')).then(wasSet(3600, 'Spam wave'));
    given(wasSet(30)).when(set(0, 'Calm again')).then(wasSet(0, 'Calm again'));
  });

  it('appends nothing when the board is already so: nothing changed', () => {
    given(wasSet(30)).when(set(30)).then();
    given().when(set(0)).then();
  });
});

describe('a member’s pace on a board in slow mode', () => {
  const { given } = deciderSpecification(pacingDecider);
  const post = (second: number, seconds = 30): CountPost => ({
    type: 'CountPost',
    board: 'campfire',
    memberId: 'm1',
    seconds,
    now: at(second),
  });
  const counted = (second: number): SlowModePostCounted => ({
    type: 'SlowModePostCounted',
    data: { board: 'campfire', memberId: 'm1', at: at(second) },
  });

  it('counts his first post', () => {
    given().when(post(0)).then(counted(0));
  });

  it('refuses a post sooner than the slow mode allows, saying how many seconds are left', () => {
    given(counted(0)).when(post(8)).thenRejects({ reason: 'SlowMode', waitSeconds: 22 });
  });

  it('rounds the wait up, so he is never told to wait 0 seconds and then refused', () => {
    given(counted(0))
      .when({ ...post(0), now: new Date(Date.parse(at(29)) + 500).toISOString() })
      .thenRejects({ reason: 'SlowMode', waitSeconds: 1 });
  });

  it('counts a post once the time has passed', () => {
    given(counted(0)).when(post(30)).then(counted(30));
  });

  it('measures from his last counted post with the slow mode set now', () => {
    given(counted(0), counted(40)).when(post(50, 10)).then(counted(50));
    given(counted(0), counted(40)).when(post(50, 60)).thenRejects({ reason: 'SlowMode', waitSeconds: 50 });
  });
});
