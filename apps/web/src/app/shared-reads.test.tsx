import type { SegmentSummary } from '@revlane/contracts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiClientsProvider, createQueryClient } from '@/common/api';
import { AppConfigProvider } from '@/common/config';
import { LocalSettingsProvider } from '@/common/local-settings';
import { sharedKeys } from '@/common/queries';
import { AlertMeButton } from '@/features/alerts';
import { cohortsKeys } from '@/features/cohorts';
import { AppSidebar } from '@/features/navigation';
import { PlaysPage } from '@/features/plays';
import { profileKeys } from '@/features/profile';
import { segmentsKeys } from '@/features/segments';
import { visibleOptions } from '@/testing/antd-select';
import { describeRequests, stubApi } from '@/testing/api-stub';
import { jsonResponse } from '@/testing/fetch-stub';
import { demoSegments } from '@/testing/fixtures';
import { testConfig } from '@/testing/test-config';

const MY_SEGMENTS = 'GET /live-ops/api/v1/segments/me';
// A sidebar and an antd dialog with selects: like the route renders, slow on a busy machine.
const SLOW_MS = 30_000;
const getAccessToken = () => Promise.resolve('test-token');

/**
 * Readers of `GET segments/me` from different features, side by side on one QueryClient the
 * way the app shell shows them: the sidebar (navigation) and a form (alerts or plays).
 */
function renderReaders(form: ReactNode) {
  let segments: SegmentSummary[] = demoSegments;
  const stub = stubApi({ [MY_SEGMENTS]: () => jsonResponse(200, { data: segments }) });
  const queryClient: QueryClient = createQueryClient();
  render(
    <AppConfigProvider config={testConfig}>
      <LocalSettingsProvider>
        <QueryClientProvider client={queryClient}>
          <ApiClientsProvider
            services={testConfig.services}
            getAccessToken={getAccessToken}
            impersonatedUserId={null}
          >
            <ConfigProvider theme={{ token: { motion: false } }} virtual={false}>
              <MemoryRouter initialEntries={['/app/segments/seg-1']}>
                <AppSidebar
                  user={{ name: 'Ada Lovelace', photo: null }}
                  onSignOut={() => {}}
                  onCreateSegment={() => {}}
                />
                {form}
              </MemoryRouter>
            </ConfigProvider>
          </ApiClientsProvider>
        </QueryClientProvider>
      </LocalSettingsProvider>
    </AppConfigProvider>,
  );
  const segmentReads = () => describeRequests(stub.requests).filter((r) => r === MY_SEGMENTS);
  /** What a segment edit does: the server's list changes and the segments' key is invalidated. */
  const renameFirstSegment = (name: string) => {
    segments = segments.map((segment, index) => (index === 0 ? { ...segment, name } : segment));
    return queryClient.invalidateQueries({ queryKey: segmentsKeys.mine() });
  };
  return { segmentReads, renameFirstSegment };
}

async function openSegmentChoices(dialogTitle: string) {
  const title = await screen.findByText(dialogTitle, { selector: '.ant-modal-title' });
  const dialog = title.closest<HTMLElement>('.ant-modal')!;
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Segment' }));
}

// Issue 22 (item 6): the sidebar, the segments pages and the plays and alerts forms once read
// the segment list under four keys, so an edit refreshed only some of them.
describe('GET segments/me: one query for every reader', () => {
  it.each([
    {
      reader: 'the alerts form',
      form: <AlertMeButton segmentId="seg-1" cohortId="cohort-1" />,
      open: 'Alert me',
      dialog: 'New alert',
    },
    {
      reader: 'the plays form',
      form: <PlaysPage canEdit />,
      open: 'New play',
      dialog: 'New play',
    },
  ])(
    'the sidebar and $reader share one request and refresh on one invalidation',
    async ({ form, open, dialog }) => {
      const { segmentReads, renameFirstSegment } = renderReaders(form);
      const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
      expect(await within(sidebar).findByText('Active accounts')).toBeInTheDocument();

      await userEvent.click(await screen.findByRole('button', { name: open }));
      await openSegmentChoices(dialog);
      await waitFor(() => expect(visibleOptions()).toEqual(['Active accounts', 'Churn risk']));
      // The form found the list the sidebar had read: no request of its own.
      expect(segmentReads()).toHaveLength(1);

      await renameFirstSegment('Key accounts');
      await waitFor(() => expect(visibleOptions()).toEqual(['Key accounts', 'Churn risk']));
      expect(within(sidebar).getByText('Key accounts')).toBeInTheDocument();
      expect(within(sidebar).queryByText('Active accounts')).not.toBeInTheDocument();
      expect(segmentReads()).toHaveLength(2);
    },
    SLOW_MS,
  );

  it("keeps each shared key under its owner's prefix, so the owner's invalidations reach it", () => {
    expect(segmentsKeys.mine()).toEqual(sharedKeys.mySegments());
    expect(sharedKeys.mySegments().slice(0, 1)).toEqual(segmentsKeys.all);
    expect(sharedKeys.segment('s').slice(0, 1)).toEqual(segmentsKeys.all);
    expect(sharedKeys.columns('t').slice(0, 1)).toEqual(segmentsKeys.all);
    expect(sharedKeys.segmentCohorts('s').slice(0, 1)).toEqual(cohortsKeys.all);
    expect(sharedKeys.slackChannels().slice(0, 1)).toEqual(profileKeys.all);
  });
});
