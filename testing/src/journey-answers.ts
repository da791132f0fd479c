import type { OnboardingAnswers } from '@reflections/contracts/identity';

/** A whole set of journey answers (docs/product.md#journey), with what a test needs changed. */
export const journeyAnswers = (overrides: Partial<OnboardingAnswers> = {}): OnboardingAnswers => ({
  gender: 'Male',
  age: '32–40',
  innerLandscape: 'storm',
  voiceInHead: 'critic',
  presenceInRoom: 'smooth',
  returnToSelf: ['nature'],
  seeking: 'calm',
  emotionRegulation: 'push-down',
  wishOthersKnew: 'That I am trying harder than it looks.',
  futureMessage: 'Keep going.',
  invisibleWeight: 'providing',
  innerStrength: 'loyalty',
  emotionalWall: 'burden',
  peaceMeans: 'quiet-mind',
  coreDrive: 'harmony',
  ...overrides,
});
