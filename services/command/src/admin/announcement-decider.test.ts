import type { AnnouncementEvent } from '@reflections/contracts/announcements';
import { deciderSpecification } from '@reflections/platform/testing/decider-specification';
import { type AnnouncementCommand, announcementDecider } from './announcement-decider';

const now = '2026-11-22T10:00:00.000Z';
const published: AnnouncementEvent = {
  type: 'AnnouncementPublished',
  data: { announcementId: 'n1', title: 'Hello', body: 'A first word.', publishedBy: 'a1', publishedAt: now },
};
const withdrawn: AnnouncementEvent = {
  type: 'AnnouncementWithdrawn',
  data: { announcementId: 'n1', withdrawnBy: 'a1', withdrawnAt: now },
};
const edit: AnnouncementCommand = {
  type: 'Edit',
  announcementId: 'n1',
  title: 'Hello again',
  body: 'A second word.',
  by: 'a1',
  now,
};
const withdraw: AnnouncementCommand = { type: 'Withdraw', announcementId: 'n1', by: 'a1', now };
const { given } = deciderSpecification(announcementDecider);

describe('announcement decider', () => {
  it('publishes, edits and withdraws', () => {
    given()
      .when({ type: 'Publish', announcementId: 'n1', title: 'Hello', body: 'A first word.', by: 'a1', now })
      .then(published);
    given(published)
      .when(edit)
      .then({
        type: 'AnnouncementEdited',
        data: { announcementId: 'n1', title: 'Hello again', body: 'A second word.', editedBy: 'a1', editedAt: now },
      });
    given(published).when(withdraw).then(withdrawn);
  });

  it('knows no announcement that was never published or was withdrawn', () => {
    given().when(edit).thenRejects('NotFound');
    given(published, withdrawn).when(edit).thenRejects('NotFound');
    given(published, withdrawn).when(withdraw).thenRejects('NotFound');
  });
});
