import type { ThemeConfig } from 'antd';

/** Ant Design tokens matching the Tailwind brand colours (index.css) and system fonts. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#4f46e5',
    colorLink: '#4f46e5',
    borderRadius: 8,
    fontFamily:
      "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
};
