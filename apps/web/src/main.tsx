import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { captureImpersonationParams } from '@/features/auth/lib/impersonation-storage';
import { loadAppConfig } from '@/common/config/load-app-config';
import { FullPageLoader } from '@/common/ui/loader';
import { BootErrorScreen } from './app/boot-error-screen';
import './index.css';

// Before anything else reads the URL: tokens must not linger in the address bar.
captureImpersonationParams();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
root.render(<FullPageLoader />);

// Configuration and the application bundle load in parallel; the first screen needs both.
Promise.all([loadAppConfig(), import('./app/app')]).then(
  ([config, { App }]) => {
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
  },
  (error: unknown) => root.render(<BootErrorScreen error={error} />),
);
