import {
  ApiOutlined,
  NodeIndexOutlined,
  SafetyCertificateOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

interface Blurb {
  title: string;
  text: string;
  icon: ReactNode;
}

/** What the sign-in page promises (docs/product.md §1); the four titles are quoted by docs/product.md §2. */
export const MARKETING_BLURBS: readonly Blurb[] = [
  {
    title: 'Connect',
    text: 'Connect your data sources — product databases, files, spreadsheets and your CRM — in minutes.',
    icon: <ApiOutlined />,
  },
  {
    title: 'Transform',
    text: 'Transform product data by mapping it to accounts and contacts.',
    icon: <NodeIndexOutlined />,
  },
  {
    title: 'Share',
    text: 'Share qualified leads with your sales teams, right where they work.',
    icon: <ShareAltOutlined />,
  },
  {
    title: 'Data Privacy',
    text: "SOC 2 Type 1 certified. Each customer's data is stored in a separate instance, and customer data is never sold.",
    icon: <SafetyCertificateOutlined />,
  },
];
