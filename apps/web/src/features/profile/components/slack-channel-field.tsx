import { APP_ROUTES } from '@revlane/contracts';
import { Select, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useSlackChannels } from '@/common/queries';
import { MutationButton } from '@/common/ui/mutation-button';
import { useSlackNotifications } from '../api/get-slack-notifications';
import { useSendSlackTest } from '../api/send-slack-test';
import { useUpdateSlackNotifications } from '../api/update-slack-notifications';

/** Where the user's alerts go on Slack; until Slack is connected there is nothing to pick. */
export function SlackChannelField() {
  const channels = useSlackChannels();
  const hasChannels = (channels.data?.length ?? 0) > 0;
  const settings = useSlackNotifications(hasChannels);
  const update = useUpdateSlackNotifications();
  const sendTest = useSendSlackTest();
  const channelId = settings.data?.channelId ?? null;
  const channelName = channels.data?.find((channel) => channel.id === channelId)?.name;

  if (channels.isPending) return <Skeleton.Input active block />;
  if (!hasChannels) {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="text-slate-600">Connect Slack to choose a channel</span>
        <Link to={APP_ROUTES.connections} className="font-medium">
          Go to Connections
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <label className="flex max-w-sm flex-col gap-1 text-sm font-medium text-slate-700">
        Slack channel
        <Select
          allowClear
          placeholder="No channel"
          loading={settings.isPending || update.isPending}
          value={settings.data?.channelId ?? undefined}
          options={channels.data?.map((channel) => ({
            value: channel.id,
            label: `#${channel.name}`,
          }))}
          onChange={(channelId?: string) => {
            sendTest.reset();
            void update.mutate({ channelId: channelId ?? null });
          }}
        />
      </label>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <MutationButton disabled={!channelId || update.isPending} onClick={() => sendTest.mutate()}>
          Send test message
        </MutationButton>
        {sendTest.isSuccess && (
          <span role="status" className="text-emerald-700">
            Test message sent to #{channelName ?? sendTest.data.channelId}
          </span>
        )}
        {sendTest.isError && (
          <span role="alert" className="text-red-700">
            {sendTest.error.message}
          </span>
        )}
      </div>
    </div>
  );
}
