import {
  ApiOutlined,
  CarryOutOutlined,
  CheckSquareOutlined,
  SendOutlined,
  SlackOutlined,
  TableOutlined,
} from '@ant-design/icons';
import type { PlayActionType } from '@revlane/contracts';
import type { ReactNode } from 'react';

/** One icon per action type, for the list and the editor. */
export const ACTION_ICONS: Record<PlayActionType, ReactNode> = {
  slack_message: <SlackOutlined />,
  salesforce_task: <CheckSquareOutlined />,
  hubspot_task: <CarryOutOutlined />,
  outreach_sequence: <SendOutlined />,
  google_sheet_append: <TableOutlined />,
  webhook: <ApiOutlined />,
};
