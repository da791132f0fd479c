import { forumEngagementReport } from './forum-engagement-report';
import { onboardingAnswersReport } from './onboarding-answers-report';
import { type Report, reportProjector } from './report';
import { retentionReport } from './retention-report';
import { weeklyMoodReport } from './weekly-mood-report';

/** Every report: adding one is a new module here and a line in this list. */
export const REPORTS: readonly Report[] = [
  weeklyMoodReport,
  onboardingAnswersReport,
  retentionReport,
  forumEngagementReport,
];

/** The reports as projectors, so the query service keeps them up to date like any read model. */
export const REPORT_PROJECTORS = REPORTS.map((report) => reportProjector(report));
