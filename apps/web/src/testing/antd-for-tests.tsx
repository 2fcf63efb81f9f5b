import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/**
 * Ant Design as tests want it: no motion (a closing dropdown or modal is gone at once, not
 * after its transition) and no virtual lists (jsdom has no layout, so a virtual list renders
 * only the options that fit its guessed height). The app's own theme, nested inside, keeps
 * every other token (antd merges nested themes).
 */
export function AntdForTests({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={{ token: { motion: false } }} virtual={false}>
      {children}
    </ConfigProvider>
  );
}
