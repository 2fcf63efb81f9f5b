import type { SegmentDetail } from '@revlane/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/testing/api-stub';
import { jsonResponse, type RecordedRequest } from '@/testing/fetch-stub';
import { storeImpersonation } from '@/testing/impersonation';
import { renderApp } from '@/testing/render-app';
import { segmentDetail } from '@/testing/segment-fixtures';

const DATA = '/live-ops/api/v1/segments/seg-1/data';
const SHOWN = ['name', 'owner_email', 'mrr'];

function openSegment(search = '') {
  let segment: SegmentDetail = { ...segmentDetail, columns: SHOWN };
  storeImpersonation();
  const stub = stubApi({
    'GET /live-ops/api/v1/segments/seg-1/cohorts': [],
    'GET /live-ops/api/v1/segments/seg-1': () => jsonResponse(200, { data: segment }),
    'PATCH /live-ops/api/v1/segments/seg-1': ({ body }) => {
      segment = { ...segment, ...(body as Partial<SegmentDetail>) };
      return jsonResponse(200, { data: segment });
    },
  });
  renderApp(`/app/segments/seg-1${search}`);
  return stub;
}

const lastDataQuery = (requests: RecordedRequest[]) => {
  const data = requests.filter((request) => new URL(request.url).pathname === DATA);
  return new URL(data.at(-1)!.url).searchParams;
};
const urlColumns = () => new URLSearchParams(window.location.search).get('columns');

async function showPlanColumn() {
  await screen.findByText('Globex');
  await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
  await userEvent.click(await screen.findByRole('checkbox', { name: /^Plan/ }));
  await waitFor(() => expect(urlColumns()).toBe(JSON.stringify([...SHOWN, 'plan'])));
}

describe('segment views are not lost (ADR 0013)', () => {
  // A flow of a column pick, a navigation and a menu over the whole route: the same 60 s as its sibling flows.
  it('opening the segment from the menu restores its last view', async () => {
    const { requests } = openSegment('?sortBy=' + encodeURIComponent('[{"field":"mrr"}]'));
    await showPlanColumn();

    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    await userEvent.click(within(sidebar).getByRole('link', { name: /Home/ }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/home'));
    const segments = within(sidebar).getByRole('menuitem', { name: 'Segments' });
    if (!within(sidebar).queryByRole('link', { name: 'Active accounts' })) {
      await userEvent.click(segments);
    }
    await userEvent.click(await within(sidebar).findByRole('link', { name: 'Active accounts' }));

    await waitFor(() => expect(urlColumns()).toBe(JSON.stringify([...SHOWN, 'plan'])));
    expect(new URLSearchParams(window.location.search).get('sortBy')).toContain('mrr');
    await waitFor(() =>
      expect(lastDataQuery(requests).get('columns')).toBe(JSON.stringify([...SHOWN, 'plan'])),
    );
  }, 60_000);

  // A flow of a column pick and a save over the whole route: the same 60 s as its sibling flows.
  it('"Save as default columns" saves them on the segment; the URL then follows it', async () => {
    const { requests } = openSegment();
    await showPlanColumn();
    await userEvent.click(await screen.findByRole('button', { name: 'Save as default columns' }));

    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'PATCH').map((r) => r.body)).toEqual([
        { columns: [...SHOWN, 'plan'] },
      ]),
    );
    await waitFor(() => expect(urlColumns()).toBeNull());
    expect(screen.queryByRole('button', { name: 'Save as default columns' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Plan' })).toBeInTheDocument(),
    );
  }, 60_000);
});
